#!/usr/bin/env node
// `npm test`: type-check, make sure Chromium exists, run vitest (unit + browser projects), and
// check every level and its replay (tools/checkLevels.ts). The type-checks run in the background
// beside vitest, the level check beside the browser tests once the unit tests are done (each
// one's output is printed when vitest is done).
// Keeps going after failures and ends with exactly one plain line: `N passed, N failed`.
// Extra args (`npm test -- tests/unit/foo.test.ts`) are passed to vitest; nothing is skipped.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const RESULTS_DIR = join(ROOT, 'test-results');
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

/** Starts a command in the background with its output collected; resolves to { status, output }. */
function runCollected(cmd, args) {
  return new Promise((resolve) => {
    let output = '';
    const child = spawn(cmd, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (d) => { output += d; });
    child.stderr.on('data', (d) => { output += d; });
    child.on('error', (e) => resolve({ status: null, output: `${output}could not run ${cmd}: ${e.message}\n` }));
    child.on('close', (status, signal) => resolve({ status, output: signal ? `${output}${cmd} was killed by ${signal}\n` : output }));
  });
}

// a. Type-check (`tsc`; each config counts as one test), one config after the other, in the
// background while Chromium is checked and vitest runs.
const TSC_PROJECTS = ['tsconfig.json', 'src/sim/tsconfig.json'];
const typeChecks = (async () => {
  const results = [];
  for (const project of TSC_PROJECTS) results.push({ project, ...(await runCollected(...bin('tsc', ['-p', project, '--noEmit']))) });
  return results;
})();

// b. Chromium for the browser project.
heading('ensure Chromium');
const chromiumOk = run(process.execPath, [join(ROOT, 'tools/ensure-chromium.mjs')]) === 0;
if (!chromiumOk) {
  record('browser suite', false, 'Chromium not found; see the message above');
}

// c. vitest. With no extra args, the unit and browser projects run as two vitest processes side by
// side (one vitest run would run them one after the other: the browser project's single worker
// makes it a group of its own): the browser tests keep one page at a time busy while the unit
// tests use the rest of the machine. Their output lines interleave (each says its project). With
// extra args, one vitest run gets them (only `unit` when Chromium is missing).
heading('vitest');
mkdirSync(RESULTS_DIR, { recursive: true });
/** One vitest process: `name` labels its report file (test-results/vitest-<name>.json). */
function startVitest(name, args) {
  const outputFile = join(RESULTS_DIR, `vitest-${name}.json`);
  rmSync(outputFile, { force: true });
  const [cmd, cmdArgs] = bin('vitest', [
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile=${outputFile}`,
    '--passWithNoTests', // zero tests is reported below, with a clearer message
    ...args,
  ]);
  return new Promise((resolve) => {
    const child = spawn(cmd, cmdArgs, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    // Whole lines only, so two runs' output interleaves line by line.
    for (const [from, to] of [[child.stdout, process.stdout], [child.stderr, process.stderr]]) {
      let rest = '';
      from.on('data', (d) => {
        const text = rest + d;
        const cut = text.lastIndexOf('\n') + 1;
        if (cut) to.write(text.slice(0, cut));
        rest = text.slice(cut);
      });
      from.on('end', () => { if (rest) to.write(`${rest}\n`); });
    }
    child.on('error', (e) => { console.error(`could not run vitest: ${e.message}`); resolve({ name, outputFile, status: null }); });
    child.on('close', (status, signal) => {
      if (signal) console.error(`vitest (${name}) was killed by ${signal}`);
      resolve({ name, outputFile, status });
    });
  });
}
// d. (started here) Levels: every level file must parse and its committed replays must still
// complete it with the same state hashes (tools/checkLevels.ts); reported after vitest. It starts
// when the unit tests end, so it runs beside the browser tests' last minutes, when the machine has
// a core to spare, instead of after them.
let levelCheck = null;
const startLevelCheck = () => { levelCheck ??= runCollected(...bin('tsx', ['tools/checkLevels.ts'])); };
const runs = await Promise.all(
  extraArgs.length || !chromiumOk
    ? [startVitest('all', [...(chromiumOk ? [] : ['--project', 'unit']), ...extraArgs])]
    : [
      startVitest('unit', ['--project', 'unit']).then((run) => { startLevelCheck(); return run; }),
      startVitest('browser', ['--project', 'browser']),
    ],
);

for (const { name, outputFile, status: vitestStatus } of runs) {
  const label = name === 'all' ? 'vitest' : `vitest ${name}`;
  let report = null;
  if (existsSync(outputFile)) {
    try {
      report = JSON.parse(readFileSync(outputFile, 'utf8'));
    } catch (e) {
      console.error(`could not parse ${outputFile}: ${e.message}`);
    }
  }
  if (!report) {
    record(label, false, `no JSON report; exit status ${vitestStatus}`);
    continue;
  }
  const p = report.numPassedTests ?? 0;
  const f = report.numFailedTests ?? 0;
  const s = (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  passed += p;
  failed += f;
  skipped += s;
  vitestTests += p + f + s;
  lines.push(`${f || vitestStatus !== 0 ? 'FAILED' : 'ok    '} ${label}: ${p} passed, ${f} failed, ${s} skipped/todo`);
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
    record(`${label} run`, false, `exit status ${vitestStatus}; see the output above`);
  }
}
const vitestStatus = runs.every((r) => r.status === 0) ? 0 : 1;
if (vitestTests === 0 && vitestStatus === 0) {
  record('vitest ran at least one test', false, extraArgs.length ? `filter: ${extraArgs.join(' ')}` : 'no test files found');
}

// The type-checks started in a.
for (const { project, status, output } of await typeChecks) {
  heading(`tsc -p ${project} --noEmit`);
  if (output) process.stdout.write(output);
  record(`type-check ${project}`, status === 0);
}

// d. The levels' check started beside the browser tests (or now, after a single vitest run).
heading('check-levels');
{
  startLevelCheck();
  const r = await levelCheck;
  const out = r.output ?? '';
  if (out) process.stdout.write(out);
  const levelLines = out.split('\n').filter((l) => /^(ok {4}|FAILED) /.test(l));
  for (const l of levelLines) {
    const ok = l.startsWith('ok');
    const text = l.slice(7);
    const colon = text.indexOf(': ');
    record(`level ${colon > 0 ? text.slice(0, colon) : text}`, ok, ok ? '' : colon > 0 ? text.slice(colon + 2) : '');
  }
  if (r.status !== 0) {
    if (!levelLines.some((l) => l.startsWith('FAILED'))) {
      record('check-levels', false, r.status === null ? 'could not run it; see the output above' : `exit status ${r.status}; see the output above`);
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
