// Tile grids for scenarios, from rows of characters: '#' solid, '=' one-way, anything else empty.

import { Tile, createTileGrid, tileAt, type TileGrid } from '../../src/sim';

/** Tile grid from rows ('#' solid, '=' one-way, anything else empty). */
export function gridFromRows(rows: readonly string[]): TileGrid {
  const grid = createTileGrid(rows[0].length, rows.length);
  rows.forEach((row, r) => {
    for (let c = 0; c < row.length; c++) {
      grid.cells[r * row.length + c] = row[c] === '#' ? Tile.Solid : row[c] === '=' ? Tile.OneWay : Tile.Empty;
    }
  });
  return grid;
}

/** An open room `width` x `height` tiles with solid rows from `floorRow` down. */
export function roomRows(width: number, height: number, floorRow: number): string[] {
  const rows: string[] = [];
  for (let r = 0; r < height; r++) rows.push((r >= floorRow ? '#' : '.').repeat(width));
  return rows;
}

/** Sets cell (col, row) of a row list to `ch`. */
export function setCell(rows: string[], col: number, row: number, ch: string): void {
  rows[row] = rows[row].slice(0, col) + ch + rows[row].slice(col + 1);
}

/** True if (x, y) lies in a solid tile (the sim's rule: solid walls left and right of the grid). */
export function isSolidPoint(grid: TileGrid, x: number, y: number): boolean {
  return tileAt(grid, Math.floor(x), Math.floor(y)) === Tile.Solid;
}


/** Solid cells of the rectangle of columns c0..c1 and rows r0..r1 (inclusive). */
export function solidRect(c0: number, r0: number, c1: number, r1: number): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (let r = r0; r <= r1; r++) for (let c = c0; c <= c1; c++) out.push([c, r]);
  return out;
}
