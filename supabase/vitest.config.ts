import { defineConfig } from 'vitest/config';

// Unit tests for functions' shared code and the seed assets live in test/; integration tests
// against the running backend can sit beside them.
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
  },
});
