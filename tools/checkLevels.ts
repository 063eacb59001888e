// `npm run check-levels [-- --dir <folder>]`: every level in levels/*.json must parse, have an id no
// other level file has (progress, best times and "next level" go by id), and its replay
// (levels/replays/<basename>.replay.json) must still play identically and complete the level.
// One line per level with the result, the level's estimated cost per tick (src/level/levelCost.ts)
// and the time taken, then the total. Exit 1 when any check fails.
// Each level's solo replay (levels/replays/<basename>.solo.replay.json, one player driving both
// characters through solo mode) is verified the same way, on its own line (`ok     03-first-gap.json
// solo: ...`). A level with a solo bot (tools/bots/solo/<id>.ts) must have one; a level with
// neither gets a `todo  ` line (not a test: solo is still to be shown possible there).
// After an intended level or physics change, re-record with `npm run make-replay -- <level>` (and
// `npm run make-replay -- --solo <level>`).

import { existsSync, readFileSync } from 'node:fs';
import { basename, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MAX_TICK_MS, type LevelCost } from '../src/level/levelCost';
import { parseLevel } from '../src/level/parseLevel';
import { parseReplay, parseSoloReplay, verifyReplay } from '../src/level/replay';
import { decodeSoloRuns, verifySoloReplay } from '../src/app/soloReplay';
import { LEVELS_DIR, levelFiles, replayPathFor, soloBotPath, soloReplayPathFor } from './makeReplay';

export interface Check { ok: boolean; message: string; details: string[]; isTodo?: boolean }

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
  // Gems are optional for players, but each must be shown reachable: the replay takes them all.
  if (result.ok && result.gems < result.gemTotal) {
    return { ok: false, message: `${replayName}: collects ${result.gems} of the level's ${result.gemTotal} gems; a level's replay must take every gem (so each is shown reachable)`, details: [] };
  }
  const hint = result.ok ? '' : ` (re-record with npm run make-replay -- ${basename(file, '.json')} if this was intended)`;
  return { ok: result.ok, message: `${result.ok ? '' : `${replayName}: `}${result.message}${hint}${cost}`, details: [] };
}

/** The level's solo replay, verified; null for a level that is not valid (its own line says why). */
function checkSolo(file: string, text: string, dir: string): Check | null {
  const parsed = parseLevel(text);
  if (!parsed.ok) return null;
  const replayFile = soloReplayPathFor(file, dir);
  const replayName = relative(process.cwd(), replayFile);
  const remake = `npm run make-replay -- --solo ${basename(file, '.json')}`;
  if (!existsSync(replayFile)) {
    const botFile = relative(process.cwd(), soloBotPath(parsed.id));
    if (!existsSync(soloBotPath(parsed.id))) {
      return { ok: false, isTodo: true, message: `no solo replay yet (write ${botFile}, then ${remake})`, details: [] };
    }
    return { ok: false, message: `no solo replay: ${replayName} is missing (record one with ${remake})`, details: [] };
  }
  const replay = parseSoloReplay(readFileSync(replayFile, 'utf8'));
  if (!replay.ok) return { ok: false, message: `${replayName} is not a valid solo replay`, details: replay.errors };
  const result = verifySoloReplay(text, replay.replay);
  if (result.ok && result.completedTick === null) {
    return { ok: false, message: `the solo replay does not complete the level (${replay.replay.ticks} ticks)`, details: [] };
  }
  // A solo proof: no death on the way, it stops at the goal, and control changes hands along it.
  if (result.ok && result.deaths > 0) {
    return { ok: false, message: `the solo replay dies ${result.deaths} time${result.deaths === 1 ? '' : 's'} on the way (a proof of the level must not)`, details: [] };
  }
  if (result.ok && replay.replay.ticks !== result.completedTick! + 1) {
    return { ok: false, message: `the solo replay goes on ${replay.replay.ticks - result.completedTick! - 1} ticks past the goal (tick ${result.completedTick})`, details: [] };
  }
  if (result.ok && decodeSoloRuns(replay.replay.inputs).filter(([, switches]) => switches > 0).length < 2) {
    return { ok: false, message: 'the solo replay never hands control back and forth (fewer than two switch presses)', details: [] };
  }
  const hint = result.ok ? '' : ` (re-record with ${remake} if this was intended)`;
  const seconds = result.ok ? ` (${((replay.replay.ticks) / 60).toFixed(1)} s)` : '';
  return { ok: result.ok, message: `${result.ok ? '' : `${replayName}: `}${result.message}${seconds}${hint}`, details: [] };
}

/** Runs `check`, turning a throw into a failed check. */
function guarded(check: () => Check | null): Check | null {
  try {
    return check();
  } catch (e) {
    return { ok: false, message: `internal error: ${e instanceof Error ? e.message : String(e)}`, details: [] };
  }
}

function main(args: readonly string[]): number {
  const at = args.indexOf('--dir');
  const dir = at >= 0 && args[at + 1] ? resolve(args[at + 1]) : LEVELS_DIR;
  const start = performance.now();
  const files = levelFiles(dir).map((file) => {
    const text = readFileSync(file, 'utf8');
    return { file, text, id: idOf(text) };
  });
  const duplicates = duplicateIds(files);
  // Levels and solo replays are counted apart: the summary's first half reads as it always has.
  const level = { passed: 0, failed: 0, todo: 0 };
  const solo = { passed: 0, failed: 0, todo: 0 };
  const report = (name: string, check: Check, ms: string, counts: typeof level) => {
    counts[check.isTodo ? 'todo' : check.ok ? 'passed' : 'failed']++;
    console.log(`${check.isTodo ? 'todo  ' : check.ok ? 'ok    ' : 'FAILED'} ${name}: ${check.message} [${ms} ms]`);
    for (const d of check.details) console.log(`         ${d}`);
  };
  for (const { file, text } of files) {
    let t0 = performance.now();
    let check = guarded(() => checkLevel(file, text, dir))!;
    const duplicate = duplicates.get(file);
    if (duplicate) check = { ok: false, message: check.ok ? duplicate : `${duplicate}; ${check.message}`, details: check.details };
    report(basename(file), check, (performance.now() - t0).toFixed(0), level);
    t0 = performance.now();
    const soloCheck = guarded(() => checkSolo(file, text, dir));
    if (soloCheck) report(`${basename(file)} solo`, soloCheck, (performance.now() - t0).toFixed(0), solo);
  }
  if (files.length === 0) {
    console.log(`FAILED no levels found in ${relative(process.cwd(), dir) || '.'}/`);
    level.failed++;
  }
  const soloChecked = solo.passed + solo.failed;
  const todo = solo.todo > 0 ? ` (${solo.todo} level${solo.todo === 1 ? ' has' : 's have'} none yet)` : '';
  console.log(`${level.passed} of ${files.length} levels ok, ${solo.passed} of ${soloChecked} solo replays ok${todo} in ${(performance.now() - start).toFixed(0)} ms`);
  return level.failed + solo.failed > 0 ? 1 : 0;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  process.exitCode = main(process.argv.slice(2));
}
