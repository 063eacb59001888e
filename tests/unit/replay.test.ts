// The replay file (src/level/replay.ts): run-length encoding, parsing bad files, and verifying the
// committed replays of levels/replays/ (and noticing a tampered replay or a changed level).
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CHECKPOINT_TICKS,
  decodeInputs,
  encodeInputs,
  formatReplay,
  levelContentHash,
  parseReplay,
  recordReplay,
  verifyReplay,
  type ReplayFile,
} from '../../src/level/replay';
import { parseLevel } from '../../src/level/parseLevel';
import { Button, SimEvent, createSimWorld, readEvents, step, type WorldDef } from '../../src/sim';

const LEVELS = ['03-first-gap', '10-swing-yard'];
const levelText = (name: string) => readFileSync(`levels/${name}.json`, 'utf8');
const replayText = (name: string) => readFileSync(`levels/replays/${name}.replay.json`, 'utf8');
function parseOk(text: string): WorldDef {
  const parsed = parseLevel(text);
  if (!parsed.ok) throw new Error(parsed.errors.join('; '));
  return parsed.def;
}
function loadReplay(name: string): ReplayFile {
  const parsed = parseReplay(replayText(name));
  if (!parsed.ok) throw new Error(parsed.errors.join('; '));
  return parsed.replay;
}

