// Keyboard play in the real page: two players on one keyboard, by physical key.
// Level 01 (first-gap): P1 spawns at x 1.6, P2 at x 2.8 on a floor at y 12 (centres at y 11.3);
// a wall is at x 0 and a 2-tile block starts at x 4, so short runs either way stay on flat ground.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { gameUrl, sharedBrowser, openGame, screenshotStats, type GameHandle } from './browser';
import { getState, recordFrames, waitTicks } from './gameState';
import { waitScreen } from './menu';

let browser: Browser;

beforeAll(async () => {
  browser = await sharedBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/** A new page on the built-in level for each test, so no test sees another's state. */
function fresh(): Promise<GameHandle> {
  return openGame(gameUrl('?level=first-gap'), { browser });
}

describe('keyboard', () => {
  test('holding D for 30 ticks (0.5 s) moves P1 right and leaves P2 where it stands', async () => {
    const { page, errors, close } = await fresh();
    try {
      const before = await getState(page);
      await page.keyboard.down('KeyD');
      await waitTicks(page, 30);
      await page.keyboard.up('KeyD');
      const after = await getState(page);
      expect(after.players[0].x - before.players[0].x).toBeGreaterThan(1);
      expect(Math.abs(after.players[1].x - before.players[1].x)).toBeLessThan(0.01);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  test('holding ArrowLeft moves P2 left and leaves P1 where it stands', async () => {
    const { page, errors, close } = await fresh();
    try {
      const before = await getState(page);
      await page.keyboard.down('ArrowLeft');
      await waitTicks(page, 30);
      await page.keyboard.up('ArrowLeft');
      const after = await getState(page);
      expect(before.players[1].x - after.players[1].x).toBeGreaterThan(1);
      expect(Math.abs(after.players[0].x - before.players[0].x)).toBeLessThan(0.01);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  test('a tap shorter than a frame still reaches the sim (P1 jumps)', async () => {
    const { page, close } = await fresh();
    try {
      const before = await getState(page);
      // Every frame's state, recorded in the page: the hop lasts ~20 ticks, which a loaded machine
      // can run in two or three frames, too quick to catch by polling from here.
      const stopRecording = await recordFrames(page);
      // Down and up in one synchronous script: no frame (and so no input sample) can run between them.
      await page.evaluate(() => {
        window.dispatchEvent(new KeyboardEvent('keydown', { code: 'KeyW', key: 'w', bubbles: true }));
        window.dispatchEvent(new KeyboardEvent('keyup', { code: 'KeyW', key: 'w', bubbles: true }));
      });
      await waitTicks(page, 30);
      const frames = await stopRecording();
      const minY = Math.min(...frames.map((s) => s.players[0].y));
      expect(minY).toBeLessThan(before.players[0].y - 0.3);
    } finally {
      await close();
    }
  });

  test('arrow keys and Space never scroll the page', async () => {
    const { page, close } = await fresh();
    try {
      // A listener added after the game's own sees whether the game cancelled the default action.
      await page.evaluate(() => {
        const seen: Record<string, boolean> = {};
        (window as unknown as { __seen: typeof seen }).__seen = seen;
        window.addEventListener('keydown', (e) => { seen[e.code] = e.defaultPrevented; });
      });
      for (const key of ['ArrowDown', 'ArrowDown', 'Space', 'ArrowUp', 'ArrowRight', 'ArrowLeft']) {
        await page.keyboard.press(key);
      }
      await waitTicks(page, 5);
      const seen = await page.evaluate(() => (window as unknown as { __seen: Record<string, boolean> }).__seen);
      expect(seen).toEqual({ ArrowDown: true, Space: true, ArrowUp: true, ArrowRight: true, ArrowLeft: true });
      expect(await page.evaluate(() => [window.scrollX, window.scrollY, document.documentElement.scrollTop])).toEqual([0, 0, 0]);
    } finally {
      await close();
    }
  });

  test('a window blur releases held keys (and pauses): after resuming, P2 stops instead of running on to the wall', async () => {
    const { page, close } = await fresh();
    try {
      const start = await getState(page);
      // The blur is sent from inside the page, in the first frame P2 is seen moving, by a watcher
      // set up before the key goes down: a loaded machine runs up to 15 ticks a frame, and in the
      // round trips of waiting for the move from here P2 reached the wall before the blur (CI failure).
      await page.evaluate((x0) => {
        const handle = window.__ropebound as unknown as { getState(): { players: { x: number }[] } };
        (window as unknown as { __blurX: Promise<number> }).__blurX = new Promise<number>((resolve) => {
          const sample = (): void => {
            const x = handle.getState().players[1]!.x;
            if (x < x0 - 0.1) {
              window.dispatchEvent(new Event('blur'));
              resolve(x);
            } else requestAnimationFrame(sample);
          };
          // The game's frame callback was requested first, so each sample sees that frame's ticks.
          requestAnimationFrame(sample);
        });
      }, start.players[1].x);
      await page.keyboard.down('ArrowLeft'); // no keyup follows until the end: only the blur can stop P2
      const blurX = await page.evaluate(() => (window as unknown as { __blurX: Promise<number> }).__blurX);
      // The blur pauses the game (screens.test.ts); resume it with ArrowLeft still held down.
      await waitScreen(page, 'paused');
      await page.keyboard.press('Escape');
      await waitScreen(page, 'playing');
      const settled = await waitTicks(page, 20);
      const later = await waitTicks(page, 30);
      expect(later.players[1].vx).toBe(0);
      expect(later.players[1].x).toBe(settled.players[1].x);
      // Still held, P2 would have reached the wall (x 0.35) long before now; released, it stops
      // within a short skid of where the blur found it.
      expect(later.players[1].x).toBeGreaterThan(0.8);
      expect(blurX - later.players[1].x).toBeLessThan(0.6);
      await page.keyboard.up('ArrowLeft');
    } finally {
      await close();
    }
  });

  test('R restarts the level', async () => {
    const { page, close } = await fresh();
    try {
      const start = await getState(page);
      await page.keyboard.down('KeyD');
      await waitTicks(page, 20);
      await page.keyboard.up('KeyD');
      const moved = await getState(page);
      expect(moved.players[0].x).toBeGreaterThan(start.players[0].x + 0.5);
      await page.keyboard.press('KeyR');
      const restarted = await getState(page);
      expect(restarted.tick).toBeLessThan(moved.tick);
      expect(restarted.players[0].x).toBe(start.players[0].x);
    } finally {
      await close();
    }
  });

  test('F3 toggles a debug overlay with FPS, sim time, drawing time, where a tick goes and rope stretch', async () => {
    const { page, errors, close } = await fresh();
    try {
      const overlay = page.locator('.hud-debug');
      await expect.poll(() => overlay.isVisible()).toBe(false);
      await page.keyboard.press('F3');
      await expect.poll(() => overlay.textContent(), { timeout: 10_000 }).toMatch(/FPS \d+/);
      const text = (await overlay.textContent()) ?? '';
      expect(text).toMatch(/sim \d+\.\d+ ms\/tick/);
      // The main-thread time of drawing a frame: a level is on screen, so more than nothing.
      const draw = Number(/draw (\d+\.\d+) ms\/frame/.exec(text)?.[1]);
      expect(draw).toBeGreaterThan(0);
      expect(await page.evaluate(() => (window.__ropebound as unknown as { frameCost(): { drawMsPerFrame: number } }).frameCost().drawMsPerFrame)).toBeGreaterThan(0);
      expect(text).toMatch(/stretch \d+\.\d+ %/);
      // Per-stage times of the profiled world, costliest first: the rope shapes are among them.
      await expect.poll(async () => (await overlay.textContent()) ?? '', { timeout: 10_000 }).toMatch(/ropeShapes \d+\.\d{3}/);
      await screenshotStats(page, 'keys-debug-overlay');
      await page.keyboard.press('F3');
      await expect.poll(() => overlay.isVisible()).toBe(false);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });
});
