// The player's campaign progress (levels finished, best times, the designers' unlock-all switch)
// and how it is kept in localStorage. Whatever the storage does the game keeps going and nothing
// the player had is lost: a damaged record keeps every level record that still validates, and is
// copied under PROGRESS_BACKUP_KEY before it is first overwritten (storedRecord.ts); a failed
// write keeps the progress for the session and says why (`saveProblem`).
//
// Records are keyed by the level's key (campaign.ts levelKey: its file and its id, so a copied
// level file with the same id never reads another level's records). Version 1 (PROGRESS_KEY_V1)
// keyed them by bare level id: it is read once when there is no version 2 record, never written
// again (it stays as it was, a copy for older builds), and its records keep their bare ids until
// `claimLegacy` gives each to the first campaign level with that id.

import * as v from 'valibot';
import { parseJsonPrefix } from './partialJson';
import { openStoredRecord, type SaveProblem, type StorageLike } from './storedRecord';
import { MAX_GEMS } from '../sim';

export type { SaveProblem, StorageLike } from './storedRecord';

export const PROGRESS_KEY = 'ropebound.progress.v2';
/** Where a progress record the game could not read is copied before it is first overwritten. */
export const PROGRESS_BACKUP_KEY = 'ropebound.progress.v2.backup';
/** Version 1's record (levels by bare id): read when PROGRESS_KEY holds nothing, never written. */
export const PROGRESS_KEY_V1 = 'ropebound.progress.v1';
export const PROGRESS_VERSION = 2;

/** The best finished run of one level. */
export interface LevelRecord {
  /** Ticks from the start to completion of the best run ((completedTick + 1), 60 per second). */
  bestTicks: number;
  /** Deaths during that best run. */
  bestDeaths: number;
  /** Fewest deaths in any finished run (a slow careful run can beat the fast one's). */
  fewestDeaths: number;
  /** How many times the level has been finished. */
  finishes: number;
  /** Most gems collected in one finished run; absent for none (records of levels without gems
   *  stay as they were before gems existed). */
  mostGems?: number;
}

export interface Progress {
  /** Designers' switch: every level is open. */
  unlockAll: boolean;
  /** Finished levels by level key (own properties only: see levelRecord). */
  levels: Readonly<Record<string, LevelRecord>>;
}

/** How the stored progress read when the game started. */
export type ProgressReadState =
  /** Nothing was stored: a fresh start. */
  | 'empty'
  /** Read in full. */
  | 'ok'
  /** Read from version 1's record (PROGRESS_KEY_V1). */
  | 'migrated'
  /** Not all of it could be read (cut off, damaged, wrong types): the records that validate are kept. */
  | 'damaged'
  /** Written by a newer version of the game: not read, kept as it is until a copy is made. */
  | 'newer';

export interface ProgressRead {
  progress: Progress;
  state: ProgressReadState;
}

const count = (max: number) => v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(max));
// 10^9 ticks is 193 days: anything larger is not a time a player made.
// fewestDeaths came later: a record without it reads as its best run's deaths.
// A damaged fewestDeaths alone must not cost the record (its best time unlocks the next level):
// it is checked on its own and falls back to bestDeaths.
// mostGems came later still, the same way: missing or damaged, it reads as 0.
const levelRecordSchema = v.object({
  bestTicks: v.pipe(count(1e9), v.minValue(1)), bestDeaths: count(1e9), fewestDeaths: v.optional(v.unknown()), finishes: count(1e9),
  mostGems: v.optional(v.unknown()),
});
const gemsSchema = count(MAX_GEMS);
const fewestSchema = count(1e9);
/** Longest key read from storage (a level key is a file name and an id). */
const MAX_KEY_LENGTH = 400;

export function freshProgress(): Progress {
  return { unlockAll: false, levels: {} };
}

const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);
const own = (o: object, key: string): boolean => Object.prototype.hasOwnProperty.call(o, key);

/** A record that validates, or null. */
function readRecord(key: string, value: unknown): [string, LevelRecord] | null {
  if (key.length > MAX_KEY_LENGTH) return null;
  const r = v.safeParse(levelRecordSchema, value);
  if (!r.success) return null;
  const { bestTicks, bestDeaths, finishes } = r.output;
  const fewest = v.is(fewestSchema, r.output.fewestDeaths) ? r.output.fewestDeaths : bestDeaths;
  const mostGems = v.is(gemsSchema, r.output.mostGems) ? r.output.mostGems : 0;
  return [key, { bestTicks, bestDeaths, fewestDeaths: Math.min(bestDeaths, fewest), finishes, ...(mostGems > 0 ? { mostGems } : {}) }];
}

