// Starts one vite dev server for the whole browser project and hands its URL to the tests
// through vitest's provide/inject (read it with `inject('gameUrl')` or `gameUrl()` from ./browser).
import { createServer as createNetServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { createServer, type ViteDevServer } from 'vite';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Base URL of the vite dev server, e.g. `http://127.0.0.1:41234/` (trailing slash). */
    gameUrl: string;
  }
}

const HOST = '127.0.0.1';
const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** A TCP port on 127.0.0.1 nothing listens on now (tools/browser-budgets.ts uses it too). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createNetServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, HOST, () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => (port ? resolve(port) : reject(new Error('could not get a free port'))));
    });
  });
}

let server: ViteDevServer | undefined;

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const port = await freePort();
  server = await createServer({
    root: ROOT,
    clearScreen: false,
    logLevel: 'warn',
    server: {
      host: HOST,
      port,
      strictPort: true,
      open: false,
      // Screenshots land in test-results/ while the server runs; don't watch them.
      watch: { ignored: ['**/test-results/**', '**/coverage/**'] },
    },
  });
  await server.listen();
  const url = `http://${HOST}:${port}/`;
  project.provide('gameUrl', url);
  return async () => {
    await server?.close();
    server = undefined;
  };
}
