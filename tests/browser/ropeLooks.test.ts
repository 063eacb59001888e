// A rope that can snap reads so at a glance: in the real page, three crates hang side by side from
// ropes of one length, one plain and two that can break (one lightly loaded, one at over half its
// breaking tension). Read from the pixels beside each rope: only the breakable ones have loose pale
// fibres sticking out, and the loaded one is drawn redder than the light one.
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { PNG } from 'pngjs';
import { readFileSync } from 'node:fs';
import { palette } from '../../src/render/palette';
import { defaultPhysicsSettings } from '../../src/sim';
import { dropFile, gameUrl, openGame, screenshotStats, sharedBrowser } from './browser';
import { waitTicks } from './gameState';
import { levelIdOf } from './menu';

let browser: Browser;
beforeAll(async () => { browser = await sharedBrowser(); });
afterAll(async () => { await browser?.close(); });

/** The game's gravity (far above 9.81: platformers feel floaty at real gravity). */
const G = defaultPhysicsSettings().gravity;
const CRATE_KG = 30;
/** Hook x of the plain, the lightly loaded and the heavily loaded rope, m. */
const HOOKS = [10.5, 13.5, 16.5] as const;
const HOOK_Y = 12;
const ROPE_M = 3;

/** Swing Yard's ground and spawns with only the three test crates in it, in open air. */
function threeCratesLevel(): string {
  const yard = JSON.parse(readFileSync('levels/10-swing-yard.json', 'utf8'));
  const weight = CRATE_KG * G;
  return JSON.stringify({
    ...yard,
    world: 1, // the ruins' blue-grey backdrop: the warm rope pixels stand out from it (band() below)
    // Swing Yard's own checkpoint (a respawn point where crate-0 now hangs) and hints are not part of it.
    checkpoints: undefined,
    hints: undefined,
    id: 'three-crates',
    name: 'Three Crates',
    anchors: HOOKS.map((x, i) => ({ id: `hook-${i}`, x, y: HOOK_Y })),
    boxes: HOOKS.map((x, i) => ({ id: `crate-${i}`, x, y: HOOK_Y + ROPE_M + 0.4, w: 1, h: 0.8, mass: CRATE_KG })),
    ropes: HOOKS.map((_, i) => ({
      id: `rope-${i}`, a: { anchor: `hook-${i}` }, b: { box: `crate-${i}` }, length: ROPE_M, segments: 12,
      // Plain; breaks at 8 times the crate's weight; breaks at 1.7 times it (0.59 of it in use).
      ...(i === 1 ? { breakTension: Math.round(weight * 8) } : i === 2 ? { breakTension: Math.round(weight * 1.7) } : {}),
    })),
  });
}

interface Shot { data: Buffer; width: number; height: number }

/** What the pixels of a band around one rope hold: fibre-coloured pixels and the mean rope colour. */
function band(shot: Shot, cx: number, y0: number, y1: number, halfWidth: number): { fibres: number; ropePixels: number; meanR: number; meanG: number; meanB: number } {
  const tuft = palette.ropeFrayedTuft;
  let fibres = 0, ropePixels = 0, r = 0, g = 0, b = 0;
  for (let y = Math.floor(y0); y < y1; y++) {
    for (let x = Math.floor(cx - halfWidth); x <= cx + halfWidth; x++) {
      const i = (y * shot.width + x) * 4;
      const R = shot.data[i], Gc = shot.data[i + 1], B = shot.data[i + 2];
      if (Math.abs(R - ((tuft >> 16) & 255)) <= 16 && Math.abs(Gc - ((tuft >> 8) & 255)) <= 16 && Math.abs(B - (tuft & 255)) <= 16) fibres++;
      // Rope pixels: warm (red above blue by a margin); the sky and the grid are blue-grey.
      if (R - B > 40) { ropePixels++; r += R; g += Gc; b += B; }
    }
  }
  return { fibres, ropePixels, meanR: r / ropePixels, meanG: g / ropePixels, meanB: b / ropePixels };
}

test('a rope that can snap is drawn frayed, unlike a plain one, and redder under more of its breaking load', async () => {
  const { page, errors, close } = await openGame(gameUrl('?level=swing-yard'), { browser });
  try {
    await waitTicks(page, 5);
    await dropFile(page, 'three-crates.json', threeCratesLevel());
    await expect.poll(() => levelIdOf(page)).toBe('three-crates');
    const s = await waitTicks(page, 40);
    // The three level ropes hold their crates, none broken; the loaded one carries over half its limit.
    const level = s.ropes.filter((r) => r.kind === 'level');
    expect(level.map((r) => r.active)).toEqual([true, true, true]);
    const weight = CRATE_KG * G;
    for (const r of level) expect(Math.abs(r.tension - weight)).toBeLessThan(0.1 * weight);

    const stats = await screenshotStats(page, 'rope-looks');
    const shot = PNG.sync.read(readFileSync(stats.path));
    const cam = await page.evaluate(() => (window.__ropebound as unknown as { camera(): { x: number; y: number; zoom: number } }).camera());
    const { width, height } = page.viewportSize()!;
    const sx = (x: number): number => width / 2 + (x - cam.x) * cam.zoom;
    const sy = (y: number): number => height / 2 + (y - cam.y) * cam.zoom;
    // The middle of each rope, clear of hook and crate; half a metre either side.
    const bands = HOOKS.map((x) => band(shot, sx(x), sy(HOOK_Y + 0.6), sy(HOOK_Y + ROPE_M - 0.6), 0.5 * cam.zoom));
    const [plain, light, loaded] = bands;
    for (const b of bands) expect(b.ropePixels).toBeGreaterThan(20); // each rope is on screen
    expect(plain.fibres).toBe(0);
    expect(light.fibres).toBeGreaterThan(8);
    expect(loaded.fibres + loaded.ropePixels).toBeGreaterThan(light.ropePixels * 0.8);
    // Plain taut rope is pale tan; the frayed ropes differ from it, and load pushes towards vermillion
    // (more red than green: R - G grows).
    const redness = (b: typeof plain): number => b.meanR - b.meanG;
    expect(Math.abs(redness(light) - redness(plain)) + Math.abs(light.meanB - plain.meanB)).toBeGreaterThan(6);
    expect(redness(loaded)).toBeGreaterThan(redness(light) + 15);
    expect(errors).toEqual([]);
  } finally {
    await close();
  }
});
