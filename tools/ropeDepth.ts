// How deep rope segments go into solid tiles over random play on every fuzz world (tools/fuzz.ts):
// per tick, the deepest point of any segment inside the stone (tools/scenarios/ropeDepth.ts), by
// kind of segment. `bare` joins the particles; `polyline` is the rope as the sim defines it
// (traceRopePolyline: pivots inserted between the particles that straddle them).
// Run: npx tsx tools/ropeDepth.ts [--ticks N] [--seeds N] [--level substring]
import { createSimWorld, ropePathLength, step, traceRopePolyline, type SimWorld } from '../src/sim';
import { fuzzWorlds } from './fuzz';
import { createInputFuzzer } from './scenarios/inputs';
import { pointDepth, segmentDepth } from './scenarios/ropeDepth';

const BASE = ['pivot straddle (bare)', 'pivot spans (polyline)', 'taut, other', 'slack', 'free end', 'tether'] as const;
/** Each kind twice: segments with both ends out of the stone (cutting a corner or a thin tile), and segments with an end in it. */
const KINDS = BASE.flatMap((k) => [`${k}: cut`, `${k}: end in`] as const);
type Kind = string;
interface Worst { depth: number; where: string; ticksOver1cm: number }

/** Within this much of full length a rope tied at both ends counts as taut (as ropeStages.ts), m. */
const TAUT_SLACK = 0.05;

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(name);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}
const levelFilter = process.argv.includes('--level') ? process.argv[process.argv.indexOf('--level') + 1] : '';

function note(world: SimWorld, worst: Map<Kind, Worst>, tickWorst: Map<Kind, number>, base: string, ax: number, ay: number, bx: number, by: number, where: string): void {
  const depth = segmentDepth(world.grid, ax, ay, bx, by);
  if (depth === 0) return;
  const kind = `${base}: ${pointDepth(world.grid, ax, ay) > 0 || pointDepth(world.grid, bx, by) > 0 ? 'end in' : 'cut'}`;
  const w = worst.get(kind)!;
  if (depth > w.depth) { w.depth = depth; w.where = where; }
  if (depth > (tickWorst.get(kind) ?? 0)) tickWorst.set(kind, depth);
}

function measureTick(world: SimWorld, worst: Map<Kind, Worst>, label: string): void {
  const { rope, particle } = world;
  const tickWorst = new Map<Kind, number>();
  for (const r of world.queries.ropes.dense) {
    if (rope.isActive[r] === 0) continue;
    const isTether = r === world.tetherRope;
    const isFree = rope.bodyA[r] === 0 || rope.bodyB[r] === 0;
    const isTaut = !isFree && ropePathLength(world, r) >= rope.length[r] - TAUT_SLACK;
    const other = isTether ? 'tether' : isFree ? 'free end' : isTaut ? 'taut, other' : 'slack';
    const line = traceRopePolyline(world, r);
    // Bare segments: a segment straddles a pivot when the polyline has a pivot between its particles.
    const first = rope.first[r];
    let i = first - 1;
    let hasPivot = false;
    for (let q = 0; q < line.count; q++) {
      if (line.isPivot[q] === 1) { hasPivot = true; continue; }
      i++;
      if (i === first) continue;
      note(world, worst, tickWorst, hasPivot ? 'pivot straddle (bare)' : other, particle.x[i - 1], particle.y[i - 1], particle.x[i], particle.y[i], `${label} rope ${r} seg ${i - 1 - first}${hasPivot ? '' : ` (${other})`}`);
      hasPivot = false;
    }
    // The polyline's segments that end at a pivot.
    for (let q = 0; q + 1 < line.count; q++) {
      if (line.isPivot[q] === 0 && line.isPivot[q + 1] === 0) continue;
      note(world, worst, tickWorst, 'pivot spans (polyline)', line.x[q], line.y[q], line.x[q + 1], line.y[q + 1], `${label} rope ${r} polyline ${q}`);
    }
  }
  for (const [kind, d] of tickWorst) if (d > 0.01) worst.get(kind)!.ticksOver1cm++;
}

const ticks = arg('--ticks', 3000);
const seeds = arg('--seeds', 2);
const total = new Map<Kind, Worst>(KINDS.map((k) => [k, { depth: 0, where: '', ticksOver1cm: 0 }]));
let ticksRun = 0;
console.log(`${''.padEnd(34)} ${KINDS.map((k) => k.replace(/[^A-Za-z]+/g, '').slice(0, 5).padStart(5)).join(' ')}`);
for (const { name, def } of fuzzWorlds()) {
  if (!name.includes(levelFilter)) continue;
  const worst = new Map<Kind, Worst>(KINDS.map((k) => [k, { depth: 0, where: '', ticksOver1cm: 0 }]));
  for (let seed = 1; seed <= seeds; seed++) {
    const world = createSimWorld(def);
    const next = createInputFuzzer(seed * 7919 + name.length, seed % 2 === 1 ? 40 : 4);
    const inputs = [0, 0];
    for (let t = 0; t < ticks; t++) {
      next(inputs);
      step(world, inputs);
      measureTick(world, worst, `seed ${seed} tick ${t}`);
      ticksRun++;
    }
  }
  console.log(`${name.padEnd(34)} ` + KINDS.map((k) => (worst.get(k)!.depth * 100).toFixed(1).padStart(5)).join(' ') + ' cm');
  for (const k of KINDS) {
    const w = worst.get(k)!;
    const t = total.get(k)!;
    t.ticksOver1cm += w.ticksOver1cm;
    if (w.depth > t.depth) { t.depth = w.depth; t.where = `${name} ${w.where}`; }
  }
}
console.log(`\n${ticksRun} ticks. Deepest point inside solid tiles, by kind of segment:`);
for (const k of KINDS) {
  const t = total.get(k)!;
  console.log(`  ${k.padEnd(32)} ${(t.depth * 100).toFixed(2).padStart(7)} cm, ticks over 1 cm: ${String(t.ticksOver1cm).padStart(6)}  ${t.where}`);
}
