// One engine variant's process of `npm run bench` (bench/run.ts starts it as
// `node --import tsx bench/child.ts <bundled adapter module>`): it answers one JSON request per
// line on stdin with one line on stdout (after MARKER), and stays up for the whole run, so the
// parent can interleave the engines' timed runs round by round. Everything measured runs here.

import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { EngineAdapter, Quality } from './engine';
import { MetricsRecorder, median, type RunMetrics } from './metrics';
import { STRETCH_TARGET, fastest, searchSettings, type Attempt } from './tune';
import { TICK, buildScenario, tuningScenario, type BenchScenario } from '../tools/scenarios/benchScenes';

const MARKER = '@@BENCH@@';
/** Wall time one scenario's timed runs may take (the warm-up fits the ticks to it), ms; --quick. A
 *  slow engine then runs fewer ticks than the scene has; the table says so. */
const SCENARIO_BUDGET_MS = 12_000;
const QUICK_SCENARIO_BUDGET_MS = 4_000;
/** One tuning run may take this long; a setting slower than that counts as not holding. */
const ATTEMPT_BUDGET_MS = 8_000;
/** Ticks each candidate setting is timed for while choosing the fastest (a run of about this long
 *  per round, CANDIDATE_ROUNDS rounds with the candidates interleaved, median). */
const CANDIDATE_BUDGET_MS = 150;
const CANDIDATE_ROUNDS = 5;
const MIN_TICKS = 5;
/** A timing round's runs of a scene: fresh worlds run back to back until this much time is measured
 *  (at least one run), their mean kept. One run of a fast scene (C200: ~16 ms) is too short a
 *  sample to rank engines by; a slow engine's one run is already long. */
const ROUND_MIN_MS = 100;
/** Ticks of the untimed run that starts each timing round (timeRound). */
const WARM_TICKS = 10;

export type ChildRequest =
  | { op: 'info'; variant: number }
  | { op: 'defaults'; scenario: string; quick: boolean }
  | { op: 'tune'; scenario: string; quick: boolean }
  | { op: 'measure'; scenario: string; quality: Quality; quick: boolean; rounds: number }
  | { op: 'time'; scenario: string; quality: Quality; ticks: number };

export interface InfoReply { variants: string[]; name: string; version: string; defaults: Quality; usesIterations: boolean }
export interface MeasureReply { metrics: RunMetrics; ticks: number; truncatedFrom?: number }
export type DefaultsReply = MeasureReply;
export interface TuneReply {
  attempts: Attempt[];
  /** The settings holding the target that were timed, with their ms per tick on the full scene. */
  candidates: Array<{ quality: Quality; msPerTick: number }>;
  /** The fastest of them; null when none of the ladder held. */
  chosen: Quality | null;
}
export interface TimeReply { ms: number; projections: number }
export type ChildReply = InfoReply | MeasureReply | TuneReply | TimeReply | { error: string };

/** Ticks a scene runs: its full length, or a short slice in --quick mode. */
export function ticksOf(bs: BenchScenario, quick: boolean): number {
  if (!quick) return bs.ticks;
  return Math.min(bs.ticks, bs.id === 'C1000' ? 10 : bs.id.startsWith('C') ? 30 : 60);
}

/** Runs a scene once, observing every tick; stops early (at >= MIN_TICKS) past `budgetMs`. */
export function measureOnce(adapter: EngineAdapter, bs: BenchScenario, q: Quality, ticks: number, budgetMs = Infinity): RunMetrics {
  const world = adapter.build(bs.scenario, q);
  try {
    const rec = new MetricsRecorder(bs.scenario, TICK, bs.forcedStretch);
    rec.start(world);
    const t0 = performance.now();
    for (let t = 0; t < ticks; t++) {
      bs.control?.(world, t);
      world.step();
      rec.observe(world);
      if (t + 1 >= MIN_TICKS && performance.now() - t0 > budgetMs) break;
    }
    return rec.result();
  } finally {
    world.dispose?.();
  }
}

