// A scripted pair that completes level 14 ("Mine Shaft", id mine-shaft), a descent in turns: P2
// anchors at the plateau's edge and P1 steps off when the upper spiked crate swings away, hugging
// the wall, and is caught level with the first ledge cut into the wall; P1 anchors at its mouth and
// P2 drops past both spiked crates to the second ledge; P2 anchors there and P1 drops into the
// shaft below it, pumps the swing (out under the undercut for the gem) and flies into the tunnel
// across the shaft; P1 anchors at the tunnel mouth, P2 swings over and P1 walks on, hauling it up.
// It reads what players can see: where they are and where the spiked crates swing.
import { Button, step, type SimWorld, boxEntity } from '../../src/sim';

/** The plateau's edge (the shaft's left wall) and the mouths of the two ledges, m. */
export const EDGE_X = 15;
/** Where the anchoring player stands at a ledge's mouth (x of its centre), m. */
export const MOUTH_X = 14.55;
/** Feet heights: plateau, first ledge, second ledge, tunnel floor, m. */
export const FLOOR_Y = { top: 6, first: 13, second: 20, tunnel: 27 } as const;
/** The tunnel across the shaft: where its planks start, m. */
export const TUNNEL_X = 18;
/** Where the pair walks to in the tunnel (the goal), m. */
export const GOAL_X: readonly [number, number] = [31.5, 30.2];

export type MineShaftPhase =
  | 'walk' | 'drop1' | 'anchor1' | 'drop2' | 'anchor2' | 'drop3' | 'anchor3' | 'drop4' | 'haul' | 'goal';

/** Where the shaft sits: level 14 has it at the origin; the world 2 finale (16) reuses it, moved
 *  by (dx, dy), with its spiked crates at other box indices. */
export interface ShaftPlace { dx: number; dy: number; blades: readonly [number, number] }
export const LEVEL_14: ShaftPlace = { dx: 0, dy: 0, blades: [0, 1] };

/** The descent as a phase machine, one call per tick from when both stand on the plateau:
 *  returns the [P1, P2] buttons; `phase()` is 'goal' once both are up in the tunnel. */
