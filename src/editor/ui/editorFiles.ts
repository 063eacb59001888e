// Level files and links in and out of the editor: export (the level and, when cleared, its replay:
// together they pass `npm run check-levels`), open by the file picker, a drop or pasted text
// (a level file, a replay for it, or a share link), the share link dialog, and the view of a level
// opened from a link (Play, Edit a copy). The formats and their checks are the core's
// (src/editor/doc: levelExport, shareLink, clearedMark); this file only moves text.

import { el } from '../../ui/dom';
import {
  decodeShareLink, encodeShareLink, exportLevel, levelBaseName, saveToProject, importLevelText, importReplayText, isShareLink, verifyCleared,
  type ClearedMark, type LevelFile,
} from '../doc';

export interface FilesContext {
  root: HTMLElement;
  level(): LevelFile;
  cleared(): ClearedMark | null;
  /** Opens `level` as a new draft (with a verified cleared mark, if any). */
  open(level: LevelFile, mark: ClearedMark | null, problems: readonly string[]): void;
  /** Marks the open draft cleared by a replay that was checked against it. */
  markCleared(mark: ClearedMark): void;
  toast(message: string, isError?: boolean): void;
  /** Whether the editor takes files now (edit mode, not typing). */
  isActive(): boolean;
}

export interface EditorFiles {
  exportFiles(): void;
  pickFile(): void;
  share(): Promise<void>;
  /** Under `npm run dev`: asks for a file name and writes the level (and its replay) into levels/. */
  saveToProjectDialog(): void;
  /** Opens text (a file's, pasted): a level, a replay of the draft, or a share link. */
  openText(text: string, name: string): Promise<void>;
  /** The last share link made (for tests and the dialog). */
  readonly lastLink: string | null;
  dispose(): void;
}