/** Wall time of `ticks` steps of a fresh world (building it is not timed), ms. Garbage is not
 *  collected by force between runs: with `gc()` before each run ours read C200 at 24.7 ms per
 *  simulated second, 15.1 in the next run without it (one pair of runs, made before the settings'
 *  hidden classes were fixed, which took most of the spread between runs away). */
export function timeOnce(adapter: EngineAdapter, bs: BenchScenario, q: Quality, ticks: number): TimeReply {
  const world = adapter.build(bs.scenario, q);
  try {
    const t0 = performance.now();
    for (let t = 0; t < ticks; t++) {
      bs.control?.(world, t);
      world.step();
    }
    const ms = performance.now() - t0;
    return { ms, projections: world.projectionsPerTick() * ticks };
  } finally {
    world.dispose?.();
  }
}

function isAdapter(v: unknown): v is EngineAdapter {
  return typeof v === 'object' && v !== null && typeof (v as EngineAdapter).build === 'function' &&
    typeof (v as EngineAdapter).name === 'string';
}

/** The adapters a module exports: `adapters` (an array of variants), else its default export,
 *  `adapter`, or any export with a build(). */
export function findAdapters(mod: Record<string, unknown>): EngineAdapter[] {
  if (Array.isArray(mod.adapters) && mod.adapters.length > 0 && mod.adapters.every(isAdapter)) return mod.adapters;
  if (isAdapter(mod.default)) return [mod.default];
  if (isAdapter(mod.adapter)) return [mod.adapter];
  for (const v of Object.values(mod)) if (isAdapter(v)) return [v];
  throw new Error('no EngineAdapter export (expected `export const adapters: EngineAdapter[]` or `export default adapter`)');
}

/** One measured run with the budget: the metrics, the ticks run, and the scene's length when cut. */
function measured(adapter: EngineAdapter, bs: BenchScenario, q: Quality, ticks: number, budgetMs: number): MeasureReply {
  const metrics = measureOnce(adapter, bs, q, ticks, budgetMs);
  return metrics.ticks < ticks ? { metrics, ticks: metrics.ticks, truncatedFrom: ticks } : { metrics, ticks };
}

/** Ticks of the full scene at `q` that take about CANDIDATE_BUDGET_MS, from a short run (which also
 *  warms the engine up at that setting). */
function candidateTicks(adapter: EngineAdapter, bs: BenchScenario, q: Quality, ticks: number): number {
  const first = timeOnce(adapter, bs, q, Math.min(ticks, MIN_TICKS));
  const perTick = first.ms / Math.min(ticks, MIN_TICKS);
  return Math.max(MIN_TICKS, Math.min(ticks, Math.floor(CANDIDATE_BUDGET_MS / Math.max(perTick, 1e-6))));
}

/** One timing round: fresh worlds of `ticks` ticks run until ROUND_MIN_MS is measured; ms per run.
 *  A short untimed run first: a process that sat idle while the other engines ran its round came
 *  back slow for its first run (ours read C200 at 23 ms per simulated second interleaved with a
 *  second engine, 14 alone), and what is measured is the engine, not its process waking up. */
export function timeRound(adapter: EngineAdapter, bs: BenchScenario, q: Quality, ticks: number, minMs = ROUND_MIN_MS): TimeReply {
  timeOnce(adapter, bs, q, Math.min(ticks, WARM_TICKS));
  let ms = 0;
  let runs = 0;
  let projections = 0;
  do {
    const t = timeOnce(adapter, bs, q, ticks);
    ms += t.ms;
    projections = t.projections;
    runs++;
  } while (ms < minMs);
  return { ms: ms / runs, projections };
}

