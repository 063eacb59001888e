// The level editor: one draft level (an EditorDoc from the editor core, src/editor/doc), drawn by
// the game's own renderer with the editor's camera, the tools on the mouse, the panels, the keys,
// live validation and the switch to test-play. The app (main.ts) shows it for the 'editor' view and
// hands the game's picture to it; test-play is the app's 'testPlay' view, which plays the parsed
// draft and comes back here with the camera and selection as they were.

import type { GameRenderer } from '../../render/renderer';
import { createCamera } from '../../render/camera';
import { worldOfLevel } from '../../level/levelWorlds';
import type { ReplayFile } from '../../level/replay';
import type { SimWorld, WorldDef } from '../../sim';
import {
  createEditorDoc, deleteEntities, duplicateEntities, emptyLevel, entityBounds, findEntity, importLevelText, listEntities,
  levelBaseName, levelToText, previewResize, resizeGrid, validateLevel,
  type EditorDoc, type EntityRef, type LevelFile, type TileChar, type Validation,
} from '../doc';
import './editor.css';
import type { EditorStart } from './editorStart';
import { createEditorFiles } from './editorFiles';
import { createEditorPanels } from './editorPanels';
import { createLinkView } from './linkView';
import { createDrafts } from './drafts';
import { showMyLevels } from './myLevels';
import { renderInspector } from './inspector';
import { createOverlay } from './overlay';
import { createPointerTools } from './pointerTools';
import { createTuningPanel } from './tuningPanel';
import { previewWorld } from './previewWorld';
import { TILE_KEYS, TOOL_KEYS, type Tool } from './tools';
import { fitLevel, zoomAt } from './viewCamera';

/** The level as the app plays it. */
export interface DraftLevel {
  text: string;
  id: string;
  name: string;
  /** File name without .json (downloads, replays). */
  baseName: string;
}

/** What the editor needs from the app (main.ts wires it). */
export interface EditorHost {
  root: HTMLElement;
  renderer: GameRenderer;
  /** Plays the draft (the app's 'testPlay' view); `fromCheckpoint` -1 = from the spawns. */
  testPlay(level: DraftLevel, def: WorldDef, fromCheckpoint: number): void;
  /** Ends test-play (F5, Esc, the button). */
  endTestPlay(): void;
  /** Plays a shared link's level as a level from elsewhere. */
  playLink(level: DraftLevel, def: WorldDef): void;
  /** Leaves the editor for the title. */
  close(): void;
  /** The world being test-played (the tuning panel reads it), or null. */
  playedWorld(): SimWorld | null;
  /** The replay of the test-play that just reached the goal from the spawns (recorded by the app). */
  lastTestReplay(): ReplayFile | null;
}

export interface EditorDebug {
  mode: 'edit' | 'play' | 'hidden';
  revision: number;
  /** The revision the picture shows. */
  drawnRevision: number;
  /** Time to build the preview world of the last edit, ms. */
  rebuildMs: number;
  /** From the test-play key (or button) to the end of the first frame drawn in play (or back in
   *  the editor), ms: the switch as the designer sees it. */
  lastSwitchMs: number;
  level: LevelFile;
  selection: EntityRef[];
  tool: Tool;
  problems: string[];
  isCleared: boolean;
  camera: { centerX: number; centerY: number; zoom: number };
}

export interface Editor {
  open(start: EditorStart): void;
  setMode(mode: 'edit' | 'play' | 'hidden'): void;
  /** The test-play that just ended reached the goal from the spawns (its replay from the app). */
  cleared(ticks: number): void;
  /** The world to draw while editing (the draft as the game starts it), or null when not editing. */
  readonly world: SimWorld | null;
  /** The draft's world (1-3, its `world` field): the looks it is drawn in. */
  readonly worldNumber: number;
  /** Once per frame before drawing: rebuilds what an edit changed. */
  frame(): void;
  /** Once per frame after drawing: a switch to or from test-play is on screen now. */
  drawn(): void;
  readonly debug: EditorDebug;
}

