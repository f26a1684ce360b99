// The server side of the load bench, in its own process like `npm start`'s backend: the
// embedded stack with the demo seed on a throwaway database (PGlite, or a throwaway PostgreSQL
// server for `postgres`), reporting what the load needs over IPC, stopped by a "stop" message
// or when the parent goes away.
//   node --experimental-websocket --import tsx load/stack.ts pglite|postgres [--data-dir DIR] [--a0-pages N]
// With --a0-pages, every pattern's A0 file is replaced by an N-page A0 sheet set (as
// bench/catalog/stamp.ts makes it) and the download pairs are those A0 files.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { findPostgresBin, startThrowawayPostgres, type ThrowawayPostgres } from '../../backend/src/db/throwaway-postgres.ts';
import { startStack, type Stack } from '../../backend/src/stack.ts';
import { DEMO_PASSWORD } from '../../supabase/seed/people.ts';
import { makePatternPdf } from '../../supabase/seed/assets.ts';

export interface LoadTarget {
  db: 'pglite' | 'postgres';
  url: string;
  anonKey: string;
  password: string;
  /** Confirmed demo accounts (sign-in scenario). */
  accounts: string[];
  /** Buyer × pattern pairs the buyer may download, with the pattern's first format (download scenario). */
  downloads: Array<{ email: string; patternId: string; format: string }>;
}

const db = process.argv[2];
if (db !== 'pglite' && db !== 'postgres') throw new Error('usage: load/stack.ts pglite|postgres [--data-dir DIR]');
const keptDataDir = process.argv.find((_, i) => process.argv[i - 1] === '--data-dir');
const a0Pages = Number(process.argv.find((_, i) => process.argv[i - 1] === '--a0-pages') ?? 0);
const errors: string[] = [];
const quiet = {
  info: () => undefined,
  error: (service: string, message: string, err?: unknown) => {
    errors.push(`[${service}] ${message} ${err instanceof Error ? err.message : (err ?? '')}`);
    console.error(`[stack ${service}] ${message}`, err instanceof Error ? err.message : (err ?? ''));
  },
};

let pg: ThrowawayPostgres | undefined;
let stack: Stack | undefined;
const dataDir = keptDataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), `stitchhouse-load-${db}-`));

let stopping = false;
async function shutdown(code: number): Promise<void> {
  if (stopping) return;
  stopping = true;
  // Requests still in flight when the load ends must not keep the stack (and its database) up.
  const stopped = stack?.stop().catch((err) => console.error('[stack] stop failed', err));
  await Promise.race([stopped, new Promise((resolve) => setTimeout(resolve, 30_000).unref())]);
  pg?.stop();
  if (!keptDataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(code);
}
process.on('disconnect', () => void shutdown(0));
process.on('message', (message) => {
  if (message === 'stop') void shutdown(0);
  if (message === 'errors') process.send!({ errors: errors.splice(0) });
});

try {
  if (db === 'postgres') {
    const bin = findPostgresBin();
    if (!bin) throw new Error('No PostgreSQL server binaries under /usr/lib/postgresql (apt-get install postgresql)');
    pg = await startThrowawayPostgres(bin);
  }
  stack = await startStack({ dataDir, databaseUrl: pg?.url, port: 0, dbPort: 0, restPort: 0, log: quiet, apiExternalUrl: 'http://127.0.0.1:{port}' });

  // Every demo buyer may download every published pattern with a file, so the load spreads over
  // many buyer × pattern pairs instead of meeting the hourly limit (10 per pair) at once.
  await stack.pool.query(`
    insert into public.entitlements (user_id, pattern_id, source)
    select u.id, p.id, 'grant' from auth.users u cross join public.patterns p
     where u.email like '%@makers.test' and p.status = 'published'
       and exists (select 1 from public.pattern_files f where f.pattern_id = p.id)
    on conflict do nothing`);
  if (a0Pages > 0) {
    // every A0 file becomes an N-page A0 (the stored object replaced through the storage API)
    const big = await makePatternPdf({
      title: 'Juniper Wrap Dress',
      designer: 'Mira Okafor',
      format: 'a0',
      sizes: ['XS', 'S', 'M', 'L', 'XL', '2XL', '3XL', '4XL'],
      pages: a0Pages,
    });
    const { rows: files } = await stack.pool.query<{ storage_path: string }>(`select storage_path from public.pattern_files where format = 'a0'`);
    for (const f of files) {
      const res = await fetch(`${stack.url}/storage/v1/object/pattern-files/${f.storage_path}`, {
        method: 'POST',
        body: Buffer.from(big),
        headers: { apikey: stack.serviceRoleKey, authorization: `Bearer ${stack.serviceRoleKey}`, 'content-type': 'application/pdf', 'x-upsert': 'true' },
      });
      if (!res.ok) throw new Error(`replacing ${f.storage_path}: ${res.status} ${await res.text()}`);
    }
    console.error(`[stack] ${files.length} A0 files replaced by ${a0Pages}-page ones (${Math.round(big.byteLength / 1024)} KiB)`);
  }
  const order = a0Pages > 0 ? `array['a0']` : `array['a4', 'us_letter', 'a0', 'projector']`;
  const { rows: downloads } = await stack.pool.query<{ email: string; patternId: string; format: string }>(`
    select * from (
    select u.email, e.pattern_id as "patternId",
           (select f.format from public.pattern_files f where f.pattern_id = e.pattern_id and f.format = any (${order})
             order by array_position(${order}, f.format) limit 1) as format
      from public.entitlements e join auth.users u on u.id = e.user_id
     where e.revoked_at is null and u.email like '%@makers.test'
       and exists (select 1 from public.pattern_files f where f.pattern_id = e.pattern_id)
     order by e.pattern_id, u.email) pairs where format is not null`);
  const { rows: accounts } = await stack.pool.query<{ email: string }>(
    `select email from auth.users where email like '%.test' and email_confirmed_at is not null and encrypted_password is not null order by email`,
  );
  const target: LoadTarget = { db, url: stack.url, anonKey: stack.anonKey, password: DEMO_PASSWORD, accounts: accounts.map((a) => a.email), downloads };
  process.send!({ target });
} catch (err) {
  console.error(err);
  await shutdown(1);
}
