// 16-bit PCM mono WAV encoding (RIFF, a 44-byte header and the samples): the game's fallback
// format, which every browser decodes (the compressed copies, tools/sound/ogg.ts, are made from it).

/** Encodes samples in -1..1 (clamped, rounded to the nearest step) as a 16-bit mono WAV file. */
export function encodeWav(samples: ArrayLike<number>, sampleRate: number): Uint8Array {
  const dataBytes = samples.length * 2;
  const out = new Uint8Array(44 + dataBytes);
  const view = new DataView(out.buffer);
  const text = (at: number, s: string) => { for (let i = 0; i < s.length; i++) out[at + i] = s.charCodeAt(i); };
  text(0, 'RIFF');
  view.setUint32(4, 36 + dataBytes, true);
  text(8, 'WAVE');
  text(12, 'fmt ');
  view.setUint32(16, 16, true); // fmt chunk size
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * 2, true); // bytes per second
  view.setUint16(32, 2, true); // bytes per frame
  view.setUint16(34, 16, true); // bits per sample
  text(36, 'data');
  view.setUint32(40, dataBytes, true);
  for (let i = 0; i < samples.length; i++) {
    const v = samples[i];
    const clamped = v > 1 ? 1 : v < -1 ? -1 : Number.isFinite(v) ? v : 0;
    view.setInt16(44 + 2 * i, Math.round(clamped * 32767), true);
  }
  return out;
}

/** Reads back a file written by encodeWav (for tests): header fields and the samples as -1..1. */
export function decodeWav(bytes: Uint8Array): { sampleRate: number; channels: number; bits: number; samples: Float32Array } {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const tag = (at: number) => String.fromCharCode(...bytes.subarray(at, at + 4));
  if (tag(0) !== 'RIFF' || tag(8) !== 'WAVE' || tag(12) !== 'fmt ' || tag(36) !== 'data') throw new Error('not a WAV file written by encodeWav');
  const count = view.getUint32(40, true) / 2;
  const samples = new Float32Array(count);
  for (let i = 0; i < count; i++) samples[i] = view.getInt16(44 + 2 * i, true) / 32767;
  return { sampleRate: view.getUint32(24, true), channels: view.getUint16(22, true), bits: view.getUint16(34, true), samples };
}
