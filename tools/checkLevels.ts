// `npm run check-levels [-- --dir <folder>]`: every level in levels/*.json must parse, have an id no
// other level file has (progress, best times and "next level" go by id), and its replay
// (levels/replays/<basename>.replay.json) must still play identically and complete the level.
// One line per level with the result, the level's estimated cost per tick (src/level/levelCost.ts)
// and the time taken, then the total. Exit 1 when any check fails.
// After an intended level or physics change, re-record with `npm run make-replay -- <level>`.

import { existsSync, readFileSync } from 'node:fs';
import { basename, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MAX_TICK_MS, type LevelCost } from '../src/level/levelCost';
import { parseLevel } from '../src/level/parseLevel';
import { parseReplay, verifyReplay } from '../src/level/replay';
import { LEVELS_DIR, levelFiles, replayPathFor } from './makeReplay';

export interface Check { ok: boolean; message: string; details: string[] }

/** "~0.21 ms/tick (5 % of 4 ms)": a level's estimated cost per tick. */
export function describeCost(cost: LevelCost): string {
  return `~${cost.ms.toFixed(2)} ms/tick (${Math.round((cost.ms / MAX_TICK_MS) * 100)} % of ${MAX_TICK_MS} ms)`;
}

/** The level's `id` as written, when the file is JSON with a string id (also for a level that does not validate). */
export function idOf(text: string): string | null {
  try {
    const json: unknown = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
    const id = (json as { id?: unknown } | null)?.id;
    return typeof id === 'string' ? id : null;
  } catch {
    return null;
  }
}

/**
 * Level ids must be unique across the folder: for every file whose id another file also has, the
 * message naming the others. A copied level under a new file name would otherwise share its
 * progress and best times and send "next level" to the wrong file.
 */
export function duplicateIds(levels: ReadonlyArray<{ file: string; id: string | null }>): Map<string, string> {
  const byId = new Map<string, string[]>();
  for (const { file, id } of levels) {
    if (id === null) continue;
    byId.set(id, [...(byId.get(id) ?? []), file]);
  }
  const out = new Map<string, string>();
  for (const [id, files] of byId) {
    if (files.length < 2) continue;
    for (const file of files) {
      const others = files.filter((f) => f !== file).map((f) => basename(f)).join(', ');
      out.set(file, `level id '${id}' is also the id of ${others}; every level file needs its own id (progress and best times are kept by id)`);
    }
  }
  return out;
}

function checkLevel(file: string, text: string, dir: string): Check {
  const parsed = parseLevel(text);
  if (!parsed.ok) return { ok: false, message: `invalid level (${parsed.errors.length} error${parsed.errors.length === 1 ? '' : 's'})`, details: parsed.errors };
  const cost = `; cost ${describeCost(parsed.cost)}`;
  const replayFile = replayPathFor(file, dir);
  const replayName = relative(process.cwd(), replayFile);
  if (!existsSync(replayFile)) {
    return { ok: false, message: `no replay: ${replayName} is missing (record one with npm run make-replay -- ${basename(file, '.json')})`, details: [] };
  }
  const replay = parseReplay(readFileSync(replayFile, 'utf8'));
  if (!replay.ok) return { ok: false, message: `${replayName} is not a valid replay`, details: replay.errors };
  const result = verifyReplay(text, replay.replay);
  if (result.ok && result.completedTick === null) {
    return { ok: false, message: `the replay does not complete the level (${replay.replay.ticks} ticks)`, details: [] };
  }
  const hint = result.ok ? '' : ` (re-record with npm run make-replay -- ${basename(file, '.json')} if this was intended)`;
  return { ok: result.ok, message: `${result.ok ? '' : `${replayName}: `}${result.message}${hint}${cost}`, details: [] };
}

function main(args: readonly string[]): number {
  const at = args.indexOf('--dir');
  const dir = at >= 0 && args[at + 1] ? resolve(args[at + 1]) : LEVELS_DIR;
  const start = performance.now();
  let failed = 0;
  let passed = 0;
  const files = levelFiles(dir).map((file) => {
    const text = readFileSync(file, 'utf8');
    return { file, text, id: idOf(text) };
  });
  const duplicates = duplicateIds(files);
  for (const { file, text } of files) {
    const t0 = performance.now();
    let check: Check;
    try {
      check = checkLevel(file, text, dir);
    } catch (e) {
      check = { ok: false, message: `internal error: ${e instanceof Error ? e.message : String(e)}`, details: [] };
    }
    const duplicate = duplicates.get(file);
    if (duplicate) check = { ok: false, message: check.ok ? duplicate : `${duplicate}; ${check.message}`, details: check.details };
    const ms = (performance.now() - t0).toFixed(0);
    if (check.ok) passed++;
    else failed++;
    console.log(`${check.ok ? 'ok    ' : 'FAILED'} ${basename(file)}: ${check.message} [${ms} ms]`);
    for (const d of check.details) console.log(`         ${d}`);
  }
  if (files.length === 0) {
    console.log(`FAILED no levels found in ${relative(process.cwd(), dir) || '.'}/`);
    failed++;
  }
  console.log(`${passed} of ${files.length} levels ok in ${(performance.now() - start).toFixed(0)} ms`);
  return failed > 0 ? 1 : 0;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  process.exitCode = main(process.argv.slice(2));
}
