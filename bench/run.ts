// `npm run bench`: our rope solver against the peers' (bench/engines/*.ts), compared only at equal
// quality. Each engine variant runs in a process of its own that stays up for the whole run
// (bench/child.ts); for every scenario each one is tuned to the same stretch target on that
// scenario (bench/tune.ts: the cheapest {substeps, iterations} keeping the stretch beyond what the
// scene forces <= 1 %), then timed in rounds: in each round every engine runs each scenario once,
// one process at a time, the engines' order rotated from round to round, so a busy moment of the
// machine falls on all of them alike. The table gives each engine's median and range, and its
// ratio to ours: the median over rounds of (its time / ours in the same round).
//
//   npm run bench                         all engines and scenarios, 5 timing rounds
//   npm run bench -- --quick              smoke test: short scenes, 1 round
//   npm run bench -- --engines ropebound,planck --scenarios A10,C200 --json
//   npm run bench -- --rounds 9
//   npm run bench -- --cpu none           let the OS place the engines' processes (default: all on the last CPU)
//   npm run bench -- --from saved.json    re-print a --json run's tables

import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { cpus } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { build } from 'esbuild';
import type { Quality } from './engine';
import type { RunMetrics } from './metrics';
import { STRETCH_TARGET, rotated, spread } from './tune';
import type { ChildReply, ChildRequest, DefaultsReply, InfoReply, MeasureReply, TimeReply, TuneReply } from './child';
import { SCENARIO_IDS, TICK, buildScenario } from '../tools/scenarios/benchScenes';

const HERE = dirname(fileURLToPath(import.meta.url));
export const MARKER = '@@BENCH@@';
/** Timing rounds (each engine runs each scenario once per round), full mode and --quick. */
const ROUNDS = 5;
const QUICK_ROUNDS = 1;
/** A child answering no request for this long is killed and reported, ms. */
const REQUEST_TIMEOUT_MS = 15 * 60_000;

export interface Options {
  engines: string[] | null;
  scenarios: string[];
  quick: boolean;
  json: boolean;
  rounds: number;
  /** The CPU every engine's process is pinned to: a number, 'none', or 'auto' (the last CPU, on
   *  Linux with taskset; see pinnedCpu). */
  cpu: number | 'none' | 'auto';
}

/** One scenario of one engine. */
export interface ScenarioResult {
  scenario: string;
  /** At the engine's shipped defaults: one run (stretch and health only; never timed against ours). */
  defaults?: DefaultsReply;
  /** The tuning: every setting tried and the one chosen (null: none of the ladder held the target). */
  tune?: TuneReply;
  /** At the chosen setting, on the full scene: the warm-up run's metrics and the ticks timed. */
  tuned?: MeasureReply;
  /** ms per timed run, one per round, and the ratio to ours in that round. */
  runMs?: number[];
  ratios?: number[];
  error?: string;
}

export interface EngineResult {
  file: string;
  variant: number;
  name: string;
  version?: string;
  defaults?: Quality;
  usesIterations?: boolean;
  scenarios: ScenarioResult[];
  error?: string;
}

export function parseArgs(argv: readonly string[]): Options & { from?: string } {
  const o: Options & { from?: string } = { engines: null, scenarios: [...SCENARIO_IDS], quick: false, json: false, rounds: ROUNDS, cpu: 'auto' };
  let rounds: number | null = null;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const next = () => {
      const v = argv[++i];
      if (v === undefined) throw new Error(`${a} needs a value`);
      return v;
    };
    if (a === '--quick') o.quick = true;
    else if (a === '--json') o.json = true;
    else if (a === '--engines') o.engines = next().split(',').filter(Boolean);
    else if (a === '--scenarios') o.scenarios = next().split(',').filter(Boolean);
    else if (a === '--rounds') rounds = Math.max(1, Math.floor(Number(next())) || 1);
    else if (a === '--from') o.from = next();
    else if (a === '--cpu') {
      const v = next();
      if (v === 'none' || v === 'auto') o.cpu = v;
      else if (/^\d+$/.test(v)) o.cpu = Number(v);
      else throw new Error(`--cpu takes a CPU number, none or auto, not ${v}`);
    }
    else if (a === '--help' || a === '-h') {
      process.stdout.write('usage: npm run bench -- [--quick] [--json] [--rounds N] [--engines a,b] [--scenarios A10,B,...] [--cpu N|none|auto] [--from saved.json]\n' +
        `scenarios: ${SCENARIO_IDS.join(', ')}\n`);
      process.exit(0);
    } else throw new Error(`unknown option ${a}`);
  }
  o.rounds = rounds ?? (o.quick ? QUICK_ROUNDS : ROUNDS);
  for (const s of o.scenarios) buildScenario(s); // throws on an unknown id
  return o;
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

