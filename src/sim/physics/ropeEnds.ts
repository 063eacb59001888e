// Where a rope end is, how hard it is to move (its generalized inverse mass along a direction),
// and how a correction moves what it is tied to. Players move through the tiles (moveBody) so the
// rope never drags one into a wall; boxes move and turn freely (their tile contacts come next).

import { EndKind } from '../ropePool';
import { moveBody } from './moveBody';
import type { SimWorld } from '../world';

/** World x of end `side` (0 = A, 1 = B) of rope `r`, m. Free ends report their end particle. */
export function endX(world: SimWorld, r: number, side: number): number {
  const { rope, body } = world;
  const kind = side === 0 ? rope.kindA[r] : rope.kindB[r];
  const e = side === 0 ? rope.entityA[r] : rope.entityB[r];
  const px = side === 0 ? rope.pointAX[r] : rope.pointBX[r];
  const py = side === 0 ? rope.pointAY[r] : rope.pointBY[r];
  if (kind === EndKind.Body) return body.x[e] + body.rotC[e] * px - body.rotS[e] * py;
  if (kind === EndKind.Anchor) return world.anchor.x[e];
  if (kind === EndKind.Point) return px;
  return world.pool.x[side === 0 ? rope.first[r] : rope.first[r] + rope.count[r] - 1];
}

/**
 * endX and endY at once, written into out[at], out[at + 1]: hot paths use this, since a number
 * returned from a function V8 does not inline is a heap allocation.
 */
export function endPosition(world: SimWorld, r: number, side: number, out: Float64Array, at: number): void {
  const { rope, body } = world;
  const kind = side === 0 ? rope.kindA[r] : rope.kindB[r];
  const e = side === 0 ? rope.entityA[r] : rope.entityB[r];
  const px = side === 0 ? rope.pointAX[r] : rope.pointBX[r];
  const py = side === 0 ? rope.pointAY[r] : rope.pointBY[r];
  if (kind === EndKind.Body) {
    out[at] = body.x[e] + body.rotC[e] * px - body.rotS[e] * py;
    out[at + 1] = body.y[e] + body.rotS[e] * px + body.rotC[e] * py;
  } else if (kind === EndKind.Anchor) {
    out[at] = world.anchor.x[e];
    out[at + 1] = world.anchor.y[e];
  } else if (kind === EndKind.Point) {
    out[at] = px;
    out[at + 1] = py;
  } else {
    const i = side === 0 ? rope.first[r] : rope.first[r] + rope.count[r] - 1;
    out[at] = world.pool.x[i];
    out[at + 1] = world.pool.y[i];
  }
}

/** endPrevX and endPrevY at once, written into out[at], out[at + 1] (see endPosition). */
export function endPrevPosition(world: SimWorld, r: number, side: number, out: Float64Array, at: number): void {
  const { rope, body } = world;
  const kind = side === 0 ? rope.kindA[r] : rope.kindB[r];
  if (kind !== EndKind.Body) {
    endPosition(world, r, side, out, at);
    return;
  }
  const e = side === 0 ? rope.entityA[r] : rope.entityB[r];
  const px = side === 0 ? rope.pointAX[r] : rope.pointBX[r];
  const py = side === 0 ? rope.pointAY[r] : rope.pointBY[r];
  out[at] = body.prevX[e] + body.prevRotC[e] * px - body.prevRotS[e] * py;
  out[at + 1] = body.prevY[e] + body.prevRotS[e] * px + body.prevRotC[e] * py;
}

/** World y of end `side` of rope `r`, m. */
export function endY(world: SimWorld, r: number, side: number): number {
  const { rope, body } = world;
  const kind = side === 0 ? rope.kindA[r] : rope.kindB[r];
  const e = side === 0 ? rope.entityA[r] : rope.entityB[r];
  const px = side === 0 ? rope.pointAX[r] : rope.pointBX[r];
  const py = side === 0 ? rope.pointAY[r] : rope.pointBY[r];
  if (kind === EndKind.Body) return body.y[e] + body.rotS[e] * px + body.rotC[e] * py;
  if (kind === EndKind.Anchor) return world.anchor.y[e];
  if (kind === EndKind.Point) return py;
  return world.pool.y[side === 0 ? rope.first[r] : rope.first[r] + rope.count[r] - 1];
}

/**
 * Generalized inverse mass of body `e` at a point (rx, ry) from its centre, along unit (nx, ny):
 * w = 1/m + (r x n)^2 / I (Mueller et al. 2020). 0 for anything that cannot move.
 */
export function bodyInvMassAt(world: SimWorld, e: number, rx: number, ry: number, nx: number, ny: number): number {
  const { body } = world;
  const rn = rx * ny - ry * nx;
  return body.invMass[e] + rn * rn * body.invInertia[e];
}

/**
 * Moves body `e` by the positional impulse p = (px, py) (kg m) applied at (rx, ry) from its centre:
 * dx = p / m, and a box turns by (r x p) / I. Players go through moveBody (tile-aware).
 */
