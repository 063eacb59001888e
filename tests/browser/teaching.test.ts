// In-level teaching in the real page: P1's anchor key is remapped to G with real keys on the
// settings screen; level 1 opens with its walk prompt; in a level whose anchor hint covers the spawns, the prompt shows G for P1 (and
// P2's / ), floats over the players inside the window, ignores the old key F, disappears on the
// first anchor with G and stays gone, a restart included. The climb prompt shows the move keys by a
// step too high to jump, and goes once a player has pulled up onto it by pushing into its face.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { dropFile, gameUrl, screenshotStats, sharedBrowser } from './browser';
import { getState, waitTicks } from './gameState';
import { openPage, waitReady, waitScreen } from './menu';

let browser: Browser;
beforeAll(async () => { browser = await sharedBrowser(); });
afterAll(async () => { await browser?.close(); });

/** Level 1 with one hint: anchor, over the spawns. */
function anchorLevel(): string {
  const json = JSON.parse(readFileSync('levels/01-tied-together.json', 'utf8')) as Record<string, unknown>;
  json.id = 'teach-anchor';
  json.name = 'Teach Anchor';
  json.hints = [{ id: 'teach-anchor', verb: 'anchor', x: 0, y: 8, w: 9, h: 6 }];
  return JSON.stringify(json, null, 2);
}

const prompt = (page: Page) => page.locator('.teach-prompt');
const cursorRow = (page: Page) => page.locator('.settings-row.is-cursor').getAttribute('data-row');
const keyCell = (page: Page, action: string, slot: number) =>
  page.locator(`.settings-row[data-row="keys-${action}"] .key-cell[data-slot="${slot}"]`).textContent();

