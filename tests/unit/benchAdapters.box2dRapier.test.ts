// The Box2D and Rapier adapters of `npm run bench` (bench/engines/box2d.ts, bench/engines/rapier.ts) build and
// step the bench's scenarios correctly: y down in and out, pins held and moved, impulses applied, no NaN.
// Correctness only: no timing here (speed is measured by `npm run bench`).
import { beforeAll, describe, expect, it } from 'vitest';
import type { EngineAdapter, Scenario } from '../../bench/engine';
import { adapters as box2dAdapters } from '../../bench/engines/box2d';
import { adapters as rapierAdapters } from '../../bench/engines/rapier';

const SEGMENTS = 32;
const SEGMENT_LENGTH = 0.25;
const PARTICLE_MASS = 0.05;
const PIN_X = 1;
const PIN_Y = 2;

/** Scenario A: a pinned rope released from horizontal with an end mass `ratio` x a segment's. */
function scenarioA(ratio: number): Scenario {
  return {
    name: `A ${ratio}x`,
    gravity: 9.81,
    ropes: [{
      x: PIN_X, y: PIN_Y, dirX: 1, dirY: 0, segments: SEGMENTS, segmentLength: SEGMENT_LENGTH,
      particleMass: PARTICLE_MASS, endMass: ratio * PARTICLE_MASS, pinFirst: true, pinLast: false,
    }],
  };
}

/** A scenario-E-like set-up: a 0.5 m box hanging on a short rope, a player-sized mass running into it. */
function scenarioE(): Scenario {
  const segments = 8;
  return {
    name: 'E',
    gravity: 9.81,
    ropes: [{
      x: 0, y: 0, dirX: 0, dirY: 1, segments, segmentLength: SEGMENT_LENGTH,
      particleMass: PARTICLE_MASS, endMass: PARTICLE_MASS, pinFirst: true, pinLast: false,
    }],
    box: { x: 0, y: segments * SEGMENT_LENGTH + 0.25, w: 0.5, h: 0.5, mass: 5 },
    runner: { x: -1.5, y: segments * SEGMENT_LENGTH + 0.25, w: 0.5, h: 0.9, mass: 60, vx: 6, vy: 0 },
  };
}

const all: EngineAdapter[] = [...box2dAdapters, ...rapierAdapters];

beforeAll(async () => {
  for (const adapter of all) await adapter.init?.();
});

