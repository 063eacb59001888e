// Dropping files on the page and recording a replay with F8, in the real page: a dropped level
// plays, a broken one is refused with its errors while the level goes on, a dropped replay plays
// back; F8 records real key presses from tick 0 and the downloaded replay verifies in Node.
import { readFileSync } from 'node:fs';
import { text as streamText } from 'node:stream/consumers';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { DebugHandle } from '../../src/app/debugHandle';
import { decodeInputs, parseReplay, recordReplay, verifyReplay } from '../../src/level/replay';
import { dropFile, gameUrl, openGame, sharedBrowser } from './browser';
import { getErrors, getState, waitTicks } from './gameState';

const firstGap = readFileSync('levels/03-first-gap.json', 'utf8');
const swingYard = readFileSync('levels/10-swing-yard.json', 'utf8');

let browser: Browser;
beforeAll(async () => { browser = await sharedBrowser(); });
afterAll(async () => { await browser?.close(); });

type Handle = Pick<DebugHandle, 'replayStatus' | 'isRecording' | 'lastReplay'>;
const replayStatus = (page: Page) => page.evaluate(() => (window.__ropebound as unknown as Handle).replayStatus());
const isRecording = (page: Page) => page.evaluate(() => (window.__ropebound as unknown as Handle).isRecording);
const lastReplay = (page: Page) => page.evaluate(() => (window.__ropebound as unknown as Handle).lastReplay);

test('a dropped level plays; a broken one shows its errors while the level runs on; a dropped replay plays back', async () => {
  const { page, errors, close } = await openGame(gameUrl('?level=first-gap'), { browser });
  try {
    expect(await page.title()).toMatch(/First Gap/);
    await waitTicks(page, 20);

    // A broken level: refused, with the validation messages; first-gap keeps running.
    await dropFile(page, 'broken.json', swingYard.replace('"goal": {', '"goal": { "colour": "red",'));
    const box = page.locator('.hud-errors');
    await box.waitFor({ state: 'visible', timeout: 5000 });
    expect(await box.textContent()).toMatch(/broken\.json could not be loaded; The First Gap keeps running.*\$\.goal\.colour/s);
    const t0 = (await getState(page)).tick;
    const running = await waitTicks(page, 20);
    expect(running.tick).toBeGreaterThanOrEqual(t0 + 20);
    expect(running.boxes).toEqual([]);

    // A valid level: plays from its start, the errors go away.
    await dropFile(page, 'my-yard.json', swingYard);
    await page.waitForFunction(() => document.title.startsWith('Swing Yard'), undefined, { timeout: 5000 });
    const yard = await getState(page);
    expect(yard.boxes.length).toBe(3);
    expect(yard.tick).toBeLessThan(running.tick);
    await expect.poll(() => box.isVisible()).toBe(false);
    expect(await getErrors(page)).toEqual([]);

    // A replay of the level being played: played back from tick 0 with the recorded masks.
    const masks = Array.from({ length: 150 }, (_, t): [number, number] => (t < 90 ? [2, 0] : [0, 2]));
    const replay = recordReplay(swingYard, masks);
    await dropFile(page, 'yard.replay.json', JSON.stringify(replay));
    await expect.poll(() => page.locator('.hud-rec').textContent()).toBe('▶ REPLAY');
    await page.waitForFunction(() => (window.__ropebound as unknown as Handle).replayStatus()?.isDone === true, undefined, { timeout: 30_000 });
    const status = await replayStatus(page);
    expect(status?.hashes).toEqual(replay.hashes);
    expect(status?.firstMismatchTick).toBeNull();
    await expect.poll(() => page.locator('.hud-rec').isVisible()).toBe(false);
    expect(errors).toEqual([]);
  } finally {
    await close();
  }
}, 90_000);

test('F8 records held keys from tick 0, F8 again downloads a replay that verifies in Node', async () => {
  const { page, errors, close } = await openGame(gameUrl('?level=first-gap'), { browser });
  try {
    await waitTicks(page, 40);
    await page.keyboard.press('F8');
    await expect.poll(() => page.locator('.hud-rec').textContent()).toBe('● REC');
    expect(await isRecording(page)).toBe(true);
    expect((await getState(page)).tick).toBeLessThan(40); // restarted

    await page.keyboard.down('KeyD');
    await page.keyboard.down('ArrowRight');
    await waitTicks(page, 30);
    await page.keyboard.down('KeyW');
    await waitTicks(page, 20);
    await page.keyboard.up('KeyW');
    await page.keyboard.up('KeyD');
    await page.keyboard.up('ArrowRight');
    await waitTicks(page, 70);

    const downloading = page.waitForEvent('download');
    await page.keyboard.press('F8');
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('03-first-gap.replay.json');
    // Read through the connection: the shared Chromium may not share this process's files.
    const text = await streamText(await download.createReadStream());
    await expect.poll(() => page.locator('.hud-rec').isVisible()).toBe(false);
    const last = await lastReplay(page);
    expect(last?.text).toBe(text);
    // The file's hashes are those the played world had every 60 ticks (no re-run when F8 stops).
    expect(last?.liveHashes).toEqual(parseReplay(text).ok ? (parseReplay(text) as { replay: { hashes: string[] } }).replay.hashes : null);

    const parsed = parseReplay(text);
    if (!parsed.ok) throw new Error(parsed.errors.join('; '));
    const { replay } = parsed;
    expect(replay.level).toBe('first-gap');
    expect(replay.ticks).toBeGreaterThanOrEqual(120);
    // The held keys are in it: P1 right (2) with and without jump (4), P2 right.
    const masks = decodeInputs(replay.inputs);
    expect(masks.some(([p1, p2]) => p1 === 2 && p2 === 2)).toBe(true);
    expect(masks.some(([p1]) => p1 === 6)).toBe(true);
    expect(masks[masks.length - 1]).toEqual([0, 0]);
    // Node steps the same masks to the same states the page recorded.
    expect(recordReplay(firstGap, masks).hashes).toEqual(replay.hashes);
    expect(verifyReplay(firstGap, replay)).toMatchObject({ ok: true, firstMismatchTick: null });
    expect(errors).toEqual([]);
  } finally {
    await close();
  }
}, 90_000);
