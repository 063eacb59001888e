// Helpers for browser tests: the run's shared headless Chromium (started by ./globalSetup.ts with
// tools/chromium.ts; never a downloaded browser), pages that record errors, screenshots and keys.
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, CDPSession, Disposable, Locator, Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { inject } from 'vitest';
import { connectBrowser } from '../../tools/chromium';
// Pulls in the `ProvidedContext` augmentation (`gameUrl`, `browserWsEndpoint`...) for type-checking.
import type {} from './globalSetup';

// playwright puts ANSI colour codes in its error messages even with NO_COLOR.
const stripAnsi = (text: string): string => text.replace(/\x1b\[[0-9;]*m/g, '');

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const RESULTS_DIR = join(ROOT, 'test-results');

/** `path` on the production build served by tests/browser/globalSetup.ts. */
export function gameUrl(path = ''): string {
  return new URL(path, inject('gameUrl')).toString();
}

/** The test worker's one connection to the run's Chromium (see sharedBrowser). */
let connection: Promise<Browser> | undefined;

/**
 * The Chromium of this test run (one process for all files, launched by globalSetup.ts), through
 * one connection for all the files this worker runs (the project shares a module graph): the shared
 * context and its kept pages (sharedContext, recycle) then serve every file, not one file each.
 * Files still call `close()` when done; it only closes the contexts of their own that are left
 * (those newGamePage made with options), the connection stays. A lost connection is made again.
 */
export function sharedBrowser(): Promise<Browser> {
  if (!connection) {
    const made = connectBrowser(inject('browserWsEndpoint')).then((browser) => {
      browser.on('disconnected', () => { if (connection === made) connection = undefined; });
      browser.close = async () => {
        await Promise.all(browser.contexts().filter((c) => !isSharedContext(c)).map((c) => c.close().catch(() => {})));
      };
      return browser;
    });
    made.catch(() => { if (connection === made) connection = undefined; });
    connection = made;
  }
  return connection;
}

export interface GameHandle {
  browser: Browser;
  context: BrowserContext;
  page: Page;
  /** Console `error` messages and uncaught page errors, in order. */
  errors: string[];
  /** Closes the context, and detaches from the shared browser too if openGame attached to it. */
  close(): Promise<void>;
}

export interface OpenGameOptions {
  /** Open the page in this browser; otherwise openGame attaches to sharedBrowser() until `close()`. */
  browser?: Browser;
  /** How long to wait for `window.__ropebound.ready` (ms). */
  readyTimeout?: number;
  /** Skip waiting for the ready flag and focusing the canvas (for non-game pages). */
  waitForReady?: boolean;
  /** Game time on the wall clock with every frame drawn (realTime), instead of the test clock. */
  realTime?: boolean;
  /** Sounds decoded for real (realAudio), not as silence. */
  realAudio?: boolean;
}

declare global {
  interface Window {
    __ropebound?: { ready?: boolean } & Record<string, unknown>;
  }
}

/** What every test page starts with: 1280x720 at deviceScaleFactor 1. */
const DEFAULT_CONTEXT = { viewport: { width: 1280, height: 720 }, deviceScaleFactor: 1 } as const;

/**
 * Per attached browser (one per test file): the context its default-sized pages share, so a
 * test's page loads the game from that context's warm HTTP and code caches instead of a cold one.
 * Each test still starts clean: closing its page (GamePage.close) clears the origins it visited
 * (localStorage, IndexedDB, everything "Clear site data" clears), cookies and permissions, and
 * sessionStorage belongs to the page.
 */
const sharedContexts = new WeakMap<Browser, Promise<BrowserContext>>();
/** The origins pages of a shared context have been on since it was last cleared. */
const visitedOrigins = new WeakMap<BrowserContext, Set<string>>();

/**
 * The test clock. Most of a browser test's time went to waiting for game time (a level played by
 * keys, a replay, a swing) while software GL drew every frame it could on both cores. In test
 * pages game time runs TEST_CLOCK times as fast as the wall clock (`RB_TEST_CLOCK`, default 6)
 * and the page draws at most TEST_FPS frames a second (`RB_TEST_FPS`, default 20; 0: no cap): the
 * sim's ticks are the same at any clock (a frame runs up to 15 of them, src/app/fixedStep.ts, so
 * at 20 fps the game gets at most 5x real time), fades and flashes just end sooner, and keys,
 * pads and storage stay real. The game's frame loop is the page's only requestAnimationFrame
 * user; its timestamps are the ones scaled (testClock). A test that must see every tick
 * (recordFrames) calls realTime(page) first.
 * Measured (npm test on this 2-core machine, 2026-11-27): 648 s before, 604 s at 3x and 20 fps,
 * 561 s at 3x and 10 fps with the unit project's shared module graph; with the canvas veiled
 * (veilCanvas) the browser project took 519 s at 3x/10 fps and 479 s at 6x/20 fps. What is left
 * is mostly page loads: each costs ~1.5 s of wall time and ~1.1 s of CPU in the GPU process alone
 * (SwiftShader: the page's shaders and first frames), and the project opens about 95 of them.
 */
export const TEST_CLOCK = Number(process.env.RB_TEST_CLOCK ?? 6) || 1;
export const TEST_FPS = Number(process.env.RB_TEST_FPS ?? 20) || 0;
/** `RB_TEST_DRAW=1`: the game's canvas stays shown all the time (see veilCanvas). */
export const TEST_DRAW = process.env.RB_TEST_DRAW === '1';

/**
 * Installed before any page script: requestAnimationFrame callbacks run at most
 * `window.__testFps` times a second, with timestamps that advance `window.__testClock` times as
 * fast as real ones (every callback of one frame gets the same timestamp, as in the browser).
 * Stepped mode (`window.__testStepMs` > 0: firstGapKeys.ts, steppedClock()): each page frame runs
 * `window.__testSteps` game frames in a row instead of one, each exactly `__testStepMs` of game
 * time after the one before, whatever the wall clock did: the callbacks a game frame requests
 * (the game's loop, a bot in the page) run in the next game frame of the same page frame.
 */
function testClock([scale, fps]: readonly [number, number]): void {
  const w = window as unknown as { __testClock: number; __testFps: number; __testStepMs: number; __testSteps: number; __testHold: boolean };
  w.__testClock = scale;
  w.__testFps = fps;
  w.__testStepMs = 0;
  w.__testSteps = 1;
  w.__testHold = false;
  const raf = window.requestAnimationFrame.bind(window);
  let lastReal = Number.NaN;
  let lastShown = Number.NEGATIVE_INFINITY;
  let game = 0;
  let waiting = new Map<number, FrameRequestCallback>();
  let nextId = 1;
  let isRequested = false;
  const runDue = (): void => {
    const due = waiting;
    waiting = new Map();
    for (const cb of due.values()) {
      try {
        cb(game);
      } catch (e) {
        setTimeout(() => { throw e; }); // still an uncaught page error, without starving the others
      }
    }
  };
  let wasHeld = false;
  const pump = (t: number): void => {
    // Held for a screenshot's capture (screenshot()): nothing runs and no game time passes.
    if (w.__testHold) {
      wasHeld = true;
      raf(pump);
      return;
    }
    if (wasHeld) {
      wasHeld = false;
      lastReal = t;
    }
    // 2 ms of slack: frames come at multiples of the display's interval, never exactly on the gap.
    if (w.__testFps > 0 && t - lastShown < 1000 / w.__testFps - 2) {
      raf(pump);
      return;
    }
    isRequested = false;
    lastShown = t;
    if (w.__testStepMs > 0) {
      lastReal = t;
      for (let i = 0; i < w.__testSteps && waiting.size > 0; i++) {
        game += w.__testStepMs;
        runDue();
      }
      return;
    }
    game = Number.isNaN(lastReal) ? t : game + (t - lastReal) * w.__testClock;
    lastReal = t;
    runDue();
  };
  window.requestAnimationFrame = (cb) => {
    const id = nextId++;
    waiting.set(id, cb);
    if (!isRequested) {
      isRequested = true;
      raf(pump);
    }
    return id;
  };
  window.cancelAnimationFrame = (id) => { waiting.delete(id); };
}

/**
 * Installed before any page script: the game's canvas is drawn at opacity 0 until a screenshot,
 * and while it is, WebGL's rasterising calls (clear and the draw calls) return without drawing.
 * Software GL composites and rasterises on the CPU: measured on a game page at 10 fps, the GPU
 * process spent ~51 ms of CPU per frame with the canvas shown and ~20 ms with it at opacity 0;
 * skipping the rasterising as well took an open game page (Swing Yard's replay, 6x clock, 20 fps)
 * from ~5.5 to ~2.9 CPU-s per 10 s, the GPU process from ~3.2 to ~0.4 (2026-11-27). Everything else
 * still runs every frame: the game's drawing code, pixi's batching, buffer and texture uploads,
 * shader set-up, so an error in any of them still fails the test. The game renders its whole
 * scene every frame and never into a texture it keeps, so nothing drawn while veiled is shown
 * later. Opacity, not visibility: the canvas still gets the mouse (the editor's tools).
 * screenshot() lifts the veil, and with it the skipping, for its picture. A constructed style
 * sheet, which the page's Content-Security-Policy allows.
 */
function veilCanvas(): void {
  const sheet = new CSSStyleSheet();
  sheet.replaceSync('#app > canvas { opacity: 0 !important; }');
  (window as unknown as { __testVeil: CSSStyleSheet }).__testVeil = sheet;
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  const RASTERISING = ['clear', 'drawArrays', 'drawElements', 'drawArraysInstanced', 'drawElementsInstanced', 'drawRangeElements'] as const;
  for (const proto of [WebGLRenderingContext.prototype, WebGL2RenderingContext.prototype] as unknown as Record<string, unknown>[]) {
    for (const name of RASTERISING) {
      const real = proto[name];
      if (typeof real !== 'function') continue;
      proto[name] = function (this: unknown, ...args: unknown[]) {
        if (sheet.disabled) return (real as (...a: unknown[]) => unknown).apply(this, args);
        return undefined;
      };
    }
  }
}

/**
 * A screenshot of `page` with the game's canvas on it (veilCanvas): shown, two frames drawn and
 * composited, the page's frames held (testClock: no frame runs and no game time passes) while the
 * picture is taken, veiled again. Holding saves software GL drawing the whole scene in every frame
 * of the capture (~0.25 s; at the wall clock's 60 frames a second, ~15 of them). Every test
 * screenshot goes through here.
 */
export async function screenshot(page: Page, options: { path?: string } = {}): Promise<Buffer> {
  const setVeil = (on: boolean) => page.evaluate((isOn) => new Promise<void>((resolve) => {
    const w = window as unknown as { __testVeil?: CSSStyleSheet; __testHold?: boolean };
    const veil = w.__testVeil;
    if (isOn) w.__testHold = false;
    if (!veil || veil.disabled === !isOn) { resolve(); return; }
    veil.disabled = !isOn;
    if (isOn) resolve();
    else requestAnimationFrame(() => requestAnimationFrame(() => { w.__testHold = true; resolve(); }));
  }), on);
  await setVeil(false);
  try {
    return await page.screenshot(options);
  } finally {
    await setVeil(true).catch(() => {}); // a page closed meanwhile has nothing to veil
  }
}

/**
 * Installed before any page script: the page's audio decodes every file to one second of silence,
 * unless the test asked for real audio (realAudio: the audio, worlds and sound-format tests). Each
 * page the game unlocks audio in (the first key or click) otherwise decodes every effect and its
 * world's 60-90 s music loop: measured on a level page, the first click cost ~0.8 CPU-s with the
 * real decoding and ~0.45 without (five loads each way, twice, 2026-11-30), and ~85 tests press a
 * key. Howler still fetches each file, loads, plays, loops and fades it as it would; the sound log
 * and what is playing are the same.
 */
function quietAudio(): void {
  const proto = BaseAudioContext.prototype;
  const real = proto.decodeAudioData;
  proto.decodeAudioData = function (this: BaseAudioContext, data: ArrayBuffer, ok?: DecodeSuccessCallback | null, fail?: DecodeErrorCallback | null) {
    if ((window as unknown as { __testAudio?: boolean }).__testAudio) return real.call(this, data, ok, fail);
    const silence = this.createBuffer(1, this.sampleRate, this.sampleRate);
    if (ok) queueMicrotask(() => ok(silence));
    return Promise.resolve(silence);
  };
}

/** Real audio decoding in `page` (see quietAudio), from its next load on (and now). */
export async function realAudio(page: Page): Promise<void> {
  const on = (): void => { (window as unknown as { __testAudio: boolean }).__testAudio = true; };
  await page.addInitScript(on);
  if (page.url().startsWith('http')) await page.evaluate(on);
}

/** Puts the test clock back on the wall clock with every frame drawn (testClock reads these each frame). */
function wallClock(): void {
  const w = window as unknown as { __testClock: number; __testFps: number; __testStepMs: number };
  w.__testClock = 1;
  w.__testFps = 0;
  w.__testStepMs = 0;
}

/**
 * Runs `page` on the wall clock with every frame drawn, from its next load on (and now): for tests
 * that sample each drawn frame (a swing's path, footsteps of a run, dust caught mid-air) or
 * measure game speed against the wall clock.
 */
export async function realTime(page: Page): Promise<void> {
  await page.addInitScript(wallClock);
  if (page.url().startsWith('http')) await page.evaluate(wallClock);
}

/**
 * Runs `page` on the stepped clock (testClock): one game frame of `stepMs` per page frame, whatever
 * the wall clock does; 0 goes back to the clock it ran on before (the test clock, or the wall
 * clock after realTime()).
 */
export async function steppedClock(page: Page, stepMs: number): Promise<void> {
  await page.evaluate((ms) => {
    const w = window as unknown as { __testStepMs: number; __testSteps: number };
    w.__testStepMs = ms;
    w.__testSteps = 1;
  }, stepMs);
}

/** Puts a page realTime() slowed back on the test clock (TEST_CLOCK, TEST_FPS), until its next load. */
export async function fastClock(page: Page): Promise<void> {
  await page.evaluate(([scale, fps]) => {
    const w = window as unknown as { __testClock: number; __testFps: number; __testStepMs: number };
    w.__testClock = scale;
    w.__testFps = fps;
    w.__testStepMs = 0;
  }, [TEST_CLOCK, TEST_FPS] as const);
}

async function makeContext(browser: Browser, options: Parameters<Browser['newContext']>[0]): Promise<BrowserContext> {
  const context = await browser.newContext({ ...DEFAULT_CONTEXT, ...options });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      console.error(`CSP violation: ${e.violatedDirective} blocked ${e.blockedURI || '(inline)'} at ${e.sourceFile}:${e.lineNumber}`);
    });
  });
  await context.addInitScript(testClock, [TEST_CLOCK, TEST_FPS] as const);
  if (!TEST_DRAW) await context.addInitScript(veilCanvas);
  await context.addInitScript(quietAudio);
  return context;
}

