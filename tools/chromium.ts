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
      '--disable-features=AudioServiceOutOfProcess',
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
