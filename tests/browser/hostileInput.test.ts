// Bad input never hurts, in the real page: stored settings and progress with every JavaScript
// prototype name as a key, records cut short, a storage that refuses every write, and the WebGL
// context lost and restored during play. Each case: a clear message, the game keeps working,
// nothing the player had is lost. (The Node side, tests/unit/{prototypeKeys,progress,settings,
// appMachine}.test.ts, goes through every byte and every name; these check the page as a player.)
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { PROGRESS_BACKUP_KEY, PROGRESS_KEY, PROGRESS_KEY_V1 } from '../../src/app/progress';
import { SETTINGS_BACKUP_KEY, SETTINGS_KEY } from '../../src/app/settings';
import { PROTOTYPE_KEY_CODES, PROTOTYPE_NAMES } from '../../tools/scenarios/hostileText';
import { sharedBrowser, screenshotStats } from './browser';
import { playFirstGap } from './firstGapKeys';
import { getErrors, getState, waitTicks } from './gameState';
import { menuRows, openPage, toLevelSelect, waitScreen, type Handle } from './menu';

let browser: Browser;
beforeAll(async () => { browser = await sharedBrowser(); });
afterAll(async () => { await browser?.close(); });

/** A script for addInitScript that puts `entries` in localStorage before the game's first load only. */
function seedStorage(entries: Record<string, string>): string {
  return `if (!sessionStorage.getItem('__seededStorage')) {
    sessionStorage.setItem('__seededStorage', '1');
    for (const [k, v] of Object.entries(${JSON.stringify(entries)})) localStorage.setItem(k, v);
  }`;
}

const stored = (page: Page, key: string) => page.evaluate((k) => localStorage.getItem(k), key);
const progressOf = (page: Page) => page.evaluate(() => (window.__ropebound as unknown as Handle).progress);
const rec = (bestTicks: number) => ({ bestTicks, bestDeaths: 0, finishes: 1 });
const LEVEL1 = '01-tied-together.json#tied-together';

test('stored settings and progress with every prototype name as a key: the game starts, reads the real records, and binds the odd keys', async () => {
  // Bug: a remapped key named `constructor` stopped the game from starting (`e.replace is not a function`).
  const codes = PROTOTYPE_KEY_CODES.filter((c) => Object.getOwnPropertyNames(Object.prototype).includes(c));
  expect(codes.length).toBeGreaterThanOrEqual(7);
  const p1 = { left: [codes[0], codes[1]], right: ['KeyD'], jump: [codes[2], codes[3]], down: [codes[4]], anchor: [codes[5], codes[6]] };
  const settings: Record<string, unknown> = { version: 1, musicVolume: 0.3, keys: [p1, { ...Object.fromEntries(PROTOTYPE_NAMES.map((n) => [n, ['KeyQ']])) }] };
  for (const name of PROTOTYPE_NAMES) {
    // An own field even for `__proto__` (plain assignment would set the prototype instead).
    if (!Object.hasOwn(settings, name)) Object.defineProperty(settings, name, { value: { junk: true }, enumerable: true });
  }
  const levels = Object.fromEntries([...PROTOTYPE_NAMES.map((n) => [n, rec(5)]), [LEVEL1, rec(600)]]);
  const v1 = Object.fromEntries(PROTOTYPE_NAMES.map((n) => [n, rec(7)]));
  const { page, errors, close } = await openPage(browser, '', {
    initScript: seedStorage({
      [SETTINGS_KEY]: JSON.stringify(settings),
      [PROGRESS_KEY]: JSON.stringify({ version: 2, unlockAll: false, levels }),
      [PROGRESS_KEY_V1]: JSON.stringify({ version: 1, unlockAll: true, levels: v1 }),
    }),
  });
  try {
    expect(errors).toEqual([]);
    await waitScreen(page, 'title');
    // The controls hint names the odd keys as they are.
    const hint = (await page.locator('.hud-hint').textContent()) ?? '';
    for (const code of codes) expect(hint).toContain(code);
    await toLevelSelect(page);
    const rows = await menuRows(page);
    expect(rows[0].info).toBe('Best 10.00 s');
    expect(rows.map((r) => r.isLocked)).toEqual(rows.map((_, i) => i > 1)); // level 1 done opens level 2, nothing else
    // Every record is held as a plain key (read in the page: `__proto__` does not survive the trip out).
    const held = await page.evaluate(() => {
      const p = (window.__ropebound as unknown as Handle).progress;
      return { readState: p.readState, keys: Object.keys(p.levels), hasProto: Object.hasOwn(p.levels, '__proto__') };
    });
    expect(held.readState).toBe('ok');
    expect(held.keys.sort()).toEqual(Object.keys(levels).sort());
    expect(held.hasProto).toBe(true);
    expect(await getErrors(page)).toEqual([]);
    expect(errors).toEqual([]);
  } finally {
    await close();
  }
});

