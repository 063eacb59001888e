// The two music loops: a chord progression on a soft pad, a bass line, an arpeggio and light
// percussion. Every note is mixed with wrap-around (a tail ringing past the end continues at the
// start) and the pad's filter is run round the loop twice, so the end flows into the start
// without a seam.

import { SAMPLE_RATE, addNoise, addTone, createRandom, midiHz, normalize } from './synth';

interface TrackDef {
  /** Beats per minute; a beat's length in samples must be a whole number (checked). */
  bpm: number;
  /** One chord per bar (4 beats): MIDI notes of the triad, lowest first. */
  chords: ReadonlyArray<readonly [number, number, number]>;
  /** Bass notes within a bar: [beat, length in beats]. */
  bassRhythm: ReadonlyArray<readonly [number, number]>;
  /** Arpeggio: chord-tone index per eighth note (-1 = rest), one bar long. */
  arp: readonly number[];
  arpGain: number;
  /** Beats of the kick, snare and hat within a bar. */
  kick: readonly number[];
  snare: readonly number[];
  hat: readonly number[];
  padGain: number;
  kickGain: number;
  /** Low-pass corner of the pad, Hz (lower = softer). */
  padHz: number;
  seed: number;
}

/** One-pole low-pass around a loop: the first pass only settles the filter's state for the second. */
function lowPassLoop(buf: Float32Array, hz: number): void {
  const a = 1 - Math.exp((-2 * Math.PI * hz) / SAMPLE_RATE);
  let y = 0;
  for (let i = 0; i < buf.length; i++) y += a * (buf[i] - y);
  for (let i = 0; i < buf.length; i++) { y += a * (buf[i] - y); buf[i] = y; }
}

function renderTrack(def: TrackDef): Float32Array {
  const beatSamples = (SAMPLE_RATE * 60) / def.bpm;
  if (!Number.isInteger(beatSamples)) throw new Error(`${def.bpm} BPM is not a whole number of samples per beat`);
  const beat = 60 / def.bpm;
  const bars = def.chords.length;
  const total = bars * 4 * beatSamples;
  const random = createRandom(def.seed);
  const pad = new Float32Array(total);
  const rest = new Float32Array(total);
  def.chords.forEach((chord, bar) => {
    const at = bar * 4 * beat;
    for (const note of chord) {
      addTone(pad, {
        at, dur: 4 * beat + 0.6, wave: 'saw', hz: midiHz(note), gain: def.padGain, attack: 0.35, release: 0.7, detuneCents: 7,
      }, true);
    }
    for (const [b, len] of def.bassRhythm) {
      const hz = midiHz(chord[0] - 24);
      addTone(rest, { at: at + b * beat, dur: len * beat, wave: 'triangle', hz, gain: 0.55, attack: 0.01, release: 0.06, decay: 1.6 }, true);
      addTone(rest, { at: at + b * beat, dur: len * beat, wave: 'sine', hz: hz / 2, gain: 0.35, attack: 0.01, release: 0.06, decay: 1.2 }, true);
    }
    def.arp.forEach((k, eighth) => {
      if (k < 0) return;
      const note = chord[k % 3] + 12 * (1 + Math.floor(k / 3));
      addTone(rest, { at: at + eighth * beat / 2, dur: beat, wave: 'triangle', hz: midiHz(note), gain: def.arpGain, attack: 0.004, decay: 0.45, release: 0.05 }, true);
    });
    for (const b of def.kick) {
      addTone(rest, { at: at + b * beat, dur: 0.22, wave: 'sine', hz: 120, hzEnd: 42, gain: def.kickGain, attack: 0.002, decay: 0.2 }, true);
    }
    for (const b of def.snare) {
      addNoise(rest, { at: at + b * beat, dur: 0.16, gain: 0.22, decay: 0.1, lowHz: 4000, highHz: 700 }, random, true);
    }
    for (const b of def.hat) {
      addNoise(rest, { at: at + b * beat, dur: 0.05, gain: 0.1, decay: 0.03, highHz: 6000 }, random, true);
    }
  });
  // Two one-pole passes (12 dB per octave): the saws' upper harmonics (and their aliases at
  // 22050 Hz) would buzz through one.
  lowPassLoop(pad, def.padHz);
  lowPassLoop(pad, def.padHz);
  for (let i = 0; i < total; i++) rest[i] += pad[i];
  normalize(rest, 0.7);
  return rest;
}

// C, Am, F, G (I vi IV V), bright and moving: 16 beats at 105 BPM (9.1 s).
const PLAY: TrackDef = {
  bpm: 105,
  chords: [[60, 64, 67], [57, 60, 64], [53, 57, 60], [55, 59, 62]],
  bassRhythm: [[0, 1.5], [1.5, 0.5], [2, 1.5], [3.5, 0.5]],
  arp: [0, 1, 2, 3, 2, 1, 0, 2],
  arpGain: 0.16,
  kick: [0, 2],
  snare: [1, 3],
  hat: [0.5, 1.5, 2.5, 3.5],
  padGain: 0.22,
  kickGain: 0.45,
  padHz: 1600,
  seed: 105,
};

// Am, F, C, G (vi IV I V), calm: 16 beats at 84 BPM (11.4 s).
const MENU: TrackDef = {
  bpm: 84,
  chords: [[57, 60, 64], [53, 57, 60], [55, 60, 64], [55, 59, 62]],
  bassRhythm: [[0, 2.5], [2.5, 1.5]],
  arp: [0, -1, 2, 1, 3, -1, 2, 1],
  arpGain: 0.12,
  kick: [0],
  snare: [],
  hat: [1.5, 3.5],
  padGain: 0.26,
  kickGain: 0.35,
  padHz: 1100,
  seed: 84,
};

export const MUSIC: Readonly<Record<string, () => Float32Array>> = {
  'music-play.wav': () => renderTrack(PLAY),
  'music-menu.wav': () => renderTrack(MENU),
};
