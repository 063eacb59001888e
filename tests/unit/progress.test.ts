// Campaign progress in localStorage: whatever the storage holds or does, the game reads a usable
// progress and keeps the player's results at least in memory.
import { describe, expect, it } from 'vitest';
import {
  PROGRESS_KEY, createProgressStore, freshProgress, parseProgress, serializeProgress, type StorageLike,
} from '../../src/app/progress';

/** A Map-backed Storage; `quotaAfter` makes every setItem after that many succeed-calls throw. */
function memoryStorage(initial: Record<string, string> = {}, quotaAfter = Infinity): StorageLike & { data: Map<string, string>; writes: number } {
  const data = new Map(Object.entries(initial));
  const s = {
    data,
    writes: 0,
    getItem: (k: string) => data.get(k) ?? null,
    setItem(k: string, v: string) {
      if (s.writes >= quotaAfter) {
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      }
      s.writes++;
      data.set(k, v);
    },
  };
  return s;
}

describe('parseProgress', () => {
  it('reads back what serializeProgress wrote', () => {
    const p = { unlockAll: true, levels: { 'first-gap': { bestTicks: 741, bestDeaths: 2, finishes: 3 } } };
    expect(parseProgress(serializeProgress(p))).toEqual(p);
  });

  it.each([
    ['missing', null],
    ['not JSON', '{"version":1,'],
    ['JSON null', 'null'],
    ['an array', '[1,2]'],
    ['another version', JSON.stringify({ version: 2, unlockAll: true, levels: {} })],
    ['no version', JSON.stringify({ unlockAll: true, levels: {} })],
    ['unlockAll not a boolean', JSON.stringify({ version: 1, unlockAll: 'yes', levels: {} })],
    ['levels not an object', JSON.stringify({ version: 1, unlockAll: true, levels: 'all' })],
  ])('%s -> a fresh start', (_name, text) => {
    expect(parseProgress(text)).toEqual(freshProgress());
  });

  it('drops a malformed level record and keeps the others', () => {
    const text = JSON.stringify({
      version: 1,
      unlockAll: false,
      levels: {
        good: { bestTicks: 600, bestDeaths: 0, finishes: 1 },
        negative: { bestTicks: -5, bestDeaths: 0, finishes: 1 },
        fraction: { bestTicks: 60.5, bestDeaths: 0, finishes: 1 },
        huge: { bestTicks: 1e309, bestDeaths: 0, finishes: 1 },
        zero: { bestTicks: 0, bestDeaths: 0, finishes: 1 },
        text: 'fast',
      },
    });
    expect(parseProgress(text).levels).toEqual({ good: { bestTicks: 600, bestDeaths: 0, finishes: 1 } });
  });
});

