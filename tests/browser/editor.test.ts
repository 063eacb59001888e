// The level editor end to end with the real mouse and keys (issue 15): from the new level the
// editor opens on, paint a floor, place the spawns and the goal (and resize it by its handle), hang
// a crate by dragging a rope from an anchor, stamp a spiked pendulum, test-play with the players'
// keys to the goal (the level becomes "cleared"), come back with the camera and selection kept,
// undo and redo. Screenshots: test-results/editor-*.png.
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { sharedBrowser, screenshotStats } from './browser';
import { openPage, screenOf, waitScreen } from './menu';
import { clickButton, clickLevel, dragLevel, editorState, waitDrawn, waitEditorMode } from './editorPage';

let browser: Browser;
beforeAll(async () => { browser = await sharedBrowser(); });
afterAll(async () => { await browser?.close(); });

test('build a rope-hazard level with the mouse, test-play it to the goal, undo and redo', async () => {
  const { page, errors, close } = await openPage(browser, '?edit');
  page.setDefaultTimeout(20_000);
  try {
    await waitEditorMode(page, 'edit');
    expect(await screenOf(page)).toBe('editor');
    let s = await waitDrawn(page);
    expect(s.level.tiles[12]).toBe('#'.repeat(24));

    // A pit in the floor (erase brush), solid ground back at its bottom (rectangle) and a plank bridge (brush).
    await page.keyboard.press('KeyE');
    await dragLevel(page, [[9.5, 12.5], [13.5, 12.5]]);
    await dragLevel(page, [[9.5, 13.5], [13.5, 13.5]]);
    s = await waitDrawn(page);
    expect(s.level.tiles[12]).toBe(`${'#'.repeat(9)}.....${'#'.repeat(10)}`);
    await page.keyboard.press('Digit1');
    await page.keyboard.press('KeyG');
    await dragLevel(page, [[9.5, 13.5], [13.5, 13.5]]);
    await page.keyboard.press('Digit2');
    await page.keyboard.press('KeyB');
    await dragLevel(page, [[9.5, 12.5], [11.5, 12.5], [13.5, 12.5]]);
    s = await waitDrawn(page);
    expect(s.level.tiles[12]).toBe(`${'#'.repeat(9)}=====${'#'.repeat(10)}`);
    expect(s.level.tiles[13]).toBe('#'.repeat(24));

    // The spawns and the goal where the players start and end; the goal widened to the wall by its corner.
    await clickButton(page, 'P1 start');
    await clickLevel(page, 2, 12);
    await clickButton(page, 'P2 start');
    await clickLevel(page, 4, 12);
    await clickButton(page, 'Goal');
    await clickLevel(page, 20, 9);
    s = await waitDrawn(page);
    expect(s.level.spawns.map((p) => [p.player, p.x, p.y])).toEqual([[1, 2, 12], [2, 4, 12]]);
    expect(s.level.goal).toMatchObject({ x: 20, y: 9, w: 3, h: 3 });
    expect(s.selection).toEqual([{ kind: 'goal', id: s.level.goal.id }]);
    await dragLevel(page, [[23, 9], [24, 9]]);
    s = await waitDrawn(page);
    expect(s.level.goal).toMatchObject({ x: 20, y: 9, w: 4, h: 3 });

    // An anchor and a crate, tied by dragging a rope from one to the other.
    await clickButton(page, 'Anchor');
    await clickLevel(page, 16, 2);
    await clickButton(page, 'Crate');
    await clickLevel(page, 16, 5);
    await page.keyboard.press('KeyL');
    await dragLevel(page, [[16, 2], [16, 3.5], [16, 4.6]]);
    s = await waitDrawn(page);
    const anchor = s.level.anchors?.[0];
    const crate = s.level.boxes?.[0];
    expect(anchor).toMatchObject({ x: 16, y: 2 });
    expect(crate).toMatchObject({ x: 16, y: 5, w: 1, h: 1 });
    expect(s.level.ropes).toHaveLength(1);
    const rope = s.level.ropes![0];
    expect(rope.a).toEqual({ anchor: anchor!.id });
    expect(rope.b).toEqual({ box: crate!.id });
    expect(rope.length).toBeGreaterThan(2.5); // the distance (2.5 m) plus slack
    expect(s.selection).toEqual([{ kind: 'rope', id: rope.id }]);

    // A spiked pendulum stamp: a hook, a spiked box swung out 45 degrees and its rope.
    await clickButton(page, 'Spiked pendulum');
    await clickLevel(page, 7, 1);
    s = await waitDrawn(page);
    expect(s.level.anchors).toHaveLength(2);
    const blade = s.level.boxes?.find((b) => b.spikes === true);
    expect(blade).toMatchObject({ x: 7, startAngle: 45 });
    expect(s.level.ropes).toHaveLength(2);
    await page.waitForFunction(() => {
      const e = (window as unknown as { __ropebound: { editor(): { problems: string[]; revision: number } | null } }).__ropebound.editor();
      return e !== null && e.problems.length === 0 && !(document.querySelector('.ed-play') as HTMLButtonElement).disabled;
    });
    await screenshotStats(page, 'editor-built');

    // Select the crate, then F5: the players play the draft from their spawns.
    await page.keyboard.press('KeyV');
    await clickLevel(page, 16, 5.2);
    const before = await editorState(page);
    expect(before.selection).toEqual([{ kind: 'box', id: crate!.id }]);
    await page.keyboard.press('F5');
    await waitScreen(page, 'testPlay');
    await waitEditorMode(page, 'play');
    const toPlayMs = (await editorState(page)).lastSwitchMs;
    await page.keyboard.down('KeyD');
    await page.keyboard.down('ArrowRight');
    await page.waitForFunction(() => (window as unknown as { __ropebound: { screen: string } }).__ropebound.screen === 'editor', undefined, { timeout: 30_000 });
    await page.keyboard.up('KeyD');
    await page.keyboard.up('ArrowRight');
    await waitEditorMode(page, 'edit');
    const after = await editorState(page);
    expect(after.isCleared).toBe(true);
    expect(after.camera).toEqual(before.camera);
    expect(after.selection).toEqual(before.selection);
    // Playing never changes the edited level.
    expect(after.level).toEqual(before.level);
    expect(after.revision).toBe(before.revision + 1); // the cleared mark only
    await page.locator('.ed-badge.is-cleared').waitFor({ state: 'visible' });
    await screenshotStats(page, 'editor-cleared');
    console.log(`test-play switch: ${toPlayMs.toFixed(1)} ms to play`);

    // Undo takes the last edit back (and the cleared mark with it, which proved that level); redo returns both.
    await page.keyboard.press('Control+KeyZ');
    s = await waitDrawn(page);
    expect(s.level.boxes?.some((b) => b.spikes)).toBe(false);
    expect(s.isCleared).toBe(false);
    await page.keyboard.press('Control+Shift+KeyZ');
    s = await waitDrawn(page);
    expect(s.level).toEqual(before.level);
    expect(s.isCleared).toBe(true);
    await page.keyboard.press('Control+KeyZ');
    await page.keyboard.press('Control+KeyY');
    s = await waitDrawn(page);
    expect(s.level).toEqual(before.level);
    expect(errors).toEqual([]);
  } finally {
    await screenshotStats(page, 'editor-last').catch(() => {});
    await close();
  }
}, 180_000);
