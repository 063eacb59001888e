// The replay file (DESIGN.md §4): which level (id and a hash of its content), the players' held
// buttons run-length encoded per tick, a state hash every 60 ticks, and the tick the level was
// completed at. Pure (no Node or DOM): the game, the tools and the tests share it.
//
//   { "format": "ropebound-replay", "version": 1, "level": "first-gap", "levelHash": "1a2b3c4d",
//     "ticks": 1234, "inputs": [[runLength, p1Mask, p2Mask], ...], "hashes": ["...", ...],
//     "completedTick": 1233 }
//
// `hashes[k]` is hashHex(world) after tick 60 * (k + 1). `completedTick` is world.completedTick
// after the last tick, or null when the level was not completed.
//
// A solo replay (format "ropebound-solo-replay", levels/replays/NN-slug.solo.replay.json) has the
// same fields, but its runs are [runLength, buttons, switchPresses]: what the one solo player
// pressed each tick. src/app/soloReplay.ts turns them into the two masks through solo mode's own
// mapping (src/input/soloControl.ts) and verifies them with verifyReplay. A separate format string,
// not a flag, so a reader of pair replays refuses it instead of taking switch presses for P2's mask.

import { BUTTON_MASK_ALL, createSimWorld, gemsCollected, hashHex, step } from '../sim';
import { parseLevel } from './parseLevel';
import { showValue } from './levelText';

export const REPLAY_FORMAT = 'ropebound-replay';
export const REPLAY_VERSION = 1;
export const SOLO_REPLAY_FORMAT = 'ropebound-solo-replay';
/** Most switch presses a solo replay's tick may hold (solo mode acts on at most 8 per sample). */
export const MAX_SOLO_SWITCHES = 8;
/** Ticks between two state hashes. */
export const CHECKPOINT_TICKS = 60;
/** Longest replay, in ticks (about 4.6 hours). */
export const MAX_REPLAY_TICKS = 1_000_000;

/** One run: hold these masks for `length` ticks (in a solo replay: these buttons, and this many
 *  switch presses on each of those ticks). */
export type InputRun = [length: number, p1: number, p2: number];
/** One [P1, P2] mask pair per tick. */
export type TickMasks = ReadonlyArray<readonly [number, number]>;

export type ReplayFormat = typeof REPLAY_FORMAT | typeof SOLO_REPLAY_FORMAT;

/** A replay; `ReplayFile<typeof SOLO_REPLAY_FORMAT>` is a solo replay (runs of buttons and switch presses). */
export interface ReplayFile<F extends ReplayFormat = typeof REPLAY_FORMAT> {
  format: F;
  version: typeof REPLAY_VERSION;
  level: string;
  levelHash: string;
  ticks: number;
  inputs: InputRun[];
  hashes: string[];
  completedTick: number | null;
}

export type SoloReplayFile = ReplayFile<typeof SOLO_REPLAY_FORMAT>;

export type ReplayParseResult<F extends ReplayFormat = typeof REPLAY_FORMAT> = { ok: true; replay: ReplayFile<F> } | { ok: false; errors: string[] };

export interface VerifyResult {
  ok: boolean;
  /** The tick the level was completed at when replayed, or null. */
  completedTick: number | null;
  /** The first checkpoint tick (60, 120, ...) whose state hash differs from the recorded one, or null. */
  firstMismatchTick: number | null;
  /** True when the level's content hash (or id) differs from the one recorded. */
  levelChanged: boolean;
  /** Deaths during the replay (0 when it was not run). */
  deaths: number;
  /** Gems collected by the end of the replay, of the level's `gemTotal` (0 of 0 when it was not run). */
  gems: number;
  gemTotal: number;
  /** One plain sentence. */
  message: string;
}

// ---------------------------------------------------------------------------------------------
// Level content hash

/** FNV-1a (32 bit) over the UTF-8 bytes of `text`, as 8 hex digits. */
export function fnv1aHex(text: string): string {
  let h = 0x811c9dc5;
  const byte = (b: number) => {
    h ^= b;
    h = Math.imul(h, 0x01000193) >>> 0;
  };
  for (const ch of text) {
    const c = ch.codePointAt(0)!;
    if (c < 0x80) byte(c);
    else if (c < 0x800) { byte(0xc0 | (c >> 6)); byte(0x80 | (c & 63)); }
    else if (c < 0x10000) { byte(0xe0 | (c >> 12)); byte(0x80 | ((c >> 6) & 63)); byte(0x80 | (c & 63)); }
    else { byte(0xf0 | (c >> 18)); byte(0x80 | ((c >> 12) & 63)); byte(0x80 | ((c >> 6) & 63)); byte(0x80 | (c & 63)); }
  }
  return h.toString(16).padStart(8, '0');
}

