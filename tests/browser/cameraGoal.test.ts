// The camera frames a near goal with the players (src/render/camera.ts frameGoal): in a level whose
// goal door stands on a cliff 10 m above the floor, the players walk to the cliff's foot by real
// key presses, and the door is then on screen, where the players' own frame would cut it off.
// And the spikes at the bottom of a drop by the players (frameSpikesBelow): Moving Rigs' first pit,
// 8 m deep, shows its spikes from the start ledge.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { dropFile, screenshotStats, sharedBrowser } from './browser';
import { openPage, waitReady } from './menu';

let browser: Browser;
beforeAll(async () => { browser = await sharedBrowser(); });
afterAll(async () => { await browser?.close(); });

const W = 60;
const H = 28;
/** The goal door, on the cliff's top (y 16), m. */
const DOOR = { x: 40, y: 12, w: 3, h: 4 };

/** A floor at y 26, a 10 m cliff from x 36 with the goal on top; the players start at x 22-24. */
function cliffLevel(): string {
  const json = JSON.parse(readFileSync('levels/01-tied-together.json', 'utf8')) as Record<string, unknown>;
  const rows: string[] = [];
  for (let y = 0; y < H; y++) {
    let row = '';
    for (let x = 0; x < W; x++) {
      const isSolid = x === 0 || x === W - 1 || y >= 26 || (x >= 36 && y >= 16);
      row += isSolid ? '#' : '.';
    }
    rows.push(row);
  }
  json.id = 'cliff-goal';
  json.name = 'Cliff Goal';
  json.tiles = rows;
  json.spawns = [{ id: 'p1-start', player: 1, x: 24, y: 26 }, { id: 'p2-start', player: 2, x: 22, y: 26 }];
  json.goal = { id: 'goal', ...DOOR };
  json.checkpoints = [];
  json.gems = [];
  json.hints = [];
  return JSON.stringify(json, null, 2);
}

interface Handle {
  camera(): { x: number; y: number; zoom: number } | null;
  getState(): { players: { x: number; y: number }[] } | null;
}

test('walking to the foot of a cliff brings the goal door on its top into view', async () => {
  const game = await openPage(browser, '?level=1');
  const { page, errors } = game;
  try {
    await waitReady(page);
    await dropFile(page, 'cliff-goal.json', cliffLevel());
    await page.waitForFunction(() => document.title.startsWith('Cliff Goal'), undefined, { timeout: 10_000 });
    /** Whether the door is inside the 1280x720 view, read from the camera the game last drew. */
    const doorInView = () => page.evaluate(([door, w, h]) => {
      const cam = (window.__ropebound as unknown as Handle).camera();
      if (!cam) return false;
      const left = cam.x - w / 2 / cam.zoom;
      const top = cam.y - h / 2 / cam.zoom;
      return door.x >= left && door.y >= top && door.x + door.w <= left + w / cam.zoom && door.y + door.h <= top + h / cam.zoom;
    }, [DOOR, 1280, 720] as const);
    // At the start the door is 15 m away: the camera frames the players alone.
    expect(await doorInView()).toBe(false);

    // Both walk right until P1 stands at the cliff's face.
    await page.keyboard.down('KeyD');
    await page.keyboard.down('ArrowRight');
    await page.waitForFunction(() => ((window.__ropebound as unknown as Handle).getState()?.players[0]?.x ?? 0) > 34.5,
      undefined, { timeout: 15_000 });
    await page.keyboard.up('KeyD');
    await page.keyboard.up('ArrowRight');
    // The camera eases there (followRate 6/s): well inside 2 s of game time.
    await expect.poll(doorInView, { timeout: 10_000 }).toBe(true);
    const state = await page.evaluate(() => (window.__ropebound as unknown as Handle).getState());
    expect(state!.players[0]!.y).toBeGreaterThan(24); // still on the floor, 10 m below the door
    const shot = await screenshotStats(page, 'camera-goal-cliff');
    expect(shot.distinctColours).toBeGreaterThan(8);
    expect(errors).toEqual([]);
  } finally {
    await game.close();
  }
});

test('Moving Rigs: the spikes at the bottom of the first pit are in view from the start ledge, clear of the key bar', async () => {
  const game = await openPage(browser, '?level=moving-rigs');
  const { page, errors } = game;
  try {
    await waitReady(page);
    // The pit (x 10-24) has spikes in row 22: their tips at y 22.5, the players' feet at y 14.
    // The view's bottom 40 px are the key bar. The camera eases from its first frame: wait for it.
    const spikesShown = () => page.evaluate(([w, h]) => {
      const cam = (window.__ropebound as unknown as Handle).camera();
      if (!cam) return false;
      const bottom = cam.y + (h / 2 - 40) / cam.zoom;
      const left = cam.x - w / 2 / cam.zoom;
      const right = cam.x + w / 2 / cam.zoom;
      return bottom > 23 && left < 12 && right > 12;
    }, [1280, 720] as const);
    await expect.poll(spikesShown, { timeout: 10_000 }).toBe(true);
    const state = await page.evaluate(() => (window.__ropebound as unknown as Handle).getState());
    expect(state!.players[0]!.x).toBeLessThan(10); // still on the start ledge
    const shot = await screenshotStats(page, 'camera-spikes-moving-rigs');
    expect(shot.distinctColours).toBeGreaterThan(8);
    expect(errors).toEqual([]);
  } finally {
    await game.close();
  }
});
