// What is under the pointer: entities (the smallest one containing the point wins, so an anchor
// inside a checkpoint's area is still reachable), their resize handles and path nodes, and ropes
// (near the straight line between their ends). Distances are in metres; `pickRadiusM` grows as the
// view zooms out so a handle is always a few pixels wide.

import {
  entityBounds, findEntity, listEntities, ropeEndPosition, type EntityRef, type LevelFile,
} from '../doc';

/** A place on the selection that can be dragged. */
export type Handle =
  /** A corner of a rectangle (goal, checkpoint or hint area, box, platform): 0 top-left, 1 top-right, 2 bottom-right, 3 bottom-left. */
  | { kind: 'corner'; ref: EntityRef; corner: 0 | 1 | 2 | 3 }
  /** A platform's path point. */
  | { kind: 'node'; ref: EntityRef; index: number }
  /** A checkpoint's respawn point of player 1 or 2. */
  | { kind: 'respawn'; ref: EntityRef; player: 1 | 2 };

/** The rectangle an entity is resized by, or null for points (spawns, anchors) and ropes. */
export function resizableRect(level: LevelFile, ref: EntityRef): { x: number; y: number; w: number; h: number } | null {
  if (ref.kind === 'goal' || ref.kind === 'checkpoint' || ref.kind === 'hint') {
    const e = findEntity(level, ref) as { x: number; y: number; w: number; h: number } | undefined;
    return e ? { x: e.x, y: e.y, w: e.w, h: e.h } : null;
  }
  if (ref.kind === 'box') {
    const b = findEntity(level, { kind: 'box', id: ref.id });
    return b ? { x: b.x - b.w / 2, y: b.y - b.h / 2, w: b.w, h: b.h } : null;
  }
  if (ref.kind === 'platform') {
    const p = findEntity(level, { kind: 'platform', id: ref.id });
    return p ? { x: p.path[0][0] - p.w / 2, y: p.path[0][1] - p.h / 2, w: p.w, h: p.h } : null;
  }
  return null;
}

export function cornerPoint(r: { x: number; y: number; w: number; h: number }, corner: number): { x: number; y: number } {
  return { x: corner === 1 || corner === 2 ? r.x + r.w : r.x, y: corner >= 2 ? r.y + r.h : r.y };
}

/** The handle of a selected entity at (x, y), or null. */
export function handleAt(level: LevelFile, selection: readonly EntityRef[], x: number, y: number, radius: number): Handle | null {
  const near = (px: number, py: number) => Math.abs(px - x) <= radius && Math.abs(py - y) <= radius;
  for (const ref of selection) {
    if (ref.kind === 'platform') {
      const p = findEntity(level, { kind: 'platform', id: ref.id });
      const index = p ? p.path.findIndex((q, i) => i > 0 && near(q[0], q[1])) : -1;
      if (index > 0) return { kind: 'node', ref, index };
    }
    if (ref.kind === 'checkpoint') {
      const c = findEntity(level, { kind: 'checkpoint', id: ref.id });
      if (c && near(c.p1[0], c.p1[1] - 0.5)) return { kind: 'respawn', ref, player: 1 };
      if (c && near(c.p2[0], c.p2[1] - 0.5)) return { kind: 'respawn', ref, player: 2 };
    }
    const rect = resizableRect(level, ref);
    if (!rect) continue;
    for (const corner of [0, 1, 2, 3] as const) {
      const p = cornerPoint(rect, corner);
      if (near(p.x, p.y)) return { kind: 'corner', ref, corner };
    }
  }
  return null;
}

/** Distance from (x, y) to the segment a-b, m. */
function segmentDistance(x: number, y: number, a: { x: number; y: number }, b: { x: number; y: number }): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const len2 = dx * dx + dy * dy;
  const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((x - a.x) * dx + (y - a.y) * dy) / len2));
  const px = a.x + t * dx - x;
  const py = a.y + t * dy - y;
  return Math.sqrt(px * px + py * py);
}

/** The entity at (x, y), or null. `radius` pads points (anchors) and thin things. */
export function pickEntity(level: LevelFile, x: number, y: number, radius: number): EntityRef | null {
  let best: EntityRef | null = null;
  let bestArea = Infinity;
  for (const ref of listEntities(level)) {
    if (ref.kind === 'rope') continue;
    const b = entityBounds(level, ref);
    if (!b) continue;
    const pad = ref.kind === 'anchor' ? radius * 1.5 : radius * 0.5;
    if (x < b.x0 - pad || x > b.x1 + pad || y < b.y0 - pad || y > b.y1 + pad) continue;
    // A platform's box covers its whole path: only the slab itself (at its first point) counts.
    if (ref.kind === 'platform') {
      const p = findEntity(level, { kind: 'platform', id: ref.id });
      if (!p || Math.abs(x - p.path[0][0]) > p.w / 2 + pad || Math.abs(y - p.path[0][1]) > p.h / 2 + pad) continue;
    }
    const area = (b.x1 - b.x0 + pad) * (b.y1 - b.y0 + pad);
    if (area < bestArea) {
      best = ref;
      bestArea = area;
    }
  }
  if (best) return best;
  for (const rope of level.ropes ?? []) {
    const a = ropeEndPosition(level, rope.a);
    const b = ropeEndPosition(level, rope.b);
    if (!a || !b) continue;
    // Along the corners it is slung over, if any, as it is drawn.
    const points = [a, ...(rope.over ?? []).map(([cx, cy]) => ({ x: cx, y: cy })), b];
    for (let k = 0; k + 1 < points.length; k++) {
      if (segmentDistance(x, y, points[k], points[k + 1]) <= radius) return { kind: 'rope', id: rope.id };
    }
  }
  return null;
}

/** Entities whose bounds lie inside the rectangle (x0, y0)-(x1, y1) (a marquee selection). */
export function entitiesIn(level: LevelFile, x0: number, y0: number, x1: number, y1: number): EntityRef[] {
  return listEntities(level).filter((ref) => {
    const b = entityBounds(level, ref);
    return b !== null && b.x0 >= x0 && b.x1 <= x1 && b.y0 >= y0 && b.y1 <= y1;
  });
}
