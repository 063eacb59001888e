#!/usr/bin/env node
// `npm test`: type-check, make sure Chromium exists, run vitest (unit + browser projects), then
// check every level and its replay (tools/checkLevels.ts).
// Keeps going after failures and ends with exactly one plain line: `N passed, N failed`.
// Extra args (`npm test -- tests/unit/foo.test.ts`) are passed to vitest; nothing is skipped.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const RESULTS_DIR = join(ROOT, 'test-results');
const VITEST_JSON = join(RESULTS_DIR, 'vitest.json');
const extraArgs = process.argv.slice(2);

const env = { ...process.env, NO_COLOR: '1' };
delete env.FORCE_COLOR;

let passed = 0;
let failed = 0;
let skipped = 0;
let vitestTests = 0;
const lines = [];

function heading(text) {
  console.log(`\n=== ${text} ===`);
}

/** Local binary from node_modules/.bin (avoids npx's startup cost and npm config warnings); npx as fallback. */
function bin(name, args) {
  const local = join(ROOT, 'node_modules', '.bin', name);
  return existsSync(local) ? [local, args] : ['npx', ['--no', '--', name, ...args]];
}

/** Runs a command with inherited stdout/stderr (no stdin); returns its exit status (null on spawn error). */
function run(cmd, args) {
  const r = spawnSync(cmd, args, { cwd: ROOT, env, stdio: ['ignore', 'inherit', 'inherit'] });
  if (r.error) {
    console.error(`could not run ${cmd}: ${r.error.message}`);
    return null;
  }
  if (r.signal) console.error(`${cmd} was killed by ${r.signal}`);
  return r.status;
}

function record(name, ok, detail = '') {
  if (ok) passed++;
  else failed++;
  lines.push(`${ok ? 'ok    ' : 'FAILED'} ${name}${detail ? ` (${detail})` : ''}`);
}

// a. Type-check (`npx tsc`) (each config counts as one test).
for (const project of ['tsconfig.json', 'src/sim/tsconfig.json']) {
  heading(`tsc -p ${project} --noEmit`);
  const status = run(...bin('tsc', ['-p', project, '--noEmit']));
  record(`type-check ${project}`, status === 0);
}

// b. Chromium for the browser project.
heading('ensure Chromium');
const chromiumOk = run(process.execPath, [join(ROOT, 'tools/ensure-chromium.mjs')]) === 0;
if (!chromiumOk) {
  record('browser suite', false, 'Chromium not found; see the message above');
}

// c. vitest, both projects in one run (only `unit` when Chromium is missing).
heading('vitest');
mkdirSync(RESULTS_DIR, { recursive: true });
rmSync(VITEST_JSON, { force: true });
const vitestArgs = [
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile=${VITEST_JSON}`,
  '--passWithNoTests', // zero tests is reported below, with a clearer message
  ...(chromiumOk ? [] : ['--project', 'unit']),
  ...extraArgs,
];
const vitestStatus = run(...bin('vitest', vitestArgs));
let report = null;
if (existsSync(VITEST_JSON)) {
  try {
    report = JSON.parse(readFileSync(VITEST_JSON, 'utf8'));
  } catch (e) {
    console.error(`could not parse ${VITEST_JSON}: ${e.message}`);
  }
}
if (report) {
  const p = report.numPassedTests ?? 0;
  const f = report.numFailedTests ?? 0;
  const s = (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  passed += p;
  failed += f;
  skipped += s;
  vitestTests = p + f + s;
  lines.push(`${f || vitestStatus !== 0 ? 'FAILED' : 'ok    '} vitest: ${p} passed, ${f} failed, ${s} skipped/todo`);
  // Files that failed to load (no test results of their own) count as one failure each.
  const loadFailures = (report.testResults ?? []).filter(
    (t) => t.status === 'failed' && !(t.assertionResults ?? []).length,
  );
  for (const t of loadFailures) {
    const msg = (t.message ?? '').split('\n')[0];
    record(t.name.replace(`${ROOT}/`, ''), false, msg);
  }
  // A failing globalSetup, unhandled errors...: vitest failed but no test or file says so.
  if (vitestStatus !== 0 && f === 0 && loadFailures.length === 0) {
    record('vitest run', false, `exit status ${vitestStatus}; see the output above`);
  }
} else {
  record('vitest', false, `no JSON report; exit status ${vitestStatus}`);
}
if (report && vitestTests === 0 && vitestStatus === 0) {
  record('vitest ran at least one test', false, extraArgs.length ? `filter: ${extraArgs.join(' ')}` : 'no test files found');
}

// d. Levels: each level file must parse and its committed replay must still complete it with the
// same state hashes (tools/checkLevels.ts); each level counts as one test.
heading('check-levels');
{
  const [cmd, args] = bin('tsx', ['tools/checkLevels.ts']);
  const r = spawnSync(cmd, args, { cwd: ROOT, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  if (r.stdout) process.stdout.write(r.stdout);
  const levelLines = (r.stdout ?? '').split('\n').filter((l) => /^(ok {4}|FAILED) /.test(l));
  for (const l of levelLines) {
    const ok = l.startsWith('ok');
    const text = l.slice(7);
    const colon = text.indexOf(': ');
    record(`level ${colon > 0 ? text.slice(0, colon) : text}`, ok, ok ? '' : colon > 0 ? text.slice(colon + 2) : '');
  }
  if (r.error || r.status !== 0) {
    if (!levelLines.some((l) => l.startsWith('FAILED'))) {
      record('check-levels', false, r.error ? r.error.message : `exit status ${r.status}; see the output above`);
    }
  } else if (levelLines.length === 0) {
    record('check-levels', false, 'checked no levels');
  }
}

console.log('\n=== summary ===');
for (const l of lines) console.log(l);
if (skipped) console.log(`${skipped} skipped/todo`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