const VALIDATE_DELAY_MS = 120;

export function createEditor(host: EditorHost): Editor {
  const { renderer } = host;
  let doc: EditorDoc = createEditorDoc(emptyLevel());
  let unsubscribe = doc.subscribe(() => onDocChange());
  let selection: EntityRef[] = [];
  let tool: Tool = { kind: 'select' };
  let tile: TileChar = '#';
  let mode: 'edit' | 'play' | 'hidden' = 'hidden';
  let isGridOn = true;
  let isSpaceHeld = false;
  const camera = createCamera();
  let world: SimWorld | null = null;
  let worldRevision = -1;
  let isOverlayDirty = true;
  let validation: Validation | null = null;
  let validatedRevision = -1;
  let validateTimer = 0;
  let rebuildMs = 0;
  let switchStartedMs = 0;
  let lastSwitchMs = 0;
  let hasPendingSwitch = false;
  let saveStatus: { text: string; isProblem: boolean } = { text: '', isProblem: false };
  let hasResumed = false;

  const panels = createEditorPanels(host.root, {
    pickTool: (t) => setTool(t),
    pickTile: (t) => pickTile(t),
    undo: () => undo(),
    redo: () => redo(),
    play: () => startTestPlay(),
    stopPlay: () => stopTestPlay(),
    fit: () => fit(),
    toggleGrid: () => { isGridOn = !isGridOn; isOverlayDirty = true; refreshHeader(); },
    exportFile: () => files.exportFiles(),
    openFile: () => files.pickFile(),
    share: () => void files.share(),
    // The endpoint exists only on the dev server (tools/editorSavePlugin.ts); a build leaves the
    // button out. import.meta.hot, not env.DEV: a build made inside vitest (NODE_ENV=test) has DEV set.
    saveToProject: import.meta.hot ? () => files.saveToProjectDialog() : null,
    myLevels: () => void showMyLevels(panels.root, drafts.library, {
      currentDocId: () => drafts.docId,
      open: (docId) => void drafts.openSaved(docId),
      create: () => void drafts.openNew(emptyLevel(), null),
      toast: (m, isError) => panels.toast(m, isError),
    }),
    exit: () => host.close(),
  });
  const files = createEditorFiles({
    root: panels.root,
    level: () => doc.level,
    cleared: () => doc.cleared,
    open: (level, mark) => void drafts.openNew(level, mark),
    markCleared: (mark) => { doc.markCleared(mark); refreshHeader(); },
    toast: (m, isError) => panels.toast(m, isError),
    isActive: () => mode === 'edit' && !linkView.isOpen,
  });
  /** A level opened from a share link, shown with Play and Edit a copy. */
  const linkView = createLinkView(panels.root, {
    // Shown, not saved: only Edit a copy makes it one of My levels.
    show: (level, mark) => { useDoc(createEditorDoc(level, mark)); panels.setMode('link'); },
    play: (level, def) => host.playLink({ ...draftLevel(), baseName: levelBaseName(level) }, def),
    editCopy: (level, mark) => {
      void drafts.openNew(level, mark);
      panels.setMode('edit');
    },
    toast: (m, isError) => panels.toast(m, isError),
  });
  const drafts = createDrafts({
    root: panels.root,
    doc: () => doc,
    useDoc: (next) => useDoc(next),
    camera,
    selection: () => selection,
    select: (refs) => select(refs),
    statusChanged: (status) => { saveStatus = status; refreshHeader(); },
    toast: (m, isError, isSticky) => panels.toast(m, isError, isSticky),
  });
  const tuning = createTuningPanel(panels.tuning, () => doc, () => renderer.canvas.focus());
  /** The draft's revision when the test-play started: a run after a tuning change proves nothing. */
  let playRevision = -1;
  const overlay = createOverlay(() => renderer.addOverlayGraphics(), (color, heightM) => renderer.addOverlayLabel(color, heightM));

  const pointer = createPointerTools({
    canvas: renderer.canvas,
    doc: () => doc,
    camera,
    screenSize: () => renderer.screenSize,
    tool: () => tool,
    tile: () => tile,
    setTool: (t) => setTool(t),
    selection: () => selection,
    select: (refs) => select(refs),
    isSpaceHeld: () => isSpaceHeld,
    changed: () => { isOverlayDirty = true; },
    isActive: () => mode === 'edit' && !linkView.isOpen,
  });

  // ---- state changes ---------------------------------------------------------------------------

  function onDocChange(): void {
    isOverlayDirty = true;
    // Entities that are gone (undo of their creation, a delete) leave the selection.
    const kept = selection.filter((r) => findEntity(doc.level, r) !== undefined);
    if (kept.length !== selection.length) selection = kept;
    scheduleValidation();
    refreshHeader();
    if (!doc.inTransaction) refreshInspector();
  }

  function scheduleValidation(): void {
    window.clearTimeout(validateTimer);
    validateTimer = window.setTimeout(() => validateNow(), VALIDATE_DELAY_MS);
  }

  function validateNow(): Validation {
    window.clearTimeout(validateTimer);
    if (validation && validatedRevision === doc.revision) return validation;
    validation = validateLevel(doc.level);
    validatedRevision = doc.revision;
    refreshProblems();
    refreshHeader();
    return validation;
  }

  function setTool(next: Tool): void {
    tool = next;
    isOverlayDirty = true;
    refreshTools();
  }

  function refreshTools(): void {
    panels.setTool(tool, tile);
    renderer.canvas.style.cursor = tool.kind === 'select' ? 'default' : 'crosshair';
  }

  /** A tile for the brush and the rectangle; with another tool up, the brush is picked too. */
  function pickTile(next: TileChar): void {
    tile = next;
    if (tool.kind !== 'brush' && tool.kind !== 'rect') setTool({ kind: 'brush' });
    else refreshTools();
  }

  function select(refs: readonly EntityRef[]): void {
    selection = [...refs];
    isOverlayDirty = true;
    refreshInspector();
    refreshStartAt();
  }

  function refreshHeader(): void {
    const v = validation && validatedRevision === doc.revision ? validation : null;
    panels.setHeader({
      name: doc.level.name,
      saveStatus: saveStatus.text,
      isSaveProblem: saveStatus.isProblem,
      isCleared: doc.cleared !== null,
      canUndo: doc.canUndo,
      canRedo: doc.canRedo,
      undoLabel: doc.undoLabel,
      redoLabel: doc.redoLabel,
      playBlockedReason: v ? v.reason : null,
      isGridOn,
    });
  }

  function refreshInspector(): void {
    renderInspector(panels.inspector, doc, selection, {
      renamed: (ref) => select([ref]),
      addPathNodes: () => setTool({ kind: 'pathNodes' }),
      resize: (side, by) => resize(side, by),
    });
  }

  function refreshProblems(): void {
    const list = panels.problems;
    list.replaceChildren();
    const problems = validation?.problems ?? [];
    if (problems.length === 0) {
      const ok = document.createElement('li');
      ok.className = 'ed-ok';
      ok.textContent = validation?.cost ? `No problems. Cost ${validation.cost.ms.toFixed(2)} ms per tick of 4 ms.` : 'No problems.';
      list.append(ok);
      return;
    }
    for (const problem of problems) {
      const li = document.createElement('li');
      li.textContent = problem.message;
      li.title = 'Select and centre it';
      li.addEventListener('click', () => {
        if (problem.entity) {
          select([problem.entity]);
          centreOn(problem.entity);
        } else if (problem.tileRow !== null) {
          camera.centerY = problem.tileRow + 0.5;
        }
      });
      list.append(li);
    }
  }

  /** The "Start at" choice: the spawns, or one of the level's checkpoints. */
  function refreshStartAt(): void {
    const select = panels.startAt;
    const chosen = select.value;
    select.replaceChildren();
    const add = (value: string, label: string) => {
      const o = document.createElement('option');
      o.value = value;
      o.textContent = label;
      select.append(o);
    };
    add('-1', 'spawns');
    (doc.level.checkpoints ?? []).forEach((c, i) => add(String(i), `checkpoint '${c.id}'`));
    select.value = [...select.options].some((o) => o.value === chosen) ? chosen : '-1';
  }

  /** Grows or shrinks the grid on one side; what would be lost is named and asked about first. */
  function resize(side: 'left' | 'right' | 'top' | 'bottom', by: number, isConfirmed = false): void {
    const d = { left: 0, right: 0, top: 0, bottom: 0, [side]: by };
    const preview = previewResize(doc.level, d);
    if (preview.error) {
      panels.toast(`Can't resize: ${preview.error}`, true);
      return;
    }
    const lost = [
      preview.lostTiles > 0 ? `${preview.lostTiles} tile(s)` : '',
      ...preview.lostEntities.map((r) => `${r.kind} '${r.id}'`),
    ].filter(Boolean);
    if (lost.length > 0 && !isConfirmed) {
      confirmBox(`Removing this ${side === 'left' || side === 'right' ? 'column' : 'row'} deletes ${lost.join(', ')}.`, 'Remove anyway', () => resize(side, by, true));
      return;
    }
    doc.apply(`Resize grid (${side} ${by > 0 ? '+' : ''}${by})`, (l) => resizeGrid(l, d));
    // Things keep their place in the world; the view moves with them when the left or top side grows.
    if (side === 'left') camera.centerX += by;
    if (side === 'top') camera.centerY += by;
    if (preview.outsideRequired.length > 0) panels.toast(`Move ${preview.outsideRequired.map((r) => r.id).join(' and ')} back into the grid: a level needs them.`, true);
  }

  /** A small question over the editor: the action runs only on its button. */
  function confirmBox(question: string, yes: string, action: () => void): void {
    panels.root.querySelector('.ed-confirm')?.remove();
    const box = document.createElement('div');
    box.className = 'ed-panel ed-dialog ed-confirm';
    box.setAttribute('role', 'alertdialog');
    const p = document.createElement('p');
    p.textContent = question;
    const row = document.createElement('div');
    row.className = 'ed-row';
    const ok = document.createElement('button');
    ok.type = 'button';
    ok.textContent = yes;
    ok.addEventListener('click', () => { box.remove(); action(); });
    const cancel = document.createElement('button');
    cancel.type = 'button';
    cancel.textContent = 'Cancel';
    cancel.addEventListener('click', () => box.remove());
    row.append(ok, cancel);
    box.append(p, row);
    panels.root.append(box);
  }

  function centreOn(ref: EntityRef): void {
    const b = entityBounds(doc.level, ref);
    if (!b) return;
    camera.centerX = (b.x0 + b.x1) / 2;
    camera.centerY = (b.y0 + b.y1) / 2;
    isOverlayDirty = true;
  }

  function fit(): void {
    const { width, height } = renderer.screenSize;
    fitLevel(camera, width, height, doc.level.tiles[0]?.length ?? 1, doc.level.tiles.length, 150, 300);
    isOverlayDirty = true;
  }

  function undo(): void {
    pointer.cancel();
    if (!doc.undo()) panels.toast('Nothing to undo.');
  }

  function redo(): void {
    pointer.cancel();
    if (!doc.redo()) panels.toast('Nothing to redo.');
  }

  function useDoc(next: EditorDoc): void {
    // The draft that was open keeps its last change: saved now, then left alone.
    drafts.detach();
    unsubscribe();
    doc = next;
    unsubscribe = doc.subscribe(() => onDocChange());
    selection = [];
    validation = null;
    validatedRevision = -1;
    worldRevision = -1;
    onDocChange();
    refreshInspector();
    refreshStartAt();
    fit();
  }

  // ---- test-play -------------------------------------------------------------------------------

  function startTestPlay(): void {
    if (mode !== 'edit') return;
    pointer.cancel();
    const v = validateNow();
    if (!v.ok || !v.result.ok) {
      panels.toast(`Can't play yet: ${v.reason ?? 'the level has problems'}`, true);
      return;
    }
    const from = Number(panels.startAt.value);
    const checkpoint = from >= 0 ? v.result.def.checkpoints?.[from] : undefined;
    // From a checkpoint: both players start at its respawn points; the rest of the level is as made.
    const def: WorldDef = checkpoint ? { ...v.result.def, spawns: checkpoint.spawns } : v.result.def;
    switchStartedMs = performance.now();
    hasPendingSwitch = true;
    tuning.open(selection);
    playRevision = doc.revision;
    host.testPlay(draftLevel(), def, checkpoint ? from : -1);
  }

  function stopTestPlay(): void {
    if (mode !== 'play') return;
    switchStartedMs = performance.now();
    hasPendingSwitch = true;
    host.endTestPlay();
  }

  function draftLevel(): DraftLevel {
    const level = doc.level;
    return { text: levelToText(level), id: level.id, name: level.name, baseName: levelBaseName(level) };
  }

  // ---- keys --------------------------------------------------------------------------------------

  const isTyping = (e: KeyboardEvent): boolean => {
    const t = e.target as HTMLElement | null;
    return !!t && (t.tagName === 'INPUT' || t.tagName === 'TEXTAREA' || t.tagName === 'SELECT' || t.isContentEditable);
  };

  const onKeyDown = (e: KeyboardEvent): void => {
    if (mode === 'play') {
      if (e.code === 'F5') {
        e.preventDefault();
        if (!e.repeat) stopTestPlay();
      }
      return;
    }
    if (mode !== 'edit' || linkView.isOpen) return;
    if (e.code === 'F5') {
      e.preventDefault(); // never the browser's reload
      if (!e.repeat) startTestPlay();
      return;
    }
    if (isTyping(e)) return;
    const ctrl = e.ctrlKey || e.metaKey;
    if (ctrl) {
      const handled = onCommandKey(e);
      if (handled) e.preventDefault();
      return;
    }
    if (e.code === 'Space') {
      isSpaceHeld = true;
      e.preventDefault();
      return;
    }
    const { width, height } = renderer.screenSize;
    const pan = 48 / camera.zoom;
    switch (e.code) {
      case 'ArrowLeft': camera.centerX -= pan; break;
      case 'ArrowRight': camera.centerX += pan; break;
      case 'ArrowUp': camera.centerY -= pan; break;
      case 'ArrowDown': camera.centerY += pan; break;
      case 'Equal': case 'NumpadAdd': zoomAt(camera, width, height, width / 2, height / 2, 1.25); break;
      case 'Minus': case 'NumpadSubtract': zoomAt(camera, width, height, width / 2, height / 2, 0.8); break;
      case 'Digit0': case 'Numpad0': fit(); break;
      case 'KeyH': isGridOn = !isGridOn; refreshHeader(); break;
      case 'Delete': case 'Backspace': deleteSelection(); break;
      case 'Escape':
        if (!pointer.cancel()) {
          if (tool.kind !== 'select') setTool({ kind: 'select' });
          else select([]);
        }
        break;
      default: {
        const t = TOOL_KEYS.find((k) => k.code === e.code);
        const c = TILE_KEYS.find((k) => k.code === e.code);
        if (t) setTool(t.tool);
        else if (c) pickTile(c.tile);
        else return;
      }
    }
    isOverlayDirty = true;
    e.preventDefault();
  };

  /** Ctrl / Cmd shortcuts; true when used. */
  const onCommandKey = (e: KeyboardEvent): boolean => {
    switch (e.code) {
      case 'KeyZ': if (e.shiftKey) redo(); else undo(); return true;
      case 'KeyY': redo(); return true;
      case 'KeyD': duplicateSelection(); return true;
      case 'KeyA': select(listAll()); return true;
      case 'KeyS': files.exportFiles(); return true;
      case 'KeyO': files.pickFile(); return true;
      default: return false;
    }
  };

  const onKeyUp = (e: KeyboardEvent): void => {
    if (e.code === 'Space') isSpaceHeld = false;
  };

  function listAll(): EntityRef[] {
    return listEntities(doc.level);
  }

  function deleteSelection(): void {
    const refs = selection.filter((r) => r.kind !== 'spawn' && r.kind !== 'goal');
    if (refs.length === 0) {
      if (selection.length > 0) panels.toast('The spawns and the goal cannot be deleted: move them instead.');
      return;
    }
    doc.apply(refs.length === 1 ? `Delete ${refs[0].kind}` : `Delete ${refs.length} things`, (l) => deleteEntities(l, refs).level);
    select([]);
  }

  function duplicateSelection(): void {
    if (selection.length === 0) return;
    let refs: EntityRef[] = [];
    doc.apply('Duplicate', (l) => {
      const out = duplicateEntities(l, selection, 1, 0);
      refs = out.refs;
      return out.level;
    });
    if (refs.length > 0) select(refs);
  }

  window.addEventListener('keydown', onKeyDown);
  window.addEventListener('keyup', onKeyUp);
  window.addEventListener('blur', () => { isSpaceHeld = false; });

  // ---- the app's side ------------------------------------------------------------------------------

  const editor: Editor = {
    open(start) {
      if (start.kind === 'resume') {
        // Once: after that the open draft stays open (even unsaved, when storage is blocked).
        if (!hasResumed) void drafts.resume();
        hasResumed = true;
      } else if (start.kind === 'copy') {
        const result = importLevelText(start.text);
        if (result.ok) void drafts.openNew({ ...result.level, id: `${result.level.id}-copy`.slice(0, 40), name: `${result.level.name} (copy)`.slice(0, 80) }, null);
        else panels.toast(`Could not open ${start.file}: ${result.errors.slice(0, 3).join('; ')}`, true);
      } else {
        void linkView.open(start.fragment);
      }
      this.setMode('edit');
      refreshTools();
    },
    setMode(next) {
      mode = next;
      panels.setMode(next === 'edit' && linkView.isOpen ? 'link' : next);
      host.root.classList.toggle('is-editing', next === 'edit');
      if (next === 'edit') {
        renderer.setCameraOverride(camera);
        renderer.overlay.visible = true;
        isOverlayDirty = true;
        renderer.canvas.focus();
      } else {
        renderer.setCameraOverride(null);
        renderer.overlay.visible = false;
      }
    },
    cleared(ticks) {
      const replay = host.lastTestReplay();
      if (!replay) return;
      if (doc.revision !== playRevision) {
        panels.toast('Both players made it, but the level was tuned during the run: play it again from the start to clear it.');
        return;
      }
      doc.markCleared({ replay });
      panels.toast(`Cleared in ${(ticks / 60).toFixed(2)} s: the level is proven playable.`);
      refreshHeader();
    },
    get world() {
      return mode === 'edit' ? world : null;
    },
    get worldNumber() {
      return worldOfLevel(doc.level);
    },
    drawn() {
      if (hasPendingSwitch) {
        lastSwitchMs = performance.now() - switchStartedMs;
        hasPendingSwitch = false;
      }
    },
    frame() {
      if (mode === 'play') tuning.update(host.playedWorld());
      if (mode !== 'edit') return;
      if (worldRevision !== doc.revision) {
        const t0 = performance.now();
        world = previewWorld(doc.level);
        rebuildMs = performance.now() - t0;
        worldRevision = doc.revision;
      }
      if (isOverlayDirty) {
        isOverlayDirty = false;
        overlay.draw({ level: doc.level, selection, zoom: camera.zoom, showGrid: isGridOn, ...pointer.overlayPart() });
      }
    },
    get debug(): EditorDebug {
      return {
        mode, revision: doc.revision, drawnRevision: worldRevision, rebuildMs, lastSwitchMs,
        level: doc.level, selection: [...selection], tool, isCleared: doc.cleared !== null,
        problems: (validation?.problems ?? []).map((p) => p.message),
        camera: { centerX: camera.centerX, centerY: camera.centerY, zoom: camera.zoom },
      };
    },
  };
  return editor;
}