/** The shared contexts made so far (sharedContext). */
const sharedContextSet = new WeakSet<BrowserContext>();
function isSharedContext(context: BrowserContext): boolean {
  return sharedContextSet.has(context);
}

function sharedContext(browser: Browser): Promise<BrowserContext> {
  let context = sharedContexts.get(browser);
  if (!context) {
    context = makeContext(browser, {}).then((c) => {
      sharedContextSet.add(c);
      const origins = new Set<string>();
      visitedOrigins.set(c, origins);
      // Every page of the context, a test's second tab too (newGamePage tracks its own pages again:
      // a kept page's listeners go when it is recycled).
      c.on('page', (page) => trackOrigins(page, origins, new Set()));
      return c;
    });
    sharedContexts.set(browser, context);
  }
  return context;
}

/** Records the http origins `page`'s main frame goes to, in its context's set and its own. */
function trackOrigins(page: Page, contextOrigins: Set<string>, own: Set<string>): void {
  page.on('framenavigated', (frame) => {
    if (frame !== page.mainFrame()) return;
    const { origin } = new URL(frame.url());
    if (!origin.startsWith('http')) return;
    contextOrigins.add(origin);
    own.add(origin);
  });
}

/**
 * Per shared context: test pages between tests, kept to be handed to the next test instead of
 * opening a new one: a navigation in the same tab reuses its renderer process. Measured (a game
 * level opened 8 times each way, interleaved, 2026-11-29): 2.34 CPU-s and 1,077 ms of wall time
 * per open in a new page, 1.53 CPU-s and 500-578 ms in a kept one.
 */
