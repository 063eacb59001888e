// `npm run sounds`: synthesises every sound effect and music loop and writes them as 16-bit mono
// WAV files into assets/sounds/ (the game imports them through vite: src/audio/soundUrls.ts):
// effects and the menu loop at 22050 Hz, the worlds' loops at 16 kHz (music.ts MUSIC_RATE).
// Deterministic: the same bytes on every run, so regenerating shows no diff unless a recipe changed.

import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MUSIC_FILES, SOUND_FILES } from '../src/audio/soundFiles';
import { EFFECTS, renderEffect } from './sound/effects';
import { MUSIC } from './sound/music';
import { SAMPLE_RATE } from './sound/synth';
import { encodeWav } from './sound/wav';

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

function main(): void {
  const dir = SOUNDS_DIR;
  mkdirSync(dir, { recursive: true });
  let total = 0;
  for (const [file, bytes] of renderAllSounds()) {
    writeFileSync(join(dir, file), bytes);
    total += bytes.length;
    const rate = new DataView(bytes.buffer, bytes.byteOffset).getUint32(24, true);
    console.log(`${file.padEnd(20)} ${(bytes.length / 1024).toFixed(1).padStart(7)} KB  ${((bytes.length - 44) / 2 / rate).toFixed(2)} s at ${rate} Hz`);
  }
  console.log(`${(total / 1024).toFixed(0)} KB in ${dir}`);
}

if (process.argv[1]?.endsWith('make-sounds.ts')) main();
