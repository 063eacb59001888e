// Files, links and the cleared mark: an exported level with its replay passes check-levels; share
// links carry any valid level unchanged (fast-check) and refuse hostile ones with messages; a
// cleared mark is only given when the replay re-simulates to the goal on this very level.

import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import {
  clearedFromInputs, decodeShareLink, emptyLevel, encodeShareLink, exportLevel, fromBase64Url, importLevelText, insertStamp,
  levelToText, paintCells, resizeGrid, paintRect, setField, setLevelMeta, setPhysics, toBase64Url, validateLevel, verifyCleared,
  MAX_SHARE_CHARS, SHARE_PREFIX, STAMPS, type LevelFile,
} from '../../src/editor/doc';
import { parseReplay, type ReplayFile } from '../../src/level/replay';

const RIGHT = 2;
const campaign = readdirSync('levels').filter((f) => /^\d\d-.*\.json$/.test(f)).sort();
const readLevel = (f: string) => JSON.parse(readFileSync(`levels/${f}`, 'utf8')) as LevelFile;
const readReplay = (f: string) => {
  const r = parseReplay(readFileSync(`levels/replays/${f.replace(/\.json$/, '.replay.json')}`, 'utf8'));
  if (!r.ok) throw new Error(r.errors.join('; '));
  return r.replay;
};
/** The empty level run to the goal: both players hold Right. */
const runRight = (ticks: number) => Array.from({ length: ticks }, () => [RIGHT, RIGHT] as const);

