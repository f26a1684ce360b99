// Test start-up: a PGlite data folder initialised, bootstrapped and (by default)
// migrated once per machine, copied into each fresh stack's data folder. initdb in WASM costs
// 8-15 s and the migrations several more; a copy costs a fraction of a second. Keyed by the
// PGlite version and the SQL files' names and contents, so a new or changed file makes a new one.
// buildOnce also builds throwaway-postgres.ts's PostgreSQL templates.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Logger } from '../context.ts';
import { listSqlFiles, migrate, runBootstrap } from '../migrate/index.ts';
import { createPool } from './pool.ts';
import { isAlive, startPostgres } from './postgres.ts';

const migrateSource = path.join(import.meta.dirname, '..', 'migrate', 'index.ts');
const pgliteManifest = path.join(import.meta.dirname, '..', '..', 'node_modules', '@electric-sql', 'pglite', 'package.json');

export interface SchemaFiles {
  bootstrapDir: string;
  /** Migrations applied in the template too; absent: bootstrap only. */
  migrationsDirs?: string[];
}

/** A short hash of what a template holds (names and contents, not where the checkout is): a new or edited SQL file gives another key. */
export function schemaKey(files: SchemaFiles, extra = ''): string {
  // the runner too: a change to how migrations are recorded makes new templates
  const hash = crypto.createHash('sha256').update(extra).update(fs.readFileSync(migrateSource));
  for (const file of listSqlFiles(files.bootstrapDir)) hash.update(path.basename(file)).update(fs.readFileSync(file));
  hash.update('\0migrations\0');
  for (const file of (files.migrationsDirs ?? []).flatMap(listSqlFiles)) hash.update(path.basename(file)).update(fs.readFileSync(file));
  return hash.digest('hex').slice(0, 16);
}

/** Applies the bootstrap, and the migrations when given, through a pool on `url`. */
export async function applySchema(url: string, files: SchemaFiles): Promise<void> {
  const pool = createPool(url);
  try {
    if (files.migrationsDirs) await migrate(pool, { bootstrapDir: files.bootstrapDir, migrationsDirs: files.migrationsDirs });
    else await runBootstrap(pool, files.bootstrapDir);
  } finally {
    await pool.end();
  }
}

/** Builds `target` once with build(folder) into a temporary sibling; concurrent callers wait for the first. */
export async function buildOnce(target: string, isReady: () => boolean, build: (folder: string) => Promise<void>): Promise<void> {
  const lock = `${target}.lock`;
  const used = () => {
    try {
      fs.utimesSync(target, new Date(), new Date()); // pruneTemplates keeps what is in use
    } catch {
      // removed meanwhile: the next start builds it again
    }
  };
  for (;;) {
    if (isReady()) return used();
    try {
      fs.mkdirSync(lock);
      fs.writeFileSync(path.join(lock, 'pid'), String(process.pid));
      break;
    } catch {
      // another process builds it; a lock whose builder died (or one older than 5 minutes) is stale
      try {
        const builder = Number(fs.readFileSync(path.join(lock, 'pid'), 'utf8'));
        if (builder > 0 && !isAlive(builder)) fs.rmSync(lock, { recursive: true, force: true });
      } catch {
        // not written yet, or gone meanwhile
      }
      try {
        if (Date.now() - fs.statSync(lock).mtimeMs > 300_000) fs.rmSync(lock, { recursive: true, force: true });
      } catch {
        // gone meanwhile
      }
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  try {
    if (isReady()) return;
    const building = fs.mkdtempSync(`${target}-building-`);
    try {
      await build(building);
      fs.rmSync(target, { recursive: true, force: true });
      fs.renameSync(building, target);
    } finally {
      fs.rmSync(building, { recursive: true, force: true });
    }
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
}

/** The template folder (it holds pgdata/) for these schema files, built on first use. */
export async function pgliteTemplate(files: SchemaFiles, log: Logger): Promise<string> {
  const version = JSON.parse(fs.readFileSync(pgliteManifest, 'utf8')).version as string;
  const template = path.join(os.tmpdir(), `stitchhouse-pglite-template-${schemaKey(files, version)}`);
  await buildOnce(
    template,
    () => fs.existsSync(path.join(template, 'pgdata', 'PG_VERSION')),
    async (building) => {
      const pg = await startPostgres({ dataDir: building, log, password: crypto.randomBytes(18).toString('base64url') });
      try {
        await applySchema(pg.connectionString, files);
      } finally {
        await pg.stop();
      }
      fs.rmSync(path.join(building, 'pglite.pid'), { force: true });
    },
  );
  return template;
}

/** Fills a fresh stack's data folder (no pgdata/ yet) with a copy of the template's database. */
export async function copyPgliteTemplate(dataDir: string, files: SchemaFiles, log: Logger): Promise<void> {
  if (fs.existsSync(path.join(dataDir, 'pgdata'))) return;
  fs.cpSync(path.join(await pgliteTemplate(files, log), 'pgdata'), path.join(dataDir, 'pgdata'), { recursive: true });
}

/** Removes templates (ours, by name) nobody used for `days` days: each is a 40 MB folder. */
export function pruneTemplates(days = 3): void {
  const cutoff = Date.now() - days * 86_400_000;
  for (const name of fs.readdirSync(os.tmpdir())) {
    if (!/^stitchhouse-(pglite-template|pgtemplate)-/.test(name)) continue;
    const dir = path.join(os.tmpdir(), name);
    try {
      if (fs.statSync(dir).mtimeMs < cutoff) fs.rmSync(dir, { recursive: true, force: true });
    } catch {
      // removed meanwhile
    }
  }
}
