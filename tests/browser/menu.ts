// Helpers for tests of the screens around a level: opening the page with chosen localStorage
// contents, getting from the title to the level select and out of a level, reading the level
// select from the DOM, and the campaign's progress key.
import type { Browser, Page } from 'playwright-core';
import { gameUrl, newGamePage, realAudio, realTime, type GameHandle } from './browser';
import type { DebugHandle } from '../../src/app/debugHandle';
import { PROGRESS_KEY } from '../../src/app/progress';

// The game's own key (src/app/progress.ts), so the tests seed and read what the game does.
export { PROGRESS_KEY };

export type Handle = Pick<DebugHandle, 'screen' | 'deaths' | 'levelId' | 'effects' | 'progress' | 'getState'>;

export interface OpenOptions {
  /** Text to put under PROGRESS_KEY before the game's scripts run (first load only; reloads keep what the game wrote). */
  progress?: string;
  /** Script run before the page's own scripts on every load (e.g. to break localStorage). */
  initScript?: string;
  /** Where the game is served (default: the shared production build); liveReload.test.ts passes its dev server. */
  baseUrl?: string;
  /** Game time on the wall clock with every frame drawn (browser.ts realTime), not the test clock. */
  realTime?: boolean;
  /** Sounds decoded for real (browser.ts realAudio), not as silence. */
  realAudio?: boolean;
}

/** Opens the game at `path` (no canvas click: the menu covers it) and waits for the first frame;
 *  console errors, page errors and CSP violations go to `errors` (newGamePage). */
export async function openPage(browser: Browser, path: string, opts: OpenOptions = {}): Promise<GameHandle> {
  const { context, page, errors, close } = await newGamePage(browser); // errors include CSP violations
  if (opts.progress !== undefined) {
    await page.addInitScript(([key, value]) => {
      if (sessionStorage.getItem('__seeded')) return;
      sessionStorage.setItem('__seeded', '1');
      localStorage.setItem(key, value);
    }, [PROGRESS_KEY, opts.progress] as const);
  }
  if (opts.initScript) await page.addInitScript(opts.initScript);
  if (opts.realTime) await realTime(page);
  if (opts.realAudio) await realAudio(page);
  try {
    await page.goto(opts.baseUrl ? new URL(path, opts.baseUrl).toString() : gameUrl(path), { waitUntil: 'load' });
    await waitReady(page);
  } catch (e) {
    await close();
    throw e;
  }
  return { browser, context, page, errors, close };
}

export async function waitReady(page: Page): Promise<void> {
  await page.waitForFunction(() => window.__ropebound?.ready === true, undefined, { timeout: 30_000 });
  await page.locator('canvas').first().focus();
}

export const screenOf = (page: Page) => page.evaluate(() => (window.__ropebound as unknown as Handle).screen);
export const levelIdOf = (page: Page) => page.evaluate(() => (window.__ropebound as unknown as Handle).levelId);
export const deathsOf = (page: Page) => page.evaluate(() => (window.__ropebound as unknown as Handle).deaths);

/** Waits (polling each frame) until the screen is `name`. */
export async function waitScreen(page: Page, name: string): Promise<void> {
  await page.waitForFunction((n) => (window.__ropebound as unknown as Handle).screen === n, name, { timeout: 20_000 });
}

/** From the title (the page without `?level=`), Enter on "Play" opens the level select. */
export async function toLevelSelect(page: Page): Promise<void> {
  await waitScreen(page, 'title');
  await page.keyboard.press('Enter');
  await waitScreen(page, 'menu');
}

/** Opens the page without `?level=` and presses through the title to the level select. */
export async function openLevelSelect(browser: Browser, opts: OpenOptions = {}): Promise<GameHandle> {
  const game = await openPage(browser, '', opts);
  try {
    await toLevelSelect(game.page);
  } catch (e) {
    await game.close();
    throw e;
  }
  return game;
}

/** Leaves a level being played for the level select by keys: Esc pauses, "Quit to title" (the
 *  last item, one ↑ from "Resume"), then "Play". */
export async function quitToLevelSelect(page: Page): Promise<void> {
  await page.keyboard.press('Escape');
  await waitScreen(page, 'paused');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Enter');
  await toLevelSelect(page);
}

export interface MenuRow {
  id: string;
  /** The level's key (file and id): what progress is stored under. */
  key: string;
  number: string;
  name: string;
  info: string;
  isLocked: boolean;
  isSelected: boolean;
}

export async function menuRows(page: Page): Promise<MenuRow[]> {
  return page.$$eval('.menu-screen .level', (items) => items.map((li) => ({
    id: (li as HTMLElement).dataset.levelId ?? '',
    key: (li as HTMLElement).dataset.levelKey ?? '',
    number: li.querySelector('.num')?.textContent ?? '',
    name: li.querySelector('.name')?.textContent ?? '',
    info: li.querySelector('.info')?.textContent ?? '',
    isLocked: li.getAttribute('aria-disabled') === 'true',
    isSelected: li.getAttribute('aria-selected') === 'true',
  })));
}

/** Progress JSON (PROGRESS_KEY's version) with the levels of these keys (MenuRow.key) finished
 *  (600 ticks, no deaths). */
export function finished(keys: string[], unlockAll = false): string {
  return JSON.stringify({
    version: 2,
    unlockAll,
    levels: Object.fromEntries(keys.map((key) => [key, { bestTicks: 600, bestDeaths: 0, finishes: 1 }])),
  });
}

/** Writes `progress` under PROGRESS_KEY and reloads the page (the game reads it once at start);
 *  a page without `?level=` is taken on through the title to the level select. */
export async function seedProgress(page: Page, progress: string): Promise<void> {
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [PROGRESS_KEY, progress] as const);
  await page.reload({ waitUntil: 'load' });
  await waitReady(page);
  if (!new URL(page.url()).searchParams.has('level')) await toLevelSelect(page);
}

export async function storedProgress(page: Page): Promise<unknown> {
  const text = await page.evaluate((key) => localStorage.getItem(key), PROGRESS_KEY);
  return text === null ? null : JSON.parse(text);
}
