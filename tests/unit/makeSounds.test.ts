// The sound generator: the WAV writer's header and length, every file the game loads is made,
// effects stay short, the music loops (the menu's, and a minute or more per world) run without a
// click at the seam or a drop-out, every run gives the same bytes (so committed sounds only
// change when a recipe does), each has an Ogg Vorbis copy made from it (the same on every run,
// far smaller for music; tests/browser/soundFormats.test.ts decodes them in Chromium), and the
// committed files in assets/sounds/ are exactly these, each with a URL from vite (src/audio/soundUrls.ts).
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MUSIC_FILES, SOUND_FILES, compressedFile } from '../../src/audio/soundFiles';
import { soundUrl } from '../../src/audio/soundUrls';
import { SOUNDS_DIR, compressAllSounds, renderAllSounds } from '../../tools/make-sounds';
import { MUSIC_RATE } from '../../tools/sound/music';
import { SAMPLE_RATE } from '../../tools/sound/synth';
import { decodeWav, encodeWav } from '../../tools/sound/wav';

describe('encodeWav', () => {
  it('writes a 44-byte RIFF/WAVE header for 16-bit mono PCM and 2 bytes per sample', () => {
    const bytes = encodeWav([0, 0.5, -0.5, 1, -1, 2, -3], 22050);
    const view = new DataView(bytes.buffer);
    const tag = (at: number) => String.fromCharCode(...bytes.subarray(at, at + 4));
    expect(bytes.length).toBe(44 + 7 * 2);
    expect([tag(0), tag(8), tag(12), tag(36)]).toEqual(['RIFF', 'WAVE', 'fmt ', 'data']);
    expect(view.getUint32(4, true)).toBe(bytes.length - 8);
    expect(view.getUint32(16, true)).toBe(16);
    expect(view.getUint16(20, true)).toBe(1); // PCM
    expect(view.getUint16(22, true)).toBe(1); // mono
    expect(view.getUint32(24, true)).toBe(22050);
    expect(view.getUint32(28, true)).toBe(44100);
    expect(view.getUint16(32, true)).toBe(2);
    expect(view.getUint16(34, true)).toBe(16);
    expect(view.getUint32(40, true)).toBe(14);
    // Samples: scaled by 32767, rounded half up, and clamped to -1..1.
    const samples = [0, 1, 2, 3, 4, 5, 6].map((i) => view.getInt16(44 + 2 * i, true));
    expect(samples).toEqual([0, 16384, -16383, 32767, -32767, 32767, -32767]);
  });

  it('decodeWav reads back what encodeWav wrote, and NaN becomes silence', () => {
    const back = decodeWav(encodeWav([0.25, NaN, -0.75], 11025));
    expect(back.sampleRate).toBe(11025);
    expect(back.channels).toBe(1);
    expect(back.bits).toBe(16);
    expect(Array.from(back.samples).map((v) => Math.round(v * 1000) / 1000)).toEqual([0.25, 0, -0.75]);
  });
});