const idlePages = new WeakMap<BrowserContext, Page[]>();

/**
 * What a test may do to its page that a navigation does not undo and recycle() cannot either
 * (emulated media, extra headers, routes from a HAR or of WebSockets): such a page is closed, not
 * kept. Its own init scripts and exposed functions are disposed of, its routes removed, its
 * viewport put back, and its listeners, held keys and mouse buttons and timeouts undone.
 */
const STICKY_METHODS = ['routeFromHAR', 'routeWebSocket', 'emulateMedia', 'setExtraHTTPHeaders'] as const;
/** Page methods that return a Disposable undoing what they did. */
const DISPOSABLE_METHODS = ['addInitScript', 'exposeFunction', 'exposeBinding'] as const;

interface PageState {
  /** A STICKY_METHODS call was made on it. */
  sticky: boolean;
  /** What DISPOSABLE_METHODS calls returned. */
  disposables: Promise<Disposable>[];
  /** Keys down (playwright's names) and mouse buttons down, as the test left them. */
  keys: Set<string>;
  buttons: Set<'left' | 'right' | 'middle'>;
  /** The http origins its main frame went to since it was handed out. */
  origins: Set<string>;
}
const pageStates = new WeakMap<Page, PageState>();

/** Wraps `page`'s methods above, its keyboard and its mouse once, so its state is known when it is released. */
function watchPage(page: Page): PageState {
  const state: PageState = { sticky: false, disposables: [], keys: new Set(), buttons: new Set(), origins: new Set() };
  const methods = page as unknown as Record<string, (...args: unknown[]) => unknown>;
  for (const name of STICKY_METHODS) {
    const real = methods[name]!.bind(page);
    methods[name] = (...args: unknown[]) => {
      state.sticky = true;
      return real(...args);
    };
  }
  for (const name of DISPOSABLE_METHODS) {
    const real = methods[name]!.bind(page);
    methods[name] = (...args: unknown[]) => {
      const disposable = real(...args) as Promise<Disposable>;
      state.disposables.push(disposable);
      return disposable;
    };
  }
  const { keyboard, mouse } = page;
  const down = keyboard.down.bind(keyboard);
  const up = keyboard.up.bind(keyboard);
  keyboard.down = async (key) => { state.keys.add(key); await down(key); };
  keyboard.up = async (key) => { state.keys.delete(key); await up(key); };
  const mouseDown = mouse.down.bind(mouse);
  const mouseUp = mouse.up.bind(mouse);
  mouse.down = async (options) => { state.buttons.add(options?.button ?? 'left'); await mouseDown(options); };
  mouse.up = async (options) => { state.buttons.delete(options?.button ?? 'left'); await mouseUp(options); };
  pageStates.set(page, state);
  return state;
}

