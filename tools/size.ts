// `npm run size`: the JavaScript of the production build (dist/assets/*.js, written by the
// `vite build` that the npm script runs first), raw, gzip and brotli, one row per file and the total.
// dist/assets also holds the CSS and the sounds (assets/sounds/*.wav and *.ogg, hashed): not counted.
// Three budgets: the game's code, every chunk but the editor's and the levels', within
// BUDGET_BROTLI_BYTES (issue #5: 180 KiB); the editor's chunk (`editor-<hash>.js`, loaded only
// when the editor opens, issue #15) within EDITOR_BUDGET_BROTLI_BYTES (80 KiB); and the campaign's
// level and replay files (`levels-<hash>.js`, data that grows with each level, split off by
// vite.config.ts) within LEVELS_BUDGET_BROTLI_BYTES (32 KiB). Fails (exit 1) when one is over.
// Compression is node:zlib's: gzip at level 9, brotli at quality 11 (what a static host precompresses
// with). Run: npm run size   (or `tsx tools/size.ts [dir]` to measure an existing build).
import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** The budget: brotli bytes of the game's JavaScript together (all but the editor's chunk). */
export const BUDGET_BROTLI_BYTES = 180 * 1024;
/** The level editor's lazily loaded chunk, brotli bytes. */
export const EDITOR_BUDGET_BROTLI_BYTES = 80 * 1024;

/** The campaign's levels and replays, brotli bytes (the 24 levels and their replays: 12.3 KiB). */
export const LEVELS_BUDGET_BROTLI_BYTES = 32 * 1024;

/** The editor's chunk: vite names a dynamic import's chunk after its folder (src/editor/index.ts). */
export const isEditorChunk = (file: string): boolean => /^editor-[\w-]+\.js$/.test(file);
/** The levels' chunk: named by vite.config.ts's codeSplitting group. */
export const isLevelsChunk = (file: string): boolean => /^levels-[\w-]+\.js$/.test(file);

export const GZIP_OPTIONS = { level: 9 } as const;
export const BROTLI_OPTIONS = {
  params: {
    [constants.BROTLI_PARAM_QUALITY]: 11,
    [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
  },
} as const;

export interface FileSize {
  file: string;
  raw: number;
  gzip: number;
  brotli: number;
}

export interface SizeReport {
  files: FileSize[];
  total: FileSize;
  budget: number;
  /** budget - total brotli; negative when over. */
  margin: number;
  ok: boolean;
}

export function measureBytes(file: string, bytes: Uint8Array): FileSize {
  return {
    file,
    raw: bytes.length,
    gzip: gzipSync(bytes, GZIP_OPTIONS).length,
    brotli: brotliCompressSync(bytes, BROTLI_OPTIONS).length,
  };
}

/** Measures every `*.js` file directly in `dir` (sorted by name). Throws when there is none. */
export function measureDir(dir: string): FileSize[] {
  const names = readdirSync(dir).filter((n) => n.endsWith('.js')).sort();
  if (names.length === 0) throw new Error(`no .js files in ${dir} (run vite build first)`);
  return names.map((n) => measureBytes(n, readFileSync(join(dir, n))));
}

export function checkBudget(files: FileSize[], budget = BUDGET_BROTLI_BYTES): SizeReport {
  const total: FileSize = { file: 'total', raw: 0, gzip: 0, brotli: 0 };
  for (const f of files) {
    total.raw += f.raw;
    total.gzip += f.gzip;
    total.brotli += f.brotli;
  }
  const margin = budget - total.brotli;
  return { files, total, budget, margin, ok: margin >= 0 };
}

const kib = (n: number): string => `${(n / 1024).toFixed(1)} KiB`;

export function formatReport(report: SizeReport): string {
  const rows = [...[...report.files].sort((a, b) => b.brotli - a.brotli), report.total];
  const width = Math.max(5, ...rows.map((r) => r.file.length));
  const line = (c: [string, string, string, string]) =>
    `${c[0].padEnd(width)}  ${c[1].padStart(11)}  ${c[2].padStart(11)}  ${c[3].padStart(11)}`;
  const out = [line(['file', 'raw', 'gzip', 'brotli'])];
  for (const r of rows) {
    if (r === report.total) out.push('-'.repeat(width + 39));
    out.push(line([r.file, kib(r.raw), kib(r.gzip), kib(r.brotli)]));
  }
  const verdict = report.ok
    ? `OK: brotli total ${kib(report.total.brotli)} (${report.total.brotli} B) is within the budget of ${kib(report.budget)}; margin ${kib(report.margin)} (${report.margin} B)`
    : `OVER BUDGET: brotli total ${kib(report.total.brotli)} (${report.total.brotli} B) exceeds ${kib(report.budget)} by ${kib(-report.margin)} (${-report.margin} B)`;
  out.push('', verdict);
  return out.join('\n');
}

/** Measures `dir`, prints the tables (the game's code, the levels' chunk, the editor's chunk), and
 *  returns the exit code (0 ok, 1 over a budget). */
export function runSize(dir: string, log: (s: string) => void = console.log, budget = BUDGET_BROTLI_BYTES, editorBudget = EDITOR_BUDGET_BROTLI_BYTES, levelsBudget = LEVELS_BUDGET_BROTLI_BYTES): number {
  const files = measureDir(dir);
  const game = checkBudget(files.filter((f) => !isEditorChunk(f.file) && !isLevelsChunk(f.file)), budget);
  log(`JavaScript of the production build (${dir}); gzip level 9, brotli quality 11 (node:zlib)`);
  log('The game\'s code (loaded by every page):');
  log(formatReport(game));
  let ok = game.ok;
  const parts: Array<[string, string, (f: string) => boolean, number]> = [
    ['levels', 'The campaign\'s levels and replays (loaded by every page)', isLevelsChunk, levelsBudget],
    ['editor', 'The level editor (loaded when it opens)', isEditorChunk, editorBudget],
  ];
  for (const [name, title, isPart, partBudget] of parts) {
    const partFiles = files.filter((f) => isPart(f.file));
    if (partFiles.length === 0) {
      log(`\nNo ${name} chunk (${name}-*.js) in this build.`);
      continue;
    }
    const report = checkBudget(partFiles, partBudget);
    log(`\n${title}:`);
    log(formatReport(report));
    ok &&= report.ok;
  }
  return ok ? 0 : 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const dir = process.argv[2] ?? 'dist/assets';
  try {
    process.exitCode = runSize(dir);
  } catch (e) {
    console.error((e as Error).message);
    process.exitCode = 1;
  }
}
