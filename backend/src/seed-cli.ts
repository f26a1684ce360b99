// Loads the demo marketplace (supabase/seed/index.ts) into any Supabase: the embedded backend
// does this by itself on a fresh database; this is for `supabase start` or a hosted project.
//   SUPABASE_URL=http://127.0.0.1:54321 SUPABASE_ANON_KEY=… SUPABASE_SERVICE_ROLE_KEY=… \
//   DATABASE_URL=postgresql://postgres:postgres@127.0.0.1:54322/postgres node scripts/seed.mjs
// The seed is idempotent (on conflict do nothing, upserts), so running it twice changes nothing.
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createPool } from './db/pool.ts';

const need = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set (see docs/architecture.md, "supabase start instead of the embedded backend")`);
  return value;
};

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const pool = createPool(need('DATABASE_URL'));
try {
  const { seed } = (await import(pathToFileURL(path.join(repoRoot, 'supabase', 'seed', 'index.ts')).href)) as {
    seed(opts: { url: string; anonKey: string; serviceRoleKey: string; pool: typeof pool; log: (msg: string) => void }): Promise<void>;
  };
  const started = Date.now();
  await seed({
    url: need('SUPABASE_URL'),
    anonKey: need('SUPABASE_ANON_KEY'),
    serviceRoleKey: need('SUPABASE_SERVICE_ROLE_KEY'),
    pool,
    log: (msg) => console.log(`[seed] ${msg}`),
  });
  console.log(`[seed] demo data loaded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
} finally {
  await pool.end();
}
