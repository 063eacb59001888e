// What the player sees at the start of level 01, at 1x and 2x pixel density, and after a resize.
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { gameUrl, sharedBrowser, newGamePage, openGame, screenshotStats } from './browser';
import { countColour, getState, waitFrames, waitTicks } from './gameState';

let browser: Browser;

beforeAll(async () => {
  browser = await sharedBrowser();
});

afterAll(async () => {
  await browser?.close();
});

test('the start of level 01 shows both players in their colours, the level and the controls hint', async () => {
  const { page, errors, close } = await openGame(gameUrl('?level=first-gap'), { browser });
  try {
    await waitTicks(page, 18); // a few frames of the running level
    const shot = await screenshotStats(page, 'render-start');
    expect(countColour(shot.path, 0x0072b2), 'P1 blue pixels').toBeGreaterThan(1000);
    expect(countColour(shot.path, 0xe69f00), 'P2 orange pixels').toBeGreaterThan(1000);
    expect(countColour(shot.path, 0x9fb4c8, 6), 'lit tops of solid tiles').toBeGreaterThan(1000);
    expect(await page.locator('.hud-hint').textContent()).toMatch(/P1.*A.*D.*move.*P2.*anchor.*R.*restart.*F3/);
    expect(await page.title()).toMatch(/Ropebound/);
    // The page itself never scrolls: nothing overflows the window.
    const overflow = await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
    expect(overflow).toBeLessThanOrEqual(0);
    // Headless Chromium rasterises WebGL on the CPU (SwiftShader): the game asks for no
    // multisampling there (src/render/softwareGl.ts), which doubles its frame rate.
    const gl = await page.evaluate(() => {
      const ctx = document.querySelector('canvas')!.getContext('webgl2') as WebGL2RenderingContext;
      const info = ctx.getExtension('WEBGL_debug_renderer_info')!;
      return { renderer: String(ctx.getParameter(info.UNMASKED_RENDERER_WEBGL)), antialias: ctx.getContextAttributes()!.antialias };
    });
    expect(gl.renderer).toMatch(/SwiftShader/);
    expect(gl.antialias).toBe(false);
    expect(errors).toEqual([]);
  } finally {
    await close();
  }
});

test('the canvas follows a window resize', async () => {
  const { page, errors, close } = await openGame(gameUrl('?level=first-gap'), { browser });
  try {
    await page.setViewportSize({ width: 900, height: 600 });
    const size = () => page.evaluate(() => {
      const c = document.querySelector('canvas')!;
      return [c.clientWidth, c.clientHeight, c.width, c.height];
    });
    await expect.poll(size).toEqual([900, 600, 900, 600]);
    await waitFrames(page, 2); // resizing clears the canvas until the next frame is drawn
    const shot = await screenshotStats(page, 'render-resized');
    expect(countColour(shot.path, 0x0072b2)).toBeGreaterThan(500);
    expect(errors).toEqual([]);
  } finally {
    await close();
  }
});

test('on a 2x display the canvas has 2x backing pixels and still fills the window', async () => {
  const { context, page, errors } = await newGamePage(browser, { viewport: { width: 800, height: 500 }, deviceScaleFactor: 2 });
  try {
    await page.goto(gameUrl('?level=first-gap'));
    await page.waitForFunction(() => window.__ropebound?.ready === true, undefined, { timeout: 30_000 });
    const size = await page.evaluate(() => {
      const c = document.querySelector('canvas')!;
      return [c.clientWidth, c.clientHeight, c.width, c.height];
    });
    expect(size).toEqual([800, 500, 1600, 1000]);
    expect((await getState(page)).tick).toBeGreaterThan(0);
    const shot = await screenshotStats(page, 'render-dpr2');
    expect(shot.width).toBe(1600);
    expect(countColour(shot.path, 0xe69f00)).toBeGreaterThan(2000);
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
});

test('Breaking Point while both players walk: the whole scene in at most 6 draw calls a frame, crates and goal batched with the ropes', async () => {
  // Issue 17, "a cheap frame". Each draw call costs pixi a program, a vertex array and uniforms
  // (the main thread's share of the frame on software GL); before the crates and the goal joined
  // the batch, this level drew 11 a frame: the tiles, 4 crates, the goal, 2 players and 3 batches.
  const { page, errors, close } = await openGame(gameUrl('?level=breaking-point'), { browser });
  try {
    await waitTicks(page, 18);
    await page.keyboard.down('d');
    await page.keyboard.down('ArrowRight');
    await waitTicks(page, 30);
    const drawsPerFrame = await page.evaluate(() => new Promise<number[]>((resolve) => {
      const gl = document.querySelector('canvas')!.getContext('webgl2') as WebGL2RenderingContext;
      const draws: number[] = [0];
      const real = gl.drawElements;
      gl.drawElements = function (this: WebGL2RenderingContext, ...args: Parameters<WebGL2RenderingContext['drawElements']>) {
        draws[draws.length - 1]++;
        return real.apply(this, args);
      };
      let frames = 0;
      const next = (): void => {
        if (++frames > 30) { gl.drawElements = real; resolve(draws.slice(1, -1)); return; }
        draws.push(0);
        requestAnimationFrame(next);
      };
      requestAnimationFrame(next);
    }));
    expect(drawsPerFrame.length).toBeGreaterThan(20);
    expect(Math.min(...drawsPerFrame), 'every frame draws the level').toBeGreaterThanOrEqual(3);
    expect(Math.max(...drawsPerFrame), `draw calls per frame: ${drawsPerFrame.join(' ')}`).toBeLessThanOrEqual(6);
    await page.keyboard.up('d');
    await page.keyboard.up('ArrowRight');
    const shot = await screenshotStats(page, 'render-breaking-point');
    // Four crates hang in view (0.95 x 0.35 m faces at ~100 px a metre): drawn in the batch.
    expect(countColour(shot.path, 0xa8825a, 8), 'crate faces').toBeGreaterThan(4000);
    expect(errors).toEqual([]);
  } finally {
    await close();
  }
});
