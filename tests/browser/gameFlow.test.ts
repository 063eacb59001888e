// The game around a level, played with real keys: finishing a level shows the complete screen with
// time and deaths and stores the best time; Enter opens the next campaign level; a death flashes
// the screen, marks the spot and counts in the HUD.
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { readdirSync, readFileSync } from 'node:fs';
import { gameUrl, sharedBrowser, openGame, playerKeys, screenshotStats } from './browser';
import { parTicksFor } from '../../src/app/levelCatalog';
import { playFirstGap } from './firstGapKeys';
import { getState, waitFrames, waitTicks, installClockFreeze } from './gameState';
import {
  deathsOf, finished, levelIdOf, menuRows, openLevelSelect, openPage, quitToLevelSelect, screenOf, seedProgress, storedProgress,
  waitScreen, type Handle,
} from './menu';

let browser: Browser;
beforeAll(async () => { browser = await sharedBrowser(); });
afterAll(async () => { await browser?.close(); });


const text = (page: Page, selector: string) => page.locator(selector).textContent();

test('finishing a level shows the complete screen, stores the best time, and Enter opens the next level', async () => {
  const { page, errors, close } = await openLevelSelect(browser);
  try {
    const firstRows = await menuRows(page);
    const ids = firstRows.map((r) => r.id);
    const at = ids.indexOf('first-gap');
    expect(at).toBeGreaterThanOrEqual(0);
    expect(at).toBeLessThan(ids.length - 1);
    // Every level before The First Gap finished: it is the first open one and the cursor is on it.
    await seedProgress(page, finished(firstRows.slice(0, at).map((r) => r.key)));
    let rows = await menuRows(page);
    expect(rows[at].isSelected).toBe(true);
    expect(rows[at].isLocked).toBe(false);
    expect(rows[at + 1].isLocked).toBe(true);
    await page.keyboard.press('Enter');
    await waitScreen(page, 'playing');
    expect(await levelIdOf(page)).toBe('first-gap');

    const completedTick = await playFirstGap(page);
    expect(completedTick).toBeGreaterThan(0);
    await waitScreen(page, 'complete');
    const deaths = await deathsOf(page);
    const time = `${((completedTick + 1) / 60).toFixed(2)} s`;
    expect(await text(page, '.complete-screen .title')).toBe('Level complete!');
    expect(await text(page, '.complete-screen .level-name')).toBe('The First Gap');
    expect(await text(page, '.complete-screen .time dd')).toBe(time);
    expect(await text(page, '.complete-screen .deaths dd')).toBe(String(deaths));
    // The chasm gem hangs at the bottom of the swing: the swing across collects it.
    expect(await text(page, '.complete-screen .gems dd')).toBe('1 of 1');
    expect(await text(page, '.complete-screen .best dd')).toBe(time);
    // Par: the committed replay's finish, half as long again, in whole 5 s.
    const replay = JSON.parse(readFileSync('levels/replays/03-first-gap.replay.json', 'utf8')) as { completedTick: number };
    const parTicks = parTicksFor(replay.completedTick + 1);
    expect(await text(page, '.complete-screen .par dd')).toBe(`${(parTicks / 60).toFixed(0)} s`);
    expect(await page.locator('.complete-screen .under-par').isVisible()).toBe(completedTick + 1 <= parTicks);
    expect(await text(page, '.complete-screen .fewest')).toBe(`Fewest deaths: ${deaths}`);
    expect(await text(page, '.complete-screen .keys')).toBe('Enter: next level · Esc: level select · R: play again');
    await expect.poll(() => page.locator('.hud-run').isVisible()).toBe(false); // hidden on the next drawn frame
    // Progress is stored by level key (file and id), with this run as the best.
    expect(await storedProgress(page)).toMatchObject({
      version: 2,
      levels: { '03-first-gap.json#first-gap': { bestTicks: completedTick + 1, bestDeaths: deaths, fewestDeaths: deaths, finishes: 1, mostGems: 1 } },
    });
    // The sim stops behind the complete screen.
    const frozen = (await getState(page)).tick;
    await waitFrames(page, 20); // a running sim would tick in each of them
    expect((await getState(page)).tick).toBe(frozen);
    const shot = await screenshotStats(page, 'complete-screen');
    expect(shot.distinctColours).toBeGreaterThan(8); // the level drawn behind the screen, not a blank page

    await page.keyboard.press('Enter');
    await waitScreen(page, 'playing');
    expect(await levelIdOf(page)).toBe(ids[at + 1]);
    const next = await waitTicks(page, 5);
    expect(next.completedTick).toBe(-1);
    await expect.poll(() => text(page, '.hud-run .deaths')).toBe('Deaths 0');

    await quitToLevelSelect(page);
    rows = await menuRows(page);
    // The level select counts the most gems of a clear (The First Gap: 1 of 1); a level finished
    // without its gems (level 1, seeded) 0 of them; a locked level shows none.
    expect(await text(page, '.menu-screen .level[data-level-id="first-gap"] .gems')).toBe('1/1');
    expect(await text(page, `.menu-screen .level[data-level-id="${ids[0]}"] .gems`)).toMatch(/^0\/[1-9]\d*$/);
    expect(rows[at + 2]?.isLocked ?? true).toBe(true);
    if (ids[at + 2]) expect(await page.locator(`.menu-screen .level[data-level-id="${ids[at + 2]}"] .gems`).count()).toBe(0);
    await screenshotStats(page, 'menu-gems');
    expect(rows[at].info).toBe(`Best ${time}`);
    expect(rows[at + 1].isLocked).toBe(false);
    expect(rows[at + 1].isSelected).toBe(true);
    expect(errors).toEqual([]);
  } finally {
    await close();
  }
}, 240_000);

