// Property (fast-check): any level parseLevel accepts gives both players control within a second
// of the start: with nobody pressing anything, nobody dies and both stay inside the grid for the
// first 60 ticks. Levels are generated with the hazards that broke this before (spawns in or above
// spikes, over pits, inside boxes and platforms, spiked pendulums, platforms, checkpoints), about
// half of them tidied so that many pass validation and the property is tested on them.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseLevel } from '../../src/level/parseLevel';
import { SimEvent, TICK_HZ, createSimWorld, playerEntity, readEvents, step } from '../../src/sim';

const SEED = 18_2026;

const spawnArb = fc.record({
  col: fc.nat(63),
  /** Player 2: columns from player 1's (most levels keep the spawns within the tether). */
  near: fc.integer({ min: -4, max: 4 }),
  row: fc.integer({ min: 2, max: 63 }),
  dx: fc.integer({ min: -3, max: 3 }), // tenths of a metre off the column's centre
  isTidy: fc.constantFrom(true, true, true, false), // clear the cells the player stands in and put a floor under the feet
});

const boxArb = fc.record({
  col: fc.nat(63),
  row: fc.nat(63),
  size: fc.integer({ min: 3, max: 12 }), // tenths of a metre
  isSpiked: fc.boolean(),
  isTidy: fc.constantFrom(true, true, false), // clear the tiles it overlaps
  hangs: fc.boolean(),
  startAngle: fc.constantFrom(0, 0, 30, 60, 90, -45),
});

const levelArb = fc.record({
  width: fc.integer({ min: 12, max: 28 }),
  height: fc.integer({ min: 8, max: 14 }),
  cells: fc.array(fc.constantFrom('.', '.', '.', '.', '.', '#', '^', '='), { minLength: 28 * 14, maxLength: 28 * 14 }),
  spawns: fc.tuple(spawnArb, spawnArb),
  tether: fc.integer({ min: 3, max: 12 }),
  goal: fc.record({ col: fc.nat(63), row: fc.nat(63), w: fc.integer({ min: 1, max: 4 }), h: fc.integer({ min: 1, max: 4 }) }),
  boxes: fc.array(boxArb, { maxLength: 3 }),
  platform: fc.option(fc.record({ col: fc.nat(63), row: fc.nat(63), dx: fc.integer({ min: -6, max: 6 }), dy: fc.integer({ min: -4, max: 4 }), hasHook: fc.boolean() })),
  checkpoint: fc.option(fc.record({ col: fc.nat(63), row: fc.integer({ min: 2, max: 63 }), isTidy: fc.constantFrom(true, true, false) })),
  gravity: fc.constantFrom(undefined, 10, 40, 80),
  substeps: fc.constantFrom(undefined, 1, 4, 16),
});

type Generated = typeof levelArb extends fc.Arbitrary<infer T> ? T : never;

