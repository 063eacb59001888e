// Gamepads in the real page, with navigator.getGamepads replaced by a controllable fake (headless
// Chromium has no pads): menus driven by a pad, two pads playing both players with no keyboard,
// and a pad unplugged mid-game pausing the sim behind the reconnect message until a pad (or Esc)
// answers it.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { sharedBrowser, screenshotStats } from './browser';
import { getState, recordFrames, waitFrames, waitTicks } from './gameState';
import { finished, levelIdOf, menuRows, openPage, screenOf, waitScreen } from './menu';

/** Runs in the page before its scripts: `window.__pads` is what getGamepads returns, and
 *  `window.__padCtl` plugs, unplugs and presses (firing gamepadconnected / disconnected). */
function installPadStub(): void {
  type Button = { pressed: boolean; touched: boolean; value: number };
  type Pad = { index: number; id: string; connected: boolean; mapping: string; timestamp: number; buttons: Button[]; axes: number[] };
  const pads: Array<Pad | null> = [null, null, null, null];
  const fire = (type: string, pad: Pad): void => {
    const e = new Event(type);
    Object.defineProperty(e, 'gamepad', { value: pad });
    window.dispatchEvent(e);
  };
  Navigator.prototype.getGamepads = function getGamepads() {
    return pads.slice() as unknown as (Gamepad | null)[];
  };
  const w = window as unknown as Record<string, unknown>;
  w.__pads = pads;
  w.__padCtl = {
    plug(i: number): void {
      pads[i] = {
        index: i, id: `Stub pad ${i} (STANDARD GAMEPAD)`, connected: true, mapping: 'standard', timestamp: 0,
        buttons: Array.from({ length: 17 }, () => ({ pressed: false, touched: false, value: 0 })),
        axes: [0, 0, 0, 0],
      };
      fire('gamepadconnected', pads[i]!);
    },
    unplug(i: number): void {
      const pad = pads[i];
      if (!pad) return;
      pads[i] = null;
      pad.connected = false;
      fire('gamepaddisconnected', pad);
    },
    button(i: number, b: number, isDown: boolean): void {
      const pad = pads[i];
      if (pad) pad.buttons[b] = { pressed: isDown, touched: isDown, value: isDown ? 1 : 0 };
    },
    axis(i: number, a: number, v: number): void {
      const pad = pads[i];
      if (pad) pad.axes[a] = v;
    },
  };
}

type PadCtl = {
  plug(i: number): void;
  unplug(i: number): void;
  button(i: number, b: number, isDown: boolean): void;
  axis(i: number, a: number, v: number): void;
};

const pad = (page: Page) => ({
  plug: (i: number) => page.evaluate((n) => ((window as unknown as { __padCtl: PadCtl }).__padCtl).plug(n), i),
  unplug: (i: number) => page.evaluate((n) => ((window as unknown as { __padCtl: PadCtl }).__padCtl).unplug(n), i),
  button: (i: number, b: number, isDown: boolean) =>
    page.evaluate(([n, k, d]) => ((window as unknown as { __padCtl: PadCtl }).__padCtl).button(n, k, d), [i, b, isDown] as const),
  axis: (i: number, a: number, v: number) =>
    page.evaluate(([n, k, x]) => ((window as unknown as { __padCtl: PadCtl }).__padCtl).axis(n, k, x), [i, a, v] as const),
});

// The game polls the pads once per drawn frame: waitFrames(page, n) waits for n polls.

/**
 * Presses a button (or tilts an axis) for exactly one of the game's polls, all inside the page: the
 * game's frame callback was requested before ours, so it polls the press, ours releases it in the
 * same frame, and the next poll sees it released. Holding it across a round trip to the test
 * instead could last past the 400 ms after which a held menu move repeats (software GL is slow).
 */
function tapIn(page: Page, i: number, control: { button: number } | { axis: number; value: number }): Promise<void> {
  return page.evaluate(([n, c]) => new Promise<void>((resolve) => {
    const ctl = (window as unknown as { __padCtl: PadCtl }).__padCtl;
    const set = (isDown: boolean): void => {
      if ('button' in c) ctl.button(n, c.button, isDown);
      else ctl.axis(n, c.axis, isDown ? c.value : 0);
    };
    set(true);
    requestAnimationFrame(() => {
      set(false);
      requestAnimationFrame(() => resolve());
    });
  }), [i, control] as const);
}

const tap = (page: Page, i: number, b: number): Promise<void> => tapIn(page, i, { button: b });

const padLine = (page: Page) => page.locator('.hud-pads').textContent();
const reconnectShown = (page: Page) => page.locator('.reconnect-screen').isVisible();

let browser: Browser;
beforeAll(async () => { browser = await sharedBrowser(); });
afterAll(async () => { await browser?.close(); });

