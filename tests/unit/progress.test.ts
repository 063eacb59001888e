// Campaign progress in localStorage: whatever the storage holds or does, the game reads every part
// it can, keeps the player's results at least in memory, says when they are not saved, and never
// overwrites a record it could not read without keeping a copy of it.
import { describe, expect, it } from 'vitest';
import {
  PROGRESS_BACKUP_KEY, PROGRESS_KEY, PROGRESS_KEY_V1, createProgressStore, freshProgress, parseProgress, parseProgressV1,
  progressStorageNote, serializeProgress, type LevelRecord, type Progress, type StorageLike,
} from '../../src/app/progress';
import { truncations } from '../../tools/scenarios/hostileText';

/** A Map-backed Storage; `quotaAfter` makes every setItem after that many successful calls throw. */
function memoryStorage(initial: Record<string, string> = {}, quotaAfter = Infinity): StorageLike & { data: Map<string, string>; writes: string[] } {
  const data = new Map(Object.entries(initial));
  const s = {
    data,
    writes: [] as string[],
    getItem: (k: string) => data.get(k) ?? null,
    setItem(k: string, v: string) {
      if (s.writes.length >= quotaAfter) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      s.writes.push(k);
      data.set(k, v);
    },
  };
  return s;
}

const rec = (bestTicks: number, bestDeaths = 0, finishes = 1): LevelRecord => ({ bestTicks, bestDeaths, fewestDeaths: bestDeaths, finishes });
/** A real record as the game writes it: eight campaign levels, the switch on. */
const REAL: Progress = {
  unlockAll: true,
  levels: {
    '01-tied-together.json#tied-together': rec(1234, 2, 3),
    '02-rappel.json#rappel': rec(2345, 0, 1),
    '03-first-gap.json#first-gap': rec(816, 1, 12),
    '09-crate-gates.json#crate-gates': rec(1999, 4, 2),
    '10-swing-yard.json#swing-yard': rec(1500, 0, 7),
    '17-breaking-point.json#breaking-point': rec(3100, 9, 1),
    '18-sky-ferry.json#sky-ferry': rec(2404, 3, 1),
    '24-finale.json#finale': rec(9999, 20, 1),
  },
};
const REAL_TEXT = serializeProgress(REAL);

