// npm run check-levels: level ids are unique across the folder (two files with one id both passed,
// then shared progress and best times, and "next level" after the copy opened the wrong level),
// and every level's line shows its estimated cost per tick. Solo replays get their own lines: a level
// with a solo bot fails without its solo replay, and a solo replay that stops matching fails.

import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { duplicateIds } from '../../tools/checkLevels';

const dirs: string[] = [];
afterAll(() => { for (const d of dirs) rmSync(d, { recursive: true, force: true }); });

/** A levels folder holding copies of campaign levels (and their replays and solo replays) under the given names. */
function levelsDir(files: Array<[from: string, as: string]>, { withSolo = true } = {}): string {
  const dir = mkdtempSync(join(tmpdir(), 'rb-levels-'));
  dirs.push(dir);
  mkdirSync(join(dir, 'replays'));
  for (const [from, as] of files) {
    copyFileSync(join('levels', from), join(dir, as));
    copyFileSync(join('levels', 'replays', from.replace(/\.json$/, '.replay.json')), join(dir, 'replays', as.replace(/\.json$/, '.replay.json')));
    const solo = join('levels', 'replays', from.replace(/\.json$/, '.solo.replay.json'));
    if (withSolo && existsSync(solo)) copyFileSync(solo, join(dir, 'replays', as.replace(/\.json$/, '.solo.replay.json')));
  }
  return dir;
}

function checkLevels(dir: string): { status: number | null; lines: string[] } {
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'tools/checkLevels.ts', '--dir', dir], { encoding: 'utf8', timeout: 120_000 });
  return { status: run.status, lines: run.stdout.split('\n') };
}

describe('check-levels', () => {
  it('duplicateIds names every other file that has the same id', () => {
    const found = duplicateIds([
      { file: '/x/01-a.json', id: 'same' }, { file: '/x/02-b.json', id: 'other' }, { file: '/x/03-c.json', id: 'same' }, { file: '/x/04-d.json', id: null },
    ]);
    expect([...found.keys()]).toEqual(['/x/01-a.json', '/x/03-c.json']);
    expect(found.get('/x/01-a.json')).toBe("level id 'same' is also the id of 03-c.json; every level file needs its own id (progress and best times are kept by id)");
    expect(found.get('/x/03-c.json')).toMatch(/is also the id of 01-a\.json;/);
  });

  it('fails when two level files have the same id, naming both files; the other levels pass with their cost', () => {
    const dir = levelsDir([['03-first-gap.json', '01-first-gap.json'], ['03-first-gap.json', '02-gap-copy.json'], ['01-tied-together.json', '03-tied-together.json']]);
    const { status, lines } = checkLevels(dir);
    expect(status).toBe(1);
    expect(lines).toContainEqual(expect.stringMatching(/^FAILED 01-first-gap\.json: level id 'first-gap' is also the id of 02-gap-copy\.json; every level file needs its own id/));
    expect(lines).toContainEqual(expect.stringMatching(/^FAILED 02-gap-copy\.json: level id 'first-gap' is also the id of 01-first-gap\.json;/));
    expect(lines).toContainEqual(expect.stringMatching(/^ok {5}03-tied-together\.json: completed at tick \d+, all \d+ state hashes match; cost ~0\.\d\d ms\/tick \(\d+ % of 4 ms\) \[\d+ ms\]$/));
    expect(lines).toContainEqual(expect.stringMatching(/^ok {5}03-tied-together\.json solo: completed at tick \d+, all \d+ state hashes match \(\d+\.\d s\) \[\d+ ms\]$/));
    expect(lines).toContainEqual(expect.stringMatching(/^1 of 3 levels ok, \d+ of \d+ solo replays ok.* in \d+ ms$/));
  });

  it('fails a level that has a solo bot but no solo replay, on its own solo line', () => {
    const dir = levelsDir([['01-tied-together.json', '01-tied-together.json']], { withSolo: false });
    const { status, lines } = checkLevels(dir);
    expect(status).toBe(1);
    expect(lines).toContainEqual(expect.stringMatching(/^ok {5}01-tied-together\.json: completed/));
    expect(lines).toContainEqual(expect.stringMatching(/^FAILED 01-tied-together\.json solo: no solo replay: .*01-tied-together\.solo\.replay\.json is missing \(record one with npm run make-replay -- --solo 01-tied-together\)/));
    expect(lines).toContainEqual(expect.stringMatching(/^1 of 1 levels ok, 0 of 1 solo replays ok in \d+ ms$/));
  });

  it('fails a solo replay that no longer matches (one switch press moved), naming where it differs', () => {
    const dir = levelsDir([['01-tied-together.json', '01-tied-together.json']]);
    const file = join(dir, 'replays', '01-tied-together.solo.replay.json');
    const replay = JSON.parse(readFileSync(file, 'utf8')) as { inputs: Array<[number, number, number]> };
    // Drop the third switch press: from there on the buttons drive the other character.
    const at = replay.inputs.map((r, i) => (r[2] > 0 ? i : -1)).filter((i) => i >= 0)[2];
    replay.inputs[at][2] = 0;
    writeFileSync(file, JSON.stringify(replay));
    const { status, lines } = checkLevels(dir);
    expect(status).toBe(1);
    expect(lines).toContainEqual(expect.stringMatching(/^FAILED 01-tied-together\.json solo: .*01-tied-together\.solo\.replay\.json: the physics changed: the state hash first differs at tick \d+ .*re-record with npm run make-replay -- --solo 01-tied-together/));
  });
});
