// Statuses, kinds and licences are Postgres enums (20261202001000_typed_statuses.sql):
//   - nothing is lost: a database holding every value of every converted column before the
//     migration holds the same values, row for row, after it, and the columns are enums;
//   - a wrong value is still refused through PostgREST with a readable error (22P02, naming the
//     enum and the value), and what a member may do is what it was (policies created again);
//   - the functions that put text into a converted column still work (a text argument, a CASE of
//     literals, a RETURN QUERY declaring text columns);
//   - the generated types carry the unions: shared/src/database.types.ts is what the generator
//     writes for this database, and its Enums and Constants list every value pg_enum has.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../../backend/src/config.ts';
import { DATABASE_TYPES_FILE, databaseTypesOf } from '../../../backend/src/db/database-types.ts';
import { migrate } from '../../../backend/src/migrate/index.ts';
import { startTestStack, type TestStack } from '../../../backend/test/harness.ts';
import { serviceClient, signedInMember, type Member } from '../../../backend/test/members.ts';

const MIGRATION = '20261202001000';
/** Every converted column, its enum and the values its check allowed. */
const CONVERTED = [
  { table: 'patterns', column: 'status', type: 'pattern_status', values: ['draft', 'published', 'archived'] },
  { table: 'patterns', column: 'licence', type: 'pattern_licence', values: ['personal', 'small_business'] },
  { table: 'stores', column: 'kind', type: 'store_kind', values: ['designer', 'retailer', 'supplier'] },
  { table: 'orders', column: 'status', type: 'order_status', values: ['pending', 'paid', 'partially_refunded', 'refunded', 'failed', 'expired'] },
  { table: 'order_items', column: 'kind', type: 'order_item_kind', values: ['digital', 'wholesale_print'] },
  { table: 'order_items', column: 'licence', type: 'pattern_licence', values: ['personal', 'small_business'] },
  {
    table: 'subscriptions',
    column: 'status',
    type: 'subscription_status',
    values: ['trialing', 'active', 'past_due', 'canceled', 'unpaid', 'incomplete', 'incomplete_expired', 'paused'],
  },
  { table: 'wholesale_accounts', column: 'status', type: 'application_status', values: ['pending', 'approved', 'rejected'] },
  { table: 'partner_applications', column: 'kind', type: 'partner_kind', values: ['reseller', 'supplier'] },
  { table: 'partner_applications', column: 'status', type: 'application_status', values: ['pending', 'approved', 'rejected'] },
  { table: 'payout_transfers', column: 'status', type: 'payout_status', values: ['held', 'paid', 'reversed'] },
  { table: 'payout_transfers', column: 'kind', type: 'payout_kind', values: ['designer_share', 'commission'] },
  { table: 'reports', column: 'audience', type: 'report_audience', values: ['store', 'operator', 'reseller', 'supplier'] },
] as const;

let stack: TestStack;
let earlier: string;
let before: string[];
let after: string[];
let designer: Member;
let stranger: Member;
let storeId: string;
let patternId: string;

/** Every value of every converted column with its row count (and the reports' store kinds), as one comparable list. */
async function valuesHeld(): Promise<string[]> {
  const parts = CONVERTED.map(
    (c) => `select '${c.table}.${c.column}=' || ${c.column}::text || ' ' || count(*) as line from public.${c.table} group by ${c.column}`,
  );
  parts.push(`select 'reports.store_kinds=' || coalesce(store_kinds::text, 'null') || ' ' || count(*) from public.reports group by store_kinds::text`);
  const { rows } = await stack.pool.query<{ line: string }>(`${parts.join(' union all ')} order by 1`);
  return rows.map((r) => r.line);
}