export function createShaftDescent(world: SimWorld, at: ShaftPlace = LEVEL_14) {
  const [a, b] = world.queries.players.dense;
  const { body, player } = world;
  const upper = boxEntity(world, at.blades[0]);
  const lower = boxEntity(world, at.blades[1]);
  const edgeX = EDGE_X + at.dx;
  const mouthX = MOUTH_X + at.dx;
  const tunnelX = TUNNEL_X + at.dx;
  const floor = { top: FLOOR_Y.top + at.dy, first: FLOOR_Y.first + at.dy, second: FLOOR_Y.second + at.dy, tunnel: FLOOR_Y.tunnel + at.dy };
  const feet = (e: number) => body.y[e] + body.halfH[e];
  const walkTo = (e: number, to: number) => (body.x[e] < to - 0.05 ? Button.Right : body.x[e] > to + 0.05 ? Button.Left : 0);
  /** Near `to` is close enough to wait at (a tight target makes a runner dither back and forth). */
  const walkNear = (e: number, to: number) => (Math.abs(body.x[e] - to) < 0.3 ? 0 : walkTo(e, to));
  const anchorAt = (e: number, to: number) => (player.isAnchored[e] ? Button.Anchor : walkTo(e, to) || Button.Anchor);
  /** On the floor of a ledge (feet at `y`, inside the wall). */
  const onLedge = (e: number, y: number) => player.isGrounded[e] === 1 && Math.abs(feet(e) - y) < 0.1 && body.x[e] < edgeX;
  /** A crate is safe to drop past while it swings away to the right, far from the wall. */
  const away = (box: number) => body.vx[box] > 0 && body.x[box] > edgeX + 3;
  /** Dropping down the shaft from a ledge at `y`: step off to the right, then steer back to the wall
   *  and press into it (Left) once below `grab` (pressing into the wall earlier would climb onto a
   *  ledge on the way), which climbs onto the ledge the rope holds us level with. */
  const drop = (e: number, y: number, grab = y) => {
    if (feet(e) <= y + 0.05 && body.x[e] < edgeX + 0.4) return Button.Right;
    return feet(e) > grab + 1 ? Button.Left : body.x[e] > edgeX + 0.6 ? Button.Left : 0;
  };
  const waitX = mouthX - 0.75;
  let phase = 'walk' as MineShaftPhase;
  let since = 0;
  let go = false;
  let t = 0;
  const enter = (next: MineShaftPhase) => { phase = next; since = t; go = false; };
  const press = (): [number, number] => {
    t++;
    let p1 = 0;
    let p2 = 0;
    if (phase === 'walk') {
      // P2 anchors at the edge; P1 waits just behind it.
      p2 = anchorAt(b, mouthX);
      p1 = walkNear(a, waitX);
      if (player.isAnchored[b] && p1 === 0) enter('drop1');
    } else if (phase === 'drop1') {
      // P1 steps off when the upper crate swings away and climbs onto the first ledge.
      p2 = Button.Anchor;
      go ||= away(upper);
      p1 = go ? drop(a, floor.top) : 0;
      if (onLedge(a, floor.first)) enter('anchor1');
    } else if (phase === 'anchor1') {
      p2 = Button.Anchor;
      p1 = anchorAt(a, mouthX);
      if (player.isAnchored[a]) enter('drop2');
    } else if (phase === 'drop2') {
      // P2 drops past both crates (they swing in step: go as both swing away).
      p1 = Button.Anchor;
      go ||= t - since > 10 && away(upper) && away(lower);
      p2 = go ? drop(b, floor.top, floor.first) : walkNear(b, waitX);
      if (onLedge(b, floor.second)) enter('anchor2');
    } else if (phase === 'anchor2') {
      p1 = Button.Anchor;
      p2 = anchorAt(b, mouthX);
      if (player.isAnchored[b]) enter('drop3');
    } else if (phase === 'drop3') {
      // P1 drops past the lower crate, then pumps: out under the undercut (the gem), then over onto
      // the tunnel's planks.
      p2 = Button.Anchor;
      go ||= t - since > 10 && away(lower);
      if (!go) p1 = walkNear(a, waitX);
      else if (feet(a) < floor.second + 2) p1 = drop(a, floor.first, floor.second + 2); // clear of the spiked shelf and the second ledge
      else p1 = body.vx[a] > 0 ? Button.Right : Button.Left;
      if (player.isGrounded[a] && body.x[a] > tunnelX && feet(a) < floor.tunnel + 0.1) enter('anchor3');
    } else if (phase === 'anchor3') {
      p2 = Button.Anchor;
      p1 = Button.Anchor; // where it landed on the planks: the rope is taut, it cannot walk on
      if (player.isAnchored[a]) enter('drop4');
    } else if (phase === 'drop4') {
      // P2 lets go and jumps off its ledge; the rope swings it under the tunnel.
      p1 = Button.Anchor;
      p2 = t - since < 10 ? 0 : feet(b) <= floor.second + 0.05 && body.x[b] < edgeX + 0.5 ? Button.Right : 0;
      if (t - since > 100) enter('haul');
    } else if (phase === 'haul') {
      // P1 walks into the tunnel, hauling P2 up the wall; P2 presses into it to climb over the lip.
      p1 = Button.Right;
      p2 = Button.Right;
      if (player.isGrounded[b] && body.x[b] > tunnelX && feet(b) < floor.tunnel + 0.1) enter('goal');
    }
    return [p1, p2];
  };
  return { press, phase: () => phase };
}

/** Plays until the level is complete (or 120 s); returns the [P1, P2] masks pressed, one per tick. */
export function playMineShaft(world: SimWorld, onTick?: (phase: MineShaftPhase) => void): Array<[number, number]> {
  const [a, b] = world.queries.players.dense;
  const { body } = world;
  const descent = createShaftDescent(world);
  const pressed: Array<[number, number]> = [];
  const walkTo = (e: number, to: number) => (body.x[e] < to - 0.05 ? Button.Right : body.x[e] > to + 0.05 ? Button.Left : 0);
  for (let t = 0; t < 60 * 120 && world.completedTick < 0; t++) {
    const masks = descent.phase() === 'goal' ? [walkTo(a, GOAL_X[0]), walkTo(b, GOAL_X[1])] : descent.press();
    pressed.push([masks[0], masks[1]]);
    step(world, masks);
    onTick?.(descent.phase());
  }
  return pressed;
}

/** The bot tools/makeReplay.ts runs for this level (every tools/bots/<level id>.ts exports one). */
export const play = (world: SimWorld, onTick: () => void): void => { playMineShaft(world, onTick); };
