// The end-to-end constraint of a rope tied at both ends: |A - B| <= length, XPBD with the rope's
// whole compliance, mass-weighted by what each end is tied to (generalized inverse mass for a box,
// 0 for an anchor, a point or an anchored player). This is the constraint that carries a load: a
// box hangs from an anchor, two players pull each other, a player bumps a box on a rope. Solved
// before the rope's particles (PHYSICS.md #4), so the light particles never have to carry it.
// Players move through the tiles; when a wall stops one end's share, the other end takes the rest
// instead of two hard constraints fighting (which jitters).

import { EndKind } from '../ropePool';
import { applyBodyCorrectionFrom, bodyInvMassAt, endArmInto, endArmX, endArmY, endPosition, endPrevPosition } from './ropeEnds';
import type { SimWorld } from '../world';

/** Slots of world.chain.args this file uses (numbers are handed over there, not boxed as arguments). */
const END_A = 16; // A's x, y; B's at END_A + 2
const PREV_A = 20; // both ends at the start of the substep, the same way
const DIR = 24; // a direction (x, y) for endInvMassInto
const W = 26; // inverse masses of end A and B
const MOVE = 28; // moveEnd's arm (x, y) and positional impulse (x, y)
/** Where solveRopeLength leaves the end-to-end distance before its correction, m (-1: an end is free). */
export const ROPE_DISTANCE_SLOT = 14;
/** Where physicsSystem puts the substep length h, s, for the solver functions. */
export const SUBSTEP_SLOT = 15;

/**
 * Solves rope `r`'s length constraint for one substep (h in args[SUBSTEP_SLOT]) and adds the
 * impulse it carried to `rope.impulse`. Leaves the end-to-end distance before the correction in
 * args[ROPE_DISTANCE_SLOT], m (or -1 when an end is free, so there is no such constraint).
 */
export function solveRopeLength(world: SimWorld, r: number): void {
  const { rope } = world;
  const args = world.chain.args;
  args[ROPE_DISTANCE_SLOT] = -1;
  if (rope.kindA[r] === EndKind.Free || rope.kindB[r] === EndKind.Free) return;
  const h = args[SUBSTEP_SLOT];
  endPosition(world, r, 0, args, END_A);
  endPosition(world, r, 1, args, END_A + 2);
  const ax = args[END_A];
  const ay = args[END_A + 1];
  const bx = args[END_A + 2];
  const by = args[END_A + 3];
  const dx = bx - ax;
  const dy = by - ay;
  const d = Math.sqrt(dx * dx + dy * dy);
  args[ROPE_DISTANCE_SLOT] = d;
  const length = rope.length[r];
  if (d <= length || d < 1e-12) return;
  // Inextensible: correct along the direction the rope had at the start of the substep, by the
  // amount that makes the length exact (SHAKE, which conserves energy; projecting along the new
  // direction, as plain PBD does, bleeds ~1 % of a pendulum's energy per second). Elastic ropes,
  // and motions too wild for that direction, use the plain XPBD projection.
  let nx = dx / d;
  let ny = dy / d;
  const alpha = rope.compliance[r] / (h * h);
  let shift = -1;
  if (alpha === 0) {
    endPrevPosition(world, r, 0, args, PREV_A);
    endPrevPosition(world, r, 1, args, PREV_A + 2);
    const ox = args[PREV_A + 2] - args[PREV_A];
    const oy = args[PREV_A + 3] - args[PREV_A + 1];
    const od = Math.sqrt(ox * ox + oy * oy);
    if (od > 1e-9) {
      const ux = ox / od;
      const uy = oy / od;
      const along = dx * ux + dy * uy;
      const disc = along * along - d * d + length * length;
      if (along > 0 && disc >= 0) {
        shift = along - Math.sqrt(disc);
        nx = ux;
        ny = uy;
      }
    }
  }
  if (shift < 0) shift = d - length;
  args[DIR] = nx;
  args[DIR + 1] = ny;
  endInvMassInto(world, r, 0, W);
  endInvMassInto(world, r, 1, W + 1);
  const wa = args[W];
  const wb = args[W + 1];
  if (wa + wb === 0) return;
  // One iteration per substep, so lambda starts at 0: dLambda = C / (wa + wb + alpha~).
  const p = shift / (wa + wb + alpha);
  rope.impulse[r] += p / h;
  if (wa > 0) { args[MOVE + 2] = nx * p; args[MOVE + 3] = ny * p; moveEnd(world, r, 0); }
  if (wb > 0) { args[MOVE + 2] = -nx * p; args[MOVE + 3] = -ny * p; moveEnd(world, r, 1); }
  if (alpha > 0) return;

  // A wall kept one end from taking its share: the other end, if it can move, takes the rest.
  endPosition(world, r, 0, args, PREV_A); // (the start-of-substep slots are free again)
  endPosition(world, r, 1, args, PREV_A + 2);
  const rx = args[PREV_A + 2] - args[PREV_A];
  const ry = args[PREV_A + 3] - args[PREV_A + 1];
  const rd = Math.sqrt(rx * rx + ry * ry);
  const residual = rd - length;
  if (residual <= 1e-9 || rd < 1e-12) return;
  const ux = rx / rd;
  const uy = ry / rd;
  const movedA = wa > 0 && isPlayerEnd(world, r, 0) ? (args[PREV_A] - ax) * nx + (args[PREV_A + 1] - ay) * ny : 0;
  const movedB = wb > 0 && isPlayerEnd(world, r, 1) ? -((args[PREV_A + 2] - bx) * nx + (args[PREV_A + 3] - by) * ny) : 0;
  const isBlockedA = wa > 0 && isPlayerEnd(world, r, 0) && movedA < p * wa - 1e-12;
  const isBlockedB = wb > 0 && isPlayerEnd(world, r, 1) && movedB < p * wb - 1e-12;
  if (isBlockedA && !isBlockedB && wb > 0) {
    const q = residual / endInvMass(world, r, 1, ux, uy);
    rope.impulse[r] += q / h;
    applyEnd(world, r, 1, -ux * q, -uy * q);
  } else if (isBlockedB && !isBlockedA && wa > 0) {
    const q = residual / endInvMass(world, r, 0, ux, uy);
    rope.impulse[r] += q / h;
    applyEnd(world, r, 0, ux * q, uy * q);
  }
}

