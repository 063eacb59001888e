// Teaching hints placed in the editor with the real mouse (issue 16): pick a verb in the tool
// column, click the level where the hint's area starts, drag it, undo and redo the drag, place a
// second one and Delete it, then test-play: the game's teaching prompt for the verb floats over the
// players, with their keys. Screenshots: test-results/editor-hint-*.png.
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { screenshotStats, sharedBrowser } from './browser';
import { getState, waitTicks } from './gameState';
import { openPage, waitScreen } from './menu';
import { clickButton, clickLevel, dragLevel, editorState, waitDrawn, waitEditorMode } from './editorPage';

let browser: Browser;
beforeAll(async () => { browser = await sharedBrowser(); });
afterAll(async () => { await browser?.close(); });

test('place an anchor hint with the mouse, move it, undo, delete another, and see its prompt in test-play', async () => {
  const { page, errors, close } = await openPage(browser, '?edit');
  page.setDefaultTimeout(20_000);
  try {
    await waitEditorMode(page, 'edit');
    let s = await waitDrawn(page);
    expect(s.level.hints).toBeUndefined();
    const [p1, p2] = s.level.spawns;

    // The verb list holds every verb the game teaches; choosing one arms the Hint tool.
    const verbs = page.locator('.ed-hint-verb');
    await verbs.scrollIntoViewIfNeeded();
    expect(await verbs.locator('option').allTextContents()).toEqual(['walk', 'jump', 'anchor', 'swing', 'pump', 'rappel', 'haul', 'climb', 'bump', 'ride']);
    await verbs.selectOption('anchor');
    expect((await editorState(page)).tool).toEqual({ kind: 'hint', verb: 'anchor' });

    // A click on the level: the hint's area starts there (6 x 4 m), over both spawns; it is selected.
    await clickLevel(page, 1, 8);
    s = await waitDrawn(page);
    expect(s.level.hints).toEqual([{ id: 'teach-anchor', verb: 'anchor', x: 1, y: 8, w: 6, h: 4 }]);
    expect(s.selection).toEqual([{ kind: 'hint', id: 'teach-anchor' }]);
    expect(s.tool).toEqual({ kind: 'select' });
    expect(await page.locator('.ed-inspector select').first().inputValue()).toBe('anchor');

    // Dragged 1 m left by its inside; Ctrl+Z puts it back, Ctrl+Y moves it again.
    await dragLevel(page, [[4, 9], [3, 9]]);
    s = await waitDrawn(page);
    expect(s.level.hints?.[0]).toMatchObject({ x: 0, y: 8 });
    await page.keyboard.press('Control+KeyZ');
    expect((await waitDrawn(page)).level.hints?.[0]).toMatchObject({ x: 1, y: 8 });
    await page.keyboard.press('Control+KeyY');
    expect((await waitDrawn(page)).level.hints?.[0]).toMatchObject({ x: 0, y: 8 });

    // A second hint by the Hint button (the verb chosen stays), away from the spawns; Delete removes it.
    await verbs.selectOption('jump');
    await page.locator('canvas').first().focus();
    await page.keyboard.press('Escape');
    await page.locator('.ed-hint-tool button').scrollIntoViewIfNeeded();
    await clickButton(page, 'Hint');
    await clickLevel(page, 12, 2);
    s = await waitDrawn(page);
    expect(s.level.hints?.map((h) => [h.id, h.verb, h.x, h.y])).toEqual([['teach-anchor', 'anchor', 0, 8], ['teach-jump', 'jump', 12, 2]]);
    await screenshotStats(page, 'editor-hint-placed');
    await page.keyboard.press('Delete');
    s = await waitDrawn(page);
    expect(s.level.hints?.map((h) => h.id)).toEqual(['teach-anchor']);

    // Test-play: the players stand in the hint, so the anchor prompt shows with their keys.
    await page.keyboard.press('F5');
    await waitScreen(page, 'testPlay');
    await waitTicks(page, 5);
    const state = await getState(page);
    expect(state.players[0].x).toBeCloseTo(p1.x, 5);
    expect(state.players[1].x).toBeCloseTo(p2.x, 5);
    const line = page.locator('.teach-prompt .line[data-verb="anchor"]');
    await line.waitFor({ state: 'visible', timeout: 5000 });
    expect(await line.textContent()).toMatch(/anchor/);
    await screenshotStats(page, 'editor-hint-testplay');
    await page.keyboard.press('F5');
    await waitEditorMode(page, 'edit');
    expect(errors).toEqual([]);
  } finally {
    await close();
  }
});
