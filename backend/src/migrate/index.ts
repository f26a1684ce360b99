// Applies the schema at start-up: the bootstrap SQL (what hosted Supabase already has;
// idempotent, every start), then supabase/migrations/*.sql in filename order, each once,
// in its own transaction, recorded in supabase_migrations.schema_migrations like the CLI,
// with the sha256 of the file: migrations are append-only, and an applied file that was
// edited stops start-up (the edit would never run here, yet would run on a fresh database).
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type pg from 'pg';
import { inTransaction } from '../db/tx.ts';

export interface MigrationFile {
  /** Leading timestamp of `<version>_<name>.sql` (the Supabase CLI's layout). */
  version: string;
  name: string;
  file: string;
}

export interface MigrateResult {
  bootstrap: string[];
  applied: string[];
  alreadyApplied: number;
}

export class MigrationError extends Error {
  constructor(
    readonly file: string,
    readonly cause: unknown,
    message: string,
  ) {
    super(message);
    this.name = 'MigrationError';
  }
}

export function listSqlFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort()
    .map((f) => path.join(dir, f));
}

export function parseMigrationName(file: string): MigrationFile {
  const base = path.basename(file, '.sql');
  const match = /^(\d+)_?(.*)$/.exec(base);
  if (!match) throw new Error(`Migration file ${path.basename(file)} must be named <timestamp>_<name>.sql`);
  return { version: match[1]!, name: match[2] ?? '', file };
}

export async function runBootstrap(pool: pg.Pool, dir: string): Promise<string[]> {
  const files = listSqlFiles(dir);
  for (const file of files) await runInTransaction(pool, file, fs.readFileSync(file, 'utf8'));
  return files.map((f) => path.basename(f));
}

export async function migrate(pool: pg.Pool, options: { bootstrapDir: string; migrationsDirs: string[] }): Promise<MigrateResult> {
  const bootstrap = await runBootstrap(pool, options.bootstrapDir);
  await pool.query(`
    create schema if not exists supabase_migrations;
    create table if not exists supabase_migrations.schema_migrations (
      version text primary key,
      name text,
      statements text[],
      applied_at timestamptz not null default now()
    );
    alter table supabase_migrations.schema_migrations add column if not exists checksum text;`);
  const done = new Map(
    (await pool.query<{ version: string; checksum: string | null }>('select version, checksum from supabase_migrations.schema_migrations')).rows.map((r) => [
      r.version,
      r.checksum,
    ]),
  );
  const migrations = options.migrationsDirs
    .flatMap(listSqlFiles)
    .map(parseMigrationName)
    .sort((a, b) => a.version.localeCompare(b.version) || a.file.localeCompare(b.file));
  const seen = new Map<string, string>();
  for (const m of migrations) {
    const other = seen.get(m.version);
    if (other) throw new MigrationError(m.file, null, `Migrations ${path.basename(other)} and ${path.basename(m.file)} share version ${m.version}`);
    seen.set(m.version, m.file);
  }
  // Every applied file is checked before anything new runs.
  for (const m of migrations) {
    if (!done.has(m.version)) continue;
    const recorded = done.get(m.version);
    const current = checksum(fs.readFileSync(m.file, 'utf8'));
    if (recorded === null || recorded === undefined) {
      // applied before checksums were kept: what is there now is taken as what ran
      await pool.query('update supabase_migrations.schema_migrations set checksum = $2 where version = $1', [m.version, current]);
    } else if (recorded !== current) {
      throw new MigrationError(
        m.file,
        null,
        `Migration ${path.basename(m.file)} was edited after it was applied to this database (sha256 ${recorded.slice(0, 12)}… when applied, ` +
          `${current.slice(0, 12)}… now). Applied migrations are append-only: restore the file and put the change in a new migration.`,
      );
    }
  }
  const applied: string[] = [];
  for (const m of migrations) {
    if (done.has(m.version)) continue;
    const sql = fs.readFileSync(m.file, 'utf8');
    await runInTransaction(pool, m.file, sql, async (client) => {
      await client.query('insert into supabase_migrations.schema_migrations (version, name, statements, checksum) values ($1, $2, $3, $4)', [
        m.version,
        m.name,
        [sql],
        checksum(sql),
      ]);
    });
    applied.push(path.basename(m.file));
  }
  return { bootstrap, applied, alreadyApplied: migrations.length - applied.length };
}

/** sha256 of a migration's text; line endings do not count (a Windows checkout is not an edit). */
export function checksum(sql: string): string {
  return crypto.createHash('sha256').update(sql.replace(/\r\n/g, '\n')).digest('hex');
}

async function runInTransaction(pool: pg.Pool, file: string, sql: string, after?: (client: pg.PoolClient) => Promise<void>): Promise<void> {
  try {
    await inTransaction(pool, async (client) => {
      // Simple-protocol query: a file may hold many statements.
      await client.query(sql);
      await after?.(client);
    });
  } catch (err) {
    throw new MigrationError(file, err, describe(file, sql, err));
  }
}

function describe(file: string, sql: string, err: unknown): string {
  const e = err as { message?: string; position?: string; detail?: string; hint?: string };
  let where = '';
  if (e.position) {
    const line = sql.slice(0, Number(e.position)).split('\n').length;
    where = ` (line ${line})`;
  }
  const extra = [e.detail, e.hint].filter(Boolean).join(' ');
  return `Migration ${path.basename(file)} failed${where}: ${e.message ?? String(err)}${extra ? ` — ${extra}` : ''}`;
}