describe('bench adapters: Box2D and Rapier', () => {
  it('exports the expected adapters', () => {
    expect(all.map((a) => a.name)).toEqual([
      'box2d-rope', 'box2d-revolute', 'box2d-revolute-rope-joint',
      'rapier-impulse-chain', 'rapier-rope-joint', 'rapier-soft-rope', 'rapier-soft-rope-stiff',
    ]);
    for (const a of all) {
      expect(a.defaults.substeps).toBeGreaterThanOrEqual(1);
      expect(a.defaults.iterations).toBeGreaterThanOrEqual(1);
      expect(a.version).toMatch(/\d+\.\d+\.\d+/);
    }
  });

  for (const adapter of all) {
    describe(adapter.name, () => {
      it('scenario A at 10x: reads the layout back, holds the pin, the end falls, the rope stays < 2x long', () => {
        const world = adapter.build(scenarioA(10), adapter.defaults);
        const out = new Float64Array(2 * (SEGMENTS + 1));
        world.readRope(0, out);
        // Before any step: the layout as given, y down.
        for (let i = 0; i <= SEGMENTS; i++) {
          expect(out[2 * i]).toBeCloseTo(PIN_X + i * SEGMENT_LENGTH, 5);
          expect(out[2 * i + 1]).toBeCloseTo(PIN_Y, 5);
        }
        let maxLength = 0;
        for (let t = 0; t < 120; t++) {
          world.step();
          world.readRope(0, out);
          expect(out.every(Number.isFinite)).toBe(true);
          expect(out[0]).toBeCloseTo(PIN_X, 6);
          expect(out[1]).toBeCloseTo(PIN_Y, 6);
          let length = 0;
          for (let i = 0; i < SEGMENTS; i++) {
            length += Math.hypot(out[2 * i + 2]! - out[2 * i]!, out[2 * i + 3]! - out[2 * i + 1]!);
          }
          maxLength = Math.max(maxLength, length);
        }
        // After 2 s the heavy end has swung down (y down: below the pin means larger y).
        expect(out[2 * SEGMENTS + 1]!).toBeGreaterThan(PIN_Y + 2);
        expect(maxLength).toBeLessThan(2 * SEGMENTS * SEGMENT_LENGTH);
        expect(world.projectionsPerTick()).toBeGreaterThan(0);
        world.dispose?.();
      });

      it('moves the pinned end kinematically and applies impulses in y-down axes', () => {
        const world = adapter.build(scenarioA(10), adapter.defaults);
        const out = new Float64Array(2 * (SEGMENTS + 1));
        world.moveFirst(0, PIN_X + 0.1, PIN_Y - 0.2);
        world.step();
        world.readRope(0, out);
        expect(out[0]).toBeCloseTo(PIN_X + 0.1, 5);
        expect(out[1]).toBeCloseTo(PIN_Y - 0.2, 5);

        // An upward impulse (negative y) on the middle particle lifts it against a twin left alone.
        const twin = adapter.build(scenarioA(10), adapter.defaults);
        const twinOut = new Float64Array(out.length);
        twin.moveFirst(0, PIN_X + 0.1, PIN_Y - 0.2);
        twin.step();
        const mid = SEGMENTS / 2;
        world.applyImpulse(0, mid, 0, -0.05);
        for (let t = 0; t < 3; t++) {
          world.step();
          twin.step();
        }
        world.readRope(0, out);
        twin.readRope(0, twinOut);
        expect(out[2 * mid + 1]!).toBeLessThan(twinOut[2 * mid + 1]! - 0.01);
        world.dispose?.();
        twin.dispose?.();
      });

      it('scenario B-like: both ends pinned, the last one pulled away and held', () => {
        const segments = 8;
        const world = adapter.build({
          name: 'B',
          gravity: 9.81,
          ropes: [{
            x: 0, y: 0, dirX: 1, dirY: 0, segments, segmentLength: SEGMENT_LENGTH,
            particleMass: PARTICLE_MASS, endMass: PARTICLE_MASS, pinFirst: true, pinLast: true,
          }],
        }, adapter.defaults);
        const out = new Float64Array(2 * (segments + 1));
        const length = segments * SEGMENT_LENGTH;
        for (let t = 1; t <= 60; t++) {
          const x = length + Math.min(t, 30) * (0.5 * length / 30);
          world.moveLast(0, x, 0.1);
          world.step();
          world.readRope(0, out);
          expect(out.every(Number.isFinite)).toBe(true);
          expect(out[2 * segments]).toBeCloseTo(x, 5);
          expect(out[2 * segments + 1]).toBeCloseTo(0.1, 5);
          expect(out[0]).toBeCloseTo(0, 6);
          expect(out[1]).toBeCloseTo(0, 6);
        }
        world.dispose?.();
      });

      if (adapter.name === 'box2d-rope') {
        it('refuses scenario E (b2Rope cannot carry a rigid box)', () => {
          expect(() => adapter.build(scenarioE(), adapter.defaults)).toThrow(/scenario E/);
        });
      } else {
        it('scenario E: the runner pushes the hanging box', () => {
          const world = adapter.build(scenarioE(), adapter.defaults);
          const box = new Float64Array(2);
          const runner = new Float64Array(2);
          world.readBox!(box);
          world.readRunner!(runner);
          expect(box[0]).toBeCloseTo(0, 5);
          expect(runner[0]).toBeCloseTo(-1.5, 5);
          for (let t = 0; t < 30; t++) world.step();
          world.readBox!(box);
          world.readRunner!(runner);
          expect([...box, ...runner].every(Number.isFinite)).toBe(true);
          expect(box[0]!).toBeGreaterThan(0.2);
          world.dispose?.();
        });
      }
    });
  }
});
