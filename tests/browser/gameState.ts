// Reading the running game from browser tests through the read-only `window.__ropebound` handle,
// and waiting in sim ticks rather than wall time: headless Chromium draws with software GL at a
// low frame rate, so "0.5 s" of wall time is not 30 ticks there, but 30 ticks always are.
import type { Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { readFileSync } from 'node:fs';
import type { DebugHandle, GameSnapshot } from '../../src/app/debugHandle';

// browser.ts types `window.__ropebound` loosely (it must load before the game exists); cast to the real shape.
type Handle = Pick<DebugHandle, 'getState' | 'errors'>;

export async function getState(page: Page): Promise<GameSnapshot> {
  const state = await page.evaluate(() => (window.__ropebound as unknown as Handle).getState());
  if (!state) throw new Error('no world is running (did the level fail to load?)');
  return state as GameSnapshot;
}

/** Waits until the sim has run `ticks` more ticks; returns the state at that point. */
export async function waitTicks(page: Page, ticks: number): Promise<GameSnapshot> {
  const target = (await getState(page)).tick + ticks;
  await page.waitForFunction(
    (t) => ((window.__ropebound as unknown as Handle).getState()?.tick ?? 0) >= t,
    target,
    { timeout: 20_000 },
  );
  return getState(page);
}

/**
 * Lets the page draw `n` frames (requestAnimationFrame callbacks); gives up after 10 s. For "nothing
 * happens" checks: a stopped sim must not tick in frames where a running one would have.
 */
export async function waitFrames(page: Page, n: number): Promise<void> {
  await page.evaluate(([left, total]) => new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`only ${total - left} of ${total} frames were drawn in 10 s`)), 10_000);
    const next = (): void => { if (--left <= 0) { clearTimeout(timer); resolve(); } else requestAnimationFrame(next); };
    requestAnimationFrame(next);
  }), [n, n] as const);
}

/**
 * Starts recording the game state once per drawn frame, inside the page. Reading it from the test
 * instead (a round trip per read; a screenshot blocks for several ticks) misses short events such
 * as the top of a hop when the page is slow. Returns a function that stops and hands back the
 * snapshots, one per tick that was seen (headless frames often run several ticks each).
 */
export async function recordFrames(page: Page): Promise<() => Promise<GameSnapshot[]>> {
  await page.evaluate(() => {
    const handle = window.__ropebound as unknown as Handle;
    const rec = { frames: [] as GameSnapshot[], isOn: true };
    (window as unknown as { __recording: typeof rec }).__recording = rec;
    const sample = (): void => {
      if (!rec.isOn) return;
      const s = handle.getState();
      if (s && s.tick !== rec.frames[rec.frames.length - 1]?.tick) rec.frames.push(s);
      requestAnimationFrame(sample);
    };
    // The game's own frame callback was requested first, so each sample sees that frame's ticks.
    requestAnimationFrame(sample);
  });
  return () => page.evaluate(() => {
    const rec = (window as unknown as { __recording: { frames: GameSnapshot[]; isOn: boolean } }).__recording;
    rec.isOn = false;
    return rec.frames;
  });
}

export async function getErrors(page: Page): Promise<string[]> {
  return page.evaluate(() => (window.__ropebound as unknown as Handle).errors);
}

/** Counts pixels of a PNG within `tolerance` (per channel) of an RGB colour such as 0x0072b2. */
export function countColour(pngPath: string, rgb: number, tolerance = 12): number {
  const { data, width, height } = PNG.sync.read(readFileSync(pngPath));
  const r = (rgb >> 16) & 0xff;
  const g = (rgb >> 8) & 0xff;
  const b = rgb & 0xff;
  let n = 0;
  for (let i = 0; i < width * height * 4; i += 4) {
    if (Math.abs(data[i]! - r) <= tolerance && Math.abs(data[i + 1]! - g) <= tolerance && Math.abs(data[i + 2]! - b) <= tolerance) n++;
  }
  return n;
}

/** Pixels of a PNG within `tolerance` of an RGB colour: how many, and their mean position, px. */
export function colourCentroid(
  pngPath: string, rgb: number, tolerance = 12,
  /** Screen boxes left out (a DOM caption over the canvas that comes and goes). */
  exclude: ReadonlyArray<{ x: number; y: number; width: number; height: number }> = [],
): { count: number; x: number; y: number } {
  const { data, width, height } = PNG.sync.read(readFileSync(pngPath));
  const r = (rgb >> 16) & 0xff;
  const g = (rgb >> 8) & 0xff;
  const b = rgb & 0xff;
  let count = 0;
  let sx = 0;
  let sy = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (exclude.some((e) => x >= e.x && x < e.x + e.width && y >= e.y && y < e.y + e.height)) continue;
      const i = (y * width + x) * 4;
      if (Math.abs(data[i]! - r) <= tolerance && Math.abs(data[i + 1]! - g) <= tolerance && Math.abs(data[i + 2]! - b) <= tolerance) {
        count++;
        sx += x;
        sy += y;
      }
    }
  }
  return { count, x: count ? sx / count : Number.NaN, y: count ? sy / count : Number.NaN };
}

/**
 * Wraps the page's requestAnimationFrame so a test can stop the game's clock: while
 * `window.__freeze` is true every frame callback gets the last timestamp before it (0 s frames:
 * nothing ticks or fades), so a screenshot slower than an effect still catches it.
 */
export async function installClockFreeze(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { requestAnimationFrame: typeof requestAnimationFrame; __freeze: boolean; __lastT: number };
    const raf = w.requestAnimationFrame.bind(window);
    w.__freeze = false;
    w.__lastT = 0;
    w.requestAnimationFrame = (cb) => raf((t) => {
      if (!w.__freeze) w.__lastT = t;
      cb(w.__lastT);
    });
  });
}
