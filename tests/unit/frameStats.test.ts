// The F3 overlay's numbers (src/app/frameStats.ts): per half-second window, frames per second, the
// mean time of a sim tick and the mean time of drawing a frame; nothing until a window closes.
import { expect, test } from 'vitest';
import { FrameStats } from '../../src/app/frameStats';

test('a window of frames gives their rate, the mean tick time and the mean drawing time', () => {
  const stats = new FrameStats();
  expect(stats.addFrame(1000)).toBe(false); // opens the window
  for (let f = 1; f <= 30; f++) {
    stats.addTick(0.25);
    stats.addTick(0.75);
    stats.addDraw(f % 2 === 0 ? 3 : 1);
    const closed = stats.addFrame(1000 + f * 20);
    expect(closed, `frame ${f}`).toBe(f === 25); // 25 frames of 20 ms: the 500 ms window closes
    if (closed) break;
  }
  expect(stats.fps).toBeCloseTo(52, 6); // 26 frames counted in 500 ms
  expect(stats.simMsPerTick).toBeCloseTo(0.5, 9);
  expect(stats.drawMsPerFrame).toBeCloseTo((12 * 3 + 13 * 1) / 25, 9);
  // The next window starts empty: a window without draws says 0, not the last mean.
  for (let f = 1; f <= 26; f++) stats.addFrame(1500 + f * 20);
  expect(stats.drawMsPerFrame).toBe(0);
  expect(stats.simMsPerTick).toBe(0);
});
