// The settings screen with real key presses: change a volume and remap P1's jump, reload and find
// both kept (stored and shown), then play and see the new key jump while the old one does not;
// a corrupt localStorage gives the defaults without errors; an assist shows in the HUD
// and keeps F8 from recording.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { sharedBrowser, screenshotStats } from './browser';
import { getErrors, getState, recordFrames, waitTicks } from './gameState';
import { openPage, waitReady, waitScreen } from './menu';
import { SETTINGS_KEY } from '../../src/app/settings'; // the game's own key

let browser: Browser;
beforeAll(async () => { browser = await sharedBrowser(); });
afterAll(async () => { await browser?.close(); });

/** From the title: ↓ to "Settings", Enter. */
async function openSettingsFromTitle(page: Page): Promise<void> {
  await waitScreen(page, 'title');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await waitScreen(page, 'settings');
  expect(await page.locator('.settings-screen').isVisible()).toBe(true);
}

const rowValue = (page: Page, row: string) => page.locator(`.settings-row[data-row="${row}"] .value`).textContent();
const keyCell = (page: Page, action: string, slot: number) =>
  page.locator(`.settings-row[data-row="keys-${action}"] .key-cell[data-slot="${slot}"]`).textContent();
const cursorRow = (page: Page) => page.locator('.settings-row.is-cursor').getAttribute('data-row');
const stored = (page: Page) => page.evaluate((k) => localStorage.getItem(k), SETTINGS_KEY);

/** Seeds localStorage under the settings key once (a reload keeps what the game wrote). */
const seedOnce = (text: string) => `(() => {
  if (sessionStorage.getItem('__seededSettings')) return;
  sessionStorage.setItem('__seededSettings', '1');
  localStorage.setItem(${JSON.stringify(SETTINGS_KEY)}, ${JSON.stringify(text)});
})();`;

/** Holds `code` for `ticks` ticks; returns P1's rise on the way (from its lowest y, y points down),
 *  seen in every drawn frame, and whether it moved up faster than 1 m/s (jumped). */
async function holdAndWatchP1(page: Page, code: string, ticks: number): Promise<{ rise: number; jumped: boolean }> {
  const before = await getState(page);
  const stop = await recordFrames(page);
  await page.keyboard.down(code);
  await waitTicks(page, ticks);
  await page.keyboard.up(code);
  const seen = await stop();
  const minY = Math.min(before.players[0].y, ...seen.map((s) => s.players[0].y));
  return { rise: before.players[0].y - minY, jumped: seen.some((s) => s.players[0].vy < -1) };
}

