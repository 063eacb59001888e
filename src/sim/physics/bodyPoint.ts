// Position-based corrections of rigid bodies at a point (Mueller et al. 2020): how hard a body is to
// move at a point along a direction (its generalized inverse mass), and moving it by a positional
// impulse there, so an off-centre pull also turns a box. Players, which never turn, move through
// the tiles (moveBody) so nothing drags one into a wall; static bodies (1/m = 0) never move.
//
// The numbers travel in a BodyPoint the caller owns (one preallocated per module), not as arguments
// and return values: V8 boxes a double passed to or returned from a function it does not inline,
// a heap allocation per call in the solver's hot loops.

import { moveBody, type BodyMove } from './moveBody';
import type { SimWorld } from '../worldState';

/** A point of a body and a vector there. */
export interface BodyPoint {
  /** Arm: the point relative to the body's centre, in world axes, m. */
  rx: number;
  ry: number;
  /** A unit direction (for invMassAt) or a positional impulse, kg m (for pushBody). */
  nx: number;
  ny: number;
  /** Result of invMassAt: generalized inverse mass along (nx, ny), 1/kg. */
  w: number;
}

export function createBodyPoint(): BodyPoint {
  return { rx: 0, ry: 0, nx: 0, ny: 0, w: 0 };
}

/** p.w = generalized inverse mass of body `e` at arm (p.rx, p.ry) along (p.nx, p.ny): 1/m + (r x n)^2 / I. */
export function invMassAt(world: SimWorld, e: number, p: BodyPoint): void {
  const { body } = world;
  const rn = p.rx * p.ny - p.ry * p.nx;
  p.w = body.invMass[e] + rn * rn * body.invInertia[e];
}

const playerMove: BodyMove = { dx: 0, dy: 0 };

/**
 * Moves body `e` by the positional impulse (p.nx, p.ny), kg m, applied at arm (p.rx, p.ry):
 * dx = p / m, and a box turns by (r x p) / I. A player goes through moveBody (tile-aware).
 */
export function pushBody(world: SimWorld, e: number, p: BodyPoint): void {
  const { body } = world;
  const rx = p.rx;
  const ry = p.ry;
  const px = p.nx;
  const py = p.ny;
  const w = body.invMass[e];
  if (body.invInertia[e] === 0) {
    if (w === 0) return;
    playerMove.dx = px * w;
    playerMove.dy = py * w;
    moveBody(world, e, playerMove, world.player.dropTicks[e] > 0);
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
