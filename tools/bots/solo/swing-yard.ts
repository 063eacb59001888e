// Solo through "Swing Yard" (levels/10-swing-yard.json): the pair crosses under the spiked pendulum
// together; alone, one character waits at the edge of its sweep while the other runs under it as
// it swings away, then the other follows on a later swing (the tether is too short for one to wait
// far back). The goal's ledge is beyond a jump from the floor: P1 jumps onto the crate hanging
// beside it (its rope snaps), from the fallen crate's top for the gem, back onto the crate and up
// the ledge (pressing into its face pulls it over the edge); then P2 climbs the same way.
import { Button, boxEntity, type SimWorld } from '../../../src/sim';
import type { SoloTick } from '../../../src/app/soloReplay';
import { createMoves, runMoves, type Move } from './soloMoves';
import { createSoloPlayer } from './soloPlayer';

const P1 = 0;
const P2 = 1;
/** Where each waits, left of where the ball swings low, and where each runs to, right of it, m. */
const WAIT_X = 14.45;
const SAFE_X = 20.25;
/** Run while the ball, swinging right, is between these x: it is gone before the runner gets there. */
const GO: readonly [number, number] = [15, 16];
/** Where a hop onto the crate starts (2.4 m left of where it hangs), m. */
const HOP_X = 29.9;
/** The ledge's top, m. */
const LEDGE_TOP = 13;
/** Ticks a full jump's key is held. */
const FULL_JUMP = 20;

/** Plays until the level is complete (or 150 s); returns what the solo player pressed. */
export function playSolo(world: SimWorld, onTick?: (move: number) => void): SoloTick[] {
  const { body, player } = world;
  const solo = createSoloPlayer(world);
  const m = createMoves(world, solo);
  const ball = boxEntity(world, 1);
  const crate = boxEntity(world, 2);
  const grounded = () => player.isGrounded[solo.me] === 1;
  const onCrate = () => grounded() && player.groundBox[solo.me] === crate;
  const isCrateDown = (): boolean => Math.abs(body.vx[crate]) + Math.abs(body.vy[crate]) < 0.05 && body.y[crate] > 16.4;
  /** Wait for the ball to swing away right, then run right to x. */
  const dash = (x: number): Move => {
    let isRunning = false;
    return m.until(() => {
      isRunning ||= body.vx[ball] > 0 && body.x[ball] > GO[0] && body.x[ball] < GO[1];
      return isRunning ? Button.Right : 0;
    }, () => body.x[solo.me] > x);
  };
  /** A full jump (held FULL_JUMP ticks) steered by `dir` each tick; done once landed. */
  const jump = (dir: () => number): Move => {
    let t = 0;
    return m.until(() => (t++ < FULL_JUMP ? Button.Jump : 0) | dir(), () => t > FULL_JUMP && grounded());
  };
  /** Onto the crate from the left: airborne, brake to stop over its middle (air control, 40 m/s^2). */
  const overCrate = () => {
    const stop = body.x[solo.me] - body.x[crate] + (body.vx[solo.me] * Math.abs(body.vx[solo.me])) / 80;
    return stop > 0 ? Button.Left : stop < -0.3 ? Button.Right : 0;
  };
  /** Walk to HOP_X, jump onto the crate and settle on it. */
  const hopOn = (): Move[] => [
    m.walkTo(HOP_X, [], 0.1),
    jump(overCrate),
    m.until(() => 0, () => onCrate() && isCrateDown() && Math.abs(body.vx[solo.me]) < 0.3),
  ];
  /** From the crate's top, up the ledge: a full jump right, pressing into the face. */
  const climb = (): Move[] => [jump(() => Button.Right), m.until(() => Button.Right, () => grounded() && body.y[solo.me] + body.halfH[solo.me] < LEDGE_TOP + 0.05)];
  const moves: Move[] = [
    ...m.go(P1, 9), ...m.go(P2, 8), ...m.go(P1, WAIT_X - 0.8), ...m.go(P2, WAIT_X - 1.6), ...m.go(P1, WAIT_X), ...m.go(P2, WAIT_X - 0.2),
    m.control(P1), dash(SAFE_X), m.walkTo(SAFE_X),
    m.control(P2), dash(SAFE_X + 1), m.walkTo(SAFE_X + 1),
    // P2 waits close enough for P1's climb (the tether is 6 m); P1 hops onto the hanging crate.
    ...m.go(P1, 25), ...m.go(P2, HOP_X - 0.3), m.control(P1), ...hopOn(),
    // From the fallen crate's top, up and left for the gem; back onto it; up the ledge.
    jump(() => Button.Left), ...hopOn(), ...climb(),
    m.control(P2), ...hopOn(), ...climb(),
    ...m.go(P1, 37.5), ...m.go(P2, 36),
  ];
  runMoves(world, moves, 60 * 150, onTick);
  return solo.ticks;
}