describe('npm run sounds', () => {
  const first = renderAllSounds();

  it('makes every file the game loads, at 22050 Hz; effects under 0.6 s and not silent', () => {
    const effectFiles = Object.values(SOUND_FILES).flat();
    expect(new Set(first.keys())).toEqual(new Set([...effectFiles, ...Object.values(MUSIC_FILES)]));
    for (const file of effectFiles) {
      const wav = decodeWav(first.get(file)!);
      expect(wav.sampleRate, file).toBe(SAMPLE_RATE);
      expect(wav.samples.length / SAMPLE_RATE, file).toBeLessThan(0.6);
      const peak = wav.samples.reduce((m, v) => Math.max(m, Math.abs(v)), 0);
      expect(peak, file).toBeGreaterThan(0.2);
      expect(peak, file).toBeLessThanOrEqual(0.85); // headroom: no clipping when several play at once
    }
  });

  it('the menu loop is 8-16 s, each world loop 60-90 s at 16 kHz; every loop is seamless and never drops out', () => {
    for (const [name, file] of Object.entries(MUSIC_FILES)) {
      const { samples, sampleRate, channels, bits } = decodeWav(first.get(file)!);
      const sec = samples.length / sampleRate;
      expect([channels, bits], file).toEqual([1, 16]);
      if (name === 'menu') {
        expect(sampleRate, file).toBe(SAMPLE_RATE);
        expect(sec, file).toBeGreaterThanOrEqual(8);
        expect(sec, file).toBeLessThanOrEqual(16);
      } else {
        expect(sampleRate, file).toBe(MUSIC_RATE);
        expect(sec, file).toBeGreaterThanOrEqual(60);
        expect(sec, file).toBeLessThanOrEqual(90);
      }
      const steps = new Float64Array(samples.length - 1);
      for (let i = 1; i < samples.length; i++) steps[i - 1] = Math.abs(samples[i] - samples[i - 1]);
      const sorted = Array.from(steps).sort((a, b) => a - b);
      const p99 = sorted[Math.floor(sorted.length * 0.99)];
      const seam = Math.abs(samples[0] - samples[samples.length - 1]);
      expect(seam, `${file} seam step`).toBeLessThanOrEqual(p99);
      // The loudness carries on across the seam (no fade-out then fade-in): compare the RMS of the
      // last and first 50 ms with the whole track's; and no 2 s stretch anywhere falls near silent.
      const rms = (from: number, to: number) => {
        let s = 0;
        for (let i = from; i < to; i++) s += samples[i] * samples[i];
        return Math.sqrt(s / (to - from));
      };
      const n = Math.round(0.05 * sampleRate);
      const whole = rms(0, samples.length);
      expect(rms(0, n), file).toBeGreaterThan(0.3 * whole);
      expect(rms(samples.length - n, samples.length), file).toBeGreaterThan(0.3 * whole);
      const window = 2 * sampleRate;
      for (let at = 0; at + window <= samples.length; at += window) expect(rms(at, at + window), `${file} at ${at / sampleRate} s`).toBeGreaterThan(0.3 * whole);
      const peak = samples.reduce((m, v) => Math.max(m, Math.abs(v)), 0);
      expect(peak, file).toBeLessThanOrEqual(0.75); // headroom under the effects
    }
  });

  it('the committed world loops say 60 s or more in their WAV headers (data bytes / (rate x 2))', () => {
    for (const name of ['world1', 'world2', 'world3'] as const) {
      const bytes = readFileSync(join(SOUNDS_DIR, MUSIC_FILES[name]));
      const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      const rate = view.getUint32(24, true);
      const seconds = view.getUint32(40, true) / (rate * view.getUint16(32, true));
      expect(seconds, name).toBeGreaterThanOrEqual(60);
      expect(bytes.length, `${name} size`).toBeLessThan(2.1 * 1024 * 1024);
    }
  });

  // The committed files were written by an earlier run (npm run sounds): matching them is a second
  // run giving the same bytes, without rendering everything twice here.
  it('is deterministic: this run gives the bytes an earlier run wrote to assets/sounds', () => {
    for (const [file, bytes] of first) {
      const committed = join(SOUNDS_DIR, file);
      expect(existsSync(committed), `assets/sounds/${file} exists (run npm run sounds)`).toBe(true);
      expect(readFileSync(committed).equals(Buffer.from(bytes)), `assets/sounds/${file} is up to date (run npm run sounds)`).toBe(true);
    }
  });

  it('compresses every file to Ogg Vorbis, mono at the WAV\'s rate, music 6x smaller; the copies match assets/sounds', async () => {
    const oggs = await compressAllSounds(first);
    expect(new Set(oggs.keys())).toEqual(new Set([...first.keys()].map(compressedFile)));
    for (const [file, wav] of first) {
      const name = compressedFile(file);
      const ogg = oggs.get(name)!;
      // The first Ogg page carries the Vorbis identification header: "OggS", then at 28
      // "\x01vorbis", version (4 bytes), channels (1 byte), sample rate (4 bytes, little-endian).
      const view = new DataView(ogg.buffer, ogg.byteOffset, ogg.byteLength);
      expect(String.fromCharCode(...ogg.subarray(0, 4)), name).toBe('OggS');
      expect(String.fromCharCode(...ogg.subarray(29, 35)), name).toBe('vorbis');
      expect(ogg[39], `${name} channels`).toBe(1);
      expect(view.getUint32(40, true), `${name} rate`).toBe(decodeWav(wav).sampleRate);
      if (Object.values(MUSIC_FILES).includes(file)) expect(ogg.length * 6, `${name} size`).toBeLessThan(wav.length);
      const committed = join(SOUNDS_DIR, name);
      expect(existsSync(committed), `assets/sounds/${name} exists (run npm run sounds)`).toBe(true);
      expect(readFileSync(committed).equals(Buffer.from(ogg)), `assets/sounds/${name} is up to date (run npm run sounds)`).toBe(true);
    }
  });

  it('assets/sounds holds only the files the game loads and their compressed copies, and vite gives each a URL', () => {
    const files = [...first.keys()].flatMap((file) => [file, compressedFile(file)]);
    expect(new Set(readdirSync(SOUNDS_DIR))).toEqual(new Set(files));
    for (const file of files) expect(soundUrl(file), file).toMatch(new RegExp(`/assets/sounds/${file.replace('.', '\\.')}$`));
  });
});
