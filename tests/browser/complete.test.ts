// The whole first level played with real key presses (the same plan as tools/bots/first-gap.ts):
// swing across, anchor on the lip, haul the partner up, both into the goal -> "Level complete!".
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { gameUrl, sharedBrowser, openGame, screenshotStats } from './browser';
import { playFirstGap } from './firstGapKeys';

let browser: Browser;
beforeAll(async () => { browser = await sharedBrowser(); });
afterAll(async () => { await browser?.close(); });

test('both players reach the goal of The First Gap with real keys and the level-complete screen shows', async () => {
  const { page, errors, close } = await openGame(gameUrl('?level=first-gap'), { browser });
  try {
    const completedTick = await playFirstGap(page);
    expect(completedTick).toBeGreaterThan(0);
    await page.waitForFunction(() => /Level complete!/.test(document.body.innerText), undefined, { timeout: 5000 });
    const stats = await screenshotStats(page, 'level-complete');
    expect(stats.distinctColours).toBeGreaterThan(8);
    expect(errors).toEqual([]);
  } finally {
    await close();
  }
}, 180_000);