// A level record as JSON.stringify writes it: a key, then a flat object. Damaged text is scanned
// for these anywhere, so a bad byte early in the record does not cost the records after it.
const RECORD_IN_TEXT = /"((?:[^"\\]|\\.)*)"\s*:\s*(\{[^{}]*\})/g;

/** Every level record in `text` that validates, wherever it is (for text that is not JSON). */
function scanRecords(text: string, into: Map<string, LevelRecord>): void {
  for (const m of text.matchAll(RECORD_IN_TEXT)) {
    try {
      const found = readRecord(JSON.parse(`"${m[1]}"`) as string, JSON.parse(m[2]));
      if (found && !into.has(found[0])) into.set(found[0], found[1]);
    } catch {
      // not a record after all
    }
  }
}

/** `{ version, unlockAll, levels }` text of version `version` -> progress, keeping what validates. */
function readEnvelope(text: string, version: number): ProgressRead {
  const { value, isComplete } = parseJsonPrefix(text);
  if (isObject(value) && own(value, 'version') && value.version !== version) {
    return { progress: freshProgress(), state: typeof value.version === 'number' && value.version > version ? 'newer' : 'damaged' };
  }
  let isIntact = isComplete && isObject(value) && value.version === version;
  const raw = isObject(value) ? value : {};
  const unlockAll = own(raw, 'unlockAll') && typeof raw.unlockAll === 'boolean' ? raw.unlockAll : false;
  if (!own(raw, 'unlockAll') || typeof raw.unlockAll !== 'boolean') isIntact = false;
  const levels = new Map<string, LevelRecord>();
  if (own(raw, 'levels') && isObject(raw.levels)) {
    for (const [key, record] of Object.entries(raw.levels)) {
      const found = readRecord(key, record);
      if (found) levels.set(found[0], found[1]);
      else isIntact = false;
    }
  } else {
    isIntact = false;
  }
  if (!isComplete) scanRecords(text, levels);
  // fromEntries defines own properties: a key such as `__proto__` stays a plain key.
  return { progress: { unlockAll, levels: Object.fromEntries(levels) }, state: isIntact ? 'ok' : 'damaged' };
}

/**
 * Stored text (PROGRESS_KEY) -> progress and how it read. Missing -> 'empty'; every readable part
 * of a cut-off or damaged record is kept ('damaged'); a newer version is not read ('newer').
 */
export function parseProgress(text: string | null): ProgressRead {
  if (text === null) return { progress: freshProgress(), state: 'empty' };
  return readEnvelope(text, PROGRESS_VERSION);
}

/** Version 1's text (PROGRESS_KEY_V1) -> progress whose keys are bare level ids ('migrated'). */
export function parseProgressV1(text: string | null): ProgressRead {
  if (text === null) return { progress: freshProgress(), state: 'empty' };
  const read = readEnvelope(text, 1);
  return read.state === 'ok' ? { ...read, state: 'migrated' } : read;
}

/** The record under `levelKey`, or undefined (own keys only: `constructor` is not a finished level). */
export function levelRecord(progress: Progress, levelKey: string): LevelRecord | undefined {
  return own(progress.levels, levelKey) ? progress.levels[levelKey] : undefined;
}

export function serializeProgress(progress: Progress): string {
  return JSON.stringify({ version: PROGRESS_VERSION, unlockAll: progress.unlockAll, levels: progress.levels });
}

/**
 * Gives version 1's records (bare level ids: keys `legacyKeyOf` maps to a level key) to their
 * levels: a record moves to the key `legacyKeyOf(id)` returns unless that key has one already.
 * Ids no level claims keep their record as it is, for a later build.
 */
export function claimLegacy(progress: Progress, legacyKeyOf: (id: string) => string | null): Progress {
  const levels = new Map(Object.entries(progress.levels));
  let moved = false;
  for (const [id, record] of Object.entries(progress.levels)) {
    const key = legacyKeyOf(id);
    if (key === null || key === id || levels.has(key)) continue;
    levels.delete(id);
    levels.set(key, record);
    moved = true;
  }
  return moved ? { ...progress, levels: Object.fromEntries(levels) } : progress;
}

/** What finishing a level did to its record. */
export interface CompletionResult {
  /** The best time before this run, ticks, or null on a first finish. */
  previousBestTicks: number | null;
  /** This run is the (new) best: first finish or faster than the old best. */
  isNewBest: boolean;
  record: LevelRecord;
}

