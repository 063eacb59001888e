// Replay mode in the real page: `?level=<first campaign level>&replay` feeds the level's committed
// replay to the sim instead of the keyboard until the complete screen shows; the state hashes the
// page took every 60 ticks must equal the replay file's and a Node run of the same inputs.
import { readFileSync, readdirSync } from 'node:fs';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { createLevelCatalog } from '../../src/app/levelCatalog';
import type { ReplayStatus } from '../../src/app/replayMode';
import { decodeInputs, parseReplay, recordReplay, verifyReplay } from '../../src/level/replay';
import { gameUrl, sharedBrowser, openGame } from './browser';
import { getState } from './gameState';

let browser: Browser;
beforeAll(async () => { browser = await sharedBrowser(); });
afterAll(async () => { await browser?.close(); });

/** The campaign as the game sorts it (whatever levels/ holds today). */
function campaign() {
  const files = readdirSync('levels').filter((f) => /^\d+-.+\.json$/.test(f));
  return createLevelCatalog(Object.fromEntries(files.map((f) => [`../../levels/${f}`, readFileSync(`levels/${f}`, 'utf8')])));
}

const replayStatus = (page: import('playwright-core').Page) =>
  page.evaluate(() => (window.__ropebound as unknown as { replayStatus(): ReplayStatus | null }).replayStatus());

test('the first campaign level\'s replay plays in the page to the complete screen with the file\'s and Node\'s hashes', async () => {
  const first = campaign()[0];
  const replayPath = `levels/replays/${first.file.replace(/\.json$/, '')}.replay.json`;
  const parsed = parseReplay(readFileSync(replayPath, 'utf8'));
  if (!parsed.ok) throw new Error(`${replayPath}: ${parsed.errors.join('; ')}`);
  const { replay } = parsed;
  expect(replay.completedTick).not.toBeNull();
  // The same inputs in Node: the hashes a fresh run takes, and the file checked against the level.
  const node = recordReplay(first.text, decodeInputs(replay.inputs));
  const verified = verifyReplay(first.text, replay);

  const { page, errors, close } = await openGame(gameUrl(`?level=${first.id}&replay`), { browser });
  try {
    await expect.poll(() => page.locator('.hud-rec').textContent()).toBe('▶ REPLAY');
    const complete = page.locator('.complete-screen');
    await complete.waitFor({ state: 'visible', timeout: 150_000 });
    expect(await complete.textContent()).toMatch(/Level complete!/);
    const status = await replayStatus(page);
    const state = await getState(page);
    expect(status).not.toBeNull();
    expect(state.completedTick).toBe(replay.completedTick);
    expect(status!.completedTick).toBe(replay.completedTick);
    expect(status!.tick).toBe(replay.completedTick! + 1);
    expect(status!.hashes.length).toBe(Math.floor((replay.completedTick! + 1) / 60));
    // Chromium and Node step the same masks to the same states...
    expect(status!.hashes).toEqual(node.hashes.slice(0, status!.hashes.length));
    expect(node.completedTick).toBe(replay.completedTick);
    // ...and both match what the replay file recorded (fails after a physics change until
    // `npm run make-replay` re-records it, as `npm run check-levels` does).
    expect(status!.hashes).toEqual(replay.hashes.slice(0, status!.hashes.length));
    expect(status!.firstMismatchTick).toBeNull();
    // Watching a replay finish a level is not finishing it: the campaign progress is unchanged.
    const progress = await page.evaluate(() => (window.__ropebound as unknown as { progress: { levels: Record<string, unknown> } }).progress);
    expect(Object.keys(progress.levels)).toEqual([]);
    expect(verified).toMatchObject({ ok: true, completedTick: replay.completedTick });
    expect(errors).toEqual([]);
  } finally {
    await close();
  }
}, 180_000);