/**
 * Gets `page` ready for the next test, or says it cannot be (then it is closed): the game's page
 * unloads (its unload handlers run, as on close), sessionStorage (the tab's own, which clearing an
 * origin's data leaves) is emptied, keys and buttons the test left down are released, and every
 * listener, route and timeout the test set is gone.
 */
async function recycle(page: Page): Promise<boolean> {
  const state = pageStates.get(page);
  if (!state || state.sticky || page.isClosed() || state.origins.size > 1) return false;
  if (page.url().startsWith('http')) await page.evaluate(() => sessionStorage.clear());
  await page.goto('about:blank');
  page.removeAllListeners();
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  for (const disposable of state.disposables.splice(0)) await (await disposable).dispose();
  const size = page.viewportSize();
  if (size?.width !== DEFAULT_CONTEXT.viewport.width || size.height !== DEFAULT_CONTEXT.viewport.height) {
    await page.setViewportSize(DEFAULT_CONTEXT.viewport);
  }
  for (const key of state.keys) await page.keyboard.up(key);
  for (const button of state.buttons) await page.mouse.up({ button });
  page.setDefaultTimeout(30_000);
  page.setDefaultNavigationTimeout(30_000);
  state.origins.clear();
  return true;
}

/**
 * What a shared context's pages may have stored, cleared between tests: everything "Clear site
 * data" clears except the GPU shader cache, which holds nothing a page wrote (compiled shaders,
 * keyed by their source) and which the next page would otherwise compile again.
 */
