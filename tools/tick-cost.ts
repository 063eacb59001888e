// Measures the sim. (1) Level 1 with the scripted crossing: us per tick (median of 7 runs after a
// warm-up) and the worst rope stretch while the swing is taut. (2) Every levels/*.json that parses,
// the rope yard and a stress world (83 ropes, 24 boxes), under fuzzed inputs: mean us per tick
// (median of 5 runs) and, with --expose-gc, the heap growth per tick after a 20,000-tick warm-up:
// "allocated" (every byte the ticks allocate in the young generation, see below) and "retained"
// (gc() before and after 20,000 ticks: leaks). A clean tick is ~0 B on both.
// (3) Every campaign level (levels/NN-<id>.json) played to the end by its bot (tools/bots/<id>.ts,
// `play(world, onTick)`), each level in a fresh Node process: the bot's masks are recorded once, then,
// after a JIT warm-up, us per tick of the bot's whole run (median of 7, includes the bot) and of the
// sim alone replaying the recorded masks (median of 7), and per tick of that replay: bytes allocated
// once V8 has compiled what the level runs (a second process per level, measureCompiledAllocation:
// the figure the goal of zero is about), early (the least of 7 replays after the timing runs, with
// V8's defaults: what the interpreter still boxes then) and heap growth (retained, median).
// (4) Where a tick goes: every level and the stress world under fuzzed inputs with a StageProfiler on
// the world, the time of each of the tick's systems and of each substep stage (src/sim/step.ts,
// src/sim/physics/substepStages.ts) per tick, and the profiler's own cost (a clock read around
// every stage of every substep).
// Bytes allocated = growth of the young generation's used size over the window plus what every GC
// inside the window freed from it (v8.GCProfiler reports each GC's spaces before and after), minus
// the measuring's own bytes (an empty window): exact whether or not a scavenge runs inside the
// window. The young generation is where the code's objects and boxed numbers go; the compilers'
// output (old, code and trusted spaces) is left out (allocatedBytes says why).
// Run: npm run tick-cost   (bundled as the game ships, with --expose-gc: tools/bundled.mjs)
//      npm run tick-cost -- --levels   (only section 3)
//      npm run tick-cost -- --stages   (only section 4)
import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import v8 from 'node:v8';
import { performance } from 'node:perf_hooks';
import { parseLevel } from '../src/level/parseLevel';
import {
  PLAYER_COUNT, SimEvent, createSimWorld, createStageProfiler, hashHex, resetStageProfiler, stageTimesPerTick, step,
  type SimWorld, type WorldDef, playerEntity, worldMaxStretch,
} from '../src/sim';
import { createInputFuzzer } from './scenarios/inputs';
import { parsedLevels } from './scenarios/levels';
import { ropeYardDef, stressDef } from './scenarios/worlds';
import { playCrossing } from './bots/first-gap';

const gc = (globalThis as { gc?: () => void }).gc;

// ---- (1) The First Gap (levels/03-first-gap.json), scripted crossing ------------------------
const parsed = parseLevel(readFileSync('levels/03-first-gap.json', 'utf8'));
if (!parsed.ok) throw new Error(parsed.errors.join('\n'));
const levelOne = parsed.def;

function crossingOnce(): { msPerTick: number; ticks: number; stretch: number } {
  const world = createSimWorld(levelOne);
  let stretch = 0;
  const t0 = performance.now();
  playCrossing(world, (phase) => {
    if (phase === 'swing' && world.player.isTaut[playerEntity(world, 0)]) stretch = Math.max(stretch, worldMaxStretch(world));
  });
  const ms = performance.now() - t0;
  return { msPerTick: ms / world.tick, ticks: world.tick, stretch };
}

function crossingSection(): void {
  for (let i = 0; i < 3; i++) crossingOnce();
  const crossings = Array.from({ length: 7 }, crossingOnce).sort((a, b) => a.msPerTick - b.msPerTick);
  const median = crossings[3];
  console.log(`The First Gap scripted crossing: ${median.ticks} ticks, ${(median.msPerTick * 1000).toFixed(1)} us per tick (median of 7; includes the bot)`);
  console.log(`worst segment stretch while swinging on a taut rope: ${(median.stretch * 100).toFixed(2)} %`);
  console.log('');
}

