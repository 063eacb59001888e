// Level text and tiny windows in the real page: a right-to-left override in a level's name (or in
// a dropped file's name) must not reverse the game's own words around it; `?level=99999&replay`
// says there is no such level instead of playing level 1's replay over the message; at 100 x 100
// the pause menu is not hidden under the controls hint.
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { dropFile, gameUrl, newGamePage, openGame, sharedBrowser } from './browser';
import { waitTicks } from './gameState';

let browser: Browser;
beforeAll(async () => { browser = await sharedBrowser(); });
afterAll(async () => { await browser?.close(); });

const firstGap = readFileSync('levels/03-first-gap.json', 'utf8');

/** The x of each character of `text` as laid out inside the first element matching `selector` (whose text contains it). */
async function charXs(page: Page, selector: string, text: string): Promise<number[]> {
  return page.evaluate(({ selector, text }) => {
    const root = document.querySelector(selector)!;
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const at = node.textContent!.indexOf(text);
      if (at < 0) continue;
      return [...text].map((_, i) => {
        const range = document.createRange();
        range.setStart(node!, at + i);
        range.setEnd(node!, at + i + 1);
        return range.getBoundingClientRect().left;
      });
    }
    throw new Error(`no "${text}" in ${selector}`);
  }, { selector, text });
}

const isLeftToRight = (xs: number[]) => xs.every((x, i) => i === 0 || x > xs[i - 1]);

test('a right-to-left override in a level name or a file name does not reverse the HUD, the pause menu, the title or a message', async () => {
  const { page, errors, close } = await openGame(gameUrl('?level=first-gap'), { browser });
  try {
    // The bug: "Gap \u202Eevil" in the HUD read "Gap 0 shtaeDlive" (the override ran on into "Deaths 0");
    // a \u2069 before it broke out of a plain <bdi> too.
    const level = JSON.parse(firstGap) as { name: string };
    level.name = 'Gap \u2069\u202Eevil';
    await dropFile(page, 'evil.json', JSON.stringify(level));
    await page.waitForFunction(() => document.title.includes('evil'), undefined, { timeout: 10_000 });
    await waitTicks(page, 5);
    expect(isLeftToRight(await charXs(page, '.hud-run', 'Deaths 0')), 'HUD "Deaths 0" reads left to right').toBe(true);
    expect(await page.title()).toBe('\u2068Gap \u202Eevil\u2069 · Ropebound');

    // A broken file whose name holds the override: the error box's own words still read left to right.
    await dropFile(page, 'bad\u202Ename.json', '{}');
    await page.locator('.hud-errors').waitFor({ state: 'visible', timeout: 5000 });
    expect(isLeftToRight(await charXs(page, '.hud-errors h2', 'could not be loaded')), 'error title reads left to right').toBe(true);

    await page.keyboard.press('Escape');
    await page.locator('.pause-screen').waitFor({ state: 'visible', timeout: 5000 });
    expect(await page.locator('.pause-screen .level-name bdi').textContent()).toBe('Gap \u202Eevil');
    expect(isLeftToRight(await charXs(page, '.pause-screen .menu-list', 'Resume'))).toBe(true);
    expect(errors).toEqual([]);
  } finally {
    await close();
  }
});

test('?level=99999&replay says there is no such level and plays no replay', async () => {
  const { page, errors, close } = await openGame(gameUrl('?level=99999&replay'), { browser });
  try {
    await waitTicks(page, 30);
    const box = page.locator('.hud-errors');
    expect(await box.isVisible()).toBe(true);
    expect(await box.locator('h2').textContent()).toMatch(/^There is no level '99999'; playing level 1 instead/);
    expect(await page.locator('.hud-rec').isVisible()).toBe(false);
    const status = await page.evaluate(() => (window.__ropebound as unknown as { replayStatus(): unknown }).replayStatus());
    expect(status).toBeNull();
    expect(errors).toEqual([]);
  } finally {
    await close();
  }
});

test('at 100 x 100 the pause menu is on top of everything, its cursor item in view, and the arrows scroll to the last item', async () => {
  const { context, page, errors } = await newGamePage(browser, { viewport: { width: 100, height: 100 } });
  try {
    await page.goto(gameUrl('?level=first-gap'));
    await page.waitForFunction(() => window.__ropebound?.ready === true, undefined, { timeout: 30_000 });
    await page.locator('canvas').first().click({ position: { x: 50, y: 50 } });
    await waitTicks(page, 5);
    await page.keyboard.press('Escape');
    await page.locator('.pause-screen').waitFor({ state: 'visible', timeout: 5000 });
    /** True when the element at the middle of the cursor's item is that item (nothing covers it) and it is inside the window. */
    const cursorIsOnTop = () => page.evaluate(() => {
      const item = document.querySelector<HTMLElement>('.pause-screen .menu-item.is-cursor')!;
      const r = item.getBoundingClientRect();
      const x = r.left + r.width / 2;
      const y = r.top + r.height / 2;
      const hit = document.elementFromPoint(x, y);
      return { id: item.dataset.item, isOnTop: hit !== null && item.contains(hit), isInside: r.top >= 0 && r.bottom <= innerHeight && r.height > 8 };
    });
    expect(await cursorIsOnTop()).toEqual({ id: 'resume', isOnTop: true, isInside: true });
    for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowDown');
    expect(await cursorIsOnTop()).toEqual({ id: 'quit', isOnTop: true, isInside: true });
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
});
