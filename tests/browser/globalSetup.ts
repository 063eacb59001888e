// Once per browser-test run: builds the production bundle and serves it statically, and starts one
// Chromium that every test file attaches to (each test gets a page, the one the test before used
// when it could be cleaned, in a context all tests share; see ./browser.ts). Their addresses reach the tests through vitest's
// provide/inject (`gameUrl()` and `sharedBrowser()` in ./browser). Why the build and not the dev
// server: a fresh context loads the dev server's ~850 unbundled modules in ~3 s more than the one
// bundled file, on every page the tests open, while building takes ~2 s once; it is also what
// players get. Live reload needs the dev server: liveReload.test.ts starts its own.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { launchBrowserServer } from '../../tools/chromium';
import { buildGame, serveBuild } from '../../tools/gameServer';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Base URL of the production build served for this run, e.g. `http://127.0.0.1:41234/` (trailing slash). */
    gameUrl: string;
    /** The directory that build was written to (csp.test.ts reads its index.html). */
    distDir: string;
    /** Where test files attach to this run's Chromium (tools/chromium.ts connectBrowser). */
    browserWsEndpoint: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const distDir = mkdtempSync(join(tmpdir(), 'rb-dist-'));
  const closers: Array<() => Promise<unknown>> = [async () => rmSync(distDir, { recursive: true, force: true })];
  const teardown = async (): Promise<void> => {
    for (const close of closers.reverse()) await close().catch(() => {});
  };
  // Build and launch side by side; whatever started is closed again if the other failed.
  const [served, browserServer] = await Promise.allSettled([
    buildGame(distDir).then(() => serveBuild(distDir)),
    launchBrowserServer(),
  ]);
  for (const started of [served, browserServer]) {
    if (started.status === 'fulfilled') closers.push(() => started.value.close());
  }
  if (served.status === 'rejected' || browserServer.status === 'rejected') {
    await teardown();
    throw served.status === 'rejected' ? served.reason : (browserServer as PromiseRejectedResult).reason;
  }
  project.provide('gameUrl', served.value.url);
  project.provide('distDir', distDir);
  project.provide('browserWsEndpoint', browserServer.value.wsEndpoint());
  return teardown;
}