describe('parseProgress', () => {
  it('reads back what serializeProgress wrote', () => {
    expect(parseProgress(REAL_TEXT)).toEqual({ progress: REAL, state: 'ok' });
    expect(parseProgress(null)).toEqual({ progress: freshProgress(), state: 'empty' });
  });

  it.each([
    ['JSON null', 'null'],
    ['an array', '[1,2]'],
    ['no version', JSON.stringify({ unlockAll: true, levels: {} })],
    ['unlockAll not a boolean', JSON.stringify({ version: 2, unlockAll: 'yes', levels: {} })],
    ['levels not an object', JSON.stringify({ version: 2, unlockAll: true, levels: 'all' })],
    ['levels an array', JSON.stringify({ version: 2, unlockAll: true, levels: [rec(5)] })],
    ['an older version under this key', JSON.stringify({ version: 1, unlockAll: true, levels: {} })],
  ])('%s -> damaged (copied before it is overwritten), with nothing wrongly read', (_name, text) => {
    const read = parseProgress(text);
    expect(read.state).toBe('damaged');
    expect(read.progress.levels).toEqual({});
  });

  it('a newer version is not read (a newer game may mean something else by it)', () => {
    const read = parseProgress(JSON.stringify({ version: 3, unlockAll: true, levels: { a: rec(5) } }));
    expect(read).toEqual({ progress: freshProgress(), state: 'newer' });
  });

  it('wrong types: a malformed level record is dropped, the others and the switch are kept', () => {
    const text = JSON.stringify({
      version: 2,
      unlockAll: true,
      levels: {
        good: rec(600),
        negative: { bestTicks: -5, bestDeaths: 0, finishes: 1 },
        fraction: { bestTicks: 60.5, bestDeaths: 0, finishes: 1 },
        huge: { bestTicks: 1e309, bestDeaths: 0, finishes: 1 },
        zero: { bestTicks: 0, bestDeaths: 0, finishes: 1 },
        strings: { bestTicks: '600', bestDeaths: '0', finishes: '1' },
        nulls: { bestTicks: null, bestDeaths: null, finishes: null },
        missing: { bestTicks: 600 },
        text: 'fast',
        list: [600, 0, 1],
        alsoGood: rec(700, 1, 2),
      },
    });
    expect(parseProgress(text)).toEqual({ progress: { unlockAll: true, levels: { good: rec(600), alsoGood: rec(700, 1, 2) } }, state: 'damaged' });
  });

  it('truncated at every byte of a real record: every whole level record before the cut is kept, nothing else, nothing wrong', () => {
    expect(REAL_TEXT).toMatch(/^[\x20-\x7e]+$/); // ASCII: characters are bytes
    const entries = Object.entries(REAL.levels);
    for (const cut of truncations(REAL_TEXT)) {
      const read = parseProgress(cut);
      expect(read.state).toBe('damaged');
      const whole = entries.filter(([key, r]) => cut.includes(`${JSON.stringify(key)}:${JSON.stringify(r)}`));
      expect(read.progress.levels, `cut at ${cut.length}`).toEqual(Object.fromEntries(whole));
      // The switch is read only when its value was there in full.
      expect(read.progress.unlockAll).toBe(cut.includes('"unlockAll":true'));
    }
  });

  it('a damaged byte in the middle costs only the record it hit: the records after it are still read', () => {
    const at = REAL_TEXT.indexOf('"09-crate-gates.json#crate-gates"') + 20;
    const damaged = `${REAL_TEXT.slice(0, at)}\u0000${REAL_TEXT.slice(at + 1)}`;
    const read = parseProgress(damaged);
    expect(read.state).toBe('damaged');
    const expected = { ...REAL.levels } as Record<string, LevelRecord>;
    delete expected['09-crate-gates.json#crate-gates'];
    expect(read.progress.levels).toEqual(expected);
  });

  it('version 1 (levels by bare id) reads as migrated, its keys as they were', () => {
    const v1 = JSON.stringify({ version: 1, unlockAll: false, levels: { 'first-gap': rec(741, 2, 3) } });
    expect(parseProgressV1(v1)).toEqual({ progress: { unlockAll: false, levels: { 'first-gap': rec(741, 2, 3) } }, state: 'migrated' });
  });
});

