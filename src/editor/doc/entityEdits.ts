// Entity edits on the level value: add, move, resize, duplicate, delete, rename, patch.
// Every function is pure (a new level, sharing what did not change) and keeps the key order of
// what it does not touch, so a level read from a file is written back the same way.

import { entityPosition, findEntity, freshId, indexOf, listOf, usedIds } from './entityQueries';
import {
  LIST_KEY, round6,
  type EntityKind, type EntityOfKind, type EntityRef, type LevelFile, type LevelRope, type LevelRopeEnd, type ListKind,
} from './levelTypes';
import { setField, type PathKey } from './setField';
import { defaultPhysicsSettings } from '../../sim';

/** Replaces the entity `ref` names with `update(entity)`. */
export function updateEntity<K extends EntityKind>(level: LevelFile, ref: { kind: K; id: string }, update: (e: EntityOfKind[K]) => EntityOfKind[K]): LevelFile {
  if (ref.kind === 'goal') {
    if (level.goal.id !== ref.id) return level;
    const goal = update(level.goal as EntityOfKind[K]) as EntityOfKind['goal'];
    return goal === level.goal ? level : { ...level, goal };
  }
  const key = LIST_KEY[ref.kind as ListKind];
  const list = listOf(level, ref.kind as K & ListKind);
  const i = list.findIndex((e) => e.id === ref.id);
  if (i < 0) return level;
  const next = update(list[i]);
  if (next === list[i]) return level;
  return { ...level, [key]: list.map((e, k) => (k === i ? next : e)) };
}

/**
 * Sets several fields of one entity (the inspector, the tuning panel): `undefined` removes an
 * optional field. Key order is kept; new keys go last.
 */
export function patchEntity<K extends EntityKind>(level: LevelFile, ref: { kind: K; id: string }, patch: Partial<Record<keyof EntityOfKind[K], unknown>>): LevelFile {
  const i = indexOf(level, ref);
  if (i < 0) return level;
  const base: PathKey[] = ref.kind === 'goal' ? ['goal'] : [LIST_KEY[ref.kind as ListKind], i];
  let next = level;
  for (const [key, value] of Object.entries(patch)) next = setField(next, [...base, key], value);
  return next;
}

const shift2 = (p: readonly [number, number], dx: number, dy: number): [number, number] => [round6(p[0] + dx), round6(p[1] + dy)];
const shiftEnd = (end: LevelRopeEnd, dx: number, dy: number): LevelRopeEnd => (end.point ? { ...end, point: shift2(end.point, dx, dy) } : end);

/** Moves an entity by (dx, dy) m: all its points (a platform's whole path, a checkpoint's area and
 *  respawn points, a rope's fixed-point ends). What hangs from it follows in the sim, not here. */
export function shiftEntity(level: LevelFile, ref: EntityRef, dx: number, dy: number): LevelFile {
  if (dx === 0 && dy === 0) return level;
  const xy = <T extends { x: number; y: number }>(e: T): T => ({ ...e, x: round6(e.x + dx), y: round6(e.y + dy) });
  switch (ref.kind) {
    case 'spawn': return updateEntity(level, { kind: 'spawn', id: ref.id }, xy);
    case 'goal': return updateEntity(level, { kind: 'goal', id: ref.id }, xy);
    case 'anchor': return updateEntity(level, { kind: 'anchor', id: ref.id }, xy);
    case 'box': return updateEntity(level, { kind: 'box', id: ref.id }, xy);
    case 'checkpoint':
      return updateEntity(level, { kind: 'checkpoint', id: ref.id }, (c) => ({ ...xy(c), p1: shift2(c.p1, dx, dy), p2: shift2(c.p2, dx, dy) }));
    case 'hint': return updateEntity(level, { kind: 'hint', id: ref.id }, xy);
    case 'gem': return updateEntity(level, { kind: 'gem', id: ref.id }, xy);
    case 'platform':
      return updateEntity(level, { kind: 'platform', id: ref.id }, (p) => ({ ...p, path: p.path.map((q) => shift2(q, dx, dy)) }));
    case 'rope':
      return updateEntity(level, { kind: 'rope', id: ref.id }, (r) => (r.a.point || r.b.point ? { ...r, a: shiftEnd(r.a, dx, dy), b: shiftEnd(r.b, dx, dy) } : r));
  }
}

