// Solo through "Crate Ferry" (levels/12-crate-ferry.json). P1 shoves the step crate under the first
// gem, jumps for it, shoves the crate on against the shelf and climbs; P2, switched to, walks up
// behind and climbs too. Each ferry takes one at a time: P1 hops on as it swings close and stands
// left of its middle, P2 hops on at the next swing and stands right of it (the 12 m tether reaches
// from the edge to the ferry's far end); each hop is steered to where the ferry will be as it
// lands, and each walks to its spot before the other is switched to. At the far side P2 hops off
// first; P1, switched to, steps to the ferry's right end and hops off on the next swing. Then both
// walk into the goal.
import { Button, DT, boxEntity, type SimWorld } from '../../../src/sim';
import type { SoloTick } from '../../../src/app/soloReplay';
import { FERRIES, GEM_STOP_X, SHELF_X } from '../crate-ferry';
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
  let ferry = boxEntity(world, FERRIES[0].box);
  let jumpLeft = 0;
  let jumped = false;
  const me = () => solo.me;
  const toward = (x: number, slack = 0.2) => (body.x[me()] < x - slack ? Button.Right : body.x[me()] > x + slack ? Button.Left : 0);
  const grounded = () => player.isGrounded[me()] === 1;
  const onShelf = () => grounded() && body.y[me()] + body.halfH[me()] < 13.2 && body.x[me()] > SHELF_X;
  const onFerry = () => grounded() && player.groundBox[me()] === ferry;
  let farFrom = 0; // the far side of the ferry ahead starts here, m
  /** Holds the buttons `steer` gives, with a full jump started now and held (the controlled one). */
  const withJump = (steer: number, start: boolean) => {
    if (start) { jumpLeft = JUMP_HOLD - 1; jumped = true; return steer | Button.Jump; }
    return steer | (jumpLeft > 0 ? (jumpLeft--, Button.Jump) : 0);
  };
  /** A hop steered by `steer` (Left, Right or nothing, chosen each tick), done once landed where
   *  `landed` says. */
  const hop = (steer: () => number, landed: () => boolean): Move[] => [
    () => { jumped = false; return true; },
    m.until(() => withJump(steer(), !jumped), () => jumped && jumpLeft === 0 && landed()),
  ];
  /** A hop towards x() (read each tick). */
  const hopTo = (x: () => number, landed: () => boolean): Move[] => hop(() => toward(x(), 0.3), landed);
  /** Wait (pressing nothing) until `isTime`. */
  const waitFor = (isTime: () => boolean): Move => m.until(() => 0, isTime);
  /** Climb the shelf from the step crate: onto it, then up at the wall pressing right (a ledge climb). */
  const climb: Move = m.until(() => {
    if (jumpLeft > 0) return withJump(Button.Right, false);
    const e = me();
    const onCrate = player.groundBox[e] === crate;
    return grounded() && (onCrate || body.x[e] > body.x[crate] - body.halfW[crate] - 1.2) ? withJump(Button.Right, true) : Button.Right;
  }, onShelf);
  /** The first gem: hop onto the step crate, up from it under the gem (as near as the crate's top
   *  allows) and down onto it again, hopping again from wherever a hop came down (the floor beside
   *  the crate, or the crate when the gem was missed) until the gem is taken and P1 stands on the
   *  crate. */
  const gem1: Move = m.until(() => {
    const reach = body.halfW[crate] - 0.35;
    const aim = Math.min(Math.max(GEM_STOP_X, body.x[crate] - reach), body.x[crate] + reach);
    return withJump(toward(aim, 0.15), jumpLeft === 0 && grounded());
  }, () => world.rules.gems[0] === 1 && player.groundBox[me()] === crate && jumpLeft === 0);
  const onFarSide = () => grounded() && body.x[me()] > farFrom;
  /** How far from the ferry's middle each of the two rides: well inside its ends, m. */
  const side = () => Math.max(0.4, body.halfW[ferry] - 0.6);
  /** Steering for a hop onto the ferry, to come down on its spot (`dir` = -1 the left one, 1 the
   *  right). The ferry turns at the end of its swing while the hop is in the air (a hop that made for
   *  where it was came down on its end as it swung away at 5 m/s), and a hop does not stop in the air
   *  when the key is let go: so both are taken where they will be when the feet reach the ferry's
   *  top, the ferry from its speed and that speed's change since the tick before, the hop from its
   *  own speed. */
  let ferryVx = 0;
  let ferryAx = 0;
  let seenTick = -1;
  const ontoFerry = (dir: number) => (): number => {
    const e = me();
    if (world.tick !== seenTick) {
      ferryAx = seenTick === world.tick - 1 ? (body.vx[ferry] - ferryVx) / DT : 0;
      ferryVx = body.vx[ferry];
      seenTick = world.tick;
    }
    const g = world.settings.gravity;
    const drop = body.y[ferry] - body.halfH[ferry] - (body.y[e] + body.halfH[e]); // m, down > 0
    const vy = body.vy[e] - body.vy[ferry]; // closing speed, m/s
    const t = drop > 0 ? Math.min(0.6, (-vy + Math.sqrt(vy * vy + 2 * g * drop)) / g) : 0;
    const there = body.x[ferry] + dir * side() + ferryVx * t + 0.5 * ferryAx * t * t;
    const mine = body.x[e] + body.vx[e] * t;
    return mine < there - 0.1 ? Button.Right : mine > there + 0.1 ? Button.Left : 0;
  };
  /** Once on the ferry, walk to this one's spot (`dir` = -1 the left one, 1 the right) and stand
   *  there before the other is switched to: a hop that lands on the ferry's end as it turns back
   *  (the ferry sliding away under the feet) would leave the one not driven to slip off it. */
  const settle = (dir: number): Move => {
    const spot = () => body.x[ferry] + dir * side();
    return m.until(() => toward(spot(), 0.1), () => onFerry() && Math.abs(body.x[me()] - spot()) < 0.25);
  };
  /** One ferry: P1 on first, P2 on a swing later; P2 off first, P1 a swing later. */
  const crossing = (f: number): Move[] => {
    const { box, board, boardWhen, alightWhen, land } = FERRIES[f];
    const comes = () => body.vx[ferry] < 0 && body.x[ferry] < boardWhen;
    const goes = () => body.vx[ferry] > 0 && body.x[ferry] > alightWhen;
    return [
      () => { ferry = boxEntity(world, box); farFrom = land[1] - 1.2; return true; },
      ...m.go(P1, board[0]), ...m.go(P2, board[1]),
      m.control(P1), waitFor(comes), ...hop(ontoFerry(-1), onFerry), settle(-1),
      ...m.go(P2, board[0] + 0.1), waitFor(comes), ...hop(ontoFerry(1), onFerry), settle(1),
      waitFor(goes), ...hopTo(() => land[1], onFarSide),
      m.control(P1),
      m.until(() => toward(body.x[ferry] + side()), () => Math.abs(body.x[me()] - body.x[ferry] - side()) < 0.3),
      waitFor(goes), ...hopTo(() => land[0], onFarSide),
    ];
  };
  const moves: Move[] = [
    // The step crate: under the gem, up for it, back down behind the crate.
    m.control(P1),
    m.until(() => Button.Right, () => body.x[crate] >= GEM_STOP_X),
    waitFor(() => Math.abs(body.vx[crate]) < 0.05 && grounded()),
    gem1,
    m.until(() => Button.Left, () => grounded() && body.x[me()] < body.x[crate] - body.halfW[crate] - 0.4),
    ...m.go(P2, 6.5),
    // Shove it against the shelf, climb; P2 follows.
    m.control(P1),
    m.until(() => Button.Right, () => body.x[crate] + body.halfW[crate] > SHELF_X - 0.05 && Math.abs(body.vx[crate]) < 0.05),
    ...m.go(P2, 13),
    m.control(P1), climb, m.walkTo(22),
    m.control(P2), climb, m.walkTo(20),
    ...crossing(0), ...crossing(1),
    ...m.go(P1, 64.5), ...m.go(P2, 63),
  ];
  runMoves(world, moves, 60 * 150, onTick);
  return solo.ticks;
}
