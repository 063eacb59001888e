// A rope with a free end in the level format (`{"free": true}`, issue 14): it starts hanging straight
// down from its tied end and hangs there at its length; a free end that would start inside stone or
// below the grid, and a rope with no tied end, are refused with what to change.
import { describe, expect, it } from 'vitest';
import { parseLevel } from '../../src/level/parseLevel';
import { createSimWorld, levelRopes, step } from '../../src/sim';

type Level = Record<string, any>;

/** A 30 x 12 room with a floor at row 10 (y 10..12), an anchor at (15, 3) and one rope from it. */
function roomText(rope: Level, change: (l: Level) => void = () => {}): string {
  const tiles = Array.from({ length: 12 }, (_, r) => (r >= 10 ? '#'.repeat(30) : '.'.repeat(30)));
  const l: Level = {
    format: 'ropebound-level', version: 2, id: 'free-end-room', name: 'Free end room', tiles,
    spawns: [{ id: 'p1', player: 1, x: 3, y: 10 }, { id: 'p2', player: 2, x: 4.5, y: 10 }],
    goal: { id: 'goal', x: 27, y: 5, w: 2, h: 5 },
    tether: { length: 4, segments: 12 },
    anchors: [{ id: 'hook', x: 15, y: 3 }],
    ropes: [{ id: 'loose', length: 5, segments: 10, ...rope }],
  };
  change(l);
  return JSON.stringify(l);
}

const errorsOf = (text: string): string[] => {
  const r = parseLevel(text);
  return r.ok ? [] : r.errors;
};

describe('a rope with a free end', () => {
  it.each([['b', { a: { anchor: 'hook' }, b: { free: true } }], ['a', { a: { free: true }, b: { anchor: 'hook' } }]])(
    'free end %s: hangs straight down from the anchor at its length, and stays there',
    (_side, ends) => {
      const parsed = parseLevel(roomText(ends));
      if (!parsed.ok) throw new Error(parsed.errors.join('\n'));
      const world = createSimWorld(parsed.def);
      const r = levelRopes(world)[0];
      const { first, count } = { first: world.rope.first[r], count: world.rope.count[r] };
      const freeIndex = 'free' in ends.a ? first : first + count - 1;
      // At the start: straight down, a full length below the anchor.
      expect(world.particle.x[freeIndex]).toBeCloseTo(15, 9);
      expect(world.particle.y[freeIndex]).toBeCloseTo(8, 9);
      for (let t = 0; t < 240; t++) step(world, [0, 0]);
      expect(Math.abs(world.particle.x[freeIndex] - 15)).toBeLessThan(1e-6);
      expect(world.particle.y[freeIndex] - 3).toBeGreaterThan(5 * 0.995);
      expect(world.particle.y[freeIndex] - 3).toBeLessThan(5 * 1.005);
    },
  );

  it('refuses a free end that would start inside the floor, saying how short it must be', () => {
    expect(errorsOf(roomText({ a: { anchor: 'hook' }, b: { free: true }, length: 8 }))).toEqual([
      "$.ropes[0]: rope 'loose': its free end hangs 8 m straight down from (15, 3) into a solid tile at y 10.00; shorten it to at most 7.00 m or tie the end",
    ]);
    expect(errorsOf(roomText({ a: { anchor: 'hook' }, b: { free: true }, length: 7 }))).toEqual([]);
  });

  it('refuses a free end hanging below the grid, and a rope with no tied end', () => {
    const open = (l: Level) => { l.tiles = l.tiles.map((row: string, r: number) => (r >= 10 ? `${'#'.repeat(10)}${'.'.repeat(20)}` : row)); };
    expect(errorsOf(roomText({ a: { anchor: 'hook' }, b: { free: true }, length: 10 }, open))).toEqual([
      "$.ropes[0]: rope 'loose': its free end hangs 10 m straight down from (15, 3) to y 13, below the bottom of the 30x12 grid; shorten it to at most 9.00 m",
    ]);
    expect(errorsOf(roomText({ a: { free: true }, b: { free: true } }))).toEqual([
      "$.ropes[0]: rope 'loose': both ends are free; tie at least one end to an anchor, a box, a player or a point",
    ]);
  });

  it('"free" must be true and alone', () => {
    expect(errorsOf(roomText({ a: { anchor: 'hook' }, b: { free: false } })).join('\n')).toMatch(/\$\.ropes\[0\]\.b\.free: 'loose': must be true \(a loose end\)/);
    expect(errorsOf(roomText({ a: { anchor: 'hook' }, b: { free: true, point: [15, 6] } })).join('\n'))
      .toMatch(/must name exactly one of "anchor", "box", "player", "point" or "free"/);
  });
});
