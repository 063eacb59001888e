// The parts of the level art that differ by world: the far layer behind the level and the
// decoration on walkable tops, and the WorldLook type they draw with (worldLooks.ts holds each
// world's look). Built once per level like the rest of drawTiles.ts; every shape is small and
// placed by a fixed hash of its cell, so a level looks the same every time and no shape is big
// enough to cost frames under software GL.

import type { Graphics } from 'pixi.js';
import { Tile, tileAt, type TileGrid } from '../sim';
import { palette } from './palette';
import { CM_PER_M as U } from './units';

/** Draws part of a world's level art into `g` (positions in metres, units.ts units). */
export type WorldLayer = (g: Graphics, grid: TileGrid, look: WorldLook) => void;

export interface WorldLook {
  /** The renderer's clear colour: the sky behind everything (no backdrop quad: see drawTiles.ts). */
  background: number;
  solidFill: number;
  /** Shadowed sides and undersides of solid blocks. */
  solidEdge: number;
  /** The lit top lip players stand on. */
  solidTop: number;
  solidMortar: number;
  /** The endless side walls beyond the grid. */
  wallFill: number;
  plank: number;
  plankShade: number;
  /** Mortar lines inside every solid cell: flat [x, y, w, h, ...] in cell units (0..1). */
  mortar: readonly number[];
  /** Colours of the far layer (its shapes, their lit edges, what hangs under overhangs) and of the top decoration. */
  far: number;
  farEdge: number;
  farHang: number;
  topDecor: number;
  /** Behind the level, in open cells only (small shapes: big fills cost frames under software GL). */
  drawFar: WorldLayer;
  /** On walkable tops, after the top lip. */
  drawTops: WorldLayer;
}

/** Adds a rectangle given in metres. */
export function rectM(g: Graphics, x: number, y: number, w: number, h: number): Graphics {
  return g.rect(x * U, y * U, w * U, h * U);
}

/** A fixed pseudo-random number 0..2^32-1 for cell (c, r): the same art every time the level is drawn. */
function cellHash(c: number, r: number): number {
  let x = Math.imul(c + 0x9e37, 0x85ebca6b) ^ Math.imul(r + 0x79b9, 0xc2b2ae35);
  x ^= x >>> 15;
  x = Math.imul(x, 0x2c1b3c6d);
  return (x ^ (x >>> 12)) >>> 0;
}

const isOpen = (grid: TileGrid, c: number, r: number): boolean => tileAt(grid, c, r) !== Tile.Solid;

/** Calls `visit(c, r, hash)` for each open cell right under a solid one (where things hang). */
function forEachUnderside(grid: TileGrid, visit: (c: number, r: number, k: number) => void): void {
  for (let r = 1; r < grid.height; r++) {
    for (let c = 0; c < grid.width; c++) if (!isOpen(grid, c, r - 1) && isOpen(grid, c, r)) visit(c, r, cellHash(c, r));
  }
}

/** Calls `visit(c, r, seed)` for each solid cell with empty space above (a walkable top). */
function forEachTop(grid: TileGrid, visit: (c: number, r: number, seed: number) => void): void {
  for (let r = 1; r < grid.height; r++) {
    for (let c = 0; c < grid.width; c++) {
      if (tileAt(grid, c, r) !== Tile.Solid || tileAt(grid, c, r - 1) !== Tile.Empty) continue;
      visit(c, r, (c * 73 + r * 151) % 97);
    }
  }
}

/**
 * Calls `visit(x, y, width)` (m) for each far-wall stone: about one open cell in eight (a fixed
 * hash of the cell), a course high, one or two cells wide, its left end inset a little by the hash.
 */
function forEachFarStone(grid: TileGrid, visit: (x: number, y: number, width: number) => void): void {
  const { width: w, height: h } = grid;
  for (let r = 0; r < h; r++) {
    for (let c = 0; c < w; c++) {
      const k = cellHash(c, r);
      if (k % 8 !== 0 || !isOpen(grid, c, r)) continue;
      const isWide = (k >>> 4) % 3 === 0 && c + 1 < w && isOpen(grid, c + 1, r);
      const inset = ((k >>> 8) % 3) * 0.06;
      visit(c + 0.08 + inset, r + 0.2, (isWide ? 1.84 : 0.84) - inset);
    }
  }
}

/**
 * World 1's far wall: a loose scatter of big dim stones with a faintly lit top edge, and short roots
 * under overhangs. It reads as the inside of an old ruin and still shows the 1 m scale, where a
 * line grid over the whole level looked like an editor's overlay.
 */
export function drawRuinWall(g: Graphics, grid: TileGrid, look: WorldLook): void {
  forEachFarStone(grid, (x, y, width) => g.roundRect(x * U, y * U, width * U, 0.62 * U, 0.08 * U));
  g.fill(look.far);
  // Each stone's top edge, lit faintly: a thin line inset 0.08 m from both ends.
  forEachFarStone(grid, (x, y, width) => rectM(g, x + 0.08, y, width - 0.16, 0.04));
  g.fill(look.farEdge);
  // Roots, two or three per cell, of fixed lengths.
  forEachUnderside(grid, (c, r, k) => {
    for (let i = 0; i < 2 + (k % 2); i++) {
      const len = 0.2 + ((k >>> (3 + i * 4)) % 5) * 0.09;
      rectM(g, c + 0.18 + i * 0.3 + ((k >>> (12 + i)) % 3) * 0.03, r, 0.03, len);
    }
  });
  g.fill(look.farHang);
}

