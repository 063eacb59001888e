// Level text -> a world definition, or a list of plain-sentence errors that name the JSON path
// and the entity id. Never throws on bad input: the game shows the errors and keeps running.

import * as v from 'valibot';
import { defaultPhysicsSettings, Tile, createTileGrid, rectOverlapsSolid, type CheckpointDef, type TileGrid, type WorldDef } from '../sim';
import { buildEntities } from './levelEntities';
import { LEVEL_FORMAT, LEVEL_VERSION, MAX_WIDTH, READABLE_VERSIONS, levelSchema, levelSchemaV1, type LevelFile } from './levelSchema';
import { migrateV1 } from './migrateLevel';

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
  | { ok: true; def: WorldDef; id: string; name: string; level: LevelFile; ids: LevelIds; fileVersion: number }
  | { ok: false; errors: string[] };

/** Ids tools give the players and the tether; a level may use 'p1' / 'p2' only as that player's spawn. */
export const RESERVED_IDS: Readonly<Record<string, string>> = { p1: 'player 1', p2: 'player 2', tether: 'the tether' };

export function parseLevel(text: string): ParseResult {
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
    return fail(`$.version: version ${shortValue(head.version)} is not supported${newer}; this game reads versions ${versions}`);
  }
  const fileVersion = head.version;
  let level: LevelFile;
  if (fileVersion === 1) {
    const parsed = v.safeParse(levelSchemaV1, json);
    if (!parsed.success) return { ok: false, errors: describeIssues(parsed.issues, json, 1) };
    level = migrateV1(parsed.output);
  } else {
    const parsed = v.safeParse(levelSchema, json);
    if (!parsed.success) return { ok: false, errors: describeIssues(parsed.issues, json, 2) };
    level = parsed.output;
  }
  const errors: string[] = [];
  const grid = buildGrid(level, errors);
  if (!grid) return { ok: false, errors };
  const def = buildDef(level, grid, errors);
  if (errors.length > 0) return { ok: false, errors };
  const ids: LevelIds = {
    anchors: (level.anchors ?? []).map((a) => a.id),
    boxes: (level.boxes ?? []).map((b) => b.id),
    ropes: (level.ropes ?? []).map((r) => r.id),
    platforms: (level.platforms ?? []).map((p) => p.id),
    checkpoints: (level.checkpoints ?? []).map((c) => c.id),
  };
  return { ok: true, def, id: level.id, name: level.name, level, ids, fileVersion };
}

/** Fields and tile characters version 2 added: in a version 1 file they get a hint to upgrade. */
const V2_FIELDS = new Set(['checkpoints', 'platforms', 'platform', 'startAngle', 'push']);

