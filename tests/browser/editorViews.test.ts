// The level editor's ways in and out and its safety nets, in the real page: the title's Create and
// the editor's Exit, Edit a copy in the level select (on the largest campaign level, where the
// edit-to-redraw time is measured), test-play from a chosen checkpoint, the problem list selecting
// and centring what it names, grid resize, a browser that refuses storage (a clear message; export
// still works), the tuning panel during test-play, Ctrl+V of level text, and Edit a copy from the
// pause menu. Screenshots: test-results/editor-views-*.png.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { clickAt, gameUrl, sharedBrowser, screenshotStats } from './browser';
import { getState } from './gameState';
import { openLevelSelect, openPage, screenOf, waitReady, waitScreen } from './menu';
import { clickButton, clickLevel, dragLevel, editorState, waitDrawn, waitEditorMode, waitSaved } from './editorPage';

let browser: Browser;
beforeAll(async () => { browser = await sharedBrowser(); });
afterAll(async () => { await browser?.close(); });

type Handle = { __ropebound: { editor(): { revision: number; drawnRevision: number } | null } };

/**
 * From a real click with the brush to the frame that shows it: how many frames the page drew after
 * the one in which the level changed (the press paints, the release ends the edit: under load a few
 * frames may pass between them) before one showed it, and the time from the press to that frame,
 * ms (both measured in the page, in a frame callback that runs after the game's).
 */