describe('settings', () => {
  /** What the first test stored; the second plays with it. */
  let remapped = '';

  test('corrupt storage reads as defaults; a music volume and a jump remapped with real keys survive a reload (stored and shown)', async () => {
    // Starts from a corrupt settings entry: the defaults show, without errors, and the first change
    // replaces it (after keeping a copy of it).
    const game = await openPage(browser, '', { initScript: seedOnce('{"version":1,"musicVolume":') });
    const { page, errors } = game;
    try {
      await openSettingsFromTitle(page);
      expect(await cursorRow(page)).toBe('music');
      expect(await rowValue(page, 'music')).toBe('70 %');
      expect(await rowValue(page, 'effects')).toBe('80 %');
      expect(await keyCell(page, 'anchor', 1)).toBe('/ or Right Shift');
      // ...and a quiet line says the record was damaged and is kept as a copy before it is saved over.
      expect(await page.locator('.settings-screen .unsaved-note').textContent()).toMatch(/saved settings were damaged.*kept as a copy/);
      await page.keyboard.press('ArrowLeft');
      await page.keyboard.press('ArrowLeft');
      expect(await rowValue(page, 'music')).toBe('50 %');

      // Up (the cursor wraps) past Back, Reset keys, Anchor and Down to P1's jump key.
      for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowUp');
      expect(await cursorRow(page)).toBe('keys-jump');
      expect(await keyCell(page, 'jump', 0)).toBe('W');
      await page.keyboard.press('Enter');
      expect(await keyCell(page, 'jump', 0)).toBe('press a key…');
      // A reserved key is refused and the cell keeps waiting.
      await page.keyboard.press('KeyR');
      expect(await page.locator('.settings-notice').textContent()).toContain('restart');
      expect(await screenOf(page)).toBe('settings');
      await page.keyboard.press('KeyI');
      expect(await keyCell(page, 'jump', 0)).toBe('I');
      expect(await page.locator('.settings-conflicts').isVisible()).toBe(false);

      const shot = await screenshotStats(page, 'settings-screen');
      expect(shot.distinctColours).toBeGreaterThan(8);

      const saved = JSON.parse((await stored(page))!);
      expect(saved.musicVolume).toBeCloseTo(0.5, 9);
      expect(saved.keys[0].jump).toEqual(['KeyI']);

      // Back closes the screen and returns to the title.
      await page.keyboard.press('Escape');
      await waitScreen(page, 'title');
      expect(await page.locator('.settings-screen').isVisible()).toBe(false);

      await page.reload({ waitUntil: 'load' });
      await waitReady(page);
      await openSettingsFromTitle(page);
      expect(await rowValue(page, 'music')).toBe('50 %');
      expect(await keyCell(page, 'jump', 0)).toBe('I');
      // The HUD's controls hint shows the new key too.
      expect(await page.locator('.hud-hint .group').first().textContent()).toContain('I jump');

      expect(errors).toEqual([]);
      remapped = (await stored(page))!;
    } finally {
      await game.close();
    }
  });

  test('playing with the stored remap: KeyI jumps for P1, KeyW no longer does', async () => {
    // Continues the test above with the settings it stored (the page reloads them from localStorage).
    expect(JSON.parse(remapped).keys[0].jump).toEqual(['KeyI']);
    const game = await openPage(browser, '?level=1', { initScript: seedOnce(remapped) });
    const { page, errors } = game;
    try {
      await waitScreen(page, 'playing');
      expect(await page.evaluate(() => (window.__ropebound as unknown as { levelId: string }).levelId)).toBe('tied-together');
      await page.waitForFunction(() => (window.__ropebound as unknown as { getState(): { players: { grounded: boolean }[] } | null })
        .getState()?.players[0].grounded === true, undefined, { timeout: 20_000 });
      const withW = await holdAndWatchP1(page, 'KeyW', 20);
      expect(withW.jumped).toBe(false);
      expect(withW.rise).toBeLessThan(0.05);
      await waitTicks(page, 2);
      const withI = await holdAndWatchP1(page, 'KeyI', 20);
      expect(withI.jumped).toBe(true);
      expect(withI.rise).toBeGreaterThan(0.5);
      expect(await getErrors(page)).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await game.close();
    }
  });

  test('with the assists on, the HUD says "Assists on", the game runs at half speed and F8 does not record', async () => {
    const game = await openPage(browser, '?level=1', { initScript: seedOnce(JSON.stringify({ version: 1, isInvincible: true, gameSpeed: 0.5 })), realTime: true }); // half speed is measured against the wall clock
    const { page, errors } = game;
    try {
      await waitScreen(page, 'playing');
      await expect.poll(() => page.locator('.hud-run .assists').isVisible()).toBe(true);
      await screenshotStats(page, 'settings-hud-assists');
      // Half speed: over 3 s of wall time the sim runs at most about 30 ticks a second (normal is 60;
      // a slow headless page may run fewer, never more).
      const rate = await page.evaluate(async () => {
        const h = window.__ropebound as unknown as { getState(): { tick: number } | null };
        const t0 = performance.now();
        const tick0 = h.getState()!.tick;
        await new Promise((r) => setTimeout(r, 3000));
        return (h.getState()!.tick - tick0) / ((performance.now() - t0) / 1000);
      });
      expect(rate).toBeGreaterThan(0);
      expect(rate).toBeLessThan(36);
      await page.keyboard.press('F8');
      await waitTicks(page, 5);
      expect(await page.evaluate(() => (window.__ropebound as unknown as { isRecording: boolean }).isRecording)).toBe(false);
      expect((await getErrors(page)).join(' ')).toContain('Invincibility');
      expect(errors).toEqual([]);
    } finally {
      await game.close();
    }
  });
});

const screenOf = (page: Page) => page.evaluate(() => (window.__ropebound as unknown as { screen: string }).screen);
