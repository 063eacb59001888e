import { describe, expect, test } from 'vitest';
import { FixedStep } from '../../src/app/fixedStep';
import { DT } from '../../src/sim';

describe('FixedStep', () => {
  test('uses the sim tick by default: one 60 Hz frame runs one tick', () => {
    const clock = new FixedStep();
    expect(clock.dtSec).toBe(DT);
    expect(clock.advance(DT)).toBe(1);
    expect(clock.alpha).toBeGreaterThanOrEqual(0);
    expect(clock.alpha).toBeLessThan(1);
  });

  test('short frames accumulate and alpha reports the fraction of a tick', () => {
    const clock = new FixedStep({ dtSec: 0.01 });
    expect(clock.advance(0.004)).toBe(0);
    expect(clock.alpha).toBeCloseTo(0.4, 9);
    expect(clock.advance(0.004)).toBe(0);
    expect(clock.advance(0.004)).toBe(1);
    expect(clock.alpha).toBeCloseTo(0.2, 9);
  });

  // 144 Hz and 60 Hz displays; 5 fps: software GL under load, which the catch-up of 15 ticks a frame covers.
  test.each([144, 60, 5])('a display drawing %d frames a second runs 60 ticks per second of frames, none dropped', (fps) => {
    const clock = new FixedStep();
    let ticks = 0;
    for (let i = 0; i < fps * 10; i++) ticks += clock.advance(1 / fps);
    expect(ticks).toBeGreaterThanOrEqual(599);
    expect(ticks).toBeLessThanOrEqual(600);
    expect(clock.droppedTicks).toBe(0);
  });

  test('below 4 frames a second the frame clamp (0.25 s) drops the rest: the game slows instead of leaping', () => {
    const clock = new FixedStep();
    let ticks = 0;
    for (let i = 0; i < 2 * 10; i++) ticks += clock.advance(1 / 2);
    expect(ticks).toBe(300); // 10 s at 2 fps: 5 s of game time
  });

  test('ticks per frame are capped and the time beyond the cap is dropped, not banked', () => {
    const clock = new FixedStep({ dtSec: 0.01, maxFrameSec: 1, maxTicksPerFrame: 5 });
    expect(clock.advance(0.125)).toBe(5);
    expect(clock.droppedTicks).toBe(7);
    expect(clock.alpha).toBeCloseTo(0.5, 6);
    // Nothing was banked: a normal frame afterwards runs a normal number of ticks.
    expect(clock.advance(0.01)).toBe(1);
  });

  test('frame time is clamped to 0.25 s before the cap applies', () => {
    const clock = new FixedStep({ dtSec: 0.01, maxTicksPerFrame: 1000 });
    expect(clock.advance(10)).toBe(25);
  });

  test.each([0, -0.5, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY])(
    'frame time %s runs nothing and leaves the clock usable',
    (bad) => {
      const clock = new FixedStep({ dtSec: 0.01 });
      clock.advance(0.005);
      expect(clock.advance(bad)).toBe(0);
      expect(clock.alpha).toBeCloseTo(0.5, 9);
      expect(Number.isFinite(clock.alpha)).toBe(true);
      expect(clock.advance(0.005)).toBe(1);
    },
  );

  test('alpha stays in [0, 1) across many uneven frames', () => {
    const clock = new FixedStep();
    for (let i = 0; i < 10_000; i++) {
      clock.advance(((i * 7919) % 97) / 1000);
      expect(clock.alpha).toBeGreaterThanOrEqual(0);
      expect(clock.alpha).toBeLessThan(1);
    }
  });

  test('reset forgets pending time', () => {
    const clock = new FixedStep({ dtSec: 0.01 });
    clock.advance(0.009);
    clock.reset();
    expect(clock.alpha).toBe(0);
    expect(clock.advance(0.002)).toBe(0);
  });
});
