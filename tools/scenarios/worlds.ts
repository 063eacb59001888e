// Named worlds, shared by the tests, the tools (fuzz, tick-cost) and the bench: every builder is a
// pure function of its arguments, so a scenario named in a test or a tool is exactly reproducible
// (Box2D keeps its benchmark scenes in shared/ for the same reason). WorldDef builders end in Def;
// the few that return a built world say so.

import {
  Tile, createSimWorld, createTileGrid,
  type AnchorDef, type BoxDef, type PhysicsSettings, type RopeDef, type SimWorld, type WorldDef,
} from '../../src/sim';
import { gridFromRows, roomRows, setCell, solidRect } from './grids';

/** A world def on `rows` with players on the floor at feet (p1x, floorY), (p2x, floorY). */
export function defOnRows(
  rows: string[], p1x: number, p2x: number, floorY: number,
  extra: { anchors?: AnchorDef[]; boxes?: BoxDef[]; ropes?: RopeDef[]; tetherLength?: number; physics?: WorldDef['physics'] } = {},
): WorldDef {
  return {
    grid: gridFromRows(rows),
    spawns: [{ x: p1x, y: floorY }, { x: p2x, y: floorY }],
    goal: { x: 0, y: 0, w: 1, h: 1 },
    tether: { length: extra.tetherLength ?? 8, segments: 16 },
    anchors: extra.anchors,
    boxes: extra.boxes,
    ropes: extra.ropes,
    physics: extra.physics,
  };
}

/**
 * "Rope yard": a 48 x 22 room with its floor at y = 18 and a one-tile-thick platform at row 9,
 * x 26..33. Players start at x = 6 and 9. Things to run into, left to right:
 *   box 0 (1 x 1, 20 kg) hangs from anchor 0 on a 3.5 m rope at player height (x = 13): bump it;
 *   box 1 (0.8 x 0.8, 8 kg) lies on the floor at x = 17, tied by a 4 m rope to box 0's side;
 *   box 2 (1.2 x 1.2, 60 kg) hangs from anchor 1 (x = 22) on a rope that snaps at 1800 N: it is
 *     laid out slack and sideways, so it falls, jerks the rope taut and breaks it early in a run;
 *   anchor 2 -> anchor 3: a 7 m rope draped over the platform (span 6 m);
 *   anchor 2: a 3 m rope with a free end hanging down, swinging over the platform's edge;
 *   box 3 (1 x 1, spiked, 10 kg) on the floor at x = 40: touching it restarts the level.
 * Its ropes bend round tile corners (physics.ropeWrap), as every campaign level's do: without it a
 * rope tied at both ends keeps its length before staying out of the stone, and the long fuzz found
 * the crate-to-crate rope dragged 28 cm into the floor.
 */
export function ropeYardDef(): WorldDef {
  const rows = roomRows(48, 22, 18);
  for (let c = 26; c <= 33; c++) setCell(rows, c, 9, '#');
  return defOnRows(rows, 6, 9, 18, {
    anchors: [{ x: 13, y: 12 }, { x: 22, y: 6 }, { x: 25, y: 5 }, { x: 31, y: 5 }],
    boxes: [
      { x: 13, y: 16, w: 1, h: 1, mass: 20 },
      { x: 17, y: 17.5, w: 0.8, h: 0.8, mass: 8 },
      { x: 19, y: 9, w: 1.2, h: 1.2, mass: 60 },
      { x: 40, y: 17.5, w: 1, h: 1, mass: 10, isSpiked: true },
    ],
    ropes: [
      { a: { kind: 'anchor', anchor: 0 }, b: { kind: 'box', box: 0, x: 0, y: -0.5 }, length: 3.5, segments: 10 },
      { a: { kind: 'box', box: 0, x: 0.5, y: 0 }, b: { kind: 'box', box: 1, x: -0.4, y: 0 }, length: 4, segments: 10 },
      { a: { kind: 'anchor', anchor: 1 }, b: { kind: 'box', box: 2, x: 0, y: -0.6 }, length: 6, segments: 12, breakTension: 1800 },
      { a: { kind: 'anchor', anchor: 2 }, b: { kind: 'anchor', anchor: 3 }, length: 7, segments: 14 },
      { a: { kind: 'anchor', anchor: 2 }, b: { kind: 'free' }, length: 3, segments: 8 },
    ],
    physics: { ropeWrap: true },
  });
}