describe('gamepads', () => {
  test('a pad drives the menus: A on the title, d-pad and stick move the level cursor, A starts the level', async () => {
    const { page, errors, close } = await openPage(browser, '', {
      progress: finished(['01-tied-together.json#tied-together', '02-rappel.json#rappel']),
      initScript: `(${installPadStub.toString()})()`,
    });
    try {
      expect(await screenOf(page)).toBe('title');
      await pad(page).plug(0);
      await waitFrames(page, 3);
      expect(await padLine(page)).toBe('P1: keyboard · P2: keyboard · press a button on a gamepad to join');
      await screenshotStats(page, 'gamepad-join-hint');
      await tap(page, 0, 0); // joins P1, and on a menu the press acts too: Play
      await waitScreen(page, 'menu');
      expect(await padLine(page)).toBe('P1: gamepad · P2: keyboard');
      const selected = async () => (await menuRows(page)).findIndex((r) => r.isSelected);
      expect(await selected()).toBe(2); // the first unfinished level
      await tap(page, 0, 12); // d-pad up
      expect(await selected()).toBe(1);
      await tapIn(page, 0, { axis: 1, value: 0.9 }); // stick down
      expect(await selected()).toBe(2);
      await tap(page, 0, 13); // d-pad down: the next level is locked, but the cursor goes there
      expect(await selected()).toBe(3);
      await tap(page, 0, 12);
      await tap(page, 0, 12);
      expect(await selected()).toBe(1);
      // A pressed on the menu starts the level and is still held in it: no jump until pressed again.
      const ctl = pad(page);
      await ctl.button(0, 0, true);
      await waitScreen(page, 'playing');
      expect(await levelIdOf(page)).toBe('rappel');
      const s = await waitTicks(page, 10);
      expect(s.players[0].grounded).toBe(true);
      expect(s.players[0].vy).toBeGreaterThanOrEqual(0);
      await ctl.button(0, 0, false);
      // Start pauses even during play; A on the pause menu's first item (Resume) goes back to play.
      await tap(page, 0, 9);
      await waitScreen(page, 'paused');
      await tap(page, 0, 0);
      await waitScreen(page, 'playing');
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  test('two pads play both players with no keyboard; unplugging P2 stops the sim behind the reconnect message', async () => {
    const { page, errors, close } = await openPage(browser, '?level=tied-together', { initScript: `(${installPadStub.toString()})()`, realTime: true });
    const ctl = pad(page);
    try {
      expect(await screenOf(page)).toBe('playing');
      await ctl.plug(0);
      await ctl.plug(1);
      // The pad pressed first is P1, whatever its index: pad 1, then pad 0. B does nothing in play.
      await tap(page, 1, 1);
      await tap(page, 0, 1);
      expect(await padLine(page)).toBe('P1: gamepad · P2: gamepad');
      const before = await getState(page);
      expect(before.players[0].grounded && before.players[1].grounded).toBe(true);

      const stop = await recordFrames(page);
      await ctl.axis(1, 0, 1); // P1 (pad 1): stick right
      await ctl.button(0, 0, true); // P2 (pad 0): A, jump
      await waitTicks(page, 30);
      await ctl.axis(1, 0, 0);
      await ctl.button(0, 0, false);
      const seen = await stop();
      // One sample per drawn frame: software GL draws ~20 a second here, so 30 ticks give ~10.
      expect(seen.length).toBeGreaterThanOrEqual(5);
      const after = seen[seen.length - 1];
      expect(Math.max(...seen.map((s) => s.players[0].vx))).toBeGreaterThan(2);
      expect(after.players[0].x - before.players[0].x).toBeGreaterThan(1);
      expect(Math.min(...seen.map((s) => s.players[1].vy))).toBeLessThan(-3); // y down: a jump is upward
      expect(Math.min(...seen.map((s) => s.players[1].y))).toBeLessThan(before.players[1].y - 0.3);

      // P2's pad is unplugged: the message names Player 2 and the sim stops.
      await ctl.unplug(0);
      await page.locator('.reconnect-screen').waitFor({ state: 'visible', timeout: 5000 });
      expect(await page.locator('.reconnect-screen .title').textContent()).toBe('Reconnect controller (Player 2)');
      await waitFrames(page, 3);
      const frozen = (await getState(page)).tick;
      await waitFrames(page, 8);
      expect((await getState(page)).tick).toBe(frozen);
      expect(await screenOf(page)).toBe('playing');
      expect(await padLine(page)).toBe('P1: gamepad · P2: gamepad lost');
      await screenshotStats(page, 'gamepad-reconnect');
      // P1's pad still moves nobody while paused.
      await ctl.axis(1, 0, 1);
      await waitFrames(page, 3);
      await ctl.axis(1, 0, 0);
      expect((await getState(page)).tick).toBe(frozen);

      // Another pad (index 2) pressing a button takes Player 2 back, and the sim runs again.
      await ctl.plug(2);
      await tap(page, 2, 1);
      expect(await reconnectShown(page)).toBe(false);
      expect(await padLine(page)).toBe('P1: gamepad · P2: gamepad');
      const y0 = (await waitTicks(page, 5)).players[1].y;
      const stop2 = await recordFrames(page);
      await ctl.button(2, 0, true);
      await waitTicks(page, 15);
      await ctl.button(2, 0, false);
      const seen2 = await stop2();
      expect(seen2[0].tick).toBeGreaterThan(frozen);
      expect(Math.min(...seen2.map((s) => s.players[1].y))).toBeLessThan(y0 - 0.3); // the new pad jumps P2

      // Unplugged again; this time Esc gives Player 2 to the keyboard and play goes on.
      await ctl.unplug(2);
      await page.locator('.reconnect-screen').waitFor({ state: 'visible', timeout: 5000 });
      await page.keyboard.press('Escape');
      await waitFrames(page, 2);
      expect(await reconnectShown(page)).toBe(false);
      expect(await screenOf(page)).toBe('playing'); // Esc answered the message; it did not pause
      expect(await padLine(page)).toBe('P1: gamepad · P2: keyboard');
      const resumed = await waitTicks(page, 10);
      expect(resumed.tick).toBeGreaterThan(frozen);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });
});
