// The system Chromium through playwright-core (it never downloads a browser): one launch recipe
// for the browser tests (tests/browser/globalSetup.ts starts one server for a whole run) and for
// `npm run budgets`. tools/ensure-chromium.mjs installs the binary when it is missing.
import { accessSync, constants } from 'node:fs';
import { chromium, type Browser, type BrowserServer, type LaunchOptions } from 'playwright-core';

/** `$CHROMIUM_PATH`, else Debian's /usr/bin/chromium: the browser players use (`npm run budgets`). */
export function chromiumPath(): string {
  return process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
}

/** Debian's `chromium-headless-shell` package: the same Chromium (version, V8, Blink, ANGLE) built as headless only. */
export const HEADLESS_SHELL_PATH = '/usr/lib/chromium/chromium-headless-shell';

/**
 * The browser the tests drive: `$CHROMIUM_PATH`, else the headless shell when it is installed,
 * else chromiumPath(). The shell has no browser window code around the page. Measured on this
 * 2-core machine, idle (2026-11-30): the whole browser project 305 s and 472 CPU-s against 341 s
 * and 546 CPU-s with /usr/bin/chromium (one run each), its eight heaviest files 138-153 s and
 * 193-228 CPU-s against 166-169 s and 258-262 (two rounds, interleaved), every test passing both
 * ways; a game page opens for ~0.8 CPU-s against ~1.1 (the GPU process's share halves). Same
 * Chromium version, V8, Blink and ANGLE: the same pixels and sim.
 */
export function testChromiumPath(): string {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  try {
    accessSync(HEADLESS_SHELL_PATH, constants.X_OK);
    return HEADLESS_SHELL_PATH;
  } catch {
    return chromiumPath();
  }
}

/**
 * What playwright-core (1.65) passes as `--disable-features` when it launches Chromium, read off the
 * command line of a browser it started (it does not export the list). Measured with and without
 * them (the browser tests' eight heaviest files, interleaved, 2026-11-30): no difference beyond
 * noise; they are here so that the browser runs as playwright means it to.
 */
const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync', 'DestroyProfileOnBrowserClose', 'HttpsUpgrades', 'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay', 'MediaRouter', 'PaintHolding', 'ThirdPartyStoragePartitioning', 'AvoidCorsURLLoaderRestartOnRedirect',
  'OptimizationHints', 'NetworkTimeServiceQuerying', 'AimEnabled', 'PreconnectToSearch',
];

/** Headless, no sandbox (containers), nothing that phones home while a test runs. */
export function launchOptions(): LaunchOptions {
  return {
    executablePath: chromiumPath(),
    args: [
      '--no-sandbox',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      // The audio service in the browser process, not a process of its own: starting that process
      // made each page's first AudioContext (howler's, as the game loads) cost 300-600 ms of a
      // ~3 s page open here; in process it takes ~45 ms. Sound plays the same.
      // The omnibox popups: headless Chromium 156 still builds each new window's address-bar
      // popups as WebUI pages, a renderer of their own that costs ~1 s of CPU per window (per test
      // page here) and is never shown. Without them an empty page opens in ~0.4 s, not ~1.3 s.
      // The back/forward cache: a test page is navigated to about:blank and handed to the next test
      // (tests/browser/browser.ts); the game it left must unload, not wait frozen in the cache.
      // Chromium keeps only the last --disable-features it is given, so this one also names the
      // features playwright-core 1.65 disables by default (its own switch, earlier on the command
      // line, would otherwise be dropped whole: media router, optimization hints, paint holding...).
      `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, 'AudioServiceOutOfProcess', 'WebUIOmniboxPopup', 'WebUIOmniboxAimPopup', 'BackForwardCache'].join(',')}`,
      // WebGL on ANGLE's SwiftShader, named outright: headless Chromium then composites on the
      // GPU process too. Left to pick, it draws WebGL in SwiftShader but composites in software,
      // reading each frame back while the page's main thread waits: every script call and key
      // press from a test queued behind that (~40 ms for an empty evaluate, ~80 ms for a key
      // press; ~5 and ~10 ms here). Same renderer string, same pixels.
      '--use-gl=angle',
      '--use-angle=swiftshader',
    ],
  };
}

/** A Chromium for this process alone; close it when done. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch(launchOptions());
}

/**
 * A Chromium that other processes attach to with `connectBrowser(server.wsEndpoint())` (vitest's
 * test workers): one browser process for a whole test run, each test in its own BrowserContext.
 * Listens on 127.0.0.1 under a random path.
 */
export function launchBrowserServer(): Promise<BrowserServer> {
  const options = launchOptions();
  // V8 in the test browser stops at its baseline compiler (Sparkplug): no Maglev or TurboFan. A
  // test page lives a few seconds, too short for optimised code to pay for compiling it, and that
  // compiling ran on the renderer's background threads whatever the page did: the browser project
  // alone went from 265 s and 402 CPU-s to 237 s and 333 CPU-s (its renderers' thread pool from 62
  // to 11 CPU-s; one run each, back to back, on this 2-core machine, 2026-11-30). The game's code
  // is the same; it runs slower, but the sim's ticks are a small part of a test page's work.
  options.args = [...(options.args ?? []), '--js-flags=--max-opt=1'];
  return chromium.launchServer({ ...options, executablePath: testChromiumPath(), host: '127.0.0.1' });
}

/** Attaches to a launchBrowserServer() browser; `close()` on it only detaches (and closes its contexts). */
export function connectBrowser(wsEndpoint: string): Promise<Browser> {
  return chromium.connect(wsEndpoint);
}