// ---- (2) every world under fuzzed inputs -------------------------------------------------------
// Tick counts for a normal level; the stress world (~50x the particles) runs a tenth of them.
let WARM_UP = 20_000;
let TIMED = 5_000;
let ALLOC_WINDOW = 2_000;
let RETAIN_WINDOW = 20_000;

/** A world with its input stream (fixed seed: the same ticks every time). */
function fuzzedWorld(def: WorldDef): { world: SimWorld; tick: () => void } {
  const world = createSimWorld(def);
  const next = createInputFuzzer(42, 40);
  const inputs = [0, 0];
  return { world, tick: () => { next(inputs); step(world, inputs); } };
}

function meanUsPerTick(def: WorldDef): number {
  const runs: number[] = [];
  for (let r = 0; r < 5; r++) {
    const { tick } = fuzzedWorld(def);
    for (let t = 0; t < TIMED / 2; t++) tick();
    const t0 = performance.now();
    for (let t = 0; t < TIMED; t++) tick();
    runs.push(((performance.now() - t0) * 1000) / TIMED);
  }
  return runs.sort((a, b) => a - b)[2];
}

function heapPerTick(def: WorldDef, collect: () => void): { allocated: number; retained: number; respawns: number } {
  const { world, tick } = fuzzedWorld(def);
  for (let t = 0; t < WARM_UP; t++) tick();
  // Allocated: several windows, each started right after a gc; a scavenge inside a window is
  // counted (allocatedBytes adds what it freed).
  const windows: number[] = [];
  for (let w = 0; w < 5; w++) {
    collect();
    windows.push(allocatedBytes(() => { for (let t = 0; t < ALLOC_WINDOW; t++) tick(); }) / ALLOC_WINDOW);
  }
  collect();
  const before = process.memoryUsage().heapUsed;
  for (let t = 0; t < RETAIN_WINDOW; t++) tick();
  collect();
  const retained = (process.memoryUsage().heapUsed - before) / RETAIN_WINDOW;
  return { allocated: windows.sort((a, b) => a - b)[2], retained, respawns: countRespawns(world) };
}

/** Respawns and deaths still in the event ring (a level restart copies a snapshot: it may allocate). */
function countRespawns(world: SimWorld): number {
  let n = 0;
  const ring = world.events;
  for (let k = Math.max(0, ring.count - ring.capacity); k < ring.count; k++) {
    const type = ring.type[k % ring.capacity];
    if (type === SimEvent.Respawned || type === SimEvent.Died) n++;
  }
  return n;
}

function fuzzSection(): void {
  const worlds: Array<{ name: string; def: WorldDef }> = [
    ...parsedLevels().map((l) => ({ name: l.file, def: l.def })),
    { name: 'rope yard (robustScenarios.ts)', def: ropeYardDef() },
    { name: 'stress: 83 ropes, 24 boxes', def: stressDef() },
  ];
  console.log('fuzzed inputs (seed 42, masks held 1..40 ticks); us/tick: mean of 5,000 ticks after 2,500, median of 5 runs;');
  console.log('heap: after a 20,000-tick warm-up, median of 5 windows of 2,000 ticks, and 20,000 ticks between gc() calls');
  console.log('(the stress world runs a tenth of each count)');
  for (const { name, def } of worlds) {
    const probe = createSimWorld(def);
    const particles = probe.queries.particles.dense.length;
    const scale = particles > 500 ? 0.1 : 1;
    WARM_UP = 20_000 * scale;
    TIMED = 5_000 * scale;
    ALLOC_WINDOW = 2_000 * scale;
    RETAIN_WINDOW = 20_000 * scale;
    const us = meanUsPerTick(def);
    let heap = '(run with NODE_OPTIONS=--expose-gc for bytes per tick)';
    if (gc) {
      const h = heapPerTick(def, gc);
      heap = `allocated ${h.allocated.toFixed(2)} B/tick, retained ${h.retained.toFixed(2)} B/tick` +
        (h.respawns > 0 ? ` (${h.respawns}+ restarts among the last 256 events: a restart copies a snapshot)` : '');
    }
    console.log(`  ${name.padEnd(32)} ${String(particles).padStart(5)} particles  ${us.toFixed(1).padStart(7)} us/tick  ${heap}`);
  }
}

