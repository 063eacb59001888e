// Rope storage: every rope is a contiguous range in one world-owned particle pool, so the solver
// walks flat memory in a fixed order (deterministic and fast). Particles are not entities.
// Rejected alternative: one entity per particle with bitECS relations for links (~10x slower).

export interface RopePool {
  /** Particle capacity and how many are reserved by ropes. */
  capacity: number;
  used: number;
  /** Particle positions, m, and positions at the start of the substep (Verlet), m. */
  x: Float64Array;
  y: Float64Array;
  prevX: Float64Array;
  prevY: Float64Array;
  /** 1 / mass, 1/kg; 0 for particles pinned to something. */
  invMass: Float64Array;
  /** Rest length of the segment from this particle to the next one, m. */
  rest: Float64Array;
  /** XPBD multiplier of that segment within the current substep (scratch, reset every substep). */
  lambda: Float64Array;
  /** Positions at the end of the previous tick, m (for interpolated drawing). */
  drawX: Float64Array;
  drawY: Float64Array;
}

/** What a rope end is tied to. */
export const EndKind = {
  /** Nothing: the end particle moves freely (a snapped rope's loose end). */
  Free: 0,
  /** A fixed point in the level (x, y stored on the rope). */
  Point: 1,
  /** An anchor entity (its position is read every substep). */
  Anchor: 2,
  /** A body: a player (at its centre) or a box (at a point fixed in the box's frame). */
  Body: 3,
} as const;

/** One rope, stored on its entity: particle range, lengths, material and what its ends hold. */
export interface RopeComponents {
  /** 1 while the rope takes part in the simulation (a spare half waiting for a snap is 0). */
  isActive: Uint8Array;
  /** First particle index in the pool, particles in use (segments + 1) and particles reserved. */
  first: Uint32Array;
  count: Uint32Array;
  capacity: Uint32Array;
  /** Rest length of the whole rope, m (the sum of its segments' rest lengths). */
  length: Float64Array;
  /** Segment length the rope was built with, m (reeling adds or removes particles around it). */
  nominalSegment: Float64Array;
  /** Compliance of the whole rope, m/N (0 = inextensible; a 1 N pull stretches it this much). */
  compliance: Float64Array;
  /** Tick-averaged tension above which the rope snaps, N (0 = never). */
  breakTension: Float64Array;
  /** Tension during the last tick, N (end-to-end impulse / tick length). */
  tension: Float64Array;
  /** Impulse carried during the current tick, N s (summed over substeps). */
  impulse: Float64Array;
  /** Rope entity that becomes the far half when this rope snaps (0 = none). */
  spare: Uint32Array;
  /** Reeling: target rest length, m, and speed, m/s (0 = not reeling). Changes happen at end A. */
  reelTarget: Float64Array;
  reelSpeed: Float64Array;
  /** Reeling: the winch's current signed rate, m/s (> 0 lets rope out). It ramps up and down. */
  reelRate: Float64Array;
  /** End A and end B: kind ({@link EndKind}), entity (anchor or body), and a point: the local
   *  offset from a box's centre in the box's frame, or the world position of a Point end, m. */
  kindA: Uint8Array;
  entityA: Uint32Array;
  pointAX: Float64Array;
  pointAY: Float64Array;
  kindB: Uint8Array;
  entityB: Uint32Array;
  pointBX: Float64Array;
  pointBY: Float64Array;
}

export function createRopePool(capacity: number): RopePool {
  const f = () => new Float64Array(capacity);
  return { capacity, used: 0, x: f(), y: f(), prevX: f(), prevY: f(), invMass: f(), rest: f(), lambda: f(), drawX: f(), drawY: f() };
}

export function createRopeComponents(capacity: number): RopeComponents {
  const f = () => new Float64Array(capacity);
  const u32 = () => new Uint32Array(capacity);
  const u8 = () => new Uint8Array(capacity);
  return {
    isActive: u8(), first: u32(), count: u32(), capacity: u32(),
    length: f(), nominalSegment: f(), compliance: f(), breakTension: f(), tension: f(), impulse: f(),
    spare: u32(), reelTarget: f(), reelSpeed: f(), reelRate: f(),
    kindA: u8(), entityA: u32(), pointAX: f(), pointAY: f(),
    kindB: u8(), entityB: u32(), pointBX: f(), pointBY: f(),
  };
}

/** Reserves `count` particles; returns the first index. Throws when the pool is full (build time only). */
export function allocateParticles(pool: RopePool, count: number): number {
  if (pool.used + count > pool.capacity) throw new Error(`rope pool full: ${pool.used} + ${count} > ${pool.capacity}`);
  const first = pool.used;
  pool.used += count;
  return first;
}

/**
 * Lays particles first..first+count-1 out from (ax, ay) to (bx, by) without stretching: straight
 * if the ends are a full rope length apart, otherwise bent down through a turning point so the
 * polyline has exactly the rope's length (a feasible start: nothing snaps on the first tick).
 * Segment rest lengths are taken from `pool.rest`. `bendUp` bends it the other way (when the
 * ground is below: the rope then falls into a heap).
 */
export function layOutRope(
  pool: RopePool, first: number, count: number,
  ax: number, ay: number, bx: number, by: number, bendUp = false,
): void {
  let length = 0;
  for (let k = 0; k < count - 1; k++) length += pool.rest[first + k];
  const dx = bx - ax;
  const dy = by - ay;
  const span = Math.sqrt(dx * dx + dy * dy);
  // Turning point below the midpoint at depth d so that |A-T| + |T-B| = length.
  const half = Math.min(span, length) / 2;
  const halfLength = length / 2;
  const depth = Math.sqrt(Math.max(0, halfLength * halfLength - half * half));
  // Offset perpendicular to A-B, on the downward side (y points down), so both halves are halfLength.
  let nx = 0;
  let ny = 1;
  if (span > 1e-9) {
    nx = -dy / span;
    ny = dx / span;
    if (ny < 0 || (ny === 0 && nx < 0)) { nx = -nx; ny = -ny; }
  }
  if (bendUp) { nx = -nx; ny = -ny; }
  const mx = (ax + bx) / 2 + nx * depth;
  const my = (ay + by) / 2 + ny * depth;
  let s = 0;
  for (let k = 0; k < count; k++) {
    const f = length > 0 ? s / length : k / Math.max(1, count - 1); // arc-length fraction
    const i = first + k;
    let px: number;
    let py: number;
    if (f <= 0.5) {
      const t = f * 2;
      px = ax + (mx - ax) * t;
      py = ay + (my - ay) * t;
    } else {
      const t = (f - 0.5) * 2;
      px = mx + (bx - mx) * t;
      py = my + (by - my) * t;
    }
    pool.x[i] = px;
    pool.y[i] = py;
    pool.prevX[i] = px;
    pool.prevY[i] = py;
    pool.drawX[i] = px;
    pool.drawY[i] = py;
    if (k < count - 1) s += pool.rest[i];
  }
}
