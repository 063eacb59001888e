// Campaign rules: which levels the level select lets a player start, and what comes next.
import { describe, expect, it } from 'vitest';
import { campaignLevels, firstUnfinished, formatTicks, isUnlocked, nextLevel } from '../../src/app/campaign';
import { createLevelCatalog } from '../../src/app/levelCatalog';
import { freshProgress, type Progress } from '../../src/app/progress';

const level = (id: string, name: string) => JSON.stringify({ id, name });
// File numbers with gaps, given out of order: the catalogue sorts them.
const catalog = createLevelCatalog({
  'levels/05-swing-yard.json': level('swing-yard', 'Swing Yard'),
  'levels/01-tied-together.json': level('tied-together', 'Tied Together'),
  'levels/03-first-gap.json': level('first-gap', 'The First Gap'),
});
const done = (...ids: string[]): Progress => ({
  unlockAll: false,
  levels: Object.fromEntries(ids.map((id) => [id, { bestTicks: 600, bestDeaths: 0, finishes: 1 }])),
});

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
    expect(odd.map((_, i) => isUnlocked(odd, done('a'), i))).toEqual([true, true, false]);
  });
});

describe('campaign rows', () => {
  it('number by campaign position, with best time and finished flag', () => {
    const rows = campaignLevels(catalog, { unlockAll: false, levels: { 'tied-together': { bestTicks: 741, bestDeaths: 1, finishes: 2 } } });
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
    expect(nextLevel(catalog, 'tied-together')?.id).toBe('first-gap');
    expect(nextLevel(catalog, 'first-gap')?.id).toBe('swing-yard');
    expect(nextLevel(catalog, 'swing-yard')).toBeNull();
    expect(nextLevel(catalog, 'not-in-campaign')).toBeNull();
  });
});

describe('formatTicks', () => {
  it('shows seconds with two decimals', () => {
    expect(formatTicks(741)).toBe('12.35 s');
    expect(formatTicks(60)).toBe('1.00 s');
    expect(formatTicks(816)).toBe('13.60 s');
  });
});
