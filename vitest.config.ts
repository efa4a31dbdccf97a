import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Checks the machine, starts what is missing and can be started, and migrates the one template
    // database every test file's database is copied from (server/test/global-setup.ts).
    globalSetup: ['server/test/global-setup.ts'],
    projects: [
      {
        test: {
          name: 'server',
          // The API files run first, then the browser files with fewer workers: 2 cores share both.
          sequence: { groupOrder: 0 },
          include: ['server/**/*.test.ts', 'protocol/**/*.test.ts', 'scripts/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
          // A worker imports the server's modules once for all its files instead of once per file:
          // importing them was about 40% of the suite's time. Each file still starts its own app on
          // its own database; nothing here keeps state in a module between files.
          isolate: false,
        },
      },
      {
        test: {
          name: 'web',
          sequence: { groupOrder: 0 },
          // Isolated: these stub globals (fetch) and hold stores in modules.
          include: ['web/src/**/*.test.ts'],
          environment: 'node',
          pool: 'forks',
        },
      },
      {
        test: {
          name: 'e2e',
          sequence: { groupOrder: 1 },
          include: ['web/e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 90_000,
          pool: 'forks',
          maxWorkers: 2,
          // One Chromium per worker for all its files (web/e2e/browser.ts), and the server's modules
          // imported once; each file still has its own app and database, each test its own context.
          isolate: false,
          // One retry in CI only, for a real browser's rare hiccups on 2 shared cores; a failure that
          // repeats still fails the run. (The one stall seen so far was a context closed during the
          // setup dialog's reload; that test now waits for the reload.)
          retry: process.env.CI ? 1 : 0,
        },
      },
    ],
  },
});
