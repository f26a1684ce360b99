import { defineConfig } from 'vitest/config';

// Browser tests: one file at a time, each in its own process with its own servers, backend and
// Chromium, generous timeouts for cold builds on a 2-core machine. Two at a time measured 24 %
// faster, but a catalog case timed out under it in a whole-suite run, so it waits for a fix.
// The global setup builds the stale apps and the backend's database template once, before any file.
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['src/global-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 600_000,
    pool: 'forks',
    maxWorkers: 1,
    fileParallelism: false,
  },
});
