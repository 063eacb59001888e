// The end-to-end constraint of a rope tied at both ends: |A - B| <= length, XPBD with the rope's
// whole compliance, mass-weighted by what each end is tied to (generalized inverse mass for a box,
// 0 for an anchor, a point or an anchored player). This is the constraint that carries a load: a
// box hangs from an anchor, two players pull each other, a player bumps a box on a rope. Solved
// before the rope's particles (PHYSICS.md #4), so the light particles never have to carry it.
// Players move through the tiles; when a wall stops one end's share, the other end takes the rest
// instead of two hard constraints fighting (which jitters).

import { EndKind } from '../ropePool';
import { endInvMassInto, endPosition, endPrevPosition, moveEndBy } from './ropeEnds';
import type { SimWorld } from '../world';

/** Slots of world.chain.args this file uses (numbers are handed over there, not boxed as arguments). */
const END_A = 16; // A's x, y; B's at END_A + 2
const PREV_A = 20; // both ends at the start of the substep, the same way
const INV = 24; // endInvMassInto's arm (x, y), direction (x, y) and result
const MOVE = 30; // moveEndBy's arm (x, y) and positional impulse (x, y)
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
  args[INV + 2] = nx;
  args[INV + 3] = ny;
  endInvMassInto(world, r, 0, args, INV);
  const wa = args[INV + 4];
  endInvMassInto(world, r, 1, args, INV);
  const wb = args[INV + 4];
  if (wa + wb === 0) return;
  // One iteration per substep, so lambda starts at 0: dLambda = C / (wa + wb + alpha~).
  const p = shift / (wa + wb + alpha);
  rope.impulse[r] += p / h;
  if (wa > 0) { args[MOVE + 2] = nx * p; args[MOVE + 3] = ny * p; moveEndBy(world, r, 0, args, MOVE); }
  if (wb > 0) { args[MOVE + 2] = -nx * p; args[MOVE + 3] = -ny * p; moveEndBy(world, r, 1, args, MOVE); }
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
  // Only one end takes the rest: the one that can still move (side 1 if A was blocked).
  const side = isBlockedA && !isBlockedB && wb > 0 ? 1 : isBlockedB && !isBlockedA && wa > 0 ? 0 : -1;
  if (side < 0) return;
  args[INV + 2] = ux;
  args[INV + 3] = uy;
  endInvMassInto(world, r, side, args, INV);
  const q = residual / args[INV + 4];
  rope.impulse[r] += q / h;
  const sign = side === 0 ? 1 : -1;
  args[MOVE + 2] = sign * ux * q;
  args[MOVE + 3] = sign * uy * q;
  moveEndBy(world, r, side, args, MOVE);
}

function isPlayerEnd(world: SimWorld, r: number, side: number): boolean {
  const e = side === 0 ? world.rope.entityA[r] : world.rope.entityB[r];
  return world.body.invInertia[e] === 0;
}
