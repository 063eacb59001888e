// `npm run level-cost [-- --calibrate]`: checks the level cost model
// (src/level/levelCost.ts) against the sim. For every family of heavy levels
// (tools/scenarios/heavyLevels.ts) it finds the largest level parseLevel still accepts, then times
// a tick of it: CPU time of this process (what the tick costs on a core of its own) and wall time
// (what it took on this shared machine, waits included), the median of 5 runs of 60 ticks after 120
// ticks of warm-up, next to the model's estimate. Every accepted level must run a tick in
// MAX_TICK_MS. With --calibrate it also prints the measured cost of each unit the model counts.
// Bundled like npm run tick-cost (tools/bundled.mjs): the sim as the game ships it.
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { MAX_TICK_MS } from '../src/level/levelCost';
import { parseLevel } from '../src/level/parseLevel';
import { createSimWorld, step, type WorldDef } from '../src/sim';
import { HEAVY_FAMILIES, heavyLevel, type LevelObject } from './scenarios/heavyLevels';

const WARM_UP = 120;
const TIMED = 60;

interface Timing { cpuMs: number; wallMs: number }

function timeTicks(def: WorldDef): Timing {
  const world = createSimWorld(def);
  const inputs = [0, 0];
  for (let t = 0; t < WARM_UP; t++) step(world, inputs);
  const cpu: number[] = [];
  const wall: number[] = [];
  for (let r = 0; r < 5; r++) {
    const t0 = performance.now();
    const c0 = process.cpuUsage();
    for (let t = 0; t < TIMED; t++) step(world, inputs);
    const c = process.cpuUsage(c0);
    wall.push((performance.now() - t0) / TIMED);
    cpu.push((c.user + c.system) / 1000 / TIMED);
  }
  const median = (a: number[]) => a.sort((x, y) => x - y)[2];
  return { cpuMs: median(cpu), wallMs: median(wall) };
}

function parse(level: LevelObject) {
  return parseLevel(JSON.stringify(level));
}

/** The largest n of a family that parseLevel accepts (binary search; 0 if none). */
function largestAccepted(make: (n: number) => LevelObject, maxN: number): number {
  let lo = 0;
  let hi = maxN;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (parse(make(mid)).ok) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

const f = (n: number, d = 2) => n.toFixed(d);
console.log(`load average ${loadavg().map((l) => l.toFixed(1)).join(' ')} on this machine; limit ${MAX_TICK_MS} ms per tick`);
console.log('family | largest accepted | estimate ms | CPU ms | wall ms | refused at n+1');
let worst = 0;
let worstWall = 0;
for (const family of HEAVY_FAMILIES) {
  const n = largestAccepted(family.make, family.maxN);
  const parsed = parse(family.make(n));
  if (!parsed.ok) { console.log(`${family.name}: no accepted level (${parsed.errors[0]})`); continue; }
  const t = timeTicks(parsed.def);
  worst = Math.max(worst, t.cpuMs);
  worstWall = Math.max(worstWall, t.wallMs);
  const next = n < family.maxN ? parse(family.make(n + 1)) : null;
  const refused = next === null ? 'the format allows no more' : next.ok ? 'accepted?!' : next.errors[0].slice(0, 90);
  const over = t.cpuMs > MAX_TICK_MS ? ' OVER THE LIMIT' : '';
  console.log(`${family.name} | ${n} ${family.grows} | ${f(parsed.cost.ms)} | ${f(t.cpuMs)}${over} | ${f(t.wallMs)} | ${refused}`);
}
console.log(`worst tick of an accepted level: ${f(worst)} ms CPU, ${f(worstWall)} ms wall (limit ${MAX_TICK_MS} ms)`);

if (process.argv.includes('--calibrate')) {
  // Each unit from the difference of two scenes that differ only in it (CPU time, ns per unit and substep).
  console.log('\ncalibration (CPU ns per unit per substep):');
  const cpuNs = (level: LevelObject) => {
    // Calibration scenes may be over the limit: parse without the cost check by lowering substeps, then restore them.
    const substeps = (level.physics as { substeps: number }).substeps;
    const parsed = parseLevel(JSON.stringify({ ...level, physics: { substeps: 1 } }));
    if (!parsed.ok) throw new Error(parsed.errors[0]);
    const def = { ...parsed.def, physics: { ...parsed.def.physics, substeps } };
    return { ns: timeTicks(def).cpuMs * 1e6, cost: parsed.cost };
  };
  const S = 8;
  const empty = cpuNs(heavyLevel('c0', { substeps: S }));
  console.log(`base (empty level): ${f(empty.ns / 1000, 1)} us per tick`);
  const ropes = cpuNs(heavyLevel('c1', { substeps: S, ropes: 32, segments: 128, ropeLength: 40 }));
  const particleNs = (ropes.ns - empty.ns) / ((ropes.cost.particles - empty.cost.particles) * S);
  console.log(`rope particle (ropes lying on the floor): ${f(particleNs, 1)}`);
  const hanging = cpuNs(heavyLevel('c1h', { substeps: S, ropes: 32, segments: 128, ropeLength: 12 }));
  console.log(`rope particle (ropes hanging): ${f((hanging.ns - empty.ns) / ((hanging.cost.particles - empty.cost.particles) * S), 1)}`);
  for (const size of [0.2, 1, 4, 8]) {
    const boxes = cpuNs(heavyLevel('c2', { substeps: S, boxes: 128, boxSize: size }));
    const perBox = (boxes.ns - empty.ns) / (128 * S);
    console.log(`box ${size} m resting on a shelf (${boxes.cost.outlinePoints / 128} outline points): ${f(perBox, 0)} per box`);
  }
  const both = cpuNs(heavyLevel('c3', { substeps: S, ropes: 32, segments: 128, ropeLength: 12, boxes: 128, boxSize: 0.2 }));
  const smallBoxes = cpuNs(heavyLevel('c3b', { substeps: S, boxes: 128, boxSize: 0.2 }));
  const pairNs = (both.ns - hanging.ns - smallBoxes.ns + empty.ns) / (both.cost.particles * 128 * S);
  console.log(`rope particle x box (far apart): ${f(pairNs, 2)}`);
  const plats = cpuNs(heavyLevel('c4', { substeps: S, platforms: 48, segments: 32 }));
  const est = plats.cost;
  console.log(`platforms carrying ropes: ${f((plats.ns - empty.ns) / ((est.particles * est.bodies) * S), 2)} per particle x platform (everything else included)`);
}
