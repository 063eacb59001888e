// The end-to-end constraint of a rope tied at both ends: |A - B| <= length, XPBD with the rope's
// whole compliance, mass-weighted by what each end is tied to (generalized inverse mass for a box,
// 0 for an anchor, a point or an anchored player). This is the constraint that carries a load: a
// box hangs from an anchor, two players pull each other, a player bumps a box on a rope. Solved
// before the rope's particles (PHYSICS.md #4), so the light particles never have to carry it.
// Players move through the tiles; when a wall stops one end's share, the other end takes the rest
// instead of two hard constraints fighting (which jitters).

import { EndKind } from '../ropePool';
import { applyBodyCorrection, bodyInvMassAt, endArmX, endArmY, endPrevX, endPrevY, endX, endY } from './ropeEnds';
import type { SimWorld } from '../world';

/**
 * Solves rope `r`'s length constraint for one substep of `h` seconds and adds the impulse it
 * carried to `rope.impulse`. Returns the end-to-end distance before the correction, m (or -1 when
 * an end is free, so there is no such constraint).
 */
export function solveRopeLength(world: SimWorld, r: number, h: number): number {
  const { rope } = world;
  if (rope.kindA[r] === EndKind.Free || rope.kindB[r] === EndKind.Free) return -1;
  const ax = endX(world, r, 0);
  const ay = endY(world, r, 0);
  const bx = endX(world, r, 1);
  const by = endY(world, r, 1);
  const dx = bx - ax;
  const dy = by - ay;
  const d = Math.sqrt(dx * dx + dy * dy);
  const length = rope.length[r];
  if (d <= length || d < 1e-12) return d;
  // Inextensible: correct along the direction the rope had at the start of the substep, by the
  // amount that makes the length exact (SHAKE, which conserves energy; projecting along the new
  // direction, as plain PBD does, bleeds ~1 % of a pendulum's energy per second). Elastic ropes,
  // and motions too wild for that direction, use the plain XPBD projection.
  let nx = dx / d;
  let ny = dy / d;
  const alpha = rope.compliance[r] / (h * h);
  let shift = -1;
  if (alpha === 0) {
    const ox = endPrevX(world, r, 1) - endPrevX(world, r, 0);
    const oy = endPrevY(world, r, 1) - endPrevY(world, r, 0);
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
  const wa = endInvMass(world, r, 0, nx, ny);
  const wb = endInvMass(world, r, 1, nx, ny);
  if (wa + wb === 0) return d;
  // One iteration per substep, so lambda starts at 0: dLambda = C / (wa + wb + alpha~).
  const p = shift / (wa + wb + alpha);
  rope.impulse[r] += p / h;
  if (wa > 0) applyEnd(world, r, 0, nx * p, ny * p);
  if (wb > 0) applyEnd(world, r, 1, -nx * p, -ny * p);
  if (alpha > 0) return d;

  // A wall kept one end from taking its share: the other end, if it can move, takes the rest.
  const rx = endX(world, r, 1) - endX(world, r, 0);
  const ry = endY(world, r, 1) - endY(world, r, 0);
  const rd = Math.sqrt(rx * rx + ry * ry);
  const residual = rd - length;
  if (residual <= 1e-9 || rd < 1e-12) return d;
  const ux = rx / rd;
  const uy = ry / rd;
  const movedA = wa > 0 && isPlayerEnd(world, r, 0) ? (endX(world, r, 0) - ax) * nx + (endY(world, r, 0) - ay) * ny : 0;
  const movedB = wb > 0 && isPlayerEnd(world, r, 1) ? -((endX(world, r, 1) - bx) * nx + (endY(world, r, 1) - by) * ny) : 0;
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
  return d;
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
  const e = side === 0 ? world.rope.entityA[r] : world.rope.entityB[r];
  applyBodyCorrection(world, e, endArmX(world, r, side), endArmY(world, r, side), px, py);
}