describe('createProgressStore', () => {
  it('round trip: a completion and the switch are stored under the versioned key and read by a new store', () => {
    const storage = memoryStorage();
    const store = createProgressStore(() => storage);
    expect(store.progress).toEqual(freshProgress());
    expect(store.readState).toBe('empty');
    const first = store.recordCompletion('03-first-gap.json#first-gap', 900, 3);
    expect(first).toEqual({ previousBestTicks: null, isNewBest: true, record: rec(900, 3, 1), isSaved: true });
    store.setUnlockAll(true);
    expect(JSON.parse(storage.data.get(PROGRESS_KEY)!)).toEqual({
      version: 2, unlockAll: true, levels: { '03-first-gap.json#first-gap': rec(900, 3, 1) },
    });
    const again = createProgressStore(() => storage);
    expect(again.progress).toEqual({ unlockAll: true, levels: { '03-first-gap.json#first-gap': rec(900, 3, 1) } });
    expect(again.isPersistent).toBe(true);
    expect(again.readState).toBe('ok');
    expect(progressStorageNote(again)).toBeNull();
  });

  it('keeps the best time and the fewest deaths: a slower run counts a finish and may lower the deaths, a faster one replaces time and its deaths', () => {
    const store = createProgressStore(() => memoryStorage());
    store.recordCompletion('swing-yard', 800, 1);
    const slower = store.recordCompletion('swing-yard', 950, 0);
    expect(slower).toEqual({ previousBestTicks: 800, isNewBest: false, record: { ...rec(800, 1, 2), fewestDeaths: 0 }, isSaved: true });
    const faster = store.recordCompletion('swing-yard', 700, 4);
    expect(faster).toEqual({ previousBestTicks: 800, isNewBest: true, record: { ...rec(700, 4, 3), fewestDeaths: 0 }, isSaved: true });
  });

  it('a record stored before fewest deaths existed reads them as its best run\'s; one claiming more than that is capped', () => {
    const text = JSON.stringify({ version: 2, unlockAll: false, levels: {
      'a.json#a': { bestTicks: 900, bestDeaths: 3, finishes: 2 },
      'b.json#b': { bestTicks: 900, bestDeaths: 2, fewestDeaths: 7, finishes: 2 },
    } });
    const read = parseProgress(text).progress;
    expect(read.levels['a.json#a'].fewestDeaths).toBe(3);
    expect(read.levels['b.json#b'].fewestDeaths).toBe(2);
  });

  it('a damaged fewest-deaths value falls back to the best run\'s deaths and keeps the record', () => {
    for (const bad of [null, -1, 1.5, '2', 1e12, {}]) {
      const text = JSON.stringify({ version: 2, unlockAll: false, levels: { 'a.json#a': { bestTicks: 900, bestDeaths: 3, fewestDeaths: bad, finishes: 2 } } });
      const rec = parseProgress(text).progress.levels['a.json#a'];
      expect(rec, JSON.stringify(bad)).toEqual({ bestTicks: 900, bestDeaths: 3, fewestDeaths: 3, finishes: 2 });
    }
  });

  it('keeps the most gems collected in one clear, stores it, and reads a missing or damaged count as none', () => {
    const storage = memoryStorage();
    const store = createProgressStore(() => storage);
    store.recordCompletion('swing-yard', 800, 1, 2);
    expect(store.recordCompletion('swing-yard', 700, 0, 1).record).toMatchObject({ bestTicks: 700, mostGems: 2 }); // faster, fewer gems
    expect(store.recordCompletion('swing-yard', 900, 0, 3).record).toMatchObject({ bestTicks: 700, mostGems: 3 });
    expect(createProgressStore(() => storage).progress.levels['swing-yard'].mostGems).toBe(3); // saved, read back
    // A level without gems keeps its record as it was before gems existed: no field at all.
    expect(store.recordCompletion('first-gap', 900, 0).record).toEqual(rec(900));
    for (const bad of [null, -1, 1.5, '2', 17, {}]) {
      const text = JSON.stringify({ version: 2, unlockAll: false, levels: { 'a.json#a': { bestTicks: 900, bestDeaths: 3, finishes: 2, mostGems: bad } } });
      expect(parseProgress(text).progress.levels['a.json#a'], JSON.stringify(bad)).toEqual({ bestTicks: 900, bestDeaths: 3, fewestDeaths: 3, finishes: 2 });
    }
  });

  it('a damaged record: its readable records are kept, and the first save copies it to the backup key first', () => {
    const cut = REAL_TEXT.slice(0, REAL_TEXT.indexOf('"10-swing-yard'));
    const storage = memoryStorage({ [PROGRESS_KEY]: cut });
    const store = createProgressStore(() => storage);
    expect(store.readState).toBe('damaged');
    expect(Object.keys(store.progress.levels)).toEqual(Object.keys(REAL.levels).slice(0, 4));
    expect(progressStorageNote(store)).toMatch(/damaged: every level result that could still be read is back/);
    expect(storage.writes).toEqual([]); // reading never writes
    store.recordCompletion('10-swing-yard.json#swing-yard', 1400, 0);
    expect(storage.writes).toEqual([PROGRESS_BACKUP_KEY, PROGRESS_KEY]);
    expect(storage.data.get(PROGRESS_BACKUP_KEY)).toBe(cut);
    expect(store.isBackedUp).toBe(true);
    const saved = parseProgress(storage.data.get(PROGRESS_KEY)!);
    expect(saved.state).toBe('ok');
    expect(Object.keys(saved.progress.levels)).toEqual([...Object.keys(REAL.levels).slice(0, 4), '10-swing-yard.json#swing-yard']);
    // Later saves do not copy again.
    store.setUnlockAll(!store.progress.unlockAll);
    expect(storage.writes).toEqual([PROGRESS_BACKUP_KEY, PROGRESS_KEY, PROGRESS_KEY]);
  });

  it('truncated at every byte: the store never overwrites the record before a copy of it is kept', () => {
    for (const cut of truncations(REAL_TEXT).filter((_, n) => n % 7 === 0)) {
      const storage = memoryStorage({ [PROGRESS_KEY]: cut });
      const store = createProgressStore(() => storage);
      store.recordCompletion('09-new.json#new', 100, 0);
      expect(storage.data.get(PROGRESS_BACKUP_KEY)).toBe(cut);
      expect(storage.writes).toEqual([PROGRESS_BACKUP_KEY, PROGRESS_KEY]);
      expect(parseProgress(storage.data.get(PROGRESS_KEY)!).progress.levels['09-new.json#new']).toEqual(rec(100));
    }
  });

  it('a damaged record whose copy cannot be written (storage full) is left as it was; progress is kept for the session', () => {
    const storage = memoryStorage({ [PROGRESS_KEY]: '{"version":2,"unlockAll":tr' }, 0);
    const store = createProgressStore(() => storage);
    const result = store.recordCompletion('a', 100, 0);
    expect(result.isSaved).toBe(false);
    expect(store.saveProblem).toBe('full');
    expect(storage.data.get(PROGRESS_KEY)).toBe('{"version":2,"unlockAll":tr');
    expect(storage.data.has(PROGRESS_BACKUP_KEY)).toBe(false);
    expect(store.progress.levels.a).toEqual(rec(100));
  });

  it('a newer version is kept: copied before the first save overwrites it', () => {
    const newer = JSON.stringify({ version: 3, unlockAll: true, levels: { a: rec(1) } });
    const storage = memoryStorage({ [PROGRESS_KEY]: newer });
    const store = createProgressStore(() => storage);
    expect(store.readState).toBe('newer');
    expect(store.progress).toEqual(freshProgress());
    expect(progressStorageNote(store)).toMatch(/newer version/);
    store.setUnlockAll(true);
    expect(storage.data.get(PROGRESS_BACKUP_KEY)).toBe(newer);
  });

  it('version 1\'s record is read when there is no version 2 one, claimed by level key, and never written', () => {
    const v1 = JSON.stringify({ version: 1, unlockAll: true, levels: { 'first-gap': rec(741, 2, 3), gone: rec(5) } });
    const storage = memoryStorage({ [PROGRESS_KEY_V1]: v1 });
    const store = createProgressStore(() => storage, { legacyKeyOf: (id) => (id === 'first-gap' ? '03-first-gap.json#first-gap' : null) });
    expect(store.readState).toBe('migrated');
    expect(store.progress).toEqual({ unlockAll: true, levels: { gone: rec(5), '03-first-gap.json#first-gap': rec(741, 2, 3) } });
    store.recordCompletion('03-first-gap.json#first-gap', 700, 0);
    expect(storage.data.get(PROGRESS_KEY_V1)).toBe(v1); // left for older builds
    expect(storage.writes).toEqual([PROGRESS_KEY]);
    const again = createProgressStore(() => storage, { legacyKeyOf: () => null });
    expect(again.readState).toBe('ok');
    expect(again.progress.levels['03-first-gap.json#first-gap']).toEqual(rec(700, 0, 4));
    expect(again.progress.levels.gone).toEqual(rec(5)); // unclaimed: kept for a later build
  });

  it('a truncated version 1 record keeps its whole records', () => {
    const v1 = JSON.stringify({ version: 1, unlockAll: false, levels: { a: rec(10), b: rec(20) } });
    const storage = memoryStorage({ [PROGRESS_KEY_V1]: v1.slice(0, v1.indexOf('"b"') + 12) });
    const store = createProgressStore(() => storage);
    expect(store.progress.levels).toEqual({ a: rec(10) });
  });

  it('storage that throws on access (Safari private mode, blocked cookies) plays on in memory and says why', () => {
    const store = createProgressStore(() => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    });
    expect(store.progress).toEqual(freshProgress());
    expect(store.isPersistent).toBe(false);
    expect(store.saveProblem).toBe('blocked');
    expect(store.recordCompletion('first-gap', 500, 0).isSaved).toBe(false);
    store.setUnlockAll(true);
    expect(store.progress).toEqual({ unlockAll: true, levels: { 'first-gap': rec(500) } });
    expect(progressStorageNote(store)).toMatch(/can't be saved in this browser \(it does not let the game store anything\)/);
  });

  it('getItem that throws: nothing is ever written over the record it could not read', () => {
    let writes = 0;
    const store = createProgressStore(() => ({
      getItem() { throw new Error('denied'); },
      setItem() { writes++; },
    }));
    expect(store.progress).toEqual(freshProgress());
    expect(() => store.recordCompletion('x', 10, 0)).not.toThrow();
    expect(store.progress.levels.x.bestTicks).toBe(10);
    expect(writes).toBe(0);
    expect(store.saveProblem).toBe('blocked');
  });

  it('no storage at all keeps progress in memory', () => {
    const store = createProgressStore(() => null);
    store.recordCompletion('x', 10, 1);
    expect(store.progress.levels.x).toEqual(rec(10, 1, 1));
    expect(store.isPersistent).toBe(false);
  });

  it('a full storage (QuotaExceededError) keeps the new progress in memory, says so, and saves again once there is room', () => {
    const storage = memoryStorage({}, 1);
    const store = createProgressStore(() => storage);
    expect(store.recordCompletion('first-gap', 900, 0).isSaved).toBe(true);
    expect(store.isPersistent).toBe(true);
    const stored = storage.data.get(PROGRESS_KEY);
    const full = store.recordCompletion('swing-yard', 1200, 2);
    expect(full.isSaved).toBe(false);
    expect(store.isPersistent).toBe(false);
    expect(store.saveProblem).toBe('full');
    expect(progressStorageNote(store)).toMatch(/storage is full/);
    expect(store.progress.levels['swing-yard']).toEqual(rec(1200, 2, 1));
    expect(store.progress.levels['first-gap']).toEqual(rec(900));
    // The last good write is still there; nothing half-written.
    expect(storage.data.get(PROGRESS_KEY)).toBe(stored);
    // Room again (the player cleared site data of another page): the next save writes everything.
    storage.writes.length = 0;
    expect(store.recordCompletion('rappel', 300, 0).isSaved).toBe(true);
    expect(store.saveProblem).toBeNull();
    expect(Object.keys(parseProgress(storage.data.get(PROGRESS_KEY)!).progress.levels).sort()).toEqual(['first-gap', 'rappel', 'swing-yard']);
  });

  it('a write that throws something other than a quota error is "failed"', () => {
    const store = createProgressStore(() => ({ getItem: () => null, setItem() { throw new TypeError('revoked'); } }));
    expect(store.recordCompletion('a', 1, 0).isSaved).toBe(false);
    expect(store.saveProblem).toBe('failed');
  });
});

describe('level keys that are also Object.prototype names', () => {
  it('`__proto__` and `constructor` are stored and read as plain keys', () => {
    const storage = memoryStorage();
    const store = createProgressStore(() => storage);
    expect(store.recordCompletion('constructor', 100, 0).previousBestTicks).toBeNull();
    store.recordCompletion('__proto__', 200, 1);
    const again = createProgressStore(() => storage).progress;
    expect(Object.getPrototypeOf(again.levels)).toBe(Object.prototype);
    expect(Object.keys(again.levels).sort()).toEqual(['__proto__', 'constructor']);
    expect(again.levels.constructor).toEqual(rec(100));
  });
});