/** The level's JSON with object keys sorted and the top-level "$schema", "hints" and "world" left
 *  out: formatting, key order, the schema link, teaching prompts and the world (looks and music),
 *  none of which reach the sim, do not change it, so adding a hint or moving a level to another
 *  world keeps its replays valid. */
export function canonicalLevelJson(json: unknown): string {
  const sortKeys = (value: unknown, top: boolean): unknown => {
    if (Array.isArray(value)) return value.map((x) => sortKeys(x, false));
    if (typeof value !== 'object' || value === null) return value;
    // No prototype: `out['__proto__'] = x` on a plain object would set its prototype instead of
    // a key, and that part of the level would drop out of the hash.
    const out = Object.create(null) as Record<string, unknown>;
    for (const key of Object.keys(value).sort()) {
      if (top && (key === '$schema' || key === 'hints' || key === 'world')) continue;
      out[key] = sortKeys((value as Record<string, unknown>)[key], false);
    }
    return out;
  };
  return JSON.stringify(sortKeys(json, true));
}

/** Hash of a level file's content (8 hex digits), or null when the text is not JSON. */
export function levelContentHash(levelText: string): string | null {
  let json: unknown;
  try {
    json = JSON.parse(levelText);
  } catch {
    return null;
  }
  return fnv1aHex(canonicalLevelJson(json));
}

// ---------------------------------------------------------------------------------------------
// Run-length encoding

/** Per-tick masks -> runs of equal masks. */
export function encodeInputs(masks: TickMasks): InputRun[] {
  const runs: InputRun[] = [];
  for (const [p1, p2] of masks) {
    const last = runs[runs.length - 1];
    if (last && last[1] === p1 && last[2] === p2) last[0]++;
    else runs.push([1, p1, p2]);
  }
  return runs;
}

/** Runs -> per-tick masks. Throws RangeError on a bad run (parseReplay checks runs first). */
export function decodeInputs(runs: ReadonlyArray<readonly [number, number, number]>): Array<[number, number]> {
  const error = checkRuns(runs, '$.inputs', PAIR_RUNS);
  if (error) throw new RangeError(error);
  const out: Array<[number, number]> = [];
  for (const [length, p1, p2] of runs) for (let n = 0; n < length; n++) out.push([p1, p2]);
  return out;
}

/** What the two numbers after a run's length mean, and their bounds, for each format. */
interface RunShape { run: string; names: readonly [string, string]; max: readonly [number, number] }
const PAIR_RUNS: RunShape = { run: '[runLength, p1Mask, p2Mask]', names: ["P1's mask", "P2's mask"], max: [BUTTON_MASK_ALL, BUTTON_MASK_ALL] };
const SOLO_RUNS: RunShape = { run: '[runLength, buttons, switchPresses]', names: ['the buttons', 'the switch presses'], max: [BUTTON_MASK_ALL, MAX_SOLO_SWITCHES] };
const RUNS_OF: Record<ReplayFormat, RunShape> = { [REPLAY_FORMAT]: PAIR_RUNS, [SOLO_REPLAY_FORMAT]: SOLO_RUNS };

const isWhole = (x: unknown, max: number): x is number => Number.isInteger(x) && (x as number) >= 0 && (x as number) <= max;

