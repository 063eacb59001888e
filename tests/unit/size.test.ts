// tools/size.ts (`npm run size`): the measuring and the budget check, on small synthetic files in a
// temp dir (never the real build).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROTLI_OPTIONS, BUDGET_BROTLI_BYTES, GZIP_OPTIONS, checkBudget, formatReport, measureDir, runSize } from '../../tools/size';

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

  it('refuses a directory with no JavaScript', () => {
    const empty = mkdtempSync(join(tmpdir(), 'rb-size-empty-'));
    try {
      expect(() => measureDir(empty)).toThrow(/no \.js files/);
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });
});
