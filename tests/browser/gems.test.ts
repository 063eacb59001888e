// Gems seen and collected like a player does: a level with a gem beside the start (level 1 with a
// `gems` entry, dropped on the page) draws it, the HUD counts 0 of 1; P1 walks into it with a real
// key press: the gem is gone from the picture and the HUD says 1/1.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { RESULTS_DIR, dropFile, gameUrl, openGame, screenshotStats, sharedBrowser } from './browser';
import { countColour, getState, waitTicks } from './gameState';

let browser: Browser;
beforeAll(async () => { browser = await sharedBrowser(); });
afterAll(async () => { await browser?.close(); });

/** The gem's colour (src/render/palette.ts gem). */
const GEM = 0xcc79a7;

test('a gem is drawn, walking into it collects it: gone from the picture, counted in the HUD', async () => {
  const level = JSON.parse(readFileSync('levels/01-tied-together.json', 'utf8')) as Record<string, unknown>;
  // P1's feet start at (4.5, 14) on flat ground; the gem hangs at P1's centre height 3 m ahead.
  level.gems = [{ id: 'ahead', x: 7.5, y: 13.3 }];
  delete level.hints; // no teaching caption over the spot
  const { page, errors, close } = await openGame(gameUrl('?level=1'), { browser });
  try {
    await dropFile(page, 'gem-level.json', JSON.stringify(level));
    const gems = page.locator('.hud-run .gems');
    await expect.poll(() => gems.textContent()).toBe('Gems 0/1'); // the dropped level is the one running
    await waitTicks(page, 10);
    await screenshotStats(page, 'gem-before');
    const before = countColour(`${RESULTS_DIR}/gem-before.png`, GEM, 10);
    expect(before).toBeGreaterThan(150); // a stone ~0.6 m tall at the game's zoom: hundreds of pixels

    await page.keyboard.down('KeyD');
    await expect.poll(() => gems.textContent(), { timeout: 15_000 }).toBe('Gems 1/1');
    await page.keyboard.up('KeyD');
    const state = await getState(page);
    expect(state.players[0].x).toBeGreaterThan(7.5 - 0.35 - 0.3 - 0.05); // it got there by walking (half width + reach)
    await waitTicks(page, 40); // past the sparkle
    await screenshotStats(page, 'gem-after');
    expect(countColour(`${RESULTS_DIR}/gem-after.png`, GEM, 10)).toBeLessThan(before / 10);
    expect(errors).toEqual([]);
  } finally {
    await close();
  }
});