/** Rows holding every value of every converted column, written as the service role would (no triggers, no FKs to satisfy). */
async function holdEveryValue(): Promise<void> {
  const client = await stack.pool.connect();
  try {
    await client.query('begin');
    await client.query(`set local session_replication_role = replica`);
    await client.query(`
      with s as (
        insert into public.stores (owner_id, slug, kind, name, address_line1, city, postal_code)
        select gen_random_uuid(), 'kept-' || k || '-' || substr(md5(random()::text), 1, 6), k, 'Kept ' || k, '1 High Street', 'York', 'YO1 1AA'
          from unnest(array['designer', 'retailer', 'supplier']) k
        returning id)
      insert into public.patterns (store_id, title, craft, category, status, licence, published_at)
      select (select id from s limit 1), 'Kept ' || st || ' ' || li, 'sewing', 'dresses', st, li, now()
        from unnest(array['draft', 'published', 'archived']) st, unnest(array['personal', 'small_business']) li`);
    await client.query(`
      with o as (
        insert into public.orders (currency, subtotal_cents, total_cents, status)
        select 'EUR', 100, 100, st from unnest(array['pending', 'paid', 'partially_refunded', 'refunded', 'failed', 'expired']) st
        returning id)
      insert into public.order_items (order_id, pattern_id, store_id, unit_price_cents, currency, kind, licence, quantity)
      select (select id from o limit 1), gen_random_uuid(), gen_random_uuid(), 100, 'EUR', k, li, 1
        from unnest(array['digital', 'wholesale_print']) k, unnest(array['personal', 'small_business']) li`);
    await client.query(`
      insert into public.payout_transfers (order_item_id, order_id, store_id, recipient_id, amount_cents, currency, status, kind)
      select gen_random_uuid(), gen_random_uuid(), gen_random_uuid(), gen_random_uuid(), 100, 'EUR', st, k
        from unnest(array['held', 'paid', 'reversed']) st, unnest(array['designer_share', 'commission']) k`);
    await client.query(`
      insert into public.subscriptions (store_id, plan, status, provider_subscription_id)
      select gen_random_uuid(), 'pro', st, 'sub_kept_' || st
        from unnest(array['trialing', 'active', 'past_due', 'canceled', 'unpaid', 'incomplete', 'incomplete_expired', 'paused']) st`);
    await client.query(`
      insert into public.wholesale_accounts (user_id, business_name, tax_id, address_line1, city, postal_code, country, status, reason, reviewed_at)
      select gen_random_uuid(), 'Kept Fabrics', 'GB 123456789', '1 High Street', 'York', 'YO1 1AA', 'GB', st, 'Kept reason', now()
        from unnest(array['pending', 'approved', 'rejected']) st`);
    await client.query(`
      insert into public.partner_applications (user_id, kind, company, website, status, reason, reviewed_at)
      select gen_random_uuid(), k, 'Kept Company', 'https://kept.example', st, 'Kept reason', now()
        from unnest(array['reseller', 'supplier']) k, unnest(array['pending', 'approved', 'rejected']) st`);
    await client.query('commit');
  } catch (err) {
    await client.query('rollback');
    throw err;
  } finally {
    client.release();
  }
}

const rest = (p: string, token: string, init: RequestInit = {}) =>
  fetch(`${stack.url}/rest/v1/${p}`, {
    ...init,
    headers: {
      apikey: stack.anonKey,
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      prefer: 'return=representation',
      ...(init.headers ?? {}),
    },
  });

beforeAll(async () => {
  // The schema as it was before the conversion: every migration before this one.
  earlier = fs.mkdtempSync(path.join(os.tmpdir(), 'stitchhouse-before-enums-'));
  const migrations = path.join(repoRoot, 'supabase', 'migrations');
  for (const file of fs.readdirSync(migrations).filter((f) => f.endsWith('.sql') && f < MIGRATION)) {
    fs.symlinkSync(path.join(migrations, file), path.join(earlier, file));
  }
  stack = await startTestStack({ seed: false, migrationsDirs: [earlier] });
  await holdEveryValue();
  before = await valuesHeld();
  // Then the rest, this migration included, on the same data (what a deploy does), and PostgREST's schema cache again.
  const applied = await migrate(stack.pool, {
    bootstrapDir: path.join(repoRoot, 'backend', 'sql', 'bootstrap'),
    migrationsDirs: [migrations],
  });
  expect(applied.applied.some((f) => path.basename(f).startsWith(MIGRATION))).toBe(true);
  await stack.rest.reloadSchema();
  after = await valuesHeld();

  [designer, stranger] = await Promise.all([signedInMember(stack, 'enum-designer', 'Dana Designer'), signedInMember(stack, 'enum-stranger', 'Sam Stranger')]);
  storeId = (
    await designer.db
      .from('stores')
      .insert({ slug: `dana-enums-${Date.now().toString(36)}`, kind: 'designer', name: 'Dana Patterns' })
      .select('id')
      .single()
      .throwOnError()
  ).data!.id;
  patternId = (
    await designer.db
      .from('patterns')
      .insert({ store_id: storeId, title: 'Harbour Wrap Dress', craft: 'sewing', category: 'dresses', price_cents: 1400 })
      .select('id')
      .single()
      .throwOnError()
  ).data!.id;
}, 240_000);