/** The cheapest setting holding STRETCH_TARGET on the scenario (bench/tune.ts). */
export function tune(adapter: EngineAdapter, id: string, quick: boolean): TuneReply {
  const scene = tuningScenario(id);
  const ticks = ticksOf(scene, quick);
  const search = searchSettings((quality) => {
    const m = measureOnce(adapter, scene, quality, ticks, ATTEMPT_BUDGET_MS);
    const ok = m.health === 'ok' && m.ticks === ticks && m.maxExcessStretch <= STRETCH_TARGET;
    return { quality, stretch: m.maxExcessStretch, ok };
  }, adapter.usesIterations !== false);
  const full = buildScenario(id);
  const fullTicks = ticksOf(full, quick);
  const ticksFor = new Map(search.holding.map((q) => [q, candidateTicks(adapter, full, q, fullTicks)]));
  // Warmed up on the full scene first, each for about one timed run: straight after the tuning
  // runs (on the tuning scene, other settings) the code can still be unoptimized, and then every
  // candidate reads several times its speed (ours on E: 1 substep 54 us a tick, 2 substeps 49;
  // optimized, 1 substep takes ~10).
  for (const q of search.holding) {
    const n = ticksFor.get(q)!;
    let spent = 0;
    do spent += timeOnce(adapter, full, q, n).ms; while (spent < CANDIDATE_BUDGET_MS);
  }
  const timesOf = new Map<Quality, number[]>(search.holding.map((q) => [q, []]));
  const best = fastest(search.holding, (quality) => {
    const n = ticksFor.get(quality)!;
    const ms = timeOnce(adapter, full, quality, n).ms / n;
    timesOf.get(quality)!.push(ms);
    return ms;
  }, CANDIDATE_ROUNDS);
  const candidates: TuneReply['candidates'] = search.holding.map((quality) => ({ quality, msPerTick: median(timesOf.get(quality)!) }));
  return { attempts: search.attempts, candidates, chosen: best?.quality ?? null };
}

let adapter: EngineAdapter | null = null;

async function answer(req: ChildRequest, modulePath: string): Promise<ChildReply> {
  if (req.op === 'info') {
    const mod = await import(pathToFileURL(modulePath).href) as Record<string, unknown>;
    const all = findAdapters(mod);
    if (req.variant >= all.length) throw new Error(`no variant ${req.variant}`);
    adapter = all[req.variant];
    await adapter.init?.();
    return { variants: all.map((a) => a.name), name: adapter.name, version: adapter.version, defaults: adapter.defaults, usesIterations: adapter.usesIterations !== false };
  }
  if (!adapter) throw new Error('info first');
  const bs = buildScenario(req.scenario);
  switch (req.op) {
    case 'defaults':
      return measured(adapter, bs, adapter.defaults, ticksOf(bs, req.quick), req.quick ? QUICK_SCENARIO_BUDGET_MS : SCENARIO_BUDGET_MS);
    case 'tune':
      return tune(adapter, req.scenario, req.quick);
    case 'measure':
      return measured(adapter, bs, req.quality, ticksOf(bs, req.quick), (req.quick ? QUICK_SCENARIO_BUDGET_MS : SCENARIO_BUDGET_MS) / (req.rounds + 1));
    case 'time':
      return timeRound(adapter, bs, req.quality, req.ticks);
  }
}

function errorText(e: unknown): string {
  if (e instanceof Error) return `${e.name}: ${e.message}`.slice(0, 300);
  return String(e).slice(0, 300);
}

const isMain = process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href;
const modulePath = process.argv[2];
if (isMain && modulePath) {
  // One request at a time: the parent waits for each answer before the next.
  const lines = createInterface({ input: process.stdin });
  let queue = Promise.resolve();
  lines.on('line', (line) => {
    queue = queue.then(async () => {
      let reply: ChildReply;
      try {
        reply = await answer(JSON.parse(line) as ChildRequest, modulePath);
      } catch (e) {
        reply = { error: errorText(e) };
      }
      process.stdout.write(`${MARKER}${JSON.stringify(reply)}\n`);
    });
  });
  // An engine may leave handles open (WASM, timers): leave when the parent closes stdin.
  lines.on('close', () => { void queue.then(() => process.exit(0)); });
}
