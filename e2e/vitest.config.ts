import { defineConfig } from 'vitest/config';

// Browser tests: two files at a time, each in its own process with its own servers, backend
// and Chromium (one file alone leaves the second core mostly idle: the browser and the stack
// wait on each other), generous timeouts for cold builds on a 2-core machine. The global setup
// builds the stale apps and the backend's database template once, before any file.
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['src/global-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 600_000,
    pool: 'forks',
    maxWorkers: 2,
    fileParallelism: true,
  },
});