afterAll(async () => {
  await stack?.stop();
  if (earlier) fs.rmSync(earlier, { recursive: true, force: true });
});

describe('the conversion', () => {
  it('keeps every value of every converted column, row for row', async () => {
    for (const c of CONVERTED) {
      for (const v of c.values)
        expect(
          before.some((line) => line.startsWith(`${c.table}.${c.column}=${v} `)),
          `${c.table}.${c.column} held ${v}`,
        ).toBe(true);
    }
    expect(after).toEqual(before);
  });

  it('makes each column its enum, with the values its check allowed, and drops the checks', async () => {
    for (const c of CONVERTED) {
      const { rows } = await stack.pool.query<{ udt_name: string }>(
        `select udt_name from information_schema.columns where table_schema = 'public' and table_name = $1 and column_name = $2`,
        [c.table, c.column],
      );
      expect(rows[0]?.udt_name, `${c.table}.${c.column}`).toBe(c.type);
      const labels = await stack.pool.query<{ label: string }>(`select enumlabel as label from pg_enum where enumtypid = $1::regtype order by enumsortorder`, [
        `public.${c.type}`,
      ]);
      expect(
        labels.rows.map((r) => r.label),
        c.type,
      ).toEqual(c.values);
    }
    const { rows } = await stack.pool.query<{ udt_name: string }>(
      `select udt_name from information_schema.columns where table_schema = 'public' and table_name = 'reports' and column_name = 'store_kinds'`,
    );
    expect(rows[0]?.udt_name).toBe('_store_kind');
    const checks = await stack.pool.query<{ conname: string }>(
      `select conname from pg_constraint where connamespace = 'public'::regnamespace and contype = 'c' and conname = any ($1)`,
      [CONVERTED.map((c) => `${c.table}_${c.column}_valid`)],
    );
    expect(checks.rows).toEqual([]);
  });
});