/** Moves the entity so its reference point (see entityPosition) is at (x, y). */
export function moveEntity(level: LevelFile, ref: EntityRef, x: number, y: number): LevelFile {
  const at = entityPosition(level, ref);
  return at ? shiftEntity(level, ref, round6(x - at.x), round6(y - at.y)) : level;
}

const PLAYER_HALF_HEIGHT = defaultPhysicsSettings().playerHalfHeight;

/**
 * Puts player `player`'s respawn point of checkpoint `id` at these feet (x, y), growing the
 * checkpoint's area to hold a player standing there (its feet and its centre, which is what the
 * sim tests): the flag is drawn at the respawn points, and a flag outside its area lit up metres
 * from where the players were, or not at all when they walked up to it (13 campaign checkpoints).
 */
export function moveRespawnPoint(level: LevelFile, id: string, player: 1 | 2, feet: readonly [number, number]): LevelFile {
  const [x, y] = [round6(feet[0]), round6(feet[1])];
  const centreY = round6(y - PLAYER_HALF_HEIGHT);
  return updateEntity(level, { kind: 'checkpoint', id }, (c) => {
    const x0 = Math.min(c.x, x);
    const y0 = Math.min(c.y, centreY);
    const x1 = Math.max(c.x + c.w, x);
    const y1 = Math.max(c.y + c.h, y);
    const grown = x0 !== c.x || y0 !== c.y || x1 !== c.x + c.w || y1 !== c.y + c.h;
    const area = grown ? { x: x0, y: y0, w: round6(x1 - x0), h: round6(y1 - y0) } : {};
    return { ...c, ...area, [`p${player}`]: [x, y] };
  });
}

/** A world rectangle (top-left x, y and size, m). */
export interface Rect { x: number; y: number; w: number; h: number }

/**
 * Gives a goal, checkpoint, hint, box or platform this world rectangle (resize handles). A box keeps its
 * rope attachment points at the same place relative to its size; a platform's path moves with its
 * centre. Other kinds are returned unchanged.
 */
export function setEntityRect(level: LevelFile, ref: EntityRef, rect: Rect): LevelFile {
  const r = { x: round6(rect.x), y: round6(rect.y), w: round6(rect.w), h: round6(rect.h) };
  const cx = round6(r.x + r.w / 2);
  const cy = round6(r.y + r.h / 2);
  switch (ref.kind) {
    case 'goal': return updateEntity(level, { kind: 'goal', id: ref.id }, (g) => ({ ...g, ...r }));
    case 'checkpoint': return updateEntity(level, { kind: 'checkpoint', id: ref.id }, (c) => ({ ...c, ...r }));
    case 'hint': return updateEntity(level, { kind: 'hint', id: ref.id }, (h) => ({ ...h, ...r }));
    case 'box': {
      const old = findEntity(level, { kind: 'box', id: ref.id });
      if (!old) return level;
      const next = updateEntity(level, { kind: 'box', id: ref.id }, (b) => ({ ...b, x: cx, y: cy, w: r.w, h: r.h }));
      const scale = (end: LevelRopeEnd): LevelRopeEnd =>
        end.box === ref.id && end.at ? { ...end, at: [round6((end.at[0] * r.w) / old.w), round6((end.at[1] * r.h) / old.h)] } : end;
      return mapRopes(next, (rope) => ({ ...rope, a: scale(rope.a), b: scale(rope.b) }));
    }
    case 'platform':
      return updateEntity(level, { kind: 'platform', id: ref.id }, (p) => {
        const dx = round6(cx - p.path[0][0]);
        const dy = round6(cy - p.path[0][1]);
        return { ...p, w: r.w, h: r.h, path: p.path.map((q) => shift2(q, dx, dy)) };
      });
    default: return level;
  }
}

