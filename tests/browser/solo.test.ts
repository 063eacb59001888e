// Solo mode in the real page with real keys: started from the title's "Play solo", either player's
// keys drive the controlled character while the other stands still, Q switches, and a character
// left anchoring keeps anchoring (the latch) while the other one moves.
// Level 1 (tied-together), the level select's first: P1 spawns at x 4.5, P2 at x 2.5 on flat ground
// (a wall at x 1, a step at x 9), tied by a 6 m tether; the short walks here keep it slack.
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { screenshotStats, sharedBrowser } from './browser';
import { getState, waitTicks } from './gameState';
import { levelIdOf, openPage, waitScreen } from './menu';
import type { SoloSnapshot } from '../../src/app/debugHandle';
import { palette } from '../../src/render/palette';
import { PNG } from 'pngjs';
import { readFileSync } from 'node:fs';

let browser: Browser;
beforeAll(async () => { browser = await sharedBrowser(); });
afterAll(async () => { await browser?.close(); });

const soloOf = (page: Page) => page.evaluate(() => (window.__ropebound as unknown as { solo(): SoloSnapshot }).solo());
const cursorOn = (page: Page, selector: string) => page.locator(`${selector} .menu-item.is-cursor`).getAttribute('data-item');

/**
 * Pixels of a player's colour in the band 1.1-2.1 m above each player's centre (where the solo
 * arrow sits over its P1 / P2 label), per player, in a 1280x720 screenshot at dpr 1.
 */
async function markerPixels(page: Page, pngPath: string, rgb: number): Promise<[number, number]> {
  const state = await getState(page);
  const cam = await page.evaluate(() => (window.__ropebound as unknown as { camera(): { x: number; y: number; zoom: number } }).camera());
  const { data, width, height } = PNG.sync.read(readFileSync(pngPath));
  const count = (xM: number, yM: number): number => {
    const px = (m: number, c: number, half: number) => half + (m - c) * cam.zoom;
    let n = 0;
    for (let y = Math.max(0, Math.floor(px(yM - 2.1, cam.y, height / 2))); y < Math.min(height, px(yM - 1.1, cam.y, height / 2)); y++) {
      for (let x = Math.max(0, Math.floor(px(xM - 0.4, cam.x, width / 2))); x < Math.min(width, px(xM + 0.4, cam.x, width / 2)); x++) {
        const i = (y * width + x) * 4;
        if (Math.abs(data[i] - (rgb >> 16)) <= 12 && Math.abs(data[i + 1] - ((rgb >> 8) & 0xff)) <= 12 && Math.abs(data[i + 2] - (rgb & 0xff)) <= 12) n++;
      }
    }
    return n;
  };
  return [count(state.players[0].x, state.players[0].y), count(state.players[1].x, state.players[1].y)];
}

/** Holds `code` for `ticks` sim ticks; returns how far each player moved in x, m (after they settle). */
async function hold(page: Page, code: string, ticks: number): Promise<[number, number]> {
  const before = await getState(page);
  await page.keyboard.down(code);
  await waitTicks(page, ticks);
  await page.keyboard.up(code);
  const after = await waitTicks(page, 10);
  return [after.players[0].x - before.players[0].x, after.players[1].x - before.players[1].x];
}

