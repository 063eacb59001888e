// The game-speed assist slows the clock, not the sim: ticks stay DT long and run at speed × 60 Hz of
// wall time, so replays and hashes are the same at any speed.
import { describe, expect, test } from 'vitest';
import { FixedStep } from '../../src/app/fixedStep';
import { DT } from '../../src/sim';

function ticksIn(clock: FixedStep, seconds: number, fps: number): number {
  let ticks = 0;
  for (let i = 0; i < Math.round(seconds * fps); i++) ticks += clock.advance(1 / fps);
  return ticks;
}

describe('FixedStep game speed', () => {
  test.each([[1, 600], [0.5, 300], [0.7, 420]])('speed %s runs %s ticks in 10 s of 60 Hz frames', (speed, expected) => {
    const clock = new FixedStep({ speed });
    const ticks = ticksIn(clock, 10, 60);
    expect(Math.abs(ticks - expected)).toBeLessThanOrEqual(1);
    expect(clock.dtSec).toBe(DT); // the tick length itself is unchanged
  });

  test('setSpeed takes effect on the next frame and a 144 Hz display gives the same rate', () => {
    const clock = new FixedStep();
    expect(Math.abs(ticksIn(clock, 5, 144) - 300)).toBeLessThanOrEqual(1);
    clock.setSpeed(0.5);
    expect(Math.abs(ticksIn(clock, 5, 144) - 150)).toBeLessThanOrEqual(1);
  });

  test('at half speed a 60 Hz frame runs a tick every other frame, with alpha in between', () => {
    const clock = new FixedStep({ speed: 0.5 });
    expect(clock.advance(DT)).toBe(0);
    expect(clock.alpha).toBeCloseTo(0.5, 9);
    expect(clock.advance(DT)).toBe(1);
  });

  test.each([0, -1, 2, Number.NaN, Infinity])('a speed of %s is treated as normal speed', (speed) => {
    const clock = new FixedStep();
    clock.setSpeed(speed);
    expect(clock.speed).toBe(1);
  });

  test('the frame-time clamp applies to wall time before scaling (a stall does not bank ticks)', () => {
    const clock = new FixedStep({ speed: 0.5 });
    // 10 s stall -> clamped to 0.25 s -> 0.125 s of sim time = 7 ticks (under the cap of 15).
    expect(clock.advance(10)).toBe(7);
    expect(clock.droppedTicks).toBe(0);
    expect(clock.accumulatorSec).toBeLessThan(DT);
  });
});
