// Mouse on the level: what a press, a drag and a release do with each tool. Pan (middle button, or
// the left one with Space held) and wheel zoom work with every tool. A drag or a brush stroke is one
// undo step (a transaction of the document), and Esc cancels one in progress.

import type { Camera } from '../../render/camera';
import {
  addHint, entityPosition, findEntity, insertStamp, linkRope, moveRespawnPoint, paintCells, paintRect, round6, setEntityRect, setField,
  shiftEntity, type Cell, type EditorDoc, type EntityRef, type LevelFile, type LevelRopeEnd, type TileChar,
} from '../doc';
import { cornerPoint, entitiesIn, handleAt, pickEntity, resizableRect, type Handle } from './hitTest';
import { placeEntity } from './place';
import { snap, type Tool } from './tools';
import { screenToWorld, zoomAt } from './viewCamera';
import type { OverlayState } from './overlay';

export interface PointerContext {
  canvas: HTMLCanvasElement;
  doc(): EditorDoc;
  camera: Camera;
  screenSize(): { width: number; height: number };
  tool(): Tool;
  tile(): TileChar;
  setTool(tool: Tool): void;
  selection(): readonly EntityRef[];
  select(refs: readonly EntityRef[]): void;
  isSpaceHeld(): boolean;
  /** Something the overlay shows changed. */
  changed(): void;
  /** Only in the edit mode: the canvas belongs to the players during test-play. */
  isActive(): boolean;
}

type Drag =
  | { kind: 'pan'; sx: number; sy: number; cx: number; cy: number }
  | { kind: 'paint'; last: Cell; tile: TileChar }
  | { kind: 'rect'; from: Cell; to: Cell; tile: TileChar }
  | { kind: 'move'; refs: EntityRef[]; startX: number; startY: number; anchor: { x: number; y: number }; clicked: EntityRef; hasMoved: boolean }
  | { kind: 'handle'; handle: Handle }
  | { kind: 'rope'; from: LevelRopeEnd; at: { x: number; y: number }; to: { x: number; y: number } }
  | { kind: 'marquee'; x0: number; y0: number; x1: number; y1: number; isAdding: boolean };

export interface PointerTools {
  /** The pointer's cell and what is being dragged, for the overlay. */
  overlayPart(): Pick<OverlayState, 'cells' | 'ropeDrag' | 'marquee'>;
  /** Esc: drops the drag in progress (its edits are undone). True when there was one. */
  cancel(): boolean;
  dispose(): void;
}

const PICK_PX = 7;

