// Live validation: the game's own parser (parseLevel: schema, whole-level checks, cost per tick,
// first second of play) run on the edited level, each message split into its JSON path and text
// and tied to the entity it concerns, so the problem list can select and centre it.

import { parseLevel, type ParseResult } from '../../level/parseLevel';
import { estimateLevelCost, MAX_TICK_MS, type LevelCost } from '../../level/levelCost';
import { resolvePhysicsSettings } from '../../sim';
import { kindOfList } from './entityQueries';
import type { EntityRef, LevelFile } from './levelTypes';

export interface Problem {
  /** The game's whole message, as parseLevel wrote it. */
  message: string;
  /** Its JSON path ("$.ropes[0].b"), "$" for the whole level. */
  path: string;
  /** The path as keys and indices (['ropes', 0, 'b']). */
  keys: Array<string | number>;
  /** The message after the path. */
  text: string;
  /** The entity the path lies in, or null (a whole-level problem, or the tether, tiles, physics). */
  entity: EntityRef | null;
  /** For a problem in the tiles: the row. */
  tileRow: number | null;
}

export interface Validation {
  /** True when the game accepts the level: it can be played and shared. */
  ok: boolean;
  problems: Problem[];
  /** One sentence for the Play / Share buttons when they are off, or null. */
  reason: string | null;
  /** The level's estimated cost per tick, when the game got that far. */
  cost: LevelCost | null;
  /** The parser's full result (the WorldDef to play when ok). */
  result: ParseResult;
}

/** Results by level object: a document's levels are frozen, so the same object has the same answer
 *  (undo and redo give back earlier objects, and their validation costs nothing again). */
const cache = new WeakMap<LevelFile, Validation>();

/**
 * Runs the game's checks on `level` (as the JSON text a file or link would hold). This is the
 * game's whole parser, first second of play included: 20-60 ms on the finale on this machine, so
 * the UI runs it after drawing an edit, not before.
 */
export function validateLevel(level: LevelFile): Validation {
  const known = cache.get(level);
  if (known) return known;
  const validation = runChecks(level);
  if (Object.isFrozen(level)) cache.set(level, validation);
  return validation;
}

function runChecks(level: LevelFile): Validation {
  const result = parseLevel(JSON.stringify(level));
  if (result.ok) return { ok: true, problems: [], reason: null, cost: result.cost, result };
  const problems = result.errors.map((m) => toProblem(level, m));
  const n = problems.length;
  const reason = `the level has ${n === 1 ? 'a problem' : `${n} problems`} to fix before it can be played or shared: ${problems[0].message}`;
  return { ok: false, problems, reason, cost: null, result };
}

/** "$.ropes[0].b: rope 'r1': no box ..." -> its path, keys, text and entity. */
export function toProblem(level: LevelFile, message: string): Problem {
  const match = /^(\$(?:\.[A-Za-z0-9_$]+|\[\d+\])*): ([\s\S]*)$/.exec(message);
  const path = match ? match[1] : '$';
  const text = match ? match[2] : message;
  const keys: Array<string | number> = [];
  for (const m of path.slice(1).matchAll(/\.([A-Za-z0-9_$]+)|\[(\d+)\]/g)) keys.push(m[1] ?? Number(m[2]));
  return { message, path, keys, text, entity: entityAt(level, keys), tileRow: keys[0] === 'tiles' && typeof keys[1] === 'number' ? keys[1] : null };
}

/** The entity a JSON path lies in (['boxes', 2, 'w'] -> the third box), or null. */
export function entityAt(level: LevelFile, keys: ReadonlyArray<string | number>): EntityRef | null {
  const [top, index] = keys;
  if (top === 'goal') return typeof level.goal?.id === 'string' ? { kind: 'goal', id: level.goal.id } : null;
  const kind = typeof top === 'string' ? kindOfList(top) : undefined;
  if (!kind || typeof index !== 'number') return null;
  const list = (level as unknown as Record<string, unknown>)[top as string];
  const entry: unknown = Array.isArray(list) ? list[index] : undefined;
  const id = typeof entry === 'object' && entry !== null ? (entry as { id?: unknown }).id : undefined;
  return typeof id === 'string' ? { kind, id } : null;
}

/**
 * The level's estimated cost per tick against the game's bound (the tuning panel's gauge), also
 * for a level that does not validate yet; null when a rope's or the tether's numbers cannot be read.
 */
export function levelCostOf(level: LevelFile): { cost: LevelCost; limitMs: number; fraction: number } | null {
  const numbersOk = (r: { length: unknown; segments: unknown }) =>
    typeof r.length === 'number' && r.length > 0 && Number.isFinite(r.length) && Number.isInteger(r.segments) && (r.segments as number) > 0;
  if (!numbersOk(level.tether) || !(level.ropes ?? []).every(numbersOk)) return null;
  const cost = estimateLevelCost(level, resolvePhysicsSettings(level.physics));
  return { cost, limitMs: MAX_TICK_MS, fraction: cost.ms / MAX_TICK_MS };
}
