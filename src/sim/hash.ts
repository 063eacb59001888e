// A state hash for determinism tests and replays: FNV-1a over the bytes of every state array (in
// the fixed order of stateArrays: entity arrays up to the last entity, particle arrays up to the
// pool's use), then the tick and completion tick, with -0 folded to 0 so equal states hash equal.

import { stateArrays } from './snapshot';
import type { SimWorld } from './world';

const f64 = new Float64Array(1);
const u32 = new Uint32Array(f64.buffer);

function mixWord(h: number, w: number): number {
  for (let k = 0; k < 4; k++) {
    h ^= (w >>> (k * 8)) & 0xff;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

function mixNumber(h: number, v: number): number {
  f64[0] = v === 0 ? 0 : v;
  return mixWord(mixWord(h, u32[0]), u32[1]);
}

/** 32-bit FNV-1a hash of the world's simulated state (allocates a little: for tests and replays). */
export function hashWorld(world: SimWorld): number {
  let h = 0x811c9dc5;
  h = mixNumber(h, world.tick);
  h = mixNumber(h, world.completedTick);
  const particleArrays = new Set<unknown>(Object.values(world.pool));
  for (const array of stateArrays(world)) {
    // Scratch arrays (XPBD multipliers) and draw positions are not state: skip them.
    if (array === world.pool.lambda || array === world.pool.drawX || array === world.pool.drawY) continue;
    // Entity arrays to the last entity, particle arrays to the pool's use, the rules' one-element arrays whole.
    const end = Math.min(array.length, particleArrays.has(array) ? world.pool.used : world.entityEnd);
    const isFloat = array instanceof Float64Array;
    for (let i = 0; i < end; i++) h = isFloat ? mixNumber(h, array[i]) : mixWord(h, array[i]);
  }
  return h;
}

/** The hash as 8 hex digits. */
export function hashHex(world: SimWorld): string {
  return hashWorld(world).toString(16).padStart(8, '0');
}
