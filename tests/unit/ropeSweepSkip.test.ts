// A rope nothing touched in a substep skips the chain's backward sweep (solveRope.ts relaxRope,
// issue 17's "skip work for ropes that touched nothing"): its chain solve, one whole Newton step,
// already left every segment within 0.01 % of its length. These pin that the skip happens where it
// may, that it does not where collision moved a particle or the solve left a segment off its
// length, and that ropes hold their length without it, a long one at one substep a tick too.
import { describe, expect, it } from 'vitest';
import { buildRopebound } from '../../bench/engines/ropebound';
import { scenarioC, scenarioL } from '../../tools/scenarios/benchScenes';
import { ropeEntity, ropeMaxStretch, worldMaxStretch } from '../../src/sim';
import { integrateRope, relaxRope, solveRope } from '../../src/sim/physics/solveRope';
import { collideRope } from '../../src/sim/physics/collideRope';
import type { SimWorld } from '../../src/sim';

/** Rope r's particle positions, flat [x0, y0, x1, y1, ...]. */
function positions(world: SimWorld, r: number): number[] {
  const out: number[] = [];
  const first = world.rope.first[r];
  for (let i = first; i < first + world.rope.count[r]; i++) out.push(world.particle.x[i], world.particle.y[i]);
  return out;
}

/** A rope of scenario C (pinned at its top, released at 30 degrees), run `ticks` ticks at one substep. */
function swingingRope(ticks: number): { world: SimWorld; r: number } {
  const built = buildRopebound(scenarioC(1).scenario, { substeps: 1, iterations: 1 });
  for (let t = 0; t < ticks; t++) built.step();
  return { world: built.sim, r: ropeEntity(built.sim, 0) };
}

describe('the backward sweep of an untouched rope', () => {
  it('is skipped for a rope swinging in the air: the sweep leaves it as the chain solve did', () => {
    const { world, r } = swingingRope(30);
    world.substep.h = 1 / 60;
    integrateRope(world, r);
    solveRope(world, r);
    const solved = positions(world, r);
    expect(collideRope(world, r, false), 'nothing in the air touches it').toBe(false);
    expect(relaxRope(world, r, false)).toBe(false);
    expect(positions(world, r)).toEqual(solved);
    // The chain solve left it at its length to second order: within 0.01 % (0.0004 % measured).
    expect(ropeMaxStretch(world, r)).toBeLessThan(1e-4);
  });

  it('runs where collision moved a particle (isTouched): the sweep moves the rope', () => {
    const { world, r } = swingingRope(30);
    world.substep.h = 1 / 60;
    integrateRope(world, r);
    solveRope(world, r);
    // A particle pushed 5 mm aside, as a tile or a box would: the sweep must take it back into line.
    const mid = world.rope.first[r] + 5;
    world.particle.x[mid] += 0.005;
    const before = ropeMaxStretch(world, r);
    expect(relaxRope(world, r, true)).toBe(true);
    expect(ropeMaxStretch(world, r)).toBeLessThan(before / 2);
  });

  it('runs for an untouched rope its chain solve left off its length (a yank, as a slack rope snapping taut)', () => {
    const { world, r } = swingingRope(30);
    world.substep.h = 1 / 60;
    // Its free end flung sideways: one Newton step leaves the chain off its length (second order).
    const last = world.rope.first[r] + world.rope.count[r] - 1;
    world.particle.prevX[last] -= 0.06;
    integrateRope(world, r);
    solveRope(world, r);
    const before = ropeMaxStretch(world, r);
    console.log(`after the chain solve: ${(before * 100).toFixed(3)} % off`);
    expect(before).toBeGreaterThan(1e-4);
    expect(before, 'a whole Newton step, not one scaled down').toBeLessThan(0.01);
    expect(collideRope(world, r, false)).toBe(false);
    expect(relaxRope(world, r, false)).toBe(true);
    expect(ropeMaxStretch(world, r)).toBeLessThan(before);
  });

  it('a 128-segment rope released from horizontal at one substep a tick stays within 0.1 % of its length every tick', () => {
    const built = buildRopebound(scenarioL(128).scenario, { substeps: 1, iterations: 1 });
    let worst = 0;
    for (let t = 0; t < 300; t++) {
      built.step();
      worst = Math.max(worst, worldMaxStretch(built.sim));
    }
    console.log(`L128 at one substep: worst stretch ${(worst * 100).toExponential(2)} %`);
    expect(worst).toBeLessThan(1e-3);
  });
});
