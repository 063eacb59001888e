// Campaign rules: which levels the level select lets a player start, and what comes next.
import { describe, expect, it } from 'vitest';
import { campaignLevels, firstUnfinished, formatTicks, isUnlocked, legacyKeyOf, nextLevel } from '../../src/app/campaign';
import { createLevelCatalog, findLevel, levelQueryOf, type LevelEntry } from '../../src/app/levelCatalog';
import { claimLegacy, freshProgress, withCompletion, type Progress } from '../../src/app/progress';

const level = (id: string, name: string) => JSON.stringify({ id, name });
// File numbers with gaps, given out of order: the catalogue sorts them.
const catalog = createLevelCatalog({
  'levels/10-swing-yard.json': level('swing-yard', 'Swing Yard'),
  'levels/01-tied-together.json': level('tied-together', 'Tied Together'),
  'levels/03-first-gap.json': level('first-gap', 'The First Gap'),
});
/** Progress with these levels of `cat` finished (by id; an id not in it is kept as it is). */
const doneIn = (cat: readonly LevelEntry[], ...ids: string[]): Progress => ({
  unlockAll: false,
  levels: Object.fromEntries(ids.map((id) => [cat.find((e) => e.id === id)?.key ?? id, { bestTicks: 600, bestDeaths: 0, fewestDeaths: 0, finishes: 1 }])),
});
const done = (...ids: string[]): Progress => doneIn(catalog, ...ids);
const keyOf = (id: string): string => catalog.find((e) => e.id === id)!.key;

describe('lock rules', () => {
  it('a fresh start opens only level 1', () => {
    expect(catalog.map((_, i) => isUnlocked(catalog, freshProgress(), i))).toEqual([true, false, false]);
  });

  it('finishing level N opens level N+1 and no further', () => {
    expect(catalog.map((_, i) => isUnlocked(catalog, done('tied-together'), i))).toEqual([true, true, false]);
    expect(catalog.map((_, i) => isUnlocked(catalog, done('tied-together', 'first-gap'), i))).toEqual([true, true, true]);
  });

  it('a level finished through a deep link opens the one after it even if earlier ones are not finished', () => {
    expect(catalog.map((_, i) => isUnlocked(catalog, done('first-gap'), i))).toEqual([true, false, true]);
  });

  it('unlock-all opens every level', () => {
    expect(catalog.map((_, i) => isUnlocked(catalog, { ...freshProgress(), unlockAll: true }, i))).toEqual([true, true, true]);
  });

  it('progress of a level id no longer in the campaign is ignored; out-of-range indices are locked', () => {
    const p = done('old-level');
    expect(catalog.map((_, i) => isUnlocked(catalog, p, i))).toEqual([true, false, false]);
    expect(isUnlocked(catalog, p, -1)).toBe(false);
    expect(isUnlocked(catalog, p, 3)).toBe(false);
  });

  it("a level's own `hasOwnProperty`-like id is not mistaken for a finished one", () => {
    const odd = createLevelCatalog({ 'levels/01-a.json': level('a', 'A'), 'levels/02-b.json': level('constructor', 'B'), 'levels/03-c.json': level('c', 'C') });
    expect(odd.map((_, i) => isUnlocked(odd, doneIn(odd, 'a'), i))).toEqual([true, true, false]);
  });
});

describe('campaign rows', () => {
  it('number by campaign position, with best time and finished flag', () => {
    const rows = campaignLevels(catalog, { unlockAll: false, levels: { [keyOf('tied-together')]: { bestTicks: 741, bestDeaths: 1, fewestDeaths: 1, finishes: 2 } } });
    expect(rows.map((r) => [r.position, r.entry.id, r.isUnlocked, r.isFinished, r.bestTicks])).toEqual([
      [1, 'tied-together', true, true, 741],
      [2, 'first-gap', true, false, null],
      [3, 'swing-yard', false, false, null],
    ]);
  });

  it('the cursor starts on the first open level not yet finished', () => {
    expect(firstUnfinished(catalog, freshProgress())).toBe(0);
    expect(firstUnfinished(catalog, done('tied-together'))).toBe(1);
    expect(firstUnfinished(catalog, done('tied-together', 'first-gap', 'swing-yard'))).toBe(0);
  });
});

describe('next level', () => {
  it('follows catalogue order and ends after the last level', () => {
    expect(nextLevel(catalog, keyOf('tied-together'))?.id).toBe('first-gap');
    expect(nextLevel(catalog, keyOf('first-gap'))?.id).toBe('swing-yard');
    expect(nextLevel(catalog, keyOf('swing-yard'))).toBeNull();
    expect(nextLevel(catalog, 'not-in-campaign')).toBeNull();
    expect(nextLevel(catalog, 'first-gap')).toBeNull(); // an id is not a key
  });
});