test('damaged records: every readable part is kept and said so, and each record is copied before it is first saved over', async () => {
  const progressText = JSON.stringify({
    version: 2, unlockAll: false,
    levels: { [LEVEL1]: rec(600), '02-rappel.json#rappel': rec(900), '03-first-gap.json#first-gap': rec(816) },
  });
  const cutProgress = progressText.slice(0, progressText.indexOf('"03-first-gap') + 30); // inside level 3's record
  const settingsText = JSON.stringify({ version: 1, musicVolume: 0.25, effectsVolume: 0.5, isMuted: false, isReducedMotion: true });
  const cutSettings = settingsText.slice(0, settingsText.indexOf('"isReducedMotion') + 5);
  const { page, errors, close } = await openPage(browser, '', { initScript: seedStorage({ [PROGRESS_KEY]: cutProgress, [SETTINGS_KEY]: cutSettings }) });
  try {
    await toLevelSelect(page);
    const rows = await menuRows(page);
    expect(rows.slice(0, 3).map((r) => r.info)).toEqual(['Best 10.00 s', 'Best 15.00 s', 'New']);
    expect(rows.map((r) => r.isLocked)).toEqual(rows.map((_, i) => i > 2));
    const note = page.locator('.menu-screen .unsaved-note');
    expect(await note.textContent()).toMatch(/saved progress was damaged: every level result that could still be read is back/);
    await screenshotStats(page, 'hostile-damaged-progress');
    // Nothing was written by reading; the first save copies the damaged text first.
    expect(await stored(page, PROGRESS_BACKUP_KEY)).toBeNull();
    await page.locator('.unlock-all').click();
    expect(await stored(page, PROGRESS_BACKUP_KEY)).toBe(cutProgress);
    expect(JSON.parse((await stored(page, PROGRESS_KEY))!)).toMatchObject({ version: 2, unlockAll: true, levels: { [LEVEL1]: rec(600) } });
    // Settings: the whole fields are back (music 25 %), the same care before the first save (M mutes).
    await page.keyboard.press('KeyM');
    expect(await stored(page, SETTINGS_BACKUP_KEY)).toBe(cutSettings);
    expect(JSON.parse((await stored(page, SETTINGS_KEY))!)).toMatchObject({ musicVolume: 0.25, effectsVolume: 0.5, isMuted: true });
    expect(errors).toEqual([]);
  } finally {
    await close();
  }
});

