// The music loops: the menu's, and one per world of the campaign (a level's `world` field), each a
// chord progression on a soft pad, a bass line, an arpeggio, a lead and light percussion, in parts
// of a few bars that change the chords, patterns and drums so a loop of a minute or more does not
// wear thin. Every note is mixed with wrap-around (a tail ringing past the end continues at the
// start) and the pad's filter is run round the loop twice, so the end flows into the start
// without a seam. The world loops are resampled to MUSIC_RATE (resampleLoop): 2 MB a minute.

import { SAMPLE_RATE, addNoise, addTone, createRandom, midiHz, normalize, resampleLoop } from './synth';

type Chord = readonly [number, number, number];

/** A stretch of bars that plays the same patterns; a field left out is the track's. */
interface TrackPart {
  /** One chord per bar (4 beats): MIDI notes of the triad, lowest first. */
  chords: ReadonlyArray<Chord>;
  arp?: readonly number[];
  /** Lead: chord-tone index per beat (-1 = rest), one bar long, an octave over the arpeggio. */
  lead?: readonly number[];
  kick?: readonly number[];
  snare?: readonly number[];
  hat?: readonly number[];
}

interface TrackDef {
  /** Beats per minute; a beat's length in samples must be a whole number (checked). */
  bpm: number;
  /** One chord per bar (4 beats): MIDI notes of the triad, lowest first (or `parts`). */
  chords: ReadonlyArray<Chord>;
  /** Parts played in order (each with its own chords), instead of `chords` alone. */
  parts?: readonly TrackPart[];
  /** Wave and gain of the lead (parts' `lead`), and of the arpeggio. */
  leadWave?: 'sine' | 'triangle';
  leadGain?: number;
  arpWave?: 'sine' | 'triangle';
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
  /** Gain of a wind swell of filtered noise every two bars (0 or absent: none). */
  wind?: number;
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
  const parts: readonly TrackPart[] = def.parts ?? [{ chords: def.chords }];
  const bars = parts.flatMap((part) => part.chords.map((chord) => ({ part, chord })));
  const total = bars.length * 4 * beatSamples;
  const random = createRandom(def.seed);
  const pad = new Float32Array(total);
  const rest = new Float32Array(total);
  bars.forEach(({ part, chord }, bar) => {
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
    (part.arp ?? def.arp).forEach((k, eighth) => {
      if (k < 0) return;
      const note = chord[k % 3] + 12 * (1 + Math.floor(k / 3));
      addTone(rest, { at: at + eighth * beat / 2, dur: beat, wave: def.arpWave ?? 'triangle', hz: midiHz(note), gain: def.arpGain, attack: 0.004, decay: 0.45, release: 0.05 }, true);
    });
    (part.lead ?? []).forEach((k, b) => {
      if (k < 0) return;
      const note = chord[k % 3] + 12 * (2 + Math.floor(k / 3));
      addTone(rest, {
        at: at + b * beat, dur: beat * 0.95, wave: def.leadWave ?? 'sine', hz: midiHz(note), gain: def.leadGain ?? 0.12,
        attack: 0.02, decay: 1.4, release: 0.12, vibrato: 0.004, vibratoHz: 5,
      }, true);
    });
    for (const b of part.kick ?? def.kick) {
      addTone(rest, { at: at + b * beat, dur: 0.22, wave: 'sine', hz: 120, hzEnd: 42, gain: def.kickGain, attack: 0.002, decay: 0.2 }, true);
    }
    for (const b of part.snare ?? def.snare) {
      addNoise(rest, { at: at + b * beat, dur: 0.16, gain: 0.22, decay: 0.1, lowHz: 4000, highHz: 700 }, random, true);
    }
    for (const b of part.hat ?? def.hat) {
      addNoise(rest, { at: at + b * beat, dur: 0.05, gain: 0.1, decay: 0.03, highHz: 6000 }, random, true);
    }
    if (def.wind && bar % 2 === 0) {
      addNoise(rest, { at, dur: 8 * beat, gain: def.wind, attack: 8 * beat * 0.45, release: 8 * beat * 0.45, lowHz: 900, highHz: 250 }, random, true);
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

const C: Chord = [60, 64, 67], Am: Chord = [57, 60, 64], F: Chord = [53, 57, 60], G: Chord = [55, 59, 62];
const Em: Chord = [64, 67, 71], EmLow: Chord = [52, 55, 59], Dm: Chord = [62, 65, 69], Bb: Chord = [58, 62, 65];
const Gm: Chord = [55, 58, 62], A: Chord = [57, 61, 64], D: Chord = [62, 66, 69], Bm: Chord = [59, 62, 66];

// World 1, the mossy ruins: the old play loop's C, Am, F, G (I vi IV V), bright and moving, grown
// into seven parts with a lead: 28 bars at 105 BPM, 64 s.
const RUINS: TrackDef = {
  bpm: 105,
  chords: [C, Am, F, G],
  parts: [
    { chords: [C, Am, F, G], arp: [0, -1, 2, -1, 1, -1, 2, -1], kick: [0], snare: [], hat: [1.5, 3.5] },
    { chords: [C, Am, F, G], lead: [2, -1, 1, 0] },
    { chords: [C, Am, F, G], lead: [0, 1, 2, 4] },
    { chords: [F, G, EmLow, Am], arp: [0, 2, 1, 3, 2, 4, 3, 1], lead: [2, 1, 0, -1] },
    { chords: [Dm, G, C, Am], lead: [0, 2, 1, -1] },
    { chords: [C, Am, F, G], arp: [3, 2, 1, 0, 1, 2, 3, 5], lead: [2, -1, 4, 3] },
    { chords: [F, G, EmLow, G], kick: [0], snare: [3], lead: [-1, 0, 1, 2] },
  ],
  bassRhythm: [[0, 1.5], [1.5, 0.5], [2, 1.5], [3.5, 0.5]],
  arp: [0, 1, 2, 3, 2, 1, 0, 2],
  arpGain: 0.16,
  leadGain: 0.11,
  kick: [0, 2],
  snare: [1, 3],
  hat: [0.5, 1.5, 2.5, 3.5],
  padGain: 0.22,
  kickGain: 0.45,
  padHz: 1600,
  seed: 105,
};

// World 2, the timber mine: D minor, a walking bass and a plodding work-song beat, darker pad:
// 24 bars at 90 BPM, 64 s.
const MINE: TrackDef = {
  bpm: 90,
  chords: [Dm, Bb, C, Dm],
  parts: [
    { chords: [Dm, Bb, C, Dm], kick: [0, 2], snare: [], hat: [] },
    { chords: [Dm, Bb, C, Dm], lead: [0, -1, 2, 1] },
    { chords: [Gm, Dm, A, Dm], lead: [2, 1, 0, -1] },
    { chords: [Bb, F, C, Dm], arp: [0, 1, 2, 1, 0, 1, 2, 3], lead: [0, 2, 4, 2] },
    { chords: [Gm, Dm, A, A], snare: [1, 3, 3.5], lead: [1, -1, 0, -1] },
    { chords: [Dm, Bb, C, A], lead: [2, -1, 1, 0] },
  ],
  bassRhythm: [[0, 0.75], [1, 0.5], [1.5, 0.5], [2, 0.75], [3, 0.5], [3.5, 0.5]],
  arp: [0, -1, 1, -1, 2, -1, 1, -1],
  arpGain: 0.14,
  leadWave: 'triangle',
  leadGain: 0.1,
  kick: [0, 1.5, 2],
  snare: [1, 3],
  hat: [0.5, 1.5, 2.5, 3.5],
  padGain: 0.2,
  kickGain: 0.5,
  padHz: 900,
  seed: 90,
};

// World 3, the frozen heights at night: E minor, bell-like sine arpeggios over a bright pad, long
// bass notes, wind swells and only a soft kick: 20 bars at 75 BPM, 64 s.
const HEIGHTS: TrackDef = {
  bpm: 75,
  chords: [Em, C, G, D],
  parts: [
    { chords: [Em, C, G, D] },
    { chords: [Em, C, G, D], lead: [2, -1, 1, -1], kick: [0] },
    { chords: [Em, Bm, C, D], lead: [0, 1, 2, -1], kick: [0], hat: [1.5, 3.5] },
    { chords: [Am, Em, C, D], lead: [2, 1, 0, -1], kick: [0], hat: [1.5, 3.5] },
    { chords: [C, D, Em, Em], arp: [5, 4, 2, 0, 2, 4, 5, 3], lead: [4, -1, 2, -1], kick: [0] },
  ],
  bassRhythm: [[0, 3.5]],
  arp: [0, 2, 4, 2, 3, 5, 4, 2],
  arpWave: 'sine',
  arpGain: 0.13,
  leadGain: 0.1,
  kick: [],
  snare: [],
  hat: [],
  padGain: 0.24,
  kickGain: 0.3,
  padHz: 2000,
  wind: 0.05,
  seed: 75,
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

/** The world loops' sample rate, Hz: 8 kHz of bandwidth holds the pads, bells and hats, and a
 *  minute is 1.9 MB instead of 2.6 MB at the effects' 22050 Hz (WAV is the one format every
 *  browser decodes without an encoder library here; see wav.ts). */
export const MUSIC_RATE = 16000;

/** Each music file: its samples and their rate, Hz. */
export const MUSIC: Readonly<Record<string, () => { samples: Float32Array; rate: number }>> = {
  'music-menu.wav': () => ({ samples: renderTrack(MENU), rate: SAMPLE_RATE }),
  'music-world1.wav': () => ({ samples: resampleLoop(renderTrack(RUINS), MUSIC_RATE), rate: MUSIC_RATE }),
  'music-world2.wav': () => ({ samples: resampleLoop(renderTrack(MINE), MUSIC_RATE), rate: MUSIC_RATE }),
  'music-world3.wav': () => ({ samples: resampleLoop(renderTrack(HEIGHTS), MUSIC_RATE), rate: MUSIC_RATE }),
};
