// Solo through "Swing Yard" (levels/10-swing-yard.json): the pair crosses under the spiked pendulum
// together; alone, one character waits at the edge of its sweep while the other runs under it as
// it swings away, then the other follows on a later swing (the tether is too short for one to wait
// far back). Then P1 jumps onto the crate (its rope snaps) and from its top, once it lies still, for
// the gem; then up the ledge, one at a time.
import { Button, boxEntity, type SimWorld } from '../../../src/sim';
import type { SoloTick } from '../../../src/app/soloReplay';
import { createMoves, runMoves, type Move } from './soloMoves';
import { createSoloPlayer } from './soloPlayer';

const P1 = 0;
const P2 = 1;
/** Where each waits, left of where the ball swings low, and where each runs to, right of it, m. */
const WAIT_X = 14.45;
const SAFE_X = 20.25;
/** Where P1 stands to jump onto the hanging crate, m. */
const CRATE_RUN_X = 24.6;
/** Run while the ball, swinging right, is between these x: it is gone before the runner gets there. */
const GO: readonly [number, number] = [15, 16];

/** Plays until the level is complete (or 150 s); returns what the solo player pressed. */
export function playSolo(world: SimWorld, onTick?: (move: number) => void): SoloTick[] {
  const { body } = world;
  const solo = createSoloPlayer(world);
  const m = createMoves(world, solo);
  const ball = boxEntity(world, 1);
  const crate = boxEntity(world, 2);
  const { player } = world;
  const isCrateStill = (): boolean => Math.abs(body.vx[crate]) + Math.abs(body.vy[crate]) < 0.05 && body.y[crate] > 16.4;
  /** Wait for the ball to swing away right, then run right to x. */
  const dash = (x: number): Move => {
    let isRunning = false;
    return m.until(() => {
      isRunning ||= body.vx[ball] > 0 && body.x[ball] > GO[0] && body.x[ball] < GO[1];
      return isRunning ? Button.Right : 0;
    }, () => body.x[solo.me] > x);
  };
  const moves: Move[] = [
    ...m.go(P1, 9), ...m.go(P2, 8), ...m.go(P1, WAIT_X - 0.8), ...m.go(P2, WAIT_X - 1.6), ...m.go(P1, WAIT_X), ...m.go(P2, WAIT_X - 0.2),
    m.control(P1), dash(SAFE_X), m.walkTo(SAFE_X),
    m.control(P2), dash(SAFE_X + 1), m.walkTo(SAFE_X + 1),
    ...m.go(P1, 24), ...m.go(P2, 22), ...m.go(P1, CRATE_RUN_X),
    // P1 jumps onto the hanging crate (its rope snaps), then, once it lies still, from its top for the gem.
    m.hold(Button.Right | Button.Jump, 12),
    m.until(() => 0, () => player.isGrounded[solo.me] === 1 && isCrateStill()),
    m.until(() => {
      const left = body.x[solo.me] > body.x[crate] + 0.3 ? Button.Left : body.x[solo.me] < body.x[crate] - 0.3 ? Button.Right : 0;
      return player.isGrounded[solo.me] === 1 && player.groundBox[solo.me] !== crate ? left | Button.Jump : left;
    }, () => player.groundBox[solo.me] === crate && Math.abs(body.vx[solo.me]) < 0.5),
    m.hold(Button.Right | Button.Jump, 16),
    m.until(() => Button.Right, () => player.isGrounded[solo.me] === 1),
    ...m.go(P2, 26), ...m.go(P1, 31), ...m.go(P2, 30), ...m.go(P1, 35), ...m.go(P2, 34.5),
  ];
  runMoves(world, moves, 60 * 150, onTick);
  return solo.ticks;
}