test('storage that refuses every write: finishing a level says progress can\'t be saved, and keeps it for the session', async () => {
  // Bug: with the quota exhausted, the finish was kept in memory but the player was told nothing.
  const { page, errors, close } = await openPage(browser, '?level=first-gap', {
    initScript: `Storage.prototype.setItem = function () { throw new DOMException('The quota has been exceeded.', 'QuotaExceededError'); };`,
  });
  try {
    await page.locator('canvas').first().click();
    const completedTick = await playFirstGap(page);
    expect(completedTick).toBeGreaterThan(0);
    await waitScreen(page, 'complete');
    const note = page.locator('.complete-screen .save-note');
    await expect.poll(() => note.isVisible()).toBe(true);
    expect(await note.textContent()).toMatch(/^Progress can't be saved in this browser \(its storage is full\)\. This result and your progress are kept until the tab is closed\.$/);
    expect(await page.locator('.complete-screen .best dd').textContent()).toBe(`${((completedTick + 1) / 60).toFixed(2)} s`);
    await screenshotStats(page, 'hostile-storage-full-complete');
    const held = await progressOf(page);
    expect(held.saveProblem).toBe('full');
    expect(held.levels['03-first-gap.json#first-gap']).toMatchObject({ bestTicks: completedTick + 1, finishes: 1 });
    // The level select shows the finish (kept for the session) and says why it is not saved.
    await page.keyboard.press('Escape');
    await waitScreen(page, 'menu');
    // (The First Gap itself shows as locked: it was opened by ?level=, not by finishing level 2.)
    const rows = await menuRows(page);
    const at = rows.findIndex((r) => r.id === 'first-gap');
    expect(rows[at + 1].isLocked).toBe(false);
    expect(await page.locator('.menu-screen .unsaved-note').textContent()).toMatch(/storage is full/);
    expect(await getErrors(page)).toEqual([]);
    expect(errors).toEqual([]);
  } finally {
    await close();
  }
}, 180_000);

/** Loses (true) or restores the page's WebGL context through WEBGL_lose_context. */
async function setContextLost(page: Page, isLost: boolean): Promise<void> {
  await page.evaluate((lose) => {
    const w = window as unknown as { __loseContext?: WEBGL_lose_context };
    if (!w.__loseContext) {
      const canvas = document.querySelector('canvas')!;
      const gl = (canvas.getContext('webgl2') ?? canvas.getContext('webgl'))!;
      w.__loseContext = gl.getExtension('WEBGL_lose_context')!;
    }
    if (lose) w.__loseContext.loseContext();
    else w.__loseContext.restoreContext();
  }, isLost);
}

/** Waits for `frames` animation frames of the page. */
const frames = (page: Page, n: number) => page.evaluate((count) => new Promise<void>((resolve) => {
  let left = count;
  const next = (): void => { if (--left <= 0) resolve(); else requestAnimationFrame(next); };
  requestAnimationFrame(next);
}), n);

test('WebGL context lost during play: the game pauses and says so; restored, everything is drawn again and play goes on', async () => {
  // Bug: the sim kept running behind a dead picture, with no message.
  const { page, errors, close } = await openPage(browser, '?level=first-gap');
  try {
    await page.locator('canvas').first().click();
    await page.keyboard.down('KeyD'); // P1 runs right
    await waitTicks(page, 20);
    const drawn = await screenshotStats(page, 'hostile-context-before');
    await setContextLost(page, true);
    await waitScreen(page, 'paused');
    const banner = page.locator('.picture-lost');
    await expect.poll(() => banner.isVisible()).toBe(true);
    expect(await banner.textContent()).toMatch(/The picture stopped: the game is paused.*If it does not come back: press R to reload the page/s);
    const frozen = (await getState(page)).tick;
    await frames(page, 30);
    expect((await getState(page)).tick).toBe(frozen);
    await page.keyboard.up('KeyD');
    await page.keyboard.press('Enter'); // Resume: waits for the picture
    await frames(page, 10);
    expect(await page.evaluate(() => (window.__ropebound as unknown as Handle).screen)).toBe('paused');
    await screenshotStats(page, 'hostile-context-lost');

    await setContextLost(page, false);
    await expect.poll(() => banner.isVisible()).toBe(false);
    await page.keyboard.press('Escape'); // resume
    await waitScreen(page, 'playing');
    const after = await waitTicks(page, 20);
    expect(after.tick).toBeGreaterThanOrEqual(frozen + 20);
    // The level is drawn again: about as many colours as before the loss (a dead canvas has 1-2).
    const redrawn = await screenshotStats(page, 'hostile-context-restored');
    expect(redrawn.distinctColours).toBeGreaterThan(Math.min(40, drawn.distinctColours / 2));
    expect(await getErrors(page)).toEqual([]);
    expect(errors).toEqual([]);
  } finally {
    await close();
  }
}, 120_000);
