// Rope storage: every rope is a contiguous range in one world-owned particle pool, so the solver
// walks flat memory in a fixed order (deterministic and fast). Particles are not entities.
// Rejected alternative: one entity per particle with bitECS relations for links (~10x slower).

export interface RopePool {
  /** Particle capacity and how many are in use. */
  capacity: number;
  used: number;
  /** Particle positions, m, and positions at the start of the substep (Verlet), m. */
  x: Float64Array;
  y: Float64Array;
  prevX: Float64Array;
  prevY: Float64Array;
  /** 1 / mass, 1/kg; 0 for particles pinned to something. */
  invMass: Float64Array;
  /** Positions at the end of the previous tick, m (for interpolated drawing). */
  drawX: Float64Array;
  drawY: Float64Array;
}

/** One rope, stored on its entity: particle range, rest length, and the entities at its ends. */
export interface RopeComponents {
  /** First particle index in the pool. */
  first: Uint32Array;
  /** Number of particles (segments + 1). */
  count: Uint32Array;
  /** Rest length of one segment, m. */
  segmentLength: Float64Array;
  /** Entity at each end (0 = none). */
  endA: Uint32Array;
  endB: Uint32Array;
}

export function createRopePool(capacity: number): RopePool {
  return {
    capacity,
    used: 0,
    x: new Float64Array(capacity),
    y: new Float64Array(capacity),
    prevX: new Float64Array(capacity),
    prevY: new Float64Array(capacity),
    invMass: new Float64Array(capacity),
    drawX: new Float64Array(capacity),
    drawY: new Float64Array(capacity),
  };
}

export function createRopeComponents(capacity: number): RopeComponents {
  return {
    first: new Uint32Array(capacity),
    count: new Uint32Array(capacity),
    segmentLength: new Float64Array(capacity),
    endA: new Uint32Array(capacity),
    endB: new Uint32Array(capacity),
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
 * `bendUp` bends it the other way (when the ground is below: the rope then falls into a heap).
 */
export function layOutRope(
  pool: RopePool, first: number, count: number, segmentLength: number,
  ax: number, ay: number, bx: number, by: number, bendUp = false,
): void {
  const segments = count - 1;
  const length = segments * segmentLength;
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
  for (let k = 0; k < count; k++) {
    const s = k / segments; // arc-length fraction
    const i = first + k;
    let px: number;
    let py: number;
    if (s <= 0.5) {
      const t = s * 2;
      px = ax + (mx - ax) * t;
      py = ay + (my - ay) * t;
    } else {
      const t = (s - 0.5) * 2;
      px = mx + (bx - mx) * t;
      py = my + (by - my) * t;
    }
    pool.x[i] = px;
    pool.y[i] = py;
    pool.prevX[i] = px;
    pool.prevY[i] = py;
    pool.drawX[i] = px;
    pool.drawY[i] = py;
  }
}
