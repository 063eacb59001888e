// Level 2 (swing-yard) in the real page with real keys: P1 runs into the crate hanging from the
// hook, the crate swings away and back, and the screen shows it move (not only the sim state).
// Layout: P1 spawns at x 3 on the floor (y 17); the crate 'bumper' (1 x 1 m, 20 kg) hangs from
// the anchor 'hook' at (5.5, 13) with its centre at (5.5, 16.2), low enough for a player to hit.
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import type { DebugHandle } from '../../src/app/debugHandle';
import { palette } from '../../src/render/palette';
import { worldLook } from '../../src/render/worldLooks';
import { gameUrl, keySetter, sharedBrowser, openGame, screenshotStats } from './browser';
import { colourCentroid, getState, recordFrames, waitTicks } from './gameState';

let browser: Browser;
beforeAll(async () => { browser = await sharedBrowser(); });
afterAll(async () => { await browser?.close(); });

test('P1 runs into the hanging crate of level 2: it swings away and back, on screen too', async () => {
  const { page, errors, close } = await openGame(gameUrl('?level=swing-yard'), { browser, realTime: true }); // the swing sampled each frame
  try {
    const start = await getState(page);
    expect(start.boxes.length).toBeGreaterThan(0);
    const rest = start.boxes[0];
    const before = await screenshotStats(page, 'box-bump-before');
    // The level's teaching caption (bump) is over the canvas before the bump and gone after it:
    // its box is left out when the level art is compared.
    const captions = [await page.locator('.teach-prompt').boundingBox()];

    // Per-frame record in the page: polling from here would miss the top of the swing.
    const stopRecording = await recordFrames(page);

    // 1. Hold D until P1 touches the crate (or the crate starts moving), then let go.
    const key = keySetter(page);
    await key('KeyD', true);
    await page.waitForFunction((restX) => {
      const s = (window.__ropebound as unknown as DebugHandle).getState()!;
      return s.players[0].x + 0.35 >= restX - 0.52 || Math.abs(s.boxes[0].vx) > 0.5;
    }, rest.x, { polling: 'raf', timeout: 20_000 });
    await key('KeyD', false);
    const touched = await getState(page);
    expect(touched.players[0].x + 0.35, 'P1 reached the crate').toBeGreaterThan(rest.x - 0.6);

    // 2. A screenshot while the crate is out, then 2 s of game time to swing back.
    await page.waitForFunction((restX) => {
      return (window.__ropebound as unknown as DebugHandle).getState()!.boxes[0].x > restX + 0.8;
    }, rest.x, { polling: 'raf', timeout: 20_000 });
    const after = await screenshotStats(page, 'box-bump-after');
    captions.push(await page.locator('.teach-prompt').boundingBox());
    await waitTicks(page, 120);
    const swing = (await stopRecording()).filter((s) => s.tick >= touched.tick - 10);
    let maxSpeed = 0;
    let maxX = rest.x;
    let backFromMax = 0;
    for (const { boxes: [{ x, vx, angle }] } of swing) {
      expect(Number.isFinite(x) && Number.isFinite(vx) && Number.isFinite(angle)).toBe(true);
      maxSpeed = Math.max(maxSpeed, Math.abs(vx));
      maxX = Math.max(maxX, x);
      backFromMax = Math.max(backFromMax, maxX - x);
    }
    expect(swing.length, 'frames sampled during the swing').toBeGreaterThan(20);
    expect(maxSpeed, 'crate horizontal speed after the bump, m/s').toBeGreaterThan(0.5);
    expect(maxX - rest.x, 'crate swings out past its rest position, m').toBeGreaterThan(0.5);
    expect(backFromMax, 'and comes back, m').toBeGreaterThan(0.5);
    const state = await getState(page);
    expect(state.ropes[1].active, 'the crate is still on its rope').toBe(true);

    // 3. Pixels: the crate's face colour moved right on screen while the level art stayed put (the
    // camera did not move, so the motion is the crate's own).
    const crateBefore = colourCentroid(before.path, palette.crate, 6);
    const crateAfter = colourCentroid(after.path, palette.crate, 6);
    const shown = captions.filter((b) => b !== null);
    // Swing Yard is in world 2: its tops are drawn in that world's colour.
    const tilesBefore = colourCentroid(before.path, worldLook(2).solidTop, 6, shown);
    const tilesAfter = colourCentroid(after.path, worldLook(2).solidTop, 6, shown);
    expect(crateBefore.count, 'crate pixels before').toBeGreaterThan(500);
    expect(crateAfter.count, 'crate pixels after').toBeGreaterThan(300);
    expect(Math.abs(tilesAfter.x - tilesBefore.x) + Math.abs(tilesAfter.y - tilesBefore.y), 'level art shift, px').toBeLessThan(2);
    // 0.8 m at the camera's smallest zoom (24 px/m) is about 20 px.
    expect(crateAfter.x - crateBefore.x, 'crate moved right on screen, px').toBeGreaterThan(20);
    expect(crateAfter.y - crateBefore.y, 'and up (it swings on its rope), px').toBeLessThan(0);

    // It settles without blowing up: a few more seconds later everything is finite and the rope intact.
    const later = await waitTicks(page, 120);
    expect(later.boxes.every((b) => Number.isFinite(b.x) && Number.isFinite(b.y))).toBe(true);
    expect(later.ropes[1].maxStretch).toBeLessThan(0.01);
    expect(errors).toEqual([]);
  } finally {
    await close();
  }
});