/** Offers `text` as a download named `name` (a Blob and a clicked `<a download>`). */
export function download(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.style.display = 'none';
  document.body.append(a);
  a.click();
  a.remove();
  // Revoking at once can cancel the download in some browsers; a minute later is safe.
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export function createEditorFiles(ctx: FilesContext): EditorFiles {
  let lastLink: string | null = null;
  const picker = el('input', '', ctx.root);
  picker.type = 'file';
  picker.accept = '.json,application/json';
  picker.multiple = true;
  picker.hidden = true;

  const openText = async (text: string, name: string): Promise<void> => {
    if (isShareLink(text.trim())) {
      const decoded = await decodeShareLink(text.trim());
      if (!decoded.ok) {
        ctx.toast(`That link could not be opened: ${decoded.errors.join('; ')}`, true);
        return;
      }
      openLevel(decoded.level, decoded.replay ? verifyCleared(decoded.level, decoded.replay) : null, [], 'the link');
      return;
    }
    // A replay: the proof for the open draft, if it really completes it.
    if (/"format"\s*:\s*"ropebound-replay"/.test(text.slice(0, 400))) {
      const replay = importReplayText(text);
      if (!replay.ok) {
        ctx.toast(`${name}: ${replay.errors.join('; ')}`, true);
        return;
      }
      const check = verifyCleared(ctx.level(), replay.replay);
      if (check.ok) {
        ctx.markCleared(check.mark);
        ctx.toast(`${name} completes this level: it is cleared.`);
      } else {
        ctx.toast(`${name} does not clear this level: ${check.message}`, true);
      }
      return;
    }
    const result = importLevelText(text);
    if (!result.ok) {
      ctx.toast(`${name} could not be opened: ${result.errors.slice(0, 3).join('; ')}`, true);
      return;
    }
    openLevel(result.level, null, result.problems, name);
  };

  const openLevel = (level: LevelFile, check: ReturnType<typeof verifyCleared> | null, problems: readonly string[], from: string): void => {
    const mark = check?.ok ? check.mark : null;
    ctx.open(level, mark, problems);
    const note = check && !check.ok ? ` Its replay was not accepted (${check.message}).` : mark ? ' Its replay proves it cleared.' : '';
    ctx.toast(`Opened ${from}${problems.length > 0 ? ` with ${problems.length} problem(s) to fix` : ''}.${note}`, check !== null && !check.ok);
  };

  const openFiles = async (files: readonly File[]): Promise<void> => {
    // Levels first, so a level and its replay dropped together open cleared.
    const sorted = [...files].sort((a, b) => Number(/\.replay\.json$/i.test(a.name)) - Number(/\.replay\.json$/i.test(b.name)));
    for (const file of sorted) {
      if (file.size > 16 * 1024 * 1024) {
        ctx.toast(`${file.name} is too big to be a level (${file.size} bytes).`, true);
        continue;
      }
      await openText(await file.text(), file.name);
    }
  };

  picker.addEventListener('change', () => {
    const files = [...(picker.files ?? [])];
    picker.value = '';
    void openFiles(files);
  });

  // Drops and pastes reach the editor first (capture), so the game's own drop handling (which
  // would play a dropped level) never sees them while the editor is up.
  const onDragOver = (e: DragEvent): void => {
    if (!ctx.isActive() || !e.dataTransfer?.types.includes('Files')) return;
    e.preventDefault();
    e.stopPropagation();
    e.dataTransfer.dropEffect = 'copy';
  };
  const onDrop = (e: DragEvent): void => {
    if (!ctx.isActive()) return;
    const files = [...(e.dataTransfer?.files ?? [])];
    if (files.length === 0) return;
    e.preventDefault();
    e.stopPropagation();
    void openFiles(files);
  };
  const onPaste = (e: ClipboardEvent): void => {
    const target = e.target as HTMLElement | null;
    if (!ctx.isActive() || (target && (target.tagName === 'INPUT' || target.tagName === 'TEXTAREA'))) return;
    const text = e.clipboardData?.getData('text/plain') ?? '';
    if (text.trim() === '') return;
    e.preventDefault();
    void openText(text, 'the pasted text');
  };
  window.addEventListener('dragover', onDragOver, true);
  window.addEventListener('drop', onDrop, true);
  window.addEventListener('paste', onPaste, true);

  return {
    exportFiles() {
      const files = exportLevel(ctx.level(), ctx.cleared()?.replay ?? null);
      download(files.level.name, files.level.text);
      if (files.replay) download(files.replay.name, files.replay.text);
      ctx.toast(files.replay
        ? `Saved ${files.level.name} and ${files.replay.name}: put the level in levels/ and the replay in levels/replays/.`
        : `Saved ${files.level.name}. Clear it with a test-play to export its replay too.`);
    },
    pickFile() {
      picker.click();
    },
    async share() {
      const result = await encodeShareLink(ctx.level(), ctx.cleared()?.replay ?? null);
      if (!result.ok) {
        ctx.toast(`Can't share by link: ${result.message}`, true);
        return;
      }
      lastLink = `${window.location.origin}${window.location.pathname}${result.fragment}`;
      showLinkDialog(ctx.root, lastLink, result.chars);
    },
    saveToProjectDialog() {
      ctx.root.querySelector('.ed-project')?.remove();
      const box = el('div', 'ed-panel ed-dialog ed-project', ctx.root);
      box.setAttribute('role', 'dialog');
      el('h2', '', box, 'Save to the project');
      el('p', 'ed-help', box, `Writes levels/<name>.json${ctx.cleared() ? ' and levels/replays/<name>.replay.json' : ' (clear it with a test-play first to write its replay too; check-levels needs one)'}. Campaign files are named like 09-my-level.`);
      const input = el('input', '', box);
      input.type = 'text';
      input.value = levelBaseName(ctx.level());
      const message = el('p', 'ed-help', box);
      const row = el('div', 'ed-row', box);
      // Offered once, after the server said the file exists, and only for the name it said it of.
      let overwriteButton: HTMLButtonElement | null = null;
      const dropOverwrite = () => {
        overwriteButton?.remove();
        overwriteButton = null;
      };
      const save = (overwrite: boolean) => {
        const files = exportLevel(ctx.level(), ctx.cleared()?.replay ?? null);
        dropOverwrite();
        message.textContent = 'Saving…';
        void saveToProject(files, input.value.trim(), { overwrite }).then((r) => {
          if (r.ok) {
            box.remove();
            ctx.toast(`Saved ${r.files.join(' and ')}.`);
          } else {
            message.textContent = r.message;
            if (r.exists) {
              overwriteButton = el('button', '', row, 'Overwrite');
              overwriteButton.type = 'button';
              overwriteButton.addEventListener('click', () => save(true));
            }
          }
        });
      };
      input.addEventListener('input', () => {
        dropOverwrite();
        message.textContent = '';
      });
      const ok = el('button', 'ed-play', row, 'Save');
      ok.type = 'button';
      ok.addEventListener('click', () => save(false));
      const cancel = el('button', '', row, 'Cancel');
      cancel.type = 'button';
      cancel.addEventListener('click', () => box.remove());
      input.focus();
    },
    openText,
    get lastLink() {
      return lastLink;
    },
    dispose() {
      window.removeEventListener('dragover', onDragOver, true);
      window.removeEventListener('drop', onDrop, true);
      window.removeEventListener('paste', onPaste, true);
      picker.remove();
    },
  };
}

/** The link, selected in a box, with Copy (the clipboard may be refused: the box still works). */
function showLinkDialog(root: HTMLElement, link: string, chars: number): void {
  root.querySelector('.ed-share')?.remove();
  const box = el('div', 'ed-panel ed-dialog ed-share', root);
  box.setAttribute('role', 'dialog');
  el('h2', '', box, 'Share link');
  el('p', 'ed-help', box, `The whole level is in this link (${chars.toLocaleString('en')} characters); nothing is uploaded. Whoever opens it can play it or edit a copy.`);
  const text = el('textarea', 'ed-link', box);
  text.readOnly = true;
  text.value = link;
  const row = el('div', 'ed-row', box);
  const copy = el('button', '', row, 'Copy');
  copy.type = 'button';
  copy.addEventListener('click', () => {
    text.select();
    navigator.clipboard?.writeText(link).then(() => { copy.textContent = 'Copied'; }, () => { copy.textContent = 'Select and copy by hand'; });
  });
  const close = el('button', '', row, 'Close');
  close.type = 'button';
  close.addEventListener('click', () => box.remove());
  text.focus();
  text.select();
}