async function clickToRedraw(page: Page, x: number, y: number): Promise<{ frames: number; ms: number }> {
  await page.evaluate(() => {
    const w = window as unknown as Handle & { __t0?: number };
    w.__t0 = undefined;
    document.querySelector('canvas')!.addEventListener('pointerdown', () => { w.__t0 = performance.now(); }, { capture: true, once: true });
  });
  const result = page.evaluate(() => new Promise<{ frames: number; ms: number }>((resolve) => {
    const w = window as unknown as Handle & { __t0?: number };
    const rev0 = w.__ropebound.editor()!.revision;
    let changedFrame = -1;
    let frame = 0;
    const check = (): void => {
      frame++;
      const e = w.__ropebound.editor()!;
      if (changedFrame < 0 && e.revision !== rev0) changedFrame = frame;
      if (e.drawnRevision > rev0) resolve({ frames: frame - changedFrame, ms: performance.now() - w.__t0! });
      else requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  }));
  await clickLevel(page, x, y);
  return result;
}

test("Create opens the editor from the title and Exit goes back; the level select's Edit a copy opens a copy, playable from a checkpoint", async () => {
  const { page, errors, close } = await openLevelSelect(browser);
  page.setDefaultTimeout(20_000);
  try {
    // Edit a copy of the finale (level 24, the largest level).
    const row = page.locator('.menu-screen .level[data-level-id="finale"]');
    await page.locator('.unlock-all').click();
    await row.hover();
    await clickAt(row.locator('.edit-copy'));
    await waitEditorMode(page, 'edit');
    let s = await waitDrawn(page);
    expect(s.level.id).toBe('finale-copy');
    expect(s.level.tiles).toHaveLength(34);
    expect(s.level.boxes?.map((b) => b.id)).toEqual(['bumper', 'blade', 'plug', 'gondola']);
    await screenshotStats(page, 'editor-views-finale');

    // Edit-to-redraw on the largest level: a brush click, to the frame that shows it.
    await page.keyboard.press('KeyB');
    const redraws: Array<{ frames: number; ms: number }> = [];
    for (let i = 0; i < 5; i++) redraws.push(await clickToRedraw(page, 40.5 + i, 3.5));
    s = await editorState(page);
    expect(s.level.tiles[3].slice(40, 45)).toBe('#####');
    const times = redraws.map((r) => r.ms).sort((a, b) => a - b);
    console.log(`edit-to-redraw on levels/24-finale.json (100x34): median ${times[2].toFixed(1)} ms (${times.map((t) => t.toFixed(0)).join(', ')}); frames ${redraws.map((r) => r.frames).join(', ')}; preview rebuild ${s.rebuildMs.toFixed(1)} ms`);
    // Every edit is drawn in the frame that sees it or the next, however slow the machine (no
    // wall-clock bound in a test: the time is printed above).
    for (const r of redraws) expect(r.frames).toBeLessThanOrEqual(1);

    // Test-play from the first checkpoint: the players start at its respawn points; F5 comes back.
    await page.locator('.ed-start-at').selectOption('0');
    await page.locator('canvas').first().focus();
    await page.keyboard.press('F5');
    await waitScreen(page, 'testPlay');
    const state = await getState(page);
    expect(state.players[0].x).toBeCloseTo(25.2, 5);
    expect(state.players[1].x).toBeCloseTo(27.6, 5);
    await page.keyboard.press('F5');
    await waitEditorMode(page, 'edit');
    console.log(`test-play switch back: ${(await editorState(page)).lastSwitchMs.toFixed(1)} ms`);
    expect(await screenOf(page)).toBe('editor');

    // Exit goes to the title, whose Create comes back to the same draft.
    await clickButton(page, 'Exit');
    await waitScreen(page, 'title');
    expect(await page.locator('.editor').isVisible()).toBe(false);
    await clickAt(page.locator('.title-screen [data-item="create"]'));
    await waitEditorMode(page, 'edit');
    expect((await editorState(page)).level.id).toBe('finale-copy');
    expect(errors).toEqual([]);
  } finally {
    await close();
  }
}, 120_000);

test('the problem list names what is wrong; clicking a problem selects and centres it; Play waits until it is fixed', async () => {
  const { page, errors, close } = await openPage(browser, '?edit');
  page.setDefaultTimeout(20_000);
  try {
    await waitEditorMode(page, 'edit');
    await waitDrawn(page);
    // A crate inside the floor: the game refuses it, and says which one.
    await clickButton(page, 'Crate');
    await clickLevel(page, 8, 12.5);
    await page.locator('.ed-problems li', { hasText: 'crate' }).first().waitFor({ state: 'visible' });
    expect(await page.locator('.ed-play').isDisabled()).toBe(true);
    await clickButton(page, 'Select');
    await clickLevel(page, 2, 2); // deselect (an empty spot)
    await page.keyboard.press('Digit0');
    expect((await editorState(page)).selection).toEqual([]);
    await clickAt(page.locator('.ed-problems li', { hasText: 'crate' }).first());
    const s = await editorState(page);
    expect(s.selection).toEqual([{ kind: 'box', id: 'crate' }]);
    expect(s.camera.centerX).toBeCloseTo(8, 5);
    expect(s.camera.centerY).toBeCloseTo(12.5, 5);
    await screenshotStats(page, 'editor-views-problem');
    // F5 refuses with the reason; Delete removes the crate and Play is back.
    await page.keyboard.press('F5');
    await page.locator('.ed-toast', { hasText: "Can't play yet" }).waitFor({ state: 'visible' });
    expect(await screenOf(page)).toBe('editor');
    await page.keyboard.press('Delete');
    await page.waitForFunction(() => !(document.querySelector('.ed-play') as HTMLButtonElement).disabled);

    // Grid resize from the level's inspector: a column on the left keeps everything in its place on the tiles.
    await page.keyboard.press('Escape');
    const before = (await editorState(page)).level;
    await clickAt(page.locator('.ed-grid-size button[data-side="left"][data-by="1"]'));
    let after = (await waitDrawn(page)).level;
    expect(after.tiles[0]).toHaveLength(25);
    expect(after.spawns[0].x).toBe(before.spawns[0].x + 1);
    // Removing the bottom row would cut the floor: the editor asks first, and Cancel keeps it.
    await clickAt(page.locator('.ed-grid-size button[data-side="bottom"][data-by="-1"]'));
    await page.locator('.ed-confirm', { hasText: 'tile' }).waitFor({ state: 'visible' });
    await clickAt(page.locator('.ed-confirm button', { hasText: 'Cancel' }));
    expect((await editorState(page)).level.tiles).toHaveLength(14);
    await page.keyboard.press('Control+KeyZ');
    after = (await waitDrawn(page)).level;
    expect(after).toEqual(before);
    expect(errors).toEqual([]);
  } finally {
    await close();
  }
}, 90_000);

test('storage blocked: the editor says the level is not saved in this browser, and export still works', async () => {
  // IndexedDB refuses to open, as in some private windows.
  const { page, errors, close } = await openPage(browser, '?edit', {
    initScript: `IDBFactory.prototype.open = function () { throw new DOMException('blocked by the test', 'SecurityError'); };`,
  });
  page.setDefaultTimeout(20_000);
  try {
    await waitEditorMode(page, 'edit');
    await page.locator('.ed-status.is-problem', { hasText: 'Not saved' }).waitFor({ state: 'visible' });
    await page.locator('.ed-toast', { hasText: 'Export it' }).waitFor({ state: 'visible' });
    await screenshotStats(page, 'editor-views-blocked');
    const download = page.waitForEvent('download');
    await clickButton(page, 'Export');
    expect((await download).suggestedFilename()).toBe('my-level.json');
    expect(errors).toEqual([]);
  } finally {
    await close();
  }
}, 90_000);

test('the tuning panel during test-play: live rope tension, gravity changed live and in the level, undone in the editor', async () => {
  const { page, errors, close } = await openPage(browser, '?edit');
  page.setDefaultTimeout(20_000);
  try {
    await waitEditorMode(page, 'edit');
    await waitDrawn(page);
    await clickButton(page, 'Crate gate');
    await clickLevel(page, 12, 1);
    let s = await waitDrawn(page);
    const rope = s.level.ropes![0];
    await clickButton(page, 'Select');
    await clickLevel(page, 12, 4); // on the rope, between hook and crate
    expect((await editorState(page)).selection).toEqual([{ kind: 'rope', id: rope.id }]);
    await page.waitForFunction(() => !(document.querySelector('.ed-play') as HTMLButtonElement).disabled);
    await page.keyboard.press('F5');
    await waitScreen(page, 'testPlay');
    // The crate's weight on its rope: about 150 kg x 40 m/s^2 = 6000 N.
    // (Once it hangs still: the crate starts with some slack in its rope.)
    await page.waitForFunction(() => Number((document.querySelector('.ed-ropes td:nth-child(2)')?.textContent ?? '').replace(/ N$/, '')) > 4000);
    const tension = Number((await page.locator('.ed-ropes td:nth-child(2)').textContent())!.replace(/ N$/, ''));
    expect(tension).toBeGreaterThan(4000);
    expect(tension).toBeLessThan(8000);
    expect(await page.locator('.ed-tuning', { hasText: `rope '${rope.id}'` }).isVisible()).toBe(true);
    await screenshotStats(page, 'editor-views-tuning');
    // Gravity halved: the level says so at once, and the crate's rope feels it.
    const gravity = page.locator('.ed-tuning input[data-path="physics.gravity"]');
    await gravity.fill('20');
    await gravity.press('Enter');
    await page.waitForFunction(() => {
      const t = Number((document.querySelector('.ed-ropes td:nth-child(2)')?.textContent ?? '').replace(/ N$/, ''));
      return t > 2000 && t < 4000;
    }, undefined, { timeout: 20_000 });
    expect((await editorState(page)).level.physics?.gravity).toBe(20);
    await page.locator('canvas').first().focus();
    await page.keyboard.press('F5');
    await waitEditorMode(page, 'edit');
    await page.keyboard.press('Control+KeyZ');
    s = await waitDrawn(page);
    expect(s.level.physics).toEqual({ ropeWrap: true }); // the gravity undone; a new level bends its ropes
    expect(errors).toEqual([]);
  } finally {
    await close();
  }
}, 90_000);

test('Ctrl+V on the level opens pasted level text as a new draft', async () => {
  const { page, context, errors, close } = await openPage(browser, '?edit');
  page.setDefaultTimeout(20_000);
  try {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(page.url()).origin });
    await waitEditorMode(page, 'edit');
    const text = readFileSync('levels/10-swing-yard.json', 'utf8');
    await page.evaluate((t) => navigator.clipboard.writeText(t), text);
    await page.locator('canvas').first().focus();
    await page.keyboard.press('Control+KeyV');
    await page.locator('.ed-toast', { hasText: 'Opened the pasted text' }).waitFor({ state: 'visible' });
    const s = await waitDrawn(page);
    expect(s.level).toEqual(JSON.parse(text));
    expect(errors).toEqual([]);
  } finally {
    await close();
  }
}, 60_000);

