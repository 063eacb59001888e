// Named little worlds built from ASCII maps, shared by the unit tests.
import { readFileSync } from 'node:fs';
import { parseLevel } from '../../src/level/parseLevel';
import { Tile, createSimWorld, createTileGrid, step, type ButtonMask, type SimWorld, type WorldDef } from '../../src/sim';

/** Builds a world from rows ('#' solid, '=' one-way, '.' empty); spawns are feet positions. */
export function worldFromMap(
  rows: string[], p1: { x: number; y: number }, p2: { x: number; y: number },
  tetherLength = 8, physics: WorldDef['physics'] = {},
): SimWorld {
  const grid = createTileGrid(rows[0].length, rows.length);
  rows.forEach((row, r) => {
    for (let c = 0; c < row.length; c++) grid.cells[r * row.length + c] = row[c] === '#' ? Tile.Solid : row[c] === '=' ? Tile.OneWay : Tile.Empty;
  });
  return createSimWorld({ grid, spawns: [p1, p2], goal: { x: 0, y: 0, w: 1, h: 1 }, tether: { length: tetherLength, segments: 16 }, physics });
}

/** A flat floor 40 tiles wide with its surface at y = 10. */
export function flatWorld(p1x = 5, p2x = 8, tetherLength = 8): SimWorld {
  const rows: string[] = [];
  for (let r = 0; r < 14; r++) rows.push(r >= 10 ? '#'.repeat(40) : '.'.repeat(40));
  return worldFromMap(rows, { x: p1x, y: 10 }, { x: p2x, y: 10 }, tetherLength);
}

/** A ledge: a 1-tile overhang at y = 10 for x < 12 (solid below only for x < 3), then open air. */
export function ledgeWorld(p1x: number, p2x: number, tetherLength = 6): SimWorld {
  const rows: string[] = [];
  for (let r = 0; r < 30; r++) {
    rows.push(r === 10 ? '#'.repeat(12) + '.'.repeat(28) : r > 10 ? '###' + '.'.repeat(37) : '.'.repeat(40));
  }
  return worldFromMap(rows, { x: p1x, y: 10 }, { x: p2x, y: 10 }, tetherLength);
}

export function loadBuiltInLevel(file = 'levels/03-first-gap.json'): WorldDef {
  const result = parseLevel(readFileSync(file, 'utf8'));
  if (!result.ok) throw new Error(result.errors.join('\n'));
  return result.def;
}

/** Steps `ticks` times with fixed buttons per player. */
export function run(world: SimWorld, ticks: number, p1: ButtonMask, p2: ButtonMask = 0): void {
  const inputs = [p1, p2];
  for (let t = 0; t < ticks; t++) step(world, inputs);
}

export function separation(world: SimWorld): number {
  const [a, b] = world.queries.players.dense;
  return Math.sqrt((world.body.x[a] - world.body.x[b]) ** 2 + (world.body.y[a] - world.body.y[b]) ** 2);
}

/** Deterministic pseudo-random numbers for tests (mulberry32). */
export function seededRandom(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
