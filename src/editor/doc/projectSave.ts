// The page's side of "Save to the project" (tools/editorSavePlugin.ts, dev server only): the
// endpoint, the file-name rule both sides check, and the request. The UI offers it only when
// import.meta.env.DEV is true; in a build the endpoint does not exist and the request says so.

import type { Export } from './levelExport';

/** The dev server's endpoint: POST `{ name, level, replay?, overwrite? }` as JSON. */
export const SAVE_LEVEL_ENDPOINT = '/__ropebound/save-level';
/** A level file's base name: one plain file name, like the campaign's `10-swing-yard`. */
export const LEVEL_FILE_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;

export type ProjectSaveResult = { ok: true; message: string; files: string[] } | { ok: false; message: string; exists: boolean };

/** Posts the exported level (and its replay when cleared) to the dev server under `name`. */
export async function saveToProject(
  files: Export, name: string, options: { overwrite?: boolean; fetch?: typeof fetch } = {},
): Promise<ProjectSaveResult> {
  if (!LEVEL_FILE_NAME.test(name)) {
    return { ok: false, exists: false, message: 'the file name must be 1-64 letters, digits, _ or - (like 09-my-level), with no folder and no extension' };
  }
  const doFetch = options.fetch ?? fetch;
  let response: Response;
  try {
    response = await doFetch(SAVE_LEVEL_ENDPOINT, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name, level: files.level.text, ...(files.replay ? { replay: files.replay.text } : {}), overwrite: options.overwrite === true }),
    });
  } catch (e) {
    return { ok: false, exists: false, message: `could not reach the dev server (${e instanceof Error ? e.message : String(e)}); export the file instead` };
  }
  let body: { ok?: unknown; message?: unknown; files?: unknown } = {};
  try {
    body = (await response.json()) as typeof body;
  } catch {
    // a build or another server: no JSON answer
  }
  const message = typeof body.message === 'string' ? body.message : `saving to the project needs npm run dev (the server answered ${response.status})`;
  if (response.ok && body.ok === true) return { ok: true, message, files: Array.isArray(body.files) ? body.files.map(String) : [] };
  return { ok: false, exists: response.status === 409 && /already exists/.test(message), message };
}
