// Where the editor's drafts live: My levels in the browser (the core's IndexedDB library) and the
// autosave of the open one. Opening a draft (new, a copy, a file, a link's copy, a saved level)
// goes through here so it is always saved; the save status reaches the top bar, storage problems
// a message (once), and a conflict with another tab the dialog that lets the designer choose.

import type { Camera } from '../../render/camera';
import {
  createAutosave, createEditorDoc, createLevelLibrary, emptyLevel, findEntity, verifyCleared,
  type Autosave, type AutosaveStatus, type ClearedMark, type EditorDoc, type EntityRef, type LevelFile, type LevelLibrary,
} from '../doc';
import { showConflict } from './myLevels';

export interface DraftsContext {
  root: HTMLElement;
  doc(): EditorDoc;
  /** Makes `doc` the open draft (the editor resets its selection and view). */
  useDoc(doc: EditorDoc): void;
  camera: Camera;
  selection(): readonly EntityRef[];
  select(refs: readonly EntityRef[]): void;
  /** The top bar's save status changed. */
  statusChanged(status: { text: string; isProblem: boolean }): void;
  toast(message: string, isError?: boolean, isSticky?: boolean): void;
}

export interface Drafts {
  readonly library: LevelLibrary;
  /** The open draft's id in My levels, or null when it is not saved there. */
  readonly docId: string | null;
  /** A new draft (a new level, a copy, a file, a link's copy), saved to My levels at once. */
  openNew(level: LevelFile, mark: ClearedMark | null): Promise<void>;
  /** A level from My levels, as saved: its cleared mark checked again, its camera and selection back. */
  openSaved(docId: string): Promise<boolean>;
  /** ?edit and Create: the level edited last, or a new one. */
  resume(): Promise<void>;
  /** Stops autosaving the open draft after saving its last change (another one is opened). */
  detach(): void;
}

export function createDrafts(ctx: DraftsContext): Drafts {
  const library = createLevelLibrary();
  let autosave: Autosave | null = null;
  /** The storage problem last told in a message (said once, not on every retry). */
  let toldProblem = '';

  const onStatus = (status: AutosaveStatus): void => {
    switch (status.state) {
      case 'saved': ctx.statusChanged({ text: 'Saved', isProblem: false }); toldProblem = ''; return;
      case 'pending': ctx.statusChanged({ text: 'Unsaved changes', isProblem: false }); return;
      case 'saving': ctx.statusChanged({ text: 'Saving…', isProblem: false }); return;
      case 'error':
        ctx.statusChanged({ text: status.reason === 'conflict' ? 'Not saved: changed in another tab' : 'Not saved in this browser', isProblem: true });
        if (status.reason === 'conflict') showConflictChoices(status.message);
        else if (toldProblem !== status.message) {
          toldProblem = status.message;
          ctx.toast(status.message, true, true);
        }
    }
  };

  const showConflictChoices = (message: string): void => {
    const saving = autosave;
    if (!saving) return;
    showConflict(ctx.root, message, {
      reload: () => void drafts.openSaved(saving.docId),
      keepCopy: () => void saving.keepMineAsCopy(crypto.randomUUID()).then(() => library.setLastOpened(saving.docId)).catch(() => {}),
      overwrite: () => void saving.overwrite(),
    });
  };

  /** Autosaves the open draft as `docId` (stored at `revision`), and reopens it with ?edit. */
  const start = (docId: string, revision: number): void => {
    autosave?.stop();
    const { camera } = ctx;
    autosave = createAutosave({
      doc: ctx.doc(), library, docId, revision,
      getView: () => ({ camera: { centerX: camera.centerX, centerY: camera.centerY, zoom: camera.zoom }, selection: ctx.selection() }),
      onStatus,
    });
    onStatus(autosave.status);
    library.setLastOpened(docId).catch(() => {});
  };

  /**
   * Opens so far. Each open waits on storage; one whose answer comes after a newer open began gives
   * way to it, so a file dropped while ?edit is still reading the last draft stays open (the
   * resumed draft used to replace it a moment later).
   */
  let opens = 0;

  const openNewAs = async (ticket: number, level: LevelFile, mark: ClearedMark | null): Promise<void> => {
    ctx.useDoc(createEditorDoc(level, mark));
    const docId = crypto.randomUUID();
    const result = await library.save(docId, 0, level, mark?.replay ?? null, null)
      .catch((e: unknown) => ({ ok: false as const, reason: 'blocked' as const, message: String(e) }));
    if (ticket !== opens) return; // saved in My levels; the newer open autosaves what is open now
    if (result.ok) start(docId, result.revision);
    else onStatus({ state: 'error', reason: result.reason, message: result.message });
  };

  const openSavedAs = async (ticket: number, docId: string): Promise<'opened' | 'missing' | 'superseded'> => {
    try {
      const saved = await library.open(docId);
      if (ticket !== opens) return 'superseded';
      if (!saved) return 'missing';
      const level = JSON.parse(saved.text) as LevelFile;
      const check = saved.replay ? verifyCleared(level, saved.replay) : null;
      ctx.useDoc(createEditorDoc(level, check?.ok ? check.mark : null));
      const view = saved.view as { camera?: Camera; selection?: EntityRef[] } | null;
      if (view?.camera && [view.camera.centerX, view.camera.centerY, view.camera.zoom].every(Number.isFinite)) {
        Object.assign(ctx.camera, { centerX: view.camera.centerX, centerY: view.camera.centerY, zoom: view.camera.zoom });
      }
      if (Array.isArray(view?.selection)) ctx.select(view.selection.filter((r) => findEntity(ctx.doc().level, r) !== undefined));
      start(docId, saved.revision);
      return 'opened';
    } catch (e) {
      if (ticket !== opens) return 'superseded';
      onStatus({ state: 'error', reason: 'blocked', message: `The saved levels cannot be read (${e instanceof Error ? e.message : String(e)}). Export keeps working.` });
      return 'missing';
    }
  };

  const drafts: Drafts = {
    library,
    get docId() {
      return autosave?.docId ?? null;
    },
    openNew(level, mark) {
      return openNewAs(++opens, level, mark);
    },
    async openSaved(docId) {
      return (await openSavedAs(++opens, docId)) === 'opened';
    },
    async resume() {
      const ticket = ++opens;
      const last = await library.lastOpened().catch(() => null);
      if (ticket !== opens) return;
      if (!last || (await openSavedAs(ticket, last)) === 'missing') await openNewAs(ticket, emptyLevel(), null);
    },
    detach() {
      const old = autosave;
      autosave = null;
      if (old) void old.flush().finally(() => old.stop());
    },
  };
  window.addEventListener('beforeunload', () => { void autosave?.flush(); });
  return drafts;
}