export function createPointerTools(ctx: PointerContext): PointerTools {
  let drag: Drag | null = null;
  let hover: { x: number; y: number } | null = null;
  const { canvas } = ctx;

  const world = (e: { offsetX: number; offsetY: number }) => {
    const { width, height } = ctx.screenSize();
    return screenToWorld(ctx.camera, width, height, e.offsetX, e.offsetY);
  };
  const cellOf = (p: { x: number; y: number }): Cell => ({ col: Math.floor(p.x), row: Math.floor(p.y) });
  const radius = () => PICK_PX / ctx.camera.zoom;
  const level = (): LevelFile => ctx.doc().level;
  const inGrid = (c: Cell) => c.row >= 0 && c.row < level().tiles.length && c.col >= 0 && c.col < (level().tiles[0]?.length ?? 0);

  /** Cells on the line from a to b (a fast stroke still paints a continuous line). */
  const lineCells = (a: Cell, b: Cell): Cell[] => {
    const n = Math.max(Math.abs(b.col - a.col), Math.abs(b.row - a.row), 1);
    const out: Cell[] = [];
    for (let i = 0; i <= n; i++) out.push({ col: Math.round(a.col + ((b.col - a.col) * i) / n), row: Math.round(a.row + ((b.row - a.row) * i) / n) });
    return out.filter(inGrid);
  };

  /** What a rope end at (x, y) ties to: an anchor, a point on a box, a player, or the point itself. */
  const ropeEndAt = (p: { x: number; y: number }, isFree: boolean): { end: LevelRopeEnd; at: { x: number; y: number } } => {
    const ref = pickEntity(level(), p.x, p.y, radius());
    if (ref?.kind === 'anchor') {
      const a = findEntity(level(), { kind: 'anchor', id: ref.id })!;
      return { end: { anchor: ref.id }, at: { x: a.x, y: a.y } };
    }
    if (ref?.kind === 'box') {
      const b = findEntity(level(), { kind: 'box', id: ref.id })!;
      // Near the middle of the top side: the default tie point (no `at`); elsewhere where pressed.
      const ax = Math.max(-b.w / 2, Math.min(b.w / 2, snap(p.x - b.x, isFree)));
      const ay = Math.max(-b.h / 2, Math.min(b.h / 2, snap(p.y - b.y, isFree)));
      if (Math.abs(ax) < 0.01 && Math.abs(ay + b.h / 2) < 0.3) return { end: { box: ref.id }, at: { x: b.x, y: b.y - b.h / 2 } };
      return { end: { box: ref.id, at: [round6(ax), round6(ay)] }, at: { x: b.x + ax, y: b.y + ay } };
    }
    if (ref?.kind === 'spawn') {
      const s = findEntity(level(), { kind: 'spawn', id: ref.id })!;
      return { end: { player: s.player }, at: { x: s.x, y: s.y - 0.5 } };
    }
    const x = snap(p.x, isFree);
    const y = snap(p.y, isFree);
    return { end: { point: [x, y] }, at: { x, y } };
  };

  const onDown = (e: PointerEvent): void => {
    if (!ctx.isActive()) return;
    const p = world(e);
    if (e.button === 1 || (e.button === 0 && ctx.isSpaceHeld())) {
      drag = { kind: 'pan', sx: e.clientX, sy: e.clientY, cx: ctx.camera.centerX, cy: ctx.camera.centerY };
    } else if (e.button !== 0) {
      return;
    } else {
      drag = press(p, e);
    }
    if (drag) {
      canvas.setPointerCapture(e.pointerId);
      e.preventDefault();
    }
    ctx.changed();
  };

  const press = (p: { x: number; y: number }, e: PointerEvent): Drag | null => {
    const tool = ctx.tool();
    const doc = ctx.doc();
    const isFree = e.shiftKey;
    switch (tool.kind) {
      case 'brush':
      case 'erase': {
        const tile = tool.kind === 'erase' ? '.' : ctx.tile();
        const cell = cellOf(p);
        doc.begin(tool.kind === 'erase' ? 'Erase' : 'Paint');
        if (inGrid(cell)) doc.apply('Paint', (l) => paintCells(l, [cell], tile));
        return { kind: 'paint', last: cell, tile };
      }
      case 'rect':
        return { kind: 'rect', from: cellOf(p), to: cellOf(p), tile: e.altKey ? '.' : ctx.tile() };
      case 'rope': {
        const a = ropeEndAt(p, isFree);
        return { kind: 'rope', from: a.end, at: a.at, to: a.at };
      }
      case 'place': {
        let ref: EntityRef | null = null;
        doc.apply(`Place ${tool.what}`, (l) => {
          const out = placeEntity(l, tool.what, snap(p.x, isFree), snap(p.y, isFree));
          ref = out.ref;
          return out.level;
        });
        if (ref) ctx.select([ref]);
        ctx.setTool({ kind: 'select' });
        return null;
      }
      case 'hint': {
        let ref: EntityRef | null = null;
        doc.apply(`Place ${tool.verb} hint`, (l) => {
          const out = addHint(l, tool.verb, snap(p.x, isFree), snap(p.y, isFree));
          ref = out.ref;
          return out.level;
        });
        if (ref) ctx.select([ref]);
        ctx.setTool({ kind: 'select' });
        return null;
      }
      case 'stamp': {
        let refs: EntityRef[] = [];
        doc.apply(`Stamp ${tool.stamp}`, (l) => {
          const out = insertStamp(l, tool.stamp, snap(p.x, isFree), snap(p.y, isFree));
          refs = out.refs;
          return out.level;
        });
        ctx.select(refs);
        ctx.setTool({ kind: 'select' });
        return null;
      }
      case 'pathNodes': {
        const ref = ctx.selection().find((r) => r.kind === 'platform');
        const platform = ref && findEntity(level(), { kind: 'platform', id: ref.id });
        if (!ref || !platform) {
          ctx.setTool({ kind: 'select' });
          return null;
        }
        const i = platform.path.length;
        doc.apply('Add path point', (l) => setField(l, ['platforms', (l.platforms ?? []).indexOf(platform), 'path', i], [snap(p.x, isFree), snap(p.y, isFree)]));
        return null;
      }
      case 'select': {
        const handle = handleAt(level(), ctx.selection(), p.x, p.y, radius());
        if (handle) {
          doc.begin('Resize');
          return { kind: 'handle', handle };
        }
        const ref = pickEntity(level(), p.x, p.y, radius());
        if (!ref) {
          return { kind: 'marquee', x0: p.x, y0: p.y, x1: p.x, y1: p.y, isAdding: e.ctrlKey || e.metaKey };
        }
        const isSelected = ctx.selection().some((r) => r.kind === ref.kind && r.id === ref.id);
        if (e.ctrlKey || e.metaKey) {
          ctx.select(isSelected ? ctx.selection().filter((r) => r.kind !== ref.kind || r.id !== ref.id) : [...ctx.selection(), ref]);
          return null;
        }
        if (!isSelected) ctx.select([ref]);
        const anchor = entityPosition(level(), ref) ?? p;
        doc.begin('Move');
        return { kind: 'move', refs: [...ctx.selection()], startX: p.x, startY: p.y, anchor, clicked: ref, hasMoved: false };
      }
    }
  };

  const onMove = (e: PointerEvent): void => {
    if (!ctx.isActive()) return;
    const p = world(e);
    hover = p;
    const doc = ctx.doc();
    const isFree = e.shiftKey;
    if (drag) {
      switch (drag.kind) {
        case 'pan':
          ctx.camera.centerX = drag.cx - (e.clientX - drag.sx) / ctx.camera.zoom;
          ctx.camera.centerY = drag.cy - (e.clientY - drag.sy) / ctx.camera.zoom;
          break;
        case 'paint': {
          const cell = cellOf(p);
          if (cell.col !== drag.last.col || cell.row !== drag.last.row) {
            const cells = lineCells(drag.last, cell);
            const tile = drag.tile;
            doc.apply('Paint', (l) => paintCells(l, cells, tile));
            drag.last = cell;
          }
          break;
        }
        case 'rect':
          drag.to = cellOf(p);
          break;
        case 'rope':
          drag.to = ropeEndAt(p, isFree).at;
          break;
        case 'move': {
          // The dragged entity's own point snaps to the grid; the rest of the selection keeps its offsets.
          const x = snap(drag.anchor.x + p.x - drag.startX, isFree);
          const y = snap(drag.anchor.y + p.y - drag.startY, isFree);
          const first = drag.refs[0];
          const now = first ? entityPosition(level(), first) : null;
          if (now && (now.x !== x || now.y !== y)) {
            const dx = round6(x - now.x);
            const dy = round6(y - now.y);
            const refs = drag.refs;
            doc.apply('Move', (l) => refs.reduce((acc, ref) => shiftEntity(acc, ref, dx, dy), l));
            drag.hasMoved = true;
          }
          break;
        }
        case 'handle':
          dragHandle(drag.handle, p, isFree);
          break;
        case 'marquee':
          drag.x1 = p.x;
          drag.y1 = p.y;
          break;
      }
    }
    ctx.changed();
  };

  const dragHandle = (handle: Handle, p: { x: number; y: number }, isFree: boolean): void => {
    const doc = ctx.doc();
    const x = snap(p.x, isFree);
    const y = snap(p.y, isFree);
    if (handle.kind === 'node') {
      const platforms = level().platforms ?? [];
      const k = platforms.findIndex((q) => q.id === handle.ref.id);
      if (k >= 0) doc.apply('Move path point', (l) => setField(l, ['platforms', k, 'path', handle.index], [x, y]));
      return;
    }
    if (handle.kind === 'respawn') {
      // The handle is the player's middle, half a metre above the feet the file stores.
      const feetY = snap(p.y + 0.5, isFree);
      doc.apply('Move respawn point', (l) => moveRespawnPoint(l, handle.ref.id, handle.player, [x, feetY]));
      return;
    }
    const rect = resizableRect(level(), handle.ref);
    if (!rect) return;
    // The opposite corner stays; the dragged one follows the pointer (never past the other: 0.2 m at least).
    const fixed = cornerPoint(rect, (handle.corner + 2) % 4);
    const min = 0.2;
    const x0 = Math.min(fixed.x, x);
    const y0 = Math.min(fixed.y, y);
    const w = Math.max(min, Math.abs(x - fixed.x));
    const h = Math.max(min, Math.abs(y - fixed.y));
    doc.apply('Resize', (l) => setEntityRect(l, handle.ref, { x: x0, y: y0, w, h }));
  };

  const onUp = (e: PointerEvent): void => {
    if (!drag) return;
    const doc = ctx.doc();
    const d = drag;
    drag = null;
    if (canvas.hasPointerCapture(e.pointerId)) canvas.releasePointerCapture(e.pointerId);
    switch (d.kind) {
      case 'paint':
      case 'handle':
        doc.commit();
        break;
      case 'move':
        doc.commit();
        // A click (no drag) on one of several selected things selects just that one.
        if (!d.hasMoved && d.refs.length > 1) ctx.select([d.clicked]);
        break;
      case 'rect': {
        const level0 = level();
        const clampCell = (c: Cell): Cell => ({
          col: Math.max(0, Math.min((level0.tiles[0]?.length ?? 1) - 1, c.col)),
          row: Math.max(0, Math.min(level0.tiles.length - 1, c.row)),
        });
        doc.apply(d.tile === '.' ? 'Erase rectangle' : 'Rectangle', (l) => paintRect(l, clampCell(d.from), clampCell(d.to), d.tile));
        break;
      }
      case 'rope': {
        const b = ropeEndAt(world(e), e.shiftKey);
        if (JSON.stringify(b.end) === JSON.stringify(d.from) || (Math.abs(b.at.x - d.at.x) < 0.05 && Math.abs(b.at.y - d.at.y) < 0.05)) break;
        let ref: EntityRef | null = null;
        doc.apply('Rope', (l) => {
          const out = linkRope(l, d.from, b.end);
          ref = out.ref;
          return out.level;
        });
        if (ref) ctx.select([ref]);
        break;
      }
      case 'marquee': {
        const isClick = Math.abs(d.x1 - d.x0) * ctx.camera.zoom < 4 && Math.abs(d.y1 - d.y0) * ctx.camera.zoom < 4;
        const found = isClick ? [] : entitiesIn(level(), Math.min(d.x0, d.x1), Math.min(d.y0, d.y1), Math.max(d.x0, d.x1), Math.max(d.y0, d.y1));
        ctx.select(d.isAdding ? [...ctx.selection(), ...found] : found);
        break;
      }
      case 'pan':
        break;
    }
    ctx.changed();
  };

  const onWheel = (e: WheelEvent): void => {
    if (!ctx.isActive()) return;
    e.preventDefault();
    const { width, height } = ctx.screenSize();
    zoomAt(ctx.camera, width, height, e.offsetX, e.offsetY, Math.exp(-e.deltaY * 0.0015));
    ctx.changed();
  };
  const onContextMenu = (e: Event): void => {
    if (ctx.isActive()) e.preventDefault();
  };
  const onLeave = (): void => {
    hover = null;
    ctx.changed();
  };

  canvas.addEventListener('pointerdown', onDown);
  canvas.addEventListener('pointermove', onMove);
  canvas.addEventListener('pointerup', onUp);
  canvas.addEventListener('pointercancel', onUp);
  canvas.addEventListener('pointerleave', onLeave);
  canvas.addEventListener('wheel', onWheel, { passive: false });
  canvas.addEventListener('contextmenu', onContextMenu);

  return {
    overlayPart() {
      const tool = ctx.tool();
      let cells: OverlayState['cells'] = null;
      if (drag?.kind === 'rect') {
        cells = { col0: drag.from.col, row0: drag.from.row, col1: drag.to.col, row1: drag.to.row, isErase: drag.tile === '.' };
      } else if (hover && (tool.kind === 'brush' || tool.kind === 'erase' || tool.kind === 'rect')) {
        const c = cellOf(hover);
        cells = { col0: c.col, row0: c.row, col1: c.col, row1: c.row, isErase: tool.kind === 'erase' };
      }
      return {
        cells,
        ropeDrag: drag?.kind === 'rope' ? { from: drag.at, to: drag.to } : null,
        marquee: drag?.kind === 'marquee' ? { x0: drag.x0, y0: drag.y0, x1: drag.x1, y1: drag.y1 } : null,
      };
    },
    cancel() {
      if (!drag) return false;
      const doc = ctx.doc();
      if (doc.inTransaction) doc.cancel();
      drag = null;
      ctx.changed();
      return true;
    },
    dispose() {
      canvas.removeEventListener('pointerdown', onDown);
      canvas.removeEventListener('pointermove', onMove);
      canvas.removeEventListener('pointerup', onUp);
      canvas.removeEventListener('pointercancel', onUp);
      canvas.removeEventListener('pointerleave', onLeave);
      canvas.removeEventListener('wheel', onWheel);
      canvas.removeEventListener('contextmenu', onContextMenu);
    },
  };
}
