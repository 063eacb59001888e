// Static level art, built once per level into Graphics (positions in metres, drawn in units.ts units):
// solid tiles with a light top edge where something can stand, one-way planks, the side walls the
// sim treats as solid, and the goal. Horizontal runs are merged so a level is a few hundred shapes.

import type { Graphics } from 'pixi.js';
import { SPIKE_HEIGHT, Tile, tileAt, type TileGrid } from '../sim/tileGrid';
import type { Rect } from '../sim/world';
import { palette } from './palette';
import { CM_PER_M as U } from './units';

/** How far the drawn side walls reach beyond the grid, m (the sim's walls are endless). */
const WALL_REACH = 40;
const EDGE = 0.06;
const TOP_EDGE = 0.12;
/** One-way planks fill only the top of their cell, like the surface the sim collides with. */
const PLANK = 0.2;
/** Spikes per tile, drawn as the part of the cell that kills (the sim's SPIKE_HEIGHT). */
const SPIKES_PER_TILE = 4;

/** Adds a rectangle given in metres. */
function rectM(g: Graphics, x: number, y: number, w: number, h: number): Graphics {
  return g.rect(x * U, y * U, w * U, h * U);
}

export function drawTiles(g: Graphics, grid: TileGrid): void {
  g.clear();
  const { width: w, height: h } = grid;
  // No backdrop quad: the renderer's clear colour is the sky. A full-screen quad costs ~60 ms per
  // frame under headless Chromium's software GL, while the clear is free.
  // A faint tile grid over the level area instead: shows the level's extent and its 1 m scale.
  for (let c = 1; c < w; c++) rectM(g, c - 0.01, 0, 0.02, h);
  for (let r = 1; r < h; r++) rectM(g, 0, r - 0.01, w, 0.02);
  g.fill(palette.backdropGrid);

  // Outside the grid, columns are solid at every height (tileAt): show them as walls.
  rectM(g, -WALL_REACH, -WALL_REACH, WALL_REACH, h + 2 * WALL_REACH);
  rectM(g, w, -WALL_REACH, WALL_REACH, h + 2 * WALL_REACH);
  g.fill(palette.wallFill);
  rectM(g, -EDGE, -WALL_REACH, EDGE, h + 2 * WALL_REACH);
  rectM(g, w, -WALL_REACH, EDGE, h + 2 * WALL_REACH);
  g.fill(palette.solidTop);

  for (let r = 0; r < h; r++) {
    forEachRun(grid, r, Tile.Solid, (c0, c1) => rectM(g, c0, r, c1 - c0, 1));
  }
  g.fill(palette.solidFill);

  // Edges where solid meets open space; the top edge is the one players stand on, so it is brighter.
  for (let r = 0; r < h; r++) {
    for (let c = 0; c < w; c++) {
      if (tileAt(grid, c, r) !== Tile.Solid) continue;
      if (tileAt(grid, c - 1, r) !== Tile.Solid) rectM(g, c, r, EDGE, 1);
      if (tileAt(grid, c + 1, r) !== Tile.Solid) rectM(g, c + 1 - EDGE, r, EDGE, 1);
      if (r + 1 < h && tileAt(grid, c, r + 1) !== Tile.Solid) rectM(g, c, r + 1 - EDGE, 1, EDGE);
    }
  }
  g.fill(palette.solidEdge);
  for (let r = 0; r < h; r++) {
    for (let c = 0; c < w; c++) {
      if (tileAt(grid, c, r) === Tile.Solid && tileAt(grid, c, r - 1) !== Tile.Solid) rectM(g, c, r, 1, TOP_EDGE);
    }
  }
  g.fill(palette.solidTop);

  for (let r = 0; r < h; r++) {
    forEachRun(grid, r, Tile.OneWay, (c0, c1) => {
      g.roundRect((c0 + 0.02) * U, r * U, (c1 - c0 - 0.04) * U, PLANK * U, 0.05 * U).fill(palette.plank);
      rectM(g, c0 + 0.06, r + PLANK - 0.05, c1 - c0 - 0.12, 0.05).fill(palette.plankShade);
      // Board joints, one per cell, so a run still reads as tiles.
      for (let c = c0 + 1; c < c1; c++) rectM(g, c - 0.015, r, 0.03, PLANK);
      if (c1 - c0 > 1) g.fill(palette.plankShade);
    });
  }

  // Spikes: yellow teeth on a dark base in the bottom SPIKE_HEIGHT of the cell, like spiked boxes.
  for (let r = 0; r < h; r++) {
    forEachRun(grid, r, Tile.Spikes, (c0, c1) => {
      const bottom = r + 1;
      const top = bottom - SPIKE_HEIGHT;
      rectM(g, c0, bottom - 0.08, c1 - c0, 0.08).fill(palette.spikedCore);
      const pitch = 1 / SPIKES_PER_TILE;
      for (let x = c0; x < c1 - 1e-9; x += pitch) {
        g.poly([x + 0.02, bottom - 0.06, x + pitch / 2, top, x + pitch - 0.02, bottom - 0.06].map((v) => v * U));
      }
      g.fill(palette.spikes);
      for (let x = c0; x < c1 - 1e-9; x += pitch) {
        g.poly([x + pitch / 2, top, x + pitch - 0.02, bottom - 0.06, x + pitch / 2, bottom - 0.06].map((v) => v * U));
      }
      g.fill(palette.spikeEdge);
    });
  }
}

/** The goal: a translucent area with a flag on its floor. The "GOAL" text is a separate label. */
export function drawGoal(g: Graphics, goal: Rect): void {
  g.clear();
  rectM(g, goal.x, goal.y, goal.w, goal.h).fill({ color: palette.goal, alpha: 0.22 });
  rectM(g, goal.x, goal.y, goal.w, goal.h).stroke({ width: 0.06 * U, color: palette.goal, alpha: 0.9, alignment: 1 });
  // Flag toward the far side, so players standing in the middle of the goal do not hide it.
  const poleX = goal.x + goal.w * 0.75;
  const bottom = goal.y + goal.h;
  const top = bottom - Math.min(2.2, goal.h * 0.9);
  rectM(g, poleX - 0.04, top, 0.08, bottom - top).fill(palette.flagPole);
  g.poly([poleX + 0.04, top, poleX + 0.9, top + 0.3, poleX + 0.04, top + 0.6].map((v) => v * U)).fill(palette.goal);
}

/** Calls `visit(c0, c1)` for each maximal run of `kind` tiles in row `r` (columns c0 <= c < c1). */
function forEachRun(grid: TileGrid, r: number, kind: number, visit: (c0: number, c1: number) => void): void {
  let c = 0;
  while (c < grid.width) {
    if (tileAt(grid, c, r) !== kind) { c++; continue; }
    const c0 = c;
    while (c < grid.width && tileAt(grid, c, r) === kind) c++;
    visit(c0, c);
  }
}
