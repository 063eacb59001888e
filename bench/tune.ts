// How `npm run bench` finds each engine's setting for a scenario: the cheapest {substeps,
// iterations} that holds the stretch target on *that* scenario (a setting tuned on one scene and
// reused on another does too much work there, or too little). Pure: the runs are passed in, so the
// search is unit-tested with made-up engines (tests/unit/benchTune.test.ts).

import type { Quality } from './engine';
import { median } from './metrics';

/** The stretch target every engine is tuned to on every scenario: the scene's largest segment
 *  stretch beyond what it forces (RunMetrics.maxExcessStretch), 1 %. */
export const STRETCH_TARGET = 0.01;
/** Substep and iteration counts tried: finer than powers of two, so each count is at most 1.5x the
 *  one before it (2x from 1 to 2), and the setting found at most that much above the true least. */
export const LADDER = [1, 2, 3, 4, 6, 8, 12, 16, 24, 32, 48, 64] as const;
/** Most work (substeps x iterations) tried per tick. */
export const MAX_WORK = 1024;
/** Settings up to this many times the least work found are timed to pick the fastest: a substep
 *  and an iteration cost different amounts in each engine, so the least work is not always the
 *  least time. */
export const TIME_WITHIN = 2;

export interface Attempt {
  quality: Quality;
  /** The scene's stretch beyond what it forces (RunMetrics.maxExcessStretch). */
  stretch: number;
  ok: boolean;
}

export interface Search {
  /** For each substep count tried, the fewest iterations that held the target (least work first). */
  holding: Quality[];
  /** Every run, in the order made. */
  attempts: Attempt[];
}

const work = (q: Quality): number => q.substeps * q.iterations;

/**
 * For each substep count of the ladder, the fewest iterations holding the target, by bisection
 * (assumes more iterations at the same substeps never hold less). `run(q)` runs the scene once at
 * `q` and says whether it held. Engines whose iterations do nothing (ours: one exact solve per
 * substep) are searched on substeps alone. Stops going up in substeps once even one iteration would
 * be more than TIME_WITHIN x the least work found.
 */
export function searchSettings(run: (q: Quality) => Attempt, usesIterations = true): Search {
  const attempts: Attempt[] = [];
  const holding: Quality[] = [];
  const tried = new Map<string, Attempt>();
  const attempt = (q: Quality): Attempt => {
    const key = `${q.substeps}x${q.iterations}`;
    let a = tried.get(key);
    if (!a) {
      a = run(q);
      tried.set(key, a);
      attempts.push(a);
    }
    return a;
  };
  let least = Infinity;
  for (const substeps of LADDER) {
    if (substeps > MAX_WORK || substeps > TIME_WITHIN * least) break;
    const cap = Math.min(MAX_WORK, TIME_WITHIN * least) / substeps;
    const its = usesIterations ? LADDER.filter((i) => i <= cap) : [1];
    if (its.length === 0) continue;
    // Bisection over the iteration counts: the largest first (none holds: next substep count).
    let hi = its.length - 1;
    if (!attempt({ substeps, iterations: its[hi] }).ok) continue;
    let lo = -1; // its[lo] fails (or lo = -1), its[hi] holds
    while (hi - lo > 1) {
      const mid = (lo + hi) >> 1;
      if (attempt({ substeps, iterations: its[mid] }).ok) hi = mid;
      else lo = mid;
    }
    const q = { substeps, iterations: its[hi] };
    holding.push(q);
    least = Math.min(least, work(q));
  }
  holding.sort((a, b) => work(a) - work(b) || a.substeps - b.substeps);
  return { holding: holding.filter((q) => work(q) <= TIME_WITHIN * least), attempts };
}

/**
 * The fastest of `settings` by `timeOf` (ms, lower is better), each timed `rounds` times, the
 * settings interleaved round by round with their order rotated, and compared by their medians; null
 * when there are none. Timed one after the other, the first setting ran before the JIT had settled
 * and lost: the bench once chose 2 substeps over 1 on A10 (1 substep read 0.033 ms a tick, 2 read
 * 0.019; at equal footing 1 substep is ~40 % cheaper).
 */
export function fastest(settings: readonly Quality[], timeOf: (q: Quality) => number, rounds = 1): { quality: Quality; ms: number } | null {
  const times = settings.map((): number[] => []);
  const order = settings.map((_, k) => k);
  for (let round = 0; round < rounds; round++) {
    for (const k of rotated(order, round)) times[k].push(timeOf(settings[k]));
  }
  let best: { quality: Quality; ms: number } | null = null;
  settings.forEach((quality, k) => {
    const ms = median(times[k]);
    if (best === null || ms < best.ms) best = { quality, ms };
  });
  return best;
}

/** Rotates `items` left by `round` (round-robin order of the engines in each timing round). */
export function rotated<T>(items: readonly T[], round: number): T[] {
  if (items.length === 0) return [];
  const k = ((round % items.length) + items.length) % items.length;
  return [...items.slice(k), ...items.slice(0, k)];
}

/** Smallest, median and largest of `xs`. */
export function spread(xs: readonly number[]): { min: number; median: number; max: number } {
  return { min: xs.length ? Math.min(...xs) : NaN, median: median(xs), max: xs.length ? Math.max(...xs) : NaN };
}