const CLEARED_STORAGE = 'cookies,file_systems,indexeddb,local_storage,websql,service_workers,cache_storage,interest_groups,shared_storage,storage_buckets,other';

/**
 * Per shared context: a blank page kept open for the DevTools session that clears storage (a new
 * page for each clearing cost ~0.6 s of CPU, as much again as a test's own page open).
 */
const keeperPages = new WeakMap<BrowserContext, Promise<{ page: Page; cdp: CDPSession }>>();

/** Those kept pages. */
const keepers = new WeakSet<Page>();

/** The pages a test opened in `context`: all of them but the blank one kept for clearing storage and idle ones. */
export function testPagesOf(context: BrowserContext): Page[] {
  const idle = idlePages.get(context) ?? [];
  return context.pages().filter((p) => !keepers.has(p) && !idle.includes(p));
}

/**
 * Ends a test in a shared context: its game page is kept for the next test (recycle) or closed,
 * every other page it opened is closed (their unload handlers run first), then what they stored
 * is cleared.
 */
async function releaseSharedContext(context: BrowserContext, testPage: Page): Promise<void> {
  const origins = visitedOrigins.get(context) ?? new Set<string>();
  const idle = idlePages.get(context) ?? [];
  idlePages.set(context, idle);
  const others = context.pages().filter((p) => !keepers.has(p) && p !== testPage && !idle.includes(p));
  await Promise.all(others.map((p) => p.close()));
  if (await recycle(testPage).catch(() => false)) idle.push(testPage);
  else await testPage.close().catch(() => {});
  let keeper = keeperPages.get(context);
  if (!keeper) {
    keeper = context.newPage().then(async (page) => {
      keepers.add(page);
      return { page, cdp: await context.newCDPSession(page) };
    });
    keeperPages.set(context, keeper);
  }
  const { cdp } = await keeper;
  for (const origin of origins) await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: CLEARED_STORAGE });
  origins.clear();
  await context.clearCookies();
  await context.clearPermissions();
}

