// The level select (the title's Play; the page without `?level=` opens the title) and the
// `?level=` deep link. Levels are locked until the one before is finished; "Unlock all levels"
// opens them all and is remembered; whatever
// localStorage holds or does, the menu still shows. `?level=` plays a level at once, locks or not.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { readdirSync, readFileSync } from 'node:fs';
import { clickAt, gameUrl, sharedBrowser, openGame, screenshotStats } from './browser';
import { getErrors, getState, waitTicks } from './gameState';
import {
  PROGRESS_KEY, finished, levelIdOf, menuRows, openLevelSelect, quitToLevelSelect, screenOf, seedProgress, storedProgress,
  toLevelSelect, waitReady, waitScreen,
} from './menu';

let browser: Browser;
beforeAll(async () => { browser = await sharedBrowser(); });
afterAll(async () => { await browser?.close(); });

describe('level select', () => {
  test('without ?level the level select shows the campaign: level 1 open, later levels locked', async () => {
    const { page, errors, close } = await openLevelSelect(browser);
    try {
      expect(await screenOf(page)).toBe('menu');
      expect(await page.evaluate(() => (window.__ropebound as { getState(): unknown }).getState())).toBeNull();
      expect(await page.title()).toBe('Ropebound');
      const rows = await menuRows(page);
      // Every levels/NN-slug.json in file order, numbered by campaign position.
      const ids = rows.map((r) => r.id);
      expect(ids.indexOf('first-gap')).toBeGreaterThanOrEqual(0);
      expect(ids.indexOf('swing-yard')).toBeGreaterThan(ids.indexOf('first-gap'));
      expect(rows.map((r) => r.number)).toEqual(rows.map((_, i) => String(i + 1)));
      expect(rows.find((r) => r.id === 'first-gap')?.name).toBe('The First Gap');
      expect(rows.map((r) => r.isLocked)).toEqual(rows.map((_, i) => i > 0));
      expect(rows.slice(1).every((r) => r.info === 'Locked')).toBe(true);
      expect(rows[0].isSelected).toBe(true);
      const shot = await screenshotStats(page, 'menu');
      expect(shot.distinctColours).toBeGreaterThan(8);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  test('a locked level cannot be started with Enter or a click; the menu says what opens it', async () => {
    const { page, errors, close } = await openLevelSelect(browser);
    try {
      await page.keyboard.press('ArrowDown');
      const rows = await menuRows(page);
      expect(rows[1].isSelected).toBe(true);
      await page.keyboard.press('Enter');
      await page.locator('.menu-screen .level').nth(2).click({ force: true }); // a real click, though it is aria-disabled
      await waitTicksOfFrames(page, 5);
      expect(await screenOf(page)).toBe('menu');
      expect(await page.locator('.menu-status').textContent()).toMatch(/^Locked: finish “.+” to open it\.$/);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  test('S / ↓ and W / ↑ move the cursor, Enter starts the level, quitting it comes back to the menu', async () => {
    const { page, errors, close } = await openLevelSelect(browser);
    try {
      const firstRows = await menuRows(page);
      const ids = firstRows.map((r) => r.id);
      expect(ids.length).toBeGreaterThanOrEqual(3);
      await seedProgress(page, finished(firstRows.slice(0, 2).map((r) => r.key)));
      const rows = await menuRows(page);
      // Finished levels open the next; the cursor starts on the first open level not yet finished.
      const firstUnfinished = 2;
      expect(rows.map((r) => r.isLocked)).toEqual(rows.map((_, i) => i > 2));
      expect(rows.findIndex((r) => r.isSelected)).toBe(firstUnfinished);
      expect(rows[0].info).toBe('Best 10.00 s');
      expect(rows[2].info).toBe('New');
      await page.keyboard.press('KeyW');
      await page.keyboard.press('ArrowUp');
      await page.keyboard.press('KeyS');
      const at = firstUnfinished - 1;
      expect((await menuRows(page))[at].isSelected).toBe(true);
      await page.keyboard.press('Enter');
      await waitScreen(page, 'playing');
      expect(await levelIdOf(page)).toBe(ids[at]);
      expect(page.url()).toContain(`level=${ids[at]}`);
      const state = await waitTicks(page, 5);
      expect(state.tick).toBeGreaterThan(0);
      await expect.poll(() => page.locator('.hud-run').textContent()).toMatch(/Deaths 0/);

      await quitToLevelSelect(page);
      expect(new URL(page.url()).searchParams.has('level')).toBe(false);
      expect((await menuRows(page))[at].isSelected).toBe(true);
      // The HUD follows the screen on the next drawn frame.
      await expect.poll(() => page.locator('.hud-run').isVisible()).toBe(false);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  test('keys pressed on the menu do not reach the players when the level starts', async () => {
    const { page, errors, close } = await openLevelSelect(browser);
    try {
      // D and → are player keys (P1 and P2 right); S / ↓ are both a menu key and a player key.
      await page.keyboard.down('KeyD');
      await page.keyboard.down('ArrowRight');
      await page.keyboard.press('KeyS');
      await page.keyboard.press('ArrowUp');
      await page.keyboard.up('KeyD');
      await page.keyboard.up('ArrowRight');
      await page.keyboard.press('Enter');
      await waitScreen(page, 'playing');
      const start = await getState(page);
      const later = await waitTicks(page, 40);
      for (let slot = 0; slot < 2; slot++) {
        expect(later.players[slot].x).toBeCloseTo(start.players[slot].x, 6);
        expect(later.players[slot].vx).toBe(0);
      }
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  test('every campaign level\'s description fits the status line whole: none is cut off', async () => {
    const { page, errors, close } = await openLevelSelect(browser);
    try {
      const first = await menuRows(page);
      await seedProgress(page, finished(first.map((r) => r.key)));
      const rows = await menuRows(page);
      expect(rows.every((r) => !r.isLocked)).toBe(true);
      // From the first row down, by keys: the status line shows each level's whole description.
      for (let i = rows.findIndex((r) => r.isSelected); i > 0; i--) await page.keyboard.press('ArrowUp');
      for (let i = 0; i < rows.length; i++) {
        expect((await menuRows(page))[i].isSelected).toBe(true);
        const file = readdirSync('levels').find((f) => f === rows[i].key.split('#')[0])!;
        const description = (JSON.parse(readFileSync(`levels/${file}`, 'utf8')) as { description: string }).description;
        const shown = await page.locator('.menu-status').evaluate((n) => ({ text: n.textContent, isCut: n.scrollHeight > n.clientHeight + 1 }));
        expect(shown.text, file).toContain(description);
        expect(shown.isCut, file).toBe(false);
        // The selected row and the one after it are in view; an edge with rows scrolled out behind it is faded.
        const view = await page.locator('.level-list').evaluate((list) => {
          const box = list.getBoundingClientRect();
          const selected = list.querySelector('[aria-selected="true"]');
          const inView = (n: Element | null): boolean => !n || (n.getBoundingClientRect().top >= box.top - 1 && n.getBoundingClientRect().bottom <= box.bottom + 1);
          return {
            isInView: inView(selected) && inView(selected?.nextElementSibling ?? null),
            isFadedAbove: list.classList.contains('is-more-above'), hiddenAbove: list.scrollTop,
            isFadedBelow: list.classList.contains('is-more-below'), hiddenBelow: list.scrollHeight - list.clientHeight - list.scrollTop,
          };
        });
        expect(view.isInView, file).toBe(true);
        expect(view.isFadedAbove, file).toBe(view.hiddenAbove > 1);
        expect(view.isFadedBelow, file).toBe(view.hiddenBelow > 1);
        if (i === 0) expect(view.isFadedBelow, 'the campaign is longer than a 1280x720 window shows').toBe(true);
        if (i === rows.length - 1) expect([view.isFadedAbove, view.isFadedBelow]).toEqual([true, false]);
        await page.keyboard.press('ArrowDown');
      }
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  test('"Unlock all levels" opens every level, is stored, survives a reload and can be switched off with the mouse', async () => {
    const { page, errors, close } = await openLevelSelect(browser);
    try {
      // ↑ from level 1 wraps to the switch under the list.
      await page.keyboard.press('ArrowUp');
      await expect.poll(() => page.locator('.unlock-all').getAttribute('class')).toMatch(/is-selected/);
      await page.keyboard.press('Enter');
      expect((await menuRows(page)).every((r) => !r.isLocked)).toBe(true);
      expect(await page.locator('.unlock-all').getAttribute('aria-checked')).toBe('true');
      expect(await storedProgress(page)).toMatchObject({ version: 2, unlockAll: true });
      await screenshotStats(page, 'menu-unlocked');

      await page.reload({ waitUntil: 'load' });
      await waitReady(page);
      await toLevelSelect(page);
      const rows = await menuRows(page);
      expect(rows.every((r) => !r.isLocked)).toBe(true);
      // An unlocked last level starts with a click.
      await clickAt(page.locator('.menu-screen .level').last());
      await waitScreen(page, 'playing');
      expect(await levelIdOf(page)).toBe(rows[rows.length - 1].id);

      await quitToLevelSelect(page);
      await clickAt(page.locator('.unlock-all'));
      expect((await menuRows(page)).map((r) => r.isLocked)).toEqual(rows.map((_, i) => i > 0));
      expect(await storedProgress(page)).toMatchObject({ unlockAll: false });
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  // [name, how to break it, what the quiet line under the list says once the switch was clicked]
  const brokenStorage: [string, { progress?: string; initScript?: string }, RegExp][] = [
    ['corrupt JSON', { progress: '{"version":2,"unlockAll":tru' }, /saved progress was damaged/],
    ['another version', { progress: JSON.stringify({ version: 9, unlockAll: true, levels: {} }) }, /newer version of the game/],
    ['the wrong shape', { progress: JSON.stringify({ version: 2, unlockAll: 'yes', levels: [1, 2] }) }, /saved progress was damaged/],
    ['a localStorage that throws on access', {
      initScript: `Object.defineProperty(window, 'localStorage', { configurable: true, get() { throw new DOMException('The operation is insecure.', 'SecurityError'); } });`,
    }, /can't be saved in this browser \(it does not let the game store anything\)/],
    ['a full localStorage (QuotaExceededError)', {
      initScript: `Storage.prototype.setItem = function () { throw new DOMException('The quota has been exceeded.', 'QuotaExceededError'); };`,
    }, /can't be saved in this browser \(its storage is full\)/],
  ];
  test.each(brokenStorage)('with %s the menu still shows a fresh campaign and the switch works in memory', async (_name, opts, note) => {
    const { page, errors, close } = await openLevelSelect(browser, opts);
    try {
      expect(await screenOf(page)).toBe('menu');
      const rows = await menuRows(page);
      expect(rows.length).toBeGreaterThanOrEqual(2);
      expect(rows.map((r) => r.isLocked)).toEqual(rows.map((_, i) => i > 0));
      await clickAt(page.locator('.unlock-all'));
      expect((await menuRows(page)).every((r) => !r.isLocked)).toBe(true);
      // A quiet line says what happened to the saved progress; never an error box.
      expect(await page.locator('.menu-screen .unsaved-note').textContent()).toMatch(note);
      expect(await page.locator('.hud-errors').isVisible()).toBe(false);
      expect(await getErrors(page)).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });
});

/** Lets the page draw a few frames (the menu does not tick the sim). */
async function waitTicksOfFrames(page: import('playwright-core').Page, frames: number): Promise<void> {
  await page.evaluate((n) => new Promise<void>((resolve) => {
    let left = n;
    const next = (): void => { if (--left <= 0) resolve(); else requestAnimationFrame(next); };
    requestAnimationFrame(next);
  }), frames);
}

describe('?level= deep link', () => {
  test.each(['10', '010', 'swing-yard', 'SWING-YARD'])('?level=%s opens level 10 with its boxes and ropes, locks or not', async (query) => {
    const { page, errors, close } = await openGame(gameUrl(`?level=${query}`), { browser });
    try {
      expect(await screenOf(page)).toBe('playing');
      const state = await getState(page);
      expect(state.boxes.length).toBe(3);
      expect(state.ropes[0].kind).toBe('tether');
      expect(state.ropes.filter((r) => r.kind === 'level' && r.active).length).toBe(3);
      expect(await page.title()).toMatch(/Swing Yard/);
      expect(await getErrors(page)).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  test('an unknown ?level shows the available levels and level 1 keeps running', async () => {
    const { page, errors, close } = await openGame(gameUrl('?level=no-such-level'), { browser });
    try {
      const box = page.locator('.hud-errors');
      await expect.poll(() => box.isVisible()).toBe(true);
      const text = (await box.textContent()) ?? '';
      expect(text).toMatch(/no-such-level/);
      expect(text).toMatch(/\?level=3 or \?level=first-gap/);
      expect(text).toMatch(/\?level=10 or \?level=swing-yard/);
      const before = await getState(page);
      const after = await waitTicks(page, 10);
      expect(after.tick).toBeGreaterThan(before.tick);
      expect(await screenOf(page)).toBe('playing');
      expect((await getErrors(page)).join('\n')).toMatch(/swing-yard/);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });
});

// PROGRESS_KEY is the contract between the game and these tests: a rename must be on purpose.
test('progress key is versioned', () => {
  expect(PROGRESS_KEY).toBe('ropebound.progress.v2');
});
