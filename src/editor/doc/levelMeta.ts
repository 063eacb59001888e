// The level's own fields: name, author, description, id, the tether and the physics settings.
// Physics fields set to their default value are kept as written (a designer may want them
// explicit); `undefined` removes a field so the default applies.

import { setField } from './setField';
import type { LevelFile, LevelPhysics } from './levelTypes';

export interface LevelMeta { id?: string; name?: string; author?: string | undefined; description?: string | undefined }

/** Sets name, author, description or id (undefined author/description removes it). */
export function setLevelMeta(level: LevelFile, meta: LevelMeta): LevelFile {
  let next = level;
  for (const key of ['id', 'name', 'author', 'description'] as const) {
    if (!(key in meta)) continue;
    const value = meta[key];
    if ((key === 'id' || key === 'name') && value === undefined) continue; // required fields stay
    next = setField(next, [key], value === '' && key !== 'name' && key !== 'id' ? undefined : value);
  }
  return next;
}

/** Sets the tether's length (m) and/or segments. */
export function setTether(level: LevelFile, tether: { length?: number; segments?: number }): LevelFile {
  let next = level;
  if (tether.length !== undefined) next = setField(next, ['tether', 'length'], tether.length);
  if (tether.segments !== undefined) next = setField(next, ['tether', 'segments'], tether.segments);
  return next;
}

/** Sets physics overrides; a field given as undefined is removed (its default applies). */
export function setPhysics(level: LevelFile, physics: { [K in keyof LevelPhysics]?: LevelPhysics[K] | undefined }): LevelFile {
  let next = level;
  for (const key of Object.keys(physics) as Array<keyof LevelPhysics>) next = setField(next, ['physics', key], physics[key]);
  return next;
}
