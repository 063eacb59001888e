// The level editor end to end with the real mouse and keys (issue 15): from the new level the
// editor opens on, paint a floor, place the spawns and the goal (and resize it by its handle), hang
// a crate by dragging a rope from an anchor, stamp a spiked pendulum, test-play with the players'
// keys to the goal (the level becomes "cleared"), come back with the camera and selection kept,
// undo and redo, reload (everything is still there), export (the files pass check-levels), and open
// the share link in a fresh page and play it. Screenshots: test-results/editor-*.png.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { sharedBrowser, screenshotStats } from './browser';
import { openPage, screenOf, waitReady, waitScreen } from './menu';
import { clickButton, clickLevel, dragLevel, editorState, waitDrawn, waitEditorMode, waitSaved } from './editorPage';

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
    // At 1280x720 every tool is in view: the column does not scroll and ends inside the window.
    const tools = await page.locator('.ed-tools').evaluate((el) => ({ scroll: el.scrollHeight, client: el.clientHeight, bottom: el.getBoundingClientRect().bottom, last: el.lastElementChild!.getBoundingClientRect().bottom }));
    expect(page.viewportSize()).toEqual({ width: 1280, height: 720 });
    expect(tools.scroll).toBeLessThanOrEqual(tools.client);
    expect(Math.max(tools.bottom, tools.last)).toBeLessThanOrEqual(720);

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

    // Autosave: within a second the status says Saved; a reload opens exactly this level, cleared
    // (its replay verified again), with its camera.
    await waitSaved(page, 5000);
    await page.reload({ waitUntil: 'load' });
    await waitReady(page);
    await waitEditorMode(page, 'edit');
    await page.waitForFunction((id) => {
      const e = (window as unknown as { __ropebound: { editor(): { level: { boxes?: Array<{ id: string }> }; isCleared: boolean } | null } }).__ropebound.editor();
      return e !== null && e.isCleared && (e.level.boxes ?? []).some((b) => b.id === id);
    }, crate!.id);
    s = await waitDrawn(page);
    expect(s.level).toEqual(before.level);
    expect(s.camera).toEqual(before.camera);
    await screenshotStats(page, 'editor-reloaded');

    // Export (Ctrl+S): the level and its replay, which together pass check-levels.
    const dir = mkdtempSync(join(tmpdir(), 'rb-editor-export-'));
    try {
      const downloads: Array<{ name: string; path: string }> = [];
      page.on('download', (d) => {
        const name = d.suggestedFilename();
        const path = name.endsWith('.replay.json') ? join(dir, 'replays', name) : join(dir, name);
        downloads.push({ name, path });
        void d.saveAs(path);
      });
      mkdirSync(join(dir, 'replays'));
      await page.keyboard.press('Control+KeyS');
      await expect.poll(() => downloads.length, { timeout: 10_000 }).toBe(2);
      await page.waitForTimeout(500); // saveAs finishes writing
      expect(downloads.map((d) => d.name).sort()).toEqual([`${s.level.id}.json`, `${s.level.id}.replay.json`]);
      const exported = JSON.parse(readFileSync(join(dir, `${s.level.id}.json`), 'utf8'));
      expect(exported.$schema).toBe('./level.schema.json');
      const check = execFileSync('npx', ['tsx', 'tools/checkLevels.ts', '--dir', dir], { encoding: 'utf8' });
      expect(check).toMatch(/ok/i);
      console.log(check.trim());
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }

    // Share link: the whole level in the URL's fragment.
    await clickButton(page, 'Share link');
    const link = await page.locator('.ed-share textarea').inputValue();
    expect(link).toMatch(/#share=1\./);
    expect(errors).toEqual([]);

    // A fresh page (another browser profile: no saved levels) opens the link: Play plays it.
    const other = await openPage(browser, link.replace(/^https?:\/\/[^/]+\//, ''));
    try {
      await other.page.locator('.ed-link-banner').waitFor({ state: 'visible' });
      expect(await other.page.locator('.ed-link-banner').textContent()).toContain('Cleared');
      await screenshotStats(other.page, 'editor-link');
      await clickButton(other.page, 'Play', '.ed-link-banner');
      await waitScreen(other.page, 'playing');
      await other.page.keyboard.down('KeyD');
      await other.page.keyboard.down('ArrowRight');
      await waitScreen(other.page, 'complete');
      await other.page.keyboard.up('KeyD');
      await other.page.keyboard.up('ArrowRight');
      await screenshotStats(other.page, 'editor-link-complete');
      expect(other.errors).toEqual([]);
    } finally {
      await other.close();
    }
    expect(errors).toEqual([]);
  } finally {
    await screenshotStats(page, 'editor-last').catch(() => {});
    await close();
  }
}, 180_000);
