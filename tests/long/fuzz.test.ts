// The long fuzz (tools/fuzz.ts) as a test: >= 10^6 ticks of random inputs on every built-in level
// and the rope yard, every tick checked. Not part of `npm test`; run it with `npm run test:long`.
import { expect, it } from 'vitest';
import { runFuzz } from '../../tools/fuzz';

it('10^6+ fuzzed ticks keep every invariant', () => {
  const report = runFuzz({ ticksPerRun: 50_000, seeds: 8 });
  expect(report.ticks).toBeGreaterThanOrEqual(1_000_000);
  expect(report.failures).toEqual([]);
});
