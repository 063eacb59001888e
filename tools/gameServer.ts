// Serving the game over HTTP on 127.0.0.1 for tools and tests, in this process: the production
// build (built and served by vite preview) or the vite dev server (live reload).
import { createServer as createNetServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, createServer, preview } from 'vite';

export const HOST = '127.0.0.1';
const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

/** A TCP port on 127.0.0.1 nothing listens on now. */
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

/** The production bundle (`npm run build`'s, with vite.config.ts) written to `outDir`. */
export async function buildGame(outDir: string): Promise<void> {
  await build({ root: ROOT, logLevel: 'warn', build: { outDir, emptyOutDir: true } });
}

export interface ServedGame {
  /** e.g. `http://127.0.0.1:41234/` (trailing slash). */
  url: string;
  close(): Promise<void>;
}

/** Serves a built `outDir` with vite preview (static files, as a host would) on a free port. */
export async function serveBuild(outDir: string): Promise<ServedGame> {
  const port = await freePort();
  const server = await preview({
    root: ROOT,
    logLevel: 'warn',
    build: { outDir },
    preview: { host: HOST, port, strictPort: true, open: false },
  });
  return { url: `http://${HOST}:${port}/`, close: () => server.close() };
}

/**
 * The vite dev server (`npm run dev`, with live reload of level files) on a free port; `root` is
 * this repository unless given (a copy of it, for tests that edit level files).
 */
export async function startDevServer(opts: { root?: string } = {}): Promise<ServedGame> {
  const root = opts.root ?? ROOT;
  const port = await freePort();
  const server = await createServer({
    root,
    clearScreen: false,
    logLevel: 'warn',
    // A copy keeps its own pre-bundled dependencies; the repository's dev server uses the default.
    ...(opts.root ? { cacheDir: join(root, '.vite') } : {}),
    server: {
      host: HOST,
      port,
      strictPort: true,
      open: false,
      // A copy links this repository's node_modules/.
      ...(opts.root ? { fs: { allow: [root, join(ROOT, 'node_modules')] } } : {}),
    },
  });
  await server.listen();
  return { url: `http://${HOST}:${port}/`, close: () => server.close() };
}
