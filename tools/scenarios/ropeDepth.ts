// How deep a rope lies inside the stone: for a segment, the largest distance from a point on it
// to the nearest cell that is not solid (0 when the segment crosses no solid tile). Used by the
// invariants (tools/scenarios/invariants.ts) and `npx tsx tools/ropeDepth.ts`.

import { Tile, tileAt, type TileGrid } from '../../src/sim';

/** Sample spacing along a segment, m: depth is 1-Lipschitz, so the result is low by at most half of it. */
const SAMPLE = 0.005;
/** Depths are searched this many cells around a point: deeper reads as this (a rope through a thick wall). */
const REACH = 2;

/** Depth of (x, y) inside the solid tiles: distance to the nearest non-solid cell, m (0 outside, at most REACH). */
export function pointDepth(grid: TileGrid, x: number, y: number): number {
  const col = Math.floor(x);
  const row = Math.floor(y);
  if (tileAt(grid, col, row) !== Tile.Solid) return 0;
  let best2 = REACH * REACH;
  for (let r = row - REACH; r <= row + REACH; r++) {
    for (let c = col - REACH; c <= col + REACH; c++) {
      if (tileAt(grid, c, r) === Tile.Solid) continue;
      const dx = x < c ? c - x : x > c + 1 ? x - c - 1 : 0;
      const dy = y < r ? r - y : y > r + 1 ? y - r - 1 : 0;
      const d2 = dx * dx + dy * dy;
      if (d2 < best2) best2 = d2;
    }
  }
  return Math.sqrt(best2);
}

/** Deepest point of segment (ax, ay)-(bx, by) inside the solid tiles, m (sampled every SAMPLE). */
export function segmentDepth(grid: TileGrid, ax: number, ay: number, bx: number, by: number): number {
  // Most segments are in open air: no solid cell under their bounding box, nothing to sample.
  const c0 = Math.floor(Math.min(ax, bx));
  const c1 = Math.floor(Math.max(ax, bx));
  const r0 = Math.floor(Math.min(ay, by));
  const r1 = Math.floor(Math.max(ay, by));
  let isNear = false;
  for (let r = r0; r <= r1 && !isNear; r++) for (let c = c0; c <= c1; c++) if (tileAt(grid, c, r) === Tile.Solid) { isNear = true; break; }
  if (!isNear) return 0;
  const len = Math.sqrt((bx - ax) ** 2 + (by - ay) ** 2);
  const n = Math.max(1, Math.ceil(len / SAMPLE));
  let worst = 0;
  for (let k = 0; k <= n; k++) {
    const d = pointDepth(grid, ax + ((bx - ax) * k) / n, ay + ((by - ay) * k) / n);
    if (d > worst) worst = d;
  }
  return worst;
}
