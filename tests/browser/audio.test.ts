// Sound in the real page, driven by real keys (level 10, swing-yard: P1 spawns on the floor at x 3,
// the crate 'bumper' hangs at x 5.5 within a short run): every sound file loads and decodes, the
// music of the level's world runs (and only it is fetched), one jump press gives exactly one 'jump' sound (each sim event is heard once,
// however many frames read the ring), a restart replays nothing, and running into the crate gives
// footsteps and a 'bump' whose volume follows the hit. Before that, the title has the menu music and
// menu sounds, and nothing of audio is made or fetched before the first key; after it, hiding the
// tab suspends audio. One browser page for all of it. Runs on the
// production build, so the sound files come from their hashed URLs.
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { DebugHandle } from '../../src/app/debugHandle';
import { SOUND_FILES, MUSIC_FILES } from '../../src/audio/soundFiles';
import { clickAt, gameUrl, keySetter, sharedBrowser } from './browser';
import { getState, waitFrames, waitTicks } from './gameState';
import { openPage, waitReady, waitScreen } from './menu';

let browser: Browser;
beforeAll(async () => { browser = await sharedBrowser(); });
afterAll(async () => { await browser?.close(); });

type Sound = { name: string; tick: number; volume: number };

function sounds(page: Page): Promise<Sound[]> {
  return page.evaluate(() => (window.__ropebound as unknown as DebugHandle).sounds());
}

/** The sound behind a URL, by its WAV's name in SOUND_FILES / MUSIC_FILES: the build's
 *  `/assets/jump-<8-character hash>.ogg` (the compressed copy) or `.wav` is jump.wav (the dev
 *  server's `/assets/sounds/jump.ogg` has no hash). */
function fileOfUrl(url: string): string {
  const name = url.slice(url.lastIndexOf('/') + 1);
  return (url.includes('/assets/sounds/') ? name : name.replace(/-[\w-]{8}(\.\w+)$/, '$1')).replace(/\.ogg$/, '.wav');
}

/** What the page has fetched of sound files, by kind: compressed copies and WAVs. */
function fetchedSounds(page: Page): Promise<{ ogg: number; wav: number }> {
  return page.evaluate(() => {
    const names = performance.getEntriesByType('resource').map((e) => e.name);
    return { ogg: names.filter((n) => n.endsWith('.ogg')).length, wav: names.filter((n) => n.endsWith('.wav')).length };
  });
}

/** howler's own view (it sets window.Howler in browsers): each file's load state, what is playing. */
async function howlerState(page: Page): Promise<{ context: string; files: Record<string, { state: string; playing: boolean }> }> {
  const state = await page.evaluate(() => {
    type HowlLike = { _src: string | string[]; state(): string; playing(): boolean };
    const howler = (window as unknown as { Howler?: { ctx?: AudioContext; _howls: HowlLike[] } }).Howler;
    const howls = (howler?._howls ?? []).map((h) => ({ url: String(h._src), state: h.state(), playing: h.playing() }));
    return { context: howler?.ctx?.state ?? 'none', howls };
  });
  const files: Record<string, { state: string; playing: boolean }> = {};
  for (const h of state.howls) files[fileOfUrl(h.url)] = { state: h.state, playing: h.playing };
  return { context: state.context, files };
}