/** Ropes mapped through `f`, keeping ropes `f` returns equal in content as the same objects. */
function mapRopes(level: LevelFile, f: (r: LevelRope) => LevelRope): LevelFile {
  if (!level.ropes) return level;
  let changed = false;
  const ropes = level.ropes.map((r) => {
    const n = f(r);
    if (JSON.stringify(n) === JSON.stringify(r)) return r;
    changed = true;
    return n;
  });
  return changed ? { ...level, ropes } : level;
}

/** Adds an entity of a list kind at the end of its list (its id made fresh if taken). */
export function addEntity<K extends ListKind>(level: LevelFile, kind: K, entity: EntityOfKind[K]): { level: LevelFile; ref: { kind: K; id: string } } {
  const id = freshId(level, entity.id);
  const key = LIST_KEY[kind];
  const list = listOf(level, kind);
  return { level: { ...level, [key]: [...list, { ...entity, id }] }, ref: { kind, id } };
}

/**
 * Copies these entities, moved by (dx, dy), with fresh ids. A rope is copied when it is selected
 * or both its ends are copied entities; its ends then tie to the copies. Spawns and the goal (a
 * level has exactly one of each) are not copied. Returns the copies' refs.
 */
export function duplicateEntities(level: LevelFile, refs: readonly EntityRef[], dx = 1, dy = 0): { level: LevelFile; refs: EntityRef[] } {
  const used = usedIds(level);
  const rename = new Map<string, string>(); // "kind:id" -> new id
  const take = (kind: EntityKind, id: string) => {
    const fresh = freshId(used, id);
    used.add(fresh);
    rename.set(`${kind}:${id}`, fresh);
    return fresh;
  };
  const chosen = refs.filter((r) => r.kind !== 'spawn' && r.kind !== 'goal' && findEntity(level, r));
  for (const r of chosen) if (r.kind !== 'rope') take(r.kind, r.id);
  const endCopied = (e: LevelRopeEnd) => (e.anchor !== undefined && rename.has(`anchor:${e.anchor}`)) || (e.box !== undefined && rename.has(`box:${e.box}`));
  const ropeIds = new Set(chosen.filter((r) => r.kind === 'rope').map((r) => r.id));
  for (const rope of level.ropes ?? []) if (!ropeIds.has(rope.id) && endCopied(rope.a) && endCopied(rope.b)) ropeIds.add(rope.id);
  for (const id of ropeIds) take('rope', id);
  let next = level;
  const out: EntityRef[] = [];
  const copyList = <K extends ListKind>(kind: K, remap: (e: EntityOfKind[K]) => EntityOfKind[K]) => {
    const key = LIST_KEY[kind];
    const list = listOf(next, kind);
    const copies = list.filter((e) => rename.has(`${kind}:${e.id}`)).map((e) => ({ ...remap(e), id: rename.get(`${kind}:${e.id}`)! }));
    if (copies.length === 0) return;
    next = { ...next, [key]: [...list, ...copies] };
    for (const c of copies) out.push({ kind, id: c.id });
  };
  const end = (e: LevelRopeEnd): LevelRopeEnd => {
    if (e.anchor !== undefined && rename.has(`anchor:${e.anchor}`)) return { ...e, anchor: rename.get(`anchor:${e.anchor}`) };
    if (e.box !== undefined && rename.has(`box:${e.box}`)) return { ...e, box: rename.get(`box:${e.box}`) };
    return shiftEnd(e, dx, dy);
  };
  const xy = <T extends { x: number; y: number }>(e: T): T => ({ ...e, x: round6(e.x + dx), y: round6(e.y + dy) });
  copyList('platform', (p) => ({ ...p, path: p.path.map((q) => shift2(q, dx, dy)) }));
  copyList('anchor', (a) => {
    const moved = xy(a);
    if (a.platform !== undefined && rename.has(`platform:${a.platform}`)) return { ...moved, platform: rename.get(`platform:${a.platform}`) };
    return moved;
  });
  copyList('box', xy);
  copyList('checkpoint', (c) => ({ ...xy(c), p1: shift2(c.p1, dx, dy), p2: shift2(c.p2, dx, dy) }));
  copyList('hint', xy);
  copyList('gem', xy);
  copyList('rope', (r) => ({ ...r, a: end(r.a), b: end(r.b) }));
  return { level: next, refs: out };
}

