// A restart runs the bootstrap again on a database that already has the migrations. It must not
// give back what the migrations took away (revoked functions, column-limited grants): an anon
// caller of newsletter_follow_digest or a member calling payments_mark_paid after a restart.
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { repoRoot } from '../src/config.ts';
import { migrate } from '../src/migrate/index.ts';
import { startTestStack, type TestStack } from './harness.ts';

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => {
  await stack?.stop();
});

/** Every grant on public tables, columns and functions, as one comparable list. */
async function privileges(): Promise<string[]> {
  const { rows } = await stack.pool.query<{ line: string }>(`
    select 'table ' || c.relname || ' ' || coalesce(c.relacl::text, '') as line
      from pg_class c where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'v', 'm', 'S')
    union all
    select 'column ' || c.relname || '.' || a.attname || ' ' || a.attacl::text
      from pg_attribute a join pg_class c on c.oid = a.attrelid
     where c.relnamespace = 'public'::regnamespace and a.attacl is not null
    union all
    select 'function ' || p.oid::regprocedure::text || ' ' || coalesce(p.proacl::text, '')
      from pg_proc p where p.pronamespace = 'public'::regnamespace
    order by 1`);
  return rows.map((r) => r.line);
}

const canExecute = async (role: string, fn: string) =>
  (await stack.pool.query<{ ok: boolean }>("select has_function_privilege($1, $2, 'execute') as ok", [role, fn])).rows[0]!.ok;

it('keeps every grant and revoke of the migrations when the bootstrap runs again on start', async () => {
  const before = await privileges();
  expect(await canExecute('anon', 'public.newsletter_follow_digest(timestamptz, timestamptz)')).toBe(false);
  expect(await canExecute('authenticated', 'public.create_pos_key(uuid, text)')).toBe(true);
  expect(await canExecute('anon', 'public.create_pos_key(uuid, text)')).toBe(false);

  // what a restart on the same data does: bootstrap, then the (already applied) migrations
  const again = await migrate(stack.pool, {
    bootstrapDir: path.join(repoRoot, 'backend', 'sql', 'bootstrap'),
    migrationsDirs: [path.join(repoRoot, 'supabase', 'migrations')],
  });
  expect(again.applied).toEqual([]);
  expect(await privileges()).toEqual(before);
  expect(await canExecute('anon', 'public.newsletter_follow_digest(timestamptz, timestamptz)')).toBe(false);
}, 60_000);
