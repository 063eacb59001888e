// The screen flow, driven by real key presses: title -> settings -> level select -> play -> pause
// (Esc) -> resume -> pause (P) -> restart -> pause -> settings / controls -> quit to title; the sim
// does not tick while paused; losing focus or hiding the tab pauses; the complete screen's actions
// are a cursor row; the mouse works on the menus. Screenshots: test-results/screens-*.png.
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { clickAt, sharedBrowser, screenshotStats } from './browser';
import { getState, waitFrames, waitTicks } from './gameState';
import { levelIdOf, openPage, screenOf, waitScreen } from './menu';

let browser: Browser;
beforeAll(async () => { browser = await sharedBrowser(); });
afterAll(async () => { await browser?.close(); });

/** The `data-item` of the highlighted menu item on the screen `selector`. */
const cursorOn = (page: Page, selector: string) =>
  page.locator(`${selector} .menu-item.is-cursor`).getAttribute('data-item');

const tickOf = (page: Page) =>
  page.evaluate(() => (window.__ropebound as unknown as { getState(): { tick: number } | null }).getState()?.tick ?? -1);


test('title -> level select -> play -> pause / resume / restart / controls -> quit to title, by keys; paused means no ticks', async () => {
  const { page, errors, close } = await openPage(browser, '');
  page.setDefaultTimeout(15_000);
  try {
    // Title: the page without ?level=, cursor on Play, no level running.
    expect(await screenOf(page)).toBe('title');
    expect(await getStateOrNull(page)).toBeNull();
    expect(await cursorOn(page, '.title-screen')).toBe('play');
    expect(await page.locator('.title-screen .menu-item').allTextContents()).toEqual(['Play', 'Settings', 'Controls', 'Create', 'Play solo']);
    await screenshotStats(page, 'screens-title');
    await page.keyboard.press('ArrowDown');
    expect(await cursorOn(page, '.title-screen')).toBe('settings');
    // Settings opens over the title; Esc comes back with the cursor where it was.
    await page.keyboard.press('Enter');
    await waitScreen(page, 'settings');
    expect(await page.locator('.settings-screen').isVisible()).toBe(true);
    expect(await page.locator('.title-screen').isVisible()).toBe(false);
    await page.keyboard.press('Escape');
    await waitScreen(page, 'title');
    expect(await cursorOn(page, '.title-screen')).toBe('settings');
    await page.keyboard.press('KeyW');
    expect(await cursorOn(page, '.title-screen')).toBe('play');

    // Play -> level select; Esc goes back to the title, Play again returns.
    await page.keyboard.press('Enter');
    await waitScreen(page, 'menu');
    expect(await page.locator('.title-screen').isVisible()).toBe(false);
    await page.keyboard.press('Escape');
    await waitScreen(page, 'title');
    expect(await page.locator('.menu-screen').isVisible()).toBe(false);
    await page.keyboard.press('Enter');
    await waitScreen(page, 'menu');
    await screenshotStats(page, 'screens-levelselect');

    // Play the first level.
    await page.keyboard.press('Enter');
    await waitScreen(page, 'playing');
    const levelId = await levelIdOf(page);
    expect(levelId).not.toBeNull();
    await waitTicks(page, 10);

    // Esc pauses: the tick stops, even with a player's key held, and the players stay put.
    await page.keyboard.press('Escape');
    await waitScreen(page, 'paused');
    expect(await cursorOn(page, '.pause-screen')).toBe('resume');
    const paused = await getState(page);
    await page.keyboard.down('KeyD');
    await waitFrames(page, 20);
    const still = await getState(page);
    await page.keyboard.up('KeyD');
    expect(still.tick).toBe(paused.tick);
    expect(still.players[0].x).toBe(paused.players[0].x);
    expect(await levelIdOf(page)).toBe(levelId);
    await screenshotStats(page, 'screens-paused');

    // Esc again resumes: ticks run again.
    await page.keyboard.press('Escape');
    await waitScreen(page, 'playing');
    const resumed = await waitTicks(page, 5);
    expect(resumed.tick).toBeGreaterThanOrEqual(paused.tick + 5);

    // An anchor held through a pause still holds after it (a blind tester's partner fell: the
    // keys were forgotten at the pause and again at the resume).
    await page.keyboard.down('Slash'); // P2 anchors where it stands
    expect((await waitTicks(page, 5)).players[1].anchored).toBe(true);
    await page.keyboard.press('Escape');
    await waitScreen(page, 'paused');
    await page.keyboard.press('Escape');
    await waitScreen(page, 'playing');
    const held = await waitTicks(page, 10);
    await page.keyboard.up('Slash');
    expect(held.players[1].anchored).toBe(true);

    // The controls hint lies over the level's bottom row: 10 s into the attempt the players' keys
    // fade out of it; the pause menu shows them again.
    const quiet = () => page.evaluate(() => getComputedStyle(document.querySelector('.hud-hint .players')!).opacity);
    expect(await page.locator('.hud-hint.is-quiet').count()).toBe(0);
    await waitTicks(page, Math.max(0, 600 - held.tick));
    await expect.poll(quiet, { timeout: 10_000 }).toBe('0');
    await page.keyboard.press('Escape');
    await waitScreen(page, 'paused');
    await expect.poll(quiet, { timeout: 10_000 }).toBe('1');
    await page.keyboard.press('Escape');
    await waitScreen(page, 'playing');

    // P pauses too; Restart level starts the attempt over.
    await waitTicks(page, 30);
    await page.keyboard.press('KeyP');
    await waitScreen(page, 'paused');
    const beforeRestart = await tickOf(page);
    expect(beforeRestart).toBeGreaterThan(40);
    await page.keyboard.press('ArrowDown');
    expect(await cursorOn(page, '.pause-screen')).toBe('checkpoint'); // Back to checkpoint: checkpointRespawn.test.ts
    await page.keyboard.press('ArrowDown');
    expect(await cursorOn(page, '.pause-screen')).toBe('restart');
    await page.keyboard.press('Enter');
    await waitScreen(page, 'playing');
    expect(await tickOf(page)).toBeLessThan(beforeRestart - 20);
    expect(await levelIdOf(page)).toBe(levelId);

    // Pause -> Settings -> back; Pause -> Controls shows both players' keys and the pad.
    await waitTicks(page, 3);
    await page.keyboard.press('Escape');
    await waitScreen(page, 'paused');
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowDown');
    expect(await cursorOn(page, '.pause-screen')).toBe('settings');
    await page.keyboard.press('Enter');
    await waitScreen(page, 'settings');
    const underSettings = await tickOf(page);
    expect(underSettings).toBeGreaterThan(0); // the paused level is still "the world"
    await screenshotStats(page, 'screens-settings');
    await page.keyboard.press('Escape');
    await waitScreen(page, 'paused');
    expect(await tickOf(page)).toBe(underSettings);
    await page.keyboard.press('ArrowDown');
    expect(await cursorOn(page, '.pause-screen')).toBe('controls');
    await page.keyboard.press('Enter');
    await waitScreen(page, 'controls');
    expect(await page.locator('.controls-screen td.p1[data-action="left+right"]').textContent()).toBe('A D');
    expect(await page.locator('.controls-screen td.p2[data-action="jump"]').textContent()).toBe('↑');
    expect(await page.locator('.controls-screen td.p2[data-action="anchor"]').textContent()).toBe('/ Right Shift');
    expect(await page.locator('.controls-screen .pad-join').textContent()).toMatch(/press a button on a pad to join/i);
    const underControls = await tickOf(page);
    await screenshotStats(page, 'screens-controls');
    expect(await tickOf(page)).toBe(underControls); // still paused underneath
    await page.keyboard.press('Escape');
    await waitScreen(page, 'paused');
    expect(await cursorOn(page, '.pause-screen')).toBe('controls');

    // Quit to title: no level any more, the URL forgets it.
    await page.keyboard.press('ArrowDown');
    expect(await cursorOn(page, '.pause-screen')).toBe('quit');
    await page.keyboard.press('Enter');
    await waitScreen(page, 'title');
    expect(await getStateOrNull(page)).toBeNull();
    expect(await levelIdOf(page)).toBeNull();
    expect(new URL(page.url()).searchParams.has('level')).toBe(false);
    expect(await page.locator('.pause-screen').isVisible()).toBe(false);

    // The mouse: hover moves the cursor, a click activates; Back buttons lead back.
    await page.locator('.title-screen [data-item="controls"]').hover();
    expect(await cursorOn(page, '.title-screen')).toBe('controls');
    await clickAt(page.locator('.title-screen [data-item="controls"]'));
    await waitScreen(page, 'controls');
    expect(await getStateOrNull(page)).toBeNull();
    await clickAt(page.locator('.controls-screen [data-item="back"]'));
    await waitScreen(page, 'title');
    expect(await cursorOn(page, '.title-screen')).toBe('controls');
    await clickAt(page.locator('.title-screen [data-item="play"]'));
    await waitScreen(page, 'menu');
    await clickAt(page.locator('.menu-screen .back-button'));
    await waitScreen(page, 'title');
    expect(errors).toEqual([]);
  } finally {
    await close();
  }
}, 120_000);

