// Setting any field of the level by its JSON path (the inspector's generic edit), immutably.

import type { LevelFile } from './levelTypes';

/** One step of a JSON path: an object key or an array index. */
export type PathKey = string | number;

/**
 * Sets the value at a JSON path of the level (['boxes', 2, 'mass'], ['physics', 'gravity']);
 * `undefined` removes an optional field, and an emptied optional object ('physics') goes too.
 * Missing objects on the way are created. The value is not checked: validation reports it.
 */
export function setField(level: LevelFile, path: readonly PathKey[], value: unknown): LevelFile {
  if (path.length === 0) return level;
  const set = (node: unknown, i: number): unknown => {
    const key = path[i];
    const last = i === path.length - 1;
    if (Array.isArray(node) && typeof key === 'number') {
      if (key < 0 || key > node.length) return node;
      const child = last ? value : set(node[key], i + 1);
      if (child === node[key]) return node;
      const copy = [...node];
      copy[key] = child;
      return copy;
    }
    const obj = (typeof node === 'object' && node !== null ? node : {}) as Record<string, unknown>;
    const k = String(key);
    const child = last ? value : set(Object.hasOwn(obj, k) ? obj[k] : undefined, i + 1);
    if (Object.hasOwn(obj, k) && child === obj[k]) return node;
    if (child === undefined) {
      if (!Object.hasOwn(obj, k)) return node;
      const { [k]: _, ...rest } = obj;
      return rest;
    }
    return { ...obj, [k]: child };
  };
  let next = set(level, 0) as LevelFile;
  if (next.physics && Object.keys(next.physics).length === 0) {
    const { physics: _, ...rest } = next;
    next = rest as LevelFile;
  }
  return next;
}
