// The editor with a rope slung over corners (ropes[].over, physics.ropeWrap): a pulley of two
// crates over a one-tile block. The rope is drawn over the block; clicking it where it is drawn,
// down the block's side, selects it (the hit test follows its corners, not the straight line
// between its ends), and the inspector says it is slung over 2 corners. Screenshots:
// test-results/editor-rope-over-level.png (the level's physics: ropeWrap, edgeFriction) and
// editor-rope-over.png (the rope selected).
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { dropFiles, screenshotStats, sharedBrowser } from './browser';
import { openPage } from './menu';
import { clickLevel, waitDrawn } from './editorPage';

let browser: Browser;
beforeAll(async () => { browser = await sharedBrowser(); });
afterAll(async () => { await browser?.close(); });

test('a rope slung over a block: drawn over it, selected where it is drawn, its corners in the inspector', async () => {
  const tiles = Array.from({ length: 14 }, (_, r) => (r >= 12 ? '#'.repeat(24) : r === 6 ? '.'.repeat(14) + '#' + '.'.repeat(9) : '.'.repeat(24)));
  const level = {
    format: 'ropebound-level', version: 2, id: 'pulley', name: 'Pulley', tiles,
    spawns: [{ id: 'p1', player: 1, x: 3, y: 12 }, { id: 'p2', player: 2, x: 5, y: 12 }],
    goal: { id: 'goal', x: 20, y: 9, w: 3, h: 3 },
    tether: { length: 6, segments: 20 },
    physics: { ropeWrap: true },
    boxes: [{ id: 'b1', x: 14, y: 10, w: 0.6, h: 0.6, mass: 30 }, { id: 'b2', x: 15, y: 10, w: 0.6, h: 0.6, mass: 20 }],
    ropes: [{ id: 'over', a: { box: 'b1' }, b: { box: 'b2' }, length: 8.4, segments: 28, over: [[14, 6], [15, 6]] }],
  };
  const { page, errors, close } = await openPage(browser, '?edit');
  try {
    await dropFiles(page, [{ name: 'pulley.json', text: JSON.stringify(level) }]);
    await page.waitForFunction(() => (window as any).__ropebound.editor()?.level.id === 'pulley');
    await waitDrawn(page);
    await screenshotStats(page, 'editor-rope-over-level');
    // Down the left crate's rope, between the block's top corner and the crate: where it is drawn,
    // a metre and more from the straight line between the crates' tie points.
    await clickLevel(page, 14, 7.8);
    const s = await waitDrawn(page);
    expect(s.selection).toEqual([{ kind: 'rope', id: 'over' }]);
    const inspector = page.locator('.editor');
    await expect.poll(() => inspector.innerText()).toMatch(/slung over 2 corners/);
    await screenshotStats(page, 'editor-rope-over');
    expect(errors).toEqual([]);
  } finally {
    await close();
  }
});
