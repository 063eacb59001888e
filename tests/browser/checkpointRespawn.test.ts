// A campaign checkpoint in the real page with real keys (issue 16): in Swing Yard both players run
// right past the bumper (through the checkpoint), stop under the spiked pendulum's pivot and are
// hit; after the death pause both stand at the checkpoint's respawn points, not back at the start,
// and stay alive there, although both held Right again through the respawn (a key held from before
// it does nothing until let go); pressed afresh, Right walks on. Passing the checkpoint shows a
// note under the run line. The pause menu's Back to checkpoint puts both back there, no death
// counted. Screenshots: test-results/checkpoint-note-swing-yard.png,
// test-results/checkpoint-respawn-swing-yard.png, test-results/checkpoint-back-swing-yard.png.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { gameUrl, openGame, playerKeys, fastClock, realTime, screenshotStats, sharedBrowser } from './browser';
import { getState, installClockFreeze, waitTicks } from './gameState';
import type { Handle } from './menu';

let browser: Browser;
beforeAll(async () => { browser = await sharedBrowser(); });
afterAll(async () => { await browser?.close(); });

const LEVEL = JSON.parse(readFileSync('levels/10-swing-yard.json', 'utf8')) as { checkpoints: Array<{ p1: [number, number]; p2: [number, number] }> };

test('Swing Yard: a death at the pendulum respawns both players at the checkpoint past the bumper', async () => {
  const { page, errors, close } = await openGame(gameUrl('?level=swing-yard'), { browser });
  try {
    const [cp] = LEVEL.checkpoints;
    const press = playerKeys(page);
    await installClockFreeze(page);
    // The clock stops as soon as the note shows (below), however slow the round trips are.
    await page.evaluate(() => {
      const note = document.querySelector<HTMLElement>('.hud-note')!;
      new MutationObserver(() => { if (!note.hidden) (window as unknown as { __freeze: boolean }).__freeze = true; })
        .observe(note, { attributes: true, attributeFilter: ['hidden'] });
    });
    await press(0, { right: true });
    await press(1, { right: true });
    // Passing the checkpoint says so under the run line (the flag turning blue alone went unseen
    // in a blind playtest), for a moment: the clock is stopped for its picture.
    const isNoteShown = () => { const n = document.querySelector<HTMLElement>('.hud-note'); return !!n && !n.hidden; };
    await page.waitForFunction(isNoteShown, undefined, { timeout: 40_000, polling: 'raf' });
    expect(await page.locator('.hud-note').textContent()).toBe(`Checkpoint 1 of ${LEVEL.checkpoints.length}: a death brings you back here`);
    const shot = await screenshotStats(page, 'checkpoint-note-swing-yard');
    expect(shot.distinctColours).toBeGreaterThan(20);
    await page.evaluate(() => { (window as unknown as { __freeze: boolean }).__freeze = false; });
    // From here on the wall clock. On the test clock a frame runs up to 15 ticks (1.75 m of a
    // run), and a loaded full run let P1 run on past the pendulum's reach before the keys were let
    // go: nobody died in 40 s. The death pause too: on the test clock its 45 ticks can pass in
    // three frames, quicker than the two key presses below reach the page on a loaded machine (a
    // CI failure: the presses came after the respawn, so they counted, and P1 walked on from the
    // checkpoint).
    await realTime(page);
    // Run to the pivot (x 17.5), where every swing passes, and stand there; the ball may also
    // catch P1 on the way, which is the same death for this test.
    await page.waitForFunction(() => {
      const h = window.__ropebound as unknown as Handle;
      const p1 = h.getState()?.players[0];
      return h.deaths >= 1 || (!!p1 && p1.x >= 16.8);
    }, undefined, { timeout: 40_000, polling: 'raf' });
    await press(0, {});
    await press(1, {});
    await page.waitForFunction(() => (window.__ropebound as unknown as Handle).deaths >= 1, undefined, { timeout: 40_000, polling: 'raf' });
    // Both press Right again during the death pause and hold it through the respawn: a key held
    // from before a respawn does nothing until it is let go, so nobody walks back into the ball.
    await press(0, { right: true });
    await press(1, { right: true });
    // The death pause is 45 ticks; then both stand at the checkpoint.
    await waitTicks(page, 60);
    let state = await getState(page);
    expect(state.players[0].x).toBeCloseTo(cp.p1[0], 1);
    expect(state.players[1].x).toBeCloseTo(cp.p2[0], 1);
    await screenshotStats(page, 'checkpoint-respawn-swing-yard');
    await press(0, {});
    await press(1, {});
    await fastClock(page);
    // Three seconds later, nobody pressing anything: still there, still one death.
    await waitTicks(page, 180);
    state = await getState(page);
    expect(state.players[0].x).toBeCloseTo(cp.p1[0], 1);
    expect(state.players[1].x).toBeCloseTo(cp.p2[0], 1);
    expect(await page.evaluate(() => (window.__ropebound as unknown as Handle).deaths)).toBe(1);
    expect(await page.evaluate(isNoteShown)).toBe(false); // gone after its 2.5 s
    // Let go and pressed again, Right walks P1 on.
    await press(0, { right: true });
    state = await waitTicks(page, 20);
    await press(0, {});
    expect(state.players[0].x).toBeGreaterThan(cp.p1[0] + 0.5);
    // The pause menu's Back to checkpoint (Esc, down once, Enter): both stand at the checkpoint
    // again at once, and no death is counted (a pair stuck, or a crate wedged, had only a death or
    // a restart to get out, a blind tester found).
    // (First P1 walks back left, past the checkpoint: wherever the walk right left it, even if a
    // loaded machine let it run on into the pendulum and die, it is then away from the checkpoint.
    // The pendulum can also catch P1 standing near it and put it back at the checkpoint, a held
    // key doing nothing after a respawn: then P1 lets go and walks left again.)
    for (let walk = 0; walk < 3; walk++) {
      await waitTicks(page, 60); // a death's pause, if any, is over
      await press(0, { left: true });
      const walked = await waitTicks(page, 40);
      await press(0, {});
      if (Math.abs(walked.players[0].x - cp.p1[0]) > 0.5) break;
    }
    await page.keyboard.press('Escape');
    await page.locator('.pause-screen').waitFor({ state: 'visible', timeout: 5000 });
    const away = await getState(page); // paused: what Back to checkpoint starts from
    const deaths = await page.evaluate(() => (window.__ropebound as unknown as Handle).deaths);
    expect(Math.abs(away.players[0].x - cp.p1[0])).toBeGreaterThan(0.5);
    await page.keyboard.press('ArrowDown');
    expect(await page.locator('.pause-screen [aria-current="true"]').textContent()).toContain('Back to checkpoint');
    await page.keyboard.press('Enter');
    await page.locator('.pause-screen').waitFor({ state: 'hidden', timeout: 5000 });
    state = await waitTicks(page, 10);
    expect(state.players[0].x).toBeCloseTo(cp.p1[0], 1);
    expect(state.players[1].x).toBeCloseTo(cp.p2[0], 1);
    expect(await page.evaluate(() => (window.__ropebound as unknown as Handle).deaths)).toBe(deaths);
    await screenshotStats(page, 'checkpoint-back-swing-yard');
    expect(errors).toEqual([]);
  } finally {
    await close();
  }
}, 120_000);
