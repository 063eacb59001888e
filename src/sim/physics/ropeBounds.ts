// Bounding boxes of a rope's particles, whole or by runs: the tile, corner and stone passes test a
// run's box (one prefix-sum lookup) before each particle or segment in it, since most runs of a
// rope are far from every tile and corner.

import type { SimWorld } from '../worldState';

/** An axis-aligned box, m. */
export interface Bounds { minX: number; minY: number; maxX: number; maxY: number }

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