// ---- (3) every campaign level played by its bot ------------------------------------------------
const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The young generation's spaces: where the code's own objects and boxed numbers are allocated. */
const YOUNG_SPACES = new Set(['new_space', 'new_large_object_space']);
/** Bytes in use in the young generation now. */
function youngUsed(): number {
  let used = 0;
  for (const s of v8.getHeapSpaceStatistics()) if (YOUNG_SPACES.has(s.space_name)) used += s.space_used_size;
  return used;
}

/**
 * Bytes `run` allocates in the young generation (see the header), measured around it. Only there:
 * the old, code and trusted spaces also take what V8's compilers make (optimized code, its
 * deoptimization data, feedback) on background threads at moments the code does not choose. (With
 * every space counted one build's Knock-On read 99 to 1,239 B/tick over four runs; the young
 * generation alone still moved with V8's re-optimizations, which the least of several replays
 * leaves out: measureLevel.)
 */
function allocatedBytes(run: () => void): number {
  const profiler = new v8.GCProfiler();
  profiler.start();
  const before = youngUsed();
  run();
  const after = youngUsed();
  const gcs = profiler.stop().statistics;
  let freed = 0;
  for (const g of gcs) {
    for (const space of g.beforeGC.heapSpaceStatistics) {
      if (!YOUNG_SPACES.has(space.spaceName)) continue;
      const afterGC = g.afterGC.heapSpaceStatistics.find((a) => a.spaceName === space.spaceName);
      freed += space.spaceUsedSize - (afterGC?.spaceUsedSize ?? 0);
    }
  }
  return after - before + freed - measuringOverhead;
}
let measuringOverhead = 0;
measuringOverhead = [0, 0, 0, 0, 0].map(() => allocatedBytes(() => {})).sort((a, b) => a - b)[2];

interface BotModule { play(world: SimWorld, onTick: () => void): void }

interface CampaignLevel { file: string; id: string; def: WorldDef; bot: BotModule }

/** The bot's run of a level: its masks (p1, p2 per tick), length and outcome. */
interface Recording { inputs: Uint8Array; ticks: number; completedTick: number; hash: string }

/** levels/NN-<id>.json, sorted. */
function campaignFiles(): string[] {
  return readdirSync(join(ROOT, 'levels')).filter((n) => /^\d+-.*\.json$/.test(n)).sort().map((n) => `levels/${n}`);
}

async function campaignLevel(file: string): Promise<CampaignLevel> {
  const text = readFileSync(join(ROOT, file), 'utf8');
  const level = parseLevel(text);
  if (!level.ok) throw new Error(`${file} does not load:\n${level.errors.join('\n')}`);
  const id = (JSON.parse(text) as { id: string }).id;
  const bot = (await import(pathToFileURL(join(ROOT, 'tools', 'bots', `${id}.ts`)).href)) as BotModule;
  if (typeof bot.play !== 'function') throw new Error(`tools/bots/${id}.ts exports no play(world, onTick)`);
  return { file, id, def: level.def, bot };
}

function record(level: CampaignLevel): Recording {
  const world = createSimWorld(level.def);
  const masks: number[] = [];
  level.bot.play(world, () => { for (let s = 0; s < PLAYER_COUNT; s++) masks.push(world.input[s]); });
  return { inputs: Uint8Array.from(masks), ticks: world.tick, completedTick: world.completedTick, hash: hashHex(world) };
}

const replayMasks = new Uint8Array(PLAYER_COUNT);
/** Steps `world` through the recorded masks (the sim alone: no bot, no allocation here). */
function replay(world: SimWorld, rec: Recording): void {
  const inputs = rec.inputs;
  for (let t = 0; t < rec.ticks; t++) {
    for (let s = 0; s < PLAYER_COUNT; s++) replayMasks[s] = inputs[t * PLAYER_COUNT + s];
    step(world, replayMasks);
  }
}

