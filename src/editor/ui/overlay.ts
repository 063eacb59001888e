// What the editor draws over the game's picture of the level (GameRenderer.overlay, in the scene's
// centimetre units): the tile grid, the hovered cell or brush, the selection with its handles,
// platform paths with their nodes, checkpoint respawn points, teaching hints' areas with their verbs
// (the game draws none: they are prompts), a box's start angle (an arc) and push
// (an arrow), a rectangle being dragged and a rope being linked. Redrawn only when something it
// shows changed (the editor asks), not every frame.

import type { Graphics, Text } from 'pixi.js';
import { CM_PER_M as U } from '../../render/units';
import {
  entityBounds, findEntity, ropeEndPosition, type EntityRef, type LevelFile,
} from '../doc';
import { cornerPoint, resizableRect } from './hitTest';

export interface OverlayState {
  level: LevelFile;
  selection: readonly EntityRef[];
  /** Pixels per metre now: lines and handles keep their size on screen. */
  zoom: number;
  /** The cell or cells under the brush, or a rectangle being dragged (cells, inclusive). */
  cells: { col0: number; row0: number; col1: number; row1: number; isErase: boolean } | null;
  /** A rope being dragged from `from` to `to`, m. */
  ropeDrag: { from: { x: number; y: number }; to: { x: number; y: number } } | null;
  /** A marquee being dragged, m. */
  marquee: { x0: number; y0: number; x1: number; y1: number } | null;
  showGrid: boolean;
}

const SELECT = 0x56b4e9;
const HANDLE = 0xffffff;
const ROPE_PREVIEW = 0xf0e442;
const BRUSH = 0xf0e442;
const ERASE = 0xd55e00;
const GRID = 0xffffff;
const PATH = 0xcc79a7;
const HINT = 0x009e73;

export interface Overlay {
  draw(state: OverlayState): void;
}

/** Height of a hint's verb label, m. */
const HINT_LABEL_M = 0.5;

/** `newGraphics` and `newLabel` make a Graphics and a Text in the renderer's overlay
 *  (GameRenderer.addOverlayGraphics, addOverlayLabel). */
export function createOverlay(newGraphics: () => Graphics, newLabel: (color: number, heightM: number) => Text): Overlay {
  const grid = newGraphics();
  const marks = newGraphics();
  // One label per hint, kept and reused (a level has at most 64 hints): the verb each teaches.
  const hintLabels: Text[] = [];
  let gridKey = '';

  const drawHints = (g: Graphics, level: LevelFile, line: number): void => {
    const hints = level.hints ?? [];
    while (hintLabels.length < hints.length) hintLabels.push(newLabel(HINT, HINT_LABEL_M));
    hintLabels.forEach((label, i) => {
      const h = hints[i];
      label.visible = h !== undefined;
      if (!h) return;
      g.rect(h.x * U, h.y * U, h.w * U, h.h * U).fill({ color: HINT, alpha: 0.1 }).stroke({ color: HINT, width: line, alpha: 0.8 });
      // Inside the area's top edge, so hints sharing an area (swing and pump) stack, not overlap.
      const sameBefore = hints.slice(0, i).filter((o) => o.x === h.x && o.y === h.y).length;
      label.text = `teach ${h.verb}`;
      label.position.set((h.x + h.w / 2) * U, (h.y + (sameBefore + 1) * (HINT_LABEL_M + 0.1)) * U);
    });
  };

  const drawGrid = (level: LevelFile, zoom: number, isOn: boolean): void => {
    const w = level.tiles[0]?.length ?? 0;
    const h = level.tiles.length;
    const key = `${w}x${h}@${Math.round(zoom)}:${isOn}`;
    if (key === gridKey) return;
    gridKey = key;
    grid.clear();
    if (!isOn) return;
    const px = U / zoom; // one screen pixel in scene units
    for (let c = 0; c <= w; c++) grid.rect(c * U - px / 2, 0, px, h * U);
    for (let r = 0; r <= h; r++) grid.rect(0, r * U - px / 2, w * U, px);
    grid.fill({ color: GRID, alpha: c5(zoom) });
  };

  return {
    draw(s): void {
      drawGrid(s.level, s.zoom, s.showGrid);
      const g = marks;
      g.clear();
      const px = U / s.zoom;
      const line = 2 * px;
      const handle = 8 * px;
      if (s.cells) {
        const { col0, row0, col1, row1 } = s.cells;
        const x0 = Math.min(col0, col1);
        const y0 = Math.min(row0, row1);
        g.rect(x0 * U, y0 * U, (Math.abs(col1 - col0) + 1) * U, (Math.abs(row1 - row0) + 1) * U)
          .stroke({ color: s.cells.isErase ? ERASE : BRUSH, width: line });
      }
      // Every hint's area and verb, selected or not: the game shows nothing there until a player walks in.
      drawHints(g, s.level, line);
      for (const ref of s.selection) drawSelected(g, s.level, ref, line, handle);
      if (s.ropeDrag) {
        const { from, to } = s.ropeDrag;
        g.moveTo(from.x * U, from.y * U).lineTo(to.x * U, to.y * U).stroke({ color: ROPE_PREVIEW, width: line });
        g.circle(from.x * U, from.y * U, handle / 2).fill(ROPE_PREVIEW);
        g.circle(to.x * U, to.y * U, handle / 2).fill(ROPE_PREVIEW);
      }
      if (s.marquee) {
        const { x0, y0, x1, y1 } = s.marquee;
        g.rect(Math.min(x0, x1) * U, Math.min(y0, y1) * U, Math.abs(x1 - x0) * U, Math.abs(y1 - y0) * U)
          .fill({ color: SELECT, alpha: 0.12 }).stroke({ color: SELECT, width: px });
      }
      // Every box's start angle and push, selected or not: they shape how the level starts.
      for (const b of s.level.boxes ?? []) drawBoxStart(g, s.level, b.id, line);
    },
  };
}