/**
 * The adapter file bundled with everything of this repo it imports (src/sim for ours) into one ES
 * module, as the game ships it; the engines' packages stay external (they are published bundles).
 * Run straight from TypeScript through tsx, every imported binding of our sim is a getter call: in a
 * CPU profile of C200 from source, ~15 % of the samples were those getters, a cost of the loader
 * that the shipped game and the peers' published builds do not pay.
 */
async function bundleAdapter(file: string): Promise<string> {
  const out = resolve(HERE, '..', 'node_modules', '.cache', 'ropebound-bench', `${basename(file, '.ts')}.mjs`);
  await build({
    entryPoints: [file], outfile: out, bundle: true, format: 'esm', platform: 'node', target: 'node20',
    packages: 'external', logLevel: 'error',
  });
  return out;
}

function errorText(e: unknown): string {
  if (e instanceof Error) return `${e.name}: ${e.message}`.slice(0, 300);
  return String(e).slice(0, 300);
}

/**
 * The CPU every engine's process runs on (null: wherever the OS puts it). The engines run one at a
 * time, so one CPU for all of them costs nothing, and no engine then runs on a fast CPU while
 * another runs on a slow one: on this 2-CPU VM one CPU at a time ran our sim ~1.47x slower than
 * the other (the bench's A10, 6.6 against 4.5 us a tick, runs pinned with taskset; a loop of square
 * roots ran alike on both), CPU 0 at one hour and CPU 1 at the next (docs/PERFORMANCE.md, "One CPU
 * for every engine"). 'auto': the last CPU, where Linux and its taskset are there.
 */
export function pinnedCpu(cpu: Options['cpu']): number | null {
  if (cpu === 'none') return null;
  if (cpu !== 'auto') return cpu;
  if (process.platform !== 'linux') return null;
  const probe = spawnSync('taskset', ['-c', '0', 'true'], { stdio: 'ignore' });
  return probe.status === 0 ? cpus().length - 1 : null;
}

/** The command and arguments that start `args` with node, on `cpu` when given (taskset). */
export function childCommand(cpu: number | null, args: readonly string[]): [string, string[]] {
  return cpu === null ? [process.execPath, [...args]] : ['taskset', ['-c', String(cpu), process.execPath, ...args]];
}

/** One engine file's process (bench/child.ts), answering one request at a time. */
class Child {
  private readonly proc: ChildProcess;
  private pending: { resolve: (r: ChildReply) => void; timer: NodeJS.Timeout } | null = null;
  private stderr = '';
  private exited: string | null = null;

  constructor(modulePath: string, cpu: number | null) {
    // --no-memory-reducer: a child sits idle while the others run their rounds, and V8's memory
    // reducer then collects garbage and threw away compiled code and type feedback: ours ran A10
    // 20x slower in the round after 20 s idle, and E read 0.6-41 ms per simulated second over one
    // full run. A game's sim never idles (it steps every frame); every JS engine here is helped
    // alike (rapier's solver is WebAssembly and never lost it).
    // --single-threaded: V8's own threads (the optimizing compiler, concurrent marking and
    // sweeping) share the child's one pinned CPU, so their work landed in whichever timed run was
    // open: building each run's world (not timed) got its code optimized, deoptimized and optimized
    // again for hundreds of runs, and those compiles and the marking of the built worlds' garbage
    // made runs of ours 2-7x their usual 1.4 ms in bursts (A10 rounds 0.28-0.44 ms per simulated
    // second, 0.28-0.31 with this). Done on the main thread, that work runs where it is caused:
    // in the untimed build, or in the timed steps if the steps cause it. The same for every engine.
    const [command, args] = childCommand(cpu, ['--single-threaded', '--no-memory-reducer', '--import', 'tsx', join(HERE, 'child.ts'), modulePath]);
    this.proc = spawn(command, args, {
      stdio: ['pipe', 'pipe', 'pipe'], cwd: resolve(HERE, '..'),
    });
    this.proc.stderr!.on('data', (d: Buffer) => { this.stderr = (this.stderr + d.toString()).slice(-2000); });
    createInterface({ input: this.proc.stdout! }).on('line', (line) => {
      if (!line.startsWith(MARKER) || !this.pending) return;
      const { resolve: done, timer } = this.pending;
      this.pending = null;
      clearTimeout(timer);
      try {
        done(JSON.parse(line.slice(MARKER.length)) as ChildReply);
      } catch (e) {
        done({ error: `bad reply: ${errorText(e)}` });
      }
    });
    this.proc.on('close', (code, signal) => {
      const tail = this.stderr.trim().split('\n').slice(-3).join(' | ').slice(0, 300);
      this.exited = `child exited ${code ?? signal}: ${tail || 'no output'}`;
      if (this.pending) {
        clearTimeout(this.pending.timer);
        this.pending.resolve({ error: this.exited });
        this.pending = null;
      }
    });
  }