test('losing window focus or hiding the tab pauses a level being played; R still restarts while playing', async () => {
  const { page, errors, close } = await openPage(browser, '?level=first-gap');
  try {
    await waitScreen(page, 'playing');
    // R restarts: the tick goes back to 0. Read back no sooner than the key's round trip, so from a
    // tick far enough on that the new attempt cannot have caught up by then (300 ticks are 20
    // frames of the test clock, 1 s; R is the page's first key, which also starts the audio).
    const before = (await waitTicks(page, 300)).tick;
    await page.keyboard.press('KeyR');
    expect(await tickOf(page)).toBeLessThan(before - 100);
    await waitTicks(page, 5);

    await page.evaluate(() => window.dispatchEvent(new Event('blur')));
    await waitScreen(page, 'paused');
    const t = await tickOf(page);
    await waitFrames(page, 15);
    expect(await tickOf(page)).toBe(t);
    await page.keyboard.press('KeyP'); // P (a pad's Start) resumes as well
    await waitScreen(page, 'playing');
    await waitTicks(page, 3);

    await page.evaluate(() => {
      Object.defineProperty(document, 'hidden', { configurable: true, get: () => true });
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await waitScreen(page, 'paused');
    await page.evaluate(() => {
      delete (document as { hidden?: boolean }).hidden; // back to the prototype's getter
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await waitFrames(page, 5);
    expect(await screenOf(page)).toBe('paused'); // coming back does not resume by itself
    expect(errors).toEqual([]);
  } finally {
    await close();
  }
}, 90_000);

test('the complete screen is a row of actions with a cursor: left/right move it, confirm activates it', async () => {
  // A replay at 32x reaches the complete screen quickly (Tied Together: the shortest replay).
  const { page, errors, close } = await openPage(browser, '?level=tied-together&replay&speed=32');
  try {
    await waitScreen(page, 'complete');
    expect(await cursorOn(page, '.complete-screen')).toBe('next');
    await page.keyboard.press('ArrowRight');
    expect(await cursorOn(page, '.complete-screen')).toBe('menu');
    await page.keyboard.press('ArrowRight');
    expect(await cursorOn(page, '.complete-screen')).toBe('retry');
    await screenshotStats(page, 'screens-complete');
    await page.keyboard.press('ArrowLeft');
    expect(await cursorOn(page, '.complete-screen')).toBe('menu');
    await page.keyboard.press('Enter'); // confirm activates the item under the cursor: level select
    await waitScreen(page, 'menu');
    expect(errors).toEqual([]);
  } finally {
    await close();
  }
}, 90_000);

function getStateOrNull(page: Page): Promise<unknown> {
  return page.evaluate(() => (window.__ropebound as unknown as { getState(): unknown }).getState());
}