/** Grid lines fade out as the view zooms out, so a big level does not turn grey. */
function c5(zoom: number): number {
  return zoom < 10 ? 0 : Math.min(0.18, (zoom - 10) / 150);
}

function drawSelected(g: Graphics, level: LevelFile, ref: EntityRef, line: number, handle: number): void {
  if (ref.kind === 'rope') {
    const r = findEntity(level, { kind: 'rope', id: ref.id });
    const a = r && ropeEndPosition(level, r.a);
    const b = r && ropeEndPosition(level, r.b);
    if (r && a && b) {
      // Along the corners it is slung over, if any.
      g.moveTo(a.x * U, a.y * U);
      for (const [cx, cy] of r.over ?? []) g.lineTo(cx * U, cy * U);
      g.lineTo(b.x * U, b.y * U).stroke({ color: SELECT, width: line, alpha: 0.8 });
      for (const p of [a, b]) g.circle(p.x * U, p.y * U, handle / 2).stroke({ color: SELECT, width: line });
    }
    return;
  }
  const bounds = entityBounds(level, ref);
  if (!bounds) return;
  const pad = ref.kind === 'anchor' ? 0.3 : 0.05;
  g.rect((bounds.x0 - pad) * U, (bounds.y0 - pad) * U, (bounds.x1 - bounds.x0 + 2 * pad) * U, (bounds.y1 - bounds.y0 + 2 * pad) * U)
    .stroke({ color: SELECT, width: line });
  if (ref.kind === 'platform') {
    const p = findEntity(level, { kind: 'platform', id: ref.id });
    if (p) {
      p.path.forEach((q, i) => {
        if (i === 0) g.moveTo(q[0] * U, q[1] * U);
        else g.lineTo(q[0] * U, q[1] * U);
      });
      if (p.mode === 'loop') g.lineTo(p.path[0][0] * U, p.path[0][1] * U);
      g.stroke({ color: PATH, width: line });
      p.path.forEach((q, i) => g.circle(q[0] * U, q[1] * U, handle / (i === 0 ? 3 : 2)).fill(PATH));
    }
  }
  if (ref.kind === 'checkpoint') {
    const c = findEntity(level, { kind: 'checkpoint', id: ref.id });
    if (c) {
      for (const [p, color] of [[c.p1, 0x0072b2], [c.p2, 0xe69f00]] as const) {
        g.rect((p[0] - 0.3) * U, (p[1] - 1) * U, 0.6 * U, 1 * U).fill({ color, alpha: 0.6 }).stroke({ color: HANDLE, width: line / 2 });
      }
    }
  }
  const rect = resizableRect(level, ref);
  if (rect) {
    for (const corner of [0, 1, 2, 3]) {
      const p = cornerPoint(rect, corner);
      g.rect(p.x * U - handle / 2, p.y * U - handle / 2, handle, handle).fill(HANDLE).stroke({ color: SELECT, width: line / 2 });
    }
  }
}

/** A pendulum's start angle as an arc from straight down around its rope's fixed end, and a push as an arrow. */
function drawBoxStart(g: Graphics, level: LevelFile, id: string, line: number): void {
  const b = findEntity(level, { kind: 'box', id });
  if (!b) return;
  if (b.startAngle) {
    const rope = (level.ropes ?? []).find((r) => r.a.box === id || r.b.box === id);
    const fixed = rope && ropeEndPosition(level, rope.a.box === id ? rope.b : rope.a);
    if (fixed) {
      const radius = Math.min(rope.length, 3) * U;
      // Down is +90° on screen (y down); a positive startAngle swings the box to the right.
      const down = Math.PI / 2;
      const to = down - (b.startAngle * Math.PI) / 180;
      const from = Math.min(down, to);
      // arc() would join the path's last point (the scene's origin) to the arc's start: start there.
      g.moveTo(fixed.x * U + Math.cos(from) * radius, fixed.y * U + Math.sin(from) * radius);
      g.arc(fixed.x * U, fixed.y * U, radius, Math.min(down, to), Math.max(down, to)).stroke({ color: ROPE_PREVIEW, width: line, alpha: 0.9 });
      g.moveTo(fixed.x * U, fixed.y * U).lineTo(fixed.x * U + Math.cos(to) * radius, fixed.y * U + Math.sin(to) * radius)
        .stroke({ color: ROPE_PREVIEW, width: line / 2, alpha: 0.9 });
    }
  }
  if (b.push && (b.push[0] !== 0 || b.push[1] !== 0)) {
    const scale = 0.25; // 4 m/s -> 1 m of arrow
    const x1 = b.x + b.push[0] * scale;
    const y1 = b.y + b.push[1] * scale;
    const ang = Math.atan2(y1 - b.y, x1 - b.x);
    g.moveTo(b.x * U, b.y * U).lineTo(x1 * U, y1 * U)
      .moveTo(x1 * U, y1 * U).lineTo((x1 - 0.3 * Math.cos(ang - 0.5)) * U, (y1 - 0.3 * Math.sin(ang - 0.5)) * U)
      .moveTo(x1 * U, y1 * U).lineTo((x1 - 0.3 * Math.cos(ang + 0.5)) * U, (y1 - 0.3 * Math.sin(ang + 0.5)) * U)
      .stroke({ color: ERASE, width: line });
  }
}