/**
 * Removes these entities, and what cannot stay without them: ropes tied to a removed anchor or
 * box. Anchors riding a removed platform stay where they are, fixed. Spawns and the goal are not
 * removed (a level needs them). Returns every entity removed.
 */
export function deleteEntities(level: LevelFile, refs: readonly EntityRef[]): { level: LevelFile; removed: EntityRef[] } {
  const gone = new Set(refs.filter((r) => r.kind !== 'spawn' && r.kind !== 'goal').map((r) => `${r.kind}:${r.id}`));
  const tied = (e: LevelRopeEnd) => (e.anchor !== undefined && gone.has(`anchor:${e.anchor}`)) || (e.box !== undefined && gone.has(`box:${e.box}`));
  for (const rope of level.ropes ?? []) if (tied(rope.a) || tied(rope.b)) gone.add(`rope:${rope.id}`);
  if (gone.size === 0) return { level, removed: [] };
  const removed: EntityRef[] = [];
  let next: LevelFile = { ...level };
  for (const kind of ['anchor', 'box', 'rope', 'platform', 'checkpoint', 'gem', 'hint'] as const) {
    const key = LIST_KEY[kind];
    const list: ReadonlyArray<{ id: string }> | undefined = level[key];
    if (!list) continue;
    const kept = list.filter((e) => {
      const isGone = gone.has(`${kind}:${e.id}`);
      if (isGone) removed.push({ kind, id: e.id });
      return !isGone;
    });
    if (kept.length !== list.length) next = { ...next, [key]: kept };
  }
  if (next.anchors?.some((a) => a.platform !== undefined && gone.has(`platform:${a.platform}`))) {
    next = {
      ...next,
      anchors: next.anchors.map((a) => {
        if (a.platform === undefined || !gone.has(`platform:${a.platform}`)) return a;
        const { platform: _, ...fixed } = a;
        return fixed;
      }),
    };
  }
  return { level: removed.length > 0 ? next : level, removed };
}

/** Gives an entity a new id and updates every reference to it (rope ends, anchors' platform). */
export function renameEntity(level: LevelFile, ref: EntityRef, newId: string): LevelFile {
  if (newId === ref.id || indexOf(level, ref) < 0) return level;
  const setId = <T extends { id: string }>(e: T): T => ({ ...e, id: newId });
  let next = ref.kind === 'goal' ? { ...level, goal: setId(level.goal) } : updateEntity(level, ref, setId);
  const end = (e: LevelRopeEnd): LevelRopeEnd =>
    ref.kind === 'anchor' && e.anchor === ref.id ? { ...e, anchor: newId } : ref.kind === 'box' && e.box === ref.id ? { ...e, box: newId } : e;
  if (ref.kind === 'anchor' || ref.kind === 'box') next = mapRopes(next, (r) => ({ ...r, a: end(r.a), b: end(r.b) }));
  if (ref.kind === 'platform' && next.anchors?.some((a) => a.platform === ref.id)) {
    next = { ...next, anchors: next.anchors.map((a) => (a.platform === ref.id ? { ...a, platform: newId } : a)) };
  }
  return next;
}
