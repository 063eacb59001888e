// A scripted pair that completes "The Ruins' End" (levels/08-ruins-end.json), world 1's finale: three
// rope crossings after a walk. Both walk right roped together, hopping the step, the block and the
// stones over the spikes, and jump up the wall to the deck. Then each crossing goes the same way: one anchors at an edge, the other
// walks off it and pumps the swing until it rises through the planks across (or, at the cliff, up
// under the lintel onto the planks of the tunnel mouth: a rappel down the shaft), lands and anchors
// there; the first walks off its edge, is caught by the rope and hauled up by the other walking on.
// The chasm swing passes the first gem at its bottom; the rappel swings back under the cliff's
// overhang, where the second gem hangs. P2 anchors at the chasms, P1 at the cliff. Last, both jump
// the two steps up to the goal.
// It reads only positions and states a player can see.
import { Button, step, type SimWorld } from '../../src/sim';

/** Where a player walking right presses Jump (x ranges of its centre, m): the step, the block, the
 *  two stones, and the 3 m wall up to the deck (jumping into it pulls the player up). */
export const HOPS: ReadonlyArray<readonly [number, number]> = [[6.6, 7.4], [10.5, 11.3], [17, 17.6], [23, 23.6], [30.6, 31.7]];
/** The last two 3 m steps: where a player presses Jump to climb each. */
export const STEPS: ReadonlyArray<readonly [number, number]> = [[105.7, 107], [107.7, 109]];

/** One crossing: who anchors first (slot), the edge it anchors at (x, surface y), the planks across (from x, surface y). */
export interface Crossing {
  anchor: number;
  edge: number;
  edgeY: number;
  planks: number;
  planksY: number;
}

export const CROSSINGS: readonly Crossing[] = [
  { anchor: 1, edge: 44, edgeY: 13, planks: 49, planksY: 15 }, // the chasm
  { anchor: 0, edge: 68, edgeY: 15, planks: 71, planksY: 20 }, // the cliff: a rappel into the tunnel mouth
  { anchor: 1, edge: 88, edgeY: 20, planks: 93, planksY: 22 }, // the last chasm
];
/** Where both stop, inside the goal, m. */
export const GOAL_X = 115;

export type Phase = 'walk' | 'swing' | 'anchor' | 'drop' | 'haul' | 'goal';

/** Plays until the level is complete (or 120 s). */
export function playRuinsEnd(world: SimWorld, onTick?: (phase: Phase) => void): void {
  const players = world.queries.players.dense;
  const { body, player } = world;
  const inputs = [0, 0];
  const feet = (e: number) => body.y[e] + body.halfH[e];
  const standsAt = (e: number, y: number) => player.isGrounded[e] === 1 && Math.abs(feet(e) - y) < 0.05;
  // Walking right with a full jump (Jump held ~20 ticks, as a person holds the key, then let go so
  // the next jump is a new press) wherever a hop zone starts one.
  const jumpHeld = [0, 0];
  const run = (slot: number): number => {
    const e = players[slot];
    if (jumpHeld[slot] > 0) { jumpHeld[slot]--; return Button.Right | (jumpHeld[slot] > 0 ? Button.Jump : 0); }
    const x = body.x[e];
    if (player.isGrounded[e] && [...HOPS, ...STEPS].some(([lo, hi]) => x > lo && x < hi)) { jumpHeld[slot] = 21; return Button.Right | Button.Jump; }
    return Button.Right;
  };
  let k = 0; // crossing
  let phase: Phase = 'walk';
  let since = 0;
  for (let t = 0; t < 60 * 120 && world.completedTick < 0; t++) {
    const c = CROSSINGS[Math.min(k, CROSSINGS.length - 1)];
    const anchorSlot = c.anchor;
    const swingSlot = 1 - anchorSlot;
    const an = players[anchorSlot];
    const sw = players[swingSlot];
    let pa = 0;
    let ps = 0;
    if (phase === 'walk') {
      // The swinger goes ahead and waits near the edge; the anchor walks through it to the edge and
      // anchors; then the swinger walks off.
      pa = body.x[an] < c.edge - 0.4 ? run(anchorSlot) : Button.Anchor;
      ps = body.x[sw] > c.edge - 1.5 && !player.isAnchored[an] ? 0 : run(swingSlot);
      if (body.x[sw] > c.edge + 0.5 && player.isAnchored[an]) { phase = 'swing'; since = t; }
    } else if (phase === 'swing') {
      pa = Button.Anchor;
      // Let the rope catch the fall, then pump with the swing (back under the edge's overhang first).
      ps = t - since < 20 ? 0 : body.vx[sw] >= 0 ? Button.Right : Button.Left;
      if (standsAt(sw, c.planksY) && body.x[sw] > c.planks) { phase = 'anchor'; since = t; }
    } else if (phase === 'anchor') {
      // Anchor at the planks' near end: within the rope's reach of the edge for the other to walk off.
      pa = Button.Anchor;
      if (body.x[sw] > c.planks + 0.5) ps = Button.Left;
      else { ps = Button.Anchor; if (player.isAnchored[sw]) { phase = 'drop'; since = t; } }
    } else if (phase === 'drop') {
      // The first lets go and walks off its edge; the rope catches it under the planks.
      ps = Button.Anchor;
      pa = t - since < 15 ? Button.Anchor : body.x[an] < c.edge + 1 && feet(an) <= c.edgeY + 0.01 ? Button.Right : 0;
      if (t - since > 150) { phase = 'haul'; since = t; }
    } else if (phase === 'haul') {
      // The swinger walks on, hauling; the one hanging presses on and pulls itself over the edge.
      ps = Button.Right;
      pa = Button.Right;
      if (standsAt(an, c.planksY) && body.x[an] > c.planks) {
        k++;
        phase = k < CROSSINGS.length ? 'walk' : 'goal';
        since = t;
      }
    } else {
      pa = body.x[an] < GOAL_X - 1 ? run(anchorSlot) : 0;
      ps = body.x[sw] < GOAL_X ? run(swingSlot) : 0;
    }
    inputs[anchorSlot] = pa;
    inputs[swingSlot] = ps;
    step(world, inputs);
    onTick?.(phase);
  }
}

/** The bot tools/makeReplay.ts runs for this level (every tools/bots/<level id>.ts exports one). */
export const play = (world: SimWorld, onTick: () => void): void => playRuinsEnd(world, onTick);
