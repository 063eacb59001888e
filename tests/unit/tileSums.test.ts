// The rope's broad phase against tiles (buildRopeTileSums / hasRopeTilesIn) must answer exactly
// what testing every cell with tileAt answers, or a rope would skip a tile it touches.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Tile, createTileGrid, tileAt } from '../../src/sim';
import { buildRopeTileSums, hasRopeTilesIn } from '../../src/sim/tileGrid';

function bruteForce(grid: ReturnType<typeof createTileGrid>, c0: number, r0: number, c1: number, r1: number): boolean {
  for (let row = r0; row <= r1; row++) {
    for (let col = c0; col <= c1; col++) {
      const t = tileAt(grid, col, row);
      if (t === Tile.Solid || t === Tile.OneWay) return true;
    }
  }
  return false;
}

describe('rope tile sums', () => {
  it('agree with a cell-by-cell search for any grid and any box of cells, inside or outside the grid', () => {
    const kinds = fc.constantFrom(Tile.Empty, Tile.Empty, Tile.Empty, Tile.Solid, Tile.OneWay, Tile.Spikes);
    fc.assert(fc.property(
      fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 12 }), fc.array(kinds, { minLength: 144, maxLength: 144 }),
      fc.integer({ min: -3, max: 14 }), fc.integer({ min: -3, max: 14 }), fc.integer({ min: 0, max: 6 }), fc.integer({ min: 0, max: 6 }),
      (w, h, cells, c0, r0, dc, dr) => {
        const grid = createTileGrid(w, h);
        for (let i = 0; i < w * h; i++) grid.cells[i] = cells[i];
        const sums = buildRopeTileSums(grid);
        expect(hasRopeTilesIn(grid, sums, c0, r0, c0 + dc, r0 + dr)).toBe(bruteForce(grid, c0, r0, c0 + dc, r0 + dr));
      },
    ), { numRuns: 2000 });
  });

  it('ignore spikes and empty cells, and count the walls left and right of the grid', () => {
    const grid = createTileGrid(5, 4);
    grid.cells[2 * 5 + 2] = Tile.Spikes;
    const sums = buildRopeTileSums(grid);
    expect(hasRopeTilesIn(grid, sums, 0, -5, 4, 10)).toBe(false); // rows above and below are open
    expect(hasRopeTilesIn(grid, sums, -1, 0, 0, 0)).toBe(true); // the wall left of column 0
    expect(hasRopeTilesIn(grid, sums, 4, 0, 5, 0)).toBe(true); // and right of the last column
    grid.cells[3 * 5 + 4] = Tile.OneWay;
    expect(hasRopeTilesIn(grid, buildRopeTileSums(grid), 4, 3, 4, 3)).toBe(true);
  });
});
