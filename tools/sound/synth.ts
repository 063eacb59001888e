// A tiny offline synthesiser: oscillators, seeded noise, envelopes, one-pole filters and a
// plucked string, all writing into plain Float32Arrays. Offline and deterministic (a seeded PRNG,
// no clocks), so `npm run sounds` writes the same bytes every run.

export const SAMPLE_RATE = 22050;

export type Wave = 'sine' | 'triangle' | 'square' | 'saw';

export { createRandom } from '../scenarios/random';

export function seconds(sec: number): number {
  return Math.round(sec * SAMPLE_RATE);
}

/** Frequency of a MIDI note number, Hz (69 = A4 = 440 Hz). */
export function midiHz(note: number): number {
  return 440 * Math.pow(2, (note - 69) / 12);
}

function waveAt(wave: Wave, phase: number): number {
  const p = phase - Math.floor(phase);
  switch (wave) {
    case 'sine': return Math.sin(2 * Math.PI * p);
    case 'triangle': return 1 - 4 * Math.abs(p - 0.5);
    case 'square': return p < 0.5 ? 1 : -1;
    case 'saw': return 2 * p - 1;
  }
}

export interface ToneDef {
  /** Start and length, s. */
  at: number;
  dur: number;
  wave: Wave;
  /** Frequency at the start and (optionally) at the end, Hz (an exponential glide). */
  hz: number;
  hzEnd?: number;
  gain: number;
  /** Attack and release, s; the sound holds in between, or decays exponentially with `decay` (s to -60 dB). */
  attack?: number;
  release?: number;
  decay?: number;
  /** Vibrato depth (fraction of the frequency) and rate, Hz. */
  vibrato?: number;
  vibratoHz?: number;
  /** Extra copies detuned by this many cents either side (a chorus), 0 = none. */
  detuneCents?: number;
}

/** The envelope of a note at time t into it (0..1). */
function envelope(t: number, dur: number, attack: number, release: number, decay: number | undefined): number {
  let e = attack > 0 && t < attack ? t / attack : 1;
  if (decay !== undefined) e *= Math.pow(0.001, t / decay);
  if (release > 0 && t > dur - release) e *= Math.max(0, (dur - t) / release);
  return e;
}

/**
 * Adds a tone into `out`. With `wrap` the buffer is a loop: samples past the end continue at its
 * start, so a note ringing over the loop point sounds the same every time round (a seamless seam).
 */
export function addTone(out: Float32Array, def: ToneDef, wrap = false): void {
  const start = seconds(def.at);
  const n = seconds(def.dur);
  const attack = def.attack ?? 0.005;
  const release = def.release ?? 0.01;
  const voices = def.detuneCents ? [-def.detuneCents, 0, def.detuneCents] : [0];
  for (const cents of voices) {
    const ratio = Math.pow(2, cents / 1200);
    let phase = 0;
    for (let i = 0; i < n; i++) {
      const idx = start + i;
      const at = wrap ? idx % out.length : idx;
      if (at >= out.length) break;
      const t = i / SAMPLE_RATE;
      const glide = def.hzEnd === undefined ? def.hz : def.hz * Math.pow(def.hzEnd / def.hz, i / n);
      const vib = def.vibrato ? 1 + def.vibrato * Math.sin(2 * Math.PI * (def.vibratoHz ?? 5) * t) : 1;
      phase += (glide * ratio * vib) / SAMPLE_RATE;
      out[at] += (def.gain / voices.length) * waveAt(def.wave, phase) * envelope(t, def.dur, attack, release, def.decay);
    }
  }
}

export interface NoiseDef {
  at: number;
  dur: number;
  gain: number;
  attack?: number;
  release?: number;
  decay?: number;
  /** One-pole low-pass and high-pass corner frequencies, Hz (omit for none). */
  lowHz?: number;
  highHz?: number;
}

/** Adds filtered white noise from `random` into `out` (wrapping like addTone when asked). */
export function addNoise(out: Float32Array, def: NoiseDef, random: () => number, wrap = false): void {
  const start = seconds(def.at);
  const n = seconds(def.dur);
  const lowA = def.lowHz === undefined ? 1 : onePoleCoefficient(def.lowHz);
  const highA = def.highHz === undefined ? 0 : onePoleCoefficient(def.highHz);
  let low = 0;
  let highState = 0;
  for (let i = 0; i < n; i++) {
    const idx = start + i;
    const at = wrap ? idx % out.length : idx;
    if (at >= out.length) break;
    const white = random() * 2 - 1;
    low += lowA * (white - low);
    highState += highA * (low - highState);
    const v = def.highHz === undefined ? low : low - highState;
    out[at] += def.gain * v * envelope(i / SAMPLE_RATE, def.dur, def.attack ?? 0.002, def.release ?? 0.01, def.decay);
  }
}

