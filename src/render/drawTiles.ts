// Static level art, built once per level into Graphics (positions in metres, drawn in units.ts units):
// solid tiles with a light top edge where something can stand, one-way planks, the side walls the
// sim treats as solid, and the goal, in the colours and with the far layer of the level's world
// (worldLooks.ts). Horizontal runs are merged so a level is a few hundred shapes.

import type { Graphics } from 'pixi.js';
import { SPIKE_HEIGHT, Tile, tileAt, type TileGrid, type Rect } from '../sim';
import { palette } from './palette';
import { CM_PER_M as U } from './units';
import { rectM } from './worldLayers';
import type { WorldLook } from './worldLooks';

/** How far the drawn side walls reach beyond the grid, m (the sim's walls are endless). */
const WALL_REACH = 40;
const EDGE = 0.06;
const TOP_EDGE = 0.12;
/** Shadowed sides and undersides of solid blocks, m. */
const SIDE = 0.1;
/** One-way planks fill only the top of their cell, like the surface the sim collides with. */
const PLANK = 0.2;
/** Spikes per tile, drawn as the part of the cell that kills (the sim's SPIKE_HEIGHT). */
const SPIKES_PER_TILE = 4;

export function drawTiles(g: Graphics, grid: TileGrid, look: WorldLook): void {
  g.clear();
  const { width: w, height: h } = grid;
  // No backdrop quad: the renderer's clear colour is the sky. A full-screen quad costs ~60 ms per
  // frame under headless Chromium's software GL, while the clear is free.
  look.drawFar(g, grid, look);

  // Outside the grid, columns are solid at every height (tileAt): show them as walls.
  rectM(g, -WALL_REACH, -WALL_REACH, WALL_REACH, h + 2 * WALL_REACH);
  rectM(g, w, -WALL_REACH, WALL_REACH, h + 2 * WALL_REACH);
  g.fill(look.wallFill);
  rectM(g, -EDGE, -WALL_REACH, EDGE, h + 2 * WALL_REACH);
  rectM(g, w, -WALL_REACH, EDGE, h + 2 * WALL_REACH);
  g.fill(look.solidTop);

  for (let r = 0; r < h; r++) {
    forEachRun(grid, r, Tile.Solid, (c0, c1) => rectM(g, c0, r, c1 - c0, 1));
  }
  g.fill(look.solidFill);

  // The world's mortar lines in every solid cell, so big masses of solid read as built blocks
  // rather than flat paint, and the 1 m scale shows inside them too. A line across the whole cell
  // (x 0, w 1) runs on into the next: one rect per run of solid cells instead of one per cell.
  const { mortar } = look;
  const isAcross = (i: number): boolean => mortar[i] === 0 && mortar[i + 2] === 1;
  for (let r = 0; r < h; r++) {
    forEachRun(grid, r, Tile.Solid, (c0, c1) => {
      for (let i = 0; i < mortar.length; i += 4) if (isAcross(i)) rectM(g, c0, r + mortar[i + 1], c1 - c0, mortar[i + 3]);
    });
    for (let c = 0; c < w; c++) {
      if (tileAt(grid, c, r) !== Tile.Solid) continue;
      for (let i = 0; i < mortar.length; i += 4) if (!isAcross(i)) rectM(g, c + mortar[i], r + mortar[i + 1], mortar[i + 2], mortar[i + 3]);
    }
  }
  g.fill(look.solidMortar);

  // Edges where solid meets open space: sides and undersides in shadow; the top lip is the one
  // players stand on, so it is brighter, wraps a little way down outer corners, and carries the
  // world's decoration (moss, grit, snow).
  for (let r = 0; r < h; r++) {
    for (let c = 0; c < w; c++) {
      if (tileAt(grid, c, r) !== Tile.Solid) continue;
      if (tileAt(grid, c - 1, r) !== Tile.Solid) rectM(g, c, r, SIDE, 1);
      if (tileAt(grid, c + 1, r) !== Tile.Solid) rectM(g, c + 1 - SIDE, r, SIDE, 1);
      if (r + 1 < h && tileAt(grid, c, r + 1) !== Tile.Solid) rectM(g, c, r + 1 - SIDE, 1, SIDE);
    }
  }
  g.fill(look.solidEdge);
  for (let r = 0; r < h; r++) {
    for (let c = 0; c < w; c++) {
      if (tileAt(grid, c, r) !== Tile.Solid || tileAt(grid, c, r - 1) === Tile.Solid) continue;
      rectM(g, c, r, 1, TOP_EDGE);
      if (tileAt(grid, c - 1, r) !== Tile.Solid) rectM(g, c, r, EDGE, 0.3);
      if (tileAt(grid, c + 1, r) !== Tile.Solid) rectM(g, c + 1 - EDGE, r, EDGE, 0.3);
    }
  }
  g.fill(look.solidTop);
  look.drawTops(g, grid, look);

  for (let r = 0; r < h; r++) {
    forEachRun(grid, r, Tile.OneWay, (c0, c1) => {
      g.roundRect((c0 + 0.02) * U, r * U, (c1 - c0 - 0.04) * U, PLANK * U, 0.05 * U).fill(look.plank);
      rectM(g, c0 + 0.06, r + PLANK - 0.05, c1 - c0 - 0.12, 0.05).fill(look.plankShade);
      // Board joints, one per cell, so a run still reads as tiles.
      for (let c = c0 + 1; c < c1; c++) rectM(g, c - 0.015, r, 0.03, PLANK);
      if (c1 - c0 > 1) g.fill(look.plankShade);
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

/**
 * The goal: a translucent area with an open doorway on its floor and a flag beside it. The "GOAL"
 * text is a separate label.
 */
export function drawGoal(g: Graphics, goal: Rect): void {
  g.clear();
  // Batched with the shapes drawn next to it, not a draw call of its own (see drawBoxes.ts).
  g.context.batchMode = 'batch';
  const bottom = goal.y + goal.h;
  // The goal's area as light spilling from the doorway over the floor, not an outlined box: a
  // glow on the ground the width of the goal, brightest at the door, and its two ends marked by
  // short posts, so players still see where the goal begins.
  for (let i = 0; i < 3; i++) {
    const inset = i * goal.w * 0.16;
    rectM(g, goal.x + inset, bottom - 0.08 - i * 0.05, goal.w - 2 * inset, 0.08 + i * 0.05)
      .fill({ color: palette.goalLight, alpha: 0.16 + i * 0.1 });
  }
  rectM(g, goal.x, bottom - 0.5, 0.08, 0.5).fill(palette.goal);
  rectM(g, goal.x + goal.w - 0.08, bottom - 0.5, 0.08, 0.5).fill(palette.goal);
  // Doorway in the middle: a stone frame, a warm light inside, a step at the threshold.
  const doorW = Math.min(1.2, goal.w * 0.5);
  const doorH = Math.min(2, goal.h * 0.85);
  const dx = goal.x + goal.w / 2 - doorW / 2;
  const dy = bottom - doorH;
  g.roundRect((dx - 0.12) * U, (dy - 0.12) * U, (doorW + 0.24) * U, (doorH + 0.12) * U, (doorW / 2 + 0.12) * U)
    .fill(palette.goalFrame);
  g.roundRect(dx * U, dy * U, doorW * U, doorH * U, (doorW / 2) * U).fill(palette.goalDoor);
  g.roundRect((dx + 0.12) * U, (dy + 0.2) * U, (doorW - 0.24) * U, (doorH - 0.2) * U, ((doorW - 0.24) / 2) * U)
    .fill(palette.goalLight);
  rectM(g, dx - 0.2, bottom - 0.1, doorW + 0.4, 0.1).fill(palette.goalFrame);
  // Flag toward the far side, so players standing in the middle of the goal do not hide it, its
  // cloth (0.9 m) inside the goal: a goal reaching a wall would push it into the stone.
  const poleX = Math.min(goal.x + goal.w * 0.86, goal.x + goal.w - 1);
  const top = bottom - Math.min(2.2, goal.h * 0.9);
  rectM(g, poleX - 0.04, top, 0.08, bottom - top).fill(palette.flagPole);
  g.circle(poleX * U, top * U, 0.08 * U).fill(palette.flagPole);
  g.moveTo((poleX + 0.04) * U, top * U).lineTo((poleX + 0.9) * U, (top + 0.15) * U)
    .lineTo((poleX + 0.75) * U, (top + 0.3) * U).lineTo((poleX + 0.9) * U, (top + 0.5) * U)
    .lineTo((poleX + 0.04) * U, (top + 0.6) * U).closePath().fill(palette.goal);
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
