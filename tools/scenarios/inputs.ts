// Input sequences for scenarios: fuzzed button masks, phases held for a while, and the rope yard's
// run. Each is a pure function of its seed.

import { Button } from '../../src/sim';
import { createRandom } from './random';

/** One input phase: both players hold these masks for `hold` ticks. */
export interface InputPhase { p1: number; p2: number; hold: number }

/** Expands phases into per-tick [p1, p2] masks, at most `maxTicks` of them. */
export function expandPhases(phases: readonly InputPhase[], maxTicks = Infinity): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (const ph of phases) {
    for (let t = 0; t < ph.hold && out.length < maxTicks; t++) out.push([ph.p1, ph.p2]);
  }
  return out;
}

/**
 * The fuzz input generator: each player holds a random button mask (all 5 buttons, any mix) for
 * 1..`maxHold` ticks, then picks again; the two players change independently. Writes into `out`.
 */
export function createInputFuzzer(seed: number, maxHold = 40): (out: number[]) => void {
  const rnd = createRandom(seed);
  const left = [0, 0];
  return (out: number[]) => {
    for (let p = 0; p < 2; p++) {
      if (left[p] <= 0) {
        out[p] = Math.floor(rnd() * 32);
        left[p] = 1 + Math.floor(rnd() * maxHold);
      }
      left[p]--;
    }
  };
}

/**
 * Inputs for the rope yard that visit everything in it: for the first 700 ticks player 1 runs
 * right (random jumps and drops, never Left or Anchor) and player 2 never anchors, so the pair
 * bumps box 0, drags past the snapping rope and reaches the spiked box (the level restarts); after
 * that both players press anything ({@link createInputFuzzer}).
 */
export function createYardRunInputs(seed: number): (out: number[], tick: number) => void {
  const fuzz = createInputFuzzer(seed);
  return (out, tick) => {
    fuzz(out);
    if (tick < 700) {
      out[0] = (out[0] | Button.Right) & ~(Button.Left | Button.Anchor);
      out[1] &= ~Button.Anchor;
    }
  };
}
