// A level's `world` (1, 2 or 3: its looks and music): absent means world 1, so files written before
// worlds existed and shared levels still load; a wrong value is refused with a message naming the
// path and the rule; it stays out of the replays' level hash, as hints do (presentation only).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fieldMeta } from '../../src/editor/doc';
import { parseLevel } from '../../src/level/parseLevel';
import { levelContentHash } from '../../src/level/replay';
import { worldOfLevel, worldOfLevelText } from '../../src/level/levelWorlds';
import { createLevelCatalog } from '../../src/app/levelCatalog';

const LEVEL_1 = readFileSync('levels/01-tied-together.json', 'utf8');

/** Level 1's text with `world` set to `world` (undefined: left out). */
function withWorld(world: unknown, version = 2): string {
  const json = JSON.parse(LEVEL_1) as Record<string, unknown>;
  delete json.world;
  json.version = version;
  if (world !== undefined) json.world = world;
  return JSON.stringify(json);
}

function errorsOf(text: string): string[] {
  const result = parseLevel(text);
  if (result.ok) throw new Error('expected the level to be rejected');
  return result.errors;
}

describe('level files: world', () => {
  it('defaults to world 1 when absent, and keeps 1, 2 or 3 as written', () => {
    const plain = parseLevel(withWorld(undefined));
    expect(plain.ok).toBe(true);
    if (!plain.ok) return;
    expect(plain.level.world).toBeUndefined();
    expect(worldOfLevel(plain.level)).toBe(1);
    for (const world of [1, 2, 3]) {
      const parsed = parseLevel(withWorld(world));
      expect(parsed.ok, `world ${world}`).toBe(true);
      if (parsed.ok) expect(worldOfLevel(parsed.level)).toBe(world);
      expect(worldOfLevelText(withWorld(world))).toBe(world);
    }
    expect(worldOfLevelText('not json')).toBe(1);
    expect(worldOfLevelText(withWorld(9))).toBe(1);
  });

  it('the level catalogue reads each file\'s world once, for the level select and the preview behind it', () => {
    const catalog = createLevelCatalog({ 'levels/01-a.json': withWorld(undefined), 'levels/02-b.json': withWorld(3), 'levels/03-c.json': withWorld(9), 'levels/04-d.json': '{ broken' });
    expect(catalog.map((e) => [e.file, e.world])).toEqual([['01-a.json', 1], ['02-b.json', 3], ['03-c.json', 1], ['04-d.json', 1]]);
  });

  it('refuses anything but 1, 2 or 3 with a message that names the field and the rule', () => {
    const message = '$.world: must be 1, 2 or 3 (the world whose looks and music the level uses)';
    for (const bad of [0, 4, 1.5, '2', null, -1]) expect(errorsOf(withWorld(bad)), String(bad)).toEqual([message]);
  });

  it('in a version 1 file, says the field needs version 2', () => {
    const json = JSON.parse(withWorld(2, 1)) as Record<string, unknown>;
    delete json.checkpoints; // version 1 had none of these; level 1 has no other version 2 field
    delete json.hints;
    delete json.gems;
    expect(errorsOf(JSON.stringify(json))).toEqual(['$.world: unknown field (check its spelling) (it needs "version": 2)']);
  });

  it('does not change the level hash replays are checked against (looks and music only)', () => {
    const hash = levelContentHash(withWorld(undefined));
    expect(hash).toMatch(/^[0-9a-f]{8}$/);
    for (const world of [1, 2, 3]) expect(levelContentHash(withWorld(world)), `world ${world}`).toBe(hash);
    // A change that does reach the sim still changes it.
    const json = JSON.parse(withWorld(2)) as { tether: { length: number } };
    json.tether.length += 0.5;
    expect(levelContentHash(JSON.stringify(json))).not.toBe(hash);
  });

  it("is a choice of 1, 2 or 3 in the editor's level fields, default 1", () => {
    expect(fieldMeta('world')).toMatchObject({ type: 'enum', options: [1, 2, 3], default: 1, optional: true });
  });
});