/**
 * A lab: a `width` x `height` room whose rows from `floorRow` down are solid, plus `solids`
 * ([col, row] cells). The players stand on the floor at x = 1.5 and 3 on a 2 m tether, out of the way.
 */
export function labDef(opts: {
  width?: number; height?: number; floorRow?: number; solids?: Array<[number, number]>;
  anchors?: AnchorDef[]; boxes?: BoxDef[]; ropes?: RopeDef[]; physics?: WorldDef['physics'];
} = {}): WorldDef {
  const width = opts.width ?? 40;
  const height = opts.height ?? 24;
  const floorRow = opts.floorRow ?? height - 2;
  const rows = roomRows(width, height, floorRow);
  for (const [c, r] of opts.solids ?? []) setCell(rows, c, r, '#');
  return defOnRows(rows, 1.5, 3, floorRow, {
    anchors: opts.anchors, boxes: opts.boxes, ropes: opts.ropes, physics: opts.physics, tetherLength: 2,
  });
}

// ---- Named worlds of tests/unit/robustness.test.ts --------------------------------------------

/** Removes every solid tile from row `fromRow` down (open air under a thin floor). */
function openBelow(def: WorldDef, fromRow: number): WorldDef {
  const { grid } = def;
  for (let r = fromRow; r < grid.height; r++) grid.cells.fill(Tile.Empty, r * grid.width, (r + 1) * grid.width);
  return def;
}

/**
 * "Thin floor": a 40 x 20 room whose floor is ONE tile thick (row 12, surface y = 12, underside
 * y = 13) with open air below it. Anchor 0 at (20, 8) holds a 6 m rope with a free end (20
 * segments); anchor 1 at (30, 7) holds a 0.6 m, 5 kg box on a 3 m rope (12 segments).
 */
export function thinFloorDef(): WorldDef {
  return openBelow(labDef({
    width: 40, height: 20, floorRow: 12,
    anchors: [{ x: 20, y: 8 }, { x: 30, y: 7 }],
    boxes: [{ x: 30, y: 10.3, w: 0.6, h: 0.6, mass: 5 }],
    ropes: [
      { a: { kind: 'anchor', anchor: 0 }, b: { kind: 'free' }, length: 6, segments: 20 },
      { a: { kind: 'anchor', anchor: 1 }, b: { kind: 'box', box: 0, x: 0, y: -0.3 }, length: 3, segments: 12 },
    ],
  }), 13);
}

/**
 * "Thin wall": a 40 x 30 room with a one-tile floor (row 22, open below) and a one-tile wall
 * (column 20, rows 0..21). One 1 x 1, 20 kg box at `box` (centre).
 */
export function thinWallDef(box: { x: number; y: number }): WorldDef {
  return openBelow(labDef({
    width: 40, height: 30, floorRow: 22, solids: solidRect(20, 0, 20, 21),
    boxes: [{ x: box.x, y: box.y, w: 1, h: 1, mass: 20 }],
  }), 23);
}

/**
 * "Shelf snag": anchor at (10, 5); a shelf of solid cells (11..13, 8) below and right of it; a
 * 50 kg, 0.6 m box on an 8 m rope (24 segments) starts beside the shelf at (14.5, 10). Air drag 1.5/s
 * so the pendulum settles. The test lays the rope over the shelf (see {@link shelfSnagPath}).
 */
export function shelfSnagDef(): WorldDef {
  return labDef({
    solids: solidRect(11, 8, 13, 8), anchors: [{ x: 10, y: 5 }],
    boxes: [{ x: 14.5, y: 10, w: 0.6, h: 0.6, mass: 50 }],
    ropes: [{ a: { kind: 'anchor', anchor: 0 }, b: { kind: 'box', box: 0, x: 0, y: -0.3 }, length: 8, segments: 24 }],
    physics: { airDrag: 1.5 },
  });
}
/** Anchor -> onto the shelf's left end -> along its top -> over its right corner -> down to the box. */
export const shelfSnagPath: ReadonlyArray<readonly [number, number]> = [[10, 5], [11, 7.94], [14, 7.94], [14.5, 9.7]];

