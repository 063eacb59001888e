// The level editor's other ways in by mouse and keys, on one page (each page costs seconds): pan by
// the middle button and by the arrow keys (the view moves by the distance asked, the level does
// not change); ropes dragged from a player's start, from a fixed point in the air and to a point on
// a box's side; a level file dropped on the editor (a broken one is refused with a message and the
// work in progress stays; a good one opens and takes edits); and, during test-play, the players'
// keys after a tuning slider was dragged or a number typed. Screenshots: test-results/editor-input-*.png.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { defaultRopeLength, ropeEndPosition, type LevelFile, type LevelRope } from '../../src/editor/doc';
import { PNG } from 'pngjs';
import { dropFiles, RESULTS_DIR, screenshot, screenshotStats, sharedBrowser } from './browser';
import { getState, waitFrames } from './gameState';
import { openPage, screenOf, waitScreen } from './menu';
import { clickButton, clickLevel, dragLevel, editorState, toScreen, waitDrawn, waitEditorMode } from './editorPage';

const swingYard = readFileSync('levels/10-swing-yard.json', 'utf8');

let browser: Browser;
beforeAll(async () => { browser = await sharedBrowser(); });
afterAll(async () => { await browser?.close(); });

type Handle = { __ropebound: { editor(): { revision: number; level: { id: string } } | null } };

/** The default length the editor gives a new rope between the ends of `rope` (distance plus slack). */
function expectedLength(level: LevelFile, rope: LevelRope): number {
  const a = ropeEndPosition(level, rope.a)!;
  const b = ropeEndPosition(level, rope.b)!;
  return defaultRopeLength(Math.hypot(a.x - b.x, a.y - b.y));
}

/** Of the level's part of the picture (between the panels), the share of pixels of `after` that
 *  show what `before` showed `dx` px right and `dy` px down of them (within a few levels). */
function shiftedMatch(before: PNG, after: PNG, dx: number, dy: number): number {
  let same = 0;
  let all = 0;
  for (let y = 160; y < 620; y += 3) {
    for (let x = 380; x < 960; x += 3) {
      const i = (y * after.width + x) * 4;
      const j = ((y + dy) * before.width + x + dx) * 4;
      all++;
      if ([0, 1, 2].every((c) => Math.abs(after.data[i + c]! - before.data[j + c]!) <= 6)) same++;
    }
  }
  return same / all;
}

/**
 * Holds `key` until player 2 has walked `dx` m (left when negative). Once, in a CI run under load
 * (2026-11-25), the first press after the gravity slider drag moved nobody for 10 s (cause not
 * found: the live change applies in place, and the slider hands the keys back 0 ms after the
 * release), so after 3 s without the walk the key is released and pressed again, as a player
 * would; three tries in all. A slider that kept the focus would take the presses instead: the
 * callers check that its value did not change.
 */
async function walkPlayer2(page: Page, key: 'ArrowLeft' | 'ArrowRight', dx: number): Promise<void> {
  const x0 = (await getState(page)).players[1].x;
  for (let attempt = 1; ; attempt++) {
    await page.keyboard.down(key);
    try {
      await page.waitForFunction(([x, d]) => {
        const x1 = (window as unknown as { __ropebound: { getState(): { players: Array<{ x: number }> } | null } }).__ropebound.getState()?.players[1].x;
        return x1 !== undefined && (d > 0 ? x1 > x + d : x1 < x + d);
      }, [x0, dx] as const, { timeout: 3_000 });
      return;
    } catch (e) {
      if (attempt === 3) throw e;
    } finally {
      await page.keyboard.up(key);
    }
  }
}

/** Waits until the editor's draft is at a revision above `revision`. */
async function waitRevisionAfter(page: Page, revision: number): Promise<void> {
  await page.waitForFunction((r) => ((window as unknown as Handle).__ropebound.editor()?.revision ?? -1) > r, revision);
}

