// A copy of the game's sources in a temporary directory, for tests that edit level files under a
// vite dev server (liveReload.test.ts): their edits never reach this checkout's levels/, which
// other tests (unit tests, the level select's, check-levels) read at the same time.
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** What `npm run dev` serves: the page, its sources, levels and assets, and the configs it reads
 *  (vite.config.ts imports its plugins from tools/: the whole folder, 320 KiB, so a new plugin
 *  needs no change here). */
const FILES = ['index.html', 'package.json', 'tsconfig.json', 'vite.config.ts'];
const DIRS = ['src', 'levels', 'assets', 'tools'];

export interface GameCopy {
  root: string;
  /** `path` inside the copy, e.g. 'levels/99-probe.json'. */
  path(relative: string): string;
  remove(): void;
}

export function copyGame(): GameCopy {
  const root = mkdtempSync(join(tmpdir(), 'rb-game-'));
  for (const name of FILES) {
    mkdirSync(dirname(join(root, name)), { recursive: true });
    cpSync(join(ROOT, name), join(root, name));
  }
  for (const name of DIRS) cpSync(join(ROOT, name), join(root, name), { recursive: true });
  symlinkSync(join(ROOT, 'node_modules'), join(root, 'node_modules'), 'dir');
  return {
    root,
    path: (relative) => join(root, relative),
    remove: () => rmSync(root, { recursive: true, force: true }),
  };
}
