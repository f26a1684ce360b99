// The backend-core suite, run against PGlite (core.test.ts) and, where the server binaries
// exist, a real PostgreSQL (core-postgres.test.ts). Everything goes through the gateway
// with supabase-js or fetch, as the apps do.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withClaims } from '../src/db/claims.ts';
import { signJwt } from '../src/jwt.ts';
import { startTestStack, type TestStack } from './harness.ts';

const ALICE = '00000000-0000-4000-8000-00000000a11c';
const BOB = '00000000-0000-4000-8000-000000000b0b';

/** A migration folder of its own, so this suite does not depend on the app schema's progress. */
export function writeTestMigrations(extra: Record<string, string> = {}): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stitchhouse-migrations-'));
  fs.writeFileSync(
    path.join(dir, '20990101000000_core_notes.sql'),
    `create table public.core_notes (
       id int primary key,
       owner uuid,
       body text not null,
       stitches int not null default 0
     );
     alter table public.core_notes enable row level security;
     create policy "notes are public" on public.core_notes for select using (true);
     create policy "owners write" on public.core_notes for insert to authenticated with check (owner = auth.uid());
     create table public.core_private (id int primary key, owner uuid not null, body text not null);
     alter table public.core_private enable row level security;
     create policy "own rows" on public.core_private for all to authenticated using (owner = auth.uid()) with check (owner = auth.uid());
     insert into public.core_notes (id, owner, body) values (1, '${ALICE}', 'Bias binding tips'), (2, '${BOB}', 'Fabric grain'), (3, null, 'Pressing seams');
     insert into public.core_private (id, owner, body) values (1, '${ALICE}', 'alice only'), (2, '${BOB}', 'bob only');`,
  );
  for (const [name, sql] of Object.entries(extra)) fs.writeFileSync(path.join(dir, name), sql);
  return dir;
}

function client(stack: TestStack, key = stack.anonKey, accessToken?: string): SupabaseClient {
  return createClient(stack.url, key, {
    auth: { persistSession: false, autoRefreshToken: false },
    global: accessToken ? { headers: { Authorization: `Bearer ${accessToken}` } } : {},
  });
}

async function noteCount(stack: TestStack): Promise<number> {
  const { rows } = await stack.pool.query<{ n: number }>('select count(*)::int as n from public.core_notes');
  return rows[0]!.n;
}

export interface CoreSuiteOptions {
  name: string;
  /** Extra stack options (e.g. databaseUrl for a real PostgreSQL). */
  stackOptions?: () => Promise<{ databaseUrl?: string }>;
  /** PGlite runs in a child process we can SIGKILL. */
  crashTest: boolean;
}