test('pan by middle button and arrows; ropes from a start, a point in the air and a box side; drop a level; keys after a tuning slider; open by the file picker', async () => {
  const { page, errors, close } = await openPage(browser, '?edit');
  page.setDefaultTimeout(20_000);
  try {
    await waitEditorMode(page, 'edit');
    const start = await waitDrawn(page);

    // Middle-button drag pans by the distance dragged, whatever the tool; nothing in the level moves.
    const c0 = start.camera;
    const before = PNG.sync.read(await screenshot(page));
    await page.mouse.move(640, 360);
    await page.mouse.down({ button: 'middle' });
    await page.mouse.move(700, 390);
    await page.mouse.move(760, 420);
    await page.mouse.up({ button: 'middle' });
    let s = await editorState(page);
    expect(s.camera.zoom).toBe(c0.zoom);
    expect(s.camera.centerX).toBeCloseTo(c0.centerX - 120 / c0.zoom, 6);
    expect(s.camera.centerY).toBeCloseTo(c0.centerY - 60 / c0.zoom, 6);
    // The arrows pan by 48 px a press.
    const c1 = s.camera;
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowUp');
    s = await editorState(page);
    expect(s.camera.centerX).toBeCloseTo(c1.centerX - 96 / c1.zoom, 6);
    expect(s.camera.centerY).toBeCloseTo(c1.centerY - 48 / c1.zoom, 6);
    expect(s.camera.zoom).toBe(c1.zoom);
    expect(s.level).toEqual(start.level);
    expect(s.revision).toBe(start.revision);
    expect(s.selection).toEqual([]);
    // The picture moved with the view: 216 px right and 108 px down.
    await waitFrames(page, 2);
    const after = PNG.sync.read(await screenshot(page, { path: `${RESULTS_DIR}/editor-input-panned.png` }));
    expect(shiftedMatch(before, after, -216, -108)).toBeGreaterThan(0.97);
    expect(shiftedMatch(before, after, 0, 0)).toBeLessThan(0.9);

    // Ropes, from the panned view (the clicks go through the camera): player 1's start to a fixed
    // point in the air, and a fixed point in the air to the right side of a crate.
    await page.keyboard.press('KeyL');
    await dragLevel(page, [[3, 11.5], [3, 7]], 1);
    s = await waitDrawn(page);
    expect(s.level.ropes).toHaveLength(1);
    const toSpawn = s.level.ropes![0];
    expect(toSpawn.a).toEqual({ player: 1 });
    expect(toSpawn.b).toEqual({ point: [3, 7] });
    expect(toSpawn.length).toBe(expectedLength(s.level, toSpawn));
    expect(s.selection).toEqual([{ kind: 'rope', id: toSpawn.id }]);
    await clickButton(page, 'Crate');
    await clickLevel(page, 12, 6);
    s = await waitDrawn(page);
    const crate = s.level.boxes![0];
    expect(crate).toMatchObject({ x: 12, y: 6, w: 1, h: 1 });
    await page.keyboard.press('KeyL');
    await dragLevel(page, [[15, 3], [12.5, 6]], 1);
    s = await waitDrawn(page);
    expect(s.level.ropes).toHaveLength(2);
    const toBox = s.level.ropes![1];
    expect(toBox.a).toEqual({ point: [15, 3] });
    expect(toBox.b).toEqual({ box: crate.id, at: [0.5, 0] });
    expect(toBox.length).toBe(expectedLength(s.level, toBox));
    expect(s.level.ropes![0]).toEqual(toSpawn);
    const work = s;

    // A broken file dropped on the editor: refused with the parser's message; the work stays.
    await dropFiles(page, [{ name: 'broken.json', text: swingYard.replace('"goal": {', '"goal": { "colour": "red",') }]);
    const toast = page.locator('.ed-toast');
    await page.locator('.ed-toast.is-error', { hasText: 'broken.json could not be opened' }).waitFor({ state: 'visible' });
    expect(await toast.textContent()).toMatch(/\$\.goal\.colour/);
    s = await editorState(page);
    expect(s.level).toEqual(work.level);
    expect(s.revision).toBe(work.revision);
    expect(await screenOf(page)).toBe('editor');

    // A level file dropped: it opens as a new draft (the game's own drop, which would play it, never
    // sees it), fitted in the view, and takes edits like any draft.
    await dropFiles(page, [{ name: 'my-yard.json', text: swingYard }]);
    await page.waitForFunction(() => (window as unknown as Handle).__ropebound.editor()?.level.id === 'swing-yard');
    await page.locator('.ed-toast', { hasText: 'Opened my-yard.json' }).waitFor({ state: 'visible' });
    s = await waitDrawn(page);
    expect(s.level).toEqual(JSON.parse(swingYard));
    expect(s.isCleared).toBe(false);
    expect(await screenOf(page)).toBe('editor');
    const topLeft = await toScreen(page, 0, 0);
    const bottomRight = await toScreen(page, 40, 20);
    expect(topLeft.x).toBeGreaterThan(0);
    expect(bottomRight.x).toBeLessThan(1280);
    expect(bottomRight.y).toBeLessThanOrEqual(720);
    await page.keyboard.press('KeyB');
    await clickLevel(page, 20.5, 2.5);
    s = await waitDrawn(page);
    expect(s.level.tiles[2][20]).toBe('#');
    await screenshotStats(page, 'editor-input-dropped');
    await page.keyboard.press('Control+KeyZ');
    s = await waitDrawn(page);
    expect(s.level).toEqual(JSON.parse(swingYard));

    // The bug this guards against: during test-play a slider dragged with the mouse kept the
    // keyboard focus, so the arrows stepped the slider and the players stood still.
    await page.keyboard.press('F5');
    await waitScreen(page, 'testPlay');
    const range = page.locator('.ed-tuning .ed-num:has(input[data-path="physics.gravity"]) input[type="range"]');
    const box = (await range.boundingBox())!;
    const revision = (await editorState(page)).revision;
    await page.mouse.move(box.x + box.width * 0.4, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.3, box.y + box.height / 2);
    await page.mouse.up();
    await waitRevisionAfter(page, revision);
    const gravity = (await editorState(page)).level.physics?.gravity;
    expect(gravity).toBeGreaterThan(0);
    const sliderValue = await range.inputValue();
    // The keys come back to the game just after the release (once the slider's own events are
    // done): a key pressed in the same instant would still step the slider, as in any form.
    await page.waitForFunction(() => document.activeElement instanceof HTMLCanvasElement, undefined, { timeout: 5_000 });
    await walkPlayer2(page, 'ArrowRight', 1);
    expect(await range.inputValue()).toBe(sliderValue);
    await screenshotStats(page, 'editor-input-tuned');
    // The same after typing a number into a box and Enter (↓ and ↑ would step the number).
    const damping = page.locator('.ed-tuning input[data-path="physics.ropeDamping"]');
    const field = (await damping.boundingBox())!;
    await page.mouse.click(field.x + field.width / 2, field.y + field.height / 2);
    await page.keyboard.press('Control+KeyA');
    await page.keyboard.type('0.7');
    await page.keyboard.press('Enter');
    await walkPlayer2(page, 'ArrowLeft', -0.5);
    await page.keyboard.press('ArrowDown');
    expect(await damping.inputValue()).toBe('0.7');
    await page.keyboard.press('F5');
    await waitEditorMode(page, 'edit');
    s = await editorState(page);
    expect(s.level.physics).toEqual({ ...JSON.parse(swingYard).physics, gravity, ropeDamping: 0.7 });

    // The file picker (the Open button, then Ctrl+O): the browser's chooser opens; the file picked opens as a new draft.
    const firstGap = readFileSync('levels/03-first-gap.json', 'utf8');
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), clickButton(page, 'Open')]);
    expect(chooser.isMultiple()).toBe(true);
    await chooser.setFiles({ name: 'picked.json', mimeType: 'application/json', buffer: Buffer.from(firstGap) });
    await page.waitForFunction(() => (window as unknown as Handle).__ropebound.editor()?.level.id === 'first-gap');
    s = await waitDrawn(page);
    expect(s.level).toEqual(JSON.parse(firstGap));
    expect(await screenOf(page)).toBe('editor');
    // Ctrl+O opens the same chooser (the chooser is watched before the key goes down).
    const ctrlO = page.waitForEvent('filechooser');
    await page.evaluate(() => 0);
    await page.keyboard.press('Control+KeyO');
    await (await ctrlO).setFiles({ name: 'yard.json', mimeType: 'application/json', buffer: Buffer.from(swingYard) });
    await page.waitForFunction(() => (window as unknown as Handle).__ropebound.editor()?.level.id === 'swing-yard');
    expect(errors).toEqual([]);
  } catch (e) {
    await screenshotStats(page, 'editor-input-failed').catch(() => {});
    throw e;
  } finally {
    await close();
  }
}, 120_000);
