// A state hash for determinism tests and replays: FNV-1a over the bytes of every number that
// matters, in a fixed order, with -0 folded to 0 so equal states always hash equal.

import { PLAYER_COUNT } from './constants';
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

/** 32-bit FNV-1a hash of the world's simulated state. */
export function hashWorld(world: SimWorld): number {
  const { body, player, pool, rope } = world;
  let h = 0x811c9dc5;
  h = mixNumber(h, world.tick);
  h = mixNumber(h, world.completedTick);
  for (let slot = 0; slot < PLAYER_COUNT; slot++) {
    const e = world.players[slot];
    h = mixNumber(h, body.x[e]);
    h = mixNumber(h, body.y[e]);
    h = mixNumber(h, body.vx[e]);
    h = mixNumber(h, body.vy[e]);
    h = mixNumber(h, body.invMass[e]);
    h = mixWord(h, player.buttons[e] | (player.isGrounded[e] << 8) | (player.isAnchored[e] << 9) |
      (player.isTaut[e] << 10) | (player.isJumping[e] << 11));
    h = mixWord(h, player.coyoteTicks[e]);
    h = mixWord(h, player.jumpBufferTicks[e]);
    h = mixWord(h, player.dropTicks[e]);
  }
  const r = world.tetherRope;
  const first = rope.first[r];
  const end = first + rope.count[r];
  for (let i = first; i < end; i++) {
    h = mixNumber(h, pool.x[i]);
    h = mixNumber(h, pool.y[i]);
    h = mixNumber(h, pool.prevX[i]);
    h = mixNumber(h, pool.prevY[i]);
  }
  return h;
}

/** The hash as 8 hex digits. */
export function hashHex(world: SimWorld): string {
  return hashWorld(world).toString(16).padStart(8, '0');
}
