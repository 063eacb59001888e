// The compressed sounds in the real browser: every Ogg Vorbis copy the build serves (npm run sounds
// makes one beside each WAV; src/audio/audio.ts loads it where the browser can) decodes in Chromium
// to the same sound as its WAV (the difference of the two decoded signals stays well below the
// signal), a music loop to exactly as many samples (so it stays seamless), an effect to all of its
// samples and then only silence (its copy ends in EFFECT_TAIL samples of silence, of which
// Chromium drops some). And a browser that cannot play Vorbis gets every sound as its WAV.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { MUSIC_FILES, SOUND_FILES, compressedFile } from '../../src/audio/soundFiles';
import { EFFECT_TAIL, SOUNDS_DIR } from '../../tools/make-sounds';
import { decodeWav } from '../../tools/sound/wav';
import { gameUrl, newGamePage, realAudio, sharedBrowser } from './browser';
import { openPage, waitScreen } from './menu';

let browser: Browser;
beforeAll(async () => { browser = await sharedBrowser(); });
afterAll(async () => { await browser?.close(); });

/** The build's hashed name of assets/sounds/<file> (`jump.ogg` -> `jump-<8 characters>.ogg`). */
function builtName(built: string[], file: string): string {
  const dot = file.lastIndexOf('.');
  const pattern = new RegExp(`^${file.slice(0, dot)}-[\\w-]{8}\\${file.slice(dot)}$`);
  const found = built.filter((f) => pattern.test(f));
  if (found.length !== 1) throw new Error(`the build has ${found.length} files for ${file}: ${found.join(', ')}`);
  return found[0];
}

test('each Ogg copy decodes in Chromium to its WAV\'s sound (difference 12 dB under it or more), a loop to its exact length', async () => {
  const built = readdirSync(join(inject('distDir'), 'assets'));
  const files = [...Object.values(SOUND_FILES).flat(), ...Object.values(MUSIC_FILES)];
  const pairs = files.map((file) => ({
    file,
    wav: `/assets/${builtName(built, file)}`,
    ogg: `/assets/${builtName(built, compressedFile(file))}`,
    // Decoded at the file's own rate, so nothing is resampled on the way.
    rate: decodeWav(new Uint8Array(readFileSync(join(SOUNDS_DIR, file)))).sampleRate,
  }));
  const { page, errors, close } = await newGamePage(browser);
  await realAudio(page); // the page decodes the build's files itself
  try {
    // Any page of the game's origin will do for fetching its files: the smallest sound's.
    await page.goto(gameUrl(pairs.find((p) => p.file === MUSIC_FILES.menu)!.ogg.slice(1)), { waitUntil: 'load' });
    const decoded = await page.evaluate(async (list) => {
      const decode = async (url: string, rate: number): Promise<Float32Array> => {
        const bytes = await (await fetch(url)).arrayBuffer();
        return (await new OfflineAudioContext(1, 1, rate).decodeAudioData(bytes)).getChannelData(0);
      };
      const out: Array<{ file: string; wavLength: number; oggLength: number; snrDb: number; tailPeak: number }> = [];
      for (const { file, wav, ogg, rate } of list) {
        const a = await decode(wav, rate);
        const b = await decode(ogg, rate);
        let signal = 0;
        let noise = 0;
        for (let i = 0; i < Math.min(a.length, b.length); i++) {
          signal += a[i] * a[i];
          noise += (a[i] - b[i]) * (a[i] - b[i]);
        }
        let tailPeak = 0;
        for (let i = a.length; i < b.length; i++) tailPeak = Math.max(tailPeak, Math.abs(b[i]));
        out.push({ file, wavLength: a.length, oggLength: b.length, snrDb: 10 * Math.log10(signal / noise), tailPeak });
      }
      return out;
    }, pairs);
    console.log(`signal to difference: ${decoded.map((d) => `${d.file} ${d.snrDb.toFixed(1)} dB`).join(', ')}`);
    expect(decoded.map((d) => d.file)).toEqual(files);
    const loops = new Set<string>(Object.values(MUSIC_FILES));
    for (const d of decoded) {
      if (loops.has(d.file)) {
        expect(d.oggLength, `${d.file} samples`).toBe(d.wavLength);
      } else {
        expect(d.oggLength, `${d.file} samples`).toBeGreaterThanOrEqual(d.wavLength);
        expect(d.oggLength, `${d.file} samples`).toBeLessThanOrEqual(d.wavLength + EFFECT_TAIL);
        expect(d.tailPeak, `${d.file} after its end`).toBeLessThan(0.01);
      }
      // Noise-like sounds (the rope's hum, footsteps) come back as noise of the same spectrum, not
      // the same waveform: 16-19 dB; tones 24-31 dB. A garbled, shifted or wrong file gives ~0 dB.
      expect(d.snrDb, d.file).toBeGreaterThan(12);
    }
    expect(errors).toEqual([]);
  } finally {
    await close();
  }
});

test('a browser without Ogg Vorbis gets every sound as its WAV, loaded and playing', async () => {
  // Howler asks an audio element what it can play (canPlayType); this page answers "no" for Ogg,
  // as Safari before 17.4 does.
  const { page, errors, close } = await openPage(browser, '', {
    realAudio: true,
    initScript: `(() => {
      const real = HTMLMediaElement.prototype.canPlayType;
      HTMLMediaElement.prototype.canPlayType = function (type) {
        return /ogg|vorbis|opus|webm/i.test(type) ? '' : real.call(this, type);
      };
    })()`,
  });
  try {
    await waitScreen(page, 'title');
    await page.keyboard.press('ArrowDown'); // the first key starts audio: the effects and the menu's loop
    type HowlLike = { _src: string | string[]; state(): string; playing(): boolean };
    const howls = () => page.evaluate(() => ((window as unknown as { Howler: { _howls: HowlLike[] } }).Howler._howls)
      .map((h) => ({ url: String(h._src), state: h.state(), playing: h.playing() })));
    await expect.poll(async () => (await howls()).every((h) => h.state === 'loaded'), { timeout: 20_000 }).toBe(true);
    const loaded = await howls();
    expect(loaded.length).toBe(Object.values(SOUND_FILES).flat().length + 1); // the effects and the menu's music
    expect(loaded.filter((h) => !h.url.endsWith('.wav'))).toEqual([]);
    expect(loaded.some((h) => /music-menu-[\w-]{8}\.wav$/.test(h.url) && h.playing)).toBe(true);
    const fetched = await page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name));
    expect(fetched.filter((n) => n.endsWith('.ogg'))).toEqual([]);
    expect(errors).toEqual([]);
  } finally {
    await close();
  }
});
