// Property tests (fast-check): whatever the players press, after every tick every body and rope
// particle is finite, no player overlaps a solid tile, no box centre is inside one, every rope
// segment is at most 1.5x its rest length, the players are at most the tether length + 1 %
// apart, no rope cuts into a tile corner deeper than 8 cm nor lies deeper in the stone than
// INVARIANT_LIMITS.ropeDepth, no player or crate is faster than
// a fall from the top of the level plus a jump and no two boxes are more than 2 cm inside each
// other (checkInvariants in tools/scenarios/invariants.ts; the worst values are printed). Level 1 and the rope yard get 100 runs each, every other level
// a few. The seed is fixed so `npm test` is repeatable; set FC_SEED to explore others.
// tools/fuzz.ts runs the same checks for 10^6 ticks.
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { boxEntity, createSimWorld, levelRopes, step, type WorldDef } from '../../src/sim';
import { checkInvariants, type InvariantStats } from '../../tools/scenarios/invariants';
import { expandPhases, type InputPhase } from '../../tools/scenarios/inputs';
import { labDef, ropeYardDef } from '../../tools/scenarios/worlds';
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

const stats: Required<InvariantStats> = { worstStretch: 0, worstTetherExcess: 0, worstRopeCut: 0, worstRopeDepth: 0, worstSpeedShare: 0, worstBoxOverlap: 0 };
afterAll(() => {
  console.log(`invariants over random inputs: worst stretch ${(stats.worstStretch * 100).toFixed(2)} %, corner cut ${(stats.worstRopeCut * 100).toFixed(2)} cm, ` +
    `rope in stone ${(stats.worstRopeDepth * 100).toFixed(2)} cm, ` +
    `fastest body ${(stats.worstSpeedShare * 100).toFixed(0)} % of its level's limit, boxes ${(stats.worstBoxOverlap * 1000).toFixed(1)} mm into each other`);
});

function holdsInvariants(def: WorldDef, plan: InputPhase[]): void {
  const world = createSimWorld(def);
  const inputs = expandPhases(plan, MAX_TICKS);
  for (let t = 0; t < inputs.length; t++) {
    step(world, inputs[t]);
    const problem = checkInvariants(world, stats);
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

describe('the invariants catch what they say', () => {
  it('a rope with a particle 0.5 m inside the floor', () => {
    const world = createSimWorld(labDef({ ropes: [{ a: { kind: 'point', x: 10, y: 15 }, b: { kind: 'free' }, length: 4, segments: 8 }] }));
    const r = levelRopes(world)[0];
    // Hanging straight down from (10, 15) to (10, 19): moved 3.5 m down, its end is 0.5 m into
    // labDef's floor (rows 22 and 23, its surface at y 22).
    for (let i = world.rope.first[r]; i < world.rope.first[r] + world.rope.count[r]; i++) world.particle.y[i] += 3.5;
    expect(checkInvariants(world)).toMatch(/lies 50\.0 cm inside the stone/);
  });

  it('a crate thrown faster than a fall from the top of the level, and two crates 5 cm inside each other', () => {
    const world = createSimWorld(labDef({ boxes: [{ x: 10, y: 10, w: 1, h: 1, mass: 20 }, { x: 10.95, y: 10, w: 1, h: 1, mass: 20 }] }));
    expect(checkInvariants(world)).toMatch(/boxes 0 and 1 50 mm inside each other/);
    const fast = createSimWorld(labDef({ boxes: [{ x: 10, y: 10, w: 1, h: 1, mass: 20 }] }));
    fast.body.vx[boxEntity(fast, 0)] = 83; // issue 14: a tumbling crate threw a player at 83 m/s
    expect(checkInvariants(fast)).toMatch(/a body at 83\.0 m\/s, faster than a fall from the top of the level plus a jump/);
  });
});
