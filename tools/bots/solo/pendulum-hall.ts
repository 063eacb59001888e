// Solo through "Pendulum Hall" (levels/20-pendulum-hall.json), one character at a time (the tether is
// long enough for one to cross a blade's sweep while the other waits). Both climb to the balcony;
// P1 edges to its very end, waits for blade B to swing away and steps off, dropping past the gem
// to the floor between blades A and B; P2 does the same on a later swing. Then at each blade the
// one in front waits just short of its sweep until it comes down its near side swinging away, and
// walks in right behind it to the next safe stretch; then the other, the same way. Last, the dais.
import { Button, type SimWorld } from '../../../src/sim';
import type { SoloTick } from '../../../src/app/soloReplay';
import { EDGE, GO_AT, PIVOTS } from '../pendulum-hall';
import { createMoves, runMoves, type Move } from './soloMoves';
import { createSoloPlayer } from './soloPlayer';

const P1 = 0;
const P2 = 1;
/** Jump while walking right just before each step face up to the balcony and onto the dais, m. */
const STEPS: ReadonlyArray<readonly [number, number]> = [[4.9, 5.9], [6.9, 7.9], [8.9, 9.9], [10.9, 11.9], [55.9, 56.9], [56.9, 57.9], [58.9, 59.9]];
/** Where each one waits in the safe stretches before blades B, C and D ([P1, P2]), m. */
const WAIT: ReadonlyArray<readonly [number, number]> = [[27.9, 27.2], [36.1, 35.4], [46.5, 45.8]];

/** Plays until the level is complete (or 150 s); returns what the solo player pressed. */
export function playSolo(world: SimWorld, onTick?: (move: number) => void): SoloTick[] {
  const { body, player } = world;
  const solo = createSoloPlayer(world);
  const m = createMoves(world, solo);
  const blades = world.queries.boxes.dense;
  const turning = (k: number) => body.vx[blades[k]] > 0 && body.x[blades[k]] > PIVOTS[k] - GO_AT[k] && body.x[blades[k]] < PIVOTS[k];
  /** Edge the controlled one to the balcony's very end, wait for blade B to swing away, step off. */
  const dropOff = (): Move[] => [
    m.until(() => (body.x[solo.me] < EDGE - 0.05 && Math.abs(body.vx[solo.me]) < 0.3 ? Button.Right : 0),
      () => body.x[solo.me] >= EDGE - 0.05 && Math.abs(body.vx[solo.me]) < 0.2),
    m.until(() => 0, () => turning(1)),
    m.until(() => (body.vx[solo.me] < 0.3 && body.y[solo.me] < 12.5 ? Button.Right : 0),
      () => player.isGrounded[solo.me] === 1 && body.y[solo.me] > 18),
  ];
  /** The controlled one waits at `from` for blade k, then walks right behind it to `to`. */
  const cross = (k: number, to: number): Move[] => [m.until(() => 0, () => turning(k)), m.walkTo(to)];
  const moves: Move[] = [
    // Up to the balcony in turns (the tether is 10 m).
    ...m.go(P1, 12.3, STEPS), ...m.go(P2, 11, STEPS), ...m.go(P1, 20), ...m.go(P2, 18, STEPS),
    ...m.go(P1, EDGE - 0.8), ...m.go(P2, EDGE - 2.2),
    m.control(P1), ...dropOff(),
    m.control(P2), ...dropOff(),
    ...m.go(P1, WAIT[0][0]), ...m.go(P2, WAIT[0][1]),
    m.control(P1), ...cross(1, WAIT[1][0]), m.control(P2), ...cross(1, WAIT[1][1]),
    m.control(P1), ...cross(2, WAIT[2][0]), m.control(P2), ...cross(2, WAIT[2][1]),
    m.control(P1), m.until(() => 0, () => turning(3)), m.walkTo(64, STEPS),
    m.control(P2), m.until(() => 0, () => turning(3)), m.walkTo(62.5, STEPS),
  ];
  runMoves(world, moves, 60 * 150, onTick);
  return solo.ticks;
}
