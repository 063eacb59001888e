// The level's tile grid: one byte per 1 m cell, row-major, row 0 at the top.
// Outside the grid, columns to the left and right are solid walls; above and below are open
// (falling out of the bottom is handled by the rules, not by a floor).

/** Kinds of tile. Stored as bytes; level files use characters (see src/level). */
export const Tile = {
  Empty: 0,
  Solid: 1,
  /** Solid only from above, and only for bodies whose feet were above it. */
  OneWay: 2,
  /** Not solid: a row of spikes in the lower part of the cell (it usually sits on a floor). A
   *  player touching that part dies; ropes and boxes pass through to whatever is below. */
  Spikes: 3,
} as const;

/** Height of the spikes from the bottom of a Spikes cell, m. */
export const SPIKE_HEIGHT = 0.5;
/** A player must reach this far into the spikes to be hurt, m (brushing the tips is safe). */
export const SPIKE_TOUCH = 0.05;

export interface TileGrid {
  /** Columns and rows. */
  width: number;
  height: number;
  /** width * height tile kinds, row-major. */
  cells: Uint8Array;
}

export function createTileGrid(width: number, height: number): TileGrid {
  return { width, height, cells: new Uint8Array(width * height) };
}

/** Tile kind at integer cell (col, row), with the out-of-grid rules above. */
export function tileAt(grid: TileGrid, col: number, row: number): number {
  if (col < 0 || col >= grid.width) return Tile.Solid;
  if (row < 0 || row >= grid.height) return Tile.Empty;
  return grid.cells[row * grid.width + col];
}

/**
 * Counts of the tiles a rope particle collides with (Solid and OneWay), summed over every
 * rectangle from the grid's top-left corner: (width + 1) x (height + 1), row-major. Lets
 * `hasRopeTilesIn` answer for any box of cells in four reads, so a rope far from every tile skips
 * its per-particle tile tests. Built once with the world: the grid does not change after that.
 */
export function buildRopeTileSums(grid: TileGrid): Int32Array {
  const w = grid.width;
  const stride = w + 1;
  const sums = new Int32Array(stride * (grid.height + 1));
  for (let row = 0; row < grid.height; row++) {
    let rowCount = 0;
    for (let col = 0; col < w; col++) {
      const t = grid.cells[row * w + col];
      if (t === Tile.Solid || t === Tile.OneWay) rowCount++;
      sums[(row + 1) * stride + col + 1] = sums[row * stride + col + 1] + rowCount;
    }
  }
  return sums;
}

/**
 * True when any cell in columns c0..c1 and rows r0..r1 (inclusive) is one a rope particle collides
 * with, by the out-of-grid rules of tileAt: columns outside the grid are walls, rows outside open.
 */
export function hasRopeTilesIn(grid: TileGrid, sums: Int32Array, c0: number, r0: number, c1: number, r1: number): boolean {
  if (c0 < 0 || c1 >= grid.width) return true;
  const top = r0 < 0 ? 0 : r0;
  const bottom = r1 >= grid.height ? grid.height - 1 : r1;
  if (top > bottom || c0 > c1) return false;
  const stride = grid.width + 1;
  const count = sums[(bottom + 1) * stride + c1 + 1] - sums[top * stride + c1 + 1]
    - sums[(bottom + 1) * stride + c0] + sums[top * stride + c0];
  return count > 0;
}

/** True if the grid point (gx, gy) is a convex corner of the solid tiles: a rope can bend around it. */
export function isConvexCorner(grid: TileGrid, gx: number, gy: number): boolean {
  const tl = tileAt(grid, gx - 1, gy - 1) === Tile.Solid;
  const tr = tileAt(grid, gx, gy - 1) === Tile.Solid;
  const bl = tileAt(grid, gx - 1, gy) === Tile.Solid;
  const br = tileAt(grid, gx, gy) === Tile.Solid;
  const n = (tl ? 1 : 0) + (tr ? 1 : 0) + (bl ? 1 : 0) + (br ? 1 : 0);
  return n === 1 || (n === 2 && tl === br);
}

/**
 * Counts of the convex corners (isConvexCorner) among the grid points, summed over every rectangle
 * of points from (0, 0): (width + 2) x (height + 2), row-major. Every convex corner has
 * 0 <= gx <= width and 0 <= gy <= height: beyond, the four cells round a point are all wall
 * columns, or all open rows, or a wall's face. Lets `hasConvexCornersIn` answer for any box of grid
 * points in four reads: a rope or box next to a flat floor or wall, near tiles but near no corner,
 * skips its corner tests. Built once with the world, like buildRopeTileSums.
 */
export function buildConvexCornerSums(grid: TileGrid): Int32Array {
  const points = grid.width + 1;
  const stride = points + 1;
  const sums = new Int32Array(stride * (grid.height + 2));
  for (let gy = 0; gy <= grid.height; gy++) {
    let rowCount = 0;
    for (let gx = 0; gx < points; gx++) {
      if (isConvexCorner(grid, gx, gy)) rowCount++;
      sums[(gy + 1) * stride + gx + 1] = sums[gy * stride + gx + 1] + rowCount;
    }
  }
  return sums;
}

/** How many grid points in columns gx0..gx1 and rows gy0..gy1 (inclusive) are convex corners. */
export function countConvexCornersIn(grid: TileGrid, sums: Int32Array, gx0: number, gy0: number, gx1: number, gy1: number): number {
  const left = gx0 < 0 ? 0 : gx0;
  const right = gx1 > grid.width ? grid.width : gx1;
  const top = gy0 < 0 ? 0 : gy0;
  const bottom = gy1 > grid.height ? grid.height : gy1;
  if (left > right || top > bottom) return 0;
  const stride = grid.width + 2;
  return sums[(bottom + 1) * stride + right + 1] - sums[top * stride + right + 1]
    - sums[(bottom + 1) * stride + left] + sums[top * stride + left];
}

/** True when any grid point in columns gx0..gx1 and rows gy0..gy1 (inclusive) is a convex corner. */
export function hasConvexCornersIn(grid: TileGrid, sums: Int32Array, gx0: number, gy0: number, gx1: number, gy1: number): boolean {
  return countConvexCornersIn(grid, sums, gx0, gy0, gx1, gy1) > 0;
}

/**
 * True if a player's box (left, top)-(right, bottom), m, reaches SPIKE_TOUCH into the spikes of any
 * Spikes cell it overlaps: the death rule (respawnSystem) and the level checks share it.
 */
export function rectTouchesSpikes(grid: TileGrid, left: number, top: number, right: number, bottom: number): boolean {
  const c0 = Math.floor(left + SPIKE_TOUCH);
  const c1 = Math.floor(right - SPIKE_TOUCH);
  const r0 = Math.floor(top);
  const r1 = Math.floor(bottom - 1e-9);
  for (let row = r0; row <= r1; row++) {
    // The spikes fill the cell from row + 1 - SPIKE_HEIGHT down to row + 1.
    if (bottom < row + 1 - SPIKE_HEIGHT + SPIKE_TOUCH || top > row + 1 - SPIKE_TOUCH) continue;
    for (let col = c0; col <= c1; col++) {
      if (tileAt(grid, col, row) === Tile.Spikes) return true;
    }
  }
  return false;
}
