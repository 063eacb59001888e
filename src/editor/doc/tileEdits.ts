// Tile edits: paint cells, paint a rectangle, resize the grid on any side. Resizing keeps every
// entity where it is in the world (adding columns on the left shifts all coordinates right) and
// says first what would end up outside, so the editor can warn before anything is lost.

import { MAX_HEIGHT, MAX_WIDTH } from '../../level/levelSchema';
import { deleteEntities, shiftEntity } from './entityEdits';
import { entityBounds, listEntities } from './entityQueries';
import type { EntityRef, LevelFile, TileChar } from './levelTypes';

export interface Cell { col: number; row: number }

/** Sets these cells to `tile`; cells outside the grid are ignored. Returns `level` itself when nothing changed. */
export function paintCells(level: LevelFile, cells: Iterable<Cell>, tile: TileChar): LevelFile {
  const rows = [...level.tiles];
  const width = rows[0]?.length ?? 0;
  const byRow = new Map<number, number[]>();
  for (const { col, row } of cells) {
    if (row < 0 || row >= rows.length || col < 0 || col >= width || rows[row][col] === tile) continue;
    const list = byRow.get(row) ?? [];
    list.push(col);
    byRow.set(row, list);
  }
  if (byRow.size === 0) return level;
  for (const [row, cols] of byRow) {
    const chars = rows[row].split('');
    for (const col of cols) chars[col] = tile;
    rows[row] = chars.join('');
  }
  return { ...level, tiles: rows };
}

/** Fills the rectangle between two corner cells (inclusive, any order) with `tile`. */
export function paintRect(level: LevelFile, from: Cell, to: Cell, tile: TileChar): LevelFile {
  const cells: Cell[] = [];
  for (let row = Math.min(from.row, to.row); row <= Math.max(from.row, to.row); row++) {
    for (let col = Math.min(from.col, to.col); col <= Math.max(from.col, to.col); col++) cells.push({ col, row });
  }
  return paintCells(level, cells, tile);
}

/** Tiles added (positive) or removed (negative) on each side. */
export interface GridResize { left: number; right: number; top: number; bottom: number }

export interface ResizePreview {
  /** Width and height after the resize, in tiles. */
  width: number;
  height: number;
  /** Why the resize cannot be done (a grid of 2x2 to 512x256 tiles), or null. */
  error: string | null;
  /** Non-empty tiles cut off. */
  lostTiles: number;
  /** Entities that would end up (partly) outside the grid, and the ropes tied to them: the resize removes them all. */
  lostEntities: EntityRef[];
  /** Spawns and the goal outside the grid: they are kept (a level needs them) and validation flags them. */
  outsideRequired: EntityRef[];
}

/** What `resizeGrid` would do, for a warning before it is done. */
export function previewResize(level: LevelFile, d: GridResize): ResizePreview {
  const oldW = level.tiles[0]?.length ?? 0;
  const oldH = level.tiles.length;
  const width = oldW + d.left + d.right;
  const height = oldH + d.top + d.bottom;
  const error = width < 2 || width > MAX_WIDTH || height < 2 || height > MAX_HEIGHT
    ? `the grid must be 2 to ${MAX_WIDTH} tiles wide and 2 to ${MAX_HEIGHT} high (this would be ${width}x${height})`
    : null;
  let lostTiles = 0;
  level.tiles.forEach((row, r) => {
    for (let c = 0; c < row.length; c++) {
      const kept = r + d.top >= 0 && r + d.top < height && c + d.left >= 0 && c + d.left < width;
      if (!kept && row[c] !== '.') lostTiles++;
    }
  });
  const lostEntities: EntityRef[] = [];
  const outsideRequired: EntityRef[] = [];
  for (const ref of listEntities(level)) {
    const b = entityBounds(level, ref);
    if (!b) continue;
    const inside = b.x0 + d.left >= 0 && b.y0 + d.top >= 0 && b.x1 + d.left <= width && b.y1 + d.top <= height;
    if (inside) continue;
    (ref.kind === 'spawn' || ref.kind === 'goal' ? outsideRequired : lostEntities).push(ref);
  }
  // With them go the ropes tied to them: name those too, so the warning is the whole loss.
  const cascade = deleteEntities(level, lostEntities).removed;
  return { width, height, error, lostTiles, lostEntities: cascade, outsideRequired };
}

/**
 * The level with `d` tiles added (or removed, negative) on each side; everything keeps its place in
 * the world. Entities that would be outside are removed (with the ropes tied to them): call
 * previewResize first to warn. Returns `level` unchanged when the size would be out of bounds.
 */
export function resizeGrid(level: LevelFile, d: GridResize): LevelFile {
  const preview = previewResize(level, d);
  if (preview.error || (d.left === 0 && d.right === 0 && d.top === 0 && d.bottom === 0)) return level;
  const empty = '.'.repeat(preview.width);
  const tiles: string[] = [];
  for (let r = 0; r < preview.height; r++) {
    const src = level.tiles[r - d.top];
    if (src === undefined) { tiles.push(empty); continue; }
    const left = d.left >= 0 ? '.'.repeat(d.left) + src : src.slice(-d.left);
    const row = d.right >= 0 ? left + '.'.repeat(d.right) : left.slice(0, left.length + d.right);
    tiles.push(row.length === preview.width ? row : row.slice(0, preview.width));
  }
  let next: LevelFile = deleteEntities({ ...level, tiles }, preview.lostEntities).level;
  if (d.left !== 0 || d.top !== 0) {
    for (const ref of listEntities(next)) next = shiftEntity(next, ref, d.left, d.top);
  }
  return next;
}