/**
 * endInvMass along args[DIR] for end `side`, written into args[at]: the same arithmetic as
 * bodyInvMassAt with endArmX / endArmY, without passing or returning numbers.
 */
function endInvMassInto(world: SimWorld, r: number, side: number, at: number): void {
  const { rope, body } = world;
  const args = world.chain.args;
  const kind = side === 0 ? rope.kindA[r] : rope.kindB[r];
  if (kind !== EndKind.Body) { args[at] = 0; return; }
  const e = side === 0 ? rope.entityA[r] : rope.entityB[r];
  const px = side === 0 ? rope.pointAX[r] : rope.pointBX[r];
  const py = side === 0 ? rope.pointAY[r] : rope.pointBY[r];
  const rx = body.rotC[e] * px - body.rotS[e] * py;
  const ry = body.rotS[e] * px + body.rotC[e] * py;
  const nx = args[DIR];
  const ny = args[DIR + 1];
  const rn = rx * ny - ry * nx;
  args[at] = body.invMass[e] + rn * rn * body.invInertia[e];
}

function isPlayerEnd(world: SimWorld, r: number, side: number): boolean {
  const e = side === 0 ? world.rope.entityA[r] : world.rope.entityB[r];
  return world.body.invInertia[e] === 0;
}

/** Inverse mass of end `side` along (nx, ny): 0 for anchors and points, generalized for bodies. */
export function endInvMass(world: SimWorld, r: number, side: number, nx: number, ny: number): number {
  const { rope } = world;
  const kind = side === 0 ? rope.kindA[r] : rope.kindB[r];
  if (kind !== EndKind.Body) return 0;
  const e = side === 0 ? rope.entityA[r] : rope.entityB[r];
  return bodyInvMassAt(world, e, endArmX(world, r, side), endArmY(world, r, side), nx, ny);
}

/** Moves the body at end `side` by positional impulse (px, py), kg m, applied at the tie point. */
function applyEnd(world: SimWorld, r: number, side: number, px: number, py: number): void {
  const args = world.chain.args;
  args[MOVE + 2] = px;
  args[MOVE + 3] = py;
  moveEnd(world, r, side);
}

/** applyEnd with the positional impulse already in args[MOVE + 2], args[MOVE + 3] (nothing boxed). */
function moveEnd(world: SimWorld, r: number, side: number): void {
  const e = side === 0 ? world.rope.entityA[r] : world.rope.entityB[r];
  const args = world.chain.args;
  endArmInto(world, r, side, args, MOVE);
  applyBodyCorrectionFrom(world, e, args, MOVE);
}