export function defineCoreSuite({ name, stackOptions, crashTest }: CoreSuiteOptions): void {
  describe(`backend core (${name})`, () => {
    let stack: TestStack;
    let migrations: string;
    let extra: { databaseUrl?: string } = {};

    beforeAll(async () => {
      extra = (await stackOptions?.()) ?? {};
      migrations = writeTestMigrations();
      stack = await startTestStack({ migrationsDirs: [migrations], keepData: true, ...extra });
    });
    afterAll(async () => {
      await stack?.stop();
      if (stack) fs.rmSync(stack.dataDir, { recursive: true, force: true });
      if (migrations) fs.rmSync(migrations, { recursive: true, force: true });
    });

    describe('apikey check', () => {
      it('refuses requests without an apikey', async () => {
        const res = await fetch(`${stack.url}/rest/v1/core_notes`);
        expect(res.status).toBe(401);
        expect(await res.json()).toEqual({ message: 'No API key found in request' });
      });
      it('refuses an unknown apikey', async () => {
        const res = await fetch(`${stack.url}/rest/v1/core_notes`, { headers: { apikey: stack.anonKey + 'x' } });
        expect(res.status).toBe(401);
        expect(await res.json()).toEqual({ message: 'Invalid API key' });
        const { error, status } = await client(stack, 'not-a-key').from('core_notes').select();
        expect(status).toBe(401);
        expect(error?.message).toBe('Invalid API key');
      });
      it('accepts the key as ?apikey= and leaves open routes open', async () => {
        const res = await fetch(`${stack.url}/rest/v1/core_notes?select=id&apikey=${stack.anonKey}`);
        expect(res.status).toBe(200);
        expect((await fetch(`${stack.url}/health`)).status).toBe(200);
        expect((await fetch(`${stack.url}/mail/api/messages`)).status).toBe(200);
      });
      it('answers CORS preflights for any origin (*, no credentials) and exposes the PostgREST headers', async () => {
        const pre = await fetch(`${stack.url}/rest/v1/core_notes`, {
          method: 'OPTIONS',
          headers: {
            origin: 'http://localhost:3001',
            'access-control-request-method': 'POST',
            'access-control-request-headers': 'apikey,authorization,x-client-info,content-profile,prefer',
          },
        });
        expect(pre.status).toBe(204);
        // as Supabase's API: any origin, never with credentials (supabase-js sends no cookies)
        expect(pre.headers.get('access-control-allow-origin')).toBe('*');
        expect(pre.headers.get('access-control-allow-credentials')).toBeNull();
        expect(pre.headers.get('access-control-allow-headers')).toContain('content-profile');
        const res = await fetch(`${stack.url}/rest/v1/core_notes?select=id`, {
          headers: { apikey: stack.anonKey, origin: 'http://localhost:3001', prefer: 'count=exact' },
        });
        expect(res.headers.get('access-control-expose-headers')).toMatch(/Content-Range/);
        expect(res.headers.get('content-range')).toBe('0-2/3');
      });
    });

    describe('REST through supabase-js', () => {
      it('reads a table created by a migration', async () => {
        const { data, error, status } = await client(stack).from('core_notes').select('id, body').order('id');
        expect(error).toBeNull();
        expect(status).toBe(200);
        expect(data).toEqual([
          { id: 1, body: 'Bias binding tips' },
          { id: 2, body: 'Fabric grain' },
          { id: 3, body: 'Pressing seams' },
        ]);
      });
      it('exposes public and graphql_public only, as hosted Supabase does: storage, auth and _local answer PGRST106', async () => {
        const res = await fetch(`${stack.url}/rest/v1/core_notes?select=id&limit=1`, {
          headers: { apikey: stack.anonKey, 'accept-profile': 'graphql_public' },
        });
        expect(res.status).not.toBe(406);
        await res.body?.cancel();
        for (const schema of ['storage', 'auth', '_local']) {
          const { error, status } = await client(stack, stack.serviceRoleKey)
            .schema(schema)
            .from(schema === '_local' ? 'mail_messages' : 'buckets')
            .select();
          expect(status).toBe(406);
          expect(error?.code).toBe('PGRST106');
        }
      });
      it('.single() on several rows fails with PGRST116 and 406', async () => {
        const { data, error, status } = await client(stack).from('core_notes').select().single();
        expect(data).toBeNull();
        expect(status).toBe(406);
        expect(error?.code).toBe('PGRST116');
      });
      it('lets row-level security decide with a user token', async () => {
        const token = await signJwt({ sub: ALICE, role: 'authenticated', aud: 'authenticated' }, stack.config.jwtSecret, 600);
        const alice = client(stack, stack.anonKey, token);
        const { data } = await alice.from('core_private').select('body');
        expect(data).toEqual([{ body: 'alice only' }]);
        const { data: anonRows } = await client(stack).from('core_private').select('body');
        expect(anonRows).toEqual([]);
        const { error } = await alice.from('core_notes').insert({ id: 10, owner: BOB, body: 'not mine' });
        expect(error?.code).toBe('42501');
        const { error: ok } = await alice.from('core_notes').insert({ id: 11, owner: ALICE, body: 'Seam allowance chart' });
        expect(ok).toBeNull();
        expect(await noteCount(stack)).toBe(4);
      });
    });

    describe('bad input', () => {
      const post = (body: string, headers: Record<string, string> = {}) =>
        fetch(`${stack.url}/rest/v1/core_notes`, {
          method: 'POST',
          headers: { apikey: stack.anonKey, authorization: `Bearer ${stack.serviceRoleKey}`, 'content-type': 'application/json', ...headers },
          body,
        });

      it('malformed JSON is a 400 with the PostgREST error shape, nothing written', async () => {
        const before = await noteCount(stack);
        const res = await post('{"id": 20, "body": ');
        expect(res.status).toBe(400);
        const body = await res.json();
        expect(Object.keys(body).sort()).toEqual(['code', 'details', 'hint', 'message']);
        expect(body.code).toBe('PGRST102');
        expect(await noteCount(stack)).toBe(before);
      });
      it('wrong types are a 400 with the Postgres code, nothing written', async () => {
        const before = await noteCount(stack);
        const res = await post(JSON.stringify({ id: 'twenty', body: 'x' }));
        expect(res.status).toBe(400);
        const body = await res.json();
        expect(body.code).toBe('22P02');
        expect(body.message).toMatch(/integer/);
        const { error, status } = await client(stack, stack.serviceRoleKey).from('core_notes').insert({ id: 21, body: 'x', stitches: 'many' });
        expect(status).toBe(400);
        expect(error?.code).toBe('22P02');
        expect(await noteCount(stack)).toBe(before);
      });
      it('a forged JWT (wrong secret) is refused with 401, nothing written', async () => {
        const before = await noteCount(stack);
        const forged = await signJwt({ role: 'service_role', iss: 'supabase' }, 'another-secret-another-secret-another-secret', 600);
        const { error, status } = await client(stack, stack.anonKey, forged).from('core_notes').insert({ id: 30, body: 'forged' });
        expect(status).toBe(401);
        expect(error?.code).toBe('PGRST301');
        expect(await noteCount(stack)).toBe(before);
      });
      it('an expired JWT is refused with 401, nothing written', async () => {
        const before = await noteCount(stack);
        const now = Math.floor(Date.now() / 1000);
        const expired = await signJwt({ role: 'service_role', iat: now - 7200, exp: now - 3600 }, stack.config.jwtSecret);
        const { error, status } = await client(stack, stack.anonKey, expired).from('core_notes').insert({ id: 31, body: 'late' });
        expect(status).toBe(401);
        expect(error?.code).toMatch(/^PGRST30[13]$/);
        expect(error?.message).toMatch(/expired/i);
        expect(await noteCount(stack)).toBe(before);
      });
    });

    describe('withClaims', () => {
      it('runs as the role with the claims, so row-level security decides', async () => {
        const rows = await withClaims(
          stack.pool,
          { role: 'authenticated', sub: BOB },
          async (c) => (await c.query('select body, current_user as who from public.core_private')).rows,
        );
        expect(rows).toEqual([{ body: 'bob only', who: 'authenticated' }]);
        const anon = await withClaims(stack.pool, null, async (c) => (await c.query('select count(*)::int as n from public.core_private')).rows[0]);
        expect(anon).toEqual({ n: 0 });
      });
      it('rolls back when the work throws, and refuses odd role names', async () => {
        await expect(
          withClaims(stack.pool, { role: 'authenticated', sub: BOB }, async (c) => {
            await c.query("insert into public.core_private (id, owner, body) values (50, $1, 'temp')", [BOB]);
            throw new Error('changed my mind');
          }),
        ).rejects.toThrow('changed my mind');
        const { rowCount } = await stack.pool.query('select 1 from public.core_private where id = 50');
        expect(rowCount).toBe(0);
        await expect(withClaims(stack.pool, { role: 'postgres; drop table x' }, async () => 1)).rejects.toThrow(/Invalid role/);
        // Settings were transaction-local: the pooled connection is back to the superuser.
        const { rows } = await stack.pool.query('select current_user as who');
        expect(rows[0].who).not.toBe('authenticated');
      });
    });

    describe('mail inbox', () => {
      it('stores messages, lists them newest first with their links, and clears them', async () => {
        await stack.mailer.send({
          to: 'Maker@Example.com',
          subject: 'Confirm your email',
          text: 'Open http://127.0.0.1:1/a?x=1.',
          html: '<a href="http://127.0.0.1:1/b?token=1&amp;type=signup">Confirm</a>',
        });
        await stack.mailer.send({ to: 'maker@example.com', subject: 'Your magic link', text: 'Code 123456', html: '' });
        await stack.mailer.send({ to: 'other@example.com', subject: 'Other', text: 'x', html: '' });
        const res = await fetch(`${stack.url}/mail/api/messages?to=maker@example.com`);
        const list = await res.json();
        expect(list.map((m: { subject: string }) => m.subject)).toEqual(['Your magic link', 'Confirm your email']);
        expect(list[1].links).toEqual(['http://127.0.0.1:1/b?token=1&type=signup', 'http://127.0.0.1:1/a?x=1']);
        expect(Object.keys(list[1]).sort()).toEqual(['created_at', 'html', 'id', 'links', 'subject', 'text', 'to']);
        const one = await (await fetch(`${stack.url}/mail/api/messages/${list[1].id}`)).json();
        expect(one.subject).toBe('Confirm your email');
        expect((await fetch(`${stack.url}/mail/api/messages/999999`)).status).toBe(404);
        const page = await fetch(`${stack.url}/mail`);
        expect(page.headers.get('content-type')).toMatch(/text\/html/);
        expect(await page.text()).toContain('Confirm your email');
        expect((await fetch(`${stack.url}/mail/${list[1].id}`)).status).toBe(200);
        await expect(stack.mailer.send({ to: 'not an address', subject: 's', text: '', html: '' })).rejects.toThrow(/invalid address/);
        expect((await fetch(`${stack.url}/mail/api/messages`, { method: 'DELETE' })).status).toBe(200);
        expect(await (await fetch(`${stack.url}/mail/api/messages`)).json()).toEqual([]);
      });
      it('lets server-side code holding the service key send mail, and nobody else', async () => {
        const send = (auth: string, body: unknown) =>
          fetch(`${stack.url}/mail/api/send`, {
            method: 'POST',
            headers: { authorization: auth, 'content-type': 'application/json' },
            body: JSON.stringify(body),
          });
        const message = { to: 'buyer@example.com', subject: 'Pattern updated', text: 'Version 2: fixed notches.', html: '' };
        expect((await send(`Bearer ${stack.anonKey}`, message)).status).toBe(401);
        const bad = await send(`Bearer ${stack.serviceRoleKey}`, { ...message, to: 'nobody' });
        expect(bad.status).toBe(400);
        expect((await bad.json()).message).toMatch(/email/);
        expect(await (await fetch(`${stack.url}/mail/api/messages?to=buyer@example.com`)).json()).toEqual([]);
        expect((await send(`Bearer ${stack.serviceRoleKey}`, message)).status).toBe(202);
        const [stored] = await (await fetch(`${stack.url}/mail/api/messages?to=buyer@example.com`)).json();
        expect(stored.subject).toBe('Pattern updated');
      });
    });

    describe('restarts', () => {
      it('a failed migration stops start-up with the file name and the Postgres error, applying nothing of it', async () => {
        await stack.stop();
        const bad = writeTestMigrations({
          '20990102000000_broken.sql': 'create table public.core_half (id int);\nselect * from public.no_such_table;\n',
        });
        const failed = startTestStack({ migrationsDirs: [bad], dataDir: stack.dataDir, ...extra });
        await expect(failed).rejects.toThrow(/20990102000000_broken\.sql failed \(line 2\): relation "public\.no_such_table" does not exist/);
        fs.rmSync(bad, { recursive: true, force: true });
      });
      it('keeps data and does not re-apply migrations', async () => {
        stack = await startTestStack({ migrationsDirs: [migrations], dataDir: stack.dataDir, ...extra });
        expect(stack.applied).toEqual([]);
        const { rows } = await stack.pool.query('select version, name from supabase_migrations.schema_migrations order by version');
        expect(rows).toEqual([{ version: '20990101000000', name: 'core_notes' }]);
        const { rowCount } = await stack.pool.query("select 1 from pg_tables where tablename = 'core_half'");
        expect(rowCount).toBe(0);
        const { data } = await client(stack).from('core_notes').select('body').eq('id', 11);
        expect(data).toEqual([{ body: 'Seam allowance chart' }]);
      });
      it('answers 503 with a PostgREST-style error when PostgREST is down, status 0 when the backend is', async () => {
        await stack.rest.stop();
        const res = await fetch(`${stack.url}/rest/v1/core_notes`, { headers: { apikey: stack.anonKey } });
        expect(res.status).toBe(503);
        expect(await res.json()).toMatchObject({ code: 'PGRST000', message: expect.any(String), details: expect.any(String) });
        const supabase = client(stack);
        await stack.stop();
        const { error, status } = await supabase.from('core_notes').select().retry(false);
        expect(status).toBe(0);
        expect(error?.message).toMatch(/fetch failed/i);
      });
      it.skipIf(!crashTest)('loses no committed row when the database process is SIGKILLed mid-write', async () => {
        stack = await startTestStack({ migrationsDirs: [migrations], dataDir: stack.dataDir, ...extra });
        const child = stack.postgres.process!;
        let acknowledged = 0;
        let stop = false;
        const writer = (async () => {
          for (let i = 1000; !stop; i++) {
            await stack.pool.query('insert into public.core_notes (id, body) values ($1, $2)', [i, `crash row ${i}`]);
            acknowledged++;
          }
        })().catch(() => undefined);
        // Kill once a good number of writes are through (no timing involved).
        while (acknowledged < 200) await new Promise((r) => setTimeout(r, 5));
        child.kill('SIGKILL');
        await writer;
        stop = true;
        const atKill = acknowledged;
        await stack.stop();
        stack = await startTestStack({ migrationsDirs: [migrations], dataDir: stack.dataDir, ...extra });
        const { rows } = await stack.pool.query<{ n: number }>("select count(*)::int as n from public.core_notes where body like 'crash row %'");
        // Every acknowledged commit is there; at most the one in flight may also have landed.
        expect(rows[0]!.n).toBeGreaterThanOrEqual(atKill);
        expect(rows[0]!.n).toBeLessThanOrEqual(atKill + 1);
      });
    });
  });
}
