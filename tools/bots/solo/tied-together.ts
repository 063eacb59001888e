// Solo through "Tied Together" (levels/01-tied-together.json): leapfrog right, one character at a
// time, never more than ~4.5 m ahead of the other (the tether is 6 m). At the pit both stand at its
// edge, the one behind runs through the other and jumps; the other backs up for a run-up and follows.
import type { SimWorld } from '../../../src/sim';
import type { SoloTick } from '../../../src/app/soloReplay';
import { createMoves, runMoves, type JumpZones, type Move } from './soloMoves';
import { createSoloPlayer } from './soloPlayer';

/** Jump the pit (x = 20..24) from its very edge, at full run. */
const PIT_JUMP: JumpZones = [[19.35, 19.9]];
const A = 0;
const B = 1;

/** Plays until the level is complete (or 150 s); returns what the solo player pressed. */
export function playSolo(world: SimWorld, onTick?: (move: number) => void): SoloTick[] {
  const solo = createSoloPlayer(world);
  const m = createMoves(world, solo);
  const moves: Move[] = [
    ...m.go(A, 6.5), ...m.go(B, 5.5), ...m.go(A, 10), ...m.go(B, 9), ...m.go(A, 14), ...m.go(B, 13.5), ...m.go(A, 17.5),
    // The pit: B stands at its edge, A runs through B and jumps, B backs up and jumps after.
    ...m.go(B, 19), ...m.go(A, 18.2), ...m.go(A, 25.2, PIT_JUMP), ...m.go(B, 18.6), ...m.go(B, 24.6, PIT_JUMP),
  ];
  // The stepping stones, the wall steps, the rock and the last gap: plain leapfrog.
  for (let x = 28; x < 80; x += 3.5) moves.push(...m.go(A, x + 1), ...m.go(B, x));
  runMoves(world, moves, 60 * 150, onTick);
  return solo.ticks;
}
