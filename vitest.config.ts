import { defineConfig } from 'vitest/config';

// Two projects (vitest 4 `test.projects`):
//   unit    - tests/unit/**/*.test.ts, plain Node.
//   browser - tests/browser/**/*.test.ts, also Node: the tests drive headless Chromium through
//             playwright-core against a vite dev server started in tests/browser/globalSetup.ts.
//   long    - tests/long/**/*.test.ts, the minutes-long fuzz. Defined only when RB_LONG=1 (set by
//             `npm run test:long`), so `npm test` (which runs every defined project) skips it.
// Note: a vitest.config.ts means vitest does not read vite.config.ts; projects use `extends: true`
// to inherit this root config only.
export default defineConfig({
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'node',
          include: ['tests/unit/**/*.test.ts'],
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
          // One Chromium at a time: the machine has 2 cores and software GL is heavy.
          fileParallelism: false,
          maxWorkers: 1,
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
