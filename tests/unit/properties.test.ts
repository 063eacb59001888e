// Property tests (fast-check): whatever the players press, after every tick every body and rope
// particle is finite, no player overlaps a solid tile, no box centre is inside one, every rope
// segment is at most 1.5x its rest length, the players are at most the tether length + 1 %
// apart and no rope cuts into a tile corner deeper than its radius (checkInvariants in
// tools/scenarios/invariants.ts). Level 1 and the rope yard get 100 runs each, every other level
// a few. The seed is fixed so `npm test` is repeatable; set FC_SEED to explore others.
// tools/fuzz.ts runs the same checks for 10^6 ticks.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createSimWorld, step, type WorldDef } from '../../src/sim';
import { checkInvariants } from '../../tools/scenarios/invariants';
import { expandPhases, type InputPhase } from '../../tools/scenarios/inputs';
import { ropeYardDef } from '../../tools/scenarios/worlds';
import { loadBuiltInLevel, parsedLevels } from '../../tools/scenarios/levels';

const SEED = Number(process.env.FC_SEED ?? 20_240_611);
const MAX_TICKS = 600;

/** Both players hold random masks (any of the 5 buttons) for 1..60 ticks, up to 600 ticks in all. */
const phases = fc.array(
  fc.record({
    p1: fc.integer({ min: 0, max: 31 }),
    p2: fc.integer({ min: 0, max: 31 }),
    hold: fc.integer({ min: 1, max: 60 }),
  }),
  { minLength: 1, maxLength: 40 },
);

function holdsInvariants(def: WorldDef, plan: InputPhase[]): void {
  const world = createSimWorld(def);
  const inputs = expandPhases(plan, MAX_TICKS);
  for (let t = 0; t < inputs.length; t++) {
    step(world, inputs[t]);
    const problem = checkInvariants(world);
    if (problem) throw new Error(`after tick ${t} (inputs ${inputs[t].join(', ')}): ${problem}`);
  }
}

describe('invariants over random inputs', () => {
  it('level 1 (The First Gap): 100 runs of up to 600 ticks', () => {
    const def = loadBuiltInLevel('levels/03-first-gap.json');
    fc.assert(fc.property(phases, (plan) => holdsInvariants(def, plan)), { numRuns: 100, seed: SEED });
  }, 60_000);

  it('the rope yard (boxes, anchor ropes, a snapping rope, spikes): 100 runs of up to 600 ticks', () => {
    const def = ropeYardDef();
    fc.assert(fc.property(phases, (plan) => holdsInvariants(def, plan)), { numRuns: 100, seed: SEED + 1 });
  }, 60_000);

  // Every campaign level, 4 runs each (about 4 s in all on this machine): its ropes, corners and tether.
  const levels = parsedLevels();
  it('there are campaign levels to check', () => expect(levels.length).toBeGreaterThanOrEqual(24));
  for (const [n, { file, def }] of levels.entries()) {
    it(`${file}: 4 runs of up to 600 ticks`, () => {
      fc.assert(fc.property(phases, (plan) => holdsInvariants(def, plan)), { numRuns: 4, seed: SEED + 2 + n });
    }, 60_000);
  }
});
