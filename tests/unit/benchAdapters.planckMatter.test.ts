// The planck and matter-js bench adapters (bench/engines/planck.ts, matter.ts) build scenario A in
// the bench's frame (SI, y down): the pinned end stays put, the heavy end falls, positions stay
// finite and the chain does not fly apart. Correctness of the adapters, not their speed.

import { describe, expect, it } from 'vitest';
import type { EngineAdapter, Scenario } from '../../bench/engine';
import { adapters as matterAdapters } from '../../bench/engines/matter';
import { adapters as planckAdapters } from '../../bench/engines/planck';

const SEGMENTS = 32;
const SEGMENT_LENGTH = 0.25;
const PARTICLE_MASS = 0.1;

/** Scenario A at 10x: pinned at (1, 2), laid out horizontally to the right, end mass 10 particles. */
function scenarioA10(): Scenario {
  return {
    name: 'A heavy end 10x',
    gravity: 9.81,
    ropes: [{
      x: 1, y: 2, dirX: 1, dirY: 0, segments: SEGMENTS, segmentLength: SEGMENT_LENGTH,
      particleMass: PARTICLE_MASS, endMass: 10 * PARTICLE_MASS, pinFirst: true, pinLast: false,
    }],
  };
}

/** Both ends pinned, laid out horizontally (scenario B's rope). */
function bothPinned(): Scenario {
  const sc = scenarioA10();
  sc.ropes[0] = { ...sc.ropes[0], x: 0, y: 0, endMass: PARTICLE_MASS, pinLast: true };
  return sc;
}

function ropeLength(p: Float64Array): number {
  let sum = 0;
  for (let i = 0; i < SEGMENTS; i++) sum += Math.hypot(p[2 * i + 2] - p[2 * i], p[2 * i + 3] - p[2 * i + 1]);
  return sum;
}

const all: EngineAdapter[] = [...planckAdapters, ...matterAdapters];

describe.each(all.map((a) => [a.name, a] as const))('%s adapter', (_name, adapter) => {
  it('lays out scenario A as given (y down) and lets the heavy end fall from a fixed pin', () => {
    const world = adapter.build(scenarioA10(), adapter.defaults);
    const p = new Float64Array(2 * (SEGMENTS + 1));
    world.readRope(0, p);
    for (let i = 0; i <= SEGMENTS; i++) {
      expect(p[2 * i]).toBeCloseTo(1 + i * SEGMENT_LENGTH, 6);
      expect(p[2 * i + 1]).toBeCloseTo(2, 6);
    }
    let maxLength = 0;
    let allFinite = true;
    for (let t = 0; t < 120; t++) {
      world.step();
      world.readRope(0, p);
      allFinite &&= p.every(Number.isFinite);
      maxLength = Math.max(maxLength, ropeLength(p));
    }
    expect(allFinite).toBe(true);
    expect(p[0]).toBeCloseTo(1, 9);
    expect(p[1]).toBeCloseTo(2, 9);
    // Released from horizontal, the end swings down below the pin (y down: larger y).
    expect(p[2 * SEGMENTS + 1]).toBeGreaterThan(2 + 2);
    expect(maxLength).toBeLessThan(2 * SEGMENTS * SEGMENT_LENGTH);
    expect(world.projectionsPerTick()).toBeGreaterThan(0);
    world.dispose?.();
  });

  it('moves pinned ends where it is told, and an impulse pushes a particle its way', () => {
    const world = adapter.build(bothPinned(), adapter.defaults);
    const p = new Float64Array(2 * (SEGMENTS + 1));
    const length = SEGMENTS * SEGMENT_LENGTH;
    for (let t = 0; t < 30; t++) {
      world.moveFirst(0, -0.01 * (t + 1), 0.005 * (t + 1));
      world.moveLast(0, length + 0.01 * (t + 1), 0);
      world.step();
    }
    world.readRope(0, p);
    expect(p[0]).toBeCloseTo(-0.3, 6);
    expect(p[1]).toBeCloseTo(0.15, 6);
    expect(p[2 * SEGMENTS]).toBeCloseTo(length + 0.3, 6);
    expect(p[2 * SEGMENTS + 1]).toBeCloseTo(0, 6);
    // An upward impulse on a mid-rope particle lifts it above where the same rope without it is.
    const a = adapter.build(scenarioA10(), adapter.defaults);
    const b = adapter.build(scenarioA10(), adapter.defaults);
    a.applyImpulse(0, 16, 0, -0.05); // up (y down)
    a.step();
    b.step();
    const pa = new Float64Array(p.length);
    const pb = new Float64Array(p.length);
    a.readRope(0, pa);
    b.readRope(0, pb);
    expect(pa[2 * 16 + 1]).toBeLessThan(pb[2 * 16 + 1]);
  });
});