test('jump once: one jump sound; restart: nothing replayed; crate: footsteps and a bump; title: its music and sounds', async () => {
  const { page, errors, close } = await openPage(browser, '', { realTime: true, realAudio: true }); // footsteps counted per drawn frame
  try {
    // 0. The title: before any key nothing of audio is made (no AudioContext, no file fetched or
    // decoded: a quicker start); a key press starts it, the menu music plays, moving the cursor
    // clicks.
    await waitScreen(page, 'title');
    await waitFrames(page, 10); // the title drawn and its music wanted
    expect(await howlerState(page)).toEqual({ context: 'none', files: {} });
    expect(await fetchedSounds(page)).toEqual({ ogg: 0, wav: 0 });
    await page.keyboard.press('ArrowDown');
    await expect.poll(async () => (await howlerState(page)).files[MUSIC_FILES.menu]?.playing, { timeout: 10_000 }).toBe(true);
    expect((await sounds(page)).map((s) => s.name)).toContain('menuMove');

    // Then level 10, opened directly (a second load of the page: the modules are cached by now).
    await page.goto(gameUrl('?level=swing-yard'), { waitUntil: 'load' });
    await waitReady(page);
    await clickAt(page.locator('canvas').first());
    const key = keySetter(page);
    await waitTicks(page, 10); // the players settle on the floor
    expect((await sounds(page)).filter((s) => s.name === 'jump')).toEqual([]);

    // 1. One press of W (P1's jump), held 8 ticks: one Jumped event, one 'jump' sound, then a landing.
    const before = await getState(page);
    await key('KeyW', true);
    await waitTicks(page, 8);
    await key('KeyW', false);
    await waitTicks(page, 45);
    const afterJump = await sounds(page);
    const jumps = afterJump.filter((s) => s.name === 'jump');
    expect(jumps.length, 'jump sounds for one press').toBe(1);
    expect(jumps[0].tick).toBeGreaterThanOrEqual(before.tick);
    expect(jumps[0].volume).toBeGreaterThan(0);
    expect(afterJump.some((s) => s.name === 'land' && s.tick > jumps[0].tick), 'a landing after the jump').toBe(true);

    // The key press unlocked audio: every effect decoded; the music of Swing Yard's world (2, the
    // timber mine) is the one playing, and the other worlds' loops (2 MB each) were never fetched.
    const howler = await howlerState(page);
    expect(howler.context).toBe('running');
    for (const file of [...Object.values(SOUND_FILES).flat(), MUSIC_FILES.world2]) {
      expect(howler.files[file]?.state, file).toBe('loaded');
    }
    expect(howler.files[MUSIC_FILES.world2].playing, 'world 2 music on').toBe(true);
    expect(howler.files[MUSIC_FILES.menu]?.playing ?? false, 'menu music off').toBe(false);
    expect(howler.files[MUSIC_FILES.world1], 'world 1 music not loaded').toBeUndefined();
    expect(howler.files[MUSIC_FILES.world3], 'world 3 music not loaded').toBeUndefined();
    // Chromium decodes Ogg Vorbis: every sound came as its compressed copy, no WAV was fetched.
    const urls = await page.evaluate(() => ((window as unknown as { Howler: { _howls: Array<{ _src: string }> } }).Howler._howls).map((h) => String(h._src)));
    expect(urls.length).toBeGreaterThan(0);
    expect(urls.filter((u) => !u.endsWith('.ogg'))).toEqual([]);
    expect((await fetchedSounds(page)).wav).toBe(0);

    // 2. R restarts with a new world: the old world's events are not heard again.
    const count = (await sounds(page)).length;
    await page.keyboard.press('KeyR');
    const restarted = await waitTicks(page, 20);
    expect(restarted.tick, 'a new world (its ticks start again at 0)').toBeLessThan(before.tick);
    // The new world's own events (its first landing at tick 0) are fine; the old one's jump and
    // landing (at ticks the new world has not reached) are not.
    const replayed = (await sounds(page)).slice(count)
      .filter((s) => s.name === 'jump' || (s.name === 'land' && s.tick >= jumps[0].tick));
    expect(replayed, 'sounds replayed after R').toEqual([]);

    // 3. Run right into the hanging crate (as in boxBump.test.ts), then let go.
    const rest = (await getState(page)).boxes[0];
    const runFrom = (await getState(page)).tick;
    await key('KeyD', true);
    await page.waitForFunction((restX) => {
      const s = (window.__ropebound as unknown as DebugHandle).getState()!;
      return s.players[0].x + 0.35 >= restX - 0.52 || Math.abs(s.boxes[0].vx) > 0.5;
    }, rest.x, { polling: 'raf', timeout: 20_000 });
    await key('KeyD', false);
    await waitTicks(page, 20);
    const run = (await sounds(page)).filter((s) => s.tick >= runFrom);
    // At least one: the run-up (~2 m, a footstep event every 0.45 m) lasts ~0.4 s, and the director
    // plays one sound per name per drawn frame (a storm's loudest), so on a loaded machine whose
    // frames take 200+ ms all of them can fall in one or two frames (a loaded npm test once heard exactly one).
    // The per-frame throttle itself is pinned in tests/unit/soundCues.test.ts.
    expect(run.filter((s) => s.name === 'footstep').length, 'footsteps over the ~2 m run-up').toBeGreaterThanOrEqual(1);
    const bumps = run.filter((s) => s.name === 'bump');
    expect(bumps.length, 'bump sounds').toBeGreaterThanOrEqual(1);
    // A running start into a 20 kg crate is a real hit, well above the softest bump (0.15).
    expect(Math.max(...bumps.map((b) => b.volume))).toBeGreaterThan(0.4);

    // 4. A hidden tab suspends audio; visible again, it resumes.
    const setHidden = (hidden: boolean) => page.evaluate((h) => {
      Object.defineProperty(document, 'hidden', { configurable: true, get: () => h });
      document.dispatchEvent(new Event('visibilitychange'));
    }, hidden);
    const contextIs = (state: string) => page.waitForFunction((st) => {
      return (window as unknown as { Howler: { ctx: AudioContext } }).Howler.ctx.state === st;
    }, state, { timeout: 10_000 });
    await setHidden(true);
    await contextIs('suspended');
    await setHidden(false);
    await contextIs('running');

    expect(errors).toEqual([]);
  } finally {
    await close();
  }
});
