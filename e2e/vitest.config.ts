import { defineConfig } from 'vitest/config';

// Browser tests: one process, one file at a time (each file starts its own servers
// and Chromium), generous timeouts for cold builds on a 2-core machine. The global setup
// builds the stale apps and the backend's database template once, before any file.
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
