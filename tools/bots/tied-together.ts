// A scripted pair that completes "Tied Together" (levels/01-tied-together.json), the first level:
// both walk right together (P1 in front), hop the step, jump the pit and the stepping
// stones one after the other, climb the two-step wall one at a time (P1 leads and waits on the first
// step until P2 is up, since the rope will not let it climb further ahead), then hop the rock and
// the last gap into the goal. On the way, at the pit, P1 anchors at its lip and P2 walks off into it,
// hangs on the rope and swings out for the gem low in the pit; P1 lets go and walks back, hauling P2
// out (P2 presses into the wall to climb over the lip), and then the pair jumps the pit as before.
// It reads only what players can see (positions), holds keys for stretches and presses Jump once per
// obstacle, like two people on one keyboard.
import { Button, step, type SimWorld } from '../../src/sim';

/** Where a player walking right presses Jump (x ranges of its centre, m), one per obstacle. */
export const JUMP_ZONES: ReadonlyArray<readonly [number, number]> = [
  [7.4, 8.3],   // the 1 m step at x = 9
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

export type Phase = 'walk' | 'wait-on-step' | 'goal' | 'pit-anchor' | 'pit-swing' | 'pit-haul';
/** Where P1 anchors at the pit's lip (its centre), m. */
const PIT_LIP_X = PIT[0] - 0.45;
/** After the haul P2 walks back left of this and P1 steps ahead of it (P1 leads again), m. */
const REGROUP_X = 15.5;

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
  let isRegrouping = false;
  /** P1 anchors at the lip, P2 goes down, swings for the gem, is hauled back out. */
  const pitGem = (now: 'pit-anchor' | 'pit-swing' | 'pit-haul'): [number, number] => {
    const x1 = body.x[a];
    if (now === 'pit-anchor') {
      if (world.player.isAnchored[a] !== 1) return [x1 < PIT_LIP_X - 0.05 ? Button.Right : Button.Anchor, 0];
      // P2 walks past P1 and off the lip; hanging in the pit, it swings on.
      if (body.y[b] > 16) phase = 'pit-swing';
      return [Button.Anchor, Button.Right];
    }
    if (now === 'pit-swing') {
      if (world.rules.gems[0] !== 0) { phase = 'pit-haul'; return [0, Button.Left]; }
      // Pump: push with the swing (from rest against the wall, push off it).
      const vx = body.vx[b];
      return [Button.Anchor, vx > 0.05 || Math.abs(vx) < 0.05 ? Button.Right : Button.Left];
    }
    // Haul: P1 walks back from the pit; P2 presses into the wall and climbs over the lip.
    const isOut = world.player.isGrounded[b] === 1 && body.y[b] < 13 && body.x[b] < PIT[0];
    if (isOut) { isRegrouping = true; phase = 'walk'; return [0, 0]; }
    return [Button.Left, Button.Left];
  };
  for (let t = 0; t < 60 * 60 && world.completedTick < 0; t++) {
    const x1 = body.x[a];
    const x2 = body.x[b];
    // P2 is up the first step when its feet are on it (y = 10, centre 9.3).
    const p2Up = body.y[b] < 9.5 && x2 > WALL_X;
    if (phase === 'walk' && x1 > WALL_X + 1.5 && x1 < STEP2_X && !p2Up) phase = 'wait-on-step';
    else if (phase === 'wait-on-step' && p2Up) phase = 'walk';
    if (x1 > GOAL_X - 2) phase = 'goal';
    // The pit gem: once, before the pit is jumped.
    if (phase === 'walk' && world.gems.length > 0 && world.rules.gems[0] === 0 && x1 > PIT_LIP_X - 1.2 && x1 < PIT[0]) phase = 'pit-anchor';
    // Out of the pit, P2 goes back behind P1 (P1 leads again, as before the pit).
    if (isRegrouping) {
      const p2Back = body.x[b] < REGROUP_X;
      const p1Ahead = body.x[a] > body.x[b] + 1.3;
      isRegrouping = !(p2Back && p1Ahead);
      inputs[0] = p2Back && !p1Ahead ? Button.Right : 0;
      inputs[1] = p2Back ? 0 : Button.Left;
      step(world, inputs);
      onTick?.(phase);
      continue;
    }
    // (pitGem moves the phase on, which TypeScript's narrowing of `phase` cannot see.)
    const now = phase as Phase;
    if (now === 'pit-anchor' || now === 'pit-swing' || now === 'pit-haul') {
      const [p1, p2] = pitGem(now);
      inputs[0] = p1;
      inputs[1] = p2;
      step(world, inputs);
      onTick?.(phase);
      continue;
    }
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
