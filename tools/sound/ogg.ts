// Ogg Vorbis encoding of the game's sounds (libvorbis compiled to WebAssembly by
// wasm-media-encoders, a devDependency: the reference encoder, no native build, the same bytes on
// every machine since WebAssembly's floating point is). The game loads these where the browser
// decodes Vorbis and the WAV beside each one elsewhere (src/audio/audio.ts).

import { createOggEncoder } from 'wasm-media-encoders';

/**
 * libvorbis' variable-bit-rate quality, -1..10 (3 is its default): a world's 64 s loop at 16 kHz
 * mono is ~240 KB at 3 against 2 MB of WAV. Synthesised tones and noise; above 3 the files grow
 * and the difference to the WAV falls below what the decoded comparison (tests) can tell.
 */
export const OGG_QUALITY = 3;

/** A fixed stream serial number: the encoder otherwise picks a random one, and the bytes would
 *  differ on every run (npm run sounds must only change a file when its recipe changes). */
const SERIAL = 0x52_42_53_44; // "RBSD"

/** `samples` (mono, -1..1) at `sampleRate` as an Ogg Vorbis file. */
export async function encodeOgg(samples: Float32Array, sampleRate: number): Promise<Uint8Array> {
  const encoder = await createOggEncoder();
  encoder.configure({ channels: 1, sampleRate, vbrQuality: OGG_QUALITY, oggSerialNo: SERIAL });
  // encode() and finalize() return views into the encoder's memory, reused by the next call: copy.
  const body = encoder.encode([samples]).slice();
  const tail = encoder.finalize().slice();
  const out = new Uint8Array(body.length + tail.length);
  out.set(body);
  out.set(tail, body.length);
  return out;
}