test('a level being played (from the campaign, a file or a link) has Edit a copy under its pause menu', async () => {
  const { page, errors, close } = await openPage(browser, '?level=first-gap');
  page.setDefaultTimeout(20_000);
  try {
    await waitScreen(page, 'playing');
    await page.keyboard.press('Escape');
    await waitScreen(page, 'paused');
    await clickAt(page.locator('.pause-screen .edit-copy'));
    await waitEditorMode(page, 'edit');
    const s = await waitDrawn(page);
    expect(s.level.id).toBe('first-gap-copy');
    expect(await screenOf(page)).toBe('editor');
    expect(await page.locator('.pause-screen').isVisible()).toBe(false);
    expect(errors).toEqual([]);
  } finally {
    await close();
  }
}, 60_000);

test('view and selection by mouse: wheel zoom about the pointer, Space-drag pan; a platform path and a checkpoint by handles; duplicate, delete, marquee', async () => {
  const { page, errors, close } = await openPage(browser, '?edit');
  page.setDefaultTimeout(20_000);
  try {
    await waitEditorMode(page, 'edit');
    await waitDrawn(page);
    // The wheel zooms in about the point under the pointer, which stays under it.
    const before = (await editorState(page)).camera;
    const at = { x: (12 - before.centerX) * before.zoom + 640, y: (6 - before.centerY) * before.zoom + 360 };
    await page.mouse.move(at.x, at.y);
    await page.mouse.wheel(0, -300);
    await page.waitForFunction((z) => (window as unknown as { __ropebound: { editor(): { camera: { zoom: number } } } }).__ropebound.editor().camera.zoom > z, before.zoom);
    const zoomed = (await editorState(page)).camera;
    expect(zoomed.centerX + (at.x - 640) / zoomed.zoom).toBeCloseTo(12, 1);
    expect(zoomed.centerY + (at.y - 360) / zoomed.zoom).toBeCloseTo(6, 1);
    // Space + drag pans by the distance dragged.
    await page.keyboard.down('Space');
    await page.mouse.down();
    await page.mouse.move(at.x + 100, at.y, { steps: 4 });
    await page.mouse.up();
    await page.keyboard.up('Space');
    const panned = (await editorState(page)).camera;
    expect(panned.centerX).toBeCloseTo(zoomed.centerX - 100 / zoomed.zoom, 3);
    await page.keyboard.press('Digit0'); // fit again

    // A moving platform: placed, a third path point added by clicking, the second dragged.
    await clickButton(page, 'Platform');
    await clickLevel(page, 6, 6);
    await clickAt(page.locator('.ed-inspector button', { hasText: 'Add path points' }));
    await clickLevel(page, 10, 3);
    await page.keyboard.press('Escape');
    await dragLevel(page, [[10, 6], [12, 6]]);
    let s = await waitDrawn(page);
    expect(s.level.platforms?.[0].path).toEqual([[6, 6], [12, 6], [10, 3]]);

    // A checkpoint, its player 1 respawn point dragged (by the player's middle, half a metre above the feet).
    await clickButton(page, 'Checkpoint');
    await clickLevel(page, 14, 8);
    s = await waitDrawn(page);
    const checkpoint = s.level.checkpoints![0];
    expect(checkpoint).toMatchObject({ x: 14, y: 8, w: 2, h: 3, p1: [14.5, 11], p2: [15.5, 11] });
    await dragLevel(page, [[14.5, 10.5], [17, 10.5]]);
    s = await waitDrawn(page);
    expect(s.level.checkpoints![0].p1).toEqual([17, 11]);
    // Out of its area: the area grew to hold it, so the flag lights where the player stands.
    expect(s.level.checkpoints![0]).toMatchObject({ x: 14, y: 8, w: 3, h: 3 });
    // Ctrl+D copies it one tile to the right; Delete removes the copy.
    await page.keyboard.press('Control+KeyD');
    s = await waitDrawn(page);
    expect(s.level.checkpoints).toHaveLength(2);
    expect(s.level.checkpoints![1]).toMatchObject({ x: 15, y: 8 });
    expect(s.selection).toEqual([{ kind: 'checkpoint', id: s.level.checkpoints![1].id }]);
    await page.keyboard.press('Delete');
    s = await waitDrawn(page);
    expect(s.level.checkpoints).toHaveLength(1);
    // A marquee from an empty spot selects what lies wholly inside it.
    await dragLevel(page, [[4, 2], [9, 5], [14, 7]]);
    s = await editorState(page);
    expect(s.selection).toEqual([{ kind: 'platform', id: s.level.platforms![0].id }]);
    await screenshotStats(page, 'editor-views-platform');
    expect(errors).toEqual([]);
  } finally {
    await close();
  }
}, 90_000);

