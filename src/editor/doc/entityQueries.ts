// Reading entities out of the level: list, find, where they are, fresh ids. Pure, no edits.

import { RESERVED_IDS } from '../../level/parseLevel';
import { defaultPhysicsSettings } from '../../sim';
import {
  KIND_OF_LIST, LIST_KEY,
  type EntityKind, type EntityOfKind, type EntityRef, type LevelFile, type ListKind,
} from './levelTypes';

const PLAYER = defaultPhysicsSettings();

/** Every entity of the level, in file order: spawns, goal, anchors, boxes, ropes, platforms, checkpoints, hints. */
export function listEntities(level: LevelFile): EntityRef[] {
  const out: EntityRef[] = level.spawns.map((s) => ({ kind: 'spawn', id: s.id }));
  out.push({ kind: 'goal', id: level.goal.id });
  for (const kind of ['anchor', 'box', 'rope', 'platform', 'checkpoint', 'hint'] as const) {
    for (const e of level[LIST_KEY[kind]] ?? []) out.push({ kind, id: e.id });
  }
  return out;
}

/** The list index of the first entity of this kind with this id, or -1 (the goal: 0). */
export function indexOf(level: LevelFile, ref: EntityRef): number {
  if (ref.kind === 'goal') return level.goal.id === ref.id ? 0 : -1;
  const list: ReadonlyArray<{ id: string }> = level[LIST_KEY[ref.kind]] ?? [];
  return list.findIndex((e) => e.id === ref.id);
}

/** The entity `ref` names, or undefined. */
export function findEntity<K extends EntityKind>(level: LevelFile, ref: { kind: K; id: string }): EntityOfKind[K] | undefined {
  if (ref.kind === 'goal') return (level.goal.id === ref.id ? level.goal : undefined) as EntityOfKind[K] | undefined;
  const list = listOf(level, ref.kind as K & ListKind);
  return list.find((e) => e.id === ref.id);
}

/** The JSON path of an entity ("$.boxes[2]", "$.goal"), or null when it is not there. */
export function entityPath(level: LevelFile, ref: EntityRef): string | null {
  const i = indexOf(level, ref);
  if (i < 0) return null;
  return ref.kind === 'goal' ? '$.goal' : `$.${LIST_KEY[ref.kind]}[${i}]`;
}

/** The level's list of this kind (empty when the optional list is missing). */
export function listOf<K extends ListKind>(level: LevelFile, kind: K): ReadonlyArray<EntityOfKind[K]> {
  // The level type maps each LIST_KEY to its entity type; TypeScript cannot follow that through a
  // generic index, hence the one cast.
  return (level[LIST_KEY[kind]] ?? []) as unknown as ReadonlyArray<EntityOfKind[K]>;
}

/** Every id in the level (and the reserved ones), for fresh ids. */
export function usedIds(level: LevelFile): Set<string> {
  const ids = new Set(listEntities(level).map((r) => r.id));
  for (const id of Object.keys(RESERVED_IDS)) ids.add(id);
  return ids;
}

/** `base` if no entity has it, else base-2, base-3, ... (ids are 1-40 of A-Z a-z 0-9 _ -). */
export function freshId(level: LevelFile | Set<string>, base: string): string {
  const used = level instanceof Set ? level : usedIds(level);
  const clean = base.replace(/[^A-Za-z0-9_-]/g, '-').slice(0, 32) || 'entity';
  if (!used.has(clean)) return clean;
  const stem = clean.replace(/-\d+$/, '');
  for (let n = 2; ; n++) if (!used.has(`${stem}-${n}`)) return `${stem}-${n}`;
}

/** World-space bounding box of an entity, m (ropes: their fixed points only; null when none). */
export function entityBounds(level: LevelFile, ref: EntityRef): { x0: number; y0: number; x1: number; y1: number } | null {
  const box = (x0: number, y0: number, x1: number, y1: number) => ({ x0, y0, x1, y1 });
  switch (ref.kind) {
    case 'spawn': {
      const s = findEntity(level, { kind: 'spawn', id: ref.id });
      return s ? box(s.x - PLAYER.playerHalfWidth, s.y - 2 * PLAYER.playerHalfHeight, s.x + PLAYER.playerHalfWidth, s.y) : null;
    }
    case 'goal': case 'checkpoint': case 'hint': {
      const g = findEntity(level, ref) as { x: number; y: number; w: number; h: number } | undefined;
      return g ? box(g.x, g.y, g.x + g.w, g.y + g.h) : null;
    }
    case 'anchor': {
      const a = findEntity(level, { kind: 'anchor', id: ref.id });
      return a ? box(a.x, a.y, a.x, a.y) : null;
    }
    case 'box': {
      const b = findEntity(level, { kind: 'box', id: ref.id });
      return b ? box(b.x - b.w / 2, b.y - b.h / 2, b.x + b.w / 2, b.y + b.h / 2) : null;
    }
    case 'platform': {
      const p = findEntity(level, { kind: 'platform', id: ref.id });
      if (!p) return null;
      const xs = p.path.map((q) => q[0]);
      const ys = p.path.map((q) => q[1]);
      return box(Math.min(...xs) - p.w / 2, Math.min(...ys) - p.h / 2, Math.max(...xs) + p.w / 2, Math.max(...ys) + p.h / 2);
    }
    case 'rope': {
      const r = findEntity(level, { kind: 'rope', id: ref.id });
      const points = r ? [r.a.point, r.b.point].filter((p) => p !== undefined) : [];
      if (points.length === 0) return null;
      return box(Math.min(...points.map((p) => p[0])), Math.min(...points.map((p) => p[1])), Math.max(...points.map((p) => p[0])), Math.max(...points.map((p) => p[1])));
    }
  }
}

/** The point the editor drags an entity by: a spawn's feet, a box's centre, the top-left of an
 *  area, a platform's first path point, a rope's first fixed-point end (null for ropes without one). */
export function entityPosition(level: LevelFile, ref: EntityRef): { x: number; y: number } | null {
  if (ref.kind === 'platform') {
    const p = findEntity(level, { kind: 'platform', id: ref.id });
    return p ? { x: p.path[0][0], y: p.path[0][1] } : null;
  }
  if (ref.kind === 'rope') {
    const r = findEntity(level, { kind: 'rope', id: ref.id });
    const p = r?.a.point ?? r?.b.point;
    return p ? { x: p[0], y: p[1] } : null;
  }
  const e = findEntity(level, ref) as { x: number; y: number } | undefined;
  return e ? { x: e.x, y: e.y } : null;
}

/** The kind of entity a list key holds ('boxes' -> 'box'), or undefined. */
export function kindOfList(key: string): ListKind | undefined {
  return Object.hasOwn(KIND_OF_LIST, key) ? KIND_OF_LIST[key] : undefined;
}