test('the anchor prompt shows the remapped key, and is gone after the first anchor for the rest of the visit', async () => {
  const game = await openPage(browser, '');
  const { page, errors } = game;
  try {
    // Settings, then up past Back and Reset keys to P1's anchor key; Enter, then G.
    await waitScreen(page, 'title');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await waitScreen(page, 'settings');
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowUp');
    expect(await cursorRow(page)).toBe('keys-anchor');
    await page.keyboard.press('Enter');
    await page.keyboard.press('KeyG');
    expect(await keyCell(page, 'anchor', 0)).toBe('G');
    await page.keyboard.press('Escape');
    await waitScreen(page, 'title');

    // Into a level (the remap is kept), then the level with the anchor hint, dropped on the page.
    await page.goto(gameUrl('?level=1'), { waitUntil: 'load' });
    await waitReady(page);
    // Level 1 itself starts by teaching to walk, with both players' move keys.
    await waitTicks(page, 5);
    const walk = page.locator('.teach-prompt .line[data-verb="walk"]');
    await walk.waitFor({ state: 'visible', timeout: 5000 });
    expect(await walk.textContent()).toBe('AD/←→ walk together');
    await screenshotStats(page, 'teaching-walk');

    await dropFile(page, 'teach-anchor.json', anchorLevel());
    await page.waitForFunction(() => document.title.startsWith('Teach Anchor'), undefined, { timeout: 10_000 });
    await waitTicks(page, 10);

    const shown = prompt(page);
    await shown.waitFor({ state: 'visible', timeout: 5000 });
    expect(await shown.locator('.line').count()).toBe(1);
    expect(await shown.locator('.line').getAttribute('data-verb')).toBe('anchor');
    expect(await shown.locator('.p1 kbd').allTextContents()).toEqual(['G']);
    expect(await shown.locator('.p2 kbd').allTextContents()).toEqual(['/']);
    expect(await shown.textContent()).toBe('G// hold to anchor'); // no wall of text
    // Over the players, inside the window: above both heads, between their x positions.
    const box = (await shown.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(1280);
    expect(box.height).toBeLessThan(80); // one short line, not a panel
    const cam = await page.evaluate(() => (window.__ropebound as unknown as { camera(): { x: number; y: number; zoom: number } }).camera());
    const state = await getState(page);
    const toScreen = (x: number, y: number) => ({ x: 640 + (x - cam.x) * cam.zoom, y: 360 + (y - cam.y) * cam.zoom });
    const heads = state.players.map((p) => toScreen(p.x, p.y - 0.7));
    expect(box.y + box.height).toBeLessThanOrEqual(Math.min(...heads.map((h) => h.y)) + 1);
    expect(box.y + box.height).toBeGreaterThan(Math.min(...heads.map((h) => h.y)) - 3 * cam.zoom);
    const mid = (heads[0].x + heads[1].x) / 2;
    expect(Math.abs(box.x + box.width / 2 - mid)).toBeLessThan(2);
    const shot = await screenshotStats(page, 'teaching-anchor');
    expect(shot.distinctColours).toBeGreaterThan(8);

    // F was P1's anchor key before the remap: it no longer anchors, and the prompt stays.
    await page.keyboard.down('KeyF');
    await waitTicks(page, 10);
    await page.keyboard.up('KeyF');
    expect((await getState(page)).players[0].anchored).toBe(false);
    expect(await shown.isVisible()).toBe(true);

    // G anchors P1: the prompt goes, and stays gone once G is let go, and after a restart (R).
    await page.keyboard.down('KeyG');
    await waitTicks(page, 5);
    expect((await getState(page)).players[0].anchored).toBe(true);
    await expect.poll(() => shown.isVisible(), { timeout: 5000 }).toBe(false);
    await page.keyboard.up('KeyG');
    // Long enough that the restarted world's tick count is well below this one's when read.
    const before = await waitTicks(page, 300);
    expect(await shown.isVisible()).toBe(false);
    await page.keyboard.press('KeyR');
    await expect.poll(async () => (await getState(page)).tick, { timeout: 10_000 }).toBeLessThan(before.tick);
    await waitTicks(page, 30);
    expect(await shown.isVisible()).toBe(false);
    await screenshotStats(page, 'teaching-anchor-done');
    expect(errors).toEqual([]);
  } finally {
    await game.close();
  }
});

/** A room with a 3 m step beside the spawns (above a jump's reach: a ledge climb ends the jump) and one climb hint over the spawns. */
function climbLevel(): string {
  const json = JSON.parse(readFileSync('levels/01-tied-together.json', 'utf8')) as Record<string, unknown>;
  json.id = 'teach-climb';
  json.name = 'Teach Climb';
  json.tiles = [
    '##############',
    '#............#',
    '#............#',
    '#............#',
    '#............#',
    '#............#',
    '#............#',
    '#.....########',
    '#.....########',
    '#.....########',
    '##############',
  ];
  json.spawns = [{ id: 'p1-start', player: 1, x: 4.5, y: 10 }, { id: 'p2-start', player: 2, x: 2.5, y: 10 }];
  json.goal = { id: 'goal', x: 10, y: 4, w: 3, h: 3 };
  json.checkpoints = [];
  json.gems = [];
  json.hints = [{ id: 'teach-climb', verb: 'climb', x: 0, y: 5, w: 6, h: 6 }];
  return JSON.stringify(json, null, 2);
}

test('the climb prompt shows the move keys by the step, and goes once P1 jumps and pushes into it up onto the step', async () => {
  // On the wall clock: the keys are held until P1 lands on the step, and on the test clock a slow
  // frame is 15 ticks of running (as the first file of a loaded run, P1 ran on to the far wall and
  // dragged P2 past x 6 before the landing was read).
  const game = await openPage(browser, '?level=1', { realTime: true });
  const { page, errors } = game;
  try {
    await waitReady(page);
    await dropFile(page, 'teach-climb.json', climbLevel());
    await page.waitForFunction(() => document.title.startsWith('Teach Climb'), undefined, { timeout: 10_000 });
    await waitTicks(page, 10);
    const climb = page.locator('.teach-prompt .line[data-verb="climb"]');
    await climb.waitFor({ state: 'visible', timeout: 5000 });
    expect(await climb.textContent()).toBe('AD/←→ push in to climb');
    await screenshotStats(page, 'teaching-climb');

    // P1 holds right (into the step's face) and jump: the jump tops out below the step, the push
    // into the face pulls P1 up onto it.
    const before = await getState(page);
    await page.keyboard.down('KeyD');
    await page.keyboard.down('KeyW');
    // The players as P1 lands on the step, read in the same frame: P1 runs on (keys still held) for
    // as many frames as the key-ups take to arrive, more on a loaded machine, pulling P2 along.
    const landed = await (await page.waitForFunction(() => {
      const players = (window.__ropebound as unknown as { getState(): { players: { x: number; y: number; grounded: boolean }[] } | null }).getState()?.players;
      const p = players?.[0];
      return p !== undefined && p.grounded && p.y < 7.01 && players!.map(({ x, y }) => ({ x, y }));
    }, undefined, { timeout: 10_000 })).jsonValue() as { x: number; y: number }[];
    await page.keyboard.up('KeyW');
    await page.keyboard.up('KeyD');
    expect(landed[0]!.y).toBeLessThan(7.01); // standing on the step's top (y 7)
    await expect.poll(() => climb.isVisible(), { timeout: 5000 }).toBe(false);
    // P2 is still inside the hint, but the verb is done for this visit.
    expect(landed[1]!.x, `P2 at the start ${JSON.stringify(before.players[1])}, as P1 landed ${JSON.stringify(landed)}, tick ${before.tick}`).toBeLessThan(6);
    await waitTicks(page, 20);
    expect(await climb.isVisible()).toBe(false);
    await screenshotStats(page, 'teaching-climb-done');
    expect(errors).toEqual([]);
  } finally {
    await game.close();
  }
});

test('holding anchor on a crate (anchors hold on stone only) says so over that player; a platform tearing an anchor loose says so too; each note goes after a moment', async () => {
  const json = JSON.parse(readFileSync('levels/01-tied-together.json', 'utf8')) as Record<string, unknown>;
  json.id = 'anchor-crate';
  json.name = 'Anchor Crate';
  json.spawns = [{ id: 'p1-start', player: 1, x: 4.5, y: 12.9 }, { id: 'p2-start', player: 2, x: 2.5, y: 14 }];
  json.boxes = [{ id: 'crate', x: 4.5, y: 13.5, w: 1.2, h: 1, mass: 40 }];
  json.hints = [];
  const game = await openPage(browser, '?level=1');
  const { page, errors } = game;
  try {
    await waitReady(page);
    await dropFile(page, 'anchor-crate.json', JSON.stringify(json, null, 2));
    await page.waitForFunction(() => document.title.startsWith('Anchor Crate'), undefined, { timeout: 10_000 });
    await waitTicks(page, 20);
    const note = page.locator('.teach-prompt .line[data-note="anchorOnCrate"]');
    expect(await note.isVisible()).toBe(false);
    await page.keyboard.down('KeyF');
    await note.waitFor({ state: 'visible', timeout: 5000 });
    expect((await getState(page)).players[0].anchored).toBe(false);
    expect(await note.textContent()).toBe('F// anchors hold on stone, not crates');
    await screenshotStats(page, 'teaching-anchor-crate');
    await page.keyboard.up('KeyF');
    await expect.poll(() => note.isVisible(), { timeout: 10_000 }).toBe(false);

    // A flat room, a beam at P1's chest sweeping P1 away from P2, who holds anchor on a 4 m tether:
    // the platform tears P2's anchor loose (a blind tester took that for a bug with no word why).
    json.id = 'anchor-torn';
    json.name = 'Anchor Torn';
    json.tiles = (json.tiles as string[]).map((row, i) => (i < 14 ? `#${'.'.repeat(row.length - 1)}` : '#'.repeat(row.length)));
    json.spawns = [{ id: 'p1-start', player: 1, x: 7, y: 14 }, { id: 'p2-start', player: 2, x: 3, y: 14 }];
    json.tether = { length: 4, segments: 16 };
    json.boxes = [];
    delete json.gems;
    delete json.checkpoints;
    json.platforms = [{ id: 'beam', w: 1, h: 0.5, path: [[5, 13], [30, 13]], speed: 2.5 }];
    await page.keyboard.down('Slash'); // before the level: P2 anchors as it lands
    await dropFile(page, 'anchor-torn.json', JSON.stringify(json, null, 2));
    await page.waitForFunction(() => document.title.startsWith('Anchor Torn'), undefined, { timeout: 10_000 });
    const torn = page.locator('.teach-prompt .line[data-note="anchorTorn"]');
    await torn.waitFor({ state: 'visible', timeout: 10_000 });
    const state = await getState(page);
    expect(state.players[1].anchored).toBe(false); // still holding the key: torn loose, not let go
    expect(await torn.textContent()).toBe('F// the platform tore the anchor loose');
    await screenshotStats(page, 'teaching-anchor-torn');
    await page.keyboard.up('Slash');
    await expect.poll(() => torn.isVisible(), { timeout: 10_000 }).toBe(false);
    expect(errors).toEqual([]);
  } finally {
    await game.close();
  }
});
