// One substep of a rope's particles: Verlet prediction, ends pinned to their bodies, Long Range
// Attachments from both ends, then one pass of distance constraints along the chain.
// The ends have 1/mass = 0 here: the players are ~1000x heavier and the tether carries their pull.

import type { SimWorld } from '../world';

/** Verlet step of every free particle of rope `r` over `h` seconds, with damping and a step clamp. */
export function integrateRope(world: SimWorld, r: number, h: number): void {
  const { pool, rope, settings } = world;
  const first = rope.first[r];
  const last = first + rope.count[r] - 1;
  const keep = Math.max(0, 1 - settings.ropeDamping * h);
  const gh2 = settings.gravity * h * h;
  const maxStep = settings.maxParticleStep;
  for (let i = first; i <= last; i++) {
    if (pool.invMass[i] === 0) continue;
    let vx = (pool.x[i] - pool.prevX[i]) * keep;
    let vy = (pool.y[i] - pool.prevY[i]) * keep + gh2;
    const step2 = vx * vx + vy * vy;
    if (step2 > maxStep * maxStep) {
      const s = maxStep / Math.sqrt(step2);
      vx *= s;
      vy *= s;
    }
    pool.prevX[i] = pool.x[i];
    pool.prevY[i] = pool.y[i];
    pool.x[i] += vx;
    pool.y[i] += vy;
  }
}

/** Pins the ends to their bodies, then applies LRA and the chain's distance constraints. */
export function solveRope(world: SimWorld, r: number): void {
  const { pool, rope, body } = world;
  const first = rope.first[r];
  const count = rope.count[r];
  const last = first + count - 1;
  const seg = rope.segmentLength[r];
  const x = pool.x;
  const y = pool.y;
  const w = pool.invMass;

  const a = rope.endA[r];
  const b = rope.endB[r];
  const ax = body.x[a];
  const ay = body.y[a];
  const bx = body.x[b];
  const by = body.y[b];
  x[first] = ax;
  y[first] = ay;
  x[last] = bx;
  y[last] = by;

  // Long Range Attachments: particle k can be no farther than its arc length from either end.
  // Unilateral, so the rope still folds; this is what keeps it from stretching under load.
  for (let k = 1; k < count - 1; k++) {
    const i = first + k;
    clampToCircle(x, y, i, ax, ay, k * seg);
    clampToCircle(x, y, i, bx, by, (count - 1 - k) * seg);
  }

  // Chain: mass-weighted projections (XPBD with zero compliance, which is plain PBD: stiffness comes
  // from the substeps, not from iterations). This sweep goes forward; relaxRope sweeps back after
  // collision, because one Gauss-Seidel sweep carries a correction only one way.
  for (let i = first; i < last; i++) projectSegment(x, y, w, i, seg);
}

/**
 * The chain's backward sweep, run after tile collision so the rope ends each substep at its
 * length: a rope dragged over a ledge by a falling player would otherwise stay stretched there.
 */
export function relaxRope(world: SimWorld, r: number): void {
  const { pool, rope } = world;
  const first = rope.first[r];
  const last = first + rope.count[r] - 1;
  const seg = rope.segmentLength[r];
  for (let i = last - 1; i >= first; i--) projectSegment(pool.x, pool.y, pool.invMass, i, seg);
}

function projectSegment(x: Float64Array, y: Float64Array, w: Float64Array, i: number, seg: number): void {
  const j = i + 1;
  const wsum = w[i] + w[j];
  if (wsum === 0) return;
  const dx = x[j] - x[i];
  const dy = y[j] - y[i];
  const d = Math.sqrt(dx * dx + dy * dy);
  if (d < 1e-12) return;
  const s = (d - seg) / (d * wsum);
  x[i] += dx * s * w[i];
  y[i] += dy * s * w[i];
  x[j] -= dx * s * w[j];
  y[j] -= dy * s * w[j];
}

function clampToCircle(x: Float64Array, y: Float64Array, i: number, cx: number, cy: number, radius: number): void {
  const dx = x[i] - cx;
  const dy = y[i] - cy;
  const d2 = dx * dx + dy * dy;
  if (d2 <= radius * radius) return;
  const s = radius / Math.sqrt(d2);
  x[i] = cx + dx * s;
  y[i] = cy + dy * s;
}

/** Largest relative segment stretch of rope `r` (0.01 = 1 % longer than rest). */
export function ropeMaxStretch(world: SimWorld, r: number): number {
  const { pool, rope } = world;
  const first = rope.first[r];
  const last = first + rope.count[r] - 1;
  const seg = rope.segmentLength[r];
  let worst = 0;
  for (let i = first; i < last; i++) {
    const dx = pool.x[i + 1] - pool.x[i];
    const dy = pool.y[i + 1] - pool.y[i];
    const stretch = Math.sqrt(dx * dx + dy * dy) / seg - 1;
    if (stretch > worst) worst = stretch;
  }
  return worst;
}
