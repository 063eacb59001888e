// `npm run check-levels`: every level in levels/*.json must parse, and its replay
// (levels/replays/<basename>.replay.json) must still play identically and complete the level.
// One line per level with the result and the time taken, then the total. Exit 1 when any check fails.
// After an intended level or physics change, re-record with `npm run make-replay -- <level>`.

import { existsSync, readFileSync } from 'node:fs';
import { basename, relative } from 'node:path';
import { parseLevel } from '../src/level/parseLevel';
import { parseReplay, verifyReplay } from '../src/level/replay';
import { levelFiles, replayPathFor } from './makeReplay';

interface Check { ok: boolean; message: string; details: string[] }

function checkLevel(file: string): Check {
  const text = readFileSync(file, 'utf8');
  const parsed = parseLevel(text);
  if (!parsed.ok) return { ok: false, message: `invalid level (${parsed.errors.length} error${parsed.errors.length === 1 ? '' : 's'})`, details: parsed.errors };
  const replayFile = replayPathFor(file);
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
  return { ok: result.ok, message: `${result.ok ? '' : `${replayName}: `}${result.message}${hint}`, details: [] };
}

const start = performance.now();
let failed = 0;
let passed = 0;
const files = levelFiles();
for (const file of files) {
  const t0 = performance.now();
  let check: Check;
  try {
    check = checkLevel(file);
  } catch (e) {
    check = { ok: false, message: `internal error: ${e instanceof Error ? e.message : String(e)}`, details: [] };
  }
  const ms = (performance.now() - t0).toFixed(0);
  if (check.ok) passed++;
  else failed++;
  console.log(`${check.ok ? 'ok    ' : 'FAILED'} ${basename(file)}: ${check.message} [${ms} ms]`);
  for (const d of check.details) console.log(`         ${d}`);
}
if (files.length === 0) {
  console.log('FAILED no levels found in levels/');
  failed++;
}
console.log(`${passed} of ${files.length} levels ok in ${(performance.now() - start).toFixed(0)} ms`);
process.exitCode = failed > 0 ? 1 : 0;