export function applyBodyCorrection(world: SimWorld, e: number, rx: number, ry: number, px: number, py: number): void {
  const args = world.chain.args;
  args[CORRECTION_SLOT] = rx;
  args[CORRECTION_SLOT + 1] = ry;
  args[CORRECTION_SLOT + 2] = px;
  args[CORRECTION_SLOT + 3] = py;
  applyBodyCorrectionFrom(world, e, args, CORRECTION_SLOT);
}

/** Scratch slots (world.chain.args) applyBodyCorrection hands its numbers over in. */
const CORRECTION_SLOT = 36;

/** endArmX and endArmY at once, written into out[at], out[at + 1] (see endPosition). */
export function endArmInto(world: SimWorld, r: number, side: number, out: Float64Array, at: number): void {
  const { rope, body } = world;
  const e = side === 0 ? rope.entityA[r] : rope.entityB[r];
  const px = side === 0 ? rope.pointAX[r] : rope.pointBX[r];
  const py = side === 0 ? rope.pointAY[r] : rope.pointBY[r];
  out[at] = body.rotC[e] * px - body.rotS[e] * py;
  out[at + 1] = body.rotS[e] * px + body.rotC[e] * py;
}

/**
 * bodyInvMassAt through scratch slots: the arm (rx, ry) at args[at], args[at + 1] and the
 * direction at args[at + 2], args[at + 3]; the result goes to args[at + 4].
 */
export function bodyInvMassInto(world: SimWorld, e: number, args: Float64Array, at: number): void {
  const { body } = world;
  const rn = args[at] * args[at + 3] - args[at + 1] * args[at + 2];
  args[at + 4] = body.invMass[e] + rn * rn * body.invInertia[e];
}

/**
 * applyBodyCorrection through scratch slots: the arm (rx, ry) at args[at], args[at + 1] and the
 * positional impulse (px, py) at args[at + 2], args[at + 3].
 */
export function applyBodyCorrectionFrom(world: SimWorld, e: number, args: Float64Array, at: number): void {
  const { body } = world;
  const rx = args[at];
  const ry = args[at + 1];
  const px = args[at + 2];
  const py = args[at + 3];
  const w = body.invMass[e];
  if (body.invInertia[e] === 0) {
    if (w === 0) return;
    moveBody(world.grid, body, e, px * w, py * w, world.player.dropTicks[e] > 0);
    return;
  }
  body.x[e] += px * w;
  body.y[e] += py * w;
  // Turn by the small angle d, rad: first order, renormalised (d is tiny per correction).
  const d = (rx * py - ry * px) * body.invInertia[e];
  const c = body.rotC[e];
  const s = body.rotS[e];
  const nc = c - s * d;
  const ns = s + c * d;
  const inv = 1 / Math.sqrt(nc * nc + ns * ns);
  body.rotC[e] = nc * inv;
  body.rotS[e] = ns * inv;
}


/** Offset of end `side` of rope `r` from its body's centre in world axes (x), m. 0 for a non-box. */
export function endArmX(world: SimWorld, r: number, side: number): number {
  const { rope, body } = world;
  const e = side === 0 ? rope.entityA[r] : rope.entityB[r];
  const px = side === 0 ? rope.pointAX[r] : rope.pointBX[r];
  const py = side === 0 ? rope.pointAY[r] : rope.pointBY[r];
  return body.rotC[e] * px - body.rotS[e] * py;
}

export function endArmY(world: SimWorld, r: number, side: number): number {
  const { rope, body } = world;
  const e = side === 0 ? rope.entityA[r] : rope.entityB[r];
  const px = side === 0 ? rope.pointAX[r] : rope.pointBX[r];
  const py = side === 0 ? rope.pointAY[r] : rope.pointBY[r];
  return body.rotS[e] * px + body.rotC[e] * py;
}

/** World position of end `side` at the start of the current substep (bodies' prev pose), m. */
export function endPrevX(world: SimWorld, r: number, side: number): number {
  const { rope, body } = world;
  const kind = side === 0 ? rope.kindA[r] : rope.kindB[r];
  if (kind !== EndKind.Body) return endX(world, r, side);
  const e = side === 0 ? rope.entityA[r] : rope.entityB[r];
  const px = side === 0 ? rope.pointAX[r] : rope.pointBX[r];
  const py = side === 0 ? rope.pointAY[r] : rope.pointBY[r];
  return body.prevX[e] + body.prevRotC[e] * px - body.prevRotS[e] * py;
}

export function endPrevY(world: SimWorld, r: number, side: number): number {
  const { rope, body } = world;
  const kind = side === 0 ? rope.kindA[r] : rope.kindB[r];
  if (kind !== EndKind.Body) return endY(world, r, side);
  const e = side === 0 ? rope.entityA[r] : rope.entityB[r];
  const px = side === 0 ? rope.pointAX[r] : rope.pointBX[r];
  const py = side === 0 ? rope.pointAY[r] : rope.pointBY[r];
  return body.prevY[e] + body.prevRotS[e] * px + body.prevRotC[e] * py;
}
