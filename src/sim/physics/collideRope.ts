// Rope particles against the tile grid. A particle is a small cross of radius PARTICLE_RADIUS: each
// arm that pokes into a solid tile pushes the particle back out along that axis. Touching a floor
// removes the particle's fall and, with position-based friction, part of its sliding (a rope lying
// on the ground comes to rest). Substep moves are clamped well below a tile, so nothing tunnels.
// A taut tether is a straight line between the players (the rope does not wrap around corners
// yet), so while it is taut its length wins over collision: otherwise it would snag on corners.

import { Tile, tileAt } from '../tileGrid';
import type { SimWorld } from '../world';

/** Collision radius of a rope particle, m. */
export const PARTICLE_RADIUS = 0.06;
/** Above this stretch of a neighbouring segment the rope's length wins over collision (no snagging). */
const SNAG_STRETCH = 0.05;

export function collideRope(world: SimWorld, r: number, isTaut: boolean): void {
  if (isTaut) return;
  const { pool, rope, grid, settings } = world;
  const first = rope.first[r];
  const last = first + rope.count[r] - 1;
  const seg = rope.segmentLength[r];
  const x = pool.x;
  const y = pool.y;
  const keepSlide = 1 - settings.ropeFriction;
  const R = PARTICLE_RADIUS;
  for (let i = first + 1; i < last; i++) {
    if (pool.invMass[i] === 0) continue;
    if (isOverStretched(x, y, i, seg)) continue;
    const col = Math.floor(x[i]);
    const row = Math.floor(y[i]);

    // Deep inside a solid tile (e.g. dragged in by the chain): leave by the side it came from.
    if (tileAt(grid, col, row) === Tile.Solid) {
      const px = pool.prevX[i];
      const py = pool.prevY[i];
      if (py <= row && tileAt(grid, col, row - 1) !== Tile.Solid) y[i] = row - R;
      else if (py >= row + 1 && tileAt(grid, col, row + 1) !== Tile.Solid) y[i] = row + 1 + R;
      else if (px <= col && tileAt(grid, col - 1, row) !== Tile.Solid) x[i] = col - R;
      else if (px >= col + 1 && tileAt(grid, col + 1, row) !== Tile.Solid) x[i] = col + 1 + R;
      else y[i] = row - R; // no better exit known: up
    }

    // Floor (solid, or one-way when the particle came from above it).
    const below = Math.floor(y[i] + R);
    const tBelow = tileAt(grid, Math.floor(x[i]), below);
    if (below !== Math.floor(y[i]) &&
        (tBelow === Tile.Solid || (tBelow === Tile.OneWay && pool.prevY[i] + R <= below + 1e-9))) {
      y[i] = below - R;
      pool.prevY[i] = y[i];
      // Friction: keep only part of the slide; slow slides stop outright (static friction).
      const slide = x[i] - pool.prevX[i];
      pool.prevX[i] = Math.abs(slide) < 1e-4 ? x[i] : x[i] - slide * keepSlide;
    }
    // Ceiling.
    const above = Math.floor(y[i] - R);
    if (above !== Math.floor(y[i]) && tileAt(grid, Math.floor(x[i]), above) === Tile.Solid) {
      y[i] = above + 1 + R;
      if (pool.prevY[i] > y[i]) pool.prevY[i] = y[i];
    }
    // Walls.
    const rightCol = Math.floor(x[i] + R);
    if (rightCol !== Math.floor(x[i]) && tileAt(grid, rightCol, Math.floor(y[i])) === Tile.Solid) {
      x[i] = rightCol - R;
      pool.prevX[i] = x[i];
    }
    const leftCol = Math.floor(x[i] - R);
    if (leftCol !== Math.floor(x[i]) && tileAt(grid, leftCol, Math.floor(y[i])) === Tile.Solid) {
      x[i] = leftCol + 1 + R;
      pool.prevX[i] = x[i];
    }
  }
}

function isOverStretched(x: Float64Array, y: Float64Array, i: number, seg: number): boolean {
  const limit = seg * (1 + SNAG_STRETCH);
  const limit2 = limit * limit;
  const ax = x[i] - x[i - 1];
  const ay = y[i] - y[i - 1];
  if (ax * ax + ay * ay > limit2) return true;
  const bx = x[i + 1] - x[i];
  const by = y[i + 1] - y[i];
  return bx * bx + by * by > limit2;
}