// Issue 18: two level files with the same id shared progress and best times, and "next level"
// after the copy opened the wrong level.
describe('a copied level file with the same id', () => {
  const copied = createLevelCatalog({
    'levels/01-tied-together.json': level('tied-together', 'Tied Together'),
    'levels/03-first-gap.json': level('first-gap', 'The First Gap'),
    'levels/10-swing-yard.json': level('swing-yard', 'Swing Yard'),
    'levels/11-first-gap.json': level('first-gap', 'My copy of the gap'),
  });
  const [tied, original, yard, copy] = copied;

  it('is its own level: its own key, row and record', () => {
    expect(new Set(copied.map((e) => e.key)).size).toBe(4);
    expect(copy.key).not.toBe(original.key);
    const p = withCompletion(freshProgress(), original.key, 700, 0).progress;
    const rows = campaignLevels(copied, p);
    expect(rows.map((r) => [r.entry.file, r.isFinished, r.bestTicks])).toEqual([
      ['01-tied-together.json', false, null], ['03-first-gap.json', true, 700],
      ['10-swing-yard.json', false, null], ['11-first-gap.json', false, null],
    ]);
    // Finishing the original opens swing-yard (after it), not the copy's successor.
    expect(rows.map((r) => r.isUnlocked)).toEqual([true, false, true, false]);
  });

  it('"next level" follows campaign order: after the original comes swing-yard, after the copy nothing', () => {
    expect(nextLevel(copied, original.key)?.file).toBe('10-swing-yard.json');
    expect(nextLevel(copied, copy.key)).toBeNull();
    expect(nextLevel(copied, tied.key)?.file).toBe('03-first-gap.json');
    expect(nextLevel(copied, yard.key)?.file).toBe('11-first-gap.json');
  });

  it('version 1\'s record of the id goes to the original (first in campaign order), never to the copy', () => {
    expect(legacyKeyOf(copied, 'first-gap')).toBe(original.key);
    expect(legacyKeyOf(copied, 'gone')).toBeNull();
    const v1 = { unlockAll: false, levels: { 'first-gap': { bestTicks: 800, bestDeaths: 1, fewestDeaths: 1, finishes: 3 }, gone: { bestTicks: 5, bestDeaths: 0, fewestDeaths: 0, finishes: 1 } } };
    const claimed = claimLegacy(v1, (id) => legacyKeyOf(copied, id));
    expect(claimed.levels).toEqual({ [original.key]: v1.levels['first-gap'], gone: v1.levels.gone });
    expect(campaignLevels(copied, claimed).map((r) => r.bestTicks)).toEqual([null, 800, null, null]);
  });

  it('a record kept under a renumbered file (05-swing-yard.json, now 10-swing-yard.json) follows its level by id', () => {
    const yardKey = copied.find((e) => e.id === 'swing-yard')!.key;
    expect(legacyKeyOf(copied, '05-swing-yard.json#swing-yard')).toBe(yardKey);
    expect(legacyKeyOf(copied, yardKey)).toBeNull(); // a current key stays where it is
    expect(legacyKeyOf(copied, copy.key)).toBeNull(); // the copy's own record is not the original's
    expect(legacyKeyOf(copied, '07-gone.json#gone')).toBeNull();
    const old = { unlockAll: false, levels: { '05-swing-yard.json#swing-yard': { bestTicks: 900, bestDeaths: 2, fewestDeaths: 1, finishes: 2 } } };
    const claimed = claimLegacy(old, (id) => legacyKeyOf(copied, id));
    expect(claimed.levels).toEqual({ [yardKey]: old.levels['05-swing-yard.json#swing-yard'] });
  });

  it('?level= names the copy by its file, since its id opens the original', () => {
    expect(levelQueryOf(copied, original)).toBe('first-gap');
    expect(levelQueryOf(copied, copy)).toBe('11-first-gap');
    expect(findLevel(copied, '11-first-gap')).toBe(copy);
    expect(findLevel(copied, '11-first-gap.json')).toBe(copy);
    expect(findLevel(copied, 'first-gap')).toBe(original);
  });
});

describe('formatTicks', () => {
  it('shows seconds with two decimals', () => {
    expect(formatTicks(741)).toBe('12.35 s');
    expect(formatTicks(60)).toBe('1.00 s');
    expect(formatTicks(816)).toBe('13.60 s');
  });
});
