// Solo through "Sky Ferry" (levels/18-sky-ferry.json). The wide ferry: both wait at the cliff edge;
// as it comes in, P1 steps (or hops) on, then P2, switched to, hops on after it before it is out
// of reach; they ride it over the spikes and get off at the island one after the other. Up the
// steps to the perch. The sky ferry, as the pair does it: P1 boards and anchors (the switch keeps
// it latched) and P2, left standing, is pulled off the perch to hang below; over the landing,
// switching back lets go of P1's latch, P1 runs off and both drop. Then on to the goal.
import { Button, type SimWorld } from '../../../src/sim';
import type { SoloTick } from '../../../src/app/soloReplay';
import { createMoves, runMoves, type Move } from './soloMoves';
import { createSoloPlayer } from './soloPlayer';

const P1 = 0;
const P2 = 1;
/** The cliff's edge, and where the island begins, m. */
const CLIFF_X = 11;
const ISLAND_X = 27;

/** Plays until the level is complete (or 150 s); returns what the solo player pressed. */
export function playSolo(world: SimWorld, onTick?: (move: number) => void): SoloTick[] {
  const { body, player } = world;
  const solo = createSoloPlayer(world);
  const m = createMoves(world, solo);
  const [a, b] = [m.entity(P1), m.entity(P2)];
  const [ferry, sky] = world.queries.platforms.dense;
  const ferryLeft = () => body.x[ferry] - body.halfW[ferry];
  /** Walk right onto the ferry, hopping the gap when it has opened; done once standing `inset` m
   *  in from its left end (quickly: the other one must board before the ferry is out of reach). */
  const board = (inset: number): Move => m.until(() => {
    const e = solo.me;
    if (body.x[e] > ferryLeft() + inset) return 0;
    const isAtEdge = player.isGrounded[e] && body.x[e] > CLIFF_X - 0.7 && body.x[e] < CLIFF_X && ferryLeft() > CLIFF_X + 0.15;
    return Button.Right | (isAtEdge ? Button.Jump : 0);
  }, () => player.isGrounded[solo.me] === 1 && body.x[solo.me] > ferryLeft() + inset);
  /** Walk right off the ferry onto the island, hopping the gap when it has opened. */
  const getOff = (x: number): Move => m.until(() => {
    const e = solo.me;
    const ferryRight = body.x[ferry] + body.halfW[ferry];
    const isAtEdge = player.isGrounded[e] && body.x[e] < ISLAND_X && body.x[e] > ferryRight - 0.7 && ferryRight < ISLAND_X - 0.15;
    return Button.Right | (isAtEdge ? Button.Jump : 0);
  }, () => player.isGrounded[solo.me] === 1 && body.x[solo.me] > x);
  let hasArrived = false;
  const moves: Move[] = [
    ...m.go(P1, 5), ...m.go(P2, 5), ...m.go(P1, 10.5), ...m.go(P2, 9.8),
    // The ferry is coming back to the cliff: P1 on as it arrives, then P2.
    m.control(P1),
    m.until(() => 0, () => (hasArrived ||= body.vx[ferry] < 0 && body.x[ferry] < 14.2)),
    board(2.8), m.control(P2), board(1.2),
    // Ride to the island; off one after the other.
    m.until(() => 0, () => body.x[ferry] > 24.3),
    getOff(28.2), m.control(P1), getOff(30),
    ...m.go(P2, 33), ...m.go(P1, 36.5), ...m.go(P2, 38.9), ...m.go(P1, 40.4),
    // The sky ferry is coming back to the perch: P1 boards and anchors in the middle of it.
    m.until(() => 0, () => body.vx[sky] < 0 && body.x[sky] < 42.5),
    m.until(() => {
      const onIt = player.isGrounded[a] && Math.abs(body.x[a] - body.x[sky]) < 0.4 && body.y[a] < 12;
      return onIt || player.isAnchored[a] ? Button.Anchor : body.x[a] < body.x[sky] ? Button.Right : 0;
    }, () => player.isAnchored[a] === 1 && body.x[sky] > 44),
    // Switched to P2, which stands: the tether pulls it off the perch to hang below the ferry.
    m.control(P2),
    m.until(() => 0, () => body.x[b] > 55 && body.x[sky] > 56),
    // Back to P1 (its latch lets go): it runs off the ferry and both drop onto the landing.
    m.control(P1),
    m.until(() => Button.Right, () => player.isGrounded[a] === 1 && player.isGrounded[b] === 1 && body.y[a] > 17),
    ...m.go(P1, 64), ...m.go(P2, 63), ...m.go(P1, 68), ...m.go(P2, 66.5),
  ];
  runMoves(world, moves, 60 * 150, onTick);
  return solo.ticks;
}
