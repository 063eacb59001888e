// The editor's DOM: the top bar (level name, save state, cleared badge, undo/redo, Play, files),
// the tool column (tools, tiles, things to place, stamps, teaching hints), the side panel (inspector and problems),
// the bar shown during test-play, and a toast for messages. It shows and reports; the editor
// (editor.ts) decides.

import { el } from '../../ui/dom';
import { STAMPS, type TileChar } from '../doc';
import { createHintPicker } from './hintPicker';
import { PLACE_LABELS, TILE_KEYS, TOOL_KEYS, sameTool, type Tool } from './tools';

export interface PanelHandlers {
  pickTool(tool: Tool): void;
  pickTile(tile: TileChar): void;
  undo(): void;
  redo(): void;
  play(): void;
  stopPlay(): void;
  fit(): void;
  toggleGrid(): void;
  exportFile(): void;
  openFile(): void;
  share(): void;
  /** Only under `npm run dev` (the dev server's endpoint); null hides the button. */
  saveToProject: (() => void) | null;
  myLevels(): void;
  exit(): void;
}

export interface EditorPanels {
  root: HTMLElement;
  inspector: HTMLElement;
  problems: HTMLElement;
  tuning: HTMLElement;
  startAt: HTMLSelectElement;
  /** 'link': a shared level on show, only its banner (the editor's own) over the picture. */
  setMode(mode: 'edit' | 'play' | 'hidden' | 'link'): void;
  setTool(tool: Tool, tile: TileChar): void;
  setHeader(info: {
    name: string; saveStatus: string; isSaveProblem: boolean; isCleared: boolean;
    canUndo: boolean; canRedo: boolean; undoLabel: string | null; redoLabel: string | null;
    playBlockedReason: string | null; isGridOn: boolean;
  }): void;
  /** A message at the bottom; `isSticky`: it stays until clicked (storage problems must be read). */
  toast(message: string, isError?: boolean, isSticky?: boolean): void;
}

const button = (parent: HTMLElement, label: string, onClick: () => void, key?: string, className = ''): HTMLButtonElement => {
  const b = el('button', className, parent, label);
  b.type = 'button';
  if (key) b.title = `${label} (${key})`;
  // The keyboard stays on the level: a focused button would also take Space (pan) as a click.
  b.addEventListener('mousedown', (e) => e.preventDefault());
  if (key) el('kbd', '', b, key);
  b.addEventListener('click', () => onClick());
  return b;
};

