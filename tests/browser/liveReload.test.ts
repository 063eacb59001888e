// Live reload against the dev server: saving the level file being played reloads it in the open
// page without a page reload (a window marker survives); a broken save shows the validation
// messages while the last good version keeps ticking; fixing the file clears them and loads it;
// adding another level file changes nothing on screen; the editor's "Save to project" writes a
// cleared level and its replay into levels/ under a checked name. The probe files are always deleted.
// The only browser tests on the dev server (the others open the production build): this file
// starts its own, on a copy of the game (./gameCopy.ts), so the probe files never appear in this
// checkout's levels/ while other tests read it.
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startDevServer, type ServedGame } from '../../tools/gameServer';
import { clearedFromInputs, emptyLevel, exportLevel, setLevelMeta } from '../../src/editor/doc';
import { parseReplay, verifyReplay } from '../../src/level/replay';
import { dropFiles, openGame, screenshotStats, sharedBrowser } from './browser';
import { copyGame, type GameCopy } from './gameCopy';
import { getErrors, getState, waitTicks } from './gameState';
import { menuRows, openPage, waitScreen } from './menu';
import { clickButton, editorState, waitEditorMode } from './editorPage';

let browser: Browser;
let game: GameCopy | undefined;
let dev: ServedGame | undefined;
beforeAll(async () => {
  game = copyGame();
  [browser, dev] = await Promise.all([sharedBrowser(), startDevServer({ root: game.root })]);
});
afterAll(async () => {
  await browser?.close();
  await dev?.close();
  game?.remove();
});

/** A level file of the copy the dev server serves. */
const levelFile = (name: string): string => game!.path(`levels/${name}`);
const PROBE = '99-live-probe.json';
const OTHER = '98-live-probe-other.json';

/** `path` on this file's dev server. */
const gameUrl = (path = ''): string => new URL(path, dev!.url).toString();

/** first-gap under another id and name, with the spawns moved `dx` m right. */
function probeLevel(name: string, dx: number, id = 'live-probe'): string {
  const level = JSON.parse(readFileSync('levels/03-first-gap.json', 'utf8')) as {
    id: string; name: string; spawns: Array<{ x: number }>;
  };
  level.id = id;
  level.name = name;
  for (const spawn of level.spawns) spawn.x += dx;
  return `${JSON.stringify(level, null, 2)}\n`;
}