describe('createProgressStore', () => {
  it('round trip: a completion and the switch are stored under the versioned key and read by a new store', () => {
    const storage = memoryStorage();
    const store = createProgressStore(() => storage);
    expect(store.progress).toEqual(freshProgress());
    const first = store.recordCompletion('first-gap', 900, 3);
    expect(first).toEqual({ previousBestTicks: null, isNewBest: true, record: { bestTicks: 900, bestDeaths: 3, finishes: 1 } });
    store.setUnlockAll(true);
    expect(JSON.parse(storage.data.get(PROGRESS_KEY)!)).toEqual({
      version: 1, unlockAll: true, levels: { 'first-gap': { bestTicks: 900, bestDeaths: 3, finishes: 1 } },
    });
    const again = createProgressStore(() => storage);
    expect(again.progress).toEqual({ unlockAll: true, levels: { 'first-gap': { bestTicks: 900, bestDeaths: 3, finishes: 1 } } });
    expect(again.isPersistent).toBe(true);
  });

  it('keeps the best time: a slower run only counts a finish, a faster one replaces time and deaths', () => {
    const store = createProgressStore(() => memoryStorage());
    store.recordCompletion('swing-yard', 800, 1);
    const slower = store.recordCompletion('swing-yard', 950, 0);
    expect(slower).toEqual({ previousBestTicks: 800, isNewBest: false, record: { bestTicks: 800, bestDeaths: 1, finishes: 2 } });
    const faster = store.recordCompletion('swing-yard', 700, 4);
    expect(faster).toEqual({ previousBestTicks: 800, isNewBest: true, record: { bestTicks: 700, bestDeaths: 4, finishes: 3 } });
  });

  it('corrupt JSON in storage starts fresh and is overwritten by the next save', () => {
    const storage = memoryStorage({ [PROGRESS_KEY]: '{not json' });
    const store = createProgressStore(() => storage);
    expect(store.progress).toEqual(freshProgress());
    store.recordCompletion('a', 100, 0);
    expect(parseProgress(storage.data.get(PROGRESS_KEY)!)).toEqual({ unlockAll: false, levels: { a: { bestTicks: 100, bestDeaths: 0, finishes: 1 } } });
  });

  it('a wrong version starts fresh', () => {
    const storage = memoryStorage({ [PROGRESS_KEY]: JSON.stringify({ version: 99, unlockAll: true, levels: { a: { bestTicks: 1, bestDeaths: 0, finishes: 1 } } }) });
    expect(createProgressStore(() => storage).progress).toEqual(freshProgress());
  });

  it('storage that throws on access (Safari private mode, blocked cookies) plays on in memory', () => {
    const store = createProgressStore(() => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    });
    expect(store.progress).toEqual(freshProgress());
    expect(store.isPersistent).toBe(false);
    store.recordCompletion('first-gap', 500, 0);
    store.setUnlockAll(true);
    expect(store.progress).toEqual({ unlockAll: true, levels: { 'first-gap': { bestTicks: 500, bestDeaths: 0, finishes: 1 } } });
  });

  it('getItem that throws reads as a fresh start', () => {
    const store = createProgressStore(() => ({
      getItem() { throw new Error('denied'); },
      setItem() { throw new Error('denied'); },
    }));
    expect(store.progress).toEqual(freshProgress());
    expect(() => store.recordCompletion('x', 10, 0)).not.toThrow();
    expect(store.progress.levels.x.bestTicks).toBe(10);
  });

  it('no storage at all keeps progress in memory', () => {
    const store = createProgressStore(() => null);
    store.recordCompletion('x', 10, 1);
    expect(store.progress.levels.x).toEqual({ bestTicks: 10, bestDeaths: 1, finishes: 1 });
    expect(store.isPersistent).toBe(false);
  });

  it('a full storage (QuotaExceededError) keeps the new progress in memory and says it is not persistent', () => {
    const storage = memoryStorage({}, 1);
    const store = createProgressStore(() => storage);
    store.recordCompletion('first-gap', 900, 0);
    expect(store.isPersistent).toBe(true);
    const stored = storage.data.get(PROGRESS_KEY);
    expect(() => store.recordCompletion('swing-yard', 1200, 2)).not.toThrow();
    expect(store.isPersistent).toBe(false);
    expect(store.progress.levels['swing-yard']).toEqual({ bestTicks: 1200, bestDeaths: 2, finishes: 1 });
    expect(store.progress.levels['first-gap']).toEqual({ bestTicks: 900, bestDeaths: 0, finishes: 1 });
    // The last good write is still there; nothing half-written.
    expect(storage.data.get(PROGRESS_KEY)).toBe(stored);
  });

  it('progress is keyed by level id, so renumbering the files keeps it', () => {
    const storage = memoryStorage();
    createProgressStore(() => storage).recordCompletion('first-gap', 741, 0);
    expect(Object.keys(JSON.parse(storage.data.get(PROGRESS_KEY)!).levels)).toEqual(['first-gap']);
  });
});

describe('level ids that are also Object.prototype names', () => {
  it('`__proto__` and `constructor` are stored and read as plain level ids', () => {
    const storage = memoryStorage();
    const store = createProgressStore(() => storage);
    expect(store.recordCompletion('constructor', 100, 0).previousBestTicks).toBeNull();
    store.recordCompletion('__proto__', 200, 1);
    const again = createProgressStore(() => storage).progress;
    expect(Object.getPrototypeOf(again.levels)).toBe(Object.prototype);
    expect(Object.keys(again.levels).sort()).toEqual(['__proto__', 'constructor']);
    expect(again.levels.constructor).toEqual({ bestTicks: 100, bestDeaths: 0, finishes: 1 });
  });
});
