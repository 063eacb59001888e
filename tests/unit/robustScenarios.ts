// Named worlds and helpers for the robustness, determinism, property and golden tests, and for the
// long fuzz (tools/fuzz.ts) and the tick-cost tool. Every builder is a pure function of its
// arguments, so a scenario named in a test is exactly reproducible.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { parseLevel } from '../../src/level/parseLevel';
import type { SimWorld } from '../../src/sim';
import { bodyOverlapsSolid, Button, Tile, createTileGrid, tileAt, type TileGrid, type WorldDef, type RopeDef, type BoxDef, type AnchorDef } from '../../src/sim';
import { seededRandom } from './scenarios';
import { playerEntity, boxEntity } from '../../src/sim';

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
  });
}

/** Every levels/*.json that parses today, by file name (levels another helper is still writing are skipped). */
export function parsedLevels(dir = 'levels'): Array<{ file: string; def: WorldDef }> {
  if (!existsSync(dir)) return [];
  const out: Array<{ file: string; def: WorldDef }> = [];
  for (const name of readdirSync(dir).filter((n) => n.endsWith('.json')).sort()) {
    const parsed = parseLevel(readFileSync(`${dir}/${name}`, 'utf8'));
    if (parsed.ok) out.push({ file: `${dir}/${name}`, def: parsed.def });
  }
  return out;
}

/** One input phase: both players hold these masks for `hold` ticks. */
export interface InputPhase { p1: number; p2: number; hold: number }

/** Expands phases into per-tick [p1, p2] masks, at most `maxTicks` of them. */
export function expandPhases(phases: readonly InputPhase[], maxTicks = Infinity): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (const ph of phases) {
    for (let t = 0; t < ph.hold && out.length < maxTicks; t++) out.push([ph.p1, ph.p2]);
  }
  return out;
}

/** Deterministic pseudo-random numbers (mulberry32): the generator of scenarios.ts. */
export const mulberry32 = seededRandom;

/**
 * The fuzz input generator: each player holds a random button mask (all 5 buttons, any mix) for
 * 1..`maxHold` ticks, then picks again; the two players change independently. Writes into `out`.
 */
export function createInputFuzzer(seed: number, maxHold = 40): (out: number[]) => void {
  const rnd = mulberry32(seed);
  const left = [0, 0];
  return (out: number[]) => {
    for (let p = 0; p < 2; p++) {
      if (left[p] <= 0) {
        out[p] = Math.floor(rnd() * 32);
        left[p] = 1 + Math.floor(rnd() * maxHold);
      }
      left[p]--;
    }
  };
}

/**
 * Inputs for the rope yard that visit everything in it: for the first 700 ticks player 1 runs
 * right (random jumps and drops, never Left or Anchor) and player 2 never anchors, so the pair
 * bumps box 0, drags past the snapping rope and reaches the spiked box (the level restarts); after
 * that both players press anything ({@link createInputFuzzer}).
 */
export function createYardRunInputs(seed: number): (out: number[], tick: number) => void {
  const fuzz = createInputFuzzer(seed);
  return (out, tick) => {
    fuzz(out);
    if (tick < 700) {
      out[0] = (out[0] | Button.Right) & ~(Button.Left | Button.Anchor);
      out[1] &= ~Button.Anchor;
    }
  };
}

/** Worst values seen so far by {@link checkInvariants}. */
export interface InvariantStats {
  /** Largest segment length / rest length - 1 of any active rope (0.01 = 1 %). */
  worstStretch: number;
  /** Largest player separation / tether length - 1. */
  worstTetherExcess: number;
}

export const INVARIANT_LIMITS = { segmentStretch: 0.5, tetherExcess: 0.01 } as const;

/**
 * Checks the world after a tick: every body and active rope particle finite; no player overlapping
 * a solid tile; no box centre inside a solid tile; every active rope segment at most 1.5x its rest
 * length; the players no farther apart than the tether length + 1 %. Returns the first broken
 * invariant as a sentence, or null; updates `stats` with the worst values seen.
 */
export function checkInvariants(world: SimWorld, stats?: InvariantStats): string | null {
  const { body, particle: pool, rope, grid } = world;
  let problem: string | null = null;
  for (let k = 0; k < world.queries.players.dense.length; k++) {
    const e = playerEntity(world, k);
    if (!Number.isFinite(body.x[e] + body.y[e] + body.vx[e] + body.vy[e])) problem ??= `player ${k} not finite`;
    else if (bodyOverlapsSolid(grid, body, e)) problem ??= `player ${k} inside a solid tile at (${body.x[e]}, ${body.y[e]})`;
  }
  for (let k = 0; k < world.queries.boxes.dense.length; k++) {
    const e = boxEntity(world, k);
    const sum = body.x[e] + body.y[e] + body.vx[e] + body.vy[e] + body.rotC[e] + body.rotS[e] + body.omega[e];
    if (!Number.isFinite(sum)) problem ??= `box ${k} not finite`;
    else if (isSolidPoint(grid, body.x[e], body.y[e])) problem ??= `box ${k} centre inside a solid tile at (${body.x[e]}, ${body.y[e]})`;
  }
  let worstStretch = 0;
  for (let k = 0; k < world.queries.ropes.dense.length; k++) {
    const r = world.queries.ropes.dense[k];
    if (rope.isActive[r] === 0) continue;
    const first = rope.first[r];
    const last = first + rope.count[r] - 1;
    for (let i = first; i <= last; i++) {
      if (!Number.isFinite(pool.x[i] + pool.y[i])) { problem ??= `rope ${r} particle ${i - first} not finite`; continue; }
      if (i === last || pool.rest[i] <= 0) continue;
      const dx = pool.x[i + 1] - pool.x[i];
      const dy = pool.y[i + 1] - pool.y[i];
      const stretch = Math.sqrt(dx * dx + dy * dy) / pool.rest[i] - 1;
      if (stretch > worstStretch) worstStretch = stretch;
      if (stretch > INVARIANT_LIMITS.segmentStretch) problem ??= `rope ${r} segment ${i - first} stretched ${(stretch * 100).toFixed(1)} %`;
    }
  }
  const [a, b] = world.queries.players.dense;
  const sep = Math.sqrt((body.x[a] - body.x[b]) ** 2 + (body.y[a] - body.y[b]) ** 2);
  const excess = sep / world.tetherLength - 1;
  if (excess > INVARIANT_LIMITS.tetherExcess) problem ??= `players ${sep.toFixed(4)} m apart on a ${world.tetherLength} m tether`;
  if (stats) {
    if (worstStretch > stats.worstStretch) stats.worstStretch = worstStretch;
    if (excess > stats.worstTetherExcess) stats.worstTetherExcess = excess;
  }
  return problem;
}

