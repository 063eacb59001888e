// `npm run bench`: the rope benchmarks of issue #5. Every adapter in bench/engines/*.ts runs in its
// own child process (`node --import tsx bench/run.ts --child <file>`), each scenario once at the
// engine's defaults and once at its tuned quality (the cheapest {substeps, iterations} of a small
// ladder that keeps max stretch <= 1 % in A at 10x). The parent prints a markdown table with each
// timing as a ratio to ropebound's measured in the same run, or JSON with --json.
//
//   npm run bench                         all engines, all scenarios, 5 timed runs each
//   npm run bench -- --quick              smoke test: 1 timed run, short scenarios
//   npm run bench -- --engines ropebound,planck --scenarios A10,C200 --json
//   npm run bench -- --no-tune            defaults only

import { spawn } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { cpus } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';
import { build } from 'esbuild';
import type { EngineAdapter, Quality } from './engine';
import { MetricsRecorder, median, type RunMetrics } from './metrics';
import { SCENARIO_IDS, TICK, buildScenario, type BenchScenario } from '../tools/scenarios/benchScenes';

const HERE = dirname(fileURLToPath(import.meta.url));
const MARKER = '@@BENCH-RESULT@@';
/** Max stretch the tuned quality must keep in A at 10x. */
export const TUNE_STRETCH = 0.01;
/** Timed runs per scenario (after a warm-up), and in --quick mode. */
const RUNS = 5;
const QUICK_RUNS = 1;
/** Wall-time budget of one scenario's runs (the warm-up run sets the ticks to fit it), ms. A slow
 *  engine then runs fewer ticks than the scenario's length; the table says so. */
const SCENARIO_BUDGET_MS = 12_000;
const QUICK_SCENARIO_BUDGET_MS = 4_000;
const MIN_TICKS = 5;
/** A child taking longer than this is killed and reported, ms. */
const CHILD_TIMEOUT_MS = 15 * 60_000;

export interface Options {
  engines: string[] | null;
  scenarios: string[];
  quick: boolean;
  json: boolean;
  tune: boolean;
}

export interface ScenarioResult {
  scenario: string;
  mode: 'default' | 'tuned';
  quality: Quality;
  ticks: number;
  /** Set when a slow engine ran fewer ticks than the scenario's length to fit the time budget. */
  truncatedFrom?: number;
  metrics?: RunMetrics;
  /** Median ms of wall time per simulated second, and the runs it is the median of. */
  msPerSimSecond?: number;
  runs?: number;
  runMs?: number[];
  /** Constraint projections per second of wall time (the adapter's count). */
  projectionsPerSecond?: number;
  error?: string;
}

export interface EngineResult {
  file: string;
  name: string;
  version?: string;
  defaults?: Quality;
  tuned?: Quality | null;
  /** Each ladder step tried while tuning: quality and the max stretch it gave in A10. */
  tuneLog?: Array<{ quality: Quality; maxStretch: number; health: string }>;
  results: ScenarioResult[];
  /** Names of every adapter the file exports (the parent runs each in its own process). */
  variants?: string[];
  variant?: number;
  error?: string;
}

export function parseArgs(argv: readonly string[]): Options & { child: string | null; variant: number; from?: string; module?: string } {
  const o: Options & { child: string | null; variant: number; from?: string; module?: string } = {
    engines: null, scenarios: [...SCENARIO_IDS], quick: false, json: false, tune: true, child: null, variant: 0,
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const next = () => {
      const v = argv[++i];
      if (v === undefined) throw new Error(`${a} needs a value`);
      return v;
    };
    if (a === '--quick') o.quick = true;
    else if (a === '--json') o.json = true;
    else if (a === '--no-tune') o.tune = false;
    else if (a === '--engines') o.engines = next().split(',').filter(Boolean);
    else if (a === '--scenarios') o.scenarios = next().split(',').filter(Boolean);
    else if (a === '--child') o.child = next();
    else if (a === '--module') o.module = next();
    else if (a === '--from') o.from = next();
    else if (a === '--variant') o.variant = Number(next());
    else if (a === '--help' || a === '-h') {
      process.stdout.write('usage: npm run bench -- [--quick] [--json] [--no-tune] [--engines a,b] [--scenarios A10,B,...] [--from saved.json]\n' +
        `scenarios: ${SCENARIO_IDS.join(', ')}\n`);
      process.exit(0);
    } else throw new Error(`unknown option ${a}`);
  }
  for (const s of o.scenarios) buildScenario(s); // throws on an unknown id
  return o;
}

