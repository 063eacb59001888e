// The draft as the game will start it, for drawing while editing: a sim world built from the level
// JSON even when the level has problems (a rope too short, a box in a wall), so the designer sees
// what they are fixing. The parts that pass the schema are built the way parseLevel builds them
// (levelParts + buildEntities: ropes hang as the sim lays them out); the messages are dropped here
// because the problem list shows the real parser's. Rejected: drawing only valid levels (an empty
// level, or any level mid-edit, would vanish) and a second drawing of entities apart from src/render.

import * as v from 'valibot';
import { MAX_GEMS, Tile, createSimWorld, createTileGrid, resolvePhysicsSettings, type SimWorld, type TileGrid, type WorldDef } from '../../sim';
import { buildEntities } from '../../level/levelEntities';
import type { LevelCheck } from '../../level/levelCheck';
import { levelParts } from '../../level/levelParts';
import { levelSchema, type LevelFile } from '../../level/levelSchema';

const TILE_OF: Record<string, number> = { '#': Tile.Solid, '=': Tile.OneWay, '^': Tile.Spikes };

/** The tile rows as a grid (rows cut or padded to the first row's width). */
export function gridOf(tiles: readonly string[]): TileGrid {
  const width = Math.max(2, tiles[0]?.length ?? 2);
  const height = Math.max(2, tiles.length);
  const grid = createTileGrid(width, height);
  tiles.forEach((row, r) => {
    for (let c = 0; c < Math.min(width, row.length); c++) grid.cells[r * width + c] = TILE_OF[row[c]] ?? Tile.Empty;
  });
  return grid;
}

/** A world definition of as much of `level` as can be built; never throws for a level the editor made. */
export function previewDef(level: LevelFile): WorldDef {
  const grid = gridOf(level.tiles);
  const parsed = v.safeParse(levelSchema, level);
  const parts = levelParts(level as unknown as Record<string, unknown>, parsed.success ? undefined : parsed.issues);
  const settings = resolvePhysicsSettings(parts.hasFailed('physics') ? undefined : level.physics);
  const check: LevelCheck = { level: parts.level, parts, grid, settings, errors: [] };
  const spawnOf = (player: 1 | 2) => parts.level.spawns.find((s) => s.player === player) ?? { x: player, y: 1 };
  const p1 = spawnOf(1);
  const p2 = spawnOf(2);
  const half = { w: settings.playerHalfWidth, h: settings.playerHalfHeight };
  const centres = [p1, p2].map((s) => ({ x: s.x, y: s.y - half.h }));
  let entities: Pick<WorldDef, 'anchors' | 'boxes' | 'ropes' | 'platforms'> = {};
  try {
    entities = buildEntities(check, centres, half);
  } catch {
    // A half-made entity the checks did not expect: draw the level without entities this time.
  }
  const goal = parts.hasFailed('goal') ? { x: 0, y: 0, w: 1, h: 1 } : level.goal;
  const tether = parts.hasFailed('tether') ? { length: 4, segments: 8 } : level.tether;
  return {
    grid,
    spawns: [{ x: p1.x, y: p1.y }, { x: p2.x, y: p2.y }],
    goal: { x: goal.x, y: goal.y, w: goal.w, h: goal.h },
    tether: { length: tether.length, segments: tether.segments },
    ...entities,
    checkpoints: (parts.level.checkpoints ?? []).map((c) => ({
      area: { x: c.x, y: c.y, w: c.w, h: c.h }, spawns: [{ x: c.p1[0], y: c.p1[1] }, { x: c.p2[0], y: c.p2[1] }] as const,
    })),
    // Drawn wherever they are (even in a wall: the problem list says what is wrong), 16 at most.
    gems: (parts.level.gems ?? []).slice(0, MAX_GEMS).map((g) => ({ x: g.x, y: g.y })),
    physics: parts.hasFailed('physics') ? undefined : level.physics,
  };
}

/** The world to draw for `level`, or one of its tiles alone when the entities cannot be built. */
export function previewWorld(level: LevelFile): SimWorld {
  const def = previewDef(level);
  try {
    return createSimWorld(def);
  } catch {
    return createSimWorld({ grid: def.grid, spawns: def.spawns, goal: def.goal, tether: def.tether });
  }
}
