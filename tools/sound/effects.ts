// Recipes for the sound effects: each builds one short buffer (under 0.6 s) from the synth's
// parts. Each gets its own seeded random stream, so changing one recipe leaves the others' bytes alone.

import { addNoise, addPluck, addTone, createRandom, fadeEnds, normalize, seconds } from './synth';

type Recipe = (random: () => number) => Float32Array;

function buffer(sec: number): Float32Array {
  return new Float32Array(seconds(sec));
}

function finish(buf: Float32Array, peak: number): Float32Array {
  normalize(buf, peak);
  fadeEnds(buf);
  return buf;
}

/** A footstep: a soft low-passed scuff and a tiny knock; variants differ in pitch and grit. */
function footstep(variant: number): Recipe {
  return (random) => {
    const b = buffer(0.09);
    addNoise(b, { at: 0, dur: 0.07, gain: 1, decay: 0.05, lowHz: 900 + 350 * variant, highHz: 120 }, random);
    addTone(b, { at: 0, dur: 0.05, wave: 'sine', hz: 140 + 25 * variant, hzEnd: 80, gain: 0.6, decay: 0.04 });
    return finish(b, 0.45);
  };
}

/** Effects by file name. */
export const EFFECTS: Readonly<Record<string, Recipe>> = {
  'jump.wav': () => {
    const b = buffer(0.2);
    addTone(b, { at: 0, dur: 0.18, wave: 'triangle', hz: 280, hzEnd: 720, gain: 1, decay: 0.3, release: 0.05 });
    addTone(b, { at: 0, dur: 0.18, wave: 'square', hz: 280, hzEnd: 720, gain: 0.12, decay: 0.2, release: 0.05 });
    return finish(b, 0.6);
  },
  'land.wav': (random) => {
    const b = buffer(0.18);
    addTone(b, { at: 0, dur: 0.15, wave: 'sine', hz: 130, hzEnd: 45, gain: 1, decay: 0.14 });
    addNoise(b, { at: 0, dur: 0.1, gain: 0.5, decay: 0.06, lowHz: 700 }, random);
    return finish(b, 0.7);
  },
  'footstep-1.wav': footstep(0),
  'footstep-2.wav': footstep(1),
  'footstep-3.wav': footstep(2),
  'rope-taut.wav': (random) => {
    // A thick string plucked once: the tether snapping straight.
    const b = buffer(0.4);
    addPluck(b, 0, 0.4, 98, 1, random, 0.993);
    addTone(b, { at: 0, dur: 0.3, wave: 'sine', hz: 98, gain: 0.4, decay: 0.3 });
    return finish(b, 0.6);
  },
  'rope-creak.wav': (random) => {
    // Stick-slip: a train of tiny clicks whose rate wanders, band-limited like wood and fibre.
    const b = buffer(0.42);
    let t = 0.01;
    let gap = 0.018;
    while (t < 0.38) {
      const swell = Math.sin((Math.PI * t) / 0.4);
      addNoise(b, { at: t, dur: 0.006, gain: 0.5 + 0.5 * swell, decay: 0.004, lowHz: 1600, highHz: 350 }, random);
      addTone(b, { at: t, dur: 0.012, wave: 'triangle', hz: 420 + 120 * random(), gain: 0.35 * swell, decay: 0.01 });
      gap = Math.min(0.03, Math.max(0.01, gap + (random() - 0.5) * 0.008));
      t += gap;
    }
    return finish(b, 0.4);
  },
  'box-bump.wav': (random) => {
    // A hollow wooden knock.
    const b = buffer(0.22);
    addTone(b, { at: 0, dur: 0.2, wave: 'sine', hz: 210, gain: 1, decay: 0.12 });
    addTone(b, { at: 0, dur: 0.12, wave: 'sine', hz: 470, gain: 0.4, decay: 0.06 });
    addNoise(b, { at: 0, dur: 0.03, gain: 0.6, decay: 0.02, lowHz: 3000 }, random);
    return finish(b, 0.7);
  },
  'box-wall.wav': (random) => {
    // A heavy crate hitting stone: low thud, a rattle of grit.
    const b = buffer(0.38);
    addTone(b, { at: 0, dur: 0.32, wave: 'sine', hz: 110, hzEnd: 48, gain: 1, decay: 0.25 });
    addTone(b, { at: 0, dur: 0.1, wave: 'triangle', hz: 260, gain: 0.3, decay: 0.06 });
    addNoise(b, { at: 0, dur: 0.25, gain: 0.7, decay: 0.12, lowHz: 1200 }, random);
    return finish(b, 0.8);
  },
  'rope-snap.wav': (random) => {
    const b = buffer(0.45);
    addNoise(b, { at: 0, dur: 0.08, gain: 1, decay: 0.05, highHz: 1500 }, random);
    addPluck(b, 0.005, 0.4, 330, 0.6, random, 0.985);
    addTone(b, { at: 0, dur: 0.35, wave: 'triangle', hz: 520, hzEnd: 90, gain: 0.3, decay: 0.25 });
    return finish(b, 0.75);
  },
  'anchor-on.wav': (random) => {
    // A metal clip locking: an inharmonic clink and a small thunk.
    const b = buffer(0.25);
    addTone(b, { at: 0, dur: 0.22, wave: 'sine', hz: 1250, gain: 0.5, decay: 0.15 });
    addTone(b, { at: 0, dur: 0.2, wave: 'sine', hz: 1870, gain: 0.35, decay: 0.1 });
    addTone(b, { at: 0, dur: 0.08, wave: 'sine', hz: 160, hzEnd: 90, gain: 0.7, decay: 0.06 });
    addNoise(b, { at: 0, dur: 0.02, gain: 0.4, decay: 0.01, highHz: 2000 }, random);
    return finish(b, 0.55);
  },
  'anchor-off.wav': (random) => {
    const b = buffer(0.16);
    addTone(b, { at: 0, dur: 0.14, wave: 'sine', hz: 1500, hzEnd: 1100, gain: 0.5, decay: 0.08 });
    addNoise(b, { at: 0, dur: 0.03, gain: 0.3, decay: 0.015, highHz: 2500 }, random);
    return finish(b, 0.45);
  },
  'death.wav': () => {
    const b = buffer(0.56);
    addTone(b, { at: 0, dur: 0.55, wave: 'square', hz: 440, hzEnd: 90, gain: 0.5, release: 0.15, vibrato: 0.05, vibratoHz: 11 });
    addTone(b, { at: 0, dur: 0.55, wave: 'triangle', hz: 220, hzEnd: 45, gain: 0.8, release: 0.15 });
    return finish(b, 0.55);
  },
  'checkpoint.wav': () => {
    const b = buffer(0.5);
    const notes = [72, 76, 79]; // C5 E5 G5
    notes.forEach((n, k) => {
      const hz = 440 * Math.pow(2, (n - 69) / 12);
      addTone(b, { at: 0.08 * k, dur: 0.5 - 0.08 * k, wave: 'triangle', hz, gain: 0.8, decay: 0.35 });
      addTone(b, { at: 0.08 * k, dur: 0.5 - 0.08 * k, wave: 'sine', hz: hz * 2, gain: 0.2, decay: 0.2 });
    });
    return finish(b, 0.55);
  },
  // A gem: two bright bell-like notes a fifth apart, short, above the checkpoint's chord.
  'gem.wav': () => {
    const b = buffer(0.4);
    [88, 95].forEach((n, k) => { // E6 B6
      const hz = 440 * Math.pow(2, (n - 69) / 12);
      addTone(b, { at: 0.06 * k, dur: 0.4 - 0.06 * k, wave: 'sine', hz, gain: 0.7, decay: 0.18 });
      addTone(b, { at: 0.06 * k, dur: 0.25 - 0.06 * k, wave: 'triangle', hz: hz * 2, gain: 0.15, decay: 0.08 });
    });
    return finish(b, 0.5);
  },
  'level-complete.wav': () => {
    const b = buffer(0.58);
    const notes = [72, 76, 79, 84]; // C5 E5 G5 C6
    notes.forEach((n, k) => {
      const hz = 440 * Math.pow(2, (n - 69) / 12);
      const at = 0.07 * k;
      addTone(b, { at, dur: 0.58 - at, wave: 'square', hz, gain: 0.25, decay: 0.5, release: 0.08 });
      addTone(b, { at, dur: 0.58 - at, wave: 'triangle', hz, gain: 0.7, decay: 0.7, release: 0.08 });
    });
    return finish(b, 0.6);
  },
  'menu-move.wav': () => {
    const b = buffer(0.06);
    addTone(b, { at: 0, dur: 0.06, wave: 'triangle', hz: 880, gain: 1, decay: 0.06 });
    return finish(b, 0.35);
  },
  'menu-select.wav': () => {
    const b = buffer(0.16);
    addTone(b, { at: 0, dur: 0.07, wave: 'triangle', hz: 660, gain: 1, decay: 0.1 });
    addTone(b, { at: 0.06, dur: 0.1, wave: 'triangle', hz: 990, gain: 1, decay: 0.12 });
    return finish(b, 0.45);
  },
};

/** Renders the effect in file `name` (each with its own seed, from the name). */
export function renderEffect(name: string): Float32Array {
  let seed = 0x9e3779b9;
  for (let i = 0; i < name.length; i++) seed = Math.imul(seed ^ name.charCodeAt(i), 0x01000193) >>> 0;
  return EFFECTS[name](createRandom(seed));
}
