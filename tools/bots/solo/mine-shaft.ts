// Solo through "Mine Shaft" (levels/14-mine-shaft.json), the pair's plan one character at a time:
// P2 anchors at the plateau's edge and the switch leaves it latched; P1 steps off when the upper
// spiked crate swings away and climbs onto the first ledge, anchors; the switch back lets go of P2's
// latch, P2 drops past both crates to the second ledge and anchors; P1 (its latch let go) drops into
// the shaft below, pumps out under the undercut (the gem) and over onto the tunnel's planks, and
// anchors; P2 jumps off its ledge and hangs under the tunnel; P1 walks on, hauling it up to the lip,
// and anchors; P2 climbs over (pressing Right, as the pair bot's P2 does); both walk to the goal.
import { Button, boxEntity, type SimWorld } from '../../../src/sim';
import type { SoloTick } from '../../../src/app/soloReplay';
import { EDGE_X, FLOOR_Y, GOAL_X, LEVEL_14, MOUTH_X, TUNNEL_X, type ShaftPlace } from '../mine-shaft';
import { createMoves, runMoves, type Move } from './soloMoves';
import { createSoloPlayer, type SoloPlayer } from './soloPlayer';

const P1 = 0;
const P2 = 1;
/** Where the dropping character waits, just behind the anchor at a ledge's mouth, m. */
const WAIT_X = 13.8;

/** The solo descent as moves, from both standing on the plateau to both up in the tunnel; `at` moves
 *  it (level 16 has this shaft inside it). */
export function shaftMoves(world: SimWorld, solo: SoloPlayer, m: ReturnType<typeof createMoves>, at: ShaftPlace = LEVEL_14): Move[] {
  const { body, player } = world;
  const [a, b] = [m.entity(P1), m.entity(P2)];
  const upper = boxEntity(world, at.blades[0]);
  const lower = boxEntity(world, at.blades[1]);
  const edgeX = EDGE_X + at.dx;
  const mouthX = MOUTH_X + at.dx;
  const waitX = WAIT_X + at.dx;
  const floor = { top: FLOOR_Y.top + at.dy, first: FLOOR_Y.first + at.dy, second: FLOOR_Y.second + at.dy, tunnel: FLOOR_Y.tunnel + at.dy };
  const feet = (e: number) => body.y[e] + body.halfH[e];
  const away = (box: number) => body.vx[box] > 0 && body.x[box] > edgeX + 3;
  const onLedge = (e: number, y: number) => player.isGrounded[e] === 1 && Math.abs(feet(e) - y) < 0.1 && body.x[e] < edgeX;
  /** Wait for `ready`, then step off a ledge at `from` and steer back into the wall below `grab`. */
  const drop = (from: number, grab: number, ready: () => boolean, isDone: () => boolean): Move => {
    let going = false;
    return m.until(() => {
      const e = solo.me;
      going ||= ready();
      if (!going) return 0;
      if (feet(e) <= from + 0.05 && body.x[e] < edgeX + 0.4) return Button.Right;
      return feet(e) > grab + 1 || body.x[e] > edgeX + 0.6 ? Button.Left : 0;
    }, isDone);
  };
  return [
    // P2 to the edge and anchors there; P1 waits behind it.
    ...m.go(P2, mouthX, [], 0.05), m.anchor(), ...m.go(P1, waitX),
    // P1 drops to the first ledge when the upper crate swings away, and anchors at its mouth.
    drop(floor.top, floor.top, () => away(upper), () => onLedge(a, floor.first)),
    m.walkTo(mouthX, [], 0.05), m.anchor(),
    // P2 (its latch let go) drops past both crates to the second ledge.
    ...m.go(P2, waitX),
    drop(floor.top, floor.first, () => away(upper) && away(lower), () => onLedge(b, floor.second)),
    m.walkTo(mouthX, [], 0.05), m.anchor(),
    // P1 drops past the lower crate, clear of the spiked shelf, then pumps: the gem, then the planks.
    ...m.go(P1, waitX),
    drop(floor.first, floor.second + 2, () => away(lower), () => feet(a) > floor.second + 2),
    m.until(() => (body.vx[a] > 0 ? Button.Right : Button.Left), () => player.isGrounded[a] === 1 && body.x[a] > TUNNEL_X + at.dx),
    m.anchor(),
    // P2 jumps off the second ledge and swings under the tunnel.
    m.control(P2),
    m.until(() => (feet(b) <= floor.second + 0.05 && body.x[b] < edgeX + 0.5 ? Button.Right : 0),
      () => feet(b) > floor.tunnel + 4 && Math.abs(body.vy[b]) < 0.3 && Math.abs(body.vx[b]) < 0.5),
    // P1 walks on, hauling P2 up until it stands on the foothold under the lip, and anchors; P2
    // jumps up through the planks onto them.
    m.control(P1),
    m.until(() => Button.Right, () => player.isGrounded[b] === 1),
    m.anchor(), m.control(P2),
    m.until(() => (player.isGrounded[b] ? Button.Jump : Button.Jump | Button.Right), () => player.isGrounded[b] === 1 && feet(b) < floor.tunnel + 0.1),
  ];
}

/** Plays until the level is complete (or 150 s); returns what the solo player pressed. */
export function playSolo(world: SimWorld, onTick?: (move: number) => void): SoloTick[] {
  const solo = createSoloPlayer(world);
  const m = createMoves(world, solo);
  const moves: Move[] = [...shaftMoves(world, solo, m), ...m.go(P1, GOAL_X[0]), ...m.go(P2, GOAL_X[1])];
  runMoves(world, moves, 60 * 150, onTick);
  return solo.ticks;
}
