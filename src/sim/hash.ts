// A state hash for determinism tests and replays: FNV-1a over the bytes of every component's
// arrays, each over the entities of its query in their fixed order (bodies, players, boxes,
// anchors, platforms, ropes, particles), then the rules, after the tick and completion tick; -0 is
// folded to 0 so equal states hash equal. Scratch (XPBD multipliers) and draw positions are skipped.

import type { Query } from 'bitecs';
import { MAX_WRAPS } from './ropeComponents';
import type { SimWorld } from './worldState';

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

type NumberArray = Float64Array | Uint32Array | Int32Array | Uint8Array | Int8Array;

/** Mixes every array of `store` (but `skip`) at the entities of `query`, array by array. */
function mixStore(h: number, store: object, query: Query, skip: readonly unknown[] = []): number {
  const entities = query.dense;
  for (const value of Object.values(store)) {
    if (!ArrayBuffer.isView(value) || skip.includes(value)) continue;
    const array = value as NumberArray;
    const isFloat = array instanceof Float64Array;
    for (let n = 0; n < entities.length; n++) {
      const v = array[entities[n]];
      h = isFloat ? mixNumber(h, v) : mixWord(h, v);
    }
  }
  return h;
}

/** 32-bit FNV-1a hash of the world's simulated state (allocates a little: for tests and replays). */
export function hashWorld(world: SimWorld): number {
  const q = world.queries;
  let h = 0x811c9dc5;
  h = mixNumber(h, world.tick);
  h = mixNumber(h, world.completedTick);
  h = mixStore(h, world.body, q.bodies);
  // crushedBy is a flag of one tick whose outcome (a death) the rules and positions carry; left out,
  // replays recorded before crushes existed stay valid.
  // heldThroughDeath (keys held through a respawn, ignored until let go) is likewise left out: it is
  // 0 in every run without a death, and what it changes shows in the positions.
  h = mixStore(h, world.player, q.players, [world.player.crushedBy, world.player.heldThroughDeath]);
  h = mixStore(h, world.box, q.boxes);
  h = mixStore(h, world.anchor, q.anchors);
  // waitTicks is the level's, not state; waitLeft is left out of levels whose platforms never wait,
  // so they hash as they did before platforms could wait (their replays stay valid).
  const { platform } = world;
  const hasWaits = q.platforms.dense.some((e) => platform.waitTicks[e] > 0);
  h = mixStore(h, platform, q.platforms, hasWaits ? [platform.waitTicks] : [platform.waitTicks, platform.waitLeft]);
  h = mixStore(h, world.rope, q.ropes);
  const { particle } = world;
  h = mixStore(h, particle, q.particles, [particle.lambda, particle.drawX, particle.drawY]);
  // Only with ropeWrap, and pivots only for ropes that have some: a level without it hashes as it
  // did before ropes could bend (its replays stay valid).
  const { wrap } = world;
  const ropes = q.ropes.dense;
  for (let n = 0; n < ropes.length; n++) {
    const r = ropes[n];
    const count = wrap.count[r];
    if (world.settings.ropeWrap) {
      h = mixNumber(h, wrap.fromAX[r]);
      h = mixNumber(h, wrap.fromAY[r]);
      h = mixNumber(h, wrap.fromBX[r]);
      h = mixNumber(h, wrap.fromBY[r]);
    }
    if (count === 0) continue;
    h = mixWord(h, r);
    h = mixWord(h, count);
    h = mixNumber(h, wrap.spanA[r]);
    for (let k = r * MAX_WRAPS; k < r * MAX_WRAPS + count; k++) {
      h = mixNumber(h, wrap.x[k]);
      h = mixNumber(h, wrap.y[k]);
      h = mixWord(h, wrap.turn[k] & 0xff);
    }
  }
  for (const value of Object.values(world.rules)) {
    // A level without gems hashes as it did before gems existed (its replays stay valid).
    if (value === world.rules.gems && world.gems.length === 0) continue;
    const array = value as NumberArray;
    for (let i = 0; i < array.length; i++) h = mixWord(h, array[i]);
  }
  return h;
}

/** The hash as 8 hex digits. */
export function hashHex(world: SimWorld): string {
  return hashWorld(world).toString(16).padStart(8, '0');
}