/** True if (x, y) lies in a solid tile (the sim's rule: solid walls left and right of the grid). */
export function isSolidPoint(grid: TileGrid, x: number, y: number): boolean {
  return tileAt(grid, Math.floor(x), Math.floor(y)) === Tile.Solid;
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

/** Solid cells of the rectangle of columns c0..c1 and rows r0..r1 (inclusive). */
export function solidRect(c0: number, r0: number, c1: number, r1: number): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (let r = r0; r <= r1; r++) for (let c = c0; c <= c1; c++) out.push([c, r]);
  return out;
}

/** Puts rope `r`'s particles on the polyline through `points`, evenly by arc length, at rest. */
export function layRopeAlong(world: SimWorld, r: number, points: ReadonlyArray<readonly [number, number]>): void {
  const { particle: pool, rope } = world;
  const first = rope.first[r];
  const count = rope.count[r];
  const lengths = [0];
  for (let k = 1; k < points.length; k++) {
    lengths.push(lengths[k - 1] + Math.hypot(points[k][0] - points[k - 1][0], points[k][1] - points[k - 1][1]));
  }
  const total = lengths[lengths.length - 1];
  for (let n = 0; n < count; n++) {
    const s = count > 1 ? (total * n) / (count - 1) : 0;
    let k = 1;
    while (k < points.length - 1 && lengths[k] < s) k++;
    const seg = lengths[k] - lengths[k - 1];
    const f = seg > 0 ? (s - lengths[k - 1]) / seg : 0;
    const x = points[k - 1][0] + (points[k][0] - points[k - 1][0]) * f;
    const y = points[k - 1][1] + (points[k][1] - points[k - 1][1]) * f;
    const i = first + n;
    pool.x[i] = pool.prevX[i] = pool.drawX[i] = x;
    pool.y[i] = pool.prevY[i] = pool.drawY[i] = y;
  }
}

/** Largest distance of rope `r`'s particles from the segment between its two end particles, m. */
export function ropeDeviationFromChord(world: SimWorld, r: number): number {
  const { particle: pool, rope } = world;
  const first = rope.first[r];
  const last = first + rope.count[r] - 1;
  const ax = pool.x[first];
  const ay = pool.y[first];
  const dx = pool.x[last] - ax;
  const dy = pool.y[last] - ay;
  const len2 = dx * dx + dy * dy;
  let worst = 0;
  for (let i = first; i <= last; i++) {
    const t = len2 > 0 ? Math.max(0, Math.min(1, ((pool.x[i] - ax) * dx + (pool.y[i] - ay) * dy) / len2)) : 0;
    const d = Math.hypot(pool.x[i] - (ax + dx * t), pool.y[i] - (ay + dy * t));
    if (d > worst) worst = d;
  }
  return worst;
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

/** Puts every particle of rope `r` on the point (x, y), at rest. */
export function pileRopeAt(world: SimWorld, r: number, x: number, y: number): void {
  const { particle: pool, rope } = world;
  for (let i = rope.first[r]; i < rope.first[r] + rope.count[r]; i++) {
    pool.x[i] = pool.prevX[i] = pool.drawX[i] = x;
    pool.y[i] = pool.prevY[i] = pool.drawY[i] = y;
  }
}

/** Largest distance any particle of rope `r` moved during the last tick, m. */
export function ropeTickMove(world: SimWorld, r: number): number {
  const { particle: pool, rope } = world;
  let worst = 0;
  for (let i = rope.first[r]; i < rope.first[r] + rope.count[r]; i++) {
    const d = Math.hypot(pool.x[i] - pool.drawX[i], pool.y[i] - pool.drawY[i]);
    if (d > worst) worst = d;
  }
  return worst;
}

/** True if every body and every active rope particle (positions and velocities) is finite. */
export function isStateFinite(world: SimWorld): boolean {
  const { body, particle: pool, rope } = world;
  for (let e = 1; e < world.entityCapacity; e++) {
    if (!Number.isFinite(body.x[e] + body.y[e] + body.vx[e] + body.vy[e] + body.rotC[e] + body.rotS[e] + body.omega[e])) return false;
  }
  for (let k = 0; k < world.queries.ropes.dense.length; k++) {
    const r = world.queries.ropes.dense[k];
    if (rope.isActive[r] === 0) continue;
    for (let i = rope.first[r]; i < rope.first[r] + rope.count[r]; i++) {
      if (!Number.isFinite(pool.x[i] + pool.y[i] + pool.prevX[i] + pool.prevY[i])) return false;
    }
  }
  return true;
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