  request<R extends ChildReply>(req: ChildRequest): Promise<R | { error: string }> {
    if (this.exited) return Promise.resolve({ error: this.exited });
    return new Promise((done) => {
      const timer = setTimeout(() => {
        this.proc.kill('SIGKILL');
        this.stderr += `\nkilled: no answer to ${req.op} within ${REQUEST_TIMEOUT_MS / 1000} s`;
      }, REQUEST_TIMEOUT_MS);
      this.pending = { resolve: done as (r: ChildReply) => void, timer };
      this.proc.stdin!.write(`${JSON.stringify(req)}\n`);
    });
  }

  close(): void {
    this.proc.stdin!.end();
    this.proc.kill();
  }
}

const failed = (r: unknown): r is { error: string } => typeof r === 'object' && r !== null && 'error' in r && typeof (r as { error: unknown }).error === 'string';

function log(opts: Options, text: string): void {
  if (!opts.json) process.stderr.write(`bench: ${text}\n`);
}

/** The whole run: returns every engine's results (ropebound first). */
export async function runBench(opts: Options, cpu: number | null = pinnedCpu(opts.cpu)): Promise<EngineResult[]> {
  const entries: Array<{ child: Child | null; result: EngineResult }> = [];
  try {
    // 1. A process per adapter variant; --engines matches a file name or an adapter's name.
    for (const file of engineFiles(opts.engines)) {
      let modulePath: string;
      try {
        modulePath = await bundleAdapter(file);
      } catch (e) {
        entries.push({ child: null, result: { file: basename(file), variant: 0, name: basename(file, '.ts'), scenarios: [], error: `could not bundle: ${errorText(e)}` } });
        continue;
      }
      const lister = new Child(modulePath, cpu);
      const listed = await lister.request<InfoReply>({ op: 'info', variant: 0 });
      lister.close();
      if (failed(listed)) {
        entries.push({ child: null, result: { file: basename(file), variant: 0, name: basename(file, '.ts'), scenarios: [], error: listed.error } });
        continue;
      }
      for (let v = 0; v < listed.variants.length; v++) {
        const name = listed.variants[v];
        if (opts.engines && name !== 'ropebound' && !opts.engines.includes(basename(file, '.ts')) && !opts.engines.includes(name)) continue;
        const child = new Child(modulePath, cpu);
        const info = await child.request<InfoReply>({ op: 'info', variant: v });
        const result: EngineResult = { file: basename(file), variant: v, name, scenarios: [] };
        if (failed(info)) result.error = info.error;
        else Object.assign(result, { version: info.version, defaults: info.defaults, usesIterations: info.usesIterations });
        entries.push({ child, result });
      }
    }
    const live = entries.filter((e): e is { child: Child; result: EngineResult } => e.child !== null && !e.result.error);

    // 2. Per engine and scenario: the defaults' stretch, the tuning, and a warm-up run of the
    //    chosen setting on the full scene (which also fixes the ticks every round times).
    for (const { child, result } of live) {
      const t0 = performance.now();
      for (const id of opts.scenarios) {
        const s: ScenarioResult = { scenario: id };
        result.scenarios.push(s);
        const defaults = await child.request<DefaultsReply>({ op: 'defaults', scenario: id, quick: opts.quick });
        if (failed(defaults)) { s.error = defaults.error; continue; }
        s.defaults = defaults;
        const tuned = await child.request<TuneReply>({ op: 'tune', scenario: id, quick: opts.quick });
        if (failed(tuned)) { s.error = tuned.error; continue; }
        s.tune = tuned;
        if (!tuned.chosen) continue;
        const measured = await child.request<MeasureReply>({ op: 'measure', scenario: id, quality: tuned.chosen, quick: opts.quick, rounds: opts.rounds });
        if (failed(measured)) { s.error = measured.error; continue; }
        s.tuned = measured;
        s.runMs = [];
        s.ratios = [];
      }
      log(opts, `${result.name}: tuned in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    }

    // 3. Timing rounds, engines interleaved, their order rotated each round.
    for (let round = 0; round < opts.rounds; round++) {
      for (const id of opts.scenarios) {
        const timed = live.filter((e) => e.result.scenarios.find((s) => s.scenario === id)?.tuned);
        const msThisRound = new Map<EngineResult, number>();
        for (const { child, result } of rotated(timed, round)) {
          const s = result.scenarios.find((x) => x.scenario === id)!;
          const t = await child.request<TimeReply>({ op: 'time', scenario: id, quality: s.tune!.chosen!, ticks: s.tuned!.ticks });
          if (failed(t)) { s.error = t.error; s.tuned = undefined; continue; }
          s.runMs!.push(t.ms);
          msThisRound.set(result, t.ms);
        }
        const ours = [...msThisRound].find(([r]) => r.name === 'ropebound')?.[1];
        for (const [r, ms] of msThisRound) {
          if (ours !== undefined && ours > 0) r.scenarios.find((x) => x.scenario === id)!.ratios!.push(ms / ours);
        }
      }
      log(opts, `round ${round + 1} of ${opts.rounds} done`);
    }
  } finally {
    for (const e of entries) e.child?.close();
  }
  return entries.map((e) => e.result);
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

function health(m: RunMetrics): string {
  return m.health === 'ok' ? 'ok' : `${m.health} @${m.badTick}`;
}

/** ms of wall time per simulated second, from ms per run of `ticks` ticks. */
const perSimSecond = (ms: number, ticks: number): number => ms / (ticks * TICK);

/** The equal-stretch table: per scenario, every engine at its tuned setting, and the fastest peer's ratio. */
export function tunedTable(engines: EngineResult[], opts: Options): string {
  const lines: string[] = [
    '| scenario | engine | setting (substeps x iter) | stretch beyond forced | health | ms / sim s (median) | range | x ropebound (median of rounds) |',
    '|---|---|---|---:|---|---:|---:|---:|',
  ];
  const summary: string[] = [];
  for (const id of opts.scenarios) {
    let fastestPeer: { name: string; ratio: number } | null = null;
    const holding: string[] = [];
    let oursHolds = false;
    for (const e of engines) {
      const s = e.scenarios.find((x) => x.scenario === id);
      if (e.error || !s) continue;
      if (s.error) { lines.push(`| ${id} | ${e.name} | ${q(s.tune?.chosen)} | - | error: ${s.error.replace(/\|/g, '/')} | - | - | - |`); continue; }
      if (!s.tune?.chosen) {
        const best = s.tune?.attempts.reduce((a, b) => (b.stretch < a.stretch ? b : a), s.tune.attempts[0]);
        lines.push(`| ${id} | ${e.name} | none holds 1 % (best ${pct(best?.stretch)} at ${q(best?.quality)}) | - | - | - | - | - |`);
        continue;
      }
      if (e.name === 'ropebound') oursHolds = true;
      else holding.push(e.name);
      const m = s.tuned?.metrics;
      const times = spread(s.runMs ?? []);
      const ratio = spread(s.ratios ?? []).median;
      const ticks = s.tuned?.ticks ?? 1;
      const cut = s.tuned?.truncatedFrom ? ` (${ticks}/${s.tuned.truncatedFrom} ticks)` : '';
      const above = m && !(m.maxExcessStretch <= STRETCH_TARGET) ? ' (above the target on the full scene)' : '';
      lines.push(`| ${id} | ${e.name} | ${q(s.tune.chosen)} | ${pct(m?.maxExcessStretch)}${above} | ${m ? health(m) : '-'}${cut} | ${fmt(perSimSecond(times.median, ticks))} | ${fmt(perSimSecond(times.min, ticks))}-${fmt(perSimSecond(times.max, ticks))} | ${e.name === 'ropebound' ? '1' : fmt(ratio)} |`);
      if (e.name !== 'ropebound' && Number.isFinite(ratio) && (!fastestPeer || ratio < fastestPeer.ratio)) fastestPeer = { name: e.name, ratio };
    }
    summary.push(`- ${id}: ${
      !oursHolds ? `ours does not hold the target, so no ratio${holding.length ? ` (held by ${holding.join(', ')})` : ''}`
        : fastestPeer ? `fastest peer ${fastestPeer.name}, ${fmt(fastestPeer.ratio)}x our time` : 'no peer holds the target'}`);
  }
  return `${lines.join('\n')}\n\nAt equal stretch (each engine's cheapest setting holding 1 % on the scenario):\n${summary.join('\n')}\n`;
}

/** What each engine does at its shipped defaults (stretch and health; no timing). */
export function defaultsTable(engines: EngineResult[], opts: Options): string {
  const lines: string[] = [
    '| scenario | engine | defaults (substeps x iter) | max stretch | stretch beyond forced | energy drift (end / max) | health |',
    '|---|---|---|---:|---:|---:|---|',
  ];
  for (const id of opts.scenarios) {
    for (const e of engines) {
      const s = e.scenarios.find((x) => x.scenario === id);
      if (e.error || !s?.defaults) continue;
      const m = s.defaults.metrics;
      const cut = s.defaults.truncatedFrom ? ` (${s.defaults.ticks}/${s.defaults.truncatedFrom} ticks)` : '';
      lines.push(`| ${id} | ${e.name} | ${q(e.defaults)} | ${pct(m.maxStretch)} | ${pct(m.maxExcessStretch)} | ${pct(m.energyDrift)} / ${pct(m.energyDriftMax)} | ${health(m)}${cut} |`);
    }
  }
  const notes = engines.map((e) => (e.error ? `- **${e.name}** (${e.file}): ${e.error.replace(/\n/g, ' ')}` : `- ${e.name}: ${e.version ?? ''}`));
  return `${lines.join('\n')}\n\n${notes.join('\n')}\n`;
}

export function report(engines: EngineResult[], opts: Options, m: ReturnType<typeof machine>): string {
  const pinned = m.pinnedCpu === undefined ? '' : m.pinnedCpu === null ? ', engines not pinned to a CPU' : `, every engine on CPU ${m.pinnedCpu}`;
  return `Rope bench (${m.date}): ${m.cpu}, ${m.cpus} cores, Node ${m.node}, ${opts.quick ? 'QUICK (smoke test)' : 'full'}, ${opts.rounds} interleaved round(s)${pinned}\n\n` +
    `## Equal stretch\n\n${tunedTable(engines, opts)}\n## As shipped (defaults)\n\n${defaultsTable(engines, opts)}`;
}

export function machine(pinned: number | null): { node: string; cpus: number; cpu: string; date: string; pinnedCpu?: number | null } {
  return { node: process.version, cpus: cpus().length, cpu: cpus()[0]?.model ?? '?', date: new Date().toISOString(), pinnedCpu: pinned };
}

async function main(): Promise<void> {
  const opts = parseArgs(process.argv.slice(2));
  if (opts.from) {
    const saved = JSON.parse(readFileSync(opts.from, 'utf8')) as { machine: ReturnType<typeof machine>; options: Options; engines: EngineResult[] };
    process.stdout.write(report(saved.engines, saved.options, saved.machine));
    return;
  }
  const t0 = performance.now();
  const cpu = pinnedCpu(opts.cpu);
  const engines = await runBench(opts, cpu);
  log(opts, `done in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  const m = machine(cpu);
  if (opts.json) process.stdout.write(`${JSON.stringify({ machine: m, options: opts, engines }, null, 2)}\n`);
  else process.stdout.write(report(engines, opts, m));
}

const isMain = process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href;
if (isMain) {
  main().catch((e: unknown) => {
    process.stderr.write(`${errorText(e)}\n`);
    process.exitCode = 1;
  });
}
