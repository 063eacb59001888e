import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { gameUrl, sharedBrowser, openGame, screenshotStats } from './browser';
import { waitTicks } from './gameState';

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
    // Let the game run and draw for half a second of game time.
    await waitTicks(game.page, 30);
    const shot = await screenshotStats(game.page, 'smoke');
    expect(game.errors).toEqual([]);
    expect(shot.width).toBe(1280);
    expect(shot.height).toBe(720);
    expect(shot.distinctColours).toBeGreaterThan(4);
  } finally {
    await game.close();
  }
});