/**
 * "Ledge snag": a ledge (columns 0..9, rows 16..21, top y = 16) above a floor at y = 22. Player 1
 * stands at the ledge's edge (x = 9.6), player 2 below at x = 11, on a 10 m tether that drapes
 * over the ledge's corner.
 */
export function ledgeSnagDef(): WorldDef {
  const rows: string[] = [];
  for (let r = 0; r < 24; r++) rows.push(r >= 22 ? '#'.repeat(40) : r >= 16 ? '#'.repeat(10) + '.'.repeat(30) : '.'.repeat(40));
  const def = defOnRows(rows, 9.6, 11, 22, { tetherLength: 10 });
  return { ...def, spawns: [{ x: 9.6, y: 16 }, { x: 11, y: 22 }] };
}

/** "Floor slide": a 4 m rope with both ends free (16 segments) in the 40 x 24 lab (floor surface y = 22). */
export function floorSlideDef(): WorldDef {
  return labDef({ ropes: [{ a: { kind: 'free' }, b: { kind: 'free' }, length: 4, segments: 16 }] });
}

/**
 * "Drapes": in the 40 x 24 lab (floor y = 22), a ledge of columns 25..39 from row 10 (top y = 10,
 * left face x = 25) with anchor 0 on it at (30, 9.94) holding a 7 m free-ended rope (rope 0: the
 * test lays it along the top so 2 m hang over the edge); and a block of columns 10..14, rows
 * 18..21 (top y = 18) with anchors 1 and 2 on it at (10.5, 17.94) and (13.5, 17.94) joined by a
 * 3.6 m rope (rope 1) that falls onto the block.
 */
export function drapesDef(): WorldDef {
  return labDef({
    solids: [...solidRect(25, 10, 39, 21), ...solidRect(10, 18, 14, 21)],
    anchors: [{ x: 30, y: 9.94 }, { x: 10.5, y: 17.94 }, { x: 13.5, y: 17.94 }],
    ropes: [
      { a: { kind: 'anchor', anchor: 0 }, b: { kind: 'free' }, length: 7, segments: 21 },
      { a: { kind: 'anchor', anchor: 1 }, b: { kind: 'anchor', anchor: 2 }, length: 3.6, segments: 12 },
    ],
  });
}

/**
 * "Degenerate": in the 40 x 24 lab, a 3 x 3 solid block (columns 20..22, rows 8..10) and a 4 x 3
 * one on the floor (columns 30..33, rows 19..21).
 *   rope 0: anchor (10, 10), free end, 3 m / 12 segments: the test piles all particles on the anchor;
 *   rope 1: anchor (14, 10), free end, 1 m in ONE segment;
 *   rope 2: anchor (14, 10) to box 2's centre, 2 m in ONE segment;
 *   rope 3: anchor (21.5, 9.5) INSIDE the 3 x 3 block, free end, 4 m / 12 segments;
 *   rope 4: both ends free, 2 m / 8 segments: the test piles all particles on one point (16, 12);
 *   box 0: 1 x 1 made at the centre of the 3 x 3 block (entirely inside it);
 *   box 1: 1 x 1 made half inside the 4 x 3 block (centre (30.2, 20.5));
 *   box 2: 0.8 x 0.8 at (26, 15), hanging from rope 2.
 */
export function degenerateDef(): WorldDef {
  return labDef({
    solids: [...solidRect(20, 8, 22, 10), ...solidRect(30, 19, 33, 21)],
    anchors: [{ x: 10, y: 10 }, { x: 14, y: 10 }, { x: 21.5, y: 9.5 }],
    boxes: [
      { x: 21.5, y: 9.5, w: 1, h: 1, mass: 10 },
      { x: 30.2, y: 20.5, w: 1, h: 1, mass: 10 },
      { x: 26, y: 15, w: 0.8, h: 0.8, mass: 5 },
    ],
    ropes: [
      { a: { kind: 'anchor', anchor: 0 }, b: { kind: 'free' }, length: 3, segments: 12 },
      { a: { kind: 'anchor', anchor: 1 }, b: { kind: 'free' }, length: 1, segments: 1 },
      { a: { kind: 'anchor', anchor: 1 }, b: { kind: 'box', box: 2, x: 0, y: 0 }, length: 2, segments: 1 },
      { a: { kind: 'anchor', anchor: 2 }, b: { kind: 'free' }, length: 4, segments: 12 },
      { a: { kind: 'free' }, b: { kind: 'free' }, length: 2, segments: 8 },
    ],
  });
}

