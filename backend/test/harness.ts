// A whole backend per test file, in a temporary data folder on free ports.
// Logs stay quiet unless BACKEND_LOG=1 (errors always show). With
// STITCHHOUSE_TEST_DATABASE=postgres (the "postgres" project in vitest.config.ts) each stack
// gets its own throwaway real PostgreSQL instead of PGlite. Either way the database starts as a
// copy of one the schema was applied to once (src/db/templates.ts), not from initdb.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Logger } from '../src/context.ts';
import { findPostgresBin, postgresTemplate, startThrowawayPostgres, type ThrowawayPostgres } from '../src/db/throwaway-postgres.ts';
import { applySchema, copyPgliteTemplate, pgliteTemplate, pruneTemplates, schemaKey, type SchemaFiles } from '../src/db/templates.ts';
import { repoRoot } from '../src/config.ts';
import { startStack, type Stack, type StackOptions } from '../src/stack.ts';

export type TestStack = Stack & { dataDir: string };

export const testLogger: Logger = {
  info: (service, message) => {
    if (process.env.BACKEND_LOG === '1') console.log(`[${service}] ${message}`);
  },
  error: (service, message, err) => console.error(`[${service}] ${message}`, err ?? ''),
};

const defaultFiles = {
  bootstrapDir: path.join(repoRoot, 'backend', 'sql', 'bootstrap'),
  migrationsDir: path.join(repoRoot, 'supabase', 'migrations'),
};

/**
 * What a stack's database is copied from (src/db/templates.ts): bootstrap and migrations
 * applied once per machine, when the stack uses the default ones; the bootstrap only when a test
 * brings its own migrations or bootstrap (it watches them apply).
 */
function templateFiles(options: StackOptions): SchemaFiles {
  const dirs = options.migrationsDirs;
  const defaultBootstrap = !options.bootstrapDir || path.resolve(options.bootstrapDir) === defaultFiles.bootstrapDir;
  const defaultMigrations = defaultBootstrap && (!dirs || (dirs.length === 1 && path.resolve(dirs[0]!) === defaultFiles.migrationsDir));
  return { bootstrapDir: defaultFiles.bootstrapDir, migrationsDirs: defaultMigrations ? [defaultFiles.migrationsDir] : undefined };
}

/** The database the suites run on: PGlite, or a real PostgreSQL per stack (vitest.config.ts). */
const testDatabase: 'pglite' | 'postgres' = process.env.STITCHHOUSE_TEST_DATABASE === 'postgres' ? 'postgres' : 'pglite';

/** Real PostgreSQL servers by data folder: a stack restarted on the same folder finds its database again. */
const postgresByDataDir = new Map<string, ThrowawayPostgres>();

async function postgresFor(dataDir: string, files: SchemaFiles): Promise<ThrowawayPostgres> {
  const existing = postgresByDataDir.get(dataDir);
  if (existing) return existing;
  const bin = findPostgresBin();
  if (!bin) throw new Error('STITCHHOUSE_TEST_DATABASE=postgres, but no PostgreSQL server binaries under /usr/lib/postgresql/*/bin');
  // a copy of a cluster the schema was applied to once: initdb and migrations per file cost seconds
  const template = await postgresTemplate(bin, schemaKey(files), (url) => applySchema(url, files));
  const server = await startThrowawayPostgres(bin, { fsync: false, template });
  if (postgresByDataDir.size === 0)
    process.once('exit', () => {
      for (const s of postgresByDataDir.values()) s.stop();
    });
  postgresByDataDir.set(dataDir, server);
  return server;
}

function stopPostgresFor(dataDir: string): void {
  postgresByDataDir.get(dataDir)?.stop();
  postgresByDataDir.delete(dataDir);
}

/**
 * Builds the templates the stacks copy (vitest global setup, test/reap-postgres.ts), so the
 * migrations run once per run, before any test's timeout counts, instead of once per file.
 */
export async function prepareTestTemplates(): Promise<void> {
  pruneTemplates();
  const sets = [templateFiles({}), templateFiles({ migrationsDirs: [] })];
  for (const files of sets) await pgliteTemplate(files, testLogger);
  const bin = findPostgresBin();
  if (bin) for (const files of sets) await postgresTemplate(bin, schemaKey(files), (url) => applySchema(url, files));
}

export async function startTestStack(options: StackOptions & { seed?: boolean; keepData?: boolean } = {}): Promise<TestStack> {
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'stitchhouse-backend-'));
  if (testDatabase === 'postgres' && !options.databaseUrl) {
    options = { ...options, databaseUrl: (await postgresFor(dataDir, templateFiles(options))).url };
  }
  const files = templateFiles(options);
  if (!options.databaseUrl) await copyPgliteTemplate(dataDir, files, testLogger);
  const stack = await startStack({
    log: testLogger,
    ...options,
    seed: options.seed ?? false,
    dataDir,
    port: options.port ?? 0,
    // 127.0.0.1, not localhost: the gateway binds IPv4 only.
    apiExternalUrl: options.apiExternalUrl ?? 'http://127.0.0.1:{port}',
  }).catch((err) => {
    if (!options.dataDir) {
      fs.rmSync(dataDir, { recursive: true, force: true });
      stopPostgresFor(dataDir);
    }
    throw err;
  });
  const stop = stack.stop;
  return {
    ...stack,
    dataDir,
    async stop() {
      await stop();
      if (!options.keepData && !options.dataDir) {
        fs.rmSync(dataDir, { recursive: true, force: true });
        stopPostgresFor(dataDir);
      }
    },
  };
}
