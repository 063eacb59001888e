// The substep stages that walk every active rope in solve order (the tether first, then the
// level's ropes, then snapped-off halves): the per-rope steps live in solveRope.ts, ropeLength.ts,
// collideRope.ts and reelRope.ts.

import { TAUT_SLACK, collideRope, collideRopeAfterSweep } from './collideRope';
import { reelStep } from './reelRope';
import { solveRopeLength } from './ropeLength';
import { integrateRope, relaxRope, resolveBentChain, solveRope } from './solveRope';
import { measureRopePath, ropePath } from './ropeWraps';
import type { SimWorld } from '../worldState';

/** Reeling, then the Verlet prediction of every free particle. */
export function integrateRopes(world: SimWorld): void {
  const { rope } = world;
  const ropes = world.queries.ropes.dense;
  for (let k = 0; k < ropes.length; k++) {
    const r = ropes[k];
    if (rope.isActive[r] === 0) continue;
    reelStep(world, r);
    integrateRope(world, r);
  }
}

/** Every rope's end-to-end length, tether first; tracks how far the tether overshot its length. */
export function solveRopeLengths(world: SimWorld): void {
  const { rope } = world;
  const ropes = world.queries.ropes.dense;
  const sub = world.substep;
  sub.tetherDistance = 0;
  for (let k = 0; k < ropes.length; k++) {
    const r = ropes[k];
    if (rope.isActive[r] === 0) continue;
    solveRopeLength(world, r);
  }
  // As a speed: a tick whose substeps were split finer (physicsSystem) has two lengths of substep.
  const overshoot = (sub.tetherDistance - rope.length[world.tetherRope]) / sub.h;
  if (overshoot > sub.maxOvershoot) sub.maxOvershoot = overshoot;
}

/**
 * Each rope's shape: ends pinned, LRA and the chain solved forward, collision with tiles and boxes,
 * then the chain's backward sweep unless the chain solve left the rope at its length and collision
 * moved nothing (relaxRope; and, for a bent rope that collision left torn, the whole chain again),
 * then segments against tile corners again (the sweep moves particles). Rope by rope, because a
 * rope pushing a box moves the next rope's end. A taut tether is a straight line between the players and skips collision (with
 * physics.ropeWrap, all but the corners after the sweep and the way out of the stone: its sag does not).
 */
export function shapeRopes(world: SimWorld): void {
  const { rope } = world;
  const ropes = world.queries.ropes.dense;
  const tether = world.tetherRope;
  const isTetherTaut = world.substep.tetherDistance >= rope.length[tether] - TAUT_SLACK;
  for (let k = 0; k < ropes.length; k++) {
    const r = ropes[k];
    if (rope.isActive[r] === 0) continue;
    solveRope(world, r);
    // A taut rope bent around corners lies on its path, which is clear of the stone.
    let isTaut = r === tether && isTetherTaut;
    if (r !== tether && world.wrap.count[r] > 0) {
      measureRopePath(world, r);
      isTaut = ropePath.length >= rope.length[r] - TAUT_SLACK;
    }
    const isTouched = collideRope(world, r, isTaut);
    const hasSwept = relaxRope(world, r, isTouched);
    const hasResolved = resolveBentChain(world, r);
    // A slack rope that collision left untouched and that has not moved since: the corner pass
    // after the sweep would find what the one before it found, nothing, and no particle is in
    // the stone (collideWithTiles would have said). A taut rope skipped that collision.
    if (isTaut || isTouched || hasSwept || hasResolved) collideRopeAfterSweep(world, r, isTaut);
  }
}