/** Progress after finishing `levelKey` in `ticks` with `deaths` deaths and `gems` gems (pure: returns new objects). */
export function withCompletion(progress: Progress, levelKey: string, ticks: number, deaths: number, gems = 0): { progress: Progress; result: CompletionResult } {
  const old = levelRecord(progress, levelKey);
  const isNewBest = !old || ticks < old.bestTicks;
  const fewestDeaths = old ? Math.min(old.fewestDeaths, deaths) : deaths;
  const mostGems = Math.max(old?.mostGems ?? 0, gems);
  const gemPart = mostGems > 0 ? { mostGems } : {};
  const record: LevelRecord = isNewBest
    ? { bestTicks: ticks, bestDeaths: deaths, fewestDeaths, finishes: (old?.finishes ?? 0) + 1, ...gemPart }
    : { ...old, fewestDeaths, finishes: old.finishes + 1, ...gemPart };
  // A computed key defines an own property, `__proto__` included.
  return {
    progress: { ...progress, levels: { ...progress.levels, [levelKey]: record } },
    result: { previousBestTicks: old ? old.bestTicks : null, isNewBest, record },
  };
}

export interface ProgressStore {
  readonly progress: Progress;
  /** False while the progress lives only in memory (no storage, or the last write failed). */
  readonly isPersistent: boolean;
  /** Why the progress is not being saved, or null. */
  readonly saveProblem: SaveProblem | null;
  /** How the stored progress read at start. */
  readonly readState: ProgressReadState;
  /** True once the record that could not be read was copied to PROGRESS_BACKUP_KEY. */
  readonly isBackedUp: boolean;
  /** Records a finish; `isSaved` says whether it reached the storage. */
  recordCompletion(levelKey: string, ticks: number, deaths: number, gems?: number): CompletionResult & { isSaved: boolean };
  setUnlockAll(isOn: boolean): void;
}

export interface ProgressStoreOptions {
  /** The level key of version 1's bare level id `id` (campaign.ts legacyKeyOf), or null. */
  legacyKeyOf?(id: string): string | null;
}

/**
 * Reads the progress once from `getStorage()` (PROGRESS_KEY, else version 1's record) and writes
 * it back after every change. `getStorage` is a function because merely touching
 * `window.localStorage` throws where storage is blocked.
 */
export function createProgressStore(getStorage: () => StorageLike | null | undefined, opts: ProgressStoreOptions = {}): ProgressStore {
  const record = openStoredRecord(getStorage, PROGRESS_KEY, PROGRESS_BACKUP_KEY);
  let read = parseProgress(record.text);
  if (read.state === 'empty' && record.problem === null) {
    let v1: string | null = null;
    try {
      v1 = getStorage()?.getItem(PROGRESS_KEY_V1) ?? null;
    } catch {
      v1 = null; // read above worked; a failure here only costs the old record
    }
    if (v1 !== null) read = parseProgressV1(v1);
    if (read.state === 'damaged') read = { ...read, state: 'migrated' }; // v1 is never overwritten: nothing to copy
  }
  if (read.state === 'damaged' || read.state === 'newer') record.markDamaged();
  let progress = opts.legacyKeyOf ? claimLegacy(read.progress, opts.legacyKeyOf) : read.progress;

  const save = (): boolean => record.write(serializeProgress(progress));

  return {
    get progress() {
      return progress;
    },
    get isPersistent() {
      return record.problem === null;
    },
    get saveProblem() {
      return record.problem;
    },
    readState: read.state,
    get isBackedUp() {
      return record.isBackedUp;
    },
    recordCompletion(levelKey, ticks, deaths, gems = 0) {
      const next = withCompletion(progress, levelKey, ticks, deaths, gems);
      progress = next.progress;
      return { ...next.result, isSaved: save() };
    },
    setUnlockAll(isOn) {
      if (progress.unlockAll === isOn) return;
      progress = { ...progress, unlockAll: isOn };
      save();
    },
  };
}

/** What the level select says about the saved progress: why it is not saved, or that a damaged
 *  record was partly read (and kept as a copy). Null when all is well. */
export function progressStorageNote(store: Pick<ProgressStore, 'saveProblem' | 'readState'>): string | null {
  const lines: string[] = [];
  if (store.readState === 'damaged') {
    lines.push(`The saved progress was damaged: every level result that could still be read is back. The damaged record is kept as a copy (${PROGRESS_BACKUP_KEY}) before anything is saved over it.`);
  } else if (store.readState === 'newer') {
    lines.push(`The saved progress comes from a newer version of the game and can't be read here. It is kept as a copy (${PROGRESS_BACKUP_KEY}) before anything is saved over it.`);
  }
  if (store.saveProblem === 'blocked') lines.push("Progress can't be saved in this browser (it does not let the game store anything): it lasts until the tab is closed.");
  else if (store.saveProblem === 'full') lines.push("Progress can't be saved in this browser (its storage is full): it lasts until the tab is closed.");
  else if (store.saveProblem === 'failed') lines.push("Progress can't be saved in this browser (the last save failed): it lasts until the tab is closed.");
  return lines.length > 0 ? lines.join(' ') : null;
}
