// Measures the sim. (1) Level 1 with the scripted crossing: us per tick (median of 7 runs after a
// warm-up) and the worst rope stretch while the swing is taut. (2) Every levels/*.json that parses,
// the rope yard and a stress world (83 ropes, 24 boxes), under fuzzed inputs: mean us per tick
// (median of 5 runs) and, with --expose-gc, the heap growth per tick after a 20,000-tick warm-up:
// "allocated" (a window between two gc() calls with no gc inside: every byte the ticks allocate)
// and "retained" (gc() before and after 20,000 ticks: leaks). A clean tick is ~0 B on both.
// Run: npm run tick-cost   (which sets NODE_OPTIONS=--expose-gc)
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { parseLevel } from '../src/level/parseLevel';
import { SimEvent, createSimWorld, step, type SimWorld, type WorldDef } from '../src/sim';
import { createInputFuzzer, parsedLevels, ropeYardDef, stressDef } from '../tests/unit/robustScenarios';
import { playCrossing } from './bots/first-gap';

const gc = (globalThis as { gc?: () => void }).gc;

// ---- (1) level 1, scripted crossing ----------------------------------------------------------
const parsed = parseLevel(readFileSync('levels/03-first-gap.json', 'utf8'));
if (!parsed.ok) throw new Error(parsed.errors.join('\n'));
const levelOne = parsed.def;

function crossingOnce(): { msPerTick: number; ticks: number; stretch: number } {
  const world = createSimWorld(levelOne);
  let stretch = 0;
  const t0 = performance.now();
  playCrossing(world, (phase) => {
    if (phase === 'swing' && world.player.isTaut[world.players[0]]) stretch = Math.max(stretch, world.maxStretch);
  });
  const ms = performance.now() - t0;
  return { msPerTick: ms / world.tick, ticks: world.tick, stretch };
}

for (let i = 0; i < 3; i++) crossingOnce();
const crossings = Array.from({ length: 7 }, crossingOnce).sort((a, b) => a.msPerTick - b.msPerTick);
const median = crossings[3];
console.log(`level 1 scripted crossing: ${median.ticks} ticks, ${(median.msPerTick * 1000).toFixed(1)} us per tick (median of 7; includes the bot)`);
console.log(`worst segment stretch while swinging on a taut rope: ${(median.stretch * 100).toFixed(2)} %`);
console.log('');

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
  // Allocated: several windows, each started right after a gc (a scavenge inside a window would
  // only lower the figure; the median of 5 hides one that does).
  const windows: number[] = [];
  for (let w = 0; w < 5; w++) {
    collect();
    const before = process.memoryUsage().heapUsed;
    for (let t = 0; t < ALLOC_WINDOW; t++) tick();
    windows.push((process.memoryUsage().heapUsed - before) / ALLOC_WINDOW);
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
  const particles = probe.pool.used;
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