/** Waits until the dev server's level module lists `file` (the watcher has seen it). */
async function waitUntilServed(file: string): Promise<void> {
  const url = gameUrl('src/app/levelFiles.ts');
  for (let i = 0; i < 100; i++) {
    if ((await (await fetch(url)).text()).includes(file)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the dev server never listed ${file}`);
}

/**
 * Deletes a probe level file and waits until the dev server's level module no longer lists it: a
 * page opened before the watcher saw the deletion imported the gone file (the server answered 500,
 * ENOENT) and the game never started (the next test's page timed out once in four runs).
 */
async function removeLevelFile(path: string): Promise<void> {
  rmSync(path, { force: true });
  const name = path.slice(path.lastIndexOf('/') + 1);
  const url = gameUrl('src/app/levelFiles.ts');
  for (let i = 0; i < 100; i++) {
    if (!(await (await fetch(url)).text()).includes(name)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the dev server still lists ${name}`);
}

const marker = (page: Page) => page.evaluate(() => (window as unknown as { __probeMarker?: string }).__probeMarker);

test('saving the played level reloads it in place; a broken save shows errors and the old version runs on', async () => {
  let close: (() => Promise<void>) | null = null;
  try {
    writeFileSync(levelFile(PROBE), probeLevel('Live Probe', 0));
    await waitUntilServed('99-live-probe.json');
    const game = await openGame(gameUrl('?level=live-probe'), { browser });
    close = game.close;
    const { page, errors } = game;
    expect(await page.title()).toMatch(/^Live Probe ·/);
    await page.evaluate(() => { (window as unknown as { __probeMarker: string }).__probeMarker = 'same page'; });
    const before = await waitTicks(page, 30);
    expect(before.players[0].x).toBeCloseTo(1.6, 5);

    // 1. A valid save: spawns past the block (5.4 m further right), new name. The page reloads the
    // level, not itself.
    const savedAt = Date.now();
    writeFileSync(levelFile(PROBE), probeLevel('Live Probe Moved', 5.4));
    await page.waitForFunction(() => document.title.startsWith('Live Probe Moved'), undefined, { timeout: 20_000 });
    const reloadMs = Date.now() - savedAt;
    const moved = await getState(page);
    expect(moved.tick).toBeLessThan(before.tick + 30); // restarted from tick 0, not carried on
    expect(moved.players[0].x).toBeGreaterThan(6.5);
    expect(await marker(page)).toBe('same page');
    console.log(`live reload: the new level was running ${reloadMs} ms after the save`);

    // 2. A broken save: the errors show, the moved version keeps running.
    writeFileSync(levelFile(PROBE), probeLevel('Live Probe Moved', 5.4).replace('"goal": {', '"goal": { "colour": "red",'));
    const box = page.locator('.hud-errors');
    await box.waitFor({ state: 'visible', timeout: 5000 });
    expect(await box.textContent()).toMatch(/99-live-probe\.json has errors.*\$\.goal\.colour: 'goal': unknown field/s);
    const t0 = (await getState(page)).tick;
    const running = await waitTicks(page, 30);
    expect(running.tick).toBeGreaterThanOrEqual(t0 + 30);
    expect(await page.title()).toMatch(/^Live Probe Moved/);
    expect((await getErrors(page)).join('\n')).toMatch(/\$\.goal\.colour/);

    // 3. Another level file appears: the catalogue changes, the game on screen does not.
    writeFileSync(levelFile(OTHER), probeLevel('Other Probe', 0, 'live-probe-other'));
    await waitUntilServed('98-live-probe-other.json');
    await waitTicks(page, 10);
    expect((await getState(page)).tick).toBeGreaterThan(running.tick);
    expect(await page.title()).toMatch(/^Live Probe Moved/);
    await expect.poll(() => box.isVisible()).toBe(true); // the broken save is still unfixed

    // 4. The fix: errors cleared, the fixed version loaded.
    writeFileSync(levelFile(PROBE), probeLevel('Live Probe Fixed', 6.4));
    await page.waitForFunction(() => document.title.startsWith('Live Probe Fixed'), undefined, { timeout: 5000 });
    await expect.poll(() => box.isVisible()).toBe(false);
    expect(await getErrors(page)).toEqual([]);
    const fixed = await getState(page);
    expect(fixed.players[0].x).toBeGreaterThan(7.7);
    expect(fixed.players[0].x).toBeLessThan(8.5);
    expect(await marker(page)).toBe('same page');

    // 5. The probe has no committed replay: replay mode says so and the level plays normally.
    const replayGame = await openGame(gameUrl('?level=live-probe&replay'), { browser });
    try {
      const replayBox = replayGame.page.locator('.hud-errors');
      await replayBox.waitFor({ state: 'visible', timeout: 5000 });
      expect(await replayBox.textContent()).toMatch(/There is no replay for 99-live-probe\.json; the level plays normally.*levels\/replays\/99-live-probe\.replay\.json/s);
      await replayGame.page.keyboard.down('KeyD');
      const t = (await getState(replayGame.page)).players[0].x;
      const later = await waitTicks(replayGame.page, 30);
      await replayGame.page.keyboard.up('KeyD');
      expect(later.players[0].x).toBeGreaterThan(t + 1); // the keyboard plays
      expect(replayGame.errors).toEqual([]);
    } finally {
      await replayGame.close();
    }
    expect(errors).toEqual([]);
  } finally {
    await close?.();
    await removeLevelFile(levelFile(PROBE));
    await removeLevelFile(levelFile(OTHER));
  }
}, 120_000);

/** A flat 80 m meadow with the players at `x` (the camera can follow them anywhere along it). */
function meadow(x: number): string {
  const tiles = Array.from({ length: 16 }, (_, r) => (r >= 14 ? '#'.repeat(80) : '.'.repeat(80)));
  return `${JSON.stringify({
    format: 'ropebound-level', version: 2, id: 'live-probe-camera', name: `Camera Probe ${x}`, tiles,
    spawns: [{ id: 'p1', player: 1, x, y: 14 }, { id: 'p2', player: 2, x: x + 1, y: 14 }],
    goal: { id: 'goal', x: 76, y: 10, w: 3, h: 4 }, tether: { length: 4, segments: 12 },
  }, null, 2)}\n`;
}

test('a live reload keeps the camera: it eases to the moved spawns instead of cutting there', async () => {
  const file = levelFile('97-live-probe-camera.json');
  let close: (() => Promise<void>) | null = null;
  try {
    writeFileSync(file, meadow(4));
    await waitUntilServed('97-live-probe-camera.json');
    const game = await openGame(gameUrl('?level=live-probe-camera'), { browser });
    close = game.close;
    const { page } = game;
    await waitTicks(page, 30);
    // Trace the camera every frame, then move the spawns 36 m to the right.
    await page.evaluate(() => {
      const w = window as unknown as { __camTrace: Array<[string, number]>; __ropebound: { camera(): { x: number } | null } };
      w.__camTrace = [];
      const sample = () => {
        const cam = w.__ropebound.camera();
        if (cam) w.__camTrace.push([document.title, cam.x]);
        if (w.__camTrace.length < 5000) requestAnimationFrame(sample);
      };
      sample();
    });
    writeFileSync(file, meadow(40));
    await page.waitForFunction(() => document.title.startsWith('Camera Probe 40'), undefined, { timeout: 5000 });
    await waitTicks(page, 90);
    const trace = await page.evaluate(() => (window as unknown as { __camTrace: Array<[string, number]> }).__camTrace);
    const firstNew = trace.findIndex(([title]) => title.startsWith('Camera Probe 40'));
    expect(firstNew).toBeGreaterThan(0);
    const before = trace[firstNew - 1][1];
    const first = trace[firstNew][1];
    const later = trace[trace.length - 1][1];
    expect(later - before).toBeGreaterThan(20); // the view went to the new spawns...
    expect(first - before).toBeLessThan((later - before) / 2); // ...easing there, not cutting
  } finally {
    await close?.();
    await removeLevelFile(file);
  }
}, 60_000);

// From issue 13: a `?level=` whose file does not parse used to leave an empty "playing" screen.
const BROKEN = '96-broken-probe.json';

test('a ?level= whose file has errors opens the level select on it, with the errors shown', async () => {
  try {
    // Valid JSON, not a valid level: no tiles, spawns, goal or tether.
    writeFileSync(levelFile(BROKEN), `${JSON.stringify({ format: 'ropebound-level', version: 2, id: 'broken-probe', name: 'Broken Probe' })}\n`);
    await waitUntilServed('96-broken-probe.json');
    const { page, errors, close } = await openPage(browser, '?level=broken-probe', { baseUrl: dev!.url });
    try {
      // It used to stay on an empty "playing" screen whose pause menu's Restart did nothing.
      await waitScreen(page, 'menu');
      expect(await page.locator('.menu-screen').isVisible()).toBe(true);
      const box = page.locator('.hud-errors');
      await box.waitFor({ state: 'visible', timeout: 5000 });
      expect(await box.textContent()).toMatch(/The level 96-broken-probe\.json could not be loaded.*\$\.tiles/s);
      expect((await getErrors(page)).length).toBeGreaterThan(0);
      expect((await menuRows(page)).find((r) => r.isSelected)?.id).toBe('broken-probe');
      expect(new URL(page.url()).searchParams.has('level')).toBe(false);
      await screenshotStats(page, 'flow-bad-level');
      // The level select works: Esc goes to the title.
      await page.keyboard.press('Escape');
      await waitScreen(page, 'title');
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  } finally {
    await removeLevelFile(levelFile(BROKEN));
  }
}, 90_000);


test('the editor saves a cleared level and its replay into levels/ under a checked name; a bad or taken name is refused with a message', async () => {
  // A level cleared in Node (both players walk right into the goal), dropped with its replay.
  const level = setLevelMeta(emptyLevel('editor-save-probe'), { name: 'Editor Save Probe' });
  const mark = clearedFromInputs(level, Array.from({ length: 300 }, () => [2, 2] as const))!;
  const files = exportLevel(level, mark.replay);
  const saved = levelFile('95-editor-save.json');
  const savedReplay = levelFile('replays/95-editor-save.replay.json');
  const taken = readFileSync(levelFile('03-first-gap.json'), 'utf8');
  try {
    const { page, errors, close } = await openPage(browser, '?edit', { baseUrl: dev!.url });
    page.setDefaultTimeout(20_000);
    try {
      await waitEditorMode(page, 'edit');
      // Dropped as soon as the editor is up, while it may still be reading the last draft from
      // storage (which used to replace the dropped level a moment later). The replay first in the
      // drop: the level still opens before it, and opens cleared.
      await dropFiles(page, [{ name: files.replay!.name, text: files.replay!.text }, { name: files.level.name, text: files.level.text }]);
      await page.waitForFunction(() => {
        const e = (window as unknown as { __ropebound: { editor(): { isCleared: boolean; level: { id: string } } | null } }).__ropebound.editor();
        return e?.level.id === 'editor-save-probe' && e.isCleared;
      });
      await clickButton(page, 'Save to project');
      const dialog = page.locator('.ed-project');
      const input = dialog.locator('input');
      await input.waitFor({ state: 'visible' });
      expect(await input.inputValue()).toBe('editor-save-probe');
      const rename = async (name: string): Promise<void> => {
        const box = (await input.boundingBox())!;
        await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
        await page.keyboard.press('Control+KeyA');
        await page.keyboard.type(name);
      };

      // A path for a name: refused with the rule, nothing written.
      await rename('../evil');
      await clickButton(page, 'Save', '.ed-project');
      await dialog.locator('p', { hasText: 'the file name must be 1-64 letters' }).waitFor({ state: 'visible' });
      // A campaign file's name: the dev server refuses it and offers to overwrite (once, however
      // often Save is pressed); the file is untouched.
      await rename('03-first-gap');
      await clickButton(page, 'Save', '.ed-project');
      const exists = dialog.locator('p', { hasText: 'levels/03-first-gap.json already exists' });
      await exists.waitFor({ state: 'visible' });
      await clickButton(page, 'Save', '.ed-project');
      // The click cleared the answer at once (the mouse's events are handled when click() returns):
      // the message says it again when the second answer is in.
      await exists.waitFor({ state: 'visible' });
      expect(await dialog.locator('button', { hasText: 'Overwrite' }).count()).toBe(1);
      await screenshotStats(page, 'editor-save-refused');
      expect(readFileSync(levelFile('03-first-gap.json'), 'utf8')).toBe(taken);

      // A new name: both files written as the editor exports them, the dialog closed, a message.
      await rename('95-editor-save');
      expect(await dialog.locator('button', { hasText: 'Overwrite' }).count()).toBe(0);
      await clickButton(page, 'Save', '.ed-project');
      await page.locator('.ed-toast', { hasText: 'Saved levels/95-editor-save.json and levels/replays/95-editor-save.replay.json' }).waitFor({ state: 'visible' });
      expect(await dialog.count()).toBe(0);
      const text = readFileSync(saved, 'utf8');
      expect(JSON.parse(text)).toEqual({ ...(await editorState(page)).level, $schema: './level.schema.json' });
      expect(text).toBe(files.level.text);
      const replayText = readFileSync(savedReplay, 'utf8');
      expect(replayText).toBe(files.replay!.text);
      const replay = parseReplay(replayText);
      expect(replay.ok && verifyReplay(text, replay.replay)).toMatchObject({ ok: true, completedTick: mark.replay.completedTick });
      expect(existsSync(levelFile('evil.json')) || existsSync(game!.path('evil.json'))).toBe(false);
      // Chromium logs each refused request (the two 409s) as a console error; nothing else.
      expect(errors.filter((e) => !/status of 409 \(Conflict\).*save-level/.test(e))).toEqual([]);
    } finally {
      await close();
    }
  } finally {
    await removeLevelFile(saved);
    await removeLevelFile(savedReplay);
  }
}, 90_000);