/** Ticks a scenario runs: its full length, or a short slice in --quick mode. */
function ticksOf(bs: BenchScenario, quick: boolean): number {
  if (!quick) return bs.ticks;
  return Math.min(bs.ticks, bs.id === 'C1000' ? 10 : bs.id.startsWith('C') ? 30 : 60);
}

function isAdapter(v: unknown): v is EngineAdapter {
  return typeof v === 'object' && v !== null && typeof (v as EngineAdapter).build === 'function' &&
    typeof (v as EngineAdapter).name === 'string';
}

/** The adapters a module exports: `adapters` (an array: variants such as a revolute chain and a
 *  rope joint, each run in its own process), else its default export, `adapter`, or any export
 *  with a build(). */
export function findAdapters(mod: Record<string, unknown>): EngineAdapter[] {
  if (Array.isArray(mod.adapters) && mod.adapters.length > 0 && mod.adapters.every(isAdapter)) return mod.adapters;
  if (isAdapter(mod.default)) return [mod.default];
  if (isAdapter(mod.adapter)) return [mod.adapter];
  for (const v of Object.values(mod)) if (isAdapter(v)) return [v];
  throw new Error('no EngineAdapter export (expected `export const adapters: EngineAdapter[]` or `export default adapter`)');
}

/** Runs a scenario once, observing every tick; stops early (at >= MIN_TICKS) past `budgetMs`. */
export function measureOnce(
  adapter: EngineAdapter, bs: BenchScenario, q: Quality, ticks: number, budgetMs = Infinity,
): RunMetrics {
  const world = adapter.build(bs.scenario, q);
  try {
    const rec = new MetricsRecorder(bs.scenario, TICK);
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

/** Wall time of `ticks` steps of a fresh world (building it is not timed), ms. */
function timeOnce(adapter: EngineAdapter, bs: BenchScenario, q: Quality, ticks: number): { ms: number; projections: number } {
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

/** The ladder of qualities tried when tuning, cheapest (substeps x iterations) first. */
export function qualityLadder(): Quality[] {
  const steps = [1, 2, 4, 8, 16, 32, 64];
  const out: Quality[] = [];
  for (const s of steps) for (const i of steps) if (s * i <= 256) out.push({ substeps: s, iterations: i });
  out.sort((a, b) => a.substeps * a.iterations - b.substeps * b.iterations || a.substeps - b.substeps);
  return out;
}

/** Cheapest ladder quality keeping max stretch <= 1 % with no NaN in A at 10x (null: none does). */
export function tune(adapter: EngineAdapter, quick: boolean, log: NonNullable<EngineResult['tuneLog']>): Quality | null {
  const bs = buildScenario('A10');
  const ticks = ticksOf(bs, quick);
  // An engine that ignores iterations (ours) gets the same answer for every iteration count:
  // once a substep count has failed at 1 iteration and the engine says it ignores them, skip.
  const ignoresIterations = adapter.defaults.iterations === 1 && adapter.name === 'ropebound';
  for (const q of qualityLadder()) {
    if (ignoresIterations && q.iterations !== 1) continue;
    const m = measureOnce(adapter, bs, q, ticks);
    log.push({ quality: q, maxStretch: m.maxStretch, health: m.health });
    if (m.health === 'ok' && m.maxStretch <= TUNE_STRETCH) return q;
  }
  return null;
}

/** Everything for one engine, in this process (the child's job). */
export async function runEngine(file: string, variant: number, opts: Options & { module?: string }): Promise<EngineResult> {
  const res: EngineResult = { file: basename(file), name: basename(file, '.ts'), results: [] };
  let adapter: EngineAdapter;
  try {
    const mod = await import(pathToFileURL(resolve(opts.module ?? file)).href) as Record<string, unknown>;
    const all = findAdapters(mod);
    res.variants = all.map((a) => a.name);
    if (variant < 0) return res; // --variant -1: list only
    if (variant >= all.length) throw new Error(`no variant ${variant}`);
    adapter = all[variant];
    res.name = adapter.name;
    res.version = adapter.version;
    res.defaults = adapter.defaults;
    await adapter.init?.();
  } catch (e) {
    res.error = errorText(e);
    return res;
  }
  const modes: Array<{ mode: 'default' | 'tuned'; q: Quality }> = [{ mode: 'default', q: adapter.defaults }];
  if (opts.tune) {
    res.tuneLog = [];
    try {
      res.tuned = tune(adapter, opts.quick, res.tuneLog);
    } catch (e) {
      res.tuned = null;
      res.error = `tuning failed: ${errorText(e)}`;
    }
    if (res.tuned) modes.push({ mode: 'tuned', q: res.tuned });
  }
  const runs = opts.quick ? QUICK_RUNS : RUNS;
  for (const { mode, q } of modes) {
    for (const id of opts.scenarios) {
      const bs = buildScenario(id);
      const ticks = ticksOf(bs, opts.quick);
      const r: ScenarioResult = { scenario: id, mode, quality: q, ticks };
      res.results.push(r);
      try {
        const budget = (opts.quick ? QUICK_SCENARIO_BUDGET_MS : SCENARIO_BUDGET_MS) / (runs + 1);
        r.metrics = measureOnce(adapter, bs, q, ticks, budget); // also the warm-up
        const n = r.metrics.ticks;
        if (n < ticks) { r.truncatedFrom = ticks; r.ticks = n; }
        const times: number[] = [];
        let projections = 0;
        for (let k = 0; k < runs; k++) {
          const t = timeOnce(adapter, bs, q, n);
          times.push(t.ms);
          projections = t.projections;
        }
        const ms = median(times);
        r.runs = runs;
        r.runMs = times.map((t) => Math.round(t * 1000) / 1000);
        r.msPerSimSecond = ms / (n * TICK);
        r.projectionsPerSecond = ms > 0 ? projections / (ms / 1000) : NaN;
      } catch (e) {
        r.error = errorText(e);
      }
    }
  }
  return res;
}

function errorText(e: unknown): string {
  if (e instanceof Error) return `${e.name}: ${e.message}`.slice(0, 300);
  return String(e).slice(0, 300);
}

/** Engine adapter files, ropebound first. */
export function engineFiles(only: string[] | null): string[] {
  const dir = join(HERE, 'engines');
  let files = readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts') && !f.endsWith('.test.ts')).sort();
  // A name that is no file's may be an adapter's (a variant inside a file): keep every file then.
  if (only && only.every((n) => files.includes(`${n}.ts`))) {
    files = files.filter((f) => f === 'ropebound.ts' || only.includes(basename(f, '.ts')));
  }
  files.sort((a, b) => (a === 'ropebound.ts' ? -1 : b === 'ropebound.ts' ? 1 : a.localeCompare(b)));
  return files.map((f) => join(dir, f));
}

const bundles = new Map<string, string>();

/**
 * The adapter file bundled with everything of this repo it imports (src/sim for ours) into one ES
 * module, as the game ships it; the engines' packages stay external (they are published bundles).
 * Run straight from TypeScript through tsx, every imported binding of our sim is a getter call: in a
 * CPU profile of C200 from source, ~15 % of the samples were those getters, a cost of the loader
 * that the shipped game and the peers' published builds do not pay.
 */
async function bundleAdapter(file: string): Promise<string> {
  const found = bundles.get(file);
  if (found) return found;
  const out = resolve(HERE, '..', 'node_modules', '.cache', 'ropebound-bench', `${basename(file, '.ts')}.mjs`);
  await build({
    entryPoints: [file], outfile: out, bundle: true, format: 'esm', platform: 'node', target: 'node20',
    packages: 'external', logLevel: 'error',
  });
  bundles.set(file, out);
  return out;
}

/** Runs one engine file in its own process; a crash or a timeout becomes an EngineResult with an error. */
export async function runChild(file: string, variant: number, opts: Options): Promise<EngineResult> {
  const args = ['--import', 'tsx', fileURLToPath(import.meta.url), '--child', file, '--variant', String(variant),
    '--scenarios', opts.scenarios.join(',')];
  try {
    args.push('--module', await bundleAdapter(file));
  } catch (e) {
    return { file: basename(file), name: `${basename(file, '.ts')}#${variant}`, variant, results: [], error: `could not bundle: ${errorText(e)}` };
  }
  if (opts.quick) args.push('--quick');
  if (!opts.tune) args.push('--no-tune');
  return await new Promise((done) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'], cwd: resolve(HERE, '..') });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => { out += d.toString(); });
    child.stderr.on('data', (d: Buffer) => { err += d.toString(); });
    const timer = setTimeout(() => { child.kill('SIGKILL'); err += `\nkilled after ${CHILD_TIMEOUT_MS / 1000} s`; }, CHILD_TIMEOUT_MS);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      const line = out.split('\n').find((l) => l.startsWith(MARKER));
      if (line) {
        try {
          const res = JSON.parse(line.slice(MARKER.length)) as EngineResult;
          res.variant = variant;
          done(res);
          return;
        } catch { /* reported below */ }
      }
      const tail = err.trim().split('\n').slice(-3).join(' | ').slice(0, 300);
      done({ file: basename(file), name: `${basename(file, '.ts')}#${variant}`, variant, results: [], error: `child exited ${code ?? signal}: ${tail || 'no output'}` });
    });
  });
}