const median = (xs: number[]): number => {
  const a = [...xs].sort((p, q) => p - q);
  return a.length % 2 ? a[(a.length - 1) / 2] : (a[a.length / 2 - 1] + a[a.length / 2]) / 2;
};

function botUsPerTick(level: CampaignLevel): number {
  const world = createSimWorld(level.def);
  const t0 = performance.now();
  level.bot.play(world, () => {});
  return ((performance.now() - t0) * 1000) / world.tick;
}

function replayUsPerTick(level: CampaignLevel, rec: Recording): number {
  const world = createSimWorld(level.def);
  const t0 = performance.now();
  replay(world, rec);
  return ((performance.now() - t0) * 1000) / rec.ticks;
}

/** Per tick of one replay on a world built beforehand: bytes allocated, and heap growth across gc(). */
function replayHeap(level: CampaignLevel, rec: Recording, collect: () => void): { allocated: number; retained: number } {
  const world = createSimWorld(level.def);
  collect();
  const before = v8.getHeapStatistics().used_heap_size;
  const allocated = allocatedBytes(() => replay(world, rec));
  collect();
  const retained = v8.getHeapStatistics().used_heap_size - before;
  if (world.tick !== rec.ticks) throw new Error('replay length');
  return { allocated: allocated / rec.ticks, retained: retained / rec.ticks };
}

interface LevelCost {
  file: string;
  particles: number;
  ticks: number;
  completed: boolean;
  botUs: number;
  simUs: number;
  allocated?: number;
  retained?: number;
  /** Bytes per tick once V8 has compiled what the level runs (measureCompiledAllocation). */
  compiled?: number;
}

const RUNS = 7;

/** One level, in a process of its own (the child side of levelsSection). */
async function measureLevel(file: string): Promise<LevelCost> {
  const level = await campaignLevel(file);
  const rec = record(level);
  // The replay must be the bot's game exactly (the masks are the whole input of a deterministic sim).
  const check = createSimWorld(level.def);
  replay(check, rec);
  if (hashHex(check) !== rec.hash) throw new Error(`${file}: the replayed masks do not reproduce the bot's game`);
  for (let w = 0; w < 3; w++) { botUsPerTick(level); replayUsPerTick(level, rec); } // JIT warm-up
  const botUs: number[] = [];
  const simUs: number[] = [];
  for (let r = 0; r < RUNS; r++) { botUs.push(botUsPerTick(level)); simUs.push(replayUsPerTick(level, rec)); }
  const cost: LevelCost = {
    file, particles: check.queries.particles.dense.length, ticks: rec.ticks, completed: rec.completedTick >= 0,
    botUs: median(botUs), simUs: median(simUs),
  };
  if (gc) {
    // The least of 7 replays: a replay's window can take in V8 deoptimizing the physics and
    // optimizing it again (meanwhile it runs unoptimized, every number boxed: Knock-On's windows
    // read 98.8, 19,953, 911, 67, 42, 43, 42 B/tick in one process); what the code itself
    // allocates, it allocates in every replay, the least included.
    const heaps = [0, 1, 2, 3, 4, 5, 6].map(() => replayHeap(level, rec, gc));
    cost.allocated = Math.min(...heaps.map((h) => h.allocated));
    cost.retained = median(heaps.map((h) => h.retained));
  }
  return cost;
}

