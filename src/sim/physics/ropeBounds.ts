// Bounding boxes of a rope's particles, whole or by runs: the tile, corner and stone passes test a
// run's box (one prefix-sum lookup) before each particle or segment in it, since most runs of a
// rope are far from every tile and corner.

import type { SimWorld } from '../worldState';

/** An axis-aligned box, m. */
export interface Bounds { minX: number; minY: number; maxX: number; maxY: number }

/**
 * The bounds of rope `rope`'s particles as its chain solve (solveRope.ts) left them, measured as
 * the solve moved them; -1: none (the solve scaled its step down, or another solve came after).
 * collideRope, next to run on the rope, takes them instead of a pass of its own (module scratch).
 */
export const solvedBounds = { rope: -1, minX: 0, minY: 0, maxX: 0, maxY: 0 };

/**
 * The bounds of rope `rope`'s particles as the chain's backward sweep (relaxParticles, solveRope.ts)
 * left them, measured as it finished each, and whether one that can move (1/m > 0) lies in a solid
 * cell (tileAt, so beside the grid too); -1: none (a chain solve came after). collideRopeAfterSweep,
 * next to run on the rope, takes them instead of a pass of its own (module scratch).
 */
export const sweptBounds = { rope: -1, minX: 0, minY: 0, maxX: 0, maxY: 0, isInStone: false };

/** Copies bounds `from` into `out`. */
export function copyBounds(from: Bounds, out: Bounds): void {
  out.minX = from.minX;
  out.minY = from.minY;
  out.maxX = from.maxX;
  out.maxY = from.maxY;
}

/** Particles (or segments) in a run. */
export const RUN = 8;

/** Bounding box of particles from..to (inclusive) into `out`. */
export function measureRun(world: SimWorld, from: number, to: number, out: Bounds): void {
  const x = world.particle.x;
  const y = world.particle.y;
  let minX = x[from];
  let maxX = minX;
  let minY = y[from];
  let maxY = minY;
  for (let i = from + 1; i <= to; i++) {
    const px = x[i];
    const py = y[i];
    if (px < minX) minX = px; else if (px > maxX) maxX = px;
    if (py < minY) minY = py; else if (py > maxY) maxY = py;
  }
  out.minX = minX;
  out.minY = minY;
  out.maxX = maxX;
  out.maxY = maxY;
}
