import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseLevel } from '../../src/level/parseLevel';

const builtIn = readFileSync('levels/01-first-gap.json', 'utf8');
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
    ['unknown version', withChange((l) => { l.version = 99; }), /^\$\.version: version 99 is not supported; this game reads version 1/],
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