/**
 * V8 compiles a function with TurboFan only after it has run enough of its bytecode (its "interrupt
 * budget"); until then it runs in the interpreter, and the interpreter keeps every fractional
 * number in a heap object of its own: an allocation no way of writing the code avoids. A path a
 * replay takes a few times (a rope catching a corner, a bump) can stay interpreted for a hundred
 * replays, and which paths are compiled by the 10th replay moves from run to run (Ice Cliff read
 * 6.9 B/tick in one run of this tool and 141.7 in the next). So the figure the sim's code answers
 * for is measured in a process whose V8 compiles after 1/66 of the usual work
 * (`--interrupt-budget=1024`, bytes of bytecode; the default is 67,584) and on the main thread
 * (`--no-concurrent-recompilation`: compiled at the same moment in every run, the figure repeats
 * to the byte; compiled in the background, one run in eight caught a function thrown away and
 * not yet compiled again, 9-34 kB a tick for a few replays): after 40 replays what the level runs
 * is compiled, and the least of 12 replays is what the compiled tick allocates. The interpreter's
 * boxes before that are the "early" column; either way the objects are small and die young.
 */
const COMPILE_FLAGS = ['--interrupt-budget=1024', '--no-concurrent-recompilation'];
const COMPILED_WARM_UP = 40;
const COMPILED_WINDOWS = 12;

/** Per tick of a replay of `file`'s bot run, once compiled (the child side of levelsSection). */
async function measureCompiledAllocation(file: string, collect: () => void): Promise<number> {
  const level = await campaignLevel(file);
  const rec = record(level);
  for (let w = 0; w < COMPILED_WARM_UP; w++) replay(createSimWorld(level.def), rec);
  // The measuring's own bytes (a window around nothing) shrink as V8 compiles it too, in steps
  // (2,504, 1,784, 1,272 B) and at moments of its own: each replay's window is followed by an
  // empty one, and the difference never reads less than the replay allocated (the earlier
  // window's own bytes are at least the later one's). The least over the replays; the first few
  // still carry the measuring's own warm-up (0.7 B a tick on The First Gap, 0 from the 8th on).
  measuringOverhead = 0;
  const perTick: number[] = [];
  for (let k = 0; k < COMPILED_WINDOWS; k++) {
    const world = createSimWorld(level.def);
    collect();
    const bytes = allocatedBytes(() => replay(world, rec));
    const own = allocatedBytes(() => {});
    perTick.push((bytes - own) / rec.ticks);
  }
  // TICK_COST_VERBOSE=1: every window's figure, to stderr.
  if (process.env.TICK_COST_VERBOSE) console.error(file, perTick.map((b) => b.toFixed(2)).join(' '));
  return Math.min(...perTick);
}

/**
 * Every campaign level, each measured in a fresh Node process (same flags): what V8 optimizes, and so
 * what it allocates, depends on which worlds ran before in the process (up to 2x here), and the game
 * plays one level at a time. With --expose-gc, a second process per level measures the compiled
 * tick's allocation (measureCompiledAllocation).
 */
function levelsSection(): LevelCost[] {
  console.log('campaign levels played by their bots (tools/bots/<id>.ts), each in a fresh process after a JIT');
  console.log(`warm-up (3 runs); us/tick: median of ${RUNS} whole runs, "bot" = the bot playing (includes its own logic),`);
  console.log('"sim" = step() alone replaying the bot\'s recorded masks; per tick of a replay (world built before it):');
  console.log('bytes allocated in the young generation (its growth + what GCs inside freed from it, v8.GCProfiler;');
  console.log('the least of 7 replays): "compiled" once V8 has compiled what the level runs (a process of its own,');
  console.log(`${COMPILE_FLAGS.join(' ')}, after ${COMPILED_WARM_UP} replays, least of ${COMPILED_WINDOWS}), "early" after the 10 runs above with V8's`);
  console.log('defaults (what the interpreter still boxes then); retained: gc() before and after, median of 7');
  console.log(`  ${'level'.padEnd(30)} ${'particles'.padStart(9)} ${'ticks'.padStart(6)}  ${'bot us/tick'.padStart(11)} ${'sim us/tick'.padStart(11)}  ${'compiled B/tick'.padStart(15)} ${'early B/tick'.padStart(12)} ${'retained B/tick'.padStart(15)}`);
  const out: LevelCost[] = [];
  for (const file of campaignFiles()) {
    const row = JSON.parse(childLine(file, [], '--level')) as LevelCost;
    if (row.allocated !== undefined) row.compiled = Number(childLine(file, COMPILE_FLAGS, '--compiled-level'));
    out.push(row);
    const heap = row.allocated === undefined
      ? '(run with NODE_OPTIONS=--expose-gc for bytes per tick)'
      : `${row.compiled!.toFixed(1).padStart(15)} ${row.allocated.toFixed(1).padStart(12)} ${row.retained!.toFixed(2).padStart(15)}`;
    console.log(`  ${row.file.padEnd(30)} ${String(row.particles).padStart(9)} ${String(row.ticks).padStart(6)}${row.completed ? ' ' : '!'} ${row.botUs.toFixed(1).padStart(11)} ${row.simUs.toFixed(1).padStart(11)}  ${heap}`);
  }
  if (out.some((r) => !r.completed)) console.log('  ! the bot did not complete the level');
  return out;
}