/** The first MAX_ERRORS issues as messages (a hostile file can hold 100k broken entries). */
function describeIssues(issues: ReadonlyArray<v.BaseIssue<unknown>>, json: unknown, version: number): string[] {
  const errors = issues.slice(0, MAX_ERRORS).map((issue) => {
    const message = describeIssue(issue, json);
    const key = issue.path?.[issue.path.length - 1]?.key;
    const isNewer = (typeof key === 'string' && V2_FIELDS.has(key) && /unknown field/.test(message)) ||
      (/^\$\.tiles\[/.test(message) && typeof issue.input === 'string' && issue.input.includes('^'));
    return version === 1 && isNewer ? `${message} (it needs "version": 2)` : message;
  });
  if (issues.length > MAX_ERRORS) errors.push(`$: ... and ${issues.length - MAX_ERRORS} more errors (fix the ones above first)`);
  return errors;
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

/** A value for an error message: never recursive (a 10^5-deep array must not overflow the stack) and never long. */
function shortValue(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(clip(value, 40));
  if (value === null || typeof value !== 'object') return String(value);
  return Array.isArray(value) ? '[...]' : '{...}';
}

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

function buildDef(level: LevelFile, grid: TileGrid, errors: string[]): WorldDef {
  const settings = { ...defaultPhysicsSettings(), ...level.physics };
  const hw = settings.playerHalfWidth;
  const height = settings.playerHalfHeight * 2;
  const spawnOf = [undefined, undefined] as Array<{ x: number; y: number } | undefined>;
  checkIds(level, errors);
  level.spawns.forEach((s, i) => {
    const path = `$.spawns[${i}]`;
    if (spawnOf[s.player - 1]) errors.push(`${path}: spawn '${s.id}': player ${s.player} already has a spawn; list one spawn for player 1 and one for player 2`);
    spawnOf[s.player - 1] = s;
    if (s.x - hw < 0 || s.x + hw > grid.width || s.y - height < 0 || s.y > grid.height) {
      errors.push(`${path}: spawn '${s.id}': the player would stand outside the ${grid.width}x${grid.height} grid`);
    } else if (rectOverlapsSolid(grid, s.x - hw, s.y - height, s.x + hw, s.y)) {
      errors.push(`${path}: spawn '${s.id}': the player would be inside a solid tile at (${s.x}, ${s.y})`);
    }
  });
  const [p1, p2] = spawnOf;
  if (p1 && p2) {
    const d = Math.sqrt((p1.x - p2.x) ** 2 + (p1.y - p2.y) ** 2);
    if (d > level.tether.length) {
      errors.push(`$.spawns: the spawns are ${d.toFixed(2)} m apart but the tether is only ${level.tether.length} m long`);
    }
  }
  const g = level.goal;
  if (g.x + g.w > grid.width || g.y + g.h > grid.height) {
    errors.push(`$.goal: goal '${g.id}' reaches outside the ${grid.width}x${grid.height} grid`);
  }
  const centres = spawnOf.map((s) => s && { x: s.x, y: s.y - settings.playerHalfHeight });
  const { anchors, boxes, ropes, platforms } = buildEntities(level, grid, centres, { w: hw, h: settings.playerHalfHeight }, errors);
  const checkpoints = (level.checkpoints ?? []).map((c, i): CheckpointDef => {
    const path = `$.checkpoints[${i}]`;
    const who = `checkpoint '${c.id}'`;
    if (c.x + c.w > grid.width || c.y + c.h > grid.height) errors.push(`${path}: ${who} reaches outside the ${grid.width}x${grid.height} grid`);
    const feet = [c.p1, c.p2];
    feet.forEach(([x, y], slot) => {
      if (x - hw < 0 || x + hw > grid.width || y - height < 0 || y > grid.height) {
        errors.push(`${path}.p${slot + 1}: ${who}: player ${slot + 1} would respawn outside the ${grid.width}x${grid.height} grid`);
      } else if (rectOverlapsSolid(grid, x - hw, y - height, x + hw, y)) {
        errors.push(`${path}.p${slot + 1}: ${who}: player ${slot + 1} would respawn inside a solid tile at (${x}, ${y})`);
      }
    });
    const d = Math.sqrt((c.p1[0] - c.p2[0]) ** 2 + (c.p1[1] - c.p2[1]) ** 2);
    if (d > level.tether.length) errors.push(`${path}: ${who}: p1 and p2 are ${d.toFixed(2)} m apart but the tether is only ${level.tether.length} m long`);
    return { area: { x: c.x, y: c.y, w: c.w, h: c.h }, spawns: [{ x: c.p1[0], y: c.p1[1] }, { x: c.p2[0], y: c.p2[1] }] };
  });
  return {
    grid,
    spawns: [p1 ?? { x: 0, y: 0 }, p2 ?? { x: 0, y: 0 }],
    goal: { x: g.x, y: g.y, w: g.w, h: g.h },
    tether: { length: level.tether.length, segments: level.tether.segments },
    anchors,
    boxes,
    ropes,
    platforms,
    checkpoints,
    physics: level.physics,
  };
}

/** Every id is unique across spawns, goal, anchors, boxes, ropes, platforms and checkpoints; reserved ids stay free. */
function checkIds(level: LevelFile, errors: string[]): void {
  const entities: Array<{ id: string; path: string; kind: string; player?: number }> = [
    ...level.spawns.map((s, i) => ({ id: s.id, path: `$.spawns[${i}]`, kind: 'spawn', player: s.player })),
    { id: level.goal.id, path: '$.goal', kind: 'goal' },
    ...(level.anchors ?? []).map((a, i) => ({ id: a.id, path: `$.anchors[${i}]`, kind: 'anchor' })),
    ...(level.boxes ?? []).map((b, i) => ({ id: b.id, path: `$.boxes[${i}]`, kind: 'box' })),
    ...(level.ropes ?? []).map((r, i) => ({ id: r.id, path: `$.ropes[${i}]`, kind: 'rope' })),
    ...(level.platforms ?? []).map((p, i) => ({ id: p.id, path: `$.platforms[${i}]`, kind: 'platform' })),
    ...(level.checkpoints ?? []).map((c, i) => ({ id: c.id, path: `$.checkpoints[${i}]`, kind: 'checkpoint' })),
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
    if (typeof node === 'object' && node !== null && typeof id === 'string') entity = `'${clip(id, 40)}': `;
  }
  let message = issue.message;
  if (issue.received === 'undefined') message = 'is required but missing';
  else if (issue.type === 'strict_object' && issue.expected === 'never') message = 'unknown field (check its spelling)';
  else if (issue.expected && issue.received && /^Invalid/.test(message)) message = `expected ${issue.expected} but got ${issue.received}`;
  return `${path}: ${entity}${clip(message, 200)}`;
}
