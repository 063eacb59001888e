// One substep of a rope's particles: Verlet prediction, tied ends pinned to what holds them, Long
// Range Attachments from every tied end, then XPBD distance constraints along the chain.
// What carries a heavy load is the end-to-end constraint (ropeLength.ts), solved before this;
// the particles here only give the rope its shape, so they can be ~1000x lighter than a box.

import { EndKind } from '../ropePool';
import { applyBodyCorrection, bodyInvMassAt, endArmX, endArmY, endX, endY } from './ropeEnds';
import type { SimWorld } from '../world';

/** Verlet step of every free particle of rope `r` over `h` seconds, with drag and a step clamp. */
export function integrateRope(world: SimWorld, r: number, h: number): void {
  const { pool, rope, settings } = world;
  const first = rope.first[r];
  const last = first + rope.count[r] - 1;
  const keep = Math.max(0, 1 - (settings.ropeDamping + settings.airDrag) * h);
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

/** Pins tied ends, applies LRA from them, then one forward sweep of the chain's constraints. */
export function solveRope(world: SimWorld, r: number, h: number): void {
  const { pool, rope } = world;
  const first = rope.first[r];
  const count = rope.count[r];
  const last = first + count - 1;
  const x = pool.x;
  const y = pool.y;
  const isTiedA = rope.kindA[r] !== EndKind.Free;
  const isTiedB = rope.kindB[r] !== EndKind.Free;
  const ax = endX(world, r, 0);
  const ay = endY(world, r, 0);
  const bx = endX(world, r, 1);
  const by = endY(world, r, 1);
  if (isTiedA) { x[first] = ax; y[first] = ay; }
  if (isTiedB) { x[last] = bx; y[last] = by; }
  for (let i = first; i < last; i++) pool.lambda[i] = 0;

  // Long Range Attachments: particle k can be no farther from a tied end than the rope's length
  // between them. Unilateral, so the rope still folds; this is what keeps it from stretching.
  // With both ends tied the particle belongs to the intersection of two discs, found exactly
  // (clamping to one circle and then the other fails when the rope is nearly taut: the lens
  // between them is then tiny and each clamp pushes the particle out of the other circle).
  const length = rope.length[r];
  let s = 0; // arc length from A to particle i
  for (let i = first + 1; i < last; i++) {
    s += pool.rest[i - 1];
    if (isTiedA && isTiedB) clampToLens(x, y, i, ax, ay, s, bx, by, length - s);
    else if (isTiedA) clampToCircle(x, y, i, ax, ay, s);
    else if (isTiedB) clampToCircle(x, y, i, bx, by, length - s);
  }

  const alphaPerMetre = rope.compliance[r] / (rope.length[r] * h * h);
  for (let i = first; i < last; i++) projectSegment(world, r, i, alphaPerMetre);
}

/**
 * The chain's backward sweep, run after collision so the rope ends each substep at its length:
 * one Gauss-Seidel sweep carries a correction only one way.
 */
export function relaxRope(world: SimWorld, r: number, h: number): void {
  const { rope } = world;
  const first = rope.first[r];
  const last = first + rope.count[r] - 1;
  const alphaPerMetre = rope.compliance[r] / (rope.length[r] * h * h);
  for (let i = last - 1; i >= first; i--) projectSegment(world, r, i, alphaPerMetre);
}

/**
 * XPBD distance constraint between particles i and i+1 (compliance proportional to the segment's
 * share of the rope, as springs in series). A segment that ends on a box pulls the box too, by
 * the box's generalized inverse mass at the tie point, and the end particle stays on that point.
 */
function projectSegment(world: SimWorld, r: number, i: number, alphaPerMetre: number): void {
  const { pool, rope, body } = world;
  const x = pool.x;
  const y = pool.y;
  const j = i + 1;
  const rest = pool.rest[i];
  const dx = x[j] - x[i];
  const dy = y[j] - y[i];
  const d = Math.sqrt(dx * dx + dy * dy);
  if (d < 1e-12) return;
  const nx = dx / d;
  const ny = dy / d;
  let wi = pool.invMass[i];
  let wj = pool.invMass[j];
  // A segment touching a tied box end: the box is one side of the constraint.
  const first = rope.first[r];
  const last = first + rope.count[r] - 1;
  let boxSide = -1;
  if (i === first && rope.kindA[r] === EndKind.Body && body.invInertia[rope.entityA[r]] > 0) {
    boxSide = 0;
    wi = bodyInvMassAt(world, rope.entityA[r], endArmX(world, r, 0), endArmY(world, r, 0), nx, ny);
  } else if (j === last && rope.kindB[r] === EndKind.Body && body.invInertia[rope.entityB[r]] > 0) {
    boxSide = 1;
    wj = bodyInvMassAt(world, rope.entityB[r], endArmX(world, r, 1), endArmY(world, r, 1), nx, ny);
  }
  const alpha = alphaPerMetre * rest;
  const wsum = wi + wj + alpha;
  if (wsum === 0) return;
  const dLambda = (d - rest - alpha * pool.lambda[i]) / wsum;
  pool.lambda[i] += dLambda;
  if (boxSide === 0) {
    applyBodyCorrection(world, rope.entityA[r], endArmX(world, r, 0), endArmY(world, r, 0), nx * dLambda, ny * dLambda);
    x[i] = endX(world, r, 0);
    y[i] = endY(world, r, 0);
  } else {
    x[i] += nx * dLambda * wi;
    y[i] += ny * dLambda * wi;
  }
  if (boxSide === 1) {
    applyBodyCorrection(world, rope.entityB[r], endArmX(world, r, 1), endArmY(world, r, 1), -nx * dLambda, -ny * dLambda);
    x[j] = endX(world, r, 1);
    y[j] = endY(world, r, 1);
  } else {
    x[j] -= nx * dLambda * wj;
    y[j] -= ny * dLambda * wj;
  }
}

/**
 * Moves particle i to the nearest point of the intersection of disc (A, ra) and disc (B, rb):
 * unchanged inside both; else onto one circle if that lands inside the other disc; else onto the
 * nearer corner of the lens. If the discs do not meet (ends farther apart than the rope: the
 * length constraint could not be met this substep), onto segment AB at ra : rb.
 */
function clampToLens(
  x: Float64Array, y: Float64Array, i: number,
  ax: number, ay: number, ra: number, bx: number, by: number, rb: number,
): void {
  const px = x[i];
  const py = y[i];
  const dax = px - ax;
  const day = py - ay;
  const dbx = px - bx;
  const dby = py - by;
  const da2 = dax * dax + day * day;
  const db2 = dbx * dbx + dby * dby;
  const isInA = da2 <= ra * ra;
  const isInB = db2 <= rb * rb;
  if (isInA && isInB) return;
  if (!isInA) {
    const k = ra / Math.sqrt(da2);
    const qx = ax + dax * k;
    const qy = ay + day * k;
    if ((qx - bx) * (qx - bx) + (qy - by) * (qy - by) <= rb * rb) { x[i] = qx; y[i] = qy; return; }
  }
  if (!isInB) {
    const k = rb / Math.sqrt(db2);
    const qx = bx + dbx * k;
    const qy = by + dby * k;
    if ((qx - ax) * (qx - ax) + (qy - ay) * (qy - ay) <= ra * ra) { x[i] = qx; y[i] = qy; return; }
  }
  const ux0 = bx - ax;
  const uy0 = by - ay;
  const d = Math.sqrt(ux0 * ux0 + uy0 * uy0);
  if (d < 1e-12) { x[i] = ax; y[i] = ay; return; }
  const ux = ux0 / d;
  const uy = uy0 / d;
  if (d >= ra + rb) {
    const f = ra / (ra + rb);
    x[i] = ax + ux0 * f;
    y[i] = ay + uy0 * f;
    return;
  }
  // Lens corners: along AB at a from A, offset +-half sideways.
  const a = (ra * ra - rb * rb + d * d) / (2 * d);
  const half = Math.sqrt(Math.max(0, ra * ra - a * a));
  const side = dax * -uy + day * ux >= 0 ? 1 : -1;
  x[i] = ax + ux * a - uy * half * side;
  y[i] = ay + uy * a + ux * half * side;
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
  let worst = 0;
  for (let i = first; i < last; i++) {
    const dx = pool.x[i + 1] - pool.x[i];
    const dy = pool.y[i + 1] - pool.y[i];
    const rest = pool.rest[i];
    if (rest <= 0) continue;
    const stretch = Math.sqrt(dx * dx + dy * dy) / rest - 1;
    if (stretch > worst) worst = stretch;
  }
  return worst;
}