/**
 * "Stress": a 64 x 30 room (floor y = 28) full of ropes and boxes, for tools/tick-cost.ts: 24
 * anchors along y = 4 at x = 8, 10, ..., 54. Each holds a box (0.8 m, 10..33 kg) on a 6 m rope
 * (16 segments) laid out sideways so they all swing; every 3rd of those ropes snaps at 4000 N.
 * Neighbouring anchors are joined by 3 m ropes (12 segments, sagging; 23 of them); every anchor
 * also holds a 4 m free-ended rope (12 segments); neighbouring boxes are tied by 2.5 m ropes (10
 * segments; 12 of them). 83 ropes, 24 boxes in all, plus the players and their tether.
 */
export function stressDef(): WorldDef {
  const anchors: AnchorDef[] = [];
  const boxes: BoxDef[] = [];
  const ropes: RopeDef[] = [];
  for (let k = 0; k < 24; k++) {
    anchors.push({ x: 8 + 2 * k, y: 4 });
    boxes.push({ x: 8 + 2 * k + (k % 2 === 0 ? 4 : -4), y: 8, w: 0.8, h: 0.8, mass: 10 + k });
    ropes.push({
      a: { kind: 'anchor', anchor: k }, b: { kind: 'box', box: k, x: 0, y: -0.4 }, length: 6, segments: 16,
      breakTension: k % 3 === 0 ? 4000 : undefined,
    });
  }
  for (let k = 0; k + 1 < 24; k++) ropes.push({ a: { kind: 'anchor', anchor: k }, b: { kind: 'anchor', anchor: k + 1 }, length: 3, segments: 12 });
  for (let k = 0; k < 24; k++) ropes.push({ a: { kind: 'anchor', anchor: k }, b: { kind: 'free' }, length: 4, segments: 12 });
  for (let k = 0; k + 1 < 24; k += 2) {
    ropes.push({ a: { kind: 'box', box: k, x: 0.4, y: 0 }, b: { kind: 'box', box: k + 1, x: -0.4, y: 0 }, length: 2.5, segments: 10 });
  }
  return defOnRows(roomRows(64, 30, 28), 3, 5, 28, { anchors, boxes, ropes });
}

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

/** Physical-truth settings: real gravity, no rope damping, no air drag. */
export const TRUTH_PHYSICS: Partial<PhysicsSettings> = { gravity: 9.81, ropeDamping: 0, airDrag: 0 };

export interface LabOptions {
  anchors?: AnchorDef[];
  boxes?: BoxDef[];
  ropes?: RopeDef[];
  physics?: Partial<PhysicsSettings>;
  /** Grid width and height in tiles (the bottom row is solid floor). */
  width?: number;
  height?: number;
  /** Extra solid cells [col, row]. */
  solids?: Array<[number, number]>;
  /** Feet x of player 1 and player 2 on the floor (default 1.5 and 3), and the tether length (default 2 m). */
  spawnX?: [number, number];
  tetherLength?: number;
}

/**
 * A lab: an open room (default 80 x 40 tiles) whose bottom row is solid; the floor's surface is at
 * y = height - 1. The players stand on it at x = 1.5 and 3 (a 2 m tether), far from anything else,
 * unless `spawnX` puts them somewhere else.
 */
export function labWorld(opts: LabOptions = {}): SimWorld {
  const width = opts.width ?? 80;
  const height = opts.height ?? 40;
  const grid = createTileGrid(width, height);
  for (let c = 0; c < width; c++) grid.cells[(height - 1) * width + c] = Tile.Solid;
  for (const [c, r] of opts.solids ?? []) grid.cells[r * width + c] = Tile.Solid;
  return createSimWorld({
    grid,
    spawns: [{ x: opts.spawnX?.[0] ?? 1.5, y: height - 1 }, { x: opts.spawnX?.[1] ?? 3, y: height - 1 }],
    goal: { x: width - 2, y: 0, w: 1, h: 1 },
    tether: { length: opts.tetherLength ?? 2, segments: 4 },
    anchors: opts.anchors,
    boxes: opts.boxes,
    ropes: opts.ropes,
    physics: opts.physics,
  });
}
