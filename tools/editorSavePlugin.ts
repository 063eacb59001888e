// "Save to the project" for the level editor, under `npm run dev` only: a vite dev-server plugin
// (apply: 'serve', so a production build has no such endpoint) that takes a level and its replay
// by POST and writes them to levels/<name>.json and levels/replays/<name>.replay.json, the pair
// `npm run check-levels` proves. Everything is checked before anything is written: the name (one
// file name, no path), the level (the game's own parser), the replay (re-simulated: it must
// complete this very level), and the level's id against the other files in levels/.

import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

import { LEVEL_FILE_NAME, SAVE_LEVEL_ENDPOINT } from '../src/editor/doc/projectSave.ts';

export { LEVEL_FILE_NAME, SAVE_LEVEL_ENDPOINT };
/** Largest request body, bytes: a level (1 MiB) and a long replay. */
export const MAX_SAVE_BODY_BYTES = 8 * 1024 * 1024;

const DEFAULT_LEVELS_DIR = fileURLToPath(new URL('../levels', import.meta.url));

export interface SaveResponse { status: number; body: { ok: boolean; message: string; files?: string[] } }

/** The game's parser and replay checker (tools/saveLevelGame.ts), as the caller loads them. */
export type SaveLevelGame = typeof import('./saveLevelGame');
/** Loads them: the dev server through its module graph, tests with a plain import. */
export type LoadSaveLevelGame = () => Promise<SaveLevelGame>;

/** tools/saveLevelGame.ts, as the dev server's ssrLoadModule takes it. */
const SAVE_LEVEL_GAME_FILE = fileURLToPath(new URL('./saveLevelGame.ts', import.meta.url));

/**
 * Checks a save request and writes the files. `levelsDir` is levels/ (tests pass a temporary
 * folder). Never throws: every refusal is a status and a sentence.
 */
export async function handleSaveLevel(bodyText: string, levelsDir: string, loadGame: LoadSaveLevelGame): Promise<SaveResponse> {
  const refuse = (status: number, message: string): SaveResponse => ({ status, body: { ok: false, message } });
  let body: unknown;
  try {
    body = JSON.parse(bodyText);
  } catch {
    return refuse(400, 'the request is not JSON');
  }
  if (typeof body !== 'object' || body === null) return refuse(400, 'the request must be { name, level, replay?, overwrite? }');
  const { name, level, replay, overwrite } = body as Record<string, unknown>;
  if (typeof name !== 'string' || !LEVEL_FILE_NAME.test(name) || name.endsWith('-live-probe')) {
    return refuse(400, 'the file name must be 1-64 letters, digits, _ or - (like 09-my-level), with no folder and no extension');
  }
  if (typeof level !== 'string') return refuse(400, '"level" must be the level file\'s text');
  if (replay !== undefined && typeof replay !== 'string') return refuse(400, '"replay" must be the replay file\'s text');
  // The game's own modules, loaded on the first save: the dev server starts without them.
  const { parseLevel, levelContentHash, parseReplay, verifyReplay } = await loadGame();
  const parsed = parseLevel(level);
  if (!parsed.ok) return refuse(422, `the level is not valid: ${parsed.errors.slice(0, 5).join('; ')}`);
  // check-levels also asks a level's replay to take every gem (each shown reachable): saved
  // anyway, with a sentence saying so, as for a replay that is missing or stale.
  let gemsLeft = '';
  if (replay !== undefined) {
    const r = parseReplay(replay);
    if (!r.ok) return refuse(422, `the replay is not valid: ${r.errors.slice(0, 3).join('; ')}`);
    const check = verifyReplay(level, r.replay);
    if (!check.ok || check.completedTick === null) return refuse(422, `the replay does not clear this level: ${check.ok ? 'it never reaches the goal' : check.message}`);
    if (check.gems < check.gemTotal) gemsLeft = ` Its replay collects ${check.gems} of the level's ${check.gemTotal} gems: clear it again taking every gem and save again, or npm run check-levels fails.`;
  }
  const levelFile = join(levelsDir, `${name}.json`);
  const replayFile = join(levelsDir, 'replays', `${name}.replay.json`);
  // The joined paths must stay in levels/ (the name pattern already rules out '/', '\' and '..').
  if (resolve(levelFile) !== join(resolve(levelsDir), `${name}.json`)) return refuse(400, 'the file name must not leave levels/');
  const clash = otherFileWithId(levelsDir, parsed.id, `${name}.json`);
  if (clash) return refuse(409, `level id '${parsed.id}' is already the id of levels/${clash}; give this level its own id (progress and best times are kept by id)`);
  if (existsSync(levelFile) && overwrite !== true) return refuse(409, `levels/${name}.json already exists; save again with "overwrite" to replace it`);
  mkdirSync(join(levelsDir, 'replays'), { recursive: true });
  const files = [`levels/${name}.json`];
  if (replay !== undefined) {
    writeFileSync(replayFile, replay.endsWith('\n') ? replay : `${replay}\n`);
    files.push(`levels/replays/${name}.replay.json`);
  }
  writeFileSync(levelFile, level.endsWith('\n') ? level : `${level}\n`);
  const stale = replay === undefined && existsSync(replayFile)
    ? ` levels/replays/${name}.replay.json is from an earlier version of the level: clear it in the editor and save again, or npm run check-levels fails.`
    : replay === undefined ? ' It has no replay yet: clear it in the editor and save again, or npm run check-levels fails.' : '';
  // The editor cannot record a solo replay: say when the one beside the level no longer fits it.
  const soloFile = join(levelsDir, 'replays', `${name}.solo.replay.json`);
  const soloStale = existsSync(soloFile) && levelHashOf(readFileSync(soloFile, 'utf8')) !== levelContentHash(level)
    ? ` levels/replays/${name}.solo.replay.json is from an earlier version of the level: re-record it with npm run make-replay -- --solo ${name}, or npm run check-levels fails.`
    : '';
  return { status: 200, body: { ok: true, message: `saved ${files.join(' and ')}.${stale}${gemsLeft}${soloStale}`, files } };
}