export interface GamePage {
  context: BrowserContext;
  page: Page;
  errors: string[];
  /** Closes the page (and any other page the test opened in its context); what it stored is gone. */
  close(): Promise<void>;
}

/**
 * A 1280x720 page (deviceScaleFactor 1, plus `options`) whose console errors, uncaught page errors
 * and Content-Security-Policy violations are collected in `errors`: every test that expects no
 * errors also expects no CSP violation (index.html: no inline script, no eval). With no
 * `options` the page is in the test file's shared context (sharedContext above); with options, in
 * a context of its own.
 */
export async function newGamePage(
  browser: Browser, options: Parameters<Browser['newContext']>[0] = {},
): Promise<GamePage> {
  const isShared = Object.keys(options).length === 0;
  const context = isShared ? await sharedContext(browser) : await makeContext(browser, options);
  const idle = isShared ? idlePages.get(context)?.pop() : undefined;
  // A kept page opened before the context's other pages (the storage keeper's) is a background tab
  // now, its frames throttled (a test saw 10 frames drawn in 10 s): brought to the front, it draws
  // as a new page does.
  if (idle) await idle.bringToFront();
  const page = idle ?? await context.newPage();
  const state = pageStates.get(page) ?? watchPage(page);
  const contextOrigins = visitedOrigins.get(context) ?? new Set<string>();
  trackOrigins(page, contextOrigins, state.origins);
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') {
      const loc = msg.location();
      errors.push(`console.error: ${msg.text()}${loc.url ? ` (${loc.url}:${loc.lineNumber})` : ''}`);
    }
  });
  page.on('pageerror', (err) => {
    errors.push(`pageerror: ${err.stack ?? err.message}`);
  });
  const close = async (): Promise<void> => {
    if (isShared) {
      try {
        await releaseSharedContext(context, page);
        return;
      } catch {
        // Not cleared (a crashed page, a lost connection): the next test gets a new context.
        sharedContexts.delete(browser);
      }
    }
    await context.close().catch(() => {});
  };
  return { context, page, errors, close };
}

