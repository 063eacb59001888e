// A scripted pair that completes "The Well" (levels/04-the-well.json). The tether (8 m) is a little
// longer than one stage of the well (7 m), so the two go down by turns: the one above anchors at
// its lip, the other walks off, falls past and hangs just under the next ledge cut into the near
// wall, and climbs onto it; then it anchors at that lip and the roles swap. P1 takes a running
// jump into the first drop: that higher swing reaches the gem by the far wall. From the third
// ledge the way out is across: P2 drops, hangs under P1 and pumps over to the tunnel in the far
// wall, anchors at its lip; P1 walks off, swings over and hangs under it; P2 walks into the tunnel
// hauling P1 up (P1 presses into the wall to climb), and both walk to the grotto.
// It reads only positions and states a player can see.
import { Button, step, type SimWorld } from '../../src/sim';

/** The well's near wall (the ledges' lips) and, below the tunnel (y 32), its far wall (the tunnel's
 *  lip; above the tunnel the far wall stands 1 m closer, at x 25), m. */
export const NEAR = 20;
export const FAR = 26;
/** Where an anchoring player stands at the near lips and at the far one (its centre), m. */
export const NEAR_X = NEAR - 0.45;
/** The third ledge's floor juts 1 m into the well: its lip, and where the one anchoring there stands, m. */
export const JUT = NEAR + 1;
export const JUT_X = JUT - 0.45;
export const FAR_X = FAR + 0.45;
/** Feet y of the plateau, the three ledges and the far tunnel, m. */
export const TOP = 6;
export const LEDGES: readonly number[] = [13, 20, 27];
export const TUNNEL = 32;
/** Hop the stones on the plateau (x 6..7 and 11..12) when walking right through these x, m. */
export const STONES: ReadonlyArray<readonly [number, number]> = [[4.6, 5.6], [9.4, 10.4]];

/** A drop: the mover (slot) leaves the floor at `from` (feet y) for `to`; `across` when it lands
 *  in the far wall, `hauled` when it is hauled up at the end. */
interface Drop { mover: number; from: number; to: number; across?: boolean; hauled?: boolean }
export const DROPS: readonly Drop[] = [
  { mover: 0, from: TOP, to: LEDGES[0] },
  { mover: 1, from: TOP, to: LEDGES[1] },
  { mover: 0, from: LEDGES[0], to: LEDGES[2] },
  { mover: 1, from: LEDGES[1], to: TUNNEL, across: true },
  { mover: 0, from: LEDGES[2], to: TUNNEL, hauled: true },
];

export type Phase = 'walk' | 'drop' | 'settle' | 'climb' | 'pump' | 'lip' | 'haul' | 'goal';

/** Plays until the level is complete (or 120 s). */
export function playWell(world: SimWorld, onTick?: (phase: string) => void): void {
  const players = world.queries.players.dense;
  const { body, player } = world;
  const inputs = [0, 0];
  const feet = (e: number) => body.y[e] + body.halfH[e];
  const toward = (e: number, x: number, tol = 0.08) => (body.x[e] < x - tol ? Button.Right : body.x[e] > x + tol ? Button.Left : 0);
  const hop = (e: number) => (player.isGrounded[e] && STONES.some(([lo, hi]) => body.x[e] > lo && body.x[e] < hi) ? Button.Jump : 0);
  let phase: Phase = 'walk';
  let k = 0; // the drop
  let since = 0;
  for (let t = 0; t < 60 * 120 && world.completedTick < 0; t++) {
    const drop = DROPS[k];
    const mover = players[drop.mover];
    const holder = players[1 - drop.mover];
    let pm = 0;
    let ph: number = Button.Anchor;
    if (phase === 'walk') {
      // Over the stones to the well: P2 anchors at the lip, P1 waits 3 m behind it.
      const to = toward(holder, NEAR_X);
      ph = to ? to | hop(holder) : Button.Anchor;
      pm = toward(mover, NEAR_X - 3);
      if (pm) pm |= hop(mover);
      if (player.isAnchored[holder] && pm === 0) { phase = 'drop'; since = t; }
    } else if (phase === 'drop') {
      // The mover walks off the lip (from the top, P1 takes a running jump: a higher swing, the gem).
      const jump = k === 0 && body.x[mover] > NEAR - 0.6 && body.x[mover] < NEAR ? Button.Jump : 0;
      pm = feet(mover) < drop.from + 1 ? Button.Right | jump : 0;
      if (feet(mover) > drop.from + 2) { phase = drop.across ? 'pump' : 'settle'; since = t; }
    } else if (phase === 'settle') {
      // Let the swing die down against the wall under the holder (pressing against the swing).
      const wallX = drop.hauled ? FAR : drop.to === LEDGES[2] ? JUT : NEAR;
      pm = body.vx[mover] > 0.5 ? Button.Left : body.vx[mover] < -0.5 ? Button.Right : 0;
      const still = Math.abs(body.vx[mover]) < 0.3 && Math.abs(body.vy[mover]) < 0.3 && Math.abs(body.x[mover] - wallX) < 0.6;
      if (still && t - since > 20) { phase = drop.hauled ? 'haul' : 'climb'; since = t; }
      if (player.isGrounded[mover] && Math.abs(feet(mover) - drop.to) < 0.05) { phase = 'lip'; since = t; }
    } else if (phase === 'climb') {
      // Press into the ledge just above: the player climbs onto it.
      pm = Button.Left;
      if (player.isGrounded[mover] && Math.abs(feet(mover) - drop.to) < 0.05) { phase = 'lip'; since = t; }
    } else if (phase === 'pump') {
      // Hanging under the near lip: pump with the swing until it carries over into the far tunnel
      // (on the way back it pushes nothing, so it does not climb back onto a near ledge).
      pm = body.vx[mover] > 0 ? Button.Right : 0;
      if (player.isGrounded[mover] && Math.abs(feet(mover) - drop.to) < 0.05 && body.x[mover] > FAR) { phase = 'lip'; since = t; }
    } else if (phase === 'lip') {
      // The mover walks to the lip of its new floor and anchors; then the holder lets go: the roles swap.
      const lipX = drop.across ? FAR_X : drop.to === LEDGES[2] ? JUT_X : NEAR_X;
      pm = toward(mover, lipX) || Button.Anchor;
      if (player.isAnchored[mover] && t - since > 10) { k++; phase = 'drop'; since = t; ph = 0; pm = Button.Anchor; }
    } else if (phase === 'haul') {
      // The holder walks into the tunnel, hauling; the mover presses into the wall to climb over the lip.
      ph = Button.Right;
      pm = Button.Right;
      if (player.isGrounded[mover] && Math.abs(feet(mover) - TUNNEL) < 0.05) phase = 'goal';
    } else {
      ph = toward(holder, 37.5, 0.3);
      pm = toward(mover, 36, 0.3);
    }
    inputs[drop.mover] = pm;
    inputs[1 - drop.mover] = ph;
    step(world, inputs);
    onTick?.(`${phase}-${k}`);
  }
}

/** The bot tools/makeReplay.ts runs for this level (every tools/bots/<level id>.ts exports one). */
export const play = (world: SimWorld, onTick: () => void): void => playWell(world, onTick);
