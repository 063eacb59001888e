// Level text -> a world definition, or a list of plain-sentence errors that name the JSON path
// and the entity id. Never throws on bad input: the game shows the errors and keeps running.
// In stages, each reporting everything it finds: (1) the file (size, JSON, format, version: one
// message each, the rest cannot be read without them), (2) the schema, (3) what needs the whole
// level, run on every part the schema passed, (4) the level's cost per tick, (5) for a level that
// passed all of that, its first second of play.

import * as v from 'valibot';
import { resolvePhysicsSettings, Tile, createTileGrid, tileAt, type CheckpointDef, type GemDef, type TileGrid, type WorldDef } from '../sim';
import { checkFirstSecond } from './firstSecond';
import type { LevelCheck, PlayerCentres } from './levelCheck';
import { checkLevelCost, estimateLevelCost, type LevelCost } from './levelCost';
import { buildEntities } from './levelEntities';
import { levelParts } from './levelParts';
import { isolateText, showValue } from './levelText';
import { LEVEL_FORMAT, LEVEL_VERSION, MAX_WIDTH, READABLE_VERSIONS, levelSchema, levelSchemaV1, type LevelFile, type LevelFileV1 } from './levelSchema';
import { migrateV1 } from './migrateLevel';
import { roomChecker } from './standingRoom';

/** Level files larger than this are refused before parsing. */
export const MAX_LEVEL_BYTES = 1024 * 1024;

/** Level ids of the anchors, boxes and ropes, in the order of the WorldDef's arrays (and so of the
 *  sim's anchorEntity, boxEntity and ropeEntity lookups), so tools can name entities. */
export interface LevelIds {
  anchors: string[];
  boxes: string[];
  ropes: string[];
  /** platformEntity's order (the boxes query lists them after the crates). */
  platforms: string[];
  checkpoints: string[];
}

export type ParseResult =
  /** `level` is migrated to the current version; `fileVersion` is what the file said. */
  | { ok: true; def: WorldDef; id: string; name: string; level: LevelFile; ids: LevelIds; fileVersion: number; cost: LevelCost }
  | { ok: false; errors: string[] };

/** Ids tools give the players and the tether; a level may use 'p1' / 'p2' only as that player's spawn. */
export const RESERVED_IDS: Readonly<Record<string, string>> = { p1: 'player 1', p2: 'player 2', tether: 'the tether' };

export interface ParseOptions {
  /**
   * Run the level's first second (firstSecond.ts, stage 5); default true. That check builds and
   * runs a world for 60 ticks, ~0.1-0.2 s of a page's start-up. Off only where the level is shown,
   * not played (the menus' level previews; opening the level checks it), and for the campaign's
   * levels in a production build, which `npm run check-levels` checked (AppEnv.levelsChecked).
   */
  firstSecond?: boolean;
}

