// The long fuzz: random inputs on every built-in level that parses and on the rope yard, checking
// after every tick the invariants of tests/unit/properties.test.ts (finite state, nobody in a wall,
// no box centre in a wall, segments <= 1.5x rest, players <= tether + 1 %, no rope cutting a tile
// corner, no rope in the stone) and that no NaN had to be quarantined. Prints ticks run, the worst
// stretch, the worst tether excess, the deepest corner cut, the deepest any rope lies in the stone
// and every failure.
// Run: npm run test:long (through vitest), or npx tsx tools/fuzz.ts [--ticks N] [--seeds N]
// (exits 1 on any failure).
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { SimEvent, createSimWorld, readEvents, step, type WorldDef } from '../src/sim';
import { INVARIANT_LIMITS, checkInvariants, type InvariantStats } from './scenarios/invariants';
import { createInputFuzzer } from './scenarios/inputs';
import { parsedLevels } from './scenarios/levels';
import { ropeYardDef } from './scenarios/worlds';

export interface FuzzOptions {
  /** Ticks per (world, seed) run. */
  ticksPerRun?: number;
  /** Seeds per world. */
  seeds?: number;
  /** Failures kept per run (the run goes on after one). */
  maxFailuresPerRun?: number;
  log?: (line: string) => void;
}

export interface FuzzRun extends InvariantStats {
  world: string;
  seed: number;
  ticks: number;
  failures: string[];
  usPerTick: number;
}

export interface FuzzReport extends InvariantStats {
  ticks: number;
  runs: FuzzRun[];
  failures: string[];
}

/** The worlds fuzzed: every levels/*.json that parses, then the rope yard. */
export function fuzzWorlds(): Array<{ name: string; def: WorldDef }> {
  const worlds = parsedLevels().map((l) => ({ name: l.file, def: l.def }));
  worlds.push({ name: 'rope yard (tests/unit/robustScenarios.ts)', def: ropeYardDef() });
  return worlds;
}

/**
 * One run: `seed` picks the input stream. Odd seeds hold each random button mask for 1..40 ticks
 * (walks, swings, hauls), even seeds for 1..4 ticks (frantic mashing).
 */
export function fuzzRun(name: string, def: WorldDef, seed: number, ticks: number, maxFailures = 10): FuzzRun {
  const world = createSimWorld(def);
  const next = createInputFuzzer(seed * 7919 + name.length, seed % 2 === 1 ? 40 : 4);
  const inputs = [0, 0];
  const stats: InvariantStats = { worstStretch: 0, worstTetherExcess: 0, worstRopeCut: 0, worstRopeDepth: 0, worstSpeedShare: 0, worstBoxOverlap: 0 };
  const failures: string[] = [];
  let failureCount = 0;
  let cursor = 0;
  let quarantined = 0;
  const t0 = performance.now();
  for (let t = 0; t < ticks; t++) {
    next(inputs);
    step(world, inputs);
    const problem = checkInvariants(world, stats);
    quarantined = 0;
    cursor = readEvents(world.events, cursor, (type) => { if (type === SimEvent.NaNQuarantined) quarantined++; });
    const message = problem ?? (quarantined > 0 ? 'a NaN was quarantined' : null);
    if (message) {
      failureCount++;
      if (failures.length < maxFailures) failures.push(`${name} seed ${seed} tick ${t} (inputs ${inputs[0]}, ${inputs[1]}): ${message}`);
    }
  }
  const usPerTick = ((performance.now() - t0) * 1000) / ticks;
  if (failureCount > failures.length) failures.push(`${name} seed ${seed}: ... ${failureCount - failures.length} more`);
  return { world: name, seed, ticks, failures, usPerTick, ...stats };
}

export function runFuzz(opts: FuzzOptions = {}): FuzzReport {
  const ticksPerRun = opts.ticksPerRun ?? 50_000;
  const seeds = opts.seeds ?? 8;
  const log = opts.log ?? ((line: string) => console.log(line));
  const report: FuzzReport = { ticks: 0, runs: [], failures: [], worstStretch: 0, worstTetherExcess: 0, worstRopeCut: 0, worstRopeDepth: 0, worstSpeedShare: 0, worstBoxOverlap: 0 };
  for (const { name, def } of fuzzWorlds()) {
    for (let seed = 1; seed <= seeds; seed++) {
      const run = fuzzRun(name, def, seed, ticksPerRun, opts.maxFailuresPerRun);
      report.runs.push(run);
      report.ticks += run.ticks;
      report.failures.push(...run.failures);
      report.worstStretch = Math.max(report.worstStretch, run.worstStretch);
      report.worstTetherExcess = Math.max(report.worstTetherExcess, run.worstTetherExcess);
      report.worstRopeCut = Math.max(report.worstRopeCut ?? 0, run.worstRopeCut ?? 0);
      report.worstRopeDepth = Math.max(report.worstRopeDepth ?? 0, run.worstRopeDepth ?? 0);
      report.worstSpeedShare = Math.max(report.worstSpeedShare ?? 0, run.worstSpeedShare ?? 0);
      report.worstBoxOverlap = Math.max(report.worstBoxOverlap ?? 0, run.worstBoxOverlap ?? 0);
      log(`${name.padEnd(44)} seed ${String(seed).padStart(2)}: ${run.ticks} ticks, worst stretch ${pct(run.worstStretch)}, ` +
        `worst tether excess ${pct(run.worstTetherExcess)}, corner cut ${cm(run.worstRopeCut)}, rope in stone ${cm(run.worstRopeDepth)}, fastest ${pct(run.worstSpeedShare ?? 0)} of the level's limit, boxes ${cm(run.worstBoxOverlap)} into each other, ${run.failures.length === 0 ? 'ok' : `${run.failures.length} FAILURES`} ` +
        `(${run.usPerTick.toFixed(0)} us/tick incl. checks)`);
    }
  }
  log('');
  log(`fuzz: ${report.ticks} ticks over ${report.runs.length} runs; worst segment stretch ${pct(report.worstStretch)} (limit 50 %), ` +
    `worst tether excess ${pct(report.worstTetherExcess)} (limit 1 %), deepest corner cut ${cm(report.worstRopeCut)} ` +
    `(limit ${cm(INVARIANT_LIMITS.ropeCornerCut)}), deepest rope in stone ${cm(report.worstRopeDepth)} (limit ${cm(INVARIANT_LIMITS.ropeDepth)}), fastest body ${pct(report.worstSpeedShare ?? 0)} of its level's speed limit, ` +
    `boxes ${cm(report.worstBoxOverlap)} into each other (limit ${cm(INVARIANT_LIMITS.boxOverlap)}), ${report.failures.length} failures`);
  for (const f of report.failures) log(`FAILURE ${f}`);
  return report;
}

function cm(v = 0): string {
  return `${(v * 100).toFixed(2)} cm`;
}

function pct(v: number): string {
  return `${(v * 100).toFixed(3)} %`;
}

function argValue(name: string): number | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? Number(process.argv[i + 1]) : undefined;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const report = runFuzz({ ticksPerRun: argValue('--ticks'), seeds: argValue('--seeds') });
  process.exit(report.failures.length > 0 ? 1 : 0);
}