/** Mean red minus blue over a strip `w` px wide along the left and right edges, mid-height. */
function edgeRedness(path: string, w = 4): number {
  const { data, width, height } = PNG.sync.read(readFileSync(path));
  let sum = 0;
  let n = 0;
  for (let y = Math.floor(height * 0.3); y < height * 0.7; y += 4) {
    for (const x0 of [0, width - w]) {
      for (let x = x0; x < x0 + w; x++) {
        const i = (y * width + x) * 4;
        sum += data[i]! - data[i + 2]!;
        n++;
      }
    }
  }
  return sum / n;
}

test('a death flashes the screen red, marks the spot and counts in the HUD', async () => {
  // Swing Yard: P1 running right meets the spiked pendulum. On the wall clock (realTime): on the
  // test clock a frame runs up to 15 ticks, and the keys let go at x 16.8 could land a few frames
  // later, with P1 run on past the pendulum's sweep where it never dies (a CI run timed out so).
  const { page, errors, close } = await openGame(gameUrl('?level=swing-yard'), { browser, realTime: true });
  try {
    expect(await text(page, '.hud-run .deaths')).toBe('Deaths 0');
    const calm = await screenshotStats(page, 'death-before');
    // The window's edges before: Swing Yard is in the Timber Mine (world 2), warm already.
    const calmRedness = edgeRedness(calm.path);
    // A screenshot takes longer than the 0.6 s effect here, so the page's clock is stopped for it:
    // every frame callback gets the same timestamp (0 s frames: nothing ticks or fades) while frozen.
    await installClockFreeze(page);
    // Both run right and stop under the pendulum's pivot (x 17.5), where every swing passes: holding
    // right all the way, a run that starts at an unlucky phase slips past the ball and never dies
    // (in the sim, about one start tick in three). Stopped there, the ball hits within 190 ticks.
    const press = playerKeys(page);
    await press(0, { right: true });
    await press(1, { right: true });
    // The ball may also catch P1 on the way there (then P1 respawns far back and would never get
    // to the pivot): that death is the one the test looks at, its frame frozen as below.
    await page.waitForFunction(() => {
      const h = window.__ropebound as unknown as Handle;
      if (h.deaths >= 1 && h.effects.deathFlashSec > 0) {
        (window as unknown as { __freeze: boolean }).__freeze = true;
        return true;
      }
      const p1 = h.getState()?.players[0];
      return !!p1 && p1.x >= 16.8;
    }, undefined, { timeout: 40_000, polling: 'raf' });
    await press(0, {});
    await press(1, {});
    await page.waitForFunction(() => {
      const h = window.__ropebound as unknown as Handle;
      const isDead = h.deaths >= 1 && h.effects.deathFlashSec > 0;
      if (isDead) (window as unknown as { __freeze: boolean }).__freeze = true;
      return isDead;
    }, undefined, { timeout: 40_000, polling: 'raf' });
    const effects = await page.evaluate(() => (window.__ropebound as unknown as Handle).effects);
    expect(effects.deathBursts).toBeGreaterThanOrEqual(1);
    const shot = await screenshotStats(page, 'death-flash');
    expect(edgeRedness(shot.path)).toBeGreaterThan(calmRedness + 30);
    await page.evaluate(() => { (window as unknown as { __freeze: boolean }).__freeze = false; });
    await expect.poll(() => text(page, '.hud-run .deaths')).toBe('Deaths 1');
    expect(await deathsOf(page)).toBe(1);
    // The flash and the burst are short: gone within about a second, the count stays.
    await page.waitForFunction(() => {
      const h = window.__ropebound as unknown as Handle;
      return h.effects.deathFlashSec === 0 && h.effects.deathBursts === 0;
    }, undefined, { timeout: 10_000 });
    expect(await page.locator('.death-flash').isVisible()).toBe(false);
    expect(await text(page, '.hud-run .deaths')).toBe('Deaths 1');
    // R starts a new attempt: the count goes back to 0.
    await page.keyboard.press('KeyR');
    await expect.poll(() => text(page, '.hud-run .deaths')).toBe('Deaths 0');
    expect(await screenOf(page)).toBe('playing');
    expect(errors).toEqual([]);
  } finally {
    await close();
  }
}, 120_000);