export function createEditorPanels(parent: HTMLElement, h: PanelHandlers): EditorPanels {
  const root = el('div', 'editor', parent);
  root.hidden = true;

  // ---- top bar
  const top = el('div', 'ed-panel ed-top', root);
  const name = el('span', 'ed-name', top);
  const badge = el('span', 'ed-badge', top);
  const status = el('span', 'ed-status', top);
  status.setAttribute('role', 'status');
  const undo = button(top, 'Undo', h.undo, 'Ctrl+Z');
  const redo = button(top, 'Redo', h.redo, 'Ctrl+Y');
  el('span', 'ed-spacer', top);
  el('label', '', top, 'Start at');
  const startAt = el('select', 'ed-start-at', top);
  const play = button(top, '▶ Play', h.play, 'F5', 'ed-play');
  const grid = button(top, 'Grid', h.toggleGrid, 'H');
  button(top, 'Fit', h.fit, '0');
  button(top, 'My levels', h.myLevels);
  button(top, 'Open', h.openFile, 'Ctrl+O');
  button(top, 'Export', h.exportFile, 'Ctrl+S');
  const share = button(top, 'Share link', h.share);
  if (h.saveToProject) button(top, 'Save to project', h.saveToProject);
  button(top, 'Exit', h.exit);

  // ---- tools
  const tools = el('div', 'ed-panel ed-tools', root);
  const toolButtons: Array<{ b: HTMLButtonElement; tool: Tool }> = [];
  const addTool = (label: string, tool: Tool, key?: string) => {
    toolButtons.push({ b: button(tools, label, () => h.pickTool(tool), key), tool });
  };
  el('h3', '', tools, 'Tools');
  for (const t of TOOL_KEYS) addTool(t.label, t.tool, t.code.replace('Key', ''));
  el('h3', '', tools, 'Tile');
  const tileButtons = TILE_KEYS.map((t) => ({ b: button(tools, `${t.label} ${t.tile}`, () => h.pickTile(t.tile), t.code.replace('Digit', '')), tile: t.tile }));
  el('h3', '', tools, 'Place');
  for (const p of PLACE_LABELS) addTool(p.label, { kind: 'place', what: p.what });
  el('h3', '', tools, 'Stamps');
  for (const s of STAMPS) {
    addTool(s.name, { kind: 'stamp', stamp: s.kind });
    toolButtons[toolButtons.length - 1].b.title = s.description;
  }
  // Last in the column: the earlier sections keep their places (and their screen positions).
  el('h3', '', tools, 'Teach');
  const hints = createHintPicker(tools, (verb) => h.pickTool({ kind: 'hint', verb }));
  toolButtons.push({ b: hints.button, tool: { kind: 'hint', verb: 'walk' } });

  // ---- side panel
  const side = el('div', 'ed-panel ed-side', root);
  el('h3', '', side, 'Inspector');
  const inspector = el('div', 'ed-inspector', side);
  el('h3', '', side, 'Problems');
  const problems = el('ul', 'ed-problems', side);

  // ---- test-play
  const playbar = el('div', 'ed-panel ed-playbar', root);
  el('span', '', playbar, 'Test-playing');
  button(playbar, '■ Back to editor', h.stopPlay, 'F5 / Esc');
  const tuning = el('div', 'ed-panel ed-tuning', root);

  const toastBox = el('div', 'ed-panel ed-toast', root);
  toastBox.hidden = true;
  toastBox.setAttribute('role', 'alert');
  toastBox.addEventListener('click', () => { toastBox.hidden = true; });
  let toastTimer = 0;

  const editParts = [top, tools, side];
  const playParts = [playbar, tuning];

  return {
    root, inspector, problems, tuning, startAt,
    setMode(mode) {
      root.hidden = mode === 'hidden';
      for (const p of editParts) p.hidden = mode !== 'edit';
      for (const p of playParts) p.hidden = mode !== 'play';
    },
    setTool(tool, tile) {
      if (tool.kind === 'hint') hints.show(tool.verb);
      for (const { b, tool: t } of toolButtons) b.classList.toggle('is-on', sameTool(t, tool));
      for (const { b, tile: t } of tileButtons) b.classList.toggle('is-on', t === tile);
    },
    setHeader(info) {
      name.textContent = info.name;
      name.title = info.name;
      status.textContent = info.saveStatus;
      status.title = info.saveStatus;
      status.classList.toggle('is-problem', info.isSaveProblem);
      badge.textContent = info.isCleared ? '✓ Cleared' : 'Not cleared';
      badge.className = `ed-badge ${info.isCleared ? 'is-cleared' : 'is-uncleared'}`;
      badge.title = info.isCleared ? 'A test-play from the start reached the goal since the last edit; its replay travels with the level.' : 'Test-play from the start to the goal to clear the level.';
      undo.disabled = !info.canUndo;
      undo.title = info.undoLabel ? `Undo ${info.undoLabel} (Ctrl+Z)` : 'Nothing to undo';
      redo.disabled = !info.canRedo;
      redo.title = info.redoLabel ? `Redo ${info.redoLabel} (Ctrl+Y, Ctrl+Shift+Z)` : 'Nothing to redo';
      play.disabled = info.playBlockedReason !== null;
      play.title = info.playBlockedReason ?? 'Play the level (F5); F5 again comes back';
      share.disabled = info.playBlockedReason !== null;
      share.title = info.playBlockedReason ?? 'Copy a link that holds the whole level';
      grid.classList.toggle('is-on', info.isGridOn);
    },
    toast(message, isError = false, isSticky = false) {
      toastBox.textContent = message;
      toastBox.title = isSticky ? 'Click to close' : '';
      toastBox.classList.toggle('is-error', isError);
      toastBox.hidden = false;
      window.clearTimeout(toastTimer);
      if (!isSticky) toastTimer = window.setTimeout(() => { toastBox.hidden = true; }, isError ? 8000 : 4000);
    },
  };
}