/** World 1's tops: two or three moss tufts per tile. */
export function drawMoss(g: Graphics, grid: TileGrid, look: WorldLook): void {
  forEachTop(grid, (c, r, seed) => {
    for (let k = 0; k < 3; k++) {
      if (k === 2 && seed % 2 === 0) break;
      const tx = c + 0.12 + ((seed * (k + 3)) % 76) / 100;
      const th = 0.1 + ((seed + k * 29) % 7) / 70;
      g.moveTo((tx - 0.07) * U, r * U).lineTo((tx - 0.02) * U, (r - th) * U).lineTo(tx * U, (r - th * 0.4) * U)
        .lineTo((tx + 0.03) * U, (r - th * 1.1) * U).lineTo((tx + 0.07) * U, r * U).closePath();
    }
  });
  g.fill(look.topDecor);
}

/** Columns between the mine's timber posts, and rows between its beams. */
const POST_EVERY = 6;
const BEAM_EVERY = 5;

/**
 * World 2's far wall: timber posts and beams of a mine's props through the open space (one shape
 * per run of open cells), a lamp where they cross, patches of brick, and chains under overhangs.
 */
export function drawMineWall(g: Graphics, grid: TileGrid, look: WorldLook): void {
  const { width: w, height: h } = grid;
  for (let c = 3; c < w; c += POST_EVERY) {
    for (let r = 0; r < h; r++) {
      const r0 = r;
      while (r < h && isOpen(grid, c, r)) r++;
      if (r > r0) rectM(g, c + 0.38, r0, 0.24, r - r0);
    }
  }
  for (let r = 2; r < h; r += BEAM_EVERY) {
    for (let c = 0; c < w; c++) {
      const c0 = c;
      while (c < w && isOpen(grid, c, r)) c++;
      if (c > c0) rectM(g, c0, r + 0.3, c - c0, 0.2);
    }
  }
  g.fill(look.far);
  // Bricks where the far stones of world 1 would be: two staggered courses.
  forEachFarStone(grid, (x, y, width) => {
    rectM(g, x, y, width * 0.6, 0.26);
    rectM(g, x + width * 0.3, y + 0.32, width * 0.6, 0.26);
  });
  g.fill(look.farEdge);
  forEachUnderside(grid, (c, r, k) => {
    if (k % 3 !== 0) return;
    // A chain: links of alternating width, 4-7 of them.
    const x = c + 0.3 + ((k >>> 5) % 40) / 100;
    for (let i = 0; i < 4 + ((k >>> 9) % 4); i++) rectM(g, x - (i % 2 ? 0.015 : 0.04), r + i * 0.12, i % 2 ? 0.03 : 0.08, 0.1);
  });
  g.fill(look.farHang);
  for (let c = 3; c < w; c += POST_EVERY) {
    for (let r = 2; r < h; r += BEAM_EVERY) if (isOpen(grid, c, r)) g.circle((c + 0.5) * U, (r + 0.62) * U, 0.1 * U);
  }
  g.fill(palette.goalLight);
}

/** World 2's tops: a few lumps of grit and coal along the lip. */
export function drawGrit(g: Graphics, grid: TileGrid, look: WorldLook): void {
  forEachTop(grid, (c, r, seed) => {
    for (let k = 0; k < 2 + (seed % 2); k++) {
      const x = c + 0.08 + ((seed * (k + 5)) % 80) / 100;
      const size = 0.06 + ((seed + k * 13) % 4) * 0.02;
      rectM(g, x, r - size * 0.6, size * 1.6, size);
    }
  });
  g.fill(look.topDecor);
}

/**
 * World 3's sky: small dim stars in about one open cell in six, a few bright four-pointed ones,
 * and icicles under overhangs. The night itself is the clear colour.
 */
export function drawNightSky(g: Graphics, grid: TileGrid, look: WorldLook): void {
  const { width: w, height: h } = grid;
  for (let r = 0; r < h; r++) {
    for (let c = 0; c < w; c++) {
      const k = cellHash(c, r);
      if (k % 6 === 0 && isOpen(grid, c, r)) rectM(g, c + ((k >>> 8) % 90) / 100, r + ((k >>> 16) % 90) / 100, 0.06, 0.06);
    }
  }
  g.fill(look.far);
  for (let r = 0; r < h; r++) {
    for (let c = 0; c < w; c++) {
      const k = cellHash(c, r);
      if (k % 53 !== 7 || !isOpen(grid, c, r)) continue;
      const x = c + 0.5;
      const y = r + 0.5;
      g.poly([x, y - 0.2, x + 0.04, y - 0.04, x + 0.2, y, x + 0.04, y + 0.04, x, y + 0.2, x - 0.04, y + 0.04, x - 0.2, y, x - 0.04, y - 0.04].map((v) => v * U));
    }
  }
  g.fill(look.farEdge);
  forEachUnderside(grid, (c, r, k) => {
    for (let i = 0; i < 2 + (k % 2); i++) {
      const x = c + 0.2 + i * 0.3 + ((k >>> (12 + i)) % 3) * 0.03;
      const len = 0.18 + ((k >>> (3 + i * 4)) % 5) * 0.07;
      g.poly([x - 0.05, r, x + 0.05, r, x, r + len].map((v) => v * U));
    }
  });
  g.fill(look.farHang);
}

/** World 3's tops: drifts of snow heaped on the lip, two per tile. */
export function drawSnow(g: Graphics, grid: TileGrid, look: WorldLook): void {
  forEachTop(grid, (c, r, seed) => {
    for (let k = 0; k < 2; k++) {
      const x = c + 0.25 + k * 0.5 + ((seed * (k + 3)) % 20) / 100 - 0.1;
      g.ellipse(x * U, r * U, (0.22 + ((seed + k) % 4) * 0.04) * U, (0.07 + ((seed + k * 7) % 3) * 0.025) * U);
    }
  });
  g.fill(look.topDecor);
}
