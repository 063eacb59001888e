// Solo through "Breaking Point" (levels/17-breaking-point.json): over the two crates on frayed ropes
// one character at a time (walking on them; a landing from a jump would snap them). P2 stands near
// the far end of the second crate while P1 runs past it and leaps to the far lip; P2 backs up for a
// run-up and leaps after. Then P2 waits at the shaft while P1 stomps the plug, whose rope snaps:
// P1 drops into the shaft, hanging from P2 at its edge, and P2 walks in after it. Then both walk
// up onto the dais.
import { Button, type SimWorld } from '../../../src/sim';
import type { SoloTick } from '../../../src/app/soloReplay';
import { LEAP_X, PLUG_X } from '../breaking-point';
import { createMoves, runMoves, type Move } from './soloMoves';
import { createSoloPlayer } from './soloPlayer';

const P1 = 0;
const P2 = 1;
/** Slab floor height (feet y) above the cave, m. */
const SLAB_Y = 14;

/** Plays until the level is complete (or 150 s); returns what the solo player pressed. */
export function playSolo(world: SimWorld, onTick?: (move: number) => void): SoloTick[] {
  const { body, player } = world;
  const solo = createSoloPlayer(world);
  const m = createMoves(world, solo);
  const [a, b] = [m.entity(P1), m.entity(P2)];
  const inCave = (e: number) => body.y[e] + body.halfH[e] > SLAB_Y + 1;
  let stompAt = -1;
  /** Run right and leap from the second crate, holding Jump over the gap (a full jump). */
  const leap = (e: number) => Button.Right | (body.x[e] > LEAP_X[0] && body.x[e] < 23.5 ? Button.Jump : 0);
  const moves: Move[] = [
    ...m.go(P1, 8), ...m.go(P2, 6), ...m.go(P1, 12.5), ...m.go(P2, 11), ...m.go(P1, 15.4), ...m.go(P2, 14),
    // Onto the crates: P2 to the far end of the second, P1 behind it, then P1 runs and leaps.
    ...m.go(P2, 19.9, [], 0.3), ...m.go(P1, 18.6, [], 0.3),
    m.until(() => leap(a), () => body.x[a] > 24.5 && player.isGrounded[a] === 1),
    m.walkTo(25),
    ...m.go(P2, 19.2, [], 0.3),
    m.until(() => leap(b), () => body.x[b] > 24 && player.isGrounded[b] === 1),
    ...m.go(P2, 27), ...m.go(P1, 31), ...m.go(P2, 34), ...m.go(P1, 37), ...m.go(P2, 39.4, [], 0.1), ...m.go(P1, PLUG_X, [], 0.2),
    // P1 jumps on the plug: the landing snaps its ropes.
    m.until(() => (stompAt++ < 30 ? Button.Jump : 0), () => inCave(a)),
    // P1 hangs in the shaft from P2 at its edge: P2 walks in after it.
    m.control(P2), m.until(() => Button.Right, () => inCave(b)),
    ...m.go(P1, 46), ...m.go(P2, 49), ...m.go(P1, 53), ...m.go(P2, 55), ...m.go(P1, 56),
  ];
  runMoves(world, moves, 60 * 150, onTick);
  return solo.ticks;
}
