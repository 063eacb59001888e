// A scripted pair that completes "Over the Pits" (levels/05-over-the-pits.json). The two cross the
// pit like a caterpillar, the anchor changing hands at every swing: P2 anchors at the ground's edge
// and P1 walks off and swings over to the first perch, walks to its far end and anchors there;
// then P2, still at the ground's edge behind, walks off, swings under that perch and on to the
// next one, pumping with the swing, and anchors at its far end; and so on (P1's first backswing,
// under the shelf, takes the gem). When P2 has swung onto the far deck, P1 takes a running jump
// down from the last perch to it, and both walk to the goal.
// It reads only positions and states a player can see.
import { Button, step, type SimWorld } from '../../src/sim';

/** One swing: `mover` (slot) walks off the right end of its perch at `from` (x of that end) and
 *  swings under the partner, who anchors at `pivot` (its centre's x), to land on the perch x
 *  `land[0]..land[1]` whose top is at `floor`. */
export interface Swing { mover: number; from: number; pivot: number; land: readonly [number, number]; floor: number }
export const SWINGS: readonly Swing[] = [
  { mover: 0, from: 12, pivot: 11.55, land: [20, 24], floor: 10 },
  { mover: 1, from: 12, pivot: 22.6, land: [32, 36], floor: 14 },
  { mover: 0, from: 24, pivot: 33.8, land: [44, 48], floor: 18 },
  { mover: 1, from: 36, pivot: 45.0, land: [54, 78], floor: 22 },
];
/** The far deck's top, m, and the end of perch 3 where the last one jumps down to it, m. */
export const FAR_FLOOR = 22;
export const JUMP_FROM = 48;

export type Phase = 'walk' | 'off' | 'swing' | 'perch' | 'jump' | 'goal';

/** Plays until the level is complete (or 120 s). */
export function playPits(world: SimWorld, onTick?: (phase: string) => void): void {
  const players = world.queries.players.dense;
  const { body, player } = world;
  const inputs = [0, 0];
  const feet = (e: number) => body.y[e] + body.halfH[e];
  const toward = (e: number, x: number, tol = 0.08) => (body.x[e] < x - tol ? Button.Right : body.x[e] > x + tol ? Button.Left : 0);
  const hop = (e: number) => (player.isGrounded[e] && body.x[e] > 5 && body.x[e] < 6 ? Button.Jump : 0); // the stone at x 6..7
  let phase: Phase = 'walk';
  let k = 0;
  let since = 0;
  for (let t = 0; t < 60 * 120 && world.completedTick < 0; t++) {
    const swing = SWINGS[Math.min(k, SWINGS.length - 1)];
    const mover = players[swing.mover];
    const holder = players[1 - swing.mover];
    let pm = 0;
    let ph: number = Button.Anchor;
    if (phase === 'walk') {
      // Over the stone to the edge: P2 anchors there, P1 waits just behind.
      const to = toward(holder, swing.pivot);
      ph = to ? to | hop(holder) : Button.Anchor;
      pm = toward(mover, swing.pivot - 1.2);
      if (pm) pm |= hop(mover);
      if (player.isAnchored[holder] && pm === 0) { phase = 'off'; since = t; }
    } else if (phase === 'off') {
      // Walk off the end of the perch (the holder is anchored).
      pm = Button.Right;
      if (!player.isGrounded[mover]) { phase = 'swing'; since = t; }
    } else if (phase === 'swing') {
      // Pump: push with the swing; land on the next perch.
      pm = body.vx[mover] >= 0 ? Button.Right : Button.Left;
      const [lo, hi] = swing.land;
      if (player.isGrounded[mover] && Math.abs(feet(mover) - swing.floor) < 0.05 && body.x[mover] > lo && body.x[mover] < hi) {
        k++;
        phase = k < SWINGS.length ? 'perch' : 'jump';
        since = t;
      }
    } else if (phase === 'perch') {
      // (`swing` is the next one now.) The one who landed, its holder, walks to the perch's far end
      // and anchors; the mover (the old holder) keeps its anchor until then, then lets go and walks off.
      ph = toward(holder, swing.pivot) || Button.Anchor;
      pm = Button.Anchor;
      if (player.isAnchored[holder] && t - since > 10) { phase = 'off'; since = t; }
    } else if (phase === 'jump') {
      // P2 is on the far deck; P1 takes a running jump from perch 3 down onto it.
      pm = toward(mover, 62, 0.3);
      ph = body.x[holder] < JUMP_FROM - 0.4 ? Button.Right : Button.Right | Button.Jump;
      if (player.isGrounded[holder] && Math.abs(feet(holder) - FAR_FLOOR) < 0.05) phase = 'goal';
    } else {
      pm = toward(mover, 76, 0.3);
      ph = toward(holder, 75, 0.3);
    }
    inputs[swing.mover] = pm;
    inputs[1 - swing.mover] = ph;
    step(world, inputs);
    onTick?.(`${phase}-${k}`);
  }
}

/** The bot tools/makeReplay.ts runs for this level (every tools/bots/<level id>.ts exports one). */
export const play = (world: SimWorld, onTick: () => void): void => playPits(world, onTick);
