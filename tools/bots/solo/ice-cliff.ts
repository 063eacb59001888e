// Solo through "The Ice Cliff" (levels/22-ice-cliff.json). Both characters wait at lift A's shaft;
// as it dips below the floor, P1 steps down onto it, then P2 (switched to); off at the shelf one
// after the other. Over
// the frayed crate one at a time (P1, then P2: both on it would snap its ropes), hopping off its far
// end. Lift B the same way up to the summit. The ferry, as the pair does it: P1 boards and anchors
// (the switch keeps it latched), and P2, left standing, is pulled off the summit to hang below; P2
// pumps the swing (touching the gem on the back-swing) and, at the end of the ferry's run, swings
// into the ledge's face holding Right and climbs onto it, then anchors. Switching back to P1 lets go
// of its latch: it runs off the ferry and jumps down onto the ledge. Then on to the goal.
import { Button, type SimWorld } from '../../../src/sim';
import type { SoloTick } from '../../../src/app/soloReplay';
import { CREVASSE, FERRY_END_X, HOP_X, LEDGE_X, LEDGE_Y, SHAFT_A_X, SHAFT_B_X, SUMMIT_X, SUMMIT_Y } from '../ice-cliff';
import { createMoves, runMoves, type Move } from './soloMoves';
import { createSoloPlayer } from './soloPlayer';

const P1 = 0;
const P2 = 1;
const FLOOR_Y = 28;
const SHELF_Y = 20;

/** Plays until the level is complete (or 150 s); returns what the solo player pressed. */
export function playSolo(world: SimWorld, onTick?: (move: number) => void): SoloTick[] {
  const { body, player } = world;
  const solo = createSoloPlayer(world);
  const m = createMoves(world, solo);
  const [a, b] = [m.entity(P1), m.entity(P2)];
  const [liftA, liftB, ferry] = world.queries.platforms.dense;
  const top = (p: number) => body.y[p] - body.halfH[p];
  const feet = (e: number) => body.y[e] + body.halfH[e];
  const stands = (e: number, y: number) => player.isGrounded[e] === 1 && Math.abs(feet(e) - y) < 0.1;
  /** Wait (pressing nothing) until `isDone`. */
  const wait = (isDone: () => boolean): Move => m.until(() => 0, isDone);
  const isOn = (e: number, lift: number) => player.isGrounded[e] === 1 && Math.abs(feet(e) - top(lift)) < 0.1;
  /** Step onto `lift` as it dips below `floorY` (P1, then P2 switched to) and ride it until it is
   *  above `toY`. */
  const ride = (lift: number, floorY: number, toY: number): Move[] => [
    m.control(P1),
    wait(() => top(lift) > floorY + 0.4 && body.vy[lift] > 0),
    m.until(() => (body.x[a] < body.x[lift] + 0.5 ? Button.Right : 0), () => isOn(a, lift)),
    m.control(P2),
    m.until(() => (body.x[b] < body.x[lift] - 0.5 ? Button.Right : 0), () => isOn(b, lift)),
    wait(() => top(lift) < toY - 0.5),
  ];
  const moves: Move[] = [
    ...m.go(P1, SHAFT_A_X - 0.5), ...m.go(P2, SHAFT_A_X - 1.7),
    ...ride(liftA, FLOOR_Y, SHELF_Y),
    ...m.go(P1, 14), ...m.go(P2, 12.8), ...m.go(P1, CREVASSE[0] - 1.2), ...m.go(P2, CREVASSE[0] - 2.4),
    // One at a time over the crate, hopping off its far end.
    ...m.go(P1, CREVASSE[1] + 1.5, [HOP_X]), ...m.go(P2, CREVASSE[1] + 0.5, [HOP_X]),
    ...m.go(P1, SHAFT_B_X - 0.5), ...m.go(P2, SHAFT_B_X - 1.7),
    ...ride(liftB, SHELF_Y, SUMMIT_Y),
    ...m.go(P1, 31.5), ...m.go(P2, 30.5), ...m.go(P1, SUMMIT_X - 0.5), ...m.go(P2, SUMMIT_X - 2),
    // The ferry is coming back to the summit: P1 boards it and anchors in its middle.
    m.control(P1),
    wait(() => body.vx[ferry] < 0 && body.x[ferry] < SUMMIT_X + 1.5),
    m.until(() => {
      const onIt = player.isGrounded[a] && Math.abs(body.x[a] - body.x[ferry]) < 0.2 && feet(a) < SUMMIT_Y + 0.1;
      return onIt || player.isAnchored[a] ? Button.Anchor : body.x[a] < body.x[ferry] ? Button.Right : 0;
    }, () => player.isAnchored[a] === 1 && body.x[ferry] > SUMMIT_X + 3),
    // P2 (P1 latched) is pulled off the summit; from halfway it pumps the swing.
    m.control(P2),
    wait(() => body.x[ferry] > 44),
    m.until(() => {
      const isLate = world.rules.gems[0] !== 0 && body.x[ferry] > FERRY_END_X - 1;
      if (!isLate && body.x[b] > LEDGE_X - 1.5) return Button.Left;
      return body.vx[b] >= 0 || (isLate && body.x[b] > LEDGE_X - 1) ? Button.Right : Button.Left;
    }, () => stands(b, LEDGE_Y) && body.x[b] > LEDGE_X),
    m.anchor(),
    // Back to P1 (its latch lets go): off the ferry with a jump, down onto the ledge.
    m.control(P1),
    m.until(() => Button.Right | Button.Jump, () => stands(a, LEDGE_Y)),
    ...m.go(P1, 61), ...m.go(P2, 59.5),
  ];
  runMoves(world, moves, 60 * 150, onTick);
  return solo.ticks;
}