test('two tabs on one level: the second save is not silent; the tab keeps its work as a copy', async () => {
  const a = await openPage(browser, '?edit');
  a.page.setDefaultTimeout(20_000);
  try {
    await waitEditorMode(a.page, 'edit');
    await waitSaved(a.page);
    // A second tab of the same browser profile opens the same draft (the one edited last).
    const b = await a.context.newPage();
    b.setDefaultTimeout(20_000);
    await b.goto(gameUrl('?edit'), { waitUntil: 'load' });
    await waitReady(b);
    await waitEditorMode(b, 'edit');
    await waitSaved(b);
    // Tab A edits and saves.
    await a.page.bringToFront();
    await a.page.keyboard.press('KeyB');
    await clickLevel(a.page, 3.5, 5.5);
    await waitSaved(a.page);
    // Tab B edits too: its save finds A's newer one and asks.
    await b.bringToFront();
    await b.locator('canvas').first().focus();
    await b.keyboard.press('KeyB');
    await clickLevel(b, 8.5, 5.5);
    await b.locator('.ed-conflict').waitFor({ state: 'visible' });
    expect(await b.locator('.ed-status').textContent()).toContain('another tab');
    await screenshotStats(b, 'editor-views-conflict');
    await clickAt(b.locator('.ed-conflict button', { hasText: 'Keep mine as a copy' }));
    await waitSaved(b);
    // Both versions are kept: My levels lists two.
    await clickButton(b, 'My levels');
    await expect.poll(() => b.locator('.ed-my-levels li[data-doc-id]').count()).toBe(2);
    expect(a.errors).toEqual([]);
  } finally {
    await a.close();
  }
}, 90_000);
