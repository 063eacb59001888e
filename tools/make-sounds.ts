// `npm run sounds`: synthesises every sound effect and music loop and writes each twice into
// assets/sounds/ (the game imports them through vite: src/audio/soundUrls.ts): as a 16-bit mono WAV
// and compressed as Ogg Vorbis beside it (same name, .ogg; tools/sound/ogg.ts), which the game
// loads where the browser decodes it, the WAV being the fallback. Effects and the menu loop at
// 22050 Hz, the worlds' loops at 16 kHz (music.ts MUSIC_RATE).
// Deterministic: the same bytes on every run, so regenerating shows no diff unless a recipe changed.

import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MUSIC_FILES, SOUND_FILES, compressedFile } from '../src/audio/soundFiles';
import { EFFECTS, renderEffect } from './sound/effects';
import { MUSIC } from './sound/music';
import { SAMPLE_RATE } from './sound/synth';
import { encodeOgg } from './sound/ogg';
import { decodeWav, encodeWav } from './sound/wav';

/** Where the files go: assets/sounds/ of this repository (wherever the command is run from). */
export const SOUNDS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'assets', 'sounds');

/** Every file the game loads, as name -> WAV bytes. */
export function renderAllSounds(): Map<string, Uint8Array> {
  const out = new Map<string, Uint8Array>();
  for (const files of Object.values(SOUND_FILES)) {
    for (const file of files) {
      if (!EFFECTS[file]) throw new Error(`no recipe for ${file}`);
      out.set(file, encodeWav(renderEffect(file), SAMPLE_RATE));
    }
  }
  for (const file of Object.values(MUSIC_FILES)) {
    if (!MUSIC[file]) throw new Error(`no recipe for ${file}`);
    const { samples, rate } = MUSIC[file]();
    out.set(file, encodeWav(samples, rate));
  }
  return out;
}

/**
 * Silence after each effect in its compressed copy, samples: Chromium's decoder drops up to ~256
 * samples at the end of an Ogg Vorbis file that fits in one page (every effect here; the granule
 * position says the full length), which cut the end of rope-taut's hum. A loop is never padded:
 * its length is its period (and a multi-page file decodes to its exact length).
 */
export const EFFECT_TAIL = 512;

/** The compressed copy of every file of `wavs` (renderAllSounds'), by its name (compressedFile). */
export async function compressAllSounds(wavs: ReadonlyMap<string, Uint8Array>): Promise<Map<string, Uint8Array>> {
  const loops = new Set<string>(Object.values(MUSIC_FILES));
  const out = new Map<string, Uint8Array>();
  for (const [file, bytes] of wavs) {
    // Encoded from the WAV's own 16-bit samples, so the two files hold the same sound.
    const { samples, sampleRate } = decodeWav(bytes);
    let input = samples;
    if (!loops.has(file)) {
      input = new Float32Array(samples.length + EFFECT_TAIL);
      input.set(samples);
    }
    out.set(compressedFile(file), await encodeOgg(input, sampleRate));
  }
  return out;
}

async function main(): Promise<void> {
  const dir = SOUNDS_DIR;
  mkdirSync(dir, { recursive: true });
  const wavs = renderAllSounds();
  const oggs = await compressAllSounds(wavs);
  let wavTotal = 0;
  let oggTotal = 0;
  for (const [file, bytes] of wavs) {
    const ogg = oggs.get(compressedFile(file))!;
    writeFileSync(join(dir, file), bytes);
    writeFileSync(join(dir, compressedFile(file)), ogg);
    wavTotal += bytes.length;
    oggTotal += ogg.length;
    const rate = new DataView(bytes.buffer, bytes.byteOffset).getUint32(24, true);
    console.log(`${file.padEnd(20)} ${(bytes.length / 1024).toFixed(1).padStart(7)} KB WAV ${(ogg.length / 1024).toFixed(1).padStart(6)} KB Ogg  ${((bytes.length - 44) / 2 / rate).toFixed(2)} s at ${rate} Hz`);
  }
  console.log(`${(wavTotal / 1024).toFixed(0)} KB of WAV and ${(oggTotal / 1024).toFixed(0)} KB of Ogg Vorbis in ${dir}`);
}

if (process.argv[1]?.endsWith('make-sounds.ts')) await main();
