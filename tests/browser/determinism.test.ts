// The same level and the same 1200 ticks of inputs give bit-identical worlds in Node and in
// Chromium (DESIGN.md section 4): a sim that used Math.sin or iterated in an engine-dependent order
// would drift apart in the hash stream here.
import { existsSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { parseLevel } from '../../src/level/parseLevel';
import { SimEvent, readEvents, hashHex, step, createSimWorld } from '../../src/sim';
import type { DebugHandle } from '../../src/app/debugHandle';
import { gameUrl, sharedBrowser, openGame } from './browser';
import { createRandom } from '../../tools/scenarios/random';

const TICKS = 1200;
const LEVEL_FILE = existsSync('levels/10-swing-yard.json') ? 'levels/10-swing-yard.json' : 'levels/03-first-gap.json';

let browser: Browser;
beforeAll(async () => { browser = await sharedBrowser(); });
afterAll(async () => { await browser?.close(); });

/** Button masks as flat (p1, p2) pairs: each player holds a random mask for 5 to 40 ticks (mulberry32). */
function randomInputs(seed: number, ticks: number): number[] {
  const next = createRandom(seed);
  const out: number[] = [];
  const mask = [0, 0];
  const left = [0, 0];
  for (let t = 0; t < ticks; t++) {
    for (let slot = 0; slot < 2; slot++) {
      if (left[slot] <= 0) {
        // Right more often than left, so the players travel into the level and meet its ropes and boxes.
        const move = next() < 0.6 ? 2 : next() < 0.5 ? 1 : 0;
        mask[slot] = move | (next() < 0.3 ? 4 : 0) | (next() < 0.1 ? 8 : 0) | (next() < 0.15 ? 16 : 0);
        left[slot] = 5 + Math.floor(next() * 36);
      }
      left[slot]--;
      out.push(mask[slot]);
    }
  }
  return out;
}

/** The Node side, written out here rather than through src/app/simulate.ts so that file is checked too. */
function simulateInNode(text: string, inputs: number[], ticks: number): { hash: string; hashes: string[]; bumps: number } {
  const parsed = parseLevel(text);
  if (!parsed.ok) throw new Error(parsed.errors.join('\n'));
  const world = createSimWorld(parsed.def);
  const hashes: string[] = [];
  let cursor = 0;
  let bumps = 0;
  for (let t = 0; t < ticks; t++) {
    step(world, [inputs[2 * t], inputs[2 * t + 1]]);
    cursor = readEvents(world.events, cursor, (type) => { if (type === SimEvent.Bumped) bumps++; });
    if ((t + 1) % 60 === 0) hashes.push(hashHex(world));
  }
  return { hash: hashHex(world), hashes, bumps };
}

test(`Chromium and Node give the same hash every 60 ticks over ${TICKS} ticks of ${LEVEL_FILE}`, async () => {
  const text = readFileSync(LEVEL_FILE, 'utf8');
  const inputs = randomInputs(20240607, TICKS);
  const node = simulateInNode(text, inputs, TICKS);
  // Sanity: the run does something (a world standing still would hash the same everywhere), and
  // on a level with boxes the players run into them (box contacts are the newest, riskiest code).
  expect(new Set(node.hashes).size).toBeGreaterThan(15);
  if (LEVEL_FILE.includes('swing-yard')) expect(node.bumps, 'Bumped events in the Node run').toBeGreaterThan(0);

  const { page, errors, close } = await openGame(gameUrl('?level=first-gap'), { browser });
  try {
    const inPage = await page.evaluate(
      ([levelText, masks, ticks]) => (window.__ropebound as unknown as DebugHandle).simulate(levelText, masks, ticks),
      [text, inputs, TICKS] as [string, number[], number],
    );
    expect(inPage.hashes).toHaveLength(TICKS / 60);
    expect(inPage.hashes).toEqual(node.hashes);
    expect(inPage.hash).toBe(node.hash);
    expect(errors).toEqual([]);
  } finally {
    await close();
  }
});