/** The committed replay of a level file (`03-first-gap.json`), as the game's replay mode plays it. */
function replayOf(levelFile: string): { completedTick: number } {
  return JSON.parse(readFileSync(`levels/replays/${levelFile.replace(/\.json$/, '')}.replay.json`, 'utf8'));
}

test("R on the complete screen plays the level again; a replay's finish is not stored as the players' own", async () => {
  const { completedTick } = replayOf('03-first-gap.json');
  const { page, errors, close } = await openPage(browser, '?level=first-gap&replay&speed=32');
  try {
    await waitScreen(page, 'complete');
    expect(await text(page, '.complete-screen .level-name')).toBe('The First Gap');
    expect(await text(page, '.complete-screen .time dd')).toBe(`${((completedTick + 1) / 60).toFixed(2)} s`);
    expect(await text(page, '.complete-screen .best dd')).toBe('—');
    expect(await storedProgress(page)).toBeNull();
    // Read it all in the first frame the level is playing again, from a frame loop started before
    // the key: at speed 32 the replay completes the level once more within two frames of the test
    // clock, sooner than a round trip after the key press on a loaded machine (a full run lost it).
    await page.evaluate(() => {
      const w = window as unknown as { __again?: unknown };
      const look = (): void => {
        const h = window.__ropebound as unknown as Handle;
        if (h.screen !== 'playing') { requestAnimationFrame(look); return; }
        // Visible as Playwright's isVisible() means it: a non-empty box, not visibility: hidden.
        const panel = document.querySelector('.complete-screen');
        const box = panel?.getBoundingClientRect();
        w.__again = {
          completedTick: h.getState()?.completedTick,
          levelId: h.levelId,
          isCompleteShown: !!panel && !!box && box.width > 0 && box.height > 0 && getComputedStyle(panel).visibility !== 'hidden',
        };
      };
      requestAnimationFrame(look);
    });
    await page.keyboard.press('KeyR');
    const again = await (await page.waitForFunction(() => (window as unknown as { __again?: unknown }).__again ?? null, undefined, { timeout: 20_000 })).jsonValue();
    expect(again).toEqual({ completedTick: -1, levelId: 'first-gap', isCompleteShown: false });
    expect(errors).toEqual([]);
  } finally {
    await close();
  }
}, 120_000);

test('after the last campaign level, Enter goes back to the level select with a "campaign complete" note', async () => {
  const last = readdirSync('levels').filter((f) => /^\d+-.+\.json$/.test(f)).sort().at(-1)!;
  const id = (JSON.parse(readFileSync(`levels/${last}`, 'utf8')) as { id: string }).id;
  expect(replayOf(last).completedTick).toBeGreaterThan(0);
  const { page, errors, close } = await openPage(browser, `?level=${id}&replay&speed=32`);
  try {
    await waitScreen(page, 'complete');
    expect(await text(page, '.complete-screen .keys')).toBe('Enter: finish the campaign · Esc: level select · R: play again');
    await page.keyboard.press('Enter');
    await waitScreen(page, 'menu');
    expect(await text(page, '.menu-screen .campaign-note')).toMatch(/^Campaign complete!/);
    const rows = await menuRows(page);
    expect(rows.at(-1)?.id).toBe(id);
    expect(rows.at(-1)?.isSelected).toBe(true);
    // The highlighted row is scrolled into view in a list longer than the panel.
    const row = await page.locator('.menu-screen .level').last().boundingBox();
    const list = await page.locator('.menu-screen .level-list').boundingBox();
    expect(row!.y).toBeGreaterThanOrEqual(list!.y - 1);
    expect(row!.y + row!.height).toBeLessThanOrEqual(list!.y + list!.height + 1);
    await screenshotStats(page, 'menu-campaign-complete');
    expect(errors).toEqual([]);
  } finally {
    await close();
  }
}, 120_000);