test('solo mode switches control with real keys', async () => {
  // Keys are held for a number of ticks: on the wall clock, so a hold is not 15 ticks long per frame.
  const { page, errors, close } = await openPage(browser, '', { realTime: true });
  page.setDefaultTimeout(15_000);
  try {
    // Title -> "Play solo" (last item, after Create) -> the level select -> level 1.
    await waitScreen(page, 'title');
    for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowDown');
    expect(await cursorOn(page, '.title-screen')).toBe('solo');
    await page.keyboard.press('Enter');
    await waitScreen(page, 'menu');
    await page.keyboard.press('Enter');
    await waitScreen(page, 'playing');
    expect(await levelIdOf(page)).toBe('tied-together');
    expect(await soloOf(page)).toEqual({ isOn: true, controlled: 0, anchorLatched: [false, false] });
    await waitTicks(page, 20); // everyone standing
    expect(await page.locator('.hud-hint .solo').textContent()).toMatch(/moving P1.*Q.*switch/);

    // P2's arrow key drives P1, the controlled one; P2 stays where it stands.
    const [p1Moved, p2Still] = await hold(page, 'ArrowRight', 12);
    expect(p1Moved).toBeGreaterThan(0.4);
    expect(Math.abs(p2Still)).toBeLessThan(0.01);
    const shotP1 = await screenshotStats(page, 'solo-p1');
    // The blue arrow stands over P1 only; nothing orange over either head.
    const [blueOverP1, blueOverP2] = await markerPixels(page, shotP1.path, palette.player[0]);
    expect(blueOverP1).toBeGreaterThan(150);
    expect(blueOverP2).toBe(0);
    expect(await markerPixels(page, shotP1.path, palette.player[1])).toEqual([0, 0]);

    // Q: now P1's key D drives P2, and P1 stays still.
    await page.keyboard.press('KeyQ');
    await waitTicks(page, 2);
    expect((await soloOf(page)).controlled).toBe(1);
    expect(await page.locator('.hud-hint .solo').textContent()).toMatch(/moving P2/);
    const [p1Still, p2Moved] = await hold(page, 'KeyD', 12);
    expect(p2Moved).toBeGreaterThan(0.4);
    expect(Math.abs(p1Still)).toBeLessThan(0.01);

    // Back to P1 (Q again) and anchor it with F; switch to P2 while F is held, then let go of F.
    await page.keyboard.press('KeyQ');
    await page.keyboard.down('KeyF');
    await waitTicks(page, 5);
    expect((await getState(page)).players[0].anchored).toBe(true);
    await page.keyboard.press('KeyQ');
    await waitTicks(page, 2);
    await page.keyboard.up('KeyF');
    const latched = await waitTicks(page, 10);
    expect(await soloOf(page)).toEqual({ isOn: true, controlled: 1, anchorLatched: [true, false] });
    expect(latched.players[0].anchored).toBe(true); // the latch holds P1's anchor with no key down
    expect(latched.players[1].anchored).toBe(false); // the F held through the switch did not anchor P2

    // P2 walks away (arrow left) while P1 stays anchored on its spot.
    const [p1Anchored, p2Walked] = await hold(page, 'ArrowLeft', 12);
    expect(p2Walked).toBeLessThan(-0.4);
    expect(Math.abs(p1Anchored)).toBeLessThan(0.01);
    expect((await getState(page)).players[0].anchored).toBe(true);
    const shotP2 = await screenshotStats(page, 'solo-anchor-latched');
    // Now the orange arrow stands over P2, and P1 (anchored, not controlled) has none.
    const [orangeOverP1, orangeOverP2] = await markerPixels(page, shotP2.path, palette.player[1]);
    expect(orangeOverP2).toBeGreaterThan(150);
    expect(orangeOverP1).toBe(0);
    expect((await markerPixels(page, shotP2.path, palette.player[0]))[0]).toBe(0);

    // Back to P1 with F up: the latch lets go and P1 moves again.
    await page.keyboard.press('KeyQ');
    const freed = await waitTicks(page, 5);
    expect(freed.players[0].anchored).toBe(false);
    expect(await soloOf(page)).toEqual({ isOn: true, controlled: 0, anchorLatched: [false, false] });
    const [p1Free] = await hold(page, 'KeyD', 10);
    expect(p1Free).toBeGreaterThan(0.3);

    // The Controls screen (pause -> Controls) marks the solo line while solo is on.
    await page.keyboard.press('Escape');
    await waitScreen(page, 'paused');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    expect(await cursorOn(page, '.pause-screen')).toBe('controls');
    await page.keyboard.press('Enter');
    await waitScreen(page, 'controls');
    expect(await page.locator('.controls-screen .solo-keys.is-on').textContent()).toMatch(/Q.*switches/);
    await screenshotStats(page, 'solo-controls');
    expect(errors).toEqual([]);
  } finally {
    await close();
  }
});
