// npm run tick-budget (tools/tickBudget.ts), run as the command runs it: against this checkout
// itself one level reads a ratio near 1, and a base whose replay no longer matches its sim is
// refused, naming the level, rather than timed (each build must step its own recorded game).
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = resolve(__dirname, '..', '..');
const tsx = join(ROOT, 'node_modules', '.bin', 'tsx');
const LEVEL = '03-first-gap';
const runBudget = (base: string) => spawnSync(tsx, ['tools/tickBudget.ts', '--base', base, '--pairs', '3', '--processes', '1', '--json', LEVEL], { cwd: ROOT, encoding: 'utf8' });

/** A base checkout made of this one's sources and a copy of its levels, one replay tampered. */
const tampered = mkdtempSync(join(tmpdir(), 'rb-budget-'));
afterAll(() => rmSync(tampered, { recursive: true, force: true }));

describe('npm run tick-budget', () => {
  it('against this checkout itself: one row per level, both builds timed, the ratio near 1', () => {
    const run = runBudget(ROOT);
    expect(run.status, run.stderr).toBe(0);
    const rows = JSON.parse(run.stdout.trim().split('\n').at(-1) as string) as Array<{ file: string; baseUs: number; thisUs: number; ratio: number }>;
    expect(rows.map((r) => r.file)).toEqual([LEVEL]);
    expect(rows[0].baseUs).toBeGreaterThan(0);
    expect(rows[0].thisUs).toBeGreaterThan(0);
    // The same code in both columns: only the machine's noise between the two (3 pairs).
    expect(rows[0].ratio).toBeGreaterThan(0.5);
    expect(rows[0].ratio).toBeLessThan(2);
  }, 120_000);

  it('refuses a base whose recorded replay its own sim no longer plays, naming the level', () => {
    symlinkSync(join(ROOT, 'src'), join(tampered, 'src'));
    cpSync(join(ROOT, 'levels'), join(tampered, 'levels'), { recursive: true });
    const file = join(tampered, 'levels', 'replays', `${LEVEL}.replay.json`);
    const replay = JSON.parse(readFileSync(file, 'utf8')) as { inputs: Array<[number, number, number]> };
    replay.inputs[0][1] = replay.inputs[0][1] === 0 ? 2 : 0; // P1's first buttons changed
    writeFileSync(file, JSON.stringify(replay));
    const run = runBudget(tampered);
    expect(run.status).not.toBe(0);
    expect(run.stderr).toContain(`${LEVEL}.json: base: ${LEVEL}.json no longer replays`);
  }, 120_000);
});
