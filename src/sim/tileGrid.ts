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
