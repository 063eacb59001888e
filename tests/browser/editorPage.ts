// Helpers for the level editor's browser tests: open it, read its state through
// `window.__ropebound.editor()`, and drive it with the real mouse at level coordinates (metres),
// mapped to the screen through the editor's own camera.
import type { Page } from 'playwright-core';
import type { DebugHandle } from '../../src/app/debugHandle';
import type { EditorDebug } from '../../src/editor';

type Handle = Pick<DebugHandle, 'editor' | 'screen'>;

export async function editorState(page: Page): Promise<EditorDebug> {
  const state = await page.evaluate(() => (window as unknown as { __ropebound: Handle }).__ropebound.editor());
  if (!state) throw new Error('the editor is not open');
  return state;
}

/** Waits until the editor is loaded and in `mode`. */
export async function waitEditorMode(page: Page, mode: EditorDebug['mode']): Promise<void> {
  await page.waitForFunction((m) => (window as unknown as { __ropebound: Handle }).__ropebound.editor()?.mode === m, mode, { timeout: 30_000 });
}

/** Waits until the picture shows the draft's latest revision (the preview world was rebuilt). */
export async function waitDrawn(page: Page): Promise<EditorDebug> {
  await page.waitForFunction(() => {
    const e = (window as unknown as { __ropebound: Handle }).__ropebound.editor();
    return e !== null && e.drawnRevision === e.revision;
  }, undefined, { timeout: 20_000 });
  return editorState(page);
}

/** Screen pixel of level point (x, y) m, through the editor's camera (the canvas fills the page). */
export async function toScreen(page: Page, x: number, y: number): Promise<{ x: number; y: number }> {
  const { camera } = await editorState(page);
  const size = page.viewportSize() ?? { width: 1280, height: 720 };
  return { x: (x - camera.centerX) * camera.zoom + size.width / 2, y: (y - camera.centerY) * camera.zoom + size.height / 2 };
}

export async function clickLevel(page: Page, x: number, y: number, opts: { shift?: boolean } = {}): Promise<void> {
  const p = await toScreen(page, x, y);
  if (opts.shift) await page.keyboard.down('Shift');
  await page.mouse.click(p.x, p.y);
  if (opts.shift) await page.keyboard.up('Shift');
}

/** A left-button drag through level points, in `steps` mouse moves between each pair. */
export async function dragLevel(page: Page, points: ReadonlyArray<readonly [number, number]>, steps = 4): Promise<void> {
  const screen = [];
  for (const [x, y] of points) screen.push(await toScreen(page, x, y));
  await page.mouse.move(screen[0].x, screen[0].y);
  await page.mouse.down();
  for (let i = 1; i < screen.length; i++) await page.mouse.move(screen[i].x, screen[i].y, { steps });
  await page.mouse.up();
}

/** Clicks an editor toolbar button by its visible label. */
export async function clickButton(page: Page, label: string, within = '.editor'): Promise<void> {
  const button = page.locator(`${within} button`, { hasText: label }).first();
  const box = await button.boundingBox();
  if (!box) throw new Error(`no editor button '${label}' on screen`);
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}

/**
 * Waits until the top bar says exactly "Saved". Not `hasText: 'Saved'`: Playwright matches a string
 * case-insensitively as a substring, so "Unsaved changes" and "Not saved…" matched at once and a
 * reload could come before the save (the editor test lost its last edit that way in CI).
 */
export async function waitSaved(page: Page, timeout?: number): Promise<void> {
  await page.locator('.ed-status', { hasText: /^Saved$/ }).waitFor({ state: 'visible', timeout });
}
