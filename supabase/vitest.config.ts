import { defineConfig } from 'vitest/config';

// Unit tests for functions' shared code and the seed assets live in test/. The suites in
// test/functions/ and test/migrations/ need the running stack: backend/vitest.config.ts runs them
// (on PGlite and PostgreSQL), with the backend's harness.
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    exclude: ['test/functions/**', 'test/migrations/**', '**/node_modules/**'],
    environment: 'node',
    testTimeout: 30_000,
  },
});
