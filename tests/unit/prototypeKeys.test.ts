// Stored or imported text that becomes an object key (a remapped key code, a level id, a progress
// key, a replay's level field, the runner's entity names) must never find a prototype's property:
// a remapped key named `constructor` used to stop the game from starting (`keyLabel` returned
// Object's constructor function and the HUD called `.replace` on it).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseLevel } from '../../src/level/parseLevel';
import { canonicalLevelJson, formatReplay, levelContentHash, parseReplay, recordReplay, verifyReplay } from '../../src/level/replay';
import { DEFAULT_KEYS, findConflicts, isBindableKey, keyLabel, rebindKey, type KeyBindings } from '../../src/input/keyboard';
import { parseSettings, serializeSettings, defaultSettings } from '../../src/app/settings';
import { freshProgress, levelRecord, parseProgress, serializeProgress, withCompletion } from '../../src/app/progress';
import { createLevelCatalog, findLevel } from '../../src/app/levelCatalog';
import { runSim } from '../../tools/simRunner';
import { PROTOTYPE_KEY_CODES, PROTOTYPE_NAMES } from '../../tools/scenarios/hostileText';

const LEVEL_TEXT = readFileSync('levels/10-swing-yard.json', 'utf8');
/**
 * Swing Yard cut down to its bumper: a 14 x 10 m room, the crate hung by its rope from the hook,
 * the two players and the goal. The level-id tests parse, run, record and verify it once per name
 * (191 of them): on the whole level that was ~55 ms a name.
 */
const SMALL_LEVEL_TEXT = (() => {
  const json = JSON.parse(LEVEL_TEXT) as Record<string, unknown> & { boxes: unknown[]; ropes: unknown[]; anchors: unknown[] };
  json.tiles = ['##############', ...Array.from({ length: 8 }, () => '#............#'), '##############'];
  json.anchors = [{ id: 'hook', x: 5.5, y: 2 }];
  json.boxes = [{ id: 'bumper', x: 5.5, y: 5.2, w: 1, h: 1, mass: 20 }];
  json.ropes = [{ id: 'bumper-rope', a: { anchor: 'hook' }, b: { box: 'bumper' }, length: 2.7, segments: 12 }];
  json.spawns = [{ id: 'p1-start', player: 1, x: 3, y: 9 }, { id: 'p2-start', player: 2, x: 1.5, y: 9 }];
  json.goal = { id: 'goal', x: 9, y: 5, w: 3, h: 4 };
  json.checkpoints = [];
  json.gems = [];
  json.hints = [];
  return JSON.stringify(json);
})();
/** Prototype names a level id may take (1-40 letters, digits, _ or -): `__proto__`, `constructor`, ... */
const ID_NAMES = PROTOTYPE_NAMES.filter((n) => /^[A-Za-z0-9_-]{1,40}$/.test(n));

it('the hostile name list holds Object.prototype\'s names, __proto__ and more', () => {
  for (const n of ['constructor', 'toString', 'hasOwnProperty', '__proto__', '__defineGetter__', 'valueOf', 'length', 'call']) {
    expect(PROTOTYPE_NAMES).toContain(n);
  }
  expect(PROTOTYPE_KEY_CODES).toContain('constructor');
  expect(ID_NAMES).toContain('__proto__');
});

describe('key codes named like prototype properties', () => {
  it.each(PROTOTYPE_KEY_CODES)('%s: labelled as itself, bound, rebound and checked for conflicts like any key', (code) => {
    expect(isBindableKey(code)).toBe(true);
    expect(keyLabel(code)).toBe(code);
    const r = rebindKey(DEFAULT_KEYS, 0, 'jump', code);
    if (!r.ok) throw new Error(r.reason);
    expect(r.keys[0].jump).toEqual([code]);
    const shared: KeyBindings = [{ ...DEFAULT_KEYS[0], jump: [code] }, { ...DEFAULT_KEYS[1], jump: [code] }];
    expect(findConflicts(shared)).toEqual([{ code, a: { slot: 0, action: 'jump' }, b: { slot: 1, action: 'jump' } }]);
  });

  it.each(PROTOTYPE_KEY_CODES)('stored settings with P1 jump on %s read back with that key', (code) => {
    const s = { ...defaultSettings(), keys: [{ ...DEFAULT_KEYS[0], jump: [code] }, DEFAULT_KEYS[1]] as const };
    const read = parseSettings(serializeSettings(s));
    expect(read.keys[0].jump).toEqual([code]);
    expect(read.keys[0].jump.map(keyLabel)).toEqual([code]);
  });

  it.each(PROTOTYPE_NAMES)('a settings file with a field or action named %s keeps every good field', (name) => {
    const text = `{"version":1,"musicVolume":0.3,${JSON.stringify(name)}:{"x":1},"keys":[{"jump":["KeyI"],${JSON.stringify(name)}:["KeyQ"]},{}]}`;
    const read = parseSettings(text);
    expect(read.musicVolume).toBe(0.3);
    expect(read.keys[0].jump).toEqual(['KeyI']);
    expect(read.keys[1]).toEqual(DEFAULT_KEYS[1]);
    expect(Object.keys(read).sort()).toEqual(Object.keys(defaultSettings()).sort());
  });
});

