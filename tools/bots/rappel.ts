// A scripted pair that completes "Rappel" (levels/02-rappel.json): P2 anchors at the plateau's edge;
// P1 walks off, hangs under the overhang and pumps the swing until it flies up through the wooden
// planks at the tunnel mouth and lands on them; P1 walks out to the planks' end and anchors; P2
// walks off the edge, falls and is caught by the rope, swinging under the planks; P1 walks into
// the tunnel, hauling P2 up (P2 presses left to pull itself onto the tunnel floor); then both walk
// down the tunnel into the goal grotto. It reads only positions and states a player can see.
import { Button, step, type SimWorld } from '../../src/sim';

/** The plateau's edge (x of the drop into the shaft), m. */
export const EDGE_X = 30;
/** Where P2 anchors at the edge (x of its centre), m. */
export const ANCHOR_X = 29.4;
/** The wooden planks at the tunnel mouth: x 22..26, surface y = 13. */
export const PLANKS: readonly [number, number] = [22, 26];
export const PLANK_Y = 13;
/** Where P1 stands to anchor on the planks (near their end, so P2 can reach the edge; with the
 *  tether bent over the overhang P1 lands on them with it nearly taut, so not farther in), m. */
export const PLANK_ANCHOR_X = 25.5;

export type Phase = 'walk' | 'rappel' | 'anchor' | 'drop' | 'haul' | 'goal';

/** Plays until the level is complete (or 90 s). */
export function playRappel(world: SimWorld, onTick?: (phase: Phase) => void): void {
  const [a, b] = world.queries.players.dense;
  const { body, player } = world;
  const inputs = [0, 0];
  let phase: Phase = 'walk';
  let since = 0;
  const onPlanks = (e: number) => player.isGrounded[e] === 1 && Math.abs(body.y[e] + 0.7 - PLANK_Y) < 0.05 && body.x[e] < PLANKS[1] + 0.3;
  for (let t = 0; t < 60 * 90 && world.completedTick < 0; t++) {
    const x1 = body.x[a];
    const x2 = body.x[b];
    let p1 = 0;
    let p2 = 0;
    const rock = (x: number) => (x > 8.6 && x < 9.6 ? Button.Jump : 0); // hop the rock at x = 10..13
    if (phase === 'walk') {
      // P2 walks to the edge and anchors; P1 goes ahead, waits at the edge, then walks off.
      p2 = x2 < ANCHOR_X ? Button.Right | rock(x2) : Button.Anchor;
      p1 = x1 < EDGE_X - 0.6 || player.isAnchored[b] ? Button.Right | rock(x1) : 0;
      if (x1 > EDGE_X + 0.5 && player.isAnchored[b]) { phase = 'rappel'; since = t; }
    } else if (phase === 'rappel') {
      p2 = Button.Anchor;
      // Pump: push with the swing (the first push is back under the overhang). Once over the
      // planks, steer onto them (the swing round the overhang's corner would carry P1 back off).
      const isOverPlanks = body.x[a] < PLANKS[1] + 0.3 && body.y[a] + 0.7 < PLANK_Y;
      p1 = t - since < 20 ? 0 : isOverPlanks || body.vx[a] <= 0 ? Button.Left : Button.Right;
      if (onPlanks(a)) { phase = 'anchor'; since = t; }
    } else if (phase === 'anchor') {
      p2 = Button.Anchor;
      if (x1 < PLANK_ANCHOR_X - 0.1) p1 = Button.Right;
      else { p1 = Button.Anchor; if (player.isAnchored[a]) { phase = 'drop'; since = t; } }
    } else if (phase === 'drop') {
      p1 = Button.Anchor;
      // P2 lets go of its anchor and walks off the edge; the rope catches it under the planks.
      p2 = t - since < 15 ? Button.Anchor : x2 < EDGE_X + 1 && body.y[b] < 8 ? Button.Right : 0;
      if (t - since > 150) { phase = 'haul'; since = t; }
    } else if (phase === 'haul') {
      p1 = Button.Left;
      p2 = Button.Left;
      if (body.y[b] < PLANK_Y && player.isGrounded[b]) phase = 'goal';
    } else {
      p1 = x1 > 4 ? Button.Left : 0;
      p2 = x2 > 5 ? Button.Left : 0;
    }
    inputs[0] = p1;
    inputs[1] = p2;
    step(world, inputs);
    onTick?.(phase);
  }
}

/** The bot tools/makeReplay.ts runs for this level (every tools/bots/<level id>.ts exports one). */
export const play = (world: SimWorld, onTick: () => void): void => playRappel(world, onTick);
