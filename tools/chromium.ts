// The system Chromium through playwright-core (it never downloads a browser): one launch recipe
// for the browser tests (tests/browser/globalSetup.ts starts one server for a whole run) and for
// `npm run budgets`. tools/ensure-chromium.mjs installs the binary when it is missing.
import { chromium, type Browser, type BrowserServer, type LaunchOptions } from 'playwright-core';

/** `$CHROMIUM_PATH`, else Debian's /usr/bin/chromium. */
export function chromiumPath(): string {
  return process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
}

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
      '--disable-features=AudioServiceOutOfProcess,WebUIOmniboxPopup,WebUIOmniboxAimPopup,BackForwardCache',
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
  return chromium.launchServer({ ...launchOptions(), host: '127.0.0.1' });
}

/** Attaches to a launchBrowserServer() browser; `close()` on it only detaches (and closes its contexts). */
export function connectBrowser(wsEndpoint: string): Promise<Browser> {
  return chromium.connect(wsEndpoint);
}