/**
 * Opens `url` at 1280x720 (deviceScaleFactor 1) with newGamePage (console errors, page errors and
 * CSP violations recorded), waits for `window.__ropebound?.ready === true`, then clicks the canvas
 * so it has keyboard focus.
 */
export async function openGame(url: string, opts: OpenGameOptions = {}): Promise<GameHandle> {
  const ownBrowser = !opts.browser;
  const browser = opts.browser ?? (await sharedBrowser());
  const { context, page, errors, close: closePage } = await newGamePage(browser);
  const close = async (): Promise<void> => {
    await closePage();
    if (ownBrowser) await browser.close().catch(() => {});
  };
  try {
    if (opts.realTime) await realTime(page);
    if (opts.realAudio) await realAudio(page);
    let status: number | undefined;
    try {
      status = (await page.goto(url, { waitUntil: 'load' }))?.status();
    } catch (e) {
      throw new Error(`could not load ${url} (does index.html exist?): ${stripAnsi((e as Error).message)}`);
    }
    if (status !== undefined && status >= 400) throw new Error(`GET ${url} returned HTTP ${status}`);
    if (opts.waitForReady !== false) {
      try {
        await page.waitForFunction(() => window.__ropebound?.ready === true, undefined, {
          timeout: opts.readyTimeout ?? 30_000,
        });
      } catch (e) {
        const detail = errors.length ? `\n${errors.join('\n')}` : '';
        throw new Error(`game never set window.__ropebound.ready: ${stripAnsi((e as Error).message)}${detail}`);
      }
      const canvas = page.locator('canvas').first();
      await clickAt(canvas);
      await canvas.focus();
    }
  } catch (e) {
    await close();
    throw e;
  }
  return { browser, context, page, errors, close };
}

/**
 * A real mouse click (move, press, release) at the middle of `target`, scrolled into view inside
 * its list first as locator.click() does. Playwright's `locator.click()` also waits for the element
 * to keep its box over two animation frames, ~2 s per click here where software GL draws a frame in
 * up to ~0.5 s under load; the game's elements do not move, so the tests click where they are
 * (what was hit is checked by the effect).
 */
