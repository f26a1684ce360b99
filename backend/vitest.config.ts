import { defineConfig } from 'vitest/config';

// Each test file starts its own stack (PGlite WASM + PostgREST): run files one or two at a
// time on this 2-core machine, and give stack start-up room in hooks.
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    pool: 'forks',
    maxWorkers: 2,
    fileParallelism: true,
    testTimeout: 30_000,
    hookTimeout: 120_000,
    teardownTimeout: 30_000,
  },
});
