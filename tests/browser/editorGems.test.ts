// Gems placed in the editor with the real mouse (issue 16): the Gem button arms the tool, a click
// puts a gem there (drawn in the level, selected, its x and y in the inspector), Ctrl+Z takes it
// away and Ctrl+Y brings it back; in test-play, P1 walks into it with a real key and the HUD counts
// it. Screenshot: test-results/editor-gem-placed.png.
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { RESULTS_DIR, screenshotStats, sharedBrowser } from './browser';
import { countColour, waitTicks } from './gameState';
import { openPage, waitScreen } from './menu';
import { clickButton, clickLevel, editorState, waitDrawn, waitEditorMode } from './editorPage';

let browser: Browser;
beforeAll(async () => { browser = await sharedBrowser(); });
afterAll(async () => { await browser?.close(); });

/** The gem's colour (src/render/palette.ts gem). */
const GEM = 0xcc79a7;

test('place a gem with the mouse, undo and redo it, and collect it in test-play', async () => {
  const { page, errors, close } = await openPage(browser, '?edit');
  page.setDefaultTimeout(20_000);
  try {
    await waitEditorMode(page, 'edit');
    let s = await waitDrawn(page);
    expect(s.level.gems).toBeUndefined();
    const p1 = s.level.spawns.find((sp) => sp.player === 1)!;
    const beforeShot = await screenshotStats(page, 'editor-gem-none');
    expect(beforeShot.width).toBeGreaterThan(0);
    const none = countColour(`${RESULTS_DIR}/editor-gem-none.png`, GEM, 10);

    // 3 m to the right of P1, at its centre's height (feet y minus half a player): on its walk.
    const gx = p1.x + 3;
    const gy = p1.y - 0.5;
    await page.locator('.editor button', { hasText: 'Gem' }).first().scrollIntoViewIfNeeded();
    await clickButton(page, 'Gem');
    expect((await editorState(page)).tool).toEqual({ kind: 'place', what: 'gem' });
    await clickLevel(page, gx, gy);
    s = await waitDrawn(page);
    expect(s.level.gems).toEqual([{ id: 'gem', x: gx, y: gy }]);
    expect(s.selection).toEqual([{ kind: 'gem', id: 'gem' }]);
    await screenshotStats(page, 'editor-gem-placed');
    expect(countColour(`${RESULTS_DIR}/editor-gem-placed.png`, GEM, 10)).toBeGreaterThan(none + 25); // a stone ~0.8 m tall at the editor's zoom

    await page.keyboard.press('Control+KeyZ');
    expect((await waitDrawn(page)).level.gems ?? []).toEqual([]);
    await page.keyboard.press('Control+KeyY');
    expect((await waitDrawn(page)).level.gems).toEqual([{ id: 'gem', x: gx, y: gy }]);

    // Test-play: the HUD counts the gem; P1 walks into it.
    await page.locator('canvas').first().focus();
    await page.keyboard.press('F5');
    await waitScreen(page, 'testPlay');
    await waitTicks(page, 5);
    const gems = page.locator('.hud-run .gems');
    await expect.poll(() => gems.textContent()).toBe('Gems 0/1');
    await page.keyboard.down('KeyD');
    await expect.poll(() => gems.textContent(), { timeout: 15_000 }).toBe('Gems 1/1');
    await page.keyboard.up('KeyD');
    await page.keyboard.press('F5');
    await waitEditorMode(page, 'edit');
    expect(errors).toEqual([]);
  } finally {
    await close();
  }
});