describe('progress keyed by names like prototype properties', () => {
  it.each(PROTOTYPE_NAMES)('%s is no finished level until finished, then round-trips through storage', (name) => {
    expect(levelRecord(freshProgress(), name)).toBeUndefined();
    const done = withCompletion(freshProgress(), name, 700, 1).progress;
    expect(levelRecord(done, name)).toEqual({ bestTicks: 700, bestDeaths: 1, fewestDeaths: 1, finishes: 1 });
    const again = parseProgress(serializeProgress(done)).progress;
    expect(levelRecord(again, name)).toEqual({ bestTicks: 700, bestDeaths: 1, fewestDeaths: 1, finishes: 1 });
    expect(Object.keys(again.levels)).toEqual([name]);
    // A second finish counts on the same record (the old one is found, not a prototype's property);
    // slower but with no death, it keeps the best time and lowers the fewest deaths.
    const twice = withCompletion(again, name, 800, 0);
    expect(twice.result.previousBestTicks).toBe(700);
    expect(levelRecord(twice.progress, name)).toEqual({ bestTicks: 700, bestDeaths: 1, fewestDeaths: 0, finishes: 2 });
  });
});

describe('level ids named like prototype properties', () => {
  const withIds = (id: string): string => {
    const json = JSON.parse(SMALL_LEVEL_TEXT) as { id: string; boxes: Array<{ id: string }>; ropes: Array<{ b: { box?: string } }> };
    json.id = id;
    json.boxes[0].id = id; // the bumper, hung by ropes[0]
    json.ropes[0].b.box = id;
    return JSON.stringify(json);
  };

  it.each(ID_NAMES)('%s: the catalogue finds it, the runner names its box, a replay records and verifies', (id) => {
    const text = withIds(id);
    const parsed = parseLevel(text);
    if (!parsed.ok) throw new Error(parsed.errors.join('\n'));
    expect(parsed.id).toBe(id);
    const catalog = createLevelCatalog({ 'levels/10-swing-yard.json': text });
    expect(findLevel(catalog, id)?.file).toBe('10-swing-yard.json');

    const out = JSON.parse(JSON.stringify(runSim({ id, def: parsed.def, ids: parsed.ids }, { ticks: 2, trace: [id] }))) as {
      entities: Record<string, { type: string }>; trace: Record<string, unknown[]>;
    };
    expect(Object.hasOwn(out.entities, id)).toBe(true);
    expect(out.entities[id].type).toBe('box');
    expect(Object.hasOwn(out.trace, id)).toBe(true);

    const replay = recordReplay(text, [[2, 0], [2, 0]]);
    const read = parseReplay(formatReplay(replay));
    if (!read.ok) throw new Error(read.errors.join('\n'));
    expect(read.replay.level).toBe(id);
    expect(verifyReplay(text, read.replay).ok).toBe(true);
  });
});

describe('replay files with fields named like prototype properties', () => {
  const replay = recordReplay(LEVEL_TEXT, [[2, 0], [2, 0], [0, 4]]);
  it.each(PROTOTYPE_NAMES)('an extra field %s is ignored; the same fields only under it are not read', (name) => {
    const text = formatReplay(replay).replace(/^\{/, `{${JSON.stringify(name)}: {"x": 1},`);
    const read = parseReplay(text);
    if (!read.ok) throw new Error(read.errors.join('\n'));
    expect(read.replay).toEqual(replay);
    // Every field moved under the odd name: nothing is found by lookup.
    const hidden = parseReplay(JSON.stringify({ [name]: replay }));
    expect(hidden.ok).toBe(false);
  });
});

describe('the level content hash', () => {
  it.each(PROTOTYPE_NAMES)('a field named %s is part of the content (an edit under it changes the hash)', (name) => {
    const a = `{"a":1,${JSON.stringify(name)}:{"x":1}}`;
    const b = `{"a":1,${JSON.stringify(name)}:{"x":2}}`;
    expect(levelContentHash(a)).not.toBe(levelContentHash(b));
    const canonical = JSON.parse(canonicalLevelJson(JSON.parse(a))) as Record<string, unknown>;
    expect(Object.hasOwn(canonical, name)).toBe(true);
    expect(canonical[name]).toEqual({ x: 1 });
  });
});
