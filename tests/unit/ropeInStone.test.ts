// No rope in the stone (issue 14): scenes that each put a rope inside solid tiles before a fix.
// The tether laid out at a respawn between two players in an alcove bent half a rope deep into
// its floor or ceiling (Mine Shaft: 1.63 m); a ledge climb cleared the tether's pivots, so pulled
// taut it ran straight through the ledge (First Gap: 1.5 m).
import { describe, expect, it } from 'vitest';
import { Button, createSimWorld, playerEntity, resetLevel, step, traceRopePolyline, type SimWorld, type WorldDef } from '../../src/sim';
import { createTileGrid, Tile } from '../../src/sim/tileGrid';
import { pointDepth, segmentDepth } from '../../tools/scenarios/ropeDepth';

/**
 * Deepest any segment of rope r's polyline (its particles and the corners it bends round, as the
 * invariant measures it) lies in the stone now, and the deepest particle, m.
 */
function depthOf(world: SimWorld, r: number): { segment: number; particle: number } {
  const { particle, rope, grid } = world;
  let deepest = 0;
  for (let i = rope.first[r]; i < rope.first[r] + rope.count[r]; i++) deepest = Math.max(deepest, pointDepth(grid, particle.x[i], particle.y[i]));
  const line = traceRopePolyline(world, r);
  let segment = 0;
  for (let q = 0; q + 1 < line.count; q++) segment = Math.max(segment, segmentDepth(grid, line.x[q], line.y[q], line.x[q + 1], line.y[q + 1]));
  return { segment, particle: deepest };
}

function defFromRows(rows: string[], extra: Partial<WorldDef>): WorldDef {
  const grid = createTileGrid(rows[0].length, rows.length);
  rows.forEach((row, r) => {
    for (let c = 0; c < row.length; c++) grid.cells[r * row.length + c] = row[c] === '#' ? Tile.Solid : Tile.Empty;
  });
  return {
    grid, spawns: [{ x: 9, y: 10 }, { x: 10, y: 10 }], goal: { x: 0, y: 0, w: 1, h: 1 },
    tether: { length: 8, segments: 20 }, physics: { ropeWrap: true }, ...extra,
  };
}

/**
 * A 5 x 3 alcove (cells 1..5, rows 4..6) off a shaft, its floor and ceiling one tile thick: two
 * players standing in it 1.5 m apart on an 8 m tether have no room for a bend half a rope deep
 * either way. The spawns are down in the shaft; checkpoint 0 stands the players in the alcove.
 */
const ALCOVE = [
  '############',
  '#..........#',
  '#..........#',
  '######.....#',
  '#..........#',
  '#..........#',
  '#..........#',
  '######.....#',
  '#..........#',
  '#..........#',
  '############',
];

describe('the tether laid out between the players', () => {
  it('stays out of the stone when players respawn in an alcove too low for its bend', () => {
    const world = createSimWorld(defFromRows(ALCOVE, {
      checkpoints: [{ area: { x: 1, y: 4, w: 5, h: 3 }, spawns: [{ x: 2, y: 7 }, { x: 3.5, y: 7 }] }],
    }));
    world.rules.checkpoint[0] = 0;
    resetLevel(world);
    const r = world.tetherRope;
    const afterRespawn = depthOf(world, r);
    let worst = 0;
    for (let t = 0; t < 60; t++) {
      step(world, [0, 0]);
      worst = Math.max(worst, depthOf(world, r).segment);
    }
    console.log(`respawn in an alcove: tether ${(afterRespawn.segment * 100).toFixed(1)} cm into the stone after the respawn, ` +
      `${(worst * 100).toFixed(1)} cm at worst over the next second`);
    expect(afterRespawn.particle).toBe(0);
    expect(afterRespawn.segment).toBe(0);
    expect(worst).toBeLessThanOrEqual(0.06);
  });

  it('stays out of the stone when a level starts with the players in such an alcove', () => {
    const world = createSimWorld(defFromRows(ALCOVE, { spawns: [{ x: 2, y: 7 }, { x: 3.5, y: 7 }] }));
    const d = depthOf(world, world.tetherRope);
    expect(d.particle).toBe(0);
    expect(d.segment).toBe(0);
  });
});

/**
 * A 12 m wide, 5 m tall block (cells 10..21, rows 5..9) on the floor (surface y 10): P1 on the floor
 * left of it, P2 on its top, the tether (8 m) bent over its top-left corner (10, 5).
 */
const BLOCK = [
  ...Array.from({ length: 5 }, () => '.'.repeat(30)),
  ...Array.from({ length: 5 }, () => '.'.repeat(10) + '#'.repeat(12) + '.'.repeat(8)),
  ...Array.from({ length: 3 }, () => '#'.repeat(30)),
];

describe('the tether bent over a corner when a player jumps more than a metre (a ledge climb)', () => {
  it('keeps its pivot and, pulled taut, stays out of the block', () => {
    const world = createSimWorld(defFromRows(BLOCK, { spawns: [{ x: 8, y: 10 }, { x: 11.5, y: 5 }], tether: { length: 8, segments: 20 } }));
    const r = world.tetherRope;
    for (let t = 0; t < 30; t++) step(world, [0, 0]);
    expect(world.wrap.count[r]).toBe(1);
    // P2 put 1.2 m further along the top between two ticks, as a ledge climb moves a player.
    const p2 = playerEntity(world, 1);
    world.body.x[p2] += 1.2;
    world.body.prevX[p2] = world.body.lastX[p2] = world.body.x[p2];
    step(world, [0, 0]);
    expect(world.wrap.count[r]).toBe(1);
    expect(world.wrap.x[r * 8]).toBe(10);
    expect(world.wrap.y[r * 8]).toBe(5);
    // P2 walks away along the top and hauls P1 up the face: the tether is taut over the corner.
    let worst = 0;
    for (let t = 0; t < 120; t++) {
      step(world, [0, Button.Right]);
      worst = Math.max(worst, depthOf(world, r).segment);
    }
    console.log(`tether hauled over a corner after a 1.2 m jump: ${(worst * 100).toFixed(1)} cm into the stone at worst`);
    expect(worst).toBeLessThanOrEqual(0.06);
  });
});
