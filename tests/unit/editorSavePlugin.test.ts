// "Save to the project" (tools/editorSavePlugin.ts): writes only valid levels, with replays that
// clear them, under validated names into levels/; refuses everything else with a sentence; and is
// part of the dev server only (a production build resolves without it).

import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { resolveConfig } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clearedFromInputs, emptyLevel, exportLevel, saveToProject, setLevelMeta } from '../../src/editor/doc';
import { formatReplay, levelContentHash, recordReplay } from '../../src/level/replay';
import { SAVE_LEVEL_ENDPOINT, editorSavePlugin, handleSaveLevel as handleWith, saveLevelMiddleware } from '../../tools/editorSavePlugin';
import * as saveLevelGame from '../../tools/saveLevelGame';

const root = mkdtempSync(join(tmpdir(), 'rb-save-'));
const dir = join(root, 'levels');
mkdirSync(dir);
afterAll(() => rmSync(root, { recursive: true, force: true }));

const level = setLevelMeta(emptyLevel('saved-level'), { name: 'Saved level' });
const mark = clearedFromInputs(level, Array.from({ length: 300 }, () => [2, 2] as const))!;
const files = exportLevel(level, mark.replay);
const request = (body: object) => JSON.stringify(body);
// The dev server loads the game's modules through its module graph; here they are imported.
const loadGame = () => Promise.resolve(saveLevelGame);
const handleSaveLevel = (text: string, levelsDir: string) => handleWith(text, levelsDir, loadGame);

describe('save to the project: the handler', () => {
  it('writes the level and its replay into levels/', async () => {
    const r = await handleSaveLevel(request({ name: '09-saved', level: files.level.text, replay: files.replay!.text }), dir);
    expect(r).toMatchObject({ status: 200, body: { ok: true, files: ['levels/09-saved.json', 'levels/replays/09-saved.replay.json'] } });
    expect(readFileSync(join(dir, '09-saved.json'), 'utf8')).toBe(files.level.text);
    expect(readFileSync(join(dir, 'replays', '09-saved.replay.json'), 'utf8')).toBe(files.replay!.text);
  });

  it('refuses names that are not one plain file name', async () => {
    for (const name of ['../evil', '..', 'a/b', 'a\\b', 'x.json', '', '.hidden', '-x', 'a'.repeat(65), 'con:1', '%2e%2e', 'x-live-probe', 7]) {
      const r = await handleSaveLevel(request({ name, level: files.level.text }), dir);
      expect(r.status, String(name)).toBe(400);
      expect(r.body.message).toMatch(/file name/);
    }
    expect(existsSync(join(root, 'evil.json'))).toBe(false);
  });

  it('refuses an invalid level, a replay that does not clear it, and a clashing id', async () => {
    const bad = await handleSaveLevel(request({ name: 'bad', level: files.level.text.replace('"length": 6', '"length": 0.5') }), dir);
    expect(bad).toMatchObject({ status: 422 });
    expect(bad.body.message).toMatch(/the level is not valid: \$\.tether\.length: must be at least 1/);
    const other = setLevelMeta(level, { name: 'Other name' });
    const stale = await handleSaveLevel(request({ name: 'stale', level: exportLevel(other).level.text, replay: files.replay!.text }), dir);
    expect(stale.status).toBe(422);
    expect(stale.body.message).toMatch(/does not clear this level: level changed/);
    const clash = await handleSaveLevel(request({ name: '10-clash', level: files.level.text }), dir);
    expect(clash.status).toBe(409);
    expect(clash.body.message).toMatch(/level id 'saved-level' is already the id of levels\/09-saved\.json/);
    expect(existsSync(join(dir, 'bad.json')) || existsSync(join(dir, 'stale.json')) || existsSync(join(dir, '10-clash.json'))).toBe(false);
    expect((await handleSaveLevel('{', dir)).status).toBe(400);
    expect((await handleSaveLevel(request({ name: 'x', level: 5 }), dir)).status).toBe(400);
  });

  it('replaces a file only when asked, and says when a replay is missing or stale', async () => {
    const again = await handleSaveLevel(request({ name: '09-saved', level: exportLevel(setLevelMeta(level, { author: 'me' })).level.text }), dir);
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/already exists.*overwrite/);
    const replaced = await handleSaveLevel(request({ name: '09-saved', level: exportLevel(setLevelMeta(level, { author: 'me' })).level.text, overwrite: true }), dir);
    expect(replaced.status).toBe(200);
    expect(replaced.body.message).toMatch(/replays\/09-saved\.replay\.json is from an earlier version/);
  });

  it('saves a cleared level whose replay leaves a gem, saying that check-levels asks for every gem', async () => {
    const withGem = JSON.parse(files.level.text) as { id: string; gems?: unknown[] };
    withGem.id = 'gem-level';
    withGem.gems = [{ id: 'high-gem', x: 2.5, y: 2.5 }];
    const text = `${JSON.stringify(withGem, null, 2)}\n`;
    const replay = formatReplay(recordReplay(text, Array.from({ length: 300 }, () => [2, 2] as [number, number])));
    const r = await handleSaveLevel(request({ name: '11-gem', level: text, replay }), dir);
    expect(r.status, r.body.message).toBe(200);
    expect(r.body.message).toMatch(/Its replay collects 0 of the level's 1 gems: clear it again taking every gem and save again, or npm run check-levels fails\./);
    expect(existsSync(join(dir, '11-gem.json'))).toBe(true);
    // A gem on the way to the goal (the players run through it at head height): taken, no such sentence.
    withGem.id = 'gem-taken';
    withGem.gems = [{ id: 'low-gem', x: 12, y: 11.3 }];
    const taken = `${JSON.stringify(withGem, null, 2)}\n`;
    const ok = await handleSaveLevel(request({ name: '12-gem-taken', level: taken, replay: formatReplay(recordReplay(taken, Array.from({ length: 300 }, () => [2, 2] as [number, number]))) }), dir);
    expect(ok.status, ok.body.message).toBe(200);
    expect(ok.body.message).toBe('saved levels/12-gem-taken.json and levels/replays/12-gem-taken.replay.json.');
  });

  it('says when the level\'s solo replay no longer fits the saved level (the editor cannot re-record it)', async () => {
    const soloLevel = (author: string) => exportLevel(setLevelMeta(emptyLevel('solo-level'), { name: 'Solo level', author })).level.text;
    const recorded = soloLevel('me');
    const solo = { format: 'ropebound-solo-replay', version: 1, level: 'solo-level', levelHash: levelContentHash(recorded), ticks: 0, inputs: [], hashes: [], completedTick: null };
    mkdirSync(join(dir, 'replays'), { recursive: true });
    writeFileSync(join(dir, 'replays', '11-solo.solo.replay.json'), JSON.stringify(solo, null, 2));
    const same = await handleSaveLevel(request({ name: '11-solo', level: recorded }), dir);
    expect(same.status).toBe(200);
    expect(same.body.message).not.toMatch(/solo\.replay/);
    const edited = await handleSaveLevel(request({ name: '11-solo', level: soloLevel('someone else'), overwrite: true }), dir);
    expect(edited.status).toBe(200);
    expect(edited.body.message).toMatch(/levels\/replays\/11-solo\.solo\.replay\.json is from an earlier version of the level: re-record it with npm run make-replay -- --solo 11-solo/);
  });
});