/** The first problem with `runs`, as a message with its path, or null. */
function checkRuns(runs: unknown, path: string, shape: RunShape): string | null {
  if (!Array.isArray(runs)) return `${path}: must be an array of ${shape.run}`;
  let total = 0;
  for (let k = 0; k < runs.length; k++) {
    const run: unknown = runs[k];
    const at = `${path}[${k}]`;
    if (!Array.isArray(run) || run.length !== 3) return `${at}: must be ${shape.run}`;
    const [length, first, second] = run as unknown[];
    if (!Number.isInteger(length) || (length as number) < 1) {
      return `${at}[0]: the run length must be a positive whole number (got ${showValue(length)})`;
    }
    total += length as number;
    if (total > MAX_REPLAY_TICKS) return `${at}[0]: the runs add up to more than ${MAX_REPLAY_TICKS} ticks`;
    if (!isWhole(first, shape.max[0])) return `${at}[1]: ${shape.names[0]} must be a whole number from 0 to ${shape.max[0]} (got ${showValue(first)})`;
    if (!isWhole(second, shape.max[1])) return `${at}[2]: ${shape.names[1]} must be a whole number from 0 to ${shape.max[1]} (got ${showValue(second)})`;
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// Parsing

/** Replay text -> a checked replay, or errors naming the JSON path. Never throws. */
export function parseReplay(text: string): ReplayParseResult {
  return parseReplayOf(text, REPLAY_FORMAT);
}

/** Solo replay text -> a checked solo replay, or errors naming the JSON path. Never throws. */
export function parseSoloReplay(text: string): ReplayParseResult<typeof SOLO_REPLAY_FORMAT> {
  return parseReplayOf(text, SOLO_REPLAY_FORMAT);
}

function parseReplayOf<F extends ReplayFormat>(text: string, format: F): ReplayParseResult<F> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    return { ok: false, errors: [`$: not valid JSON (${e instanceof Error ? e.message : String(e)})`] };
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    return { ok: false, errors: ['$: a replay must be a JSON object'] };
  }
  const f = json as Record<string, unknown>;
  if (f.format !== format) {
    const what = format === REPLAY_FORMAT ? 'a Ropebound replay' : 'a Ropebound solo replay';
    return { ok: false, errors: [`$.format: must be "${format}" (is this ${what}?)`] };
  }
  if (f.version !== REPLAY_VERSION) {
    return { ok: false, errors: [`$.version: version ${showValue(f.version)} is not supported; this game reads version ${REPLAY_VERSION}`] };
  }
  const errors: string[] = [];
  if (typeof f.level !== 'string' || f.level === '') errors.push('$.level: must be the level id, a non-empty string');
  if (typeof f.levelHash !== 'string' || !/^[0-9a-f]{8}$/.test(f.levelHash)) {
    errors.push(`$.levelHash: must be 8 lowercase hex digits (got ${showValue(f.levelHash)})`);
  }
  const ticksOk = Number.isInteger(f.ticks) && (f.ticks as number) >= 0 && (f.ticks as number) <= MAX_REPLAY_TICKS;
  if (!ticksOk) errors.push(`$.ticks: must be a whole number from 0 to ${MAX_REPLAY_TICKS} (got ${showValue(f.ticks)})`);
  const runsError = checkRuns(f.inputs, '$.inputs', RUNS_OF[format]);
  if (runsError) errors.push(runsError);
  else if (ticksOk) {
    const total = (f.inputs as number[][]).reduce((sum, run) => sum + run[0], 0);
    if (total !== f.ticks) errors.push(`$.inputs: the runs add up to ${total} ticks but $.ticks says ${String(f.ticks)}`);
  }
  if (!Array.isArray(f.hashes)) errors.push('$.hashes: must be an array of 8-hex-digit state hashes');
  else {
    const bad = f.hashes.findIndex((h) => typeof h !== 'string' || !/^[0-9a-f]{8}$/.test(h));
    if (bad >= 0) errors.push(`$.hashes[${bad}]: must be 8 lowercase hex digits (got ${showValue(f.hashes[bad])})`);
    else if (ticksOk && f.hashes.length !== Math.floor((f.ticks as number) / CHECKPOINT_TICKS)) {
      errors.push(`$.hashes: has ${f.hashes.length} hashes; a ${String(f.ticks)}-tick replay has one every ${CHECKPOINT_TICKS} ticks, ${Math.floor((f.ticks as number) / CHECKPOINT_TICKS)}`);
    }
  }
  const ct = f.completedTick;
  if (ct !== null && !(Number.isInteger(ct) && (ct as number) >= 0 && (!ticksOk || (ct as number) <= (f.ticks as number)))) {
    errors.push(`$.completedTick: must be null or a whole number from 0 to $.ticks (got ${showValue(ct)})`);
  }
  if (errors.length > 0) return { ok: false, errors };
  return {
    ok: true,
    replay: {
      format,
      version: REPLAY_VERSION,
      level: f.level as string,
      levelHash: f.levelHash as string,
      ticks: f.ticks as number,
      inputs: (f.inputs as number[][]).map(([a, b, c]) => [a, b, c] as InputRun),
      hashes: [...(f.hashes as string[])],
      completedTick: ct as number | null,
    },
  };
}

/** A replay as commit-ready text: one run per line. */
export function formatReplay(replay: ReplayFile<ReplayFormat>): string {
  const line = (x: unknown) => JSON.stringify(x);
  const list = (items: unknown[], per: number) => {
    if (items.length === 0) return '[]';
    const rows: string[] = [];
    for (let i = 0; i < items.length; i += per) rows.push(`    ${items.slice(i, i + per).map(line).join(', ')}`);
    return `[\n${rows.join(',\n')}\n  ]`;
  };
  return [
    '{',
    `  "format": ${line(replay.format)},`,
    `  "version": ${line(replay.version)},`,
    `  "level": ${line(replay.level)},`,
    `  "levelHash": ${line(replay.levelHash)},`,
    `  "ticks": ${line(replay.ticks)},`,
    `  "completedTick": ${line(replay.completedTick)},`,
    `  "hashes": ${list(replay.hashes, 8)},`,
    `  "inputs": ${list(replay.inputs, 1)}`,
    '}',
    '',
  ].join('\n');
}

