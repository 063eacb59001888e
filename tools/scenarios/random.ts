// The one seeded random number generator of tests, tools and the bench (the sim has none: it is
// deterministic given its inputs). mulberry32: 32 bits of state, fast, and the same sequence in
// every JavaScript engine, so a seed names a run exactly.

/** Deterministic pseudo-random numbers in [0, 1) from `seed` (mulberry32). */
export function createRandom(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
