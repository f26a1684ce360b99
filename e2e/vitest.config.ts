import { defineConfig } from 'vitest/config';

// Browser tests: one process, one file at a time (each file starts its own servers
// and Chromium), generous timeouts for cold builds on a 2-core machine.
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 600_000,
    pool: 'forks',
    maxWorkers: 1,
    fileParallelism: false,
  },
});