/** The `levelHash` a replay file's text records, or null when it has none. */
function levelHashOf(replayText: string): string | null {
  try {
    const hash: unknown = (JSON.parse(replayText) as { levelHash?: unknown }).levelHash;
    return typeof hash === 'string' ? hash : null;
  } catch {
    return null;
  }
}

/** Another level file in `dir` with this id, or null. */
function otherFileWithId(dir: string, id: string, except: string): string | null {
  if (!existsSync(dir)) return null;
  for (const f of readdirSync(dir)) {
    if (!f.endsWith('.json') || f.endsWith('.schema.json') || f === except) continue;
    try {
      const other = JSON.parse(readFileSync(join(dir, f), 'utf8')) as { id?: unknown };
      if (other.id === id) return f;
    } catch {
      // not JSON: check-levels reports that file on its own
    }
  }
  return null;
}

/** Reads a request body up to `max` bytes; null when it is longer (the rest is read and dropped,
 *  so the client gets the 413 rather than a reset connection). */
function readBody(req: IncomingMessage, max: number): Promise<string | null> {
  return new Promise((resolvePromise, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= max) chunks.push(chunk);
      else chunks.length = 0;
    });
    req.on('end', () => resolvePromise(size > max ? null : Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/**
 * The connect middleware. Only POST with a JSON body from the page's own origin: a JSON content
 * type makes a browser ask first (CORS preflight) before another site could post here, and a
 * request naming another Origin is refused outright.
 */
export function saveLevelMiddleware(levelsDir: string, loadGame: LoadSaveLevelGame) {
  return async (req: IncomingMessage, res: ServerResponse, next: () => void): Promise<void> => {
    if (req.url?.split('?')[0] !== SAVE_LEVEL_ENDPOINT) return next();
    const send = (r: SaveResponse) => {
      res.statusCode = r.status;
      res.setHeader('Content-Type', 'application/json');
      res.end(JSON.stringify(r.body));
    };
    if (req.method !== 'POST') return send({ status: 405, body: { ok: false, message: 'use POST' } });
    if (!/^application\/json\b/.test(req.headers['content-type'] ?? '')) return send({ status: 415, body: { ok: false, message: 'send the request as application/json' } });
    const origin = req.headers.origin;
    if (origin !== undefined && new URL(origin).host !== req.headers.host) {
      return send({ status: 403, body: { ok: false, message: 'only the editor on this dev server may save levels' } });
    }
    const text = await readBody(req, MAX_SAVE_BODY_BYTES);
    if (text === null) return send({ status: 413, body: { ok: false, message: `the request is over ${MAX_SAVE_BODY_BYTES} bytes` } });
    send(await handleSaveLevel(text, levelsDir, loadGame));
  };
}

/** The plugin, for vite.config.ts: the dev server only. */
export function editorSavePlugin(levelsDir = DEFAULT_LEVELS_DIR): Plugin {
  return {
    name: 'ropebound-editor-save',
    apply: 'serve',
    configureServer(server) {
      const middleware = saveLevelMiddleware(levelsDir, () => server.ssrLoadModule(SAVE_LEVEL_GAME_FILE) as Promise<SaveLevelGame>);
      server.middlewares.use((req, res, next) => { void middleware(req, res, next); });
    },
  };
}
