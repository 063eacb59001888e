// Level 19, "Frayed Crossing": its last crate, the plug, hangs on frayed ropes in the hole over the
// goal room; the pair stands on it together, its ropes snap and it drops them in (or it swings down on the rope
// that held, when they stand on one end). A blind
// playtester (2026-11-29) stood on its right end: one rope snapped first, the plug turned 10
// degrees and jammed across the hole (3.9 m of crate in a 4 m hole, wider than the hole once
// turned past 8 degrees), the pair stood on it, stuck. The plug is now 3.6 m wide: its diagonal,
// 3.73 m, is under the hole's width, so it falls through at any angle.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseLevel } from '../../src/level/parseLevel';
import { boxEntity, createSimWorld, playerEntity, step } from '../../src/sim';

const FILE = 'levels/19-frayed-crossing.json';
/** The goal room's floor, m (row 21's top). */
const ROOM_FLOOR = 21;

interface Level {
  tiles: string[];
  spawns: Array<{ id: string; player: number; x: number; y: number }>;
  boxes: Array<{ id: string; x: number; y: number; w: number; h: number }>;
  checkpoints?: unknown;
}

const level = JSON.parse(readFileSync(FILE, 'utf8')) as Level;
const plug = level.boxes.find((b) => b.id === 'plug')!;

/** The open cells of the plug's row around it: the hole's left and right edges, m. */
function hole(): [number, number] {
  const row = level.tiles[Math.floor(plug.y)];
  let left = Math.floor(plug.x);
  while (row[left - 1] === '.') left--;
  let right = Math.floor(plug.x);
  while (row[right + 1] === '.') right++;
  return [left, right + 1];
}

describe('Frayed Crossing: the plug', () => {
  it('fits through its hole at any angle (its diagonal is under the hole\'s width)', () => {
    const [left, right] = hole();
    expect(Math.hypot(plug.w, plug.h)).toBeLessThan(right - left);
  });

  // The pair on the plug's two ends, its middle, together on one end, spread over it.
  for (const [x1, x2] of [[67.6, 68.1], [70.4, 69.9], [68.6, 69.4], [67.7, 70.3], [70.5, 70.0]]) {
    it(`drops the pair into the goal room when they stand on it at x ${x1} and ${x2}`, () => {
      const here = structuredClone(level);
      here.spawns = [{ id: 'p1', player: 1, x: x1, y: plug.y - plug.h / 2 - 0.01 }, { id: 'p2', player: 2, x: x2, y: plug.y - plug.h / 2 - 0.01 }];
      delete here.checkpoints;
      const parsed = parseLevel(JSON.stringify(here));
      if (!parsed.ok) throw new Error(parsed.errors.join('\n'));
      const world = createSimWorld(parsed.def);
      const box = boxEntity(world, parsed.ids.boxes.indexOf('plug'));
      for (let t = 0; t < 600; t++) step(world, [0, 0]);
      // Out of the hole: fallen, or hanging below it from the rope that held (one end loaded more).
      expect(world.body.y[box] - plug.y, 'the plug left the hole, m').toBeGreaterThan(1);
      for (const slot of [0, 1]) {
        expect(world.body.y[playerEntity(world, slot)], `P${slot + 1} is in the goal room`).toBeGreaterThan(ROOM_FLOOR - 2);
      }
    });
  }
});
