// "My levels": the levels a designer made, kept in IndexedDB through idb-keyval. Each level is two
// records written in one transaction: the level itself (its JSON text, exactly as edited, its
// cleared replay and the editor's view) and a small summary for the list.
//
// Two tabs on one level: every record carries a revision. A tab remembers the revision it opened
// or last wrote, and a write checks it inside the same readwrite transaction (IndexedDB runs them
// one at a time), so a tab never overwrites another tab's newer save silently: it gets a
// 'conflict' and the designer chooses (reload theirs, keep mine as a copy, or overwrite).
// Rejected alternative: BroadcastChannel, which only tells tabs that are open at the time, and
// not a tab that slept through the other's save.

import { createStore, promisifyRequest, type UseStore } from 'idb-keyval';
import type { ReplayFile } from '../../level/replay';
import { emptyLevel } from './emptyLevel';
import type { LevelFile } from './levelTypes';

/** What the list shows. */
export interface SavedLevelInfo {
  docId: string;
  name: string;
  /** The level's own id. */
  levelId: string;
  revision: number;
  /** ms since 1970 (Date.now() of the save). */
  savedAt: number;
  isCleared: boolean;
}

/** A level as saved: reopening it gives exactly this. */
export interface SavedLevel {
  docId: string;
  revision: number;
  savedAt: number;
  /** The level's JSON, as JSON.stringify(level) wrote it: reopens byte for byte. */
  text: string;
  /** The replay of the cleared mark, or null. */
  replay: ReplayFile | null;
  /** Whatever the editor wants back (camera, selection, tool): plain JSON data. */
  view: unknown;
}

export type SaveResult =
  | { ok: true; revision: number }
  /** Another tab saved (or deleted) this level since this tab read it. */
  | { ok: false; reason: 'conflict'; theirs: SavedLevelInfo | null; message: string }
  | { ok: false; reason: 'blocked' | 'full'; message: string };

export interface LevelLibrary {
  /** Every saved level, the most recently saved first. */
  list(): Promise<SavedLevelInfo[]>;
  open(docId: string): Promise<SavedLevel | null>;
  /**
   * Saves when the stored revision is still `baseRevision` (0: a level not saved yet), as
   * baseRevision + 1; `force` overwrites whatever is there.
   */
  save(docId: string, baseRevision: number, level: LevelFile, replay: ReplayFile | null, view?: unknown, force?: boolean): Promise<SaveResult>;
  /** A new level (the empty level unless given), saved at once. */
  create(level?: LevelFile): Promise<{ docId: string; revision: number; level: LevelFile }>;
  /** A copy under a new docId, named "… (copy)", with its own level id. */
  duplicate(docId: string): Promise<SavedLevelInfo | null>;
  /** Sets the level's name (a new revision: a tab editing it sees a conflict on its next save). */
  rename(docId: string, name: string): Promise<SaveResult>;
  /** Deletes the level and returns it, so the UI can undo the delete with restore(). */
  remove(docId: string): Promise<SavedLevel | null>;
  restore(saved: SavedLevel): Promise<SaveResult>;
  /** The level last opened in the editor (for ?edit), and remembering it. */
  lastOpened(): Promise<string | null>;
  setLastOpened(docId: string): Promise<void>;
}

const levelKey = (docId: string) => ['level', docId];
const infoKey = (docId: string) => ['info', docId];
const LAST_KEY = 'lastOpened';

export interface LibraryOptions {
  /** idb-keyval's store (default: database 'ropebound-editor', store 'levels'). Tests pass their own. */
  store?: UseStore;
  now?: () => number;
  newId?: () => string;
}

/** Why storage failed, as the designer should read it. */
export function storageMessage(e: unknown): { reason: 'blocked' | 'full'; message: string } {
  const name = e instanceof Error || (typeof e === 'object' && e !== null && 'name' in e) ? String((e as { name: unknown }).name) : '';
  if (name === 'QuotaExceededError') {
    return { reason: 'full', message: 'The browser\'s storage is full: this level is not saved in the browser. Export it (.json) to keep it, or delete levels you no longer need.' };
  }
  return { reason: 'blocked', message: 'This browser does not let the editor save (storage is blocked, e.g. in a private window or with site data turned off): your level is not saved in the browser. Export it (.json) to keep it.' };
}

