// The end-to-end constraint of a rope tied at both ends: |A - B| <= length, XPBD with the rope's
// whole compliance, mass-weighted by what each end is tied to (generalized inverse mass for a box,
// 0 for a static body or an anchored player). This is the constraint that carries a load: a box
// hangs from an anchor, two players pull each other, a player bumps a box on a rope. Solved before
// the rope's particles (PHYSICS.md #4), so the light particles never have to carry it.
// Players move through the tiles; when a wall stops one end's share, the other end takes the rest
// instead of two hard constraints fighting (which jitters).

import { createBodyPoint, invMassAt, pushBody } from './bodyPoint';
import { endArm, endPosition, endPrevArm, endPrevPosition, type EndPosition } from './ropeEnds';
import { isHeavyRope } from './ropeMass';
import { solveWrappedLength } from './wrappedLength';
import type { SimWorld } from '../worldState';

const endA: EndPosition = { x: 0, y: 0 };
const endB: EndPosition = { x: 0, y: 0 };
const point = createBodyPoint();
/** The direction shakeTurning corrects along (module scratch: V8 boxes a double passed to a call
 *  it does not inline). */
const shakeDirection: EndPosition = { x: 0, y: 0 };

/**
 * Solves rope `r`'s length constraint for one substep (h in world.substep) and adds the impulse it
 * carried to `rope.impulse`. For the tether, leaves its end-to-end distance before the correction
 * in world.substep.tetherDistance, m.
 */
export function solveRopeLength(world: SimWorld, r: number): void {
  const { rope } = world;
  const eA = rope.bodyA[r];
  const eB = rope.bodyB[r];
  if (eA === 0 || eB === 0) return;
  if (isHeavyRope(world, r)) return; // the chain carries it, with its own weight (solveRope.ts)
  if (world.wrap.count[r] > 0) {
    solveWrappedLength(world, r); // bent around tile corners: the length of the bent path
    return;
  }
  const h = world.substep.h;
  endPosition(world, r, 0, endA);
  endPosition(world, r, 1, endB);
  const ax = endA.x;
  const ay = endA.y;
  const bx = endB.x;
  const by = endB.y;
  const dx = bx - ax;
  const dy = by - ay;
  const d = Math.sqrt(dx * dx + dy * dy);
  if (r === world.tetherRope) world.substep.tetherDistance = d;
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
    endPrevPosition(world, r, 0, endA);
    endPrevPosition(world, r, 1, endB);
    const ox = endB.x - endA.x;
    const oy = endB.y - endA.y;
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
  const isShake = shift >= 0;
  if (shift < 0) shift = d - length;
  if (isShake && (world.body.invInertia[eA] > 0 || world.body.invInertia[eB] > 0)) {
    shakeDirection.x = nx;
    shakeDirection.y = ny;
    shakeTurning(world, r, eA, eB);
    return;
  }
  point.nx = nx;
  point.ny = ny;
  endArm(world, r, 0, point);
  invMassAt(world, eA, point);
  const wa = point.w;
  endArm(world, r, 1, point);
  invMassAt(world, eB, point);
  const wb = point.w;
  if (wa + wb === 0) return;
  // One iteration per substep, so lambda starts at 0: dLambda = C / (wa + wb + alpha~).
  const p = shift / (wa + wb + alpha);
  rope.impulse[r] += p / h;
  if (wa > 0) { point.nx = nx * p; point.ny = ny * p; endArm(world, r, 0, point); pushBody(world, eA, point); }
  if (wb > 0) { point.nx = -nx * p; point.ny = -ny * p; endArm(world, r, 1, point); pushBody(world, eB, point); }
  if (alpha > 0) return;

  // A wall kept one end from taking its share: the other end, if it can move, takes the rest.
  endPosition(world, r, 0, endA);
  endPosition(world, r, 1, endB);
  const rx = endB.x - endA.x;
  const ry = endB.y - endA.y;
  const rd = Math.sqrt(rx * rx + ry * ry);
  const residual = rd - length;
  if (residual <= 1e-9 || rd < 1e-12) return;
  const ux = rx / rd;
  const uy = ry / rd;
  // Players never turn (1/I = 0); boxes do. Only a player can be stopped by a wall.
  const isPlayerA = world.body.invInertia[eA] === 0;
  const isPlayerB = world.body.invInertia[eB] === 0;
  const movedA = wa > 0 && isPlayerA ? (endA.x - ax) * nx + (endA.y - ay) * ny : 0;
  const movedB = wb > 0 && isPlayerB ? -((endB.x - bx) * nx + (endB.y - by) * ny) : 0;
  const isBlockedA = wa > 0 && isPlayerA && movedA < p * wa - 1e-12;
  const isBlockedB = wb > 0 && isPlayerB && movedB < p * wb - 1e-12;
  // Only one end takes the rest: the one that can still move (side 1 if A was blocked).
  const side = isBlockedA && !isBlockedB && wb > 0 ? 1 : isBlockedB && !isBlockedA && wa > 0 ? 0 : -1;
  if (side < 0) return;
  const e = side === 0 ? eA : eB;
  point.nx = ux;
  point.ny = uy;
  endArm(world, r, side, point);
  invMassAt(world, e, point);
  const q = residual / point.w;
  rope.impulse[r] += q / h;
  const sign = side === 0 ? 1 : -1;
  point.nx = sign * ux * q;
  point.ny = sign * uy * q;
  endArm(world, r, side, point);
  pushBody(world, e, point);
}

/**
 * SHAKE with a box at an end. The constraint force must act along the constraint's gradient at the
 * start of the substep, and for a box that includes the turning arm then (r x u with the old r), not
 * the arm after the free flight: with the new arm the force is off by the box's turn in a substep,
 * and a box tied at its top lost ~10 % of its swing energy a minute, first order in the substep,
 * where a box tied at its centre (no arm) kept it. The tie point does not move linearly with the
 * impulse (the box turns), so the correction repeats along the same gradient until the length is
 * exact (SHAKE's iteration; two or three passes reach round-off). The gradient's direction is in
 * shakeDirection.
 */
function shakeTurning(world: SimWorld, r: number, eA: number, eB: number): void {
  const { rope } = world;
  const ux = shakeDirection.x;
  const uy = shakeDirection.y;
  const length = rope.length[r];
  const h = world.substep.h;
  for (let pass = 0; pass < 4; pass++) {
    endPosition(world, r, 0, endA);
    endPosition(world, r, 1, endB);
    const dx = endB.x - endA.x;
    const dy = endB.y - endA.y;
    const along = dx * ux + dy * uy;
    const disc = along * along - (dx * dx + dy * dy) + length * length;
    if (along <= 0 || disc < 0) return;
    const shift = along - Math.sqrt(disc);
    if (shift <= 1e-13 * length) return;
    point.nx = ux;
    point.ny = uy;
    endPrevArm(world, r, 0, point);
    invMassAt(world, eA, point);
    const wa = point.w;
    endPrevArm(world, r, 1, point);
    invMassAt(world, eB, point);
    const wb = point.w;
    if (wa + wb === 0) return;
    const p = shift / (wa + wb);
    rope.impulse[r] += p / h;
    if (wa > 0) { point.nx = ux * p; point.ny = uy * p; endPrevArm(world, r, 0, point); pushBody(world, eA, point); }
    if (wb > 0) { point.nx = -ux * p; point.ny = -uy * p; endPrevArm(world, r, 1, point); pushBody(world, eB, point); }
  }
}
