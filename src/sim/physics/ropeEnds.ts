// Where a rope end is, how hard it is to move (its generalized inverse mass along a direction),
// and how a correction moves what it is tied to. Players move through the tiles (moveBody) so the
// rope never drags one into a wall; boxes move and turn freely (their tile contacts come next).
//
// Numbers go in and out through scratch slots (`out` / `args`, a Float64Array, normally
// world.chain.args) rather than as arguments and return values: V8 boxes a number passed to or
// returned from a function it does not inline, a heap allocation per call in the solver's hot loops.

import { EndKind } from '../ropePool';
import { BODY_MOVE_SLOT, moveBody } from './moveBody';
import type { SimWorld } from '../world';

/**
 * World position of end `side` (0 = A, 1 = B) of rope `r`, m, into out[at], out[at + 1]. Free
 * ends report their end particle.
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

/** Position of end `side` at the start of the current substep (bodies' prev pose), m, into out[at], out[at + 1]. */
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

/** Offset of body end `side` of rope `r` from its body's centre in world axes, m, into out[at], out[at + 1]. */
export function endArmInto(world: SimWorld, r: number, side: number, out: Float64Array, at: number): void {
  const { rope, body } = world;
  const e = side === 0 ? rope.entityA[r] : rope.entityB[r];
  const px = side === 0 ? rope.pointAX[r] : rope.pointBX[r];
  const py = side === 0 ? rope.pointAY[r] : rope.pointBY[r];
  out[at] = body.rotC[e] * px - body.rotS[e] * py;
  out[at + 1] = body.rotS[e] * px + body.rotC[e] * py;
}

/**
 * Generalized inverse mass of body `e` at the point (args[at], args[at + 1]) from its centre, along
 * the unit direction (args[at + 2], args[at + 3]): w = 1/m + (r x n)^2 / I (Mueller et al. 2020),
 * into args[at + 4]. 0 for anything that cannot move. Contact code uses the slots at INV_MASS_SLOT.
 */
export function bodyInvMassInto(world: SimWorld, e: number, args: Float64Array, at: number): void {
  const { body } = world;
  const rn = args[at] * args[at + 3] - args[at + 1] * args[at + 2];
  args[at + 4] = body.invMass[e] + rn * rn * body.invInertia[e];
}

/**
 * Inverse mass of end `side` of rope `r` along the direction at args[at + 2], args[at + 3], into
 * args[at + 4]: 0 for anchors, points and free ends, generalized for bodies (args[at], args[at + 1]
 * get the arm).
 */
export function endInvMassInto(world: SimWorld, r: number, side: number, args: Float64Array, at: number): void {
  const { rope } = world;
  const kind = side === 0 ? rope.kindA[r] : rope.kindB[r];
  if (kind !== EndKind.Body) { args[at + 4] = 0; return; }
  endArmInto(world, r, side, args, at);
  bodyInvMassInto(world, side === 0 ? rope.entityA[r] : rope.entityB[r], args, at);
}

/**
 * Moves body `e` by the positional impulse p = (args[at + 2], args[at + 3]) (kg m) applied at
 * (args[at], args[at + 1]) from its centre: dx = p / m, and a box turns by (r x p) / I. Players go
 * through moveBody (tile-aware). Contact code uses the slots at CORRECTION_SLOT.
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
    const move = world.chain.args;
    move[BODY_MOVE_SLOT] = px * w;
    move[BODY_MOVE_SLOT + 1] = py * w;
    moveBody(world.grid, body, e, move, BODY_MOVE_SLOT, world.player.dropTicks[e] > 0);
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

/** Moves the body at end `side` of rope `r` by the positional impulse at args[at + 2], args[at + 3], kg m, at its tie point. */
export function moveEndBy(world: SimWorld, r: number, side: number, args: Float64Array, at: number): void {
  endArmInto(world, r, side, args, at);
  applyBodyCorrectionFrom(world, side === 0 ? world.rope.entityA[r] : world.rope.entityB[r], args, at);
}

/** Slots of world.chain.args for the contact code (the rope solver uses 0..35): a correction's arm
 *  and impulse (CORRECTION_SLOT..+3), an inverse mass's arm, direction and result (INV_MASS_SLOT..+4). */
export const CORRECTION_SLOT = 36;
export const INV_MASS_SLOT = 40;
