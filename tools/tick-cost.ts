// Measures the sim on level 1 with the scripted crossing: ms per tick (median of 7 runs after a
// warm-up), the worst rope stretch while the swing is taut, and heap growth per tick.
// Run: npx tsx tools/tick-cost.ts   (add --expose-gc via NODE_OPTIONS for the heap figure)
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { parseLevel } from '../src/level/parseLevel';
import { createSimWorld, step } from '../src/sim';
import { playCrossing } from './firstGapBot';

const parsed = parseLevel(readFileSync('levels/01-first-gap.json', 'utf8'));
if (!parsed.ok) throw new Error(parsed.errors.join('\n'));
const def = parsed.def;

function once(): { msPerTick: number; ticks: number; stretch: number } {
  const world = createSimWorld(def);
  let stretch = 0;
  const t0 = performance.now();
  playCrossing(world, (phase) => {
    if (phase === 'swing' && world.player.isTaut[world.players[0]]) stretch = Math.max(stretch, world.maxStretch);
  });
  const ms = performance.now() - t0;
  return { msPerTick: ms / world.tick, ticks: world.tick, stretch };
}

for (let i = 0; i < 3; i++) once();
const runs = Array.from({ length: 7 }, once).sort((a, b) => a.msPerTick - b.msPerTick);
const median = runs[3];
console.log(`level 1 scripted crossing: ${median.ticks} ticks, ${(median.msPerTick * 1000).toFixed(1)} us per tick (median of 7; includes the bot)`);
console.log(`worst segment stretch while swinging on a taut rope: ${(median.stretch * 100).toFixed(2)} %`);

const gc = (globalThis as { gc?: () => void }).gc;
if (gc) {
  const world = createSimWorld(def);
  const inputs = [2, 16];
  for (let t = 0; t < 20_000; t++) step(world, inputs);
  gc();
  const before = process.memoryUsage().heapUsed;
  for (let t = 0; t < 20_000; t++) step(world, inputs);
  gc();
  const after = process.memoryUsage().heapUsed;
  console.log(`heap growth over 20,000 ticks after warm-up: ${((after - before) / 20_000).toFixed(2)} bytes per tick`);
} else {
  console.log('(run with NODE_OPTIONS=--expose-gc for bytes allocated per tick)');
}
