// Solo through "Crate Ferry" (levels/12-crate-ferry.json). P1 shoves the step crate under the first
// gem, jumps for it, shoves the crate on against the shelf and climbs; P2, switched to, walks up
// behind and climbs too. The ferry takes one at a time: P1 hops on as it swings close and stands
// at its left end, P2 hops on at the next swing (the 12 m tether reaches from the shelf to the
// ferry's far end). At the far ledge P2 hops off first; P1, switched to, steps to the ferry's right
// end and hops off on the next swing. Then both walk into the goal.
import { Button, boxEntity, type SimWorld } from '../../../src/sim';
import type { SoloTick } from '../../../src/app/soloReplay';
import { ALIGHT_WHEN, BOARD_WHEN, GEM_STOP_X, SHAFT, SHELF_X } from '../crate-ferry';
import { createMoves, runMoves, type Move } from './soloMoves';
import { createSoloPlayer } from './soloPlayer';

const P1 = 0;
const P2 = 1;
/** Ticks Jump is held: a full jump. */
const JUMP_HOLD = 20;

/** Plays until the level is complete (or 150 s); returns what the solo player pressed. */
export function playSolo(world: SimWorld, onTick?: (move: number) => void): SoloTick[] {
  const { body, player } = world;
  const solo = createSoloPlayer(world);
  const m = createMoves(world, solo);
  const crate = boxEntity(world, 0);
  const ferry = boxEntity(world, 1);
  let jumpLeft = 0;
  let jumped = false;
  const me = () => solo.me;
  const toward = (x: number, slack = 0.2) => (body.x[me()] < x - slack ? Button.Right : body.x[me()] > x + slack ? Button.Left : 0);
  const grounded = () => player.isGrounded[me()] === 1;
  const onShelf = () => grounded() && body.y[me()] + body.halfH[me()] < 13.2 && body.x[me()] > SHELF_X;
  const onFerry = () => grounded() && player.groundBox[me()] === ferry;
  const onFarLedge = () => grounded() && body.x[me()] > SHAFT[1];
  /** Holds the buttons `steer` gives, with a full jump started now and held (the controlled one). */
  const withJump = (steer: number, start: boolean) => {
    if (start) { jumpLeft = JUMP_HOLD - 1; jumped = true; return steer | Button.Jump; }
    return steer | (jumpLeft > 0 ? (jumpLeft--, Button.Jump) : 0);
  };
  /** A hop towards x() (read each tick: a swinging crate), done once landed where `landed` says. */
  const hopTo = (x: () => number, landed: () => boolean): Move[] => [
    () => { jumped = false; return true; },
    m.until(() => withJump(toward(x(), 0.3), !jumped), () => jumped && jumpLeft === 0 && landed()),
  ];
  /** Wait (pressing nothing) until `isTime`. */
  const waitFor = (isTime: () => boolean): Move => m.until(() => 0, isTime);
  /** Climb the shelf from the step crate: onto it, then up at the wall pressing right (a ledge climb). */
  const climb: Move = m.until(() => {
    if (jumpLeft > 0) return withJump(Button.Right, false);
    const e = me();
    const onCrate = player.groundBox[e] === crate;
    return grounded() && (onCrate || body.x[e] > body.x[crate] - body.halfW[crate] - 1.2) ? withJump(Button.Right, true) : Button.Right;
  }, onShelf);
  const moves: Move[] = [
    // The step crate: under the gem, up for it, back down behind the crate.
    m.control(P1),
    m.until(() => Button.Right, () => body.x[crate] >= GEM_STOP_X),
    waitFor(() => Math.abs(body.vx[crate]) < 0.05 && grounded()),
    ...hopTo(() => body.x[crate], () => player.groundBox[me()] === crate),
    ...hopTo(() => body.x[crate], () => world.rules.gems[0] === 1 && player.groundBox[me()] === crate),
    m.until(() => Button.Left, () => grounded() && body.x[me()] < body.x[crate] - body.halfW[crate] - 0.4),
    ...m.go(P2, 6.5),
    // Shove it against the shelf, climb; P2 follows.
    m.control(P1),
    m.until(() => Button.Right, () => body.x[crate] + body.halfW[crate] > SHELF_X - 0.05 && Math.abs(body.vx[crate]) < 0.05),
    ...m.go(P2, 13),
    m.control(P1), climb, m.walkTo(22),
    m.control(P2), climb, m.walkTo(20),
    ...m.go(P1, 29.5), ...m.go(P2, 28.5),
    // P1 hops on the ferry as it swings close and stays at its left end.
    m.control(P1),
    waitFor(() => body.vx[ferry] < 0 && body.x[ferry] < BOARD_WHEN),
    ...hopTo(() => body.x[ferry] - 0.7, onFerry),
    // P2 at the next swing.
    ...m.go(P2, 29.6),
    waitFor(() => body.vx[ferry] < 0 && body.x[ferry] < BOARD_WHEN),
    ...hopTo(() => body.x[ferry] + 0.7, onFerry),
    // P2 off first at the far end, then P1 from the ferry's right end a swing later.
    waitFor(() => body.vx[ferry] > 0 && body.x[ferry] > ALIGHT_WHEN),
    ...hopTo(() => SHAFT[1] + 1, onFarLedge),
    m.control(P1),
    m.until(() => toward(body.x[ferry] + 0.8), () => Math.abs(body.x[me()] - body.x[ferry] - 0.8) < 0.3),
    waitFor(() => body.vx[ferry] > 0 && body.x[ferry] > ALIGHT_WHEN),
    ...hopTo(() => SHAFT[1] + 2, onFarLedge),
    ...m.go(P1, 47.5), ...m.go(P2, 46),
  ];
  runMoves(world, moves, 60 * 150, onTick);
  return solo.ticks;
}
