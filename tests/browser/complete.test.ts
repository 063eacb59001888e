// The whole first level played with real key presses (the same plan as tools/bots/first-gap.ts):
// swing across, anchor on the lip, haul the partner up, both into the goal -> "Level complete!".
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { gameUrl, launchBrowser, openGame, playerKeys, screenshotStats } from './browser';
import { getState } from './gameState';

let browser: Browser;
beforeAll(async () => { browser = await launchBrowser(); });
afterAll(async () => { await browser?.close(); });

test('both players reach the goal of level 1 and the level-complete message shows', async () => {
  const { page, errors, close } = await openGame(gameUrl('?level=first-gap'), { browser });
  try {
    const press = playerKeys(page);
    const hop = (x: number) => x > 3 && x < 6.5;
    let phase = 'walk';
    let since = 0;
    let state = await getState(page);
    for (let i = 0; i < 20000 && state.completedTick < 0; i++) {
      state = await getState(page);
      const [p1, p2] = state.players;
      if (phase === 'walk' || phase === 'swing') {
        await press(1, p2.x < 18.3 ? { right: true, jump: hop(p2.x) } : { anchor: true });
      }
      if (phase === 'walk') {
        await press(0, p1.x > 17 && !p2.anchored ? {} : { right: true, jump: hop(p1.x) });
        if (p1.x > 19.5 && p2.anchored) phase = 'swing';
      } else if (phase === 'swing') {
        await press(0, p1.vx >= 0 ? { right: true } : { left: true });
        if (p1.grounded && p1.x > 25) { phase = 'anchor'; since = state.tick; }
      } else if (phase === 'anchor') {
        await press(0, { anchor: true });
        await press(1, state.tick - since < 20 ? { anchor: true } : { right: true });
        if (state.tick - since > 170) phase = 'haul';
      } else {
        await press(0, p1.x < 45 ? { right: true } : {});
        await press(1, p2.x < 45 ? { right: true } : {});
      }
    }
    expect(state.completedTick).toBeGreaterThan(0);
    await page.waitForFunction(() => /Level complete!/.test(document.body.innerText), undefined, { timeout: 5000 });
    const stats = await screenshotStats(page, 'level-complete');
    expect(stats.distinctColours).toBeGreaterThan(8);
    expect(errors).toEqual([]);
  } finally {
    await close();
  }
}, 180_000);
