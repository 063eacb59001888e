// Solo through "Moving Rigs" (levels/21-moving-rigs.json). The ferry: both wait at the cliff; as it
// comes in P1 steps on, then P2, switched to, right after; they ride to the island and get off one
// after the other. The lift: both wait at the island's edge; as it comes back along the bottom of its
// loop P1 steps on, then P2 jumps on before it has risen far; at the end of its top run both walk
// off onto the high ledge. The last rig, as the pair does it: P1 boards and anchors (the switch
// keeps it latched) and P2, left standing, is pulled off to swing below through the gem; over the
// landing, switching back lets go of P1's latch, P1 runs off and both drop. Then on to the goal.
import { Button, type SimWorld } from '../../../src/sim';
import type { SoloTick } from '../../../src/app/soloReplay';
import { CLIFF_X, HIGH_LEDGE_X, LANDING_X } from '../moving-rigs';
import { createMoves, runMoves, type Move } from './soloMoves';
import { createSoloPlayer } from './soloPlayer';

const P1 = 0;
const P2 = 1;

/** Plays until the level is complete (or 150 s); returns what the solo player pressed. */
export function playSolo(world: SimWorld, onTick?: (move: number) => void): SoloTick[] {
  const { body, player } = world;
  const solo = createSoloPlayer(world);
  const m = createMoves(world, solo);
  const [a, b] = [m.entity(P1), m.entity(P2)];
  const [ferry, lift, rig] = world.queries.platforms.dense;
  const grounded = (e: number) => player.isGrounded[e] === 1;
  const left = (p: number) => body.x[p] - body.halfW[p];
  const right = (p: number) => body.x[p] + body.halfW[p];
  /** Walk right onto platform p, hopping the gap at `edge` when it is open; done once standing on it `inset` m in from its left end. */
  const board = (p: number, edge: number, inset: number): Move => m.until(() => {
    const e = solo.me;
    if (body.x[e] > left(p) + inset) return 0;
    const isAtEdge = grounded(e) && body.x[e] > edge - 0.7 && body.x[e] < edge && left(p) > edge + 0.15;
    return Button.Right | (isAtEdge ? Button.Jump : 0);
  }, () => grounded(solo.me) && body.x[solo.me] > left(p) + inset && Math.abs(body.y[solo.me] + body.halfH[solo.me] - (body.y[p] - body.halfH[p])) < 0.1);
  /** Walk right off platform p onto ground starting at `edge`, hopping the gap when it is open. */
  const getOff = (p: number, edge: number, x: number): Move => m.until(() => {
    const e = solo.me;
    const isAtEdge = grounded(e) && body.x[e] < edge && body.x[e] > right(p) - 0.7 && right(p) < edge - 0.15;
    return Button.Right | (isAtEdge ? Button.Jump : 0);
  }, () => grounded(solo.me) && body.x[solo.me] > x);
  let jumped = 0;
  const moves: Move[] = [
    ...m.go(P1, CLIFF_X - 0.6), ...m.go(P2, CLIFF_X - 1.8),
    // The ferry: on as it arrives, P1 then P2; off at the island one after the other.
    m.control(P1), m.until(() => 0, () => body.vx[ferry] < 0 && body.x[ferry] < 12.6),
    board(ferry, CLIFF_X, 1.9), m.control(P2), board(ferry, CLIFF_X, 0.8),
    m.until(() => 0, () => body.x[ferry] > 22.2),
    getOff(ferry, 24, 25.5), m.control(P1), getOff(ferry, 24, 27),
    ...m.go(P1, 30.55, [], 0.1), ...m.go(P2, 29.8, [], 0.1),
    // The lift: P1 steps on as it comes in along the bottom, P2 jumps on after it.
    m.control(P1), m.until(() => 0, () => body.vx[lift] < 0 && body.y[lift] > 14 && left(lift) < 31.3),
    m.until(() => (body.x[a] < body.x[lift] + 0.4 ? Button.Right : 0), () => grounded(a) && body.x[a] >= body.x[lift] + 0.3),
    m.control(P2),
    m.until(() => (jumped++ < 18 ? Button.Jump : 0) | (body.x[b] < body.x[lift] - 0.3 ? Button.Right : 0),
      () => jumped > 18 && grounded(b) && body.y[b] < 13),
    // At the end of the top run both walk off onto the high ledge, P1 first.
    m.control(P1), m.until(() => 0, () => body.y[lift] < 8.5 && body.x[lift] > 39.4),
    m.until(() => Button.Right, () => grounded(a) && body.x[a] > HIGH_LEDGE_X + 1.2),
    m.control(P2), m.until(() => Button.Right, () => grounded(b) && body.x[b] > HIGH_LEDGE_X + 0.5 && body.y[b] < 8),
    ...m.go(P2, 47.2), ...m.go(P1, 48.4),
    // The rig: P1 boards and anchors on it; P2, left standing, swings below through the gem.
    m.until(() => 0, () => body.vx[rig] < 0 && body.x[rig] < 50.6),
    m.until(() => {
      const onIt = grounded(a) && Math.abs(body.x[a] - body.x[rig]) < 0.35 && body.y[a] < 8;
      return onIt || player.isAnchored[a] ? Button.Anchor : body.x[a] < body.x[rig] - 0.1 ? Button.Right : 0;
    }, () => player.isAnchored[a] === 1 && body.vx[rig] > 0),
    m.control(P2),
    m.until(() => 0, () => body.x[b] > LANDING_X + 1.5 && body.x[rig] > 68.5),
    // Back to P1 (its latch lets go): it runs off the rig and both drop onto the landing.
    m.control(P1),
    m.until(() => Button.Right, () => grounded(a) && grounded(b) && body.y[a] > 12),
    ...m.go(P1, 78), ...m.go(P2, 76.5),
  ];
  runMoves(world, moves, 60 * 150, onTick);
  return solo.ticks;
}
