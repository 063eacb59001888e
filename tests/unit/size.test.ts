// tools/size.ts (`npm run size`): the measuring and the budget check, on small synthetic files in a
// temp dir (never the real build).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROTLI_OPTIONS, BUDGET_BROTLI_BYTES, GZIP_OPTIONS, checkBudget, formatReport, isLevelsChunk, measureDir, runSize } from '../../tools/size';

let dir = '';
const contents: Record<string, Buffer> = {};

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'rb-size-'));
  // Compressible text and incompressible pseudo-random bytes (a fixed LCG: the same every run).
  contents['a.js'] = Buffer.from('export const x = [' + Array.from({ length: 2000 }, (_, i) => i % 97).join(',') + '];\n');
  const noise = Buffer.alloc(4096);
  let s = 12345;
  for (let i = 0; i < noise.length; i++) { s = (s * 1103515245 + 12345) >>> 0; noise[i] = s >>> 24; }
  contents['b.js'] = noise;
  for (const [name, bytes] of Object.entries(contents)) writeFileSync(join(dir, name), bytes);
  writeFileSync(join(dir, 'style.css'), 'body { margin: 0 }'); // not JavaScript: not counted
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('npm run size', () => {
  it('measures only the .js files, with the numbers node:zlib gives', () => {
    const files = measureDir(dir);
    expect(files.map((f) => f.file)).toEqual(['a.js', 'b.js']);
    for (const f of files) {
      const bytes = contents[f.file];
      expect(f.raw).toBe(bytes.length);
      expect(f.gzip).toBe(gzipSync(bytes, GZIP_OPTIONS).length);
      expect(f.brotli).toBe(brotliCompressSync(bytes, BROTLI_OPTIONS).length);
    }
    // Text compresses, noise does not (sanity of the synthetic files, not of zlib).
    expect(files[0].brotli).toBeLessThan(files[0].raw / 3);
    expect(files[1].brotli).toBeGreaterThan(files[1].raw * 0.9);
  });

  it('sums the files and passes under the budget, with the margin', () => {
    const files = measureDir(dir);
    const brotli = files[0].brotli + files[1].brotli;
    const report = checkBudget(files, brotli + 100);
    expect(report.total).toEqual({
      file: 'total',
      raw: files[0].raw + files[1].raw,
      gzip: files[0].gzip + files[1].gzip,
      brotli,
    });
    expect(report.ok).toBe(true);
    expect(report.margin).toBe(100);
    expect(formatReport(report)).toContain('OK');
    expect(checkBudget(files, brotli).ok).toBe(true); // exactly at the budget is still within it
  });

  it('fails over the budget', () => {
    const files = measureDir(dir);
    const brotli = files[0].brotli + files[1].brotli;
    const report = checkBudget(files, brotli - 1);
    expect(report.ok).toBe(false);
    expect(report.margin).toBe(-1);
    expect(formatReport(report)).toContain('OVER BUDGET');
    const log: string[] = [];
    expect(runSize(dir, (s) => log.push(s), brotli - 1)).toBe(1); // the exit code of npm run size
    expect(log.join('\n')).toContain('OVER BUDGET');
    expect(runSize(dir, () => {})).toBe(0); // the real budget (180 KiB) is far above these few kB
    expect(BUDGET_BROTLI_BYTES).toBe(180 * 1024);
  });

  it('the levels\' chunk and the editor\'s are measured against their own budgets, not the code\'s', () => {
    const parts = mkdtempSync(join(tmpdir(), 'rb-size-parts-'));
    try {
      writeFileSync(join(parts, 'index-abc.js'), contents['a.js']);
      writeFileSync(join(parts, 'levels-Xy_1.js'), contents['b.js']); // 4 KiB of noise: ~4 KiB brotli
      writeFileSync(join(parts, 'editor-Q9.js'), contents['a.js']);
      expect(isLevelsChunk('levels-Xy_1.js')).toBe(true);
      expect(isLevelsChunk('index-abc.js')).toBe(false);
      const code = measureDir(parts).find((f) => f.file === 'index-abc.js')!.brotli;
      const log: string[] = [];
      // The code's budget fits the index chunk alone: the levels' noise is not added to it...
      expect(runSize(parts, (s) => log.push(s), code, 1 << 20, 1 << 20)).toBe(0);
      expect(log.join('\n')).toMatch(/levels and replays[^]*levels-Xy_1\.js/);
      // ...and the levels' own budget fails the run when they outgrow it.
      expect(runSize(parts, () => {}, code, 1 << 20, 1000)).toBe(1);
    } finally {
      rmSync(parts, { recursive: true, force: true });
    }
  });

  it('refuses a directory with no JavaScript', () => {
    const empty = mkdtempSync(join(tmpdir(), 'rb-size-empty-'));
    try {
      expect(() => measureDir(empty)).toThrow(/no \.js files/);
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });
});
