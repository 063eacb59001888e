// Menus, HUD and camera sized for the window (src/ui/uiScale.ts), in the real page: the same title
// menu, the same level's HUD and the same view of the level at 1280x720 and at 2560x1440 (the window resized, as a player would drag it
// to a bigger screen), twice as large there, and nothing cut off at either size.
// Screenshot: test-results/ui-scale-1440p.png.
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { screenshotStats, sharedBrowser } from './browser';
import { waitFrames } from './gameState';
import { openPage, waitScreen } from './menu';

let browser: Browser;
beforeAll(async () => { browser = await sharedBrowser(); });
afterAll(async () => { await browser?.close(); });

interface Box { x: number; y: number; width: number; height: number }

async function boxes(page: Page, selector: string): Promise<Box[]> {
  return page.locator(selector).evaluateAll((nodes) => nodes.map((n) => {
    const r = n.getBoundingClientRect();
    return { x: r.x, y: r.y, width: r.width, height: r.height };
  }));
}

/** Every box lies inside the window (a pixel of slack for rounding). */
function expectInside(list: Box[], width: number, height: number): void {
  expect(list.length).toBeGreaterThan(0);
  for (const b of list) {
    expect(b.x).toBeGreaterThanOrEqual(-1);
    expect(b.y).toBeGreaterThanOrEqual(-1);
    expect(b.x + b.width).toBeLessThanOrEqual(width + 1);
    expect(b.y + b.height).toBeLessThanOrEqual(height + 1);
  }
}

const cameraZoom = (page: Page) =>
  page.evaluate(() => (window.__ropebound as unknown as { camera(): { zoom: number } | null }).camera()?.zoom ?? 0);

async function resize(page: Page, width: number, height: number, zoom: string): Promise<void> {
  await page.setViewportSize({ width, height });
  await expect.poll(() => page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--ui-zoom').trim())).toBe(zoom);
  await waitFrames(page, 2);
}

test('the title menu, the HUD and the level are twice as large at 2560x1440 as at 1280x720, and the UI is inside the window at both', async () => {
  const { page, errors, close } = await openPage(browser, '');
  try {
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--ui-zoom').trim())).toBe('1');
    const small = await boxes(page, '.title-screen .menu-item');
    expectInside(small, 1280, 720);
    expectInside(await boxes(page, '.title-screen .panel'), 1280, 720);

    await resize(page, 2560, 1440, '2');
    const large = await boxes(page, '.title-screen .menu-item');
    expect(large.length).toBe(small.length);
    for (let i = 0; i < large.length; i++) {
      expect(large[i].height / small[i].height).toBeGreaterThan(1.9);
      expect(large[i].height / small[i].height).toBeLessThan(2.1);
    }
    expectInside(large, 2560, 1440);
    expectInside(await boxes(page, '.title-screen .panel'), 2560, 1440);

    // Into level 1 by keys: the HUD's level name and controls hint scale the same way.
    await page.keyboard.press('Enter');
    await waitScreen(page, 'menu');
    await page.keyboard.press('Enter');
    await waitScreen(page, 'playing');
    await waitFrames(page, 3);
    const hintLarge = await boxes(page, '.hud-hint .group');
    const runLarge = await boxes(page, '.hud-run');
    expectInside([...hintLarge, ...runLarge], 2560, 1440);
    await screenshotStats(page, 'ui-scale-1440p');
    const zoomLarge = await cameraZoom(page);

    await resize(page, 1280, 720, '1');
    const hintSmall = await boxes(page, '.hud-hint .group');
    const runSmall = await boxes(page, '.hud-run');
    expectInside([...hintSmall, ...runSmall], 1280, 720);
    expect(runLarge[0].height / runSmall[0].height).toBeGreaterThan(1.9);
    expect(runLarge[0].height / runSmall[0].height).toBeLessThan(2.1);
    expect(hintLarge[0].height / hintSmall[0].height).toBeGreaterThan(1.9);
    // The game's camera shows the same stretch of level, twice as large (it eases to the new zoom).
    await expect.poll(async () => zoomLarge / (await cameraZoom(page)), { timeout: 10_000 }).toBeGreaterThan(1.96);
    expect(zoomLarge / (await cameraZoom(page))).toBeLessThan(2.04);
    expect(errors).toEqual([]);
  } finally {
    await close();
  }
});
