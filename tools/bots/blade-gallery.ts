// A scripted pair of players that completes level 13 ("Blade Gallery", id blade-gallery). Each spiked
// pendulum is crossed the same way: both wait just short of its path and run through together
// right behind it as it swings away. Between the first blade and the second the heavy crate hangs at
// the lip of the drop: one player cannot shift it, both charging together swing it out and drop
// down behind it. In the nook between the last two blades P1 hops onto the hanging stool crate for
// the gem above it, then both cross the last blade and climb onto the goal ledge.
// It reads where the blades are and which way they swing from the sim state.
import { Button, boxEntity, step, type SimWorld } from '../../src/sim';

/** One spiked pendulum crossing: where P1 and P2 wait, the go window (the blade swinging right,
 *  its x between from and to) and where both are safe past it (P1 and P2), m. */
export interface Crossing { blade: number; wait: readonly [number, number]; go: readonly [number, number]; past: readonly [number, number] }
export const CROSSINGS: readonly Crossing[] = [
  { blade: 0, wait: [12.3, 11.2], go: [15.2, 17.5], past: [25, 23.5] },
  { blade: 2, wait: [42.6, 41.5], go: [45.2, 47.5], past: [51.4, 50.9] },
  { blade: 4, wait: [55.8, 54.6], go: [59.2, 61.5], past: [67.8, 66.8] },
];
/** Where both line up before charging the heavy crate (P1, P2), and the floors (feet y), m. */
export const CHARGE_FROM: readonly [number, number] = [32, 31];
export const UPPER_Y = 14;
/** The stool crate's index in the level's boxes. */
export const STOOL = 3;
/** Jump up the goal ledge's 2 m step between these x, m. */
const LEDGE_JUMP: readonly [number, number] = [64.6, 65.6];
/** Ticks Jump is held: a full jump. */
const JUMP_HOLD = 20;

export type BladeGalleryPhase = 'wait' | 'cross' | 'charge' | 'stool' | 'nook';

/** Plays until the level is complete (or 60 s); calls onTick after each step. */
export function playBladeGallery(world: SimWorld, onTick?: (phase: BladeGalleryPhase) => void): void {
  const [a, b] = world.queries.players.dense;
  const { body, player } = world;
  const stool = boxEntity(world, STOOL);
  const inputs = [0, 0];
  const jumpLeft = [0, 0];
  let phase: BladeGalleryPhase = 'wait';
  let k = 0; // the crossing ahead
  let charging = false; // both lined up: charging the heavy crate
  const toward = (e: number, x: number, slack = 0.15) => (body.x[e] < x - slack ? Button.Right : body.x[e] > x + slack ? Button.Left : 0);
  const feet = (e: number) => body.y[e] + body.halfH[e];
  const jump = (s: number) => { jumpLeft[s] = JUMP_HOLD - 1; return Button.Jump; };
  const held = (s: number) => (jumpLeft[s] > 0 ? (jumpLeft[s]--, Button.Jump) : 0);
  /** Walk to x, jumping over the stool crate (in the nook) and up the goal ledge on the way. */
  const walk = (s: number, e: number, x: number) => {
    const dir = toward(e, x);
    const h = held(s);
    if (h) return h | dir;
    const nearStool = Math.abs(body.x[stool] - body.x[e]) < 1.6 && Math.abs(body.x[stool] - x) > 1;
    const atLedge = body.x[e] > LEDGE_JUMP[0] && body.x[e] < LEDGE_JUMP[1] && dir === Button.Right;
    return player.isGrounded[e] && dir !== 0 && (nearStool || atLedge) && player.groundBox[e] !== stool ? jump(s) | dir : dir;
  };
  const stillAt = (e: number, x: number) => Math.abs(body.x[e] - x) < 0.3 && player.isGrounded[e] === 1 && Math.abs(body.vx[e]) < 0.5;

  for (let t = 0; t < 60 * 60 && world.completedTick < 0; t++) {
    let p1 = 0;
    let p2 = 0;
    const c = CROSSINGS[k];
    if (phase === 'wait') {
      p1 = walk(0, a, c.wait[0]);
      p2 = walk(1, b, c.wait[1]);
      const blade = boxEntity(world, c.blade);
      const x = body.x[blade];
      if (stillAt(a, c.wait[0]) && stillAt(b, c.wait[1]) && body.vx[blade] > 0 && x > c.go[0] && x < c.go[1]) phase = 'cross';
    } else if (phase === 'cross') {
      // Run through behind the blade, as it swings away.
      p1 = walk(0, a, c.past[0]);
      p2 = walk(1, b, c.past[1]);
      if (stillAt(a, c.past[0]) && stillAt(b, c.past[1])) {
        phase = k === 0 ? 'charge' : k === 1 ? 'stool' : 'nook';
        k++;
      }
    } else if (phase === 'charge') {
      // Line up, then both charge the heavy crate until both are down behind it.
      if (Math.abs(body.x[a] - CHARGE_FROM[0]) < 0.3 && Math.abs(body.x[b] - CHARGE_FROM[1]) < 0.3) charging = true;
      p1 = charging ? Button.Right : walk(0, a, CHARGE_FROM[0]);
      p2 = charging ? Button.Right : walk(1, b, CHARGE_FROM[1]);
      if (feet(a) > UPPER_Y + 0.5 && feet(b) > UPPER_Y + 0.5) phase = 'wait';
    } else if (phase === 'stool') {
      // P1 hops onto the stool, jumps for the gem from its top and steps off on the far side.
      p2 = walk(1, b, CROSSINGS[2].wait[1]);
      const h = held(0);
      if (h) p1 = h | toward(a, body.x[stool], 0.25);
      else if (player.groundBox[a] === stool) p1 = world.rules.gems[0] ? Button.Right : Math.abs(body.vx[stool]) < 0.3 ? jump(0) : 0;
      else if (world.rules.gems[0]) { p1 = walk(0, a, CROSSINGS[2].wait[0]); if (stillAt(a, CROSSINGS[2].wait[0])) phase = 'wait'; }
      else p1 = player.isGrounded[a] ? jump(0) | Button.Right : toward(a, body.x[stool], 0.25);
    } else {
      p1 = walk(0, a, 67.8);
      p2 = walk(1, b, 66.8);
    }
    inputs[0] = p1;
    inputs[1] = p2;
    step(world, inputs);
    onTick?.(phase);
  }
}

/** The bot tools/makeReplay.ts runs for this level (every tools/bots/<level id>.ts exports one). */
export const play = (world: SimWorld, onTick: () => void): void => { playBladeGallery(world, onTick); };