describe('save to the project: the dev server', () => {
  let server: Server;
  let base = '';
  beforeAll(async () => {
    const middleware = saveLevelMiddleware(dir, loadGame);
    server = createServer((req, res) => { void middleware(req, res, () => { res.statusCode = 404; res.end('next'); }); });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const address = server.address();
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  const post = (body: string, headers: Record<string, string> = { 'Content-Type': 'application/json' }) =>
    fetch(`${base}${SAVE_LEVEL_ENDPOINT}`, { method: 'POST', body, headers });

  it('saves over HTTP; refuses other methods, other content types, other origins and huge bodies', async () => {
    const ok = await post(request({ name: '11-http', level: exportLevel(setLevelMeta(emptyLevel('http-level'), { name: 'Http' })).level.text }));
    expect(ok.status).toBe(200);
    expect(existsSync(join(dir, '11-http.json'))).toBe(true);
    expect((await fetch(`${base}${SAVE_LEVEL_ENDPOINT}`)).status).toBe(405);
    expect((await post('{}', { 'Content-Type': 'text/plain' })).status).toBe(415);
    expect((await post('{}', { 'Content-Type': 'application/json', Origin: 'https://evil.example' })).status).toBe(403);
    expect((await post(`"${'x'.repeat(9 * 1024 * 1024)}"`)).status).toBe(413);
    expect(await (await fetch(`${base}/other`)).text()).toBe('next');
  });

  it('the page\'s saveToProject posts the export and reads the answers', async () => {
    const viaServer: typeof fetch = (url, init) => fetch(`${base}${String(url)}`, init);
    const exported = exportLevel(setLevelMeta(emptyLevel('from-page'), { name: 'From the page' }), null);
    const first = await saveToProject(exported, '12-page', { fetch: viaServer });
    expect(first).toMatchObject({ ok: true, files: ['levels/12-page.json'] });
    if (first.ok) expect(first.message).toMatch(/no replay yet/);
    expect(await saveToProject(exported, '12-page', { fetch: viaServer })).toMatchObject({ ok: false, exists: true });
    expect(await saveToProject(exported, '12-page', { fetch: viaServer, overwrite: true })).toMatchObject({ ok: true });
    expect(await saveToProject(exported, '../x', { fetch: viaServer })).toMatchObject({ ok: false, message: expect.stringMatching(/file name/) });
    const noServer: typeof fetch = () => Promise.resolve(new Response('<html>', { status: 404 }));
    expect(await saveToProject(exported, 'x', { fetch: noServer })).toMatchObject({ ok: false, message: expect.stringMatching(/needs npm run dev \(the server answered 404\)/) });
  });
});

describe('save to the project: only under npm run dev', () => {
  it('the plugin applies to the dev server only; a production build resolves without it', async () => {
    expect(editorSavePlugin().apply).toBe('serve');
    const build = await resolveConfig({ configFile: 'vite.config.ts', logLevel: 'silent' }, 'build');
    const serve = await resolveConfig({ configFile: 'vite.config.ts', logLevel: 'silent' }, 'serve');
    expect(build.plugins.map((p) => p.name)).not.toContain('ropebound-editor-save');
    expect(serve.plugins.map((p) => p.name)).toContain('ropebound-editor-save');
  });
});
