// "My levels": the dialog listing the levels saved in this browser (the core's level library in
// IndexedDB), with New, Open, Duplicate, Rename and Delete (undone by the Undo that appears in its
// place), and the conflict dialog shown when another tab saved the open level meanwhile.

import { el } from '../../ui/dom';
import type { LevelLibrary, SavedLevel, SavedLevelInfo } from '../doc';

export interface MyLevelsHandlers {
  /** The docId of the level open in the editor (marked in the list). */
  currentDocId(): string | null;
  open(docId: string): void;
  create(): void;
  toast(message: string, isError?: boolean): void;
}

const button = (parent: HTMLElement, label: string, onClick: () => void): HTMLButtonElement => {
  const b = el('button', '', parent, label);
  b.type = 'button';
  b.addEventListener('click', onClick);
  return b;
};

/** Opens the dialog (one at a time); returns when the list is on screen. */
export async function showMyLevels(root: HTMLElement, library: LevelLibrary, h: MyLevelsHandlers): Promise<void> {
  root.querySelector('.ed-my-levels')?.remove();
  const box = el('div', 'ed-panel ed-dialog ed-my-levels', root);
  box.setAttribute('role', 'dialog');
  el('h2', '', box, 'My levels');
  el('p', 'ed-help', box, 'Saved in this browser as you edit. Export a level to keep it elsewhere.');
  const list = el('ul', '', box);
  const row = el('div', 'ed-row', box);
  button(row, 'New level', () => { box.remove(); h.create(); });
  button(row, 'Close', () => box.remove());
  let deleted: SavedLevel | null = null;

  const refresh = async (): Promise<void> => {
    let infos: SavedLevelInfo[];
    try {
      infos = await library.list();
    } catch (e) {
      list.replaceChildren();
      el('li', '', list, `The saved levels cannot be read: ${e instanceof Error ? e.message : String(e)}`);
      return;
    }
    list.replaceChildren();
    if (deleted) {
      const li = el('li', '', list);
      const gone = deleted;
      el('span', 'ed-grow', li, `Deleted '${(JSON.parse(gone.text) as { name: string }).name}'.`);
      button(li, 'Undo', () => {
        deleted = null;
        void library.restore(gone).then((r) => { if (!r.ok) h.toast(r.message, true); return refresh(); });
      });
    }
    if (infos.length === 0) el('li', '', list, 'No levels yet.');
    for (const info of infos) {
      const li = el('li', '', list);
      li.dataset.docId = info.docId;
      const isOpen = info.docId === h.currentDocId();
      el('span', 'ed-grow', li, `${info.name}${isOpen ? ' (open)' : ''}${info.isCleared ? ' ✓' : ''}`).title =
        `${info.levelId} · saved ${new Date(info.savedAt).toLocaleString()}`;
      button(li, 'Open', () => { box.remove(); h.open(info.docId); });
      button(li, 'Duplicate', () => void library.duplicate(info.docId).then(refresh, (e: unknown) => h.toast(String(e), true)));
      button(li, 'Rename', () => {
        li.querySelector('.ed-rename')?.remove();
        const input = el('input', 'ed-rename', li);
        input.type = 'text';
        input.value = info.name;
        input.focus();
        input.addEventListener('change', () => {
          const name = input.value.trim();
          if (name === '' || name === info.name) return void refresh();
          void library.rename(info.docId, name).then((r) => {
            if (!r.ok) h.toast(r.message, true);
            else if (isOpen) h.open(info.docId); // the open draft takes the new name too
            return refresh();
          });
        });
      });
      const del = button(li, 'Delete', () => {
        if (isOpen) {
          h.toast('This level is open: open another one before deleting it.');
          return;
        }
        void library.remove(info.docId).then((saved) => { deleted = saved; return refresh(); });
      });
      del.disabled = isOpen;
    }
  };
  await refresh();
}

/** Another tab saved this level: the designer picks, nothing is overwritten silently. */
export function showConflict(root: HTMLElement, message: string, choices: { reload(): void; keepCopy(): void; overwrite(): void }): void {
  root.querySelector('.ed-conflict')?.remove();
  const box = el('div', 'ed-panel ed-dialog ed-conflict', root);
  box.setAttribute('role', 'alertdialog');
  el('h2', '', box, 'This level was changed in another tab');
  el('p', 'ed-help', box, `${message.replace(/\.?\s*$/, '.')} Autosave is paused until you choose.`);
  const row = el('div', 'ed-row', box);
  button(row, 'Open theirs', () => { box.remove(); choices.reload(); });
  button(row, 'Keep mine as a copy', () => { box.remove(); choices.keepCopy(); });
  button(row, 'Overwrite theirs', () => { box.remove(); choices.overwrite(); });
}
