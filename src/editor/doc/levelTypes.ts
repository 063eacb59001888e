// Names for the parts of a level file (src/level/levelSchema.ts) as the editor edits them, and the
// reference the editor uses for one entity: its kind and id (selection survives reordering).

import type { LevelFile, LevelRopeEnd } from '../../level/levelSchema';

export type { LevelFile, LevelRopeEnd };
export type LevelSpawn = LevelFile['spawns'][number];
export type LevelGoal = LevelFile['goal'];
export type LevelAnchor = NonNullable<LevelFile['anchors']>[number];
export type LevelBox = NonNullable<LevelFile['boxes']>[number];
export type LevelRope = NonNullable<LevelFile['ropes']>[number];
export type LevelPlatform = NonNullable<LevelFile['platforms']>[number];
export type LevelCheckpoint = NonNullable<LevelFile['checkpoints']>[number];
export type LevelHint = NonNullable<LevelFile['hints']>[number];
export type LevelPhysics = NonNullable<LevelFile['physics']>;

/** Kinds kept in a list of the level file. */
export type ListKind = 'spawn' | 'anchor' | 'box' | 'rope' | 'platform' | 'checkpoint' | 'hint';
/** Every kind of entity; the goal is the one that is not in a list. */
export type EntityKind = ListKind | 'goal';

/** One entity of the level: ids are unique in a valid level, so kind + id names it. */
export interface EntityRef { kind: EntityKind; id: string }

/** The level file's list of each kind. */
export const LIST_KEY = {
  spawn: 'spawns', anchor: 'anchors', box: 'boxes', rope: 'ropes', platform: 'platforms', checkpoint: 'checkpoints', hint: 'hints',
} as const satisfies Record<ListKind, keyof LevelFile>;

/** The kind of the entities in a list of the level file, by its key. */
export const KIND_OF_LIST: Readonly<Record<string, ListKind>> = {
  spawns: 'spawn', anchors: 'anchor', boxes: 'box', ropes: 'rope', platforms: 'platform', checkpoints: 'checkpoint', hints: 'hint',
};

export interface EntityOfKind {
  spawn: LevelSpawn; goal: LevelGoal; anchor: LevelAnchor; box: LevelBox; rope: LevelRope;
  platform: LevelPlatform; checkpoint: LevelCheckpoint; hint: LevelHint;
}

/** A tile character: '#' solid, '=' one-way plank, '^' spikes, '.' empty. */
export type TileChar = '#' | '=' | '^' | '.';
export const TILE_CHARS: readonly TileChar[] = ['#', '=', '^', '.'];

/** Rounds to a micrometre: positions shifted by whole tiles stay short decimals (13.67, not 13.669999999999998). */
export function round6(x: number): number {
  return Math.round(x * 1e6) / 1e6;
}
