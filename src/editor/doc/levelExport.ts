// Level files in and out of the editor. Export writes the JSON the campaign's files use
// ("$schema" first, two-space indent) and, for a cleared level, its replay, named so that the pair
// dropped into levels/ (the replay in levels/replays/) passes `npm run check-levels`. Import reads
// any text: what the game accepts opens as is; a level that is well-formed but breaks a rule (a
// bound, a reference, a rope too short) opens with its problems listed so it can be fixed; anything
// else is refused with the parser's messages.

import * as v from 'valibot';
import { migrateV1 } from '../../level/migrateLevel';
import { MAX_LEVEL_BYTES, parseLevel } from '../../level/parseLevel';
import { LEVEL_FORMAT, MAX_HEIGHT, MAX_WIDTH, levelSchema, levelSchemaV1, type LevelFileV1 } from '../../level/levelSchema';
import { formatReplay, levelContentHash, parseReplay, type ReplayFile } from '../../level/replay';
import type { LevelFile } from './levelTypes';

/** The "$schema" exported files carry, as the files in levels/ do. */
export const LEVEL_SCHEMA_REF = './level.schema.json';

/** The level as file text: "$schema" first, then its fields in their order, two-space indent. */
export function levelToText(level: LevelFile): string {
  const { $schema: _, ...rest } = level;
  return `${JSON.stringify({ $schema: LEVEL_SCHEMA_REF, ...rest }, null, 2)}\n`;
}

/** A file name for a level: its id (letters, digits, _ and - only, so always a safe name). */
export function levelBaseName(level: LevelFile): string {
  return /^[A-Za-z0-9_-]{1,40}$/.test(level.id) ? level.id : 'level';
}

export interface ExportedFile { name: string; text: string }
export interface Export {
  /** `<base>.json`, for levels/. */
  level: ExportedFile;
  /** `<base>.replay.json`, for levels/replays/: only when the level is cleared by this replay. */
  replay: ExportedFile | null;
}

/**
 * The files to save for `level` (base name default: its id). The replay goes along only when it
 * was recorded on this very level content (its levelHash): an edited level's old replay would
 * fail check-levels.
 */
export function exportLevel(level: LevelFile, replay: ReplayFile | null = null, baseName = levelBaseName(level)): Export {
  const text = levelToText(level);
  const matches = replay !== null && replay.level === level.id && replay.levelHash === levelContentHash(text);
  return {
    level: { name: `${baseName}.json`, text },
    replay: matches ? { name: `${baseName}.replay.json`, text: formatReplay(replay) } : null,
  };
}

export type ImportResult =
  /** `valid`: the game accepts it as is; otherwise `problems` lists what to fix (the parser's messages). */
  | { ok: true; level: LevelFile; valid: boolean; problems: string[]; fileVersion: number }
  | { ok: false; errors: string[] };

/** Schema issues that still leave a level the editor can show and fix: a number or a text out of
 *  its bounds, a rope end naming two things. Types, unknown or missing fields, bad tile characters
 *  and lists of the wrong length (a hostile file's 20,000 boxes) are refused. */
const FIXABLE_ISSUES = new Set(['min_value', 'max_value', 'integer', 'min_length', 'max_length', 'max_bytes', 'check']);
const isFixable = (i: v.BaseIssue<unknown>) =>
  FIXABLE_ISSUES.has(i.type) && !((i.type === 'min_length' || i.type === 'max_length') && Array.isArray(i.input));

/** Reads level text (a file, a drop, pasted text). Never throws. */
export function importLevelText(text: string): ImportResult {
  const parsed = parseLevel(text);
  if (parsed.ok) return { ok: true, level: parsed.level, valid: true, problems: [], fileVersion: parsed.fileVersion };
  // Refused before the schema (size, JSON, format, version): nothing to open.
  const json = readJson(text);
  if (json === null) return { ok: false, errors: parsed.errors };
  const version = json.version;
  const result = v.safeParse(version === 1 ? levelSchemaV1 : levelSchema, json);
  const fixable = result.success || result.issues.every((i) => isFixable(i) && isListOrField(i) && !isTileIssue(i));
  if (!fixable || !hasEditableGrid(json)) return { ok: false, errors: parsed.errors };
  const level = (version === 1 ? migrateV1(json as unknown as LevelFileV1) : json) as unknown as LevelFile;
  return { ok: true, level, valid: false, problems: parsed.errors, fileVersion: version as number };
}

/** The JSON object of level text the parser got past its file checks, or null. */
function readJson(text: string): Record<string, unknown> & { version?: unknown } | null {
  if (text.length > MAX_LEVEL_BYTES) return null;
  try {
    const json: unknown = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
    if (typeof json !== 'object' || json === null || Array.isArray(json)) return null;
    const head = json as Record<string, unknown>;
    return head.format === LEVEL_FORMAT && (head.version === 1 || head.version === 2) ? head : null;
  } catch {
    return null;
  }
}

/** An issue inside some field (not about the file as a whole). */
const isListOrField = (i: v.BaseIssue<unknown>) => (i.path?.length ?? 0) > 0;
/** Rows of the grid are kept to what the editor can draw. */
const isTileIssue = (i: v.BaseIssue<unknown>) => i.path?.[0]?.key === 'tiles';

/** Rows all equally wide, within the largest grid: the editor paints on a rectangle. */
function hasEditableGrid(json: Record<string, unknown>): boolean {
  const tiles = json.tiles;
  if (!Array.isArray(tiles) || tiles.length < 2 || tiles.length > MAX_HEIGHT) return false;
  const width = (tiles[0] as string).length;
  return width >= 2 && width <= MAX_WIDTH && tiles.every((row) => typeof row === 'string' && row.length === width);
}

/** Reads replay text that goes with a level; the errors name the JSON path. */
export function importReplayText(text: string): { ok: true; replay: ReplayFile } | { ok: false; errors: string[] } {
  return parseReplay(text);
}
