// A whole backend per test file, in a temporary data folder on free ports.
// Logs stay quiet unless BACKEND_LOG=1 (errors always show). With
// STITCHHOUSE_TEST_DATABASE=postgres (the "postgres" project in vitest.config.ts) each stack
// gets its own throwaway real PostgreSQL instead of PGlite.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Logger } from '../src/context.ts';
import { startPostgres } from '../src/db/postgres.ts';
import { createPool } from '../src/db/pool.ts';
import { findPostgresBin, startThrowawayPostgres, type ThrowawayPostgres } from '../src/db/throwaway-postgres.ts';
import { listSqlFiles, runBootstrap } from '../src/migrate/index.ts';
import { repoRoot } from '../src/config.ts';
import crypto from 'node:crypto';
import { startStack, type Stack, type StackOptions } from '../src/stack.ts';

export type TestStack = Stack & { dataDir: string };

export const testLogger: Logger = {
  info: (service, message) => {
    if (process.env.BACKEND_LOG === '1') console.log(`[${service}] ${message}`);
  },
  error: (service, message, err) => console.error(`[${service}] ${message}`, err ?? ''),
};

/**
 * A PGlite data folder, initialised and bootstrapped once per machine and copied for each
 * test stack: initdb plus bootstrap in WASM cost 8-15 s, a copy a fraction of a second.
 * Keyed by the PGlite version and the bootstrap SQL, so a changed bootstrap makes a new one.
 */
async function pgliteTemplate(): Promise<string> {
  const bootstrapDir = path.join(repoRoot, 'backend', 'sql', 'bootstrap');
  const hash = crypto.createHash('sha256');
  hash.update(JSON.parse(fs.readFileSync(path.join(import.meta.dirname, '..', 'node_modules', '@electric-sql', 'pglite', 'package.json'), 'utf8')).version);
  for (const file of listSqlFiles(bootstrapDir)) hash.update(file).update(fs.readFileSync(file));
  const template = path.join(os.tmpdir(), `stitchhouse-pglite-template-${hash.digest('hex').slice(0, 16)}`);
  if (fs.existsSync(path.join(template, 'pgdata', 'PG_VERSION'))) return template;
  const building = fs.mkdtempSync(`${template}-building-`);
  const pg = await startPostgres({ dataDir: building, log: testLogger, password: crypto.randomBytes(18).toString('base64url') });
  const pool = createPool(pg.connectionString);
  try {
    await runBootstrap(pool, bootstrapDir);
  } finally {
    await pool.end();
    await pg.stop();
  }
  fs.rmSync(path.join(building, 'pglite.pid'), { force: true });
  try {
    fs.renameSync(building, template);
  } catch {
    // Another test worker finished first; its template is as good.
    fs.rmSync(building, { recursive: true, force: true });
  }
  return template;
}

/** The database the suites run on: PGlite, or a real PostgreSQL per stack (vitest.config.ts). */
const testDatabase: 'pglite' | 'postgres' = process.env.STITCHHOUSE_TEST_DATABASE === 'postgres' ? 'postgres' : 'pglite';

/** Real PostgreSQL servers by data folder: a stack restarted on the same folder finds its database again. */
const postgresByDataDir = new Map<string, ThrowawayPostgres>();

async function postgresFor(dataDir: string): Promise<ThrowawayPostgres> {
  const existing = postgresByDataDir.get(dataDir);
  if (existing) return existing;
  const bin = findPostgresBin();
  if (!bin) throw new Error('STITCHHOUSE_TEST_DATABASE=postgres, but no PostgreSQL server binaries under /usr/lib/postgresql/*/bin');
  const server = await startThrowawayPostgres(bin, { fsync: false });
  if (postgresByDataDir.size === 0) process.once('exit', () => { for (const s of postgresByDataDir.values()) s.stop(); });
  postgresByDataDir.set(dataDir, server);
  return server;
}

function stopPostgresFor(dataDir: string): void {
  postgresByDataDir.get(dataDir)?.stop();
  postgresByDataDir.delete(dataDir);
}

export async function startTestStack(options: StackOptions & { seed?: boolean; keepData?: boolean } = {}): Promise<TestStack> {
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'stitchhouse-backend-'));
  if (testDatabase === 'postgres' && !options.databaseUrl) {
    options = { ...options, databaseUrl: (await postgresFor(dataDir)).url };
  }
  if (!options.databaseUrl && !fs.existsSync(path.join(dataDir, 'pgdata'))) {
    fs.cpSync(path.join(await pgliteTemplate(), 'pgdata'), path.join(dataDir, 'pgdata'), { recursive: true });
  }
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