// ---------------------------------------------------------------------------------------------
// Record and verify

/** Runs the level with these masks (one [P1, P2] per tick) and returns the replay. Throws when the
 *  level is invalid or a mask is out of range. */
export function recordReplay(levelText: string, masks: TickMasks): ReplayFile {
  const parsed = parseLevel(levelText);
  if (!parsed.ok) throw new Error(`the level is not valid: ${parsed.errors.join('; ')}`);
  const inputs = encodeInputs(masks);
  const error = checkRuns(inputs, 'masks', PAIR_RUNS);
  if (error) throw new RangeError(error);
  const world = createSimWorld(parsed.def);
  const hashes: string[] = [];
  const pair = [0, 0];
  for (let t = 0; t < masks.length; t++) {
    pair[0] = masks[t][0];
    pair[1] = masks[t][1];
    step(world, pair);
    if ((t + 1) % CHECKPOINT_TICKS === 0) hashes.push(hashHex(world));
  }
  return {
    format: REPLAY_FORMAT,
    version: REPLAY_VERSION,
    level: parsed.id,
    levelHash: levelContentHash(levelText)!,
    ticks: masks.length,
    inputs,
    hashes,
    completedTick: world.completedTick >= 0 ? world.completedTick : null,
  };
}

/**
 * Replays `replay` on the level and compares: level hash, every checkpoint hash, completion.
 * `stopAtMismatch`: end at the first state hash that differs (whether the level is still completed
 * is then not known: `completedTick` is null), for callers that only ask whether it replays.
 */
export function verifyReplay(levelText: string, replay: ReplayFile, { stopAtMismatch = false } = {}): VerifyResult {
  const result = (ok: boolean, message: string, extra: Partial<VerifyResult> = {}): VerifyResult =>
    ({ ok, completedTick: null, firstMismatchTick: null, levelChanged: false, deaths: 0, gems: 0, gemTotal: 0, message, ...extra });
  const parsed = parseLevel(levelText);
  if (!parsed.ok) return result(false, `the level is not valid: ${parsed.errors[0]}`);
  if (parsed.id !== replay.level) {
    return result(false, `the replay is for level "${replay.level}" but this level is "${parsed.id}"`, { levelChanged: true });
  }
  const levelHash = levelContentHash(levelText);
  if (levelHash !== replay.levelHash) {
    return result(false, `level changed since the replay was recorded (level hash ${levelHash}, replay has ${replay.levelHash})`, { levelChanged: true });
  }
  const world = createSimWorld(parsed.def);
  const pair = [0, 0];
  let t = 0;
  let firstMismatchTick: number | null = null;
  runs: for (const [length, p1, p2] of replay.inputs) {
    pair[0] = p1;
    pair[1] = p2;
    for (let n = 0; n < length; n++) {
      step(world, pair);
      t++;
      if (t % CHECKPOINT_TICKS === 0 && firstMismatchTick === null) {
        const k = t / CHECKPOINT_TICKS - 1;
        if (replay.hashes[k] !== hashHex(world)) firstMismatchTick = t;
      }
      if (stopAtMismatch && firstMismatchTick !== null) break runs;
    }
  }
  if (stopAtMismatch && firstMismatchTick !== null) {
    return result(false, `the physics changed: the state hash first differs at tick ${firstMismatchTick}`, { firstMismatchTick, deaths: world.rules.deaths[0] });
  }
  const completedTick = world.completedTick >= 0 ? world.completedTick : null;
  const extra = { completedTick, firstMismatchTick, deaths: world.rules.deaths[0], gems: gemsCollected(world), gemTotal: world.gems.length };
  if (firstMismatchTick !== null) {
    const completion = completedTick === null ? 'and the level is no longer completed' : `(completed at tick ${completedTick}, recorded ${String(replay.completedTick)})`;
    return result(false, `the physics changed: the state hash first differs at tick ${firstMismatchTick} ${completion}`, extra);
  }
  if (completedTick !== replay.completedTick) {
    const now = completedTick === null ? 'is no longer completed' : `is completed at tick ${completedTick}`;
    return result(false, `the level ${now}; the replay recorded ${replay.completedTick === null ? 'no completion' : `tick ${replay.completedTick}`}`, extra);
  }
  return result(true, completedTick === null ? `replays identically (${t} ticks, not completed)` : `completed at tick ${completedTick}, all ${replay.hashes.length} state hashes match`, extra);
}
