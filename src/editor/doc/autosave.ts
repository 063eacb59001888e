// Autosave: every change of the document is saved to My levels at most `delayMs` after it (400 ms
// by default, so within a second even while a drag goes on: the timer starts at the first unsaved
// change and is not pushed back by later ones). A conflict with another tab stops autosaving until
// the designer picks a way out; blocked or full storage says so and tries again on the next change
// (export keeps working either way: it needs no storage).

import type { EditorDoc } from './editorDoc';
import type { LevelLibrary, SaveResult } from './levelLibrary';

export const AUTOSAVE_DELAY_MS = 400;

export type AutosaveStatus =
  | { state: 'saved'; revision: number }
  /** Changes wait for the timer. */
  | { state: 'pending' }
  | { state: 'saving' }
  /** Not saved: `conflict` (another tab saved it: autosave is paused), `blocked` or `full`. */
  | { state: 'error'; reason: 'conflict' | 'blocked' | 'full'; message: string };

export interface Autosave {
  readonly status: AutosaveStatus;
  /** The stored revision this tab last read or wrote. */
  readonly revision: number;
  readonly docId: string;
  /** Saves now (waits for a save under way); resolves with the status after it. */
  flush(): Promise<AutosaveStatus>;
  /** After a conflict: saves this tab's level over the other one. */
  overwrite(): Promise<AutosaveStatus>;
  /** After a conflict: saves this tab's level as a new level (default id: a random UUID) and goes on autosaving that one. */
  keepMineAsCopy(newDocId?: string): Promise<AutosaveStatus>;
  /** Stops listening to the document (a save under way still finishes). */
  stop(): void;
}

export interface AutosaveOptions {
  doc: EditorDoc;
  library: LevelLibrary;
  docId: string;
  /** The stored revision the level was opened at (0: not saved yet). */
  revision: number;
  delayMs?: number;
  /** The editor's view to save with the level (camera, selection). */
  getView?: () => unknown;
  onStatus?: (status: AutosaveStatus) => void;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
}

export function createAutosave(options: AutosaveOptions): Autosave {
  const { doc, library } = options;
  const delayMs = options.delayMs ?? AUTOSAVE_DELAY_MS;
  const setTimer = options.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
  const clearTimer = options.clearTimer ?? ((h) => clearTimeout(h as ReturnType<typeof setTimeout>));
  let docId = options.docId;
  let revision = options.revision;
  let status: AutosaveStatus = { state: 'saved', revision };
  let timer: unknown = null;
  /** Saves run one after another: each waits for the one before. */
  let chain: Promise<AutosaveStatus> = Promise.resolve(status);
  /** doc.revision last written (or being written). */
  let savedDocRevision = doc.revision;
  let isPaused = false;

  const setStatus = (s: AutosaveStatus) => {
    status = s;
    options.onStatus?.(s);
  };

  const write = async (force: boolean): Promise<AutosaveStatus> => {
    const docRevision = doc.revision;
    setStatus({ state: 'saving' });
    const result: SaveResult = await library.save(docId, revision, doc.level, doc.cleared?.replay ?? null, options.getView?.() ?? null, force);
    if (!result.ok) {
      if (result.reason === 'conflict') isPaused = true;
      setStatus({ state: 'error', reason: result.reason, message: result.message });
      return status;
    }
    revision = result.revision;
    savedDocRevision = docRevision;
    if (doc.revision !== savedDocRevision) {
      // Edited while the save ran: that change gets its own save, as soon as the timer says.
      schedule();
      return status;
    }
    setStatus({ state: 'saved', revision });
    return status;
  };

  const run = (force = false): Promise<AutosaveStatus> => {
    if (timer !== null) { clearTimer(timer); timer = null; }
    chain = chain.then(() => {
      const isNeeded = force || (!isPaused && doc.revision !== savedDocRevision);
      return isNeeded ? write(force) : status;
    });
    return chain;
  };

  function schedule(): void {
    if (isPaused || timer !== null) return;
    setStatus({ state: 'pending' });
    timer = setTimer(() => { timer = null; void run(); }, delayMs);
  }

  const unsubscribe = doc.subscribe(() => {
    if (doc.revision !== savedDocRevision) schedule();
  });

  return {
    get status() { return status; },
    get revision() { return revision; },
    get docId() { return docId; },
    flush: () => run(),
    overwrite() {
      isPaused = false;
      return run(true);
    },
    keepMineAsCopy(newDocId = crypto.randomUUID()) {
      docId = newDocId;
      revision = 0;
      isPaused = false;
      savedDocRevision = -1;
      return run();
    },
    stop() {
      unsubscribe();
      if (timer !== null) { clearTimer(timer); timer = null; }
    },
  };
}
