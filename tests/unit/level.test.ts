import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseLevel } from '../../src/level/parseLevel';
import { createSimWorld, step, playerEntity, boxEntity, ropeEntity, anchorEntity, levelRopes } from '../../src/sim';

const builtIn = readFileSync('levels/03-first-gap.json', 'utf8');
const base = JSON.parse(builtIn);

function withChange(change: (level: any) => void): string {
  const level = structuredClone(base);
  change(level);
  return JSON.stringify(level);
}

function errorsOf(text: string): string[] {
  const result = parseLevel(text);
  if (result.ok) throw new Error('expected the level to be rejected');
  return result.errors;
}

describe('level files', () => {
  it('the built-in level is valid and builds a world definition', () => {
    const result = parseLevel(builtIn);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.def.grid.width).toBe(base.tiles[0].length);
    expect(result.def.tether.length).toBe(base.tether.length);
  });

  it.each([
    ['not JSON', '{"format": ', /^\$: not valid JSON/],
    ['not an object', '[1, 2]', /^\$: a level must be a JSON object/],
    ['wrong format', withChange((l) => { l.format = 'other'; }), /^\$\.format: must be "ropebound-level"/],
    ['unknown version', withChange((l) => { l.version = 99; }), /^\$\.version: version 99 is not supported \(a newer game wrote it\?\); this game reads versions 1 and 2/],
    ['a bad tile character', withChange((l) => { l.tiles[3] = l.tiles[3].replace('.', 'x'); }), /^\$\.tiles\[3\]: may only contain/],
    ['uneven rows', withChange((l) => { l.tiles[5] += '.'; }), /^\$\.tiles\[5\]: row is \d+ tiles wide but row 0 is \d+/],
    ['Infinity from 1e309', builtIn.replace('"length": 9', '"length": 1e309'), /^\$\.tether\.length: must be a finite number/],
    ['a number out of bounds', withChange((l) => { l.spawns[1].x = 5000; }), /^\$\.spawns\[1\]\.x: 'p2-start': must be at most 512/],
    ['a wrong type', withChange((l) => { l.goal.w = '4'; }), /^\$\.goal\.w: 'goal': expected number but got "4"/],
    ['a missing field', withChange((l) => { delete l.goal; }), /^\$\.goal: is required but missing/],
    ['an unknown field', withChange((l) => { l.gravity = 3; }), /^\$\.gravity: unknown field/],
    ['__proto__ smuggling', builtIn.replace('"format"', '"__proto__": {"polluted": 1}, "format"'), /^\$\.__proto__: unknown field/],
    ['a spawn inside a wall', withChange((l) => { l.spawns[0].y = 14; }), /^\$\.spawns\[0\]: spawn 'p1-start': the player would be inside a solid tile/],
    ['spawns farther apart than the tether', withChange((l) => { l.spawns[1].x = 17; }), /^\$\.spawns: the spawns are [\d.]+ m apart but the tether is only 9 m long/],
    ['two spawns for one player', withChange((l) => { l.spawns[1].player = 1; }), /player 1 already has a spawn/],
    ['duplicate ids', withChange((l) => { l.goal.id = 'p1-start'; }), /id 'p1-start' is used more than once/],
    ['a goal outside the grid', withChange((l) => { l.goal.x = 48; }), /^\$\.goal: goal 'goal' reaches outside/],
    ['a file over 1 MiB', ' '.repeat(1024 * 1024 + 1), /levels may be at most 1048576 bytes/],
  ])('rejects %s with a message naming the path', (_what, text, expected) => {
    const errors = errorsOf(text);
    expect(errors.some((e) => expected.test(e)), errors.join('\n')).toBe(true);
  });

  it('__proto__ in a level never pollutes Object.prototype', () => {
    parseLevel(builtIn.replace('"format"', '"__proto__": {"polluted": 1}, "format"'));
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

/**
 * Level 1's grid with every kind of rope end: anchor -> box (default top centre), box -> box (at
 * given points), point -> box (breakable, stretchy, reelable), player 1 -> anchor, player 2 -> point.
 */
function withRopes(change: (level: any) => void = () => {}): string {
  const level = structuredClone(base);
  level.anchors = [
    { id: 'a1', x: 22, y: 2 },
    { id: 'a3', x: 2, y: 8 },
  ];
  level.boxes = [
    { id: 'crate', x: 22, y: 5.5, w: 1, h: 1, mass: 20 },
    { id: 'weight', x: 26, y: 6, w: 0.8, h: 0.6, mass: 50, spikes: true },
  ];
  level.ropes = [
    { id: 'r1', a: { anchor: 'a1' }, b: { box: 'crate' }, length: 3.2, segments: 10 },
    { id: 'r2', a: { box: 'crate', at: [0.5, 0] }, b: { box: 'weight', at: [-0.4, 0] }, length: 3.5, segments: 8 },
    { id: 'r3', a: { point: [30, 1] }, b: { box: 'weight' }, length: 6.5, segments: 12, compliance: 0.001, breakTension: 5000, maxLength: 9 },
    { id: 'r4', a: { player: 1 }, b: { anchor: 'a3' }, length: 4, segments: 6 },
    { id: 'r5', a: { player: 2 }, b: { point: [5, 9] }, length: 3.5, segments: 6 },
  ];
  change(level);
  return JSON.stringify(level);
}

describe('level files: anchors, boxes and ropes', () => {
  it('a level with every kind of rope end builds a world whose ropes and boxes match the file', () => {
    const result = parseLevel(withRopes((l) => { l.physics = { airDrag: 0.2 }; }));
    if (!result.ok) throw new Error(result.errors.join('\n'));
    expect(result.ids).toEqual({ anchors: ['a1', 'a3'], boxes: ['crate', 'weight'], ropes: ['r1', 'r2', 'r3', 'r4', 'r5'], platforms: [], checkpoints: ['deck'] });
    const file = JSON.parse(withRopes());
    const world = createSimWorld(result.def);
    expect(world.settings.airDrag).toBe(0.2);
    file.ropes.forEach((r: any, k: number) => {
      expect(world.rope.length[ropeEntity(world, k)], r.id).toBe(r.length);
    });
    file.boxes.forEach((b: any, k: number) => {
      const e = boxEntity(world, k);
      expect(1 / world.body.invMass[e], b.id).toBeCloseTo(b.mass, 9);
      expect([world.body.x[e], world.body.y[e], world.body.halfW[e] * 2, world.body.halfH[e] * 2]).toEqual([b.x, b.y, b.w, b.h]);
      expect(world.box.isSpiked[e]).toBe(b.spikes ? 1 : 0);
    });
    const { rope } = world;
    const [r1, r2, r3, r4, r5] = levelRopes(world);
    // r1: anchor a1 (a static body, tied at its centre) -> the crate's top centre (the default attachment).
    expect([rope.bodyA[r1], rope.localAX[r1], rope.localAY[r1]]).toEqual([anchorEntity(world, 0), 0, 0]);
    expect([rope.bodyB[r1], rope.localBX[r1], rope.localBY[r1]]).toEqual([boxEntity(world, 0), 0, -0.5]);
    // r2: box to box at the given points.
    expect([rope.localAX[r2], rope.localAY[r2], rope.bodyB[r2], rope.localBX[r2]]).toEqual([0.5, 0, boxEntity(world, 1), -0.4]);
    // r3: a fixed point: the ground body at that point; stretchy, breakable, reelable.
    expect([rope.bodyA[r3], rope.localAX[r3], rope.localAY[r3]]).toEqual([world.ground, 30, 1]);
    expect([rope.compliance[r3], rope.breakTension[r3]]).toEqual([0.001, 5000]);
    expect(rope.spare[r3]).not.toBe(0);
    expect(rope.capacity[r3]).toBeGreaterThanOrEqual(Math.ceil(9 / (6.5 / 12)));
    // r4, r5: players.
    expect([rope.bodyA[r4], rope.bodyB[r4]]).toEqual([playerEntity(world, 0), anchorEntity(world, 1)]);
    expect([rope.bodyA[r5], rope.bodyB[r5], rope.localBX[r5], rope.localBY[r5]]).toEqual([playerEntity(world, 1), world.ground, 5, 9]);
    for (let t = 0; t < 120; t++) step(world, [0, 0]);
    expect(Number.isFinite(world.body.y[boxEntity(world, 1)])).toBe(true);
  });

  it.each([
    ['Infinity in a box mass', withRopes().replace('"mass":50', '"mass":1e309'), /^\$\.boxes\[1\]\.mass: 'weight': must be a finite number/],
    ['Infinity in a rope length', withRopes().replace('"length":3.5,"segments":8', '"length":1e309,"segments":8'), /^\$\.ropes\[1\]\.length: 'r2': must be a finite number/],
    ['Infinity in an anchor', withRopes().replace('"x":22,"y":2', '"x":1e309,"y":2'), /^\$\.anchors\[0\]\.x: 'a1': must be a finite number/],
    ['Infinity in a point', withRopes().replace('[30,1]', '[30,1e309]'), /^\$\.ropes\[2\]\.a\.point\[1\]: 'r3': must be a finite number/],
    ['a box too big', withRopes((l) => { l.boxes[0].w = 9; }), /^\$\.boxes\[0\]\.w: 'crate': must be at most 8/],
    ['a box too light', withRopes((l) => { l.boxes[0].mass = 0; }), /^\$\.boxes\[0\]\.mass: 'crate': must be at least 0\.1/],
    ['a rope too long', withRopes((l) => { l.ropes[0].length = 61; }), /^\$\.ropes\[0\]\.length: 'r1': must be at most 60/],
    ['fractional segments', withRopes((l) => { l.ropes[0].segments = 2.5; }), /^\$\.ropes\[0\]\.segments: 'r1': must be a whole number/],
    ['too many segments', withRopes((l) => { l.ropes[0].segments = 129; }), /^\$\.ropes\[0\]\.segments: 'r1': must be at most 128/],
    ['compliance out of bounds', withRopes((l) => { l.ropes[0].compliance = 2; }), /^\$\.ropes\[0\]\.compliance: 'r1': must be at most 1/],
    ['breakTension out of bounds', withRopes((l) => { l.ropes[0].breakTension = 1e8; }), /^\$\.ropes\[0\]\.breakTension: 'r1': must be at most 10000000/],
    ['maxLength out of bounds', withRopes((l) => { l.ropes[0].maxLength = 121; }), /^\$\.ropes\[0\]\.maxLength: 'r1': must be at most 120/],
    ['airDrag out of bounds', withRopes((l) => { l.physics = { airDrag: 51 }; }), /^\$\.physics\.airDrag: must be at most 50/],
    ['an unknown box field', withRopes((l) => { l.boxes[1].spike = true; }), /^\$\.boxes\[1\]\.spike: 'weight': unknown field/],
    ['spikes that is not a boolean', withRopes((l) => { l.boxes[1].spikes = 'yes'; }), /^\$\.boxes\[1\]\.spikes: 'weight': expected boolean but got "yes"/],
    ['a rope end with two kinds', withRopes((l) => { l.ropes[0].a = { anchor: 'a1', player: 1 }; }), /^\$\.ropes\[0\]\.a: 'r1': must name exactly one of "anchor", "box", "player", "point" or "free"/],
    ['a rope end with no kind', withRopes((l) => { l.ropes[0].a = {}; }), /^\$\.ropes\[0\]\.a: 'r1': must name exactly one of/],
    ['"at" without a box', withRopes((l) => { l.ropes[0].a = { anchor: 'a1', at: [0, 0] }; }), /^\$\.ropes\[0\]\.a: 'r1': "at" only goes with "box"/],
    ['a rope end of an unknown kind', withRopes((l) => { l.ropes[0].a = { hook: 'a1' }; }), /^\$\.ropes\[0\]\.a\.hook: 'r1': unknown field/],
    ['player 3', withRopes((l) => { l.ropes[3].a = { player: 3 }; }), /^\$\.ropes\[3\]\.a\.player: 'r4': must be 1 or 2/],
    ['a point without y', withRopes((l) => { l.ropes[2].a = { point: [30] }; }), /^\$\.ropes\[2\]\.a\.point\[1\]: 'r3': is required but missing/],
    ['a point that is not [x, y]', withRopes((l) => { l.ropes[2].a = { point: '30,1' }; }), /^\$\.ropes\[2\]\.a\.point: 'r3': must be \[x, y\]/],
    ['a misspelt box reference', withRopes((l) => { l.ropes[0].b = { box: 'crat' }; }), /^\$\.ropes\[0\]\.b: rope 'r1': no box with id 'crat' \(boxes: crate, weight\)$/],
    ['a missing anchor', withRopes((l) => { l.ropes[0].a = { anchor: 'nope' }; }), /^\$\.ropes\[0\]\.a: rope 'r1': no anchor with id 'nope' \(anchors: a1, a3\)$/],
    ['a box named as an anchor', withRopes((l) => { l.ropes[0].a = { anchor: 'weight' }; }), /^\$\.ropes\[0\]\.a: rope 'r1': no anchor with id 'weight' \(anchors: a1, a3\); 'weight' is a box: write \{ "box": "weight" \}/],
    ['a box reference in a level without boxes', withRopes((l) => { delete l.boxes; l.ropes = [{ id: 'r1', a: { anchor: 'a1' }, b: { box: 'crate' }, length: 3, segments: 4 }]; }), /^\$\.ropes\[0\]\.b: rope 'r1': no box with id 'crate' \(the level has no boxes\)/],
    ['"at" outside the box', withRopes((l) => { l.ropes[1].a = { box: 'crate', at: [0.6, 0] }; }), /^\$\.ropes\[1\]\.a\.at: rope 'r2': \[0\.6, 0\] lies outside box 'crate' \(1 x 1 m\)/],
    ['both ends on one box', withRopes((l) => { l.ropes[1].b = { box: 'crate', at: [-0.5, 0] }; }), /^\$\.ropes\[1\]: rope 'r2': both ends are tied to box 'crate'/],
    ['both ends on one anchor', withRopes((l) => { l.ropes[0].b = { anchor: 'a1' }; }), /^\$\.ropes\[0\]: rope 'r1': both ends are tied to anchor 'a1'/],
    ['both ends on one player', withRopes((l) => { l.ropes[3].b = { player: 1 }; }), /^\$\.ropes\[3\]: rope 'r4': both ends are tied to player 1/],
    ['both ends at one point', withRopes((l) => { l.ropes[4].a = { point: [5, 9] }; }), /^\$\.ropes\[4\]: rope 'r5': both ends are tied to the same point \[5, 9\]/],
    ['a rope too short for its ends', withRopes((l) => { l.ropes[0].length = 2; l.boxes[0].y = 7.7; }), /^\$\.ropes\[0\]: rope 'r1' is 2 m long but its ends start 5\.20 m apart$/],
    ['a rope too short to reach a player', withRopes((l) => { l.ropes[3].length = 3; }), /^\$\.ropes\[3\]: rope 'r4' is 3 m long but its ends start 3\.32 m apart$/],
    ['a breakable rope of one segment', withRopes((l) => { l.ropes[2].segments = 1; }), /^\$\.ropes\[2\]\.segments: rope 'r3': a rope that can snap \(breakTension > 0\) needs at least 2 segments/],
    ['maxLength below length', withRopes((l) => { l.ropes[2].maxLength = 5; }), /^\$\.ropes\[2\]\.maxLength: rope 'r3': maxLength 5 m is shorter than its length 6\.5 m/],
    ['a rope needing too many particles', withRopes((l) => { l.ropes[2].length = 0.5; l.ropes[2].segments = 128; l.ropes[2].maxLength = 120; l.ropes[2].a = { point: [26, 5.5] }; }), /^\$\.ropes\[2\]: rope 'r3': reeled out to 120 m .* needs 30722 particles; at most 4096/],
    ['a box outside the grid', withRopes((l) => { l.boxes[0].x = 49.8; }), /^\$\.boxes\[0\]: box 'crate' reaches outside the 50x26 grid/],
    ['an anchor outside the grid', withRopes((l) => { l.anchors[0].y = 30; }), /^\$\.anchors\[0\]: anchor 'a1': \(22, 30\) is outside the 50x26 grid/],
    ['a box in a wall', withRopes((l) => { l.boxes[1].x = 33; l.boxes[1].y = 16; }), /^\$\.boxes\[1\]: box 'weight' overlaps a solid tile/],
    ['two boxes overlapping', withRopes((l) => { l.boxes[1].x = 22.5; l.boxes[1].y = 5.5; }), /^\$\.boxes\[1\]: box 'weight' overlaps box 'crate'/],
    ['a box on a spawn', withRopes((l) => { l.boxes[0].x = 2.8; l.boxes[0].y = 11.5; }), /^\$\.boxes\[0\]: box 'crate' overlaps where player 2 spawns/],
    ['an anchor id used twice', withRopes((l) => { l.anchors[1].id = 'a1'; }), /^\$\.anchors\[1\]: id 'a1' is used more than once \(first at \$\.anchors\[0\]\)/],
    ['a box with a rope\'s id', withRopes((l) => { l.ropes[4].id = 'crate'; }), /^\$\.ropes\[4\]: id 'crate' is used more than once \(first at \$\.boxes\[0\]\)/],
    ['a box with the goal\'s id', withRopes((l) => { l.boxes[1].id = 'goal'; }), /^\$\.boxes\[1\]: id 'goal' is used more than once \(first at \$\.goal\)/],
    ['a reserved id', withRopes((l) => { l.boxes[0].id = 'p1'; l.ropes[0].b.box = 'p1'; l.ropes[1].a.box = 'p1'; }), /^\$\.boxes\[0\]: box 'p1': the id 'p1' is reserved for player 1/],
    ['a spawn named after the other player', withRopes((l) => { l.spawns[1].id = 'p1'; }), /^\$\.spawns\[1\]: spawn 'p1': the id 'p1' is reserved for player 1/],
    ['a rope called tether', withRopes((l) => { l.ropes[0].id = 'tether'; }), /^\$\.ropes\[0\]: rope 'tether': the id 'tether' is reserved for the tether/],
  ])('rejects %s with a message naming the path and id', (_what, text, expected) => {
    const errors = errorsOf(text);
    expect(errors.some((e) => expected.test(e)), errors.join('\n')).toBe(true);
  });

  it('a spawn may take the id of its own player', () => {
    const result = parseLevel(withRopes((l) => { l.spawns[0].id = 'p1'; l.spawns[1].id = 'p2'; }));
    expect(result.ok, result.ok ? '' : result.errors.join('\n')).toBe(true);
  });
});
