// index.html's Content-Security-Policy, on the production build served by vite preview (what a
// player gets): the game runs under it with no violation, and the policy is really in force (an
// inline script and eval are refused). Every other browser test runs the dev server with the same
// policy and fails on any violation (tests/browser/browser.ts turns them into console errors).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, preview, type PreviewServer } from 'vite';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { launchBrowser, openGame } from './browser';
import { freePort } from './globalSetup';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
let outDir = '';
let server: PreviewServer | undefined;
let url = '';

beforeAll(async () => {
  outDir = mkdtempSync(join(tmpdir(), 'rb-csp-'));
  await build({ root: ROOT, logLevel: 'warn', build: { outDir, emptyOutDir: true } });
  const port = await freePort();
  server = await preview({ root: ROOT, logLevel: 'warn', build: { outDir }, preview: { host: '127.0.0.1', port, strictPort: true, open: false } });
  url = `http://127.0.0.1:${port}/`;
}, 120_000);

afterAll(async () => {
  await server?.close();
  if (outDir) rmSync(outDir, { recursive: true, force: true });
});

it('the built page ships the policy and only external module scripts', () => {
  const html = readFileSync(join(outDir, 'index.html'), 'utf8');
  const policy = /http-equiv="Content-Security-Policy"\s+content="([^"]+)"/.exec(html)?.[1] ?? '';
  expect(policy).toContain("script-src 'self'");
  expect(policy).not.toContain('unsafe-eval');
  expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/);
  // No WebSocket to any host (it allowed ws: and wss:, which only the dev server's live reload needs,
  // on its own origin, which 'self' covers).
  expect(policy).toMatch(/connect-src 'self';/);
  expect(policy).not.toMatch(/\bwss?:/);
  // Every <script> has a src: nothing inline for the policy to refuse.
  const scripts = html.match(/<script\b[^>]*>/g) ?? [];
  expect(scripts.length).toBeGreaterThan(0);
  for (const tag of scripts) expect(tag).toMatch(/\ssrc=/);
});

it('the game runs and is played under the policy with no violation, and the policy refuses inline script and eval', async () => {
  const browser = await launchBrowser();
  try {
    const game = await openGame(`${url}?level=1`, { browser });
    const { page, errors } = game;
    // Play a little: pixi draws rope, players and text every frame.
    await page.keyboard.down('KeyD');
    await page.keyboard.down('ArrowRight');
    await page.waitForTimeout(600);
    await page.keyboard.up('KeyD');
    await page.keyboard.up('ArrowRight');
    await page.keyboard.press('KeyW');
    await page.waitForTimeout(300);
    const tick = await page.evaluate(() => (window.__ropebound as unknown as { getState(): { tick: number } | null }).getState()?.tick ?? 0);
    expect(tick).toBeGreaterThan(30); // the game really ran
    expect(errors).toEqual([]);

    // Now prove the policy is in force. eval is probed from a same-origin script file (served here
    // by a route), as the game's own code would run it: code evaluated by the test through DevTools
    // is exempt from the page's eval rule.
    await page.route('**/csp-probe.js', (route) => route.fulfill({
      contentType: 'text/javascript',
      body: `const out = [];
        try { (0, eval)('1 + 1'); } catch { out.push('eval'); }
        try { new Function('return 1')(); } catch { out.push('Function'); }
        window.__cspProbe = out;`,
    }));
    await page.addScriptTag({ url: `${url}csp-probe.js` });
    await page.waitForFunction(() => (window as unknown as { __cspProbe?: string[] }).__cspProbe !== undefined);
    const refused = await page.evaluate(() => {
      const out = [...(window as unknown as { __cspProbe: string[] }).__cspProbe];
      const s = document.createElement('script');
      s.textContent = 'window.__inlineRan = true;';
      document.body.append(s);
      if (!(window as unknown as { __inlineRan?: boolean }).__inlineRan) out.push('inline');
      return out;
    });
    expect(refused).toEqual(['eval', 'Function', 'inline']);
    await page.waitForTimeout(100);
    expect(errors.some((e) => e.includes('CSP violation: script-src'))).toBe(true);
    await game.close();
  } finally {
    await browser.close();
  }
}, 90_000);
