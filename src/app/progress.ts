// The player's campaign progress (levels finished, best times, the designers' unlock-all switch)
// and how it is kept in localStorage under one versioned key. Whatever the storage does (missing,
// throwing on access as in Safari private mode, full, holding junk from an older build) the game
// keeps going: bad data reads as a fresh start, a failed write keeps the progress in memory.
// Progress is keyed by the level's `id` field, not its file number, so renumbering files keeps it.

import * as v from 'valibot';

export const PROGRESS_KEY = 'ropebound.progress.v1';
export const PROGRESS_VERSION = 1;

/** The best finished run of one level. */
export interface LevelRecord {
  /** Ticks from the start to completion of the best run ((completedTick + 1), 60 per second). */
  bestTicks: number;
  /** Deaths during that best run. */
  bestDeaths: number;
  /** How many times the level has been finished. */
  finishes: number;
}

export interface Progress {
  /** Designers' switch: every level is open. */
  unlockAll: boolean;
  /** Finished levels by level id. */
  levels: Readonly<Record<string, LevelRecord>>;
}

/** The subset of `Storage` the store uses; tests hand in fakes that throw or fill up. */
export interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

const count = (max: number) => v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(max));
// 10^9 ticks is 193 days: anything larger is not a time a player made.
const levelRecordSchema = v.object({ bestTicks: v.pipe(count(1e9), v.minValue(1)), bestDeaths: count(1e9), finishes: count(1e9) });
const envelopeSchema = v.object({
  version: v.literal(PROGRESS_VERSION),
  unlockAll: v.boolean(),
  // Checked key by key below: v.record would silently drop ids such as `constructor`.
  levels: v.custom<Record<string, unknown>>((x) => typeof x === 'object' && x !== null && !Array.isArray(x)),
});

export function freshProgress(): Progress {
  return { unlockAll: false, levels: {} };
}

/**
 * Stored text -> progress. Not JSON, another version or the wrong shape -> a fresh start; a single
 * malformed level record is dropped and the rest is kept.
 */
export function parseProgress(text: string | null): Progress {
  if (text === null) return freshProgress();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return freshProgress();
  }
  const envelope = v.safeParse(envelopeSchema, json);
  if (!envelope.success) return freshProgress();
  const levels: [string, LevelRecord][] = [];
  for (const [id, value] of Object.entries(envelope.output.levels)) {
    if (id.length > 200) continue;
    const record = v.safeParse(levelRecordSchema, value);
    if (record.success) levels.push([id, { bestTicks: record.output.bestTicks, bestDeaths: record.output.bestDeaths, finishes: record.output.finishes }]);
  }
  // fromEntries defines own properties: an id such as `__proto__` stays a plain key.
  return { unlockAll: envelope.output.unlockAll, levels: Object.fromEntries(levels) };
}

/** The record of `levelId`, or undefined (own keys only: `constructor` is not a finished level). */
export function levelRecord(progress: Progress, levelId: string): LevelRecord | undefined {
  return Object.prototype.hasOwnProperty.call(progress.levels, levelId) ? progress.levels[levelId] : undefined;
}

export function serializeProgress(progress: Progress): string {
  return JSON.stringify({ version: PROGRESS_VERSION, unlockAll: progress.unlockAll, levels: progress.levels });
}

/** What finishing a level did to its record. */
export interface CompletionResult {
  /** The best time before this run, ticks, or null on a first finish. */
  previousBestTicks: number | null;
  /** This run is the (new) best: first finish or faster than the old best. */
  isNewBest: boolean;
  record: LevelRecord;
}

/** Progress after finishing `levelId` in `ticks` with `deaths` deaths (pure: returns new objects). */
export function withCompletion(progress: Progress, levelId: string, ticks: number, deaths: number): { progress: Progress; result: CompletionResult } {
  const old = levelRecord(progress, levelId);
  const isNewBest = !old || ticks < old.bestTicks;
  const record: LevelRecord = isNewBest
    ? { bestTicks: ticks, bestDeaths: deaths, finishes: (old?.finishes ?? 0) + 1 }
    : { ...old, finishes: old.finishes + 1 };
  return {
    progress: { ...progress, levels: { ...progress.levels, [levelId]: record } },
    result: { previousBestTicks: old ? old.bestTicks : null, isNewBest, record },
  };
}

export interface ProgressStore {
  readonly progress: Progress;
  /** False while the progress lives only in memory (no storage, or the last write failed). */
  readonly isPersistent: boolean;
  recordCompletion(levelId: string, ticks: number, deaths: number): CompletionResult;
  setUnlockAll(isOn: boolean): void;
}

/**
 * Reads the progress once from `getStorage()` and writes it back after every change. `getStorage`
 * is a function because merely touching `window.localStorage` throws where storage is blocked.
 */
export function createProgressStore(getStorage: () => StorageLike | null | undefined): ProgressStore {
  let storage: StorageLike | null = null;
  let progress = freshProgress();
  try {
    storage = getStorage() ?? null;
    progress = parseProgress(storage ? storage.getItem(PROGRESS_KEY) : null);
  } catch {
    storage = null; // access denied: play on with progress in memory
  }
  let isPersistent = storage !== null;

  const save = (): void => {
    if (!storage) return;
    try {
      storage.setItem(PROGRESS_KEY, serializeProgress(progress));
      isPersistent = true;
    } catch {
      // QuotaExceededError or a revoked storage: the progress stays in memory for this session.
      isPersistent = false;
    }
  };

  return {
    get progress() {
      return progress;
    },
    get isPersistent() {
      return isPersistent;
    },
    recordCompletion(levelId, ticks, deaths) {
      const next = withCompletion(progress, levelId, ticks, deaths);
      progress = next.progress;
      save();
      return next.result;
    },
    setUnlockAll(isOn) {
      if (progress.unlockAll === isOn) return;
      progress = { ...progress, unlockAll: isOn };
      save();
    },
  };
}