// ---- Reporting ----

function fmt(x: number | undefined, digits = 3): string {
  if (x === undefined || !Number.isFinite(x)) return '-';
  if (x !== 0 && (Math.abs(x) >= 1e5 || Math.abs(x) < 1e-3)) return x.toExponential(1);
  return x.toPrecision(digits);
}

function pct(x: number | undefined): string {
  if (x === undefined || !Number.isFinite(x)) return '-';
  const p = x * 100;
  if (p !== 0 && Math.abs(p) < 0.001) return `${p.toExponential(1)} %`;
  return `${p.toPrecision(3)} %`;
}

function q(qq: Quality | null | undefined): string {
  return qq ? `${qq.substeps}x${qq.iterations}` : '-';
}

export function markdownTable(engines: EngineResult[], opts: Options): string {
  const lines: string[] = [];
  const ref = engines.find((e) => e.name === 'ropebound');
  lines.push('| scenario | mode | engine | substeps x iter | ms / sim s | x ropebound | max stretch | mean stretch | energy drift (end / max) | health | Mproj/s |');
  lines.push('|---|---|---|---|---:|---:|---:|---:|---:|---|---:|');
  for (const mode of ['default', 'tuned'] as const) {
    for (const id of opts.scenarios) {
      const refR = ref?.results.find((r) => r.scenario === id && r.mode === mode);
      for (const e of engines) {
        const r = e.results.find((x) => x.scenario === id && x.mode === mode);
        if (!r) {
          if (mode === 'tuned' && e.tuned === null && !e.error) {
            lines.push(`| ${id} | ${mode} | ${e.name} | none <= 1 % in ladder | - | - | - | - | - | - | - |`);
          }
          continue;
        }
        if (r.error) {
          lines.push(`| ${id} | ${mode} | ${e.name} | ${q(r.quality)} | - | - | - | - | - | error: ${r.error.replace(/\|/g, '/')} | - |`);
          continue;
        }
        const m = r.metrics!;
        const ratio = refR?.msPerSimSecond && r.msPerSimSecond !== undefined ? r.msPerSimSecond / refR.msPerSimSecond : NaN;
        let health = m.health === 'ok' ? 'ok' : `${m.health} @${m.badTick}`;
        if (r.truncatedFrom) health += ` (${r.ticks}/${r.truncatedFrom} ticks)`;
        const proj = id.startsWith('C') && r.projectionsPerSecond !== undefined ? fmt(r.projectionsPerSecond / 1e6) : '';
        lines.push(`| ${id} | ${mode} | ${e.name} | ${q(r.quality)} | ${fmt(r.msPerSimSecond)} | ${fmt(ratio)} | ${pct(m.maxStretch)} | ${pct(m.meanStretch)} | ${pct(m.energyDrift)} / ${pct(m.energyDriftMax)} | ${health} | ${proj} |`);
      }
    }
  }
  const notes: string[] = [];
  for (const e of engines) {
    if (e.error) notes.push(`- **${e.name}** (${e.file}): ${e.error.replace(/\n/g, ' ')}`);
    else notes.push(`- ${e.name} ${e.version ?? ''}: defaults ${q(e.defaults)}, tuned ${e.tuned === undefined ? 'not run' : e.tuned === null ? 'none of the ladder keeps A10 <= 1 %' : q(e.tuned)}`);
  }
  return `${lines.join('\n')}\n\n${notes.join('\n')}\n`;
}