export function parseLevel(text: string, options: ParseOptions = {}): ParseResult {
  // Bytes as saved (UTF-8), not characters: 400,000 'é' are 800,000 bytes. Counted only when the
  // text could be over the cap (a character is at most 3 UTF-8 bytes per UTF-16 unit).
  const bytes = text.length * 3 <= MAX_LEVEL_BYTES ? 0 : utf8Length(text);
  if (bytes > MAX_LEVEL_BYTES) {
    return fail(`$: the file is ${bytes} bytes; levels may be at most ${MAX_LEVEL_BYTES} bytes (1 MiB)`);
  }
  let json: unknown;
  try {
    // A leading byte-order mark (Windows editors write one) is not JSON but is not an error either.
    json = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch (e) {
    return fail(`$: not valid JSON (${e instanceof Error ? e.message : String(e)})`);
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return fail('$: a level must be a JSON object');
  const head = json as Record<string, unknown>;
  if (head.format !== LEVEL_FORMAT) return fail(`$.format: must be "${LEVEL_FORMAT}" (is this a Ropebound level?)`);
  const versions = READABLE_VERSIONS.join(' and ');
  if (typeof head.version !== 'number' || !READABLE_VERSIONS.includes(head.version)) {
    if (head.version === undefined) return fail(`$.version: is required but missing; this game reads versions ${versions} (write ${LEVEL_VERSION})`);
    const newer = typeof head.version === 'number' && head.version > LEVEL_VERSION ? ' (a newer game wrote it?)' : '';
    return fail(`$.version: version ${showValue(head.version)} is not supported${newer}; this game reads versions ${versions}`);
  }
  const fileVersion = head.version;
  // Stage 2: the schema. Its issues do not end the check: what passed goes on (levelParts.ts).
  const parsed = v.safeParse(fileVersion === 1 ? levelSchemaV1 : levelSchema, json);
  const issues = parsed.success ? [] : parsed.issues;
  const errors = describeIssues(issues, json, fileVersion);
  const parts = levelParts(head, parsed.success ? undefined : parsed.issues);
  const level = fileVersion === 1 ? migrateV1(parts.level as unknown as LevelFileV1) : parts.level;
  // Stage 3: what needs the whole level (ids, references, places, paths), and stage 4, its cost.
  const grid = parts.hasFailed('tiles') ? null : buildGrid(level, errors);
  const check: LevelCheck = {
    level, parts, grid, errors,
    settings: resolvePhysicsSettings(parts.hasFailed('physics') ? undefined : level.physics),
  };
  const def = buildDef(check);
  const canEstimate = !parts.hasFailed('physics') && !parts.hasFailed('tether');
  const cost = canEstimate ? estimateLevelCost(level, check.settings) : null;
  if (cost) checkLevelCost(cost, errors);
  if (errors.length > 0 || parts.hasAnyFailure || grid === null || !cost) return { ok: false, errors: capErrors(errors, issues.length) };
  // Stage 5: the first second of play, only for a level that passed everything else.
  if (options.firstSecond !== false) checkFirstSecond(def, level, errors);
  if (errors.length > 0) return { ok: false, errors: capErrors(errors, 0) };
  const ids: LevelIds = {
    anchors: (level.anchors ?? []).map((a) => a.id),
    boxes: (level.boxes ?? []).map((b) => b.id),
    ropes: (level.ropes ?? []).map((r) => r.id),
    platforms: (level.platforms ?? []).map((p) => p.id),
    checkpoints: (level.checkpoints ?? []).map((c) => c.id),
  };
  return { ok: true, def, id: level.id, name: level.name, level, ids, fileVersion, cost };
}

/** Fields and tile characters version 2 added: in a version 1 file they get a hint to upgrade. */
const V2_FIELDS = new Set(['checkpoints', 'platforms', 'platform', 'startAngle', 'push', 'hints', 'gems', 'world']);

/** The first MAX_ERRORS issues as messages (a hostile file can hold 100k broken entries; capErrors counts the rest). */
function describeIssues(issues: ReadonlyArray<v.BaseIssue<unknown>>, json: unknown, version: number): string[] {
  return issues.slice(0, MAX_ERRORS).map((issue) => {
    const message = describeIssue(issue, json);
    const key = issue.path?.[issue.path.length - 1]?.key;
    const isNewer = (typeof key === 'string' && V2_FIELDS.has(key) && /unknown field/.test(message)) ||
      (/^\$\.tiles\[/.test(message) && typeof issue.input === 'string' && issue.input.includes('^'));
    return version === 1 && isNewer ? `${message} (it needs "version": 2)` : message;
  });
}

/**
 * At most MAX_ERRORS messages, then how many more there were. `errors` starts with the schema's
 * messages (the first MAX_ERRORS of `issueCount` issues) and goes on with the later stages'.
 */
function capErrors(errors: string[], issueCount: number): string[] {
  const schemaShown = Math.min(issueCount, MAX_ERRORS);
  const total = issueCount + errors.length - schemaShown;
  if (total <= MAX_ERRORS) return errors;
  return [...errors.slice(0, MAX_ERRORS), `$: ... and ${total - MAX_ERRORS} more errors (fix the ones above first)`];
}

/** Length of `text` in UTF-8 bytes, without encoding it (a surrogate pair is 4 bytes: 2 units x 2). */
function utf8Length(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    n += c < 0x80 ? 1 : c < 0x800 ? 2 : c >= 0xd800 && c <= 0xdfff ? 2 : 3;
  }
  return n;
}

function fail(message: string): ParseResult {
  return { ok: false, errors: [message] };
}

/** Most errors reported for one file. */
const MAX_ERRORS = 50;

/** `text`, cut to at most `max` characters. */
function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 3)}...`;
}

function buildGrid(level: LevelFile, errors: string[]): TileGrid | null {
  const width = level.tiles[0].length;
  if (width < 2 || width > MAX_WIDTH) {
    errors.push(`$.tiles[0]: rows must be 2 to ${MAX_WIDTH} tiles wide (this one is ${width})`);
    return null;
  }
  level.tiles.forEach((row, r) => {
    if (row.length !== width) errors.push(`$.tiles[${r}]: row is ${row.length} tiles wide but row 0 is ${width}; all rows must be equally wide`);
  });
  if (errors.length > 0) return null;
  const grid = createTileGrid(width, level.tiles.length);
  level.tiles.forEach((row, r) => {
    for (let c = 0; c < width; c++) {
      const ch = row[c];
      grid.cells[r * width + c] = ch === '#' ? Tile.Solid : ch === '=' ? Tile.OneWay : ch === '^' ? Tile.Spikes : Tile.Empty;
    }
  });
  return grid;
}

function buildDef(check: LevelCheck): WorldDef {
  const { level, parts, settings } = check;
  checkIds(check);
  const { spawns, centres } = checkSpawns(check);
  const hasTether = !parts.hasFailed('tether');
  const [p1, p2] = spawns;
  if (p1 && p2 && hasTether) {
    const d = Math.sqrt((p1.x - p2.x) ** 2 + (p1.y - p2.y) ** 2);
    if (d > level.tether.length) {
      check.errors.push(`$.spawns: the spawns are ${d.toFixed(2)} m apart but the tether is only ${level.tether.length} m long`);
    }
  }
  const entities = buildEntities(check, centres, { w: settings.playerHalfWidth, h: settings.playerHalfHeight });
  const room = roomChecker(check, entities.placements);
  room.checkSpawns(spawns);
  const checkpoints = (level.checkpoints ?? []).map((c, i): CheckpointDef => {
    room.checkCheckpoint(c, i);
    return { area: { x: c.x, y: c.y, w: c.w, h: c.h }, spawns: [{ x: c.p1[0], y: c.p1[1] }, { x: c.p2[0], y: c.p2[1] }] };
  });
  const gems = (level.gems ?? []).map((gem, i): GemDef => {
    checkGem(check, gem, i);
    return { x: gem.x, y: gem.y };
  });
  const g = parts.hasFailed('goal') ? { x: 0, y: 0, w: 1, h: 1 } : level.goal;
  if (!parts.hasFailed('goal')) room.checkGoal(level.goal);
  checkHints(check);
  return {
    grid: check.grid ?? createTileGrid(2, 2),
    spawns: [p1 ?? { x: 0, y: 0 }, p2 ?? { x: 0, y: 0 }],
    goal: { x: g.x, y: g.y, w: g.w, h: g.h },
    tether: hasTether ? { length: level.tether.length, segments: level.tether.segments } : { length: 1, segments: 2 },
    anchors: entities.anchors,
    boxes: entities.boxes,
    ropes: entities.ropes,
    platforms: entities.platforms,
    checkpoints,
    gems,
    physics: parts.hasFailed('physics') ? undefined : level.physics,
  };
}

/** A gem must lie on the grid and out of solid tiles: a gem no one can touch is a broken promise. */
function checkGem({ parts, grid, errors }: LevelCheck, gem: { id: string; x: number; y: number }, i: number): void {
  if (!grid) return;
  if (gem.x >= grid.width || gem.y >= grid.height) {
    errors.push(`${parts.at('gems', i)}: gem '${gem.id}' at (${gem.x}, ${gem.y}) is outside the grid (${grid.width} x ${grid.height} tiles)`);
  } else if (tileAt(grid, Math.floor(gem.x), Math.floor(gem.y)) === Tile.Solid) {
    errors.push(`${parts.at('gems', i)}: gem '${gem.id}' at (${gem.x}, ${gem.y}) is inside a solid tile; move it into open space`);
  }
}

/** Hints only need to lie on the grid: they never reach the sim, so nothing else about them can break play. */
function checkHints({ level, parts, grid, errors }: LevelCheck): void {
  if (!grid) return;
  (level.hints ?? []).forEach((h, i) => {
    if (h.x + h.w > grid.width || h.y + h.h > grid.height) {
      errors.push(`${parts.at('hints', i)}: hint '${h.id}' reaches outside the grid (${grid.width} x ${grid.height} tiles); keep x + w <= ${grid.width} and y + h <= ${grid.height}`);
    }
  });
}

/** One spawn per player; the spawns by player slot, and where the players' centres start. */
function checkSpawns(check: LevelCheck): { spawns: Array<{ x: number; y: number } | undefined>; centres: PlayerCentres } {
  const spawns = [undefined, undefined] as Array<{ x: number; y: number } | undefined>;
  check.level.spawns.forEach((s, i) => {
    if (spawns[s.player - 1]) {
      check.errors.push(`${check.parts.at('spawns', i)}: spawn '${s.id}': player ${s.player} already has a spawn; list one spawn for player 1 and one for player 2`);
    }
    spawns[s.player - 1] = s;
  });
  const centres = spawns.map((s) => s && { x: s.x, y: s.y - check.settings.playerHalfHeight });
  return { spawns, centres };
}

/** Every id is unique across spawns, goal, anchors, boxes, ropes, platforms, checkpoints and hints; reserved ids stay free. */
function checkIds({ level, parts, errors }: LevelCheck): void {
  const entities: Array<{ id: string; path: string; kind: string; player?: number }> = [
    ...level.spawns.map((s, i) => ({ id: s.id, path: parts.at('spawns', i), kind: 'spawn', player: s.player })),
    ...(parts.hasFailed('goal') ? [] : [{ id: level.goal.id, path: '$.goal', kind: 'goal' }]),
    ...(level.anchors ?? []).map((a, i) => ({ id: a.id, path: parts.at('anchors', i), kind: 'anchor' })),
    ...(level.boxes ?? []).map((b, i) => ({ id: b.id, path: parts.at('boxes', i), kind: 'box' })),
    ...(level.ropes ?? []).map((r, i) => ({ id: r.id, path: parts.at('ropes', i), kind: 'rope' })),
    ...(level.platforms ?? []).map((p, i) => ({ id: p.id, path: parts.at('platforms', i), kind: 'platform' })),
    ...(level.checkpoints ?? []).map((c, i) => ({ id: c.id, path: parts.at('checkpoints', i), kind: 'checkpoint' })),
    ...(level.gems ?? []).map((gem, i) => ({ id: gem.id, path: parts.at('gems', i), kind: 'gem' })),
    ...(level.hints ?? []).map((h, i) => ({ id: h.id, path: parts.at('hints', i), kind: 'hint' })),
  ];
  const firstPath = new Map<string, string>();
  for (const e of entities) {
    const first = firstPath.get(e.id);
    if (first !== undefined) {
      errors.push(`${e.path}: id '${e.id}' is used more than once (first at ${first}); every entity needs its own id`);
      continue;
    }
    firstPath.set(e.id, e.path);
    const reservedFor = Object.hasOwn(RESERVED_IDS, e.id) ? RESERVED_IDS[e.id] : undefined;
    const isOwnSpawn = e.kind === 'spawn' && e.id === `p${e.player}`;
    if (reservedFor !== undefined && !isOwnSpawn) {
      errors.push(`${e.path}: ${e.kind} '${e.id}': the id '${e.id}' is reserved for ${reservedFor} (tools name the players p1 and p2 and the tether 'tether')`);
    }
  }
}

/** "$.spawns[1].x: spawn 'p2': must be at most 512 (got 1000)". */
function describeIssue(issue: v.BaseIssue<unknown>, root: unknown): string {
  let path = '$';
  let entity = '';
  let node: unknown = root;
  for (const item of issue.path ?? []) {
    const key = item.key as string | number;
    path += typeof key === 'number' ? `[${key}]` : `.${key}`;
    node = (node as Record<string | number, unknown> | undefined)?.[key];
    const id = (node as { id?: unknown } | null | undefined)?.id;
    if (typeof node === 'object' && node !== null && typeof id === 'string') entity = `'${isolateText(clip(id, 40))}': `;
  }
  let message = issue.message;
  if (issue.received === 'undefined') message = 'is required but missing';
  else if (issue.type === 'strict_object' && issue.expected === 'never') message = 'unknown field (check its spelling)';
  else if (issue.expected && issue.received && /^Invalid/.test(message)) message = `expected ${issue.expected} but got ${issue.received}`;
  return `${path}: ${entity}${clip(message, 200)}`;
}
