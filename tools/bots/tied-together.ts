// A scripted pair that completes "Tied Together" (levels/01-tied-together.json), the first level:
// both walk right together (P1 in front), hop the step and the block, jump the pit and the stepping
// stones one after the other, climb the two-step wall one at a time (P1 leads and waits on the first
// step until P2 is up, since the rope will not let it climb further ahead), then hop the rock and
// the last gap into the goal.
// It reads only what players can see (positions), holds keys for stretches and presses Jump once per
// obstacle, like two people on one keyboard.
import { Button, step, type SimWorld } from '../../src/sim';

/** Where a player walking right presses Jump (x ranges of its centre, m), one per obstacle. */
export const JUMP_ZONES: ReadonlyArray<readonly [number, number]> = [
  [7.4, 8.3],   // the 1 m step at x = 9
  [11.4, 12.3], // the block at x = 13..15
  [18.7, 19.5], // the pit at x = 20..24
  [28.8, 29.6], // the stepping stones: x = 32..35, 37..40, 42..45
  [33.8, 34.6],
  [38.8, 39.6],
  [43.8, 44.6],
  [49.9, 50.65], // the first wall step at x = 51 (3 m: jump and pull up)
  [53.9, 54.65], // the second wall step at x = 55
  [58.6, 59.4], // the rock at x = 60..63
  [69.8, 70.5], // the gap at x = 71..73
];
export const PIT: readonly [number, number] = [20, 24];
/** The wall: first step x 51..55 (top y = 10), second step from x = 55 (top y = 7). */
export const WALL_X = 51;
export const STEP2_X = 55;
const GOAL_X = 77;

const inZone = (x: number): boolean => JUMP_ZONES.some(([a, b]) => x > a && x < b);
/** Ticks a jump is held once pressed (a full-height jump, as a person would hold the key). */
const JUMP_HOLD = 20;

export type Phase = 'walk' | 'wait-on-step' | 'goal';

/** Plays until the level is complete (or 60 s). */
export function playTiedTogether(world: SimWorld, onTick?: (phase: Phase) => void): void {
  const [a, b] = world.queries.players.dense;
  const { body } = world;
  const inputs = [0, 0];
  let phase: Phase = 'walk';
  const held = [0, 0]; // ticks each player still holds Jump
  /** Jump for player `slot` walking right: press on reaching a zone on the ground, then hold a while. */
  const jump = (slot: number, e: number): number => {
    if (held[slot] > 0) { held[slot]--; return Button.Jump; }
    if (world.player.isGrounded[e] && inZone(body.x[e])) { held[slot] = JUMP_HOLD; return Button.Jump; }
    return 0;
  };
  for (let t = 0; t < 60 * 60 && world.completedTick < 0; t++) {
    const x1 = body.x[a];
    const x2 = body.x[b];
    // P2 is up the first step when its feet are on it (y = 10, centre 9.3).
    const p2Up = body.y[b] < 9.5 && x2 > WALL_X;
    if (phase === 'walk' && x1 > WALL_X + 1.5 && x1 < STEP2_X && !p2Up) phase = 'wait-on-step';
    else if (phase === 'wait-on-step' && p2Up) phase = 'walk';
    if (x1 > GOAL_X - 2) phase = 'goal';
    // P1 leads; P2 follows a little behind (no closer than 1.2 m).
    let p1 = Button.Right | jump(0, a);
    if (phase === 'wait-on-step') p1 = x1 < WALL_X + 2 ? Button.Right : 0;
    if (phase === 'goal') p1 = x1 < GOAL_X ? Button.Right : 0;
    const p2 = x2 < Math.min(x1 - 1.2, GOAL_X - 1.5) || (x2 < GOAL_X - 1.5 && body.y[b] > body.y[a] + 1) ? Button.Right | jump(1, b) : 0;
    inputs[0] = p1;
    inputs[1] = p2;
    step(world, inputs);
    onTick?.(phase);
  }
}

/** The bot tools/makeReplay.ts runs for this level (every tools/bots/<level id>.ts exports one). */
export const play = (world: SimWorld, onTick: () => void): void => playTiedTogether(world, onTick);
