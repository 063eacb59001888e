// One record in localStorage (the progress, the settings) read once and written after changes,
// whatever the storage does: missing or throwing on access (blocked), throwing on write (full), or
// holding text the game could not fully read. The one promise: a record the game could not read
// is never overwritten before a copy of it is kept under the backup key, so nothing the player
// had is lost to a bad read; when even the copy cannot be written, the record stays as it was and
// the game keeps its changes for the session only.

/** The subset of `Storage` the stores use; tests hand in fakes that throw or fill up. */
export interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/** Why changes are not being saved. */
export type SaveProblem =
  /** No storage, or it throws on access or on reading (blocked, private mode, a sandboxed page). */
  | 'blocked'
  /** The last write failed with a quota error. */
  | 'full'
  /** The last write failed for another reason. */
  | 'failed';

export interface StoredRecord {
  /** The text stored under the key when the record was opened (null: none, or not readable). */
  readonly text: string | null;
  /** Null while changes are saved. */
  readonly problem: SaveProblem | null;
  /** The text read was not fully understood: the next write first keeps a copy of it under the
   *  backup key, and does not write at all when the copy cannot be kept. */
  markDamaged(): void;
  /** True once a copy of the damaged text is kept under the backup key. */
  readonly isBackedUp: boolean;
  /** Writes `text` under the key; true when it was saved. */
  write(text: string): boolean;
}

function isQuotaError(e: unknown): boolean {
  if (typeof DOMException !== 'undefined' && e instanceof DOMException) {
    // 22: the old code; Firefox names it NS_ERROR_DOM_QUOTA_REACHED.
    return e.name === 'QuotaExceededError' || e.name === 'NS_ERROR_DOM_QUOTA_REACHED' || e.code === 22;
  }
  return e instanceof Error && /quota/i.test(`${e.name} ${e.message}`);
}

/**
 * Opens the record `key` of `getStorage()` (a function: merely touching `window.localStorage`
 * throws where storage is blocked). A storage that cannot be read is never written either: the
 * game cannot know what it would overwrite.
 */
export function openStoredRecord(getStorage: () => StorageLike | null | undefined, key: string, backupKey: string): StoredRecord {
  let storage: StorageLike | null = null;
  let text: string | null = null;
  try {
    storage = getStorage() ?? null;
    text = storage ? storage.getItem(key) : null;
    if (text !== null && typeof text !== 'string') text = String(text); // a fake storage or an odd browser
  } catch {
    storage = null;
    text = null;
  }
  let problem: SaveProblem | null = storage ? null : 'blocked';
  let isDamaged = false;
  let isBackedUp = false;

  return {
    text,
    get problem() {
      return problem;
    },
    get isBackedUp() {
      return isBackedUp;
    },
    markDamaged(): void {
      if (text !== null) isDamaged = true;
    },
    write(next): boolean {
      if (!storage) return false;
      try {
        if (isDamaged && !isBackedUp) {
          storage.setItem(backupKey, text ?? '');
          isBackedUp = true;
        }
        storage.setItem(key, next);
        problem = null;
        return true;
      } catch (e) {
        problem = isQuotaError(e) ? 'full' : 'failed';
        return false;
      }
    },
  };
}