export function machine(): { node: string; cpus: number; cpu: string; date: string } {
  return { node: process.version, cpus: cpus().length, cpu: cpus()[0]?.model ?? '?', date: new Date().toISOString() };
}

async function main(): Promise<void> {
  const opts = parseArgs(process.argv.slice(2));
  if (opts.child) {
    const res = await runEngine(opts.child, opts.variant, opts);
    // Exit once written: an engine may leave handles open (WASM, timers).
    process.stdout.write(`\n${MARKER}${JSON.stringify(res)}\n`, () => process.exit(0));
    return;
  }
  if (opts.from) {
    // Re-print the table of a saved --json run.
    const saved = JSON.parse(readFileSync(opts.from, 'utf8')) as { machine: ReturnType<typeof machine>; options: Options; engines: EngineResult[] };
    const m = saved.machine;
    process.stdout.write(`Rope bench (${m.date}): ${m.cpu}, ${m.cpus} cores, Node ${m.node}, ${saved.options.quick ? 'QUICK (smoke test, 1 run)' : `median of ${RUNS} runs`}\n\n`);
    process.stdout.write(markdownTable(saved.engines, saved.options));
    return;
  }
  const files = engineFiles(opts.engines);
  if (files.length === 0) throw new Error('no engine adapters found in bench/engines');
  const engines: EngineResult[] = [];
  // --engines matches a file name (every variant in it) or an adapter's name; ropebound always
  // runs (every ratio is to it, measured in the same run).
  const wanted = (file: string, name: string) => !opts.engines || name === 'ropebound' ||
    opts.engines.includes(basename(file, '.ts')) || opts.engines.includes(name);
  for (const f of files) {
    const listed = await runChild(f, -1, opts); // lists the file's adapters only
    if (!listed.variants) { engines.push(listed); continue; }
    for (let v = 0; v < listed.variants.length; v++) {
      if (!wanted(f, listed.variants[v])) continue;
      const t0 = performance.now();
      const res = await runChild(f, v, opts);
      if (!opts.json) process.stderr.write(`bench: ${res.name} (${basename(f)}#${v}) ${((performance.now() - t0) / 1000).toFixed(1)} s\n`);
      engines.push(res);
    }
  }
  if (opts.json) {
    process.stdout.write(`${JSON.stringify({ machine: machine(), options: opts, engines }, null, 2)}\n`);
  } else {
    const m = machine();
    process.stdout.write(`Rope bench: ${m.cpu}, ${m.cpus} cores, Node ${m.node}, ${opts.quick ? 'QUICK (smoke test, 1 run)' : `median of ${RUNS} runs`}\n\n`);
    process.stdout.write(markdownTable(engines, opts));
  }
}

const isMain = process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href;
if (isMain) {
  main().catch((e: unknown) => {
    process.stderr.write(`${errorText(e)}\n`);
    process.exitCode = 1;
  });
}