describe('run-length encoding', () => {
  const masks = fc.array(fc.tuple(fc.integer({ min: 0, max: 63 }), fc.integer({ min: 0, max: 63 })), { maxLength: 300 });

  it('decode(encode(masks)) gives the masks back, with no empty or mergeable runs', () => {
    fc.assert(fc.property(masks, (m) => {
      const runs = encodeInputs(m);
      expect(decodeInputs(runs)).toEqual(m);
      for (const [length] of runs) expect(length).toBeGreaterThan(0);
      for (let k = 1; k < runs.length; k++) expect(runs[k][1] !== runs[k - 1][1] || runs[k][2] !== runs[k - 1][2]).toBe(true);
    }));
  });

  it('also round-trips long runs of one mask (few distinct masks)', () => {
    const few = fc.array(fc.tuple(fc.constantFrom(0, 2, 18), fc.constantFrom(0, 1)), { maxLength: 500 });
    fc.assert(fc.property(few, (m) => { expect(decodeInputs(encodeInputs(m))).toEqual(m); }));
  });

  it('decode refuses bad runs', () => {
    expect(() => decodeInputs([[0, 1, 1]])).toThrow(/positive whole number/);
    expect(() => decodeInputs([[1, 64, 0]])).toThrow(/P1's mask/);
    expect(() => decodeInputs([[1, 0, -1]])).toThrow(/P2's mask/);
    expect(() => decodeInputs([[600_000, 0, 0], [600_000, 0, 0]])).toThrow(/more than 1000000 ticks/);
  });
});

describe('parseReplay', () => {
  const good = () => JSON.parse(replayText('10-swing-yard')) as Record<string, unknown>;
  const errorsOf = (text: string) => {
    const r = parseReplay(text);
    return r.ok ? [] : r.errors;
  };
  const withField = (key: string, value: unknown) => JSON.stringify({ ...good(), [key]: value });
  /** The committed replay's length, ticks (the messages below quote it). */
  const TICKS = good().ticks as number;

  it('reads the committed replays, and formatReplay writes them back byte for byte', () => {
    for (const name of LEVELS) {
      const r = parseReplay(replayText(name));
      expect(r.ok, name).toBe(true);
      if (r.ok) expect(formatReplay(r.replay)).toBe(replayText(name));
    }
  });

  it.each([
    ['not JSON', '{"format": ', /^\$: not valid JSON/],
    ['an array', '[]', /^\$: a replay must be a JSON object/],
    ['a level file', levelText('03-first-gap'), /^\$\.format: must be "ropebound-replay"/],
    ['a future version', withField('version', 2), /^\$\.version: version 2 is not supported/],
    ['no level id', withField('level', ''), /^\$\.level: must be the level id/],
    ['a bad level hash', withField('levelHash', 'xyz'), /^\$\.levelHash: must be 8 lowercase hex digits/],
    ['negative ticks', withField('ticks', -1), /^\$\.ticks: must be a whole number/],
    ['inputs not an array', withField('inputs', {}), /^\$\.inputs: must be an array/],
    ['a run of two numbers', withField('inputs', [[1, 2]]), /^\$\.inputs\[0\]: must be \[runLength, p1Mask, p2Mask\]/],
    ['a zero-length run', withField('inputs', [[0, 0, 0]]), /^\$\.inputs\[0\]\[0\]: the run length must be a positive whole number \(got 0\)/],
    ['a fractional run', withField('inputs', [[1.5, 0, 0]]), /^\$\.inputs\[0\]\[0\]: the run length/],
    ['a mask over 63', withField('inputs', [[TICKS, 64, 0]]), /^\$\.inputs\[0\]\[1\]: P1's mask must be a whole number from 0 to 63 \(got 64\)/],
    ['a string mask', withField('inputs', [[TICKS, 0, '2']]), /^\$\.inputs\[0\]\[2\]: P2's mask/],
    ['runs over 10^6 ticks', withField('inputs', [[999_999, 0, 0], [2, 0, 0]]), /^\$\.inputs\[1\]\[0\]: the runs add up to more than 1000000 ticks/],
    ['runs not adding up to ticks', withField('inputs', [[10, 0, 0]]), new RegExp(`^\\$\\.inputs: the runs add up to 10 ticks but \\$\\.ticks says ${TICKS}`)],
    ['a bad hash', withField('hashes', ['nothex!!']), /^\$\.hashes\[0\]: must be 8 lowercase hex digits/],
    ['too few hashes', withField('hashes', []), new RegExp(`^\\$\\.hashes: has 0 hashes; .* one every 60 ticks, ${Math.floor(TICKS / 60)}`)],
    ['a completion after the end', withField('completedTick', 9999), /^\$\.completedTick: must be null or a whole number/],
  ])('refuses %s with a clear message', (_what, text, message) => {
    const errors = errorsOf(text);
    expect(errors.length).toBeGreaterThan(0);
    expect(errors.some((e) => message.test(e)), errors.join('\n')).toBe(true);
  });

  it('never throws, whatever the JSON', () => {
    fc.assert(fc.property(fc.jsonValue(), (value) => {
      expect(() => parseReplay(JSON.stringify(value))).not.toThrow();
      expect(() => parseReplay(JSON.stringify({ ...good(), inputs: value }))).not.toThrow();
    }), { numRuns: 200 });
  });
});

describe('verifyReplay', () => {
  it.each(LEVELS)('the committed replay of %s still completes the level with the same hashes', (name) => {
    const replay = loadReplay(name);
    const result = verifyReplay(levelText(name), replay);
    expect(result.message).toMatch(/^completed at tick/);
    expect(result.ok).toBe(true);
    expect(result.completedTick).toBe(replay.completedTick);
    expect(result.completedTick).not.toBeNull();
    expect(result.firstMismatchTick).toBeNull();
  });

  it('counts the deaths on the way, as the sim\'s Died events do', () => {
    // Tied Together with spikes just ahead of the players: running right, they die, respawn, let go
    // (keys held through a death do nothing) and run onto them again.
    const level = JSON.parse(levelText('01-tied-together')) as { tiles: string[] };
    level.tiles[13] = `${level.tiles[13].slice(0, 6)}^^^${level.tiles[13].slice(9)}`;
    const text = JSON.stringify(level);
    const masks: Array<[number, number]> = Array.from({ length: 600 }, (_, t) => (t % 120 < 110 ? [Button.Right, Button.Right] : [0, 0]));
    const world = createSimWorld(parseOk(text));
    let died = 0;
    let cursor = world.events.count;
    for (const pair of masks) {
      step(world, pair);
      cursor = readEvents(world.events, cursor, (type) => { if (type === SimEvent.Died) died++; });
    }
    expect(died).toBeGreaterThan(1);
    const result = verifyReplay(text, recordReplay(text, masks));
    expect(result.ok).toBe(true);
    expect(result.deaths).toBe(died);
    expect(verifyReplay(levelText('03-first-gap'), loadReplay('03-first-gap')).deaths).toBe(0);
  });

  it('recording the same masks again gives the same file', () => {
    const name = '10-swing-yard';
    const replay = loadReplay(name);
    expect(formatReplay(recordReplay(levelText(name), decodeInputs(replay.inputs)))).toBe(replayText(name));
  });

  it('a tampered replay (one mask changed) fails at the first checkpoint after the change', () => {
    const name = '03-first-gap';
    const replay = loadReplay(name);
    const masks = decodeInputs(replay.inputs);
    const tick = 200; // P1 runs right here; make P1 let go for this one tick
    masks[tick] = [masks[tick][0] === 0 ? 2 : 0, masks[tick][1]];
    const result = verifyReplay(levelText(name), { ...replay, inputs: encodeInputs(masks) });
    expect(result.ok).toBe(false);
    expect(result.levelChanged).toBe(false);
    expect(result.firstMismatchTick).toBe(Math.ceil((tick + 1) / CHECKPOINT_TICKS) * CHECKPOINT_TICKS);
    expect(result.message).toMatch(/^the physics changed: the state hash first differs at tick 240/);
  });

  it('a change after the last checkpoint is caught by the completion tick', () => {
    const name = '03-first-gap';
    const replay = loadReplay(name);
    const masks = decodeInputs(replay.inputs);
    const lastCheckpoint = replay.hashes.length * CHECKPOINT_TICKS;
    for (let t = lastCheckpoint; t < masks.length; t++) masks[t] = [0, 0]; // everyone stops
    const result = verifyReplay(levelText(name), { ...replay, inputs: encodeInputs(masks) });
    expect(result.ok).toBe(false);
    expect(result.firstMismatchTick).toBeNull();
    expect(result.completedTick).toBeNull();
    expect(result.message).toContain(`is no longer completed; the replay recorded tick ${replay.completedTick}`);
  });

  it('a changed level (one tile changed) is reported as changed', () => {
    const name = '03-first-gap';
    const level = JSON.parse(levelText(name)) as { tiles: string[] };
    const row = level.tiles[0];
    level.tiles[0] = `#${row.slice(1)}`;
    expect(level.tiles[0]).not.toBe(row);
    const result = verifyReplay(JSON.stringify(level), loadReplay(name));
    expect(result.ok).toBe(false);
    expect(result.levelChanged).toBe(true);
    expect(result.message).toMatch(/^level changed since the replay was recorded/);
  });

  it('the level hash ignores formatting, key order and "$schema"', () => {
    const text = levelText('03-first-gap');
    const { $schema: _schema, ...rest } = JSON.parse(text) as Record<string, unknown>;
    const reordered = Object.fromEntries(Object.entries(rest).reverse());
    expect(levelContentHash(JSON.stringify(reordered))).toBe(levelContentHash(text));
    expect(levelContentHash(JSON.stringify({ $schema: 'elsewhere.json', ...rest }, null, 4))).toBe(levelContentHash(text));
    expect(levelContentHash(JSON.stringify({ ...rest, name: 'Another Gap' }))).not.toBe(levelContentHash(text));
    const result = verifyReplay(JSON.stringify(reordered, null, 1), loadReplay('03-first-gap'));
    expect(result.ok).toBe(true);
  });

  it('a replay of another level is refused', () => {
    const result = verifyReplay(levelText('10-swing-yard'), loadReplay('03-first-gap'));
    expect(result.ok).toBe(false);
    expect(result.message).toMatch(/the replay is for level "first-gap" but this level is "swing-yard"/);
  });
});

describe('npm run sim --replay', () => {
  it('reads a replay file: the same masks as decodeInputs, one pair per tick', async () => {
    const { parseReplayInputs } = await import('../../tools/replayInputs');
    const replay = loadReplay('03-first-gap');
    const inputs = parseReplayInputs(replayText('03-first-gap'));
    expect(Array.from(inputs)).toEqual(decodeInputs(replay.inputs).flat());
    expect(() => parseReplayInputs(JSON.stringify({ ...replay, inputs: [[816, 99, 0]] }))).toThrow(/\$\.inputs\[0\]\[1\]: P1's mask/);
  });
});