const temp = mkdtempSync(join(tmpdir(), 'rb-editor-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

describe('export', () => {
  it('writes "$schema" first, the fields in their order, and the replay only when it matches', () => {
    const level = emptyLevel('export-test');
    const { $schema: _, ...noSchema } = level;
    const out = exportLevel(noSchema);
    expect(out.level.name).toBe('export-test.json');
    expect(Object.keys(JSON.parse(out.level.text))).toEqual(Object.keys(level));
    expect(out.level.text).toBe(levelToText(level));
    expect(out.replay).toBeNull();
    const mark = clearedFromInputs(level, runRight(300))!;
    expect(exportLevel(level, mark.replay).replay?.name).toBe('export-test.replay.json');
    // the replay of a level since edited does not go along
    expect(exportLevel(setLevelMeta(level, { name: 'Changed' }), mark.replay).replay).toBeNull();
  });

  it('a level made and cleared in the editor, exported, passes npm run check-levels', () => {
    const level = insertStamp(setLevelMeta(emptyLevel('made-in-editor'), { name: 'Made in the editor', author: 'test' }), 'crate-gate', 12, 0.5).level;
    expect(validateLevel(level).problems).toEqual([]);
    const mark = clearedFromInputs(level, runRight(400));
    expect(mark, 'holding Right takes both players to the goal').not.toBeNull();
    expect(mark!.replay.ticks).toBe(mark!.replay.completedTick! + 1); // cut at the goal
    const files = exportLevel(level, mark!.replay);
    const dir = join(temp, 'levels');
    mkdirSync(join(dir, 'replays'), { recursive: true });
    writeFileSync(join(dir, files.level.name), files.level.text);
    writeFileSync(join(dir, 'replays', files.replay!.name), files.replay!.text);
    const output = execFileSync('node_modules/.bin/tsx', ['tools/checkLevels.ts', '--dir', dir], { encoding: 'utf8' });
    expect(output).toMatch(/1 of 1 levels ok/);
  });
});

describe('campaign levels through the editor', () => {
  it('exported again (formatting changes, content does not), each keeps its committed replay', () => {
    for (const f of campaign) {
      const out = exportLevel(readLevel(f), readReplay(f), f.replace(/\.json$/, ''));
      expect(out.replay?.name, f).toBe(f.replace(/\.json$/, '.replay.json'));
    }
  });
});

describe('import', () => {
  it('opens every campaign level as it is (version 1 text is migrated)', () => {
    for (const f of campaign) {
      const text = readFileSync(`levels/${f}`, 'utf8');
      const r = importLevelText(text);
      expect(r.ok && r.valid, f).toBe(true);
      if (r.ok) expect(JSON.stringify(r.level)).toBe(JSON.stringify(JSON.parse(text)));
    }
    const v1 = importLevelText(JSON.stringify({ ...emptyLevel(), version: 1 }));
    expect(v1.ok && v1.level.version).toBe(2);
  });

  it('opens a level that breaks a bound or a reference, with its problems', () => {
    const base = insertStamp(resizeGrid(emptyLevel(), { left: 0, right: 10, top: 6, bottom: 0 }), 'crate-gate', 12, 1).level;
    const text = JSON.stringify(setField(setField(base, ['boxes', 0, 'mass'], 99999), ['ropes', 0, 'a', 'anchor'], 'gone'));
    const r = importLevelText(text);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.valid).toBe(false);
    expect(r.problems.join('\n')).toMatch(/\$\.boxes\[0\]\.mass: 'gate-crate': must be at most 10000/);
    expect(r.problems.join('\n')).toMatch(/no anchor with id 'gone'/);
  });

  it('refuses hostile text with the parser\'s messages', () => {
    const base = emptyLevel();
    const cases: Array<[string, RegExp]> = [
      ['', /not valid JSON/],
      ['{"format": "ropebound-level", "version": 2,', /not valid JSON/],
      ['[]', /must be a JSON object/],
      ['{"format": "something-else"}', /is this a Ropebound level/],
      [JSON.stringify({ ...base, version: 9 }), /version 9 is not supported/],
      [JSON.stringify(base).replace('"tiles"', '"__proto__": {"polluted": 1}, "tiles"'), /unknown field/],
      [JSON.stringify({ ...base, tiles: ['....', 'x#..'] }), /may only contain/],
      [JSON.stringify({ ...base, tiles: ['....', '...'] }), /all rows must be equally wide/],
      [JSON.stringify({ ...base, spawns: 'two' }), /expected Array/],
      [JSON.stringify(base).replace('"length":6', '"length":1e309'), /finite number/],
      ['{"format":"ropebound-level","version":2,"x":"' + 'a'.repeat(1_100_000) + '"}', /levels may be at most 1048576 bytes/],
      ['['.repeat(100_000) + ']'.repeat(100_000), /must be a JSON object|not valid JSON/],
      [JSON.stringify({ ...base, anchors: Array.from({ length: 5000 }, (_, i) => ({ id: `a${i}`, x: 1, y: 1 })) }), /may list at most 256 anchors/],
      [JSON.stringify({ ...base, spawns: [base.spawns[0]] }), /must list exactly 2 spawns/],
    ];
    for (const [text, message] of cases) {
      const r = importLevelText(text);
      expect(r.ok, text.slice(0, 60)).toBe(false);
      if (!r.ok) expect(r.errors.join('\n'), text.slice(0, 60)).toMatch(message);
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('share links', () => {
  it('base64url round-trips any bytes', () => {
    fc.assert(fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
      const text = toBase64Url(bytes);
      expect(text).toMatch(/^[A-Za-z0-9_-]*$/);
      expect([...fromBase64Url(text)!]).toEqual([...bytes]);
    }));
  });

  it('carries every campaign level with its replay unchanged; sizes printed', async () => {
    const sizes: string[] = [];
    for (const f of campaign) {
      const level = readLevel(f);
      const replay = readReplay(f);
      const link = await encodeShareLink(level, replay);
      expect(link.ok, f).toBe(true);
      if (!link.ok) continue;
      sizes.push(`${f} ${link.chars}`);
      const back = await decodeShareLink(`https://example.test/?edit${link.fragment}`);
      expect(back.ok, f).toBe(true);
      if (!back.ok) continue;
      expect(JSON.stringify(back.level)).toBe(JSON.stringify(level));
      expect(back.replay).toEqual(replay);
      expect(exportLevel(back.level).level.text).toBe(exportLevel(level).level.text);
    }
    console.log(`share link characters (level + replay): ${sizes.join(', ')}`);
  });

  it('any valid level survives link encoding and export unchanged (fast-check)', async () => {
    const edits = fc.record({
      name: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 30 }),
      author: fc.string({ unit: 'grapheme', maxLength: 30 }),
      gravity: fc.double({ min: 20, max: 60, noNaN: true }),
      airDrag: fc.option(fc.double({ min: 0, max: 50, noNaN: true }), { nil: undefined }),
      cells: fc.array(fc.tuple(fc.nat(39), fc.nat(8), fc.constantFrom('#' as const, '=' as const, '.' as const)), { maxLength: 40 }),
      stamp: fc.option(fc.tuple(fc.constantFrom(...STAMPS.map((s) => s.kind)), fc.integer({ min: 14, max: 26 })), { nil: undefined }),
    });
    const wide = paintRect(resizeGrid(emptyLevel(), { left: 0, right: 16, top: 6, bottom: 0 }), { col: 0, row: 18 }, { col: 39, row: 19 }, '#');
    let checked = 0;
    await fc.assert(fc.asyncProperty(edits, async (e) => {
      let level = setLevelMeta(wide, { name: e.name, author: e.author || undefined });
      level = setPhysics(level, { gravity: e.gravity, airDrag: e.airDrag });
      level = paintCells(level, e.cells.map(([col, row]) => ({ col, row })), '#');
      if (e.stamp) level = insertStamp(level, e.stamp[0], e.stamp[1], 9.5).level;
      fc.pre(validateLevel(level).ok);
      checked++;
      const link = await encodeShareLink(level);
      expect(link.ok).toBe(true);
      if (!link.ok) return;
      const back = await decodeShareLink(link.fragment);
      expect(back.ok).toBe(true);
      if (!back.ok) return;
      expect(JSON.stringify(back.level)).toBe(JSON.stringify(level));
      const reopened = importLevelText(exportLevel(back.level).level.text);
      expect(reopened.ok && reopened.valid).toBe(true);
      if (reopened.ok) expect(levelToText(reopened.level)).toBe(levelToText(level));
    }), { numRuns: 40 });
    expect(checked).toBeGreaterThan(20);
  });

  it('refuses a level too big for a link, with a clear message', async () => {
    // random tiles do not compress: a 512x256 grid of them (2 bits a tile) is over the cap
    let seed = 1; // xorshift32
    const rnd = () => {
      seed ^= seed << 13; seed ^= seed >>> 17; seed ^= seed << 5;
      return (seed >>> 0) / 2 ** 32;
    };
    const big = resizeGrid(emptyLevel(), { left: 0, right: 488, top: 242, bottom: 0 });
    const rows = big.tiles.map((row, r) => (r >= 240 ? row : Array.from(row, () => '#=^.'[Math.floor(rnd() * 4)]).join('')));
    const noisy = { ...big, tiles: rows };
    const r = await encodeShareLink(noisy);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.message).toMatch(new RegExp(`over the ${MAX_SHARE_CHARS.toLocaleString('en')} a link may have.*export the file instead`));
  });

  it('refuses hostile links with messages', async () => {
    const pack = async (text: string) => {
      const stream = new Blob([new TextEncoder().encode(text)]).stream().pipeThrough(new CompressionStream('deflate-raw'));
      return `#${SHARE_PREFIX}${toBase64Url(new Uint8Array(await new Response(stream).arrayBuffer()))}`;
    };
    const good = (await encodeShareLink(emptyLevel())) as { fragment: string };
    const cases: Array<[string, RegExp]> = [
      ['#nothing-here', /not a Ropebound share link/],
      [`#${SHARE_PREFIX}abc$def`, /not base64url/],
      [good.fragment.slice(0, 40), /does not unpack|damaged/],
      [`#${SHARE_PREFIX}${'A'.repeat(MAX_SHARE_CHARS + 10)}`, /share links are at most/],
      [await pack('\0'.repeat(5_000_000)), /unpacks to more than/],
      [await pack('not json'), /not JSON/],
      [await pack('[1,2]'), /holds no level/],
      [await pack(JSON.stringify({ level: emptyLevel(), extra: 1 })), /unknown field "extra"/],
      [await pack(JSON.stringify({ level: { ...emptyLevel(), tether: { length: 0.5, segments: 20 } } })), /\$\.tether\.length: must be at least 1/],
      [await pack(JSON.stringify({ level: emptyLevel(), replay: { format: 'ropebound-replay', version: 1, ticks: -1 } })), /replay \$\./],
      [await pack('{"level": {"__proto__": {"x": 1}}}'), /format/],
    ];
    for (const [hash, message] of cases) {
      const r = await decodeShareLink(hash);
      expect(r.ok, hash.slice(0, 50)).toBe(false);
      if (!r.ok) expect(r.errors.join('\n'), hash.slice(0, 50)).toMatch(message);
    }
  });
});

describe('cleared mark', () => {
  it('verifies a campaign replay by re-simulating it, and refuses it on a changed level', () => {
    const level = readLevel('03-first-gap.json');
    const replay = readReplay('03-first-gap.json');
    const ok = verifyCleared(level, replay);
    expect(ok.ok && ok.completedTick).toBe(replay.completedTick);
    const moved = verifyCleared(setField(level, ['goal', 'x'], level.goal.x - 1), replay);
    expect(moved.ok).toBe(false);
    if (!moved.ok) expect(moved.message).toMatch(/level changed since the replay was recorded/);
  });

  it('refuses a replay whose hashes were forged, and one that never reaches the goal', () => {
    const level = emptyLevel();
    const mark = clearedFromInputs(level, runRight(300))!;
    const forged: ReplayFile = { ...mark.replay, hashes: mark.replay.hashes.map((h, i) => (i === 1 ? '00000000' : h)) };
    const r = verifyCleared(level, forged);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.message).toMatch(/state hash first differs at tick 120/);
    expect(clearedFromInputs(level, runRight(60))).toBeNull();
    const claimed: ReplayFile = { ...mark.replay, completedTick: null };
    expect(verifyCleared(level, claimed).ok).toBe(false);
  });
});