export async function clickAt(target: Locator): Promise<void> {
  await target.evaluate((el) => el.scrollIntoView({ block: 'nearest', inline: 'nearest' }));
  const box = await target.boundingBox();
  if (!box) throw new Error(`cannot click ${target}: it is not laid out`);
  await target.page().mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}

export interface ScreenshotStats {
  /** Distinct RGB colours among every 8th pixel in x and y. */
  distinctColours: number;
  width: number;
  height: number;
  /** Absolute path of the saved PNG. */
  path: string;
}

/** Saves a screenshot to test-results/<name>.png and counts distinct colours on an 8-px grid. */
export async function screenshotStats(page: Page, name: string): Promise<ScreenshotStats> {
  const path = join(RESULTS_DIR, name.endsWith('.png') ? name : `${name}.png`);
  mkdirSync(dirname(path), { recursive: true });
  const buf = await screenshot(page, { path });
  const png = PNG.sync.read(buf);
  const { width, height, data } = png;
  const colours = new Set<number>();
  for (let y = 0; y < height; y += 8) {
    for (let x = 0; x < width; x += 8) {
      const i = (y * width + x) * 4;
      colours.add((data[i]! << 16) | (data[i + 1]! << 8) | data[i + 2]!);
    }
  }
  return { distinctColours: colours.size, width, height, path };
}

/** Holds or releases a key so that it ends up in the wanted state (no repeated keydowns). */
export type KeySetter = (code: string, down: boolean) => Promise<void>;

/** Real key presses (page.keyboard) that remember which keys are held. */
export function keySetter(page: Page): KeySetter {
  const held = new Set<string>();
  return async (code, down) => {
    if (down && !held.has(code)) { held.add(code); await page.keyboard.down(code); }
    if (!down && held.has(code)) { held.delete(code); await page.keyboard.up(code); }
  };
}

/** Each player's keys by action (the default bindings in src/input/keyboard.ts). */
export const PLAYER_KEYS = [
  { right: 'KeyD', left: 'KeyA', jump: 'KeyW', anchor: 'KeyF' },
  { right: 'ArrowRight', left: 'ArrowLeft', jump: 'ArrowUp', anchor: 'Slash' },
] as const;

export type PlayerWant = { right?: boolean; left?: boolean; jump?: boolean; anchor?: boolean };

/** Sets all of one player's keys at once: the actions in `want` held, every other one released. */
export function playerKeys(page: Page): (slot: number, want: PlayerWant) => Promise<void> {
  const key = keySetter(page);
  return async (slot, want) => {
    for (const action of ['right', 'left', 'jump', 'anchor'] as const) {
      await key(PLAYER_KEYS[slot][action], want[action] === true);
    }
  };
}

/**
 * Drags files onto the page's canvas (the game's or the editor's) as a browser does: dragenter,
 * dragover (which must be
 * accepted, or the browser would open the file instead) and drop, each carrying one DataTransfer
 * with real File objects.
 */
export async function dropFiles(page: Page, files: ReadonlyArray<{ name: string; text: string }>): Promise<void> {
  await page.evaluate((list) => {
    const data = new DataTransfer();
    for (const f of list) data.items.add(new File([f.text], f.name, { type: 'application/json' }));
    const canvas = document.querySelector('canvas')!;
    const fire = (type: string): DragEvent => {
      const e = new DragEvent(type, { dataTransfer: data, bubbles: true, cancelable: true, clientX: 640, clientY: 360 });
      canvas.dispatchEvent(e);
      return e;
    };
    fire('dragenter');
    if (!fire('dragover').defaultPrevented) throw new Error('the page did not accept the drag (dragover not prevented)');
    fire('drop');
  }, files);
}

/** One JSON file dropped on the page's canvas (dropFiles). */
export function dropFile(page: Page, name: string, text: string): Promise<void> {
  return dropFiles(page, [{ name, text }]);
}