/** Coefficient of a one-pole filter with this corner frequency. */
function onePoleCoefficient(hz: number): number {
  return 1 - Math.exp((-2 * Math.PI * hz) / SAMPLE_RATE);
}

/** One-pole low-pass over the whole buffer, in place. */
export function lowPass(buf: Float32Array, hz: number): void {
  const a = onePoleCoefficient(hz);
  let y = 0;
  for (let i = 0; i < buf.length; i++) { y += a * (buf[i] - y); buf[i] = y; }
}

/** A plucked string (Karplus-Strong): a noise burst in a delay line that loses its highs each pass. */
export function addPluck(out: Float32Array, at: number, dur: number, hz: number, gain: number, random: () => number, damping = 0.996): void {
  const period = Math.max(2, Math.round(SAMPLE_RATE / hz));
  const line = new Float32Array(period);
  for (let i = 0; i < period; i++) line[i] = random() * 2 - 1;
  const start = seconds(at);
  const n = seconds(dur);
  for (let i = 0; i < n && start + i < out.length; i++) {
    const k = i % period;
    const next = line[(k + 1) % period];
    const v = line[k];
    line[k] = damping * 0.5 * (v + next);
    const fade = i > n - seconds(0.02) ? (n - i) / seconds(0.02) : 1;
    out[start + i] += gain * v * fade;
  }
}

/** Scales the buffer so its loudest sample is `peak`. */
export function normalize(buf: Float32Array, peak: number): void {
  let most = 0;
  for (let i = 0; i < buf.length; i++) most = Math.max(most, Math.abs(buf[i]));
  if (most === 0) return;
  const k = peak / most;
  for (let i = 0; i < buf.length; i++) buf[i] *= k;
}

/** Short linear fades at both ends so an effect never starts or stops with a click. */
export function fadeEnds(buf: Float32Array, sec = 0.004): void {
  const n = Math.min(seconds(sec), buf.length >> 1);
  for (let i = 0; i < n; i++) {
    const k = i / n;
    buf[i] *= k;
    buf[buf.length - 1 - i] *= k;
  }
}

/** Taps either side of each output sample in resampleLoop. */
const RESAMPLE_HALF_TAPS = 12;

/**
 * A loop rendered at SAMPLE_RATE, resampled to `rate` Hz: windowed-sinc interpolation low-passed
 * under the lower rate's Nyquist (no aliasing), reading round the loop's end so the seam stays
 * seamless. The loop must come out a whole number of samples long (checked).
 */
export function resampleLoop(input: Float32Array, rate: number): Float32Array {
  const n = (input.length * rate) / SAMPLE_RATE;
  if (!Number.isInteger(n)) throw new Error(`a loop of ${input.length} samples is not a whole number of samples at ${rate} Hz`);
  const out = new Float32Array(n);
  const step = SAMPLE_RATE / rate;
  const cutoff = 0.9 * Math.min(1, rate / SAMPLE_RATE);
  const taps = 2 * RESAMPLE_HALF_TAPS;
  // The output's offsets between input samples repeat every `period` samples: weigh each once.
  const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
  const period = rate / gcd(rate, SAMPLE_RATE);
  const table = new Float64Array(period * taps);
  for (let p = 0; p < period; p++) {
    const centre = p * step;
    const base = Math.floor(centre);
    let sum = 0;
    for (let t = 0; t < taps; t++) {
      const x = base - RESAMPLE_HALF_TAPS + 1 + t - centre;
      const sinc = x === 0 ? 1 : Math.sin(Math.PI * cutoff * x) / (Math.PI * cutoff * x);
      sum += table[p * taps + t] = sinc * (0.5 + 0.5 * Math.cos((Math.PI * x) / RESAMPLE_HALF_TAPS));
    }
    for (let t = 0; t < taps; t++) table[p * taps + t] /= sum; // unit gain: a constant stays constant
  }
  const len = input.length;
  for (let i = 0; i < n; i++) {
    const first = Math.floor(i * step) - RESAMPLE_HALF_TAPS + 1;
    const row = (i % period) * taps;
    let sum = 0;
    for (let t = 0; t < taps; t++) sum += table[row + t] * input[(((first + t) % len) + len) % len];
    out[i] = sum;
  }
  return out;
}
