// `?level=` picks a built-in level by number or id; an unknown one is reported with the list of
// levels while level 1 keeps playing, instead of a blank page.
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { gameUrl, launchBrowser, openGame } from './browser';
import { getErrors, getState, waitTicks } from './gameState';

let browser: Browser;
beforeAll(async () => { browser = await launchBrowser(); });
afterAll(async () => { await browser?.close(); });

test('without ?level the game plays level 1 (no boxes, only the tether)', async () => {
  const { page, errors, close } = await openGame(gameUrl(), { browser });
  try {
    const state = await getState(page);
    expect(state.boxes).toEqual([]);
    expect(state.ropes.map((r) => r.kind)).toEqual(['tether']);
    expect(await page.title()).toMatch(/First Gap/);
    expect(errors).toEqual([]);
  } finally {
    await close();
  }
});

test.each(['5', '05', 'swing-yard', 'SWING-YARD'])('?level=%s opens level 5 with its boxes and ropes', async (query) => {
  const { page, errors, close } = await openGame(gameUrl(`?level=${query}`), { browser });
  try {
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
    expect(text).toMatch(/\?level=5 or \?level=swing-yard/);
    const before = await getState(page);
    const after = await waitTicks(page, 10);
    expect(after.tick).toBeGreaterThan(before.tick);
    expect(after.boxes).toEqual([]); // level 1
    expect((await getErrors(page)).join('\n')).toMatch(/swing-yard/);
    expect(errors).toEqual([]);
  } finally {
    await close();
  }
});