export function createLevelLibrary(options: LibraryOptions = {}): LevelLibrary {
  let store = options.store ?? null;
  const useStore = (): UseStore => {
    // Opened on first use: where indexedDB is missing, createStore itself throws, and that is a
    // "blocked" message, not a crash while the editor loads.
    store ??= createStore('ropebound-editor', 'levels');
    return store;
  };
  const now = options.now ?? (() => Date.now());
  const newId = options.newId ?? (() => crypto.randomUUID());

  /** Reads `key` and maybe writes, in one readwrite transaction. */
  const transact = <T>(fn: (s: IDBObjectStore, done: (value: T) => void) => void): Promise<T> =>
    useStore()('readwrite', (s) => new Promise<T>((resolve, reject) => {
      let result: T;
      fn(s, (value) => { result = value; });
      s.transaction.oncomplete = () => resolve(result);
      s.transaction.onerror = () => reject(s.transaction.error);
      s.transaction.onabort = () => reject(s.transaction.error ?? new DOMException('aborted', 'AbortError'));
    }));

  const infoOf = (saved: SavedLevel, level: LevelFile): SavedLevelInfo => ({
    docId: saved.docId, name: level.name, levelId: level.id, revision: saved.revision, savedAt: saved.savedAt, isCleared: saved.replay !== null,
  });

  const save: LevelLibrary['save'] = async (docId, baseRevision, level, replay, view = null, force = false) => {
    // The view as plain JSON: something IndexedDB cannot clone (a function, a pixi object) would
    // fail the whole save and look like blocked storage.
    let plainView: unknown = null;
    try {
      plainView = view === undefined ? null : (JSON.parse(JSON.stringify(view) ?? 'null') as unknown);
    } catch {
      plainView = null;
    }
    try {
      return await transact<SaveResult>((s, done) => {
        const read = s.get(levelKey(docId));
        read.onsuccess = () => {
          const old = read.result as SavedLevel | undefined;
          const stored = old?.revision ?? 0;
          if (!force && stored !== baseRevision) {
            const info = s.get(infoKey(docId));
            info.onsuccess = () => {
              const theirs = (info.result as SavedLevelInfo | undefined) ?? null;
              done({
                ok: false, reason: 'conflict', theirs,
                message: theirs
                  ? `"${theirs.name}" was saved from another tab or window since this one opened it; reload it to see those changes, or keep yours as a copy`
                  : 'this level was deleted in another tab or window; keep yours as a copy to save it',
              });
            };
            return;
          }
          const saved: SavedLevel = { docId, revision: Math.max(stored, baseRevision) + 1, savedAt: now(), text: JSON.stringify(level), replay, view: plainView };
          s.put(saved, levelKey(docId));
          s.put(infoOf(saved, level), infoKey(docId));
          done({ ok: true, revision: saved.revision });
        };
      });
    } catch (e) {
      return { ok: false, ...storageMessage(e) };
    }
  };

  const open: LevelLibrary['open'] = async (docId) => {
    const saved = await useStore()('readonly', (s) => promisifyRequest(s.get(levelKey(docId))));
    return (saved as SavedLevel | undefined) ?? null;
  };

  const library: LevelLibrary = {
    async list() {
      const infos = await useStore()('readonly', async (s) => {
        const keys = (await promisifyRequest(s.getAllKeys())) as IDBValidKey[];
        const wanted = keys.filter((k) => Array.isArray(k) && k[0] === 'info');
        return Promise.all(wanted.map((k) => promisifyRequest(s.get(k)) as Promise<SavedLevelInfo>));
      });
      return infos.sort((a, b) => b.savedAt - a.savedAt || a.name.localeCompare(b.name));
    },
    open,
    save,
    async create(level = emptyLevel()) {
      const docId = newId();
      const result = await save(docId, 0, level, null);
      if (!result.ok) throw new Error(result.message);
      return { docId, revision: result.revision, level };
    },
    async duplicate(docId) {
      const saved = await open(docId);
      if (!saved) return null;
      const level = JSON.parse(saved.text) as LevelFile;
      const names = new Set((await library.list()).map((i) => i.levelId));
      let id = `${level.id.slice(0, 34)}-copy`;
      for (let n = 2; names.has(id); n++) id = `${level.id.slice(0, 34)}-copy${n}`;
      const copy: LevelFile = { ...level, id, name: `${level.name} (copy)`.slice(0, 80) };
      const newDoc = newId();
      const result = await save(newDoc, 0, copy, null, saved.view);
      if (!result.ok) throw new Error(result.message);
      return (await library.list()).find((i) => i.docId === newDoc) ?? null;
    },
    async rename(docId, name) {
      const saved = await open(docId);
      if (!saved) return { ok: false, reason: 'conflict', theirs: null, message: 'this level no longer exists' };
      const level = JSON.parse(saved.text) as LevelFile;
      return save(docId, saved.revision, { ...level, name }, saved.replay, saved.view);
    },
    async remove(docId) {
      const saved = await open(docId);
      await useStore()('readwrite', (s) => {
        s.delete(levelKey(docId));
        s.delete(infoKey(docId));
        return promisifyRequest(s.transaction);
      });
      return saved;
    },
    async restore(saved) {
      return save(saved.docId, 0, JSON.parse(saved.text) as LevelFile, saved.replay, saved.view);
    },
    async lastOpened() {
      const id = await useStore()('readonly', (s) => promisifyRequest(s.get(LAST_KEY)));
      return typeof id === 'string' ? id : null;
    },
    async setLastOpened(docId) {
      await useStore()('readwrite', (s) => {
        s.put(docId, LAST_KEY);
        return promisifyRequest(s.transaction);
      });
    },
  };
  return library;
}