/** Runs this tool for one level in a fresh Node process (same flags plus `flags`); the line with its result. */
function childLine(file: string, flags: string[], mode: string): string {
  // process.argv[1]: this file, or its bundle under tools/bundled.mjs (then the child runs bundled too).
  const child = spawnSync(process.execPath, [...process.execArgv, ...flags, process.argv[1], mode, file], {
    cwd: ROOT, env: process.env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'],
  });
  const line = child.stdout.split('\n').find((l) => l.startsWith('{') || /^-?[0-9]/.test(l));
  if (child.status !== 0 || !line) throw new Error(`${file}: the measuring process failed (status ${child.status})\n${child.stdout}`);
  return line;
}

// ---- (4) where a tick goes: systems and substep stages ------------------------------------------

/** us per tick of each system and substep stage over `ticks` fuzzed ticks (after as many to warm up). */
function stageSection(): void {
  const worlds: Array<{ name: string; def: WorldDef; ticks: number }> = [
    ...parsedLevels().map((l) => ({ name: l.file, def: l.def, ticks: 3000 })),
    { name: 'stress: 83 ropes, 24 boxes', def: stressDef(), ticks: 300 },
  ];
  console.log('where a tick goes (fuzzed inputs, seed 42): us per tick of each system, then of each substep stage');
  console.log('summed over the substeps; "clock" is the profiler\'s own cost (profiled minus plain tick time)');
  for (const { name, def, ticks } of worlds) {
    const { world, tick } = fuzzedWorld(def);
    for (let t = 0; t < ticks; t++) tick();
    const t0 = performance.now();
    for (let t = 0; t < ticks; t++) tick();
    const plainUs = ((performance.now() - t0) * 1000) / ticks;
    const profiler = createStageProfiler(() => performance.now());
    world.profiler = profiler;
    for (let t = 0; t < ticks; t++) tick();
    resetStageProfiler(profiler);
    const t1 = performance.now();
    for (let t = 0; t < ticks; t++) tick();
    const profiledUs = ((performance.now() - t1) * 1000) / ticks;
    const times = stageTimesPerTick(profiler);
    const fmt = (rows: Array<[string, number]>) => rows
      .filter(([, ms]) => ms * 1000 >= 0.05)
      .map(([n, ms]) => `${n} ${(ms * 1000).toFixed(1)}`).join(', ');
    console.log(`  ${name} (${plainUs.toFixed(1)} us/tick plain, clock ${(profiledUs - plainUs).toFixed(1)} us)`);
    console.log(`    systems: ${fmt(times.systems)}`);
    console.log(`    stages:  ${fmt(times.stages)}`);
  }
}

const levelArg = process.argv.indexOf('--level');
const compiledArg = process.argv.indexOf('--compiled-level');
if (compiledArg >= 0) {
  if (!gc) throw new Error('--compiled-level needs --expose-gc');
  console.log(String(await measureCompiledAllocation(process.argv[compiledArg + 1], gc)));
} else if (levelArg >= 0) {
  console.log(JSON.stringify(await measureLevel(process.argv[levelArg + 1])));
} else if (process.argv.includes('--stages')) {
  stageSection();
} else {
  if (!process.argv.includes('--levels')) {
    crossingSection();
    fuzzSection();
    console.log('');
    stageSection();
    console.log('');
  }
  levelsSection();
}
