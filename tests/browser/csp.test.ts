// index.html's Content-Security-Policy, on the production build served by vite preview (what a
// player gets; tests/browser/globalSetup.ts builds and serves it for the whole run): the game runs
// under it with no violation, and the policy is really in force (an inline script and eval are
// refused). Every other browser test runs the same build (liveReload.test.ts the dev server, with
// the same policy) and fails on any violation (tests/browser/browser.ts turns them into console errors).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, inject, it } from 'vitest';
import { sharedBrowser, gameUrl, openGame } from './browser';
import { waitTicks } from './gameState';

it('the built page ships the policy and only external module scripts', () => {
  const html = readFileSync(join(inject('distDir'), 'index.html'), 'utf8');
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
  const browser = await sharedBrowser();
  try {
    const url = gameUrl();
    const game = await openGame(`${url}?level=1`, { browser });
    const { page, errors } = game;
    // Play a little: pixi draws rope, players and text every frame.
    await page.keyboard.down('KeyD');
    await page.keyboard.down('ArrowRight');
    await waitTicks(page, 36);
    await page.keyboard.up('KeyD');
    await page.keyboard.up('ArrowRight');
    await page.keyboard.press('KeyW');
    await waitTicks(page, 18);
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
    // The violation report reaches the console a moment after the refusal.
    await expect.poll(() => errors.some((e) => e.includes('CSP violation: script-src'))).toBe(true);
    await game.close();
  } finally {
    await browser.close();
  }
}, 90_000);
