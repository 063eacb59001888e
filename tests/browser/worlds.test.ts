// The campaign's three worlds in the real page: one level of each (Tied Together in world 1, Swing
// Yard in world 2, Breaking Point in world 3) is drawn over its own world's sky in its own tile
// colours, none of another world's, and plays its own world's music loop. The level select names
// each world above its first level. Screenshots: test-results/world-1.png ... world-3.png and
// test-results/world-menu.png.
import { readFileSync, readdirSync } from 'node:fs';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { MUSIC_FILES } from '../../src/audio/soundFiles';
import { worldLook } from '../../src/render/worldLooks';
import { clickAt, gameUrl, screenshotStats, sharedBrowser } from './browser';
import { countColour, waitTicks } from './gameState';
import { openPage, toLevelSelect, waitScreen } from './menu';

let browser: Browser;
beforeAll(async () => { browser = await sharedBrowser(); });
afterAll(async () => { await browser?.close(); });

const LEVEL_OF_WORLD = { 1: 'tied-together', 2: 'swing-yard', 3: 'breaking-point' } as const;
const WORLDS = [1, 2, 3] as const;

/** Whether the music file `file` is playing, by howler's own view (window.Howler's sounds). */
function isPlaying(page: Page, file: string): Promise<boolean> {
  return page.evaluate((name) => {
    type HowlLike = { _src: string | string[]; playing(): boolean };
    const howls = (window as unknown as { Howler?: { _howls: HowlLike[] } }).Howler?._howls ?? [];
    // The build names it music-world2-<hash>.ogg (its compressed copy; .wav where a browser lacks Vorbis).
    const stem = name.replace(/\.wav$/, '');
    return howls.some((h) => new RegExp(`/${stem}(-[\\w-]{8})?\\.(ogg|wav)$`).test(String(h._src)) && h.playing());
  }, file);
}

test('each world draws its own sky and tiles, and plays its own music', async () => {
  const { page, errors, close } = await openPage(browser, '', { realAudio: true });
  try {
    const skies: number[][] = [];
    const tiles: number[][] = [];
    for (const world of WORLDS) {
      await page.goto(gameUrl(`?level=${LEVEL_OF_WORLD[world]}`), { waitUntil: 'load' });
      await page.waitForFunction(() => window.__ropebound?.ready === true, undefined, { timeout: 30_000 });
      await clickAt(page.locator('canvas').first()); // a gesture: audio may start
      await waitTicks(page, 30);
      const shot = await screenshotStats(page, `world-${world}`);
      // Pixels of each world's clear colour (exact: nothing is drawn over the open sky) and of
      // each world's solid-tile fill (near it: mortar and edges are other colours).
      skies.push(WORLDS.map((w) => countColour(shot.path, worldLook(w).background, 0)));
      tiles.push(WORLDS.map((w) => countColour(shot.path, worldLook(w).solidFill, 3)));
      const music = MUSIC_FILES[`world${world}`];
      await expect.poll(() => isPlaying(page, music), { timeout: 20_000, message: `${music} plays in world ${world}` }).toBe(true);
      for (const other of WORLDS) {
        if (other !== world) expect(await isPlaying(page, MUSIC_FILES[`world${other}`]), `world ${other}'s music in world ${world}`).toBe(false);
      }
    }
    const screen = 1280 * 720;
    WORLDS.forEach((world, i) => {
      // The own sky covers a good part of the view; another world's sky or tile colour is absent.
      expect(skies[i][i], `world ${world}'s sky pixels`).toBeGreaterThan(0.2 * screen);
      expect(tiles[i][i], `world ${world}'s tile pixels`).toBeGreaterThan(0.05 * screen);
      WORLDS.forEach((other, j) => {
        if (j === i) return;
        expect(skies[i][j], `world ${other}'s sky in world ${world}`).toBeLessThan(0.001 * screen);
        expect(tiles[i][j], `world ${other}'s tiles in world ${world}`).toBeLessThan(0.001 * screen);
      });
    });

    // The level select names the worlds above their first levels, in campaign order.
    await page.goto(gameUrl(''), { waitUntil: 'load' });
    await page.waitForFunction(() => window.__ropebound?.ready === true, undefined, { timeout: 30_000 });
    await toLevelSelect(page);
    await waitScreen(page, 'menu');
    const headings = await page.$$eval('.menu-screen .level-list > li', (items) => items
      .map((li, i) => ({ i, text: li.classList.contains('world-heading') ? li.textContent : null }))
      .filter((h) => h.text !== null));
    expect(headings.map((h) => h.text)).toEqual(['World 1 · Mossy Ruins', 'World 2 · Timber Mine', 'World 3 · Frozen Heights']);
    // Each heading right before its world's first level: [heading, 1, 2, ..., heading, 9, ...].
    const worldOfFile = readdirSync('levels').filter((f) => /^\d+-.*\.json$/.test(f)).sort()
      .map((f) => (JSON.parse(readFileSync(`levels/${f}`, 'utf8')) as { world?: number }).world ?? 1);
    const expected: number[] = [];
    worldOfFile.forEach((w, i) => { if (i === 0 || worldOfFile[i - 1] !== w) expected.push(i + expected.length); });
    expect(expected.length).toBe(3);
    expect(headings.map((h) => h.i)).toEqual(expected);
    await screenshotStats(page, 'world-menu');
    expect(errors).toEqual([]);
  } finally {
    await close();
  }
});
