// The core co-op move, played with real key presses in the real page: P2 walks to the end of the
// deck and holds anchor (/), P1 runs off the edge and pumps the swing with A/D.
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { gameUrl, keySetter, sharedBrowser, openGame, screenshotStats } from './browser';
import { countColour, getState } from './gameState';

let browser: Browser;
beforeAll(async () => { browser = await sharedBrowser(); });
afterAll(async () => { await browser?.close(); });

test('one player anchors at the edge while the other swings below on the rope', async () => {
  // On the wall clock (realTime): the loop below reads the state and sets keys each round trip; on
  // the test clock a frame runs up to 15 ticks between reads, and a full run failed once with P2
  // no longer anchored when the swing began.
  const { page, errors, close } = await openGame(gameUrl('?level=first-gap'), { browser, realTime: true });
  try {
    const key = keySetter(page);
    const hop = (x: number) => x > 3 && x < 6.5;
    // 1. Both walk right (jumping the block); P2 stops at the deck's end and anchors.
    for (let i = 0; i < 2000; i++) {
      const s = await getState(page);
      const [p1, p2] = s.players;
      // Once anchored P2 keeps holding, even if P1's run pulled it back from the edge a little (on
      // a loaded machine that let go of the anchor, and P2 was not anchored when the swing began).
      const p2AtEdge = p2.x >= 18.3 || p2.anchored;
      await key('ArrowRight', !p2AtEdge);
      await key('ArrowUp', !p2AtEdge && hop(p2.x));
      await key('Slash', p2AtEdge);
      const p1Waits = p1.x > 17 && !p2.anchored;
      await key('KeyD', !p1Waits);
      await key('KeyW', !p1Waits && hop(p1.x));
      if (p2.anchored && p1.x > 19.6) break;
    }
    // 2. P1 is off the edge: pump with the swing for about 5 s of game time.
    const start = await getState(page);
    expect(start.players[1].anchored).toBe(true);
    const anchorX = start.players[1].x;
    const xs: number[] = [];
    let lowest = -Infinity;
    let worstGap = 0;
    let shot = false;
    let stats = { distinctColours: 0, path: '' };
    for (let i = 0; i < 5000; i++) {
      const s = await getState(page);
      if (s.tick - start.tick > 300) break;
      const [p1, p2] = s.players;
      await key('KeyD', p1.vx >= 0);
      await key('KeyA', p1.vx < 0);
      xs.push(p1.x);
      lowest = Math.max(lowest, p1.y - p2.y);
      worstGap = Math.max(worstGap, Math.hypot(p1.x - p2.x, p1.y - p2.y) - 9);
      expect(p2.anchored).toBe(true);
      expect(Math.abs(p2.x - anchorX)).toBeLessThan(1e-9);
      if (!shot && s.tick - start.tick > 150 && p1.y - p2.y > 5) {
        stats = await screenshotStats(page, 'swing');
        shot = true;
      }
    }
    // Hanging well below the anchored partner and swinging across the chasm, rope never over 1 %.
    expect(lowest).toBeGreaterThan(6);
    expect(Math.max(...xs) - Math.min(...xs)).toBeGreaterThan(4);
    expect(worstGap).toBeLessThan(0.09);
    expect(shot).toBe(true);
    expect(stats.distinctColours).toBeGreaterThan(8);
    expect(countColour(stats.path, 0x0072b2)).toBeGreaterThan(100); // P1 is on screen
    expect(countColour(stats.path, 0xe69f00)).toBeGreaterThan(100); // and so is P2
    expect(errors).toEqual([]);
  } finally {
    await close();
  }
});
