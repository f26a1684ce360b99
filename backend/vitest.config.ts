import { defineConfig } from 'vitest/config';
import { findPostgresBin } from './src/db/throwaway-postgres.ts';

// Each test file starts its own stack (PGlite WASM + PostgREST): run files one or two at a
// time on this 2-core machine, and give stack start-up room in hooks. Where PostgreSQL's
// server binaries are installed, the stack suites run a second time, each stack on its own
// throwaway real PostgreSQL (test/harness.ts); the core suite has its own file for that.
const hasPostgres = findPostgresBin() !== undefined;
// Suites of the functions and the migrations sit in supabase/test beside what they test
// (functions/, migrations/); they need this stack, so this runner runs them, on both databases.
const suites = ['test/**/*.test.ts', '../supabase/test/functions/**/*.test.ts', '../supabase/test/migrations/**/*.test.ts'];

const shared = {
  pool: 'forks' as const,
  testTimeout: 30_000,
  hookTimeout: 120_000,
  teardownTimeout: 30_000,
};

export default defineConfig({
  test: {
    maxWorkers: 2,
    // stops throwaway PostgreSQL servers whose test process vitest ended (their afterAll never ran)
    globalSetup: ['test/reap-postgres.ts'],
    fileParallelism: true,
    projects: [
      { test: { ...shared, name: 'pglite', include: suites } },
      ...(hasPostgres
        ? [
            {
              test: {
                ...shared,
                name: 'postgres',
                include: suites,
                // the core suite runs on PostgreSQL from core-postgres.test.ts; units need no stack;
                // payments-crash kills a PGlite child of its own whatever the project
                exclude: [
                  'test/core.test.ts',
                  'test/core-postgres.test.ts',
                  'test/*-units.test.ts',
                  '../supabase/test/functions/*-units.test.ts',
                  'test/storage-names.test.ts',
                  'test/payments-crash.test.ts',
                ],
                env: { STITCHHOUSE_TEST_DATABASE: 'postgres' },
              },
            },
          ]
        : []),
    ],
  },
});
