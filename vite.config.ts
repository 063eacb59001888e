/// <reference types="vitest/config" />
// The game's build and dev server (vite), and under `test` the test projects (vitest reads this
// file too, so tests resolve and import assets exactly as `npm run dev` and `npm run build` do).
// Assets made for the game live in assets/ and are imported by code (`?url`), so the build gives
// them hashed names that can be cached forever; public/ is only for files that must keep their name.
import { defineConfig } from 'vite';
// With their extensions (tsconfig allows it): vite bundles this file and what it imports, and
// warned on every start about each extensionless import its coming native config loader refuses.
import { editorSavePlugin } from './tools/editorSavePlugin.ts';
import { pixiEnvironmentPlugin } from './tools/pixiEnvironmentPlugin.ts';

export default defineConfig({
  // The level editor's "Save to the project" (POST /__ropebound/save-level into levels/): the dev
  // server only (the plugin says apply: 'serve'); a production build has no such endpoint.
  // pixiEnvironmentPlugin: pixi's optional features (pointer events, accessibility, filters) are
  // neither loaded by the renderer nor built (build only).
  plugins: [editorSavePlugin(), pixiEnvironmentPlugin()],
  build: {
    // Sounds stay files of their own (fetched by howler, cached by the browser) even when small:
    // inlined as base64 they would land in the JavaScript and count against its budget.
    assetsInlineLimit: (filePath) => (/\.(?:wav|ogg)$/.test(filePath) ? false : undefined),
    // The JavaScript budget is `npm run size` (brotli, 180 KiB in all); vite's warning about
    // minified chunks over 500 kB says nothing more on each build.
    chunkSizeWarningLimit: 1024,
    rolldownOptions: {
      output: {
        // The campaign's level and replay files (src/app/levelFiles.ts globs them as text) are data
        // that grows with every level: they get a chunk of their own, `levels-<hash>.js`, which
        // `npm run size` measures against a budget of its own instead of the code's.
        codeSplitting: { groups: [{ name: 'levels', test: /[\\/]levels[\\/](?:replays[\\/])?\d+-[^\\/]+\.json/ }] },
      },
    },
  },
  server: {
    // Browser tests write screenshots to test-results/ while a dev server runs: never watch them.
    watch: { ignored: ['**/test-results/**', '**/coverage/**'] },
  },
  // Projects (each `extends: true`, so it inherits everything above):
  //   unit    - tests/unit/**/*.test.ts, plain Node.
  //   browser - tests/browser/**/*.test.ts, also Node: the tests drive headless Chromium through
  //             playwright-core. tests/browser/globalSetup.ts builds the game and serves the build,
  //             and starts the one Chromium all files share (each test its own page, storage
  //             cleared between tests).
  //   long    - tests/long/**/*.test.ts, the minutes-long fuzz. Defined only when RB_LONG=1 (set by
  //             `npm run test:long`), so `npm test` (which runs every defined project) skips it.
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'node',
          include: ['tests/unit/**/*.test.ts'],
          // Long simulations (thousands of ticks, property runs) take seconds each, several times
          // that on a loaded machine: vitest's 5 s default failed them.
          testTimeout: 60_000,
          // The files share one module graph instead of each importing the sim, pixi and valibot
          // afresh: 113 s instead of 175 s for the project alone (CPU 127 s instead of 221 s),
          // all tests passing either way. A file that patches a global must undo it (vi.mock and
          // vi.stubGlobal are still per file).
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          environment: 'node',
          include: ['tests/browser/**/*.test.ts'],
          globalSetup: ['tests/browser/globalSetup.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // One page at a time: the machine has 2 cores and software GL is heavy.
          fileParallelism: false,
          maxWorkers: 1,
          // One module graph for all files, as in the unit project: each file imported the sim,
          // the level parser and playwright afresh (~31 s of the project's time in imports).
          isolate: false,
        },
      },
      ...(process.env.RB_LONG === '1'
        ? [{
          extends: true as const,
          test: {
            name: 'long',
            environment: 'node',
            include: ['tests/long/**/*.test.ts'],
            testTimeout: 30 * 60_000,
          },
        }]
        : []),
    ],
  },
});