/** The generated description as a level file object. */
function buildLevel(g: Generated): Record<string, unknown> {
  const { width: w, height: h } = g;
  const rows: string[][] = Array.from({ length: h }, (_, r) => Array.from({ length: w }, (_, c): string => (r === h - 1 ? '#' : g.cells[r * 28 + c])));
  const set = (c: number, r: number, ch: string) => { if (c >= 0 && c < w && r >= 0 && r < h) rows[r][c] = ch; };
  /** A player's standing room at column `col` with the feet at `row`: cleared, with a floor. */
  const tidy = (col: number, row: number) => {
    set(col, row - 1, '.');
    set(col, row - 2, '.');
    set(col, row, '#');
  };
  const spawnCol = (s: Generated['spawns'][number], i: number) => (i === 0 ? s.col % w : Math.min(w - 1, Math.max(0, (g.spawns[0].col % w) + s.near)));
  const spawns = g.spawns.map((s, i) => {
    const col = spawnCol(s, i);
    const row = 2 + ((i === 0 || s.near % 2 === 0 ? g.spawns[0].row : s.row) % (h - 2));
    if (s.isTidy) tidy(col, row);
    return { id: `p${i + 1}`, player: i + 1, x: col + 0.5 + s.dx / 10, y: row };
  });
  const anchors: unknown[] = [];
  const ropes: unknown[] = [];
  const boxes = g.boxes.map((b, k) => {
    const size = b.size / 10;
    const x = (b.col % (w - 2)) + 1.5;
    const y = (b.row % (h - 3)) + 2.5;
    if (b.isTidy) set(Math.floor(x), Math.floor(y), '.');
    if (b.hangs) {
      anchors.push({ id: `hook${k}`, x, y: y - 2 });
      ropes.push({ id: `rope${k}`, a: { anchor: `hook${k}` }, b: { box: `box${k}` }, length: 2 - size / 2 + 0.01, segments: 6 });
    }
    return { id: `box${k}`, x, y, w: size, h: size, mass: 10, spikes: b.isSpiked, ...(b.hangs && b.startAngle ? { startAngle: b.startAngle } : {}) };
  });
  const platforms: unknown[] = [];
  if (g.platform) {
    const p = g.platform;
    const x = (p.col % (w - 4)) + 2;
    const y = (p.row % (h - 2)) + 1;
    const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
    const to = [clamp(x + p.dx, 1, w - 1), clamp(y + (p.dy === 0 ? 1 : p.dy), 0.25, h - 0.25)];
    platforms.push({ id: 'lift', w: 2, h: 0.5, path: [[x, y], to[0] === x && to[1] === y ? [x, y + 0.5] : to], speed: 2 });
    if (p.hasHook) {
      anchors.push({ id: 'lift-hook', x, y: y + 0.25, platform: 'lift' });
    }
  }
  const checkpoints: unknown[] = [];
  if (g.checkpoint) {
    const col = g.checkpoint.col % (w - 1);
    const row = 2 + (g.checkpoint.row % (h - 2));
    if (g.checkpoint.isTidy) {
      tidy(col, row);
      tidy(col + 1, row);
    }
    checkpoints.push({ id: 'cp', x: col, y: row - 2, w: 1, h: 2, p1: [col + 0.5, row], p2: [col + 1, row] });
  }
  return {
    format: 'ropebound-level', version: 2, id: 'generated', name: 'Generated',
    tiles: rows.map((r) => r.join('')),
    spawns,
    goal: { id: 'goal', x: g.goal.col % (w - 1), y: g.goal.row % (h - 1), w: Math.min(g.goal.w, w - (g.goal.col % (w - 1))), h: Math.min(g.goal.h, h - (g.goal.row % (h - 1))) },
    tether: { length: g.tether, segments: 8 },
    ...(g.gravity !== undefined || g.substeps !== undefined ? { physics: { ...(g.gravity !== undefined ? { gravity: g.gravity } : {}), ...(g.substeps !== undefined ? { substeps: g.substeps } : {}) } } : {}),
    ...(anchors.length ? { anchors } : {}),
    ...(boxes.length ? { boxes } : {}),
    ...(ropes.length ? { ropes } : {}),
    ...(platforms.length ? { platforms } : {}),
    ...(checkpoints.length ? { checkpoints } : {}),
  };
}

describe('any level parseLevel accepts can be played', () => {
  it('gives both players control within a second of the start: no death, both inside the grid', () => {
    let accepted = 0;
    let refused = 0;
    fc.assert(fc.property(levelArb, (g) => {
      const parsed = parseLevel(JSON.stringify(buildLevel(g)));
      if (!parsed.ok) {
        refused++;
        return true;
      }
      accepted++;
      const world = createSimWorld(parsed.def);
      const { width, height } = parsed.def.grid;
      let cursor = world.events.count;
      for (let t = 0; t < TICK_HZ; t++) {
        step(world, [0, 0]);
        cursor = readEvents(world.events, cursor, (type, tick, slot) => {
          if (type === SimEvent.Died) throw new Error(`player ${slot + 1} died at tick ${tick}`);
        });
        for (let slot = 0; slot < 2; slot++) {
          const e = playerEntity(world, slot);
          const x = world.body.x[e];
          const y = world.body.y[e];
          if (!(x >= 0 && x <= width && y >= 0 && y <= height)) throw new Error(`player ${slot + 1} left the grid at tick ${world.tick}: (${x}, ${y})`);
        }
      }
      return world.rules.dyingTicks[0] === 0;
    }), { numRuns: 400, seed: SEED });
    // The property must have been tested on many levels, and validation must have had work to do.
    expect(accepted, `${accepted} accepted, ${refused} refused`).toBeGreaterThanOrEqual(60);
    expect(refused).toBeGreaterThanOrEqual(60);
  });
});
