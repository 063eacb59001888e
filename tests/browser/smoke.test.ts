import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { gameUrl, sharedBrowser, openGame, screenshotStats } from './browser';

let browser: Browser;

beforeAll(async () => {
  browser = await sharedBrowser();
});

afterAll(async () => {
  await browser?.close();
});

test('game boots without errors and draws something', async () => {
  const game = await openGame(gameUrl('?level=first-gap'), { browser });
  try {
    // Let a few frames render.
    await game.page.waitForTimeout(500);
    const shot = await screenshotStats(game.page, 'smoke');
    expect(game.errors).toEqual([]);
    expect(shot.width).toBe(1280);
    expect(shot.height).toBe(720);
    expect(shot.distinctColours).toBeGreaterThan(4);
  } finally {
    await game.close();
  }
});