describe('through PostgREST', () => {
  it('refuses a status the enum does not have, naming the enum and the value', async () => {
    const res = await rest(`patterns?id=eq.${patternId}`, designer.token, { method: 'PATCH', body: JSON.stringify({ status: 'live' }) });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.code).toBe('22P02');
    expect(body.message).toBe('invalid input value for enum pattern_status: "live"');
    // a store kind likewise, on insert
    const store = await rest('stores', designer.token, {
      method: 'POST',
      body: JSON.stringify({ slug: `dana-shop-${Date.now().toString(36)}`, kind: 'boutique', name: 'Dana Shop' }),
    });
    expect(store.status).toBe(400);
    expect((await store.json()).message).toBe('invalid input value for enum store_kind: "boutique"');
  });

  it('takes the enum values as before, and the policies still decide who may', async () => {
    const archived = await rest(`patterns?id=eq.${patternId}`, designer.token, { method: 'PATCH', body: JSON.stringify({ status: 'archived' }) });
    expect(archived.status).toBe(200);
    expect((await archived.json())[0].status).toBe('archived');
    // another member changes nothing (the owner's policies, created again, still hold)
    const theirs = await rest(`patterns?id=eq.${patternId}`, stranger.token, { method: 'PATCH', body: JSON.stringify({ status: 'draft' }) });
    expect(await theirs.json()).toEqual([]);
    // an applicant cannot approve themselves (refused before the policy's check that the row stays 'pending')
    const applied = await rest('wholesale_accounts', stranger.token, {
      method: 'POST',
      body: JSON.stringify({
        business_name: 'Sam Fabrics',
        tax_id: 'GB 123456789',
        address_line1: '1 High Street',
        city: 'York',
        postal_code: 'YO1 1AA',
        country: 'GB',
      }),
    });
    expect(applied.status).toBe(201);
    const application = (await applied.json())[0];
    expect(application.status).toBe('pending');
    const approved = await rest(`wholesale_accounts?id=eq.${application.id}`, stranger.token, {
      method: 'PATCH',
      body: JSON.stringify({ status: 'approved' }),
    });
    expect(approved.status).toBe(403);
    const refusal = await approved.json();
    expect(refusal.code).toBe('42501');
    expect(refusal.message).toBe('You cannot review your own application');
    const kept = await rest(`wholesale_accounts?id=eq.${application.id}&select=status`, stranger.token);
    expect(await kept.json()).toEqual([{ status: 'pending' }]);
    // a visitor reads published patterns only (patterns_read_published compares the enum)
    const visitor = await fetch(`${stack.url}/rest/v1/patterns?select=status&status=eq.published`, { headers: { apikey: stack.anonKey } });
    expect(((await visitor.json()) as { status: string }[]).every((p) => p.status === 'published')).toBe(true);
  });

  it('runs the functions that write or return a converted column', async () => {
    // change_patterns_status takes its status as text and casts it
    const changed = await designer.db.rpc('change_patterns_status', { pattern_ids: [patternId], status: 'draft' });
    expect(changed.error).toBeNull();
    expect(changed.data).toEqual([expect.objectContaining({ id: patternId, ok: true })]);
    const unknown = await designer.db.rpc('change_patterns_status', { pattern_ids: [patternId], status: 'live' });
    expect(unknown.error?.message).toBe('Unknown status "live"');
    // partner_directory compares the kind with its text argument; store_sales returns text columns from a RETURN QUERY
    const directory = await designer.db.rpc('partner_directory', { programme: 'reseller' });
    expect(directory.error).toBeNull();
    expect((directory.data as { kind: string }[]).every((p) => p.kind === 'reseller')).toBe(true);
    const sales = await designer.db.rpc('store_sales', { p_limit: 10 });
    expect(sales.error).toBeNull();
    // payments_sync_subscription writes Stripe's status (text) into the enum column
    const sub = await serviceClient(stack).rpc('payments_sync_subscription', {
      p_sub: {
        id: `sub_enum_${Date.now()}`,
        status: 'incomplete_expired',
        customer: 'cus_enum',
        metadata: { store_id: storeId, plan: 'pro' },
        items: { data: [{ current_period_start: 1_790_000_000, current_period_end: 1_792_600_000, price: { recurring: { interval: 'month' } } }] },
      },
    });
    expect(sub.error).toBeNull();
    const stored = await serviceClient(stack).from('subscriptions').select('status').eq('store_id', storeId).single().throwOnError();
    expect(stored.data!.status).toBe('incomplete_expired');
  });
});

describe('the generated types', () => {
  it('are what the generator writes for this database, with every enum in Enums and Constants', async () => {
    const file = fs.readFileSync(DATABASE_TYPES_FILE, 'utf8');
    const generated = await databaseTypesOf(stack.pool);
    const section = (text: string, start: string, end: string) => text.slice(text.indexOf(start), text.indexOf(end, text.indexOf(start)));
    // the Enums and Constants sections are the database's (the whole file is held by `gen-db-types --check` in npm test)
    expect(section(file, '    Enums: {', '    CompositeTypes: {')).toBe(section(generated, '    Enums: {', '    CompositeTypes: {'));
    expect(section(file, 'export const Constants', '} as const')).toBe(section(generated, 'export const Constants', '} as const'));
    const constants = section(file, 'export const Constants', '} as const');
    const enums = section(file, '    Enums: {', '    CompositeTypes: {').replace(/\s+/g, '');
    for (const c of CONVERTED) {
      const union = c.values.map((v) => `"${v}"`);
      expect(enums, `${c.type} in Enums`).toMatch(new RegExp(`${c.type}:\\|?${union.join('\\|')}(?!\\|)`));
      expect(constants.replace(/\s+/g, ''), `${c.type} in Constants`).toMatch(new RegExp(`${c.type}:\\[${union.join(',')},?\\]`));
      // the table's Row names the enum, so a remote reading the column gets the union
      const table = section(file, `      ${c.table}: {\n        Row: {`, '        Insert: {');
      expect(table, `${c.table}.${c.column}`).toContain(`${c.column}: Database["public"]["Enums"]["${c.type}"]`);
    }
  });
});
