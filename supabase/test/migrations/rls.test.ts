// Row-level security matrix: every table × select/insert/update/delete × every persona,
// through the real PostgREST with GoTrue-shaped tokens. Allowed cases must succeed; denied
// cases must fail (401/403/42501 or zero rows) and a service-key read afterwards must show
// that nothing changed. Writes are undone (or made on throwaway rows) so cases are independent.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signJwt } from '../../../backend/src/jwt.ts';
import { startTestStack, type TestStack } from '../../../backend/test/harness.ts';

type Role = 'anon' | 'maker' | 'designer' | 'other' | 'wholesale' | 'partner' | 'operator' | 'service';
const ROLES: Role[] = ['anon', 'maker', 'designer', 'other', 'wholesale', 'partner', 'operator', 'service'];
type Row = Record<string, unknown>;

// Fixed ids so every case can name its target.
const id = (n: number) => `00000000-0000-4000-8000-${n.toString().padStart(12, '0')}`;
const U = { maker: id(1), designer: id(2), other: id(3), wholesale: id(4), partner: id(5), operator: id(6), ghost: id(7) };
const S = { A: id(101), B: id(102), C: id(103) }; // designer's store, other's store, wholesale holder's retail shop
const P = { pub: id(201), draft: id(202), free: id(203), other: id(204), archived: id(205) };
const O = { paid: id(301), pending: id(302) };
const ITEM = id(311);
const SUB = id(401);
const WHOLESALE = id(501);
const PARTNER_APP = id(601);
const POS_KEY = id(701);
const POS_SALE = id(702);
const FILE = id(801);
const NEWSLETTER = id(901);
const EVENT = id(902);
const DISCOUNT = id(1001);
const TRANSFER = id(1002);
const ITEM_HELD = id(1003);
const ORDER_B = id(1004); // an order with only a Studio B line
const KIT = id(1101);
const KIT_ARCHIVED = id(1102);
const CLICK = id(1201); // a click on the partner persona's referral link (resellers, 20261123004000)
const REVIEW = id(1301); // the maker's review of the published pattern, with Studio A's reply (20261123005100)
const REVIEW_ARCHIVED = id(1302); // the maker's review of the archived pattern, not yet replied to
const ENT_FREE = id(1303); // the maker's right to the free tote, not yet reviewed
const ENT_OWN = id(1304); // the designer's right to its own free tote
const THREAD = id(1401); // the maker's question to Studio A about the published pattern (20261202007000)
const MESSAGE = id(1402); // its first message, the maker's
const USAGE_WINDOW = '2001-01-01T00:00:00Z'; // the till key's fixed rate-limit window (20261123004200)

let stack: TestStack;
const tokens = new Map<Role, string>();
let counter = 0;
const unique = () => `${Date.now().toString(36)}${(counter++).toString(36)}`;

async function sql(text: string, values: unknown[] = []): Promise<Row[]> {
  return (await stack.pool.query(text, values)).rows;
}

async function rest(role: Role, method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> {
  const token = tokens.get(role)!;
  const res = await fetch(`${stack.url}/rest/v1/${path}`, {
    method,
    headers: {
      apikey: role === 'service' ? stack.serviceRoleKey : stack.anonKey,
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      prefer: method === 'POST' ? 'return=minimal' : 'return=representation',
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

/** What the service key sees: the ground truth after a request. */
async function truth(table: string, filter: string): Promise<Row[]> {
  const res = await rest('service', 'GET', `${table}?${filter}`);
  expect(res.status).toBe(200);
  return res.body as Row[];
}

const denied = (status: number, body: any) =>
  status === 401 || status === 403 || (body && typeof body === 'object' && !Array.isArray(body) && body.code === '42501');

// Throwaway rows for update/delete cases, created as superuser.
async function insertColumns(table: string, row: Row): Promise<Row> {
  const cols = Object.keys(row);
  const [created] = await sql(
    `insert into public.${table} (${cols.join(', ')}) select ${cols.join(', ')} from jsonb_populate_record(null::public.${table}, $1::jsonb) returning *`,
    [JSON.stringify(row)],
  );
  return created!;
}

interface Case {
  table: string;
  op: 'select' | 'insert' | 'update' | 'delete';
  label?: string;
  allow: Role[];
  /** select/update: an existing row; update/delete: or a fresh one from make(). */
  filter?: string;
  make?: () => Promise<string>;
  /** insert: the body a persona sends, and how to find the row afterwards. */
  insert?: (role: Role) => { body: Row; find: string };
  before?: () => Promise<void>;
  set?: Row;
}

const all: Role[] = [...ROLES];
const byId = (rowId: string) => `id=eq.${rowId}`;
// report rows of their own day each (pattern_views and report_sales_daily are keyed by day)
let reportDays = 0;
const reportDay = () => new Date(Date.UTC(2002, 0, 1) + reportDays++ * 86_400_000).toISOString().slice(0, 10);
async function reportsFixture(): Promise<void> {
  await sql(`insert into public.pattern_views (pattern_id, day, views) values ($1, '2001-01-01', 3) on conflict do nothing`, [P.pub]);
  await sql(`insert into public.report_sales_daily (store_id, day, currency, lines) values ($1, '2001-01-01', 'EUR', 1) on conflict do nothing`, [S.A]);
}
const self = (role: Role) => (role === 'anon' || role === 'service' ? U.maker : U[role as keyof typeof U]);

const freshPattern = async (status = 'draft') =>
  (await insertColumns('patterns', { store_id: S.A, title: `Throwaway ${unique()}`, craft: 'sewing', category: 'dress', status })).id as string;

const cases: Case[] = [
  // profiles
  { table: 'profiles', op: 'select', filter: byId(U.designer), allow: ['designer', 'operator', 'service'] },
  {
    table: 'profiles',
    op: 'insert',
    allow: ['service'],
    before: async () => {
      await sql('delete from public.profiles where id = $1', [U.ghost]);
    },
    insert: () => ({ body: { id: U.ghost, display_name: 'Ghost' }, find: byId(U.ghost) }),
  },
  { table: 'profiles', op: 'update', filter: byId(U.designer), set: { display_name: 'Renamed designer' }, allow: ['designer', 'service'] },
  {
    table: 'profiles',
    op: 'delete',
    allow: ['service'],
    make: async () => {
      const uid = crypto.randomUUID();
      await sql(`insert into auth.users (id, email, aud, role, raw_user_meta_data) values ($1, $2, 'authenticated', 'authenticated', '{}')`, [
        uid,
        `${uid}@rls.test`,
      ]);
      return byId(uid);
    },
  },
  // user_roles
  { table: 'user_roles', op: 'select', filter: `user_id=eq.${U.designer}&role=eq.designer`, allow: ['designer', 'operator', 'service'] },
  {
    table: 'user_roles',
    op: 'insert',
    label: 'grant operator',
    allow: ['service'],
    insert: () => ({ body: { user_id: U.maker, role: 'operator' }, find: `user_id=eq.${U.maker}&role=eq.operator` }),
  },
  {
    table: 'user_roles',
    op: 'insert',
    label: 'grant wholesale to someone',
    allow: ['operator', 'service'],
    insert: () => ({ body: { user_id: U.maker, role: 'wholesale' }, find: `user_id=eq.${U.maker}&role=eq.wholesale` }),
  },
  { table: 'user_roles', op: 'update', filter: `user_id=eq.${U.maker}&role=eq.maker`, set: { granted_by: U.operator }, allow: ['service'] },
  {
    table: 'user_roles',
    op: 'delete',
    allow: ['maker', 'operator', 'service'],
    make: async () => {
      await sql(`insert into public.user_roles (user_id, role) values ($1, 'retailer') on conflict do nothing`, [U.maker]);
      return `user_id=eq.${U.maker}&role=eq.retailer`;
    },
  },
  // stores
  { table: 'stores', op: 'select', filter: byId(S.A), allow: all },
  {
    table: 'stores',
    op: 'insert',
    label: 'for the designer',
    allow: ['designer', 'service'],
    insert: () => {
      const slug = `rls-store-${unique()}`;
      return { body: { owner_id: U.designer, slug, kind: 'designer', name: 'Another studio' }, find: `slug=eq.${slug}` };
    },
  },
  { table: 'stores', op: 'update', filter: byId(S.A), set: { name: 'Renamed store' }, allow: ['designer', 'service'] },
  {
    table: 'stores',
    op: 'delete',
    allow: ['designer', 'service'],
    make: async () =>
      byId((await insertColumns('stores', { owner_id: U.designer, slug: `rls-del-${unique()}`, kind: 'designer', name: 'Closing down' })).id as string),
  },
  // patterns
  { table: 'patterns', op: 'select', label: 'published', filter: byId(P.pub), allow: all },
  { table: 'patterns', op: 'select', label: 'draft', filter: byId(P.draft), allow: ['designer', 'operator', 'service'] },
  { table: 'patterns', op: 'select', label: 'archived, owned', filter: byId(P.archived), allow: ['maker', 'designer', 'operator', 'service'] },
  {
    table: 'patterns',
    op: 'insert',
    label: 'into the designer\u2019s store',
    allow: ['designer', 'service'],
    insert: () => {
      const title = `RLS pattern ${unique()}`;
      return { body: { store_id: S.A, title, craft: 'sewing', category: 'dress' }, find: `title=eq.${encodeURIComponent(title)}` };
    },
  },
  { table: 'patterns', op: 'update', filter: byId(P.pub), set: { title: 'Renamed pattern' }, allow: ['designer', 'operator', 'service'] },
  { table: 'patterns', op: 'delete', label: 'a draft', allow: ['designer', 'service'], make: async () => byId(await freshPattern()) },
  // wholesale prices
  { table: 'pattern_wholesale_prices', op: 'select', filter: `pattern_id=eq.${P.pub}`, allow: ['designer', 'wholesale', 'operator', 'service'] },
  {
    table: 'pattern_wholesale_prices',
    op: 'insert',
    allow: ['designer', 'service'],
    insert: () => ({ body: { pattern_id: P.draft, store_id: S.A, price_cents: 500, currency: 'USD' }, find: `pattern_id=eq.${P.draft}` }),
  },
  { table: 'pattern_wholesale_prices', op: 'update', filter: `pattern_id=eq.${P.pub}`, set: { price_cents: 777 }, allow: ['designer', 'service'] },
  {
    table: 'pattern_wholesale_prices',
    op: 'delete',
    allow: ['designer', 'service'],
    make: async () => {
      const pid = await freshPattern('published');
      await insertColumns('pattern_wholesale_prices', { pattern_id: pid, store_id: S.A, price_cents: 400 });
      return `pattern_id=eq.${pid}`;
    },
  },
  // pattern files: written only by attach_pattern_file (it checks what storage stored) and the service
  { table: 'pattern_files', op: 'select', filter: byId(FILE), allow: ['maker', 'designer', 'operator', 'service'] },
  {
    table: 'pattern_files',
    op: 'insert',
    allow: ['service'],
    insert: () => ({
      body: {
        pattern_id: P.pub,
        store_id: S.A,
        format: 'us_letter',
        version: 1,
        storage_path: `${S.A}/${P.pub}/us_letter/v1.pdf`,
        size_bytes: 2048,
        sha256: 'b'.repeat(64),
      },
      find: `pattern_id=eq.${P.pub}&format=eq.us_letter`,
    }),
  },
  { table: 'pattern_files', op: 'update', filter: byId(FILE), set: { changelog: 'Fixed the notches' }, allow: ['service'] },
  {
    table: 'pattern_files',
    op: 'delete',
    allow: ['service'],
    make: async () =>
      byId(
        (
          await insertColumns('pattern_files', {
            pattern_id: P.free,
            store_id: S.A,
            format: 'a0',
            version: 1,
            storage_path: `${S.A}/${P.free}/a0/v1.pdf`,
            size_bytes: 4096,
            sha256: 'c'.repeat(64),
          })
        ).id as string,
      ),
  },
  // pattern masters: read by the owning store, written only by the service (the pattern-formats function)
  { table: 'pattern_masters', op: 'select', filter: `pattern_id=eq.${P.pub}`, allow: ['designer', 'service'] },
  {
    table: 'pattern_masters',
    op: 'insert',
    allow: ['service'],
    insert: () => ({
      body: { pattern_id: P.draft, store_id: S.A, version: 1, storage_path: `${S.A}/${P.draft}/master/v1.pdf`, size_bytes: 4096, sha256: 'd'.repeat(64) },
      find: `pattern_id=eq.${P.draft}`,
    }),
  },
  { table: 'pattern_masters', op: 'update', filter: `pattern_id=eq.${P.pub}`, set: { layers: [{ name: 'Size 12', size: '12' }] }, allow: ['service'] },
  {
    table: 'pattern_masters',
    op: 'delete',
    allow: ['service'],
    make: async () => {
      await insertColumns('pattern_masters', {
        pattern_id: P.free,
        store_id: S.A,
        version: 1,
        storage_path: `${S.A}/${P.free}/master/v1.pdf`,
        size_bytes: 4096,
        sha256: 'e'.repeat(64),
      });
      return `pattern_id=eq.${P.free}`;
    },
  },
  // pattern versions: written only by attach_pattern_file and the service
  { table: 'pattern_versions', op: 'select', label: 'of a published pattern', filter: `pattern_id=eq.${P.pub}`, allow: all },
  { table: 'pattern_versions', op: 'select', label: 'of a draft', filter: `pattern_id=eq.${P.draft}`, allow: ['designer', 'operator', 'service'] },
  {
    table: 'pattern_versions',
    op: 'insert',
    allow: ['service'],
    insert: () => {
      const version = 1000 + counter++;
      return { body: { pattern_id: P.pub, store_id: S.A, version, changes: 'Added a projector file.' }, find: `pattern_id=eq.${P.pub}&version=eq.${version}` };
    },
  },
  { table: 'pattern_versions', op: 'update', filter: `pattern_id=eq.${P.draft}&version=eq.1`, set: { changes: 'Reworded step 4.' }, allow: ['service'] },
  {
    table: 'pattern_versions',
    op: 'delete',
    allow: ['service'],
    make: async () =>
      byId((await insertColumns('pattern_versions', { pattern_id: P.pub, store_id: S.A, version: 2000 + counter++, changes: 'Temporary.' })).id as string),
  },
  // shop stock
  { table: 'store_stock', op: 'select', filter: `store_id=eq.${S.C}&pattern_id=eq.${P.pub}`, allow: all },
  {
    table: 'store_stock',
    op: 'insert',
    allow: ['wholesale', 'service'],
    insert: () => ({ body: { store_id: S.C, pattern_id: P.free }, find: `store_id=eq.${S.C}&pattern_id=eq.${P.free}` }),
  },
  { table: 'store_stock', op: 'update', filter: `store_id=eq.${S.C}&pattern_id=eq.${P.pub}`, set: { printed_copies: 42 }, allow: ['wholesale', 'service'] },
  {
    table: 'store_stock',
    op: 'delete',
    allow: ['wholesale', 'service'],
    make: async () => {
      await sql('insert into public.store_stock (store_id, pattern_id) values ($1, $2) on conflict do nothing', [S.C, P.other]);
      return `store_id=eq.${S.C}&pattern_id=eq.${P.other}`;
    },
  },
  // orders and items
  // the buyer and operators; not the stores whose lines are in it (the row holds the
  // buyer's id and address; a store reads its lines and rpc/store_sales)
  { table: 'orders', op: 'select', filter: byId(O.paid), allow: ['maker', 'operator', 'service'] },
  { table: 'orders', op: 'select', label: 'only Studio B sold in it', filter: byId(ORDER_B), allow: ['maker', 'operator', 'service'] },
  {
    table: 'orders',
    op: 'insert',
    allow: ['service'],
    insert: (role) => {
      const session = `cs_rls_${unique()}`;
      return {
        body: { buyer_id: self(role), currency: 'USD', subtotal_cents: 1200, total_cents: 1200, provider_session_id: session },
        find: `provider_session_id=eq.${session}`,
      };
    },
  },
  { table: 'orders', op: 'update', filter: byId(O.paid), set: { buyer_email: 'changed@rls.test' }, allow: ['service'] },
  {
    table: 'orders',
    op: 'delete',
    allow: ['service'],
    make: async () => byId((await insertColumns('orders', { buyer_id: U.maker, currency: 'USD', subtotal_cents: 0, total_cents: 0 })).id as string),
  },
  { table: 'order_items', op: 'select', filter: byId(ITEM), allow: ['maker', 'designer', 'operator', 'service'] },
  {
    table: 'order_items',
    op: 'insert',
    allow: ['service'],
    insert: () => ({
      body: { order_id: O.pending, pattern_id: P.other, store_id: S.B, unit_price_cents: 900, currency: 'USD' },
      find: `order_id=eq.${O.pending}&pattern_id=eq.${P.other}`,
    }),
  },
  { table: 'order_items', op: 'update', filter: byId(ITEM), set: { licence: 'small_business' }, allow: ['service'] },
  {
    table: 'order_items',
    op: 'delete',
    allow: ['service'],
    make: async () =>
      byId((await insertColumns('order_items', { order_id: O.pending, pattern_id: P.free, store_id: S.A, unit_price_cents: 0, currency: 'USD' })).id as string),
  },
  // VAT invoices and credit notes: numbered and written by the database when an order is
  // paid or refunded; only the order's buyer reads them (not the stores whose lines are in it, nor operators)
  { table: 'invoices', op: 'select', filter: `order_id=eq.${O.paid}&kind=eq.invoice`, allow: ['maker', 'service'] },
  {
    table: 'invoices',
    op: 'insert',
    allow: ['service'],
    insert: () => {
      const number = 500_000 + counter++;
      return {
        body: { kind: 'credit_note', number, order_id: O.paid, currency: 'USD', gross_cents: 0, vat_cents: 0 },
        find: `kind=eq.credit_note&number=eq.${number}`,
      };
    },
  },
  { table: 'invoices', op: 'update', filter: `order_id=eq.${O.paid}&kind=eq.invoice`, set: { vat_cents: 7 }, allow: ['service'] },
  {
    table: 'invoices',
    op: 'delete',
    allow: ['service'],
    make: async () =>
      byId(
        (await insertColumns('invoices', { kind: 'credit_note', number: 600_000 + counter++, order_id: O.paid, currency: 'USD', gross_cents: 0, vat_cents: 0 }))
          .id as string,
      ),
  },
  // entitlements and downloads
  { table: 'entitlements', op: 'select', filter: `user_id=eq.${U.maker}&pattern_id=eq.${P.pub}`, allow: ['maker', 'designer', 'operator', 'service'] },
  {
    table: 'entitlements',
    op: 'insert',
    label: 'to oneself',
    allow: ['service'],
    insert: (role) => ({
      body: { user_id: self(role), pattern_id: P.other, source: 'grant' },
      find: `user_id=eq.${self(role)}&pattern_id=eq.${P.other}`,
    }),
  },
  { table: 'entitlements', op: 'update', filter: `user_id=eq.${U.maker}&pattern_id=eq.${P.pub}`, set: { revoke_reason: 'tampered' }, allow: ['service'] },
  {
    table: 'entitlements',
    op: 'delete',
    allow: ['service'],
    make: async () => byId((await insertColumns('entitlements', { user_id: U.partner, pattern_id: P.other, source: 'grant' })).id as string),
  },
  {
    table: 'downloads',
    op: 'select',
    filter: `user_id=eq.${U.maker}&pattern_id=eq.${P.pub}&version=eq.1`,
    allow: ['maker', 'designer', 'operator', 'service'],
  },
  {
    table: 'downloads',
    op: 'insert',
    allow: ['service'],
    insert: (role) => {
      const version = 3000 + counter++;
      return { body: { user_id: self(role), pattern_id: P.pub, format: 'a4', version }, find: `version=eq.${version}` };
    },
  },
  { table: 'downloads', op: 'update', filter: `user_id=eq.${U.maker}&pattern_id=eq.${P.pub}&version=eq.1`, set: { format: 'a0' }, allow: ['service'] },
  {
    table: 'downloads',
    op: 'delete',
    allow: ['service'],
    make: async () => {
      const version = 4000 + counter++;
      await insertColumns('downloads', { user_id: U.maker, pattern_id: P.pub, format: 'a4', version });
      return `version=eq.${version}`;
    },
  },
  // a buyer's kept stamped copies (20261203005000): the download function's alone, even for the buyer
  {
    table: 'download_copies',
    op: 'select',
    filter: `user_id=eq.${U.maker}&pattern_id=eq.${P.pub}&sizes=eq.rls`,
    allow: ['service'],
    before: async () => {
      await sql(
        `insert into public.download_copies (user_id, pattern_id, format, version, sizes, storage_path, size_bytes)
               values ($1, $2, 'a4', 1, 'rls', $3, 1) on conflict do nothing`,
        [U.maker, P.pub, `${U.maker}/rls.pdf`],
      );
    },
  },
  {
    table: 'download_copies',
    op: 'insert',
    allow: ['service'],
    insert: (role) => {
      const sizes = `rls-${unique()}`;
      return {
        body: { user_id: self(role), pattern_id: P.pub, format: 'a4', version: 1, sizes, storage_path: `${self(role)}/${sizes}.pdf`, size_bytes: 1 },
        find: `sizes=eq.${sizes}`,
      };
    },
  },
  {
    table: 'download_copies',
    op: 'update',
    allow: ['service'],
    set: { storage_path: 'elsewhere.pdf' },
    make: async () =>
      byId(
        (
          await insertColumns('download_copies', {
            user_id: U.maker,
            pattern_id: P.pub,
            format: 'a4',
            version: 1,
            sizes: `rls-${unique()}`,
            storage_path: `${U.maker}/u.pdf`,
            size_bytes: 1,
          })
        ).id as string,
      ),
  },
  {
    table: 'download_copies',
    op: 'delete',
    allow: ['service'],
    make: async () =>
      byId(
        (
          await insertColumns('download_copies', {
            user_id: U.maker,
            pattern_id: P.pub,
            format: 'a4',
            version: 1,
            sizes: `rls-${unique()}`,
            storage_path: `${U.maker}/d.pdf`,
            size_bytes: 1,
          })
        ).id as string,
      ),
  },
  // subscriptions
  { table: 'subscriptions', op: 'select', filter: byId(SUB), allow: ['designer', 'operator', 'service'] },
  {
    table: 'subscriptions',
    op: 'insert',
    allow: ['service'],
    insert: () => {
      const sub = `sub_rls_${unique()}`;
      return { body: { store_id: S.A, plan: 'pro', status: 'active', provider_subscription_id: sub }, find: `provider_subscription_id=eq.${sub}` };
    },
  },
  { table: 'subscriptions', op: 'update', filter: byId(SUB), set: { status: 'canceled' }, allow: ['service'] },
  {
    table: 'subscriptions',
    op: 'delete',
    allow: ['service'],
    make: async () => byId((await insertColumns('subscriptions', { store_id: S.A, plan: 'pro', status: 'trialing' })).id as string),
  },
  // wholesale accounts
  { table: 'wholesale_accounts', op: 'select', filter: byId(WHOLESALE), allow: ['wholesale', 'operator', 'service'] },
  {
    table: 'wholesale_accounts',
    op: 'insert',
    label: 'for the partner',
    allow: ['partner', 'service'],
    insert: () => ({
      body: {
        user_id: U.partner,
        business_name: 'Parcel Trading Ltd',
        tax_id: 'GB 123456789',
        address_line1: '1 Mill Lane',
        city: 'Leeds',
        postal_code: 'LS1 1AA',
        country: 'GB',
      },
      find: `user_id=eq.${U.partner}`,
    }),
  },
  {
    table: 'wholesale_accounts',
    op: 'update',
    label: 'details while pending',
    set: { business_name: 'Parcel Trading Group' },
    allow: ['partner', 'operator', 'service'],
    make: pendingWholesale,
  },
  { table: 'wholesale_accounts', op: 'update', label: 'approve', set: { status: 'approved' }, allow: ['operator', 'service'], make: pendingWholesale },
  { table: 'wholesale_accounts', op: 'delete', label: 'pending', allow: ['partner', 'operator', 'service'], make: pendingWholesale },
  // partner applications
  { table: 'partner_applications', op: 'select', filter: byId(PARTNER_APP), allow: ['partner', 'operator', 'service'] },
  {
    table: 'partner_applications',
    op: 'insert',
    label: 'for the maker',
    allow: ['maker', 'service'],
    insert: () => ({
      body: { user_id: U.maker, kind: 'supplier', company: 'Rosa\u2019s Kits', website: 'https://rosas-kits.test' },
      find: `user_id=eq.${U.maker}&kind=eq.supplier`,
    }),
  },
  {
    table: 'partner_applications',
    op: 'update',
    label: 'details while pending',
    set: { company: 'Rosa\u2019s Kit Co' },
    allow: ['maker', 'operator', 'service'],
    make: pendingApplication,
  },
  { table: 'partner_applications', op: 'update', label: 'approve', set: { status: 'approved' }, allow: ['operator', 'service'], make: pendingApplication },
  { table: 'partner_applications', op: 'delete', label: 'pending', allow: ['maker', 'operator', 'service'], make: pendingApplication },
  // referral codes and clicks (the partner persona is an approved reseller: code PARCEL1234, click CLICK; referralFixture)
  { table: 'referral_codes', op: 'select', before: referralFixture, filter: `reseller_id=eq.${U.partner}`, allow: ['partner', 'operator', 'service'] },
  {
    table: 'referral_codes',
    op: 'insert',
    allow: ['service'],
    insert: (role) => ({
      body: { reseller_id: U.ghost, code: `RLS${role.toUpperCase().replace(/[^A-Z]/g, '')}` },
      find: `code=eq.RLS${role.toUpperCase().replace(/[^A-Z]/g, '')}`,
    }),
  },
  { table: 'referral_codes', op: 'update', before: referralFixture, filter: `reseller_id=eq.${U.partner}`, set: { code: 'PARCEL1234' }, allow: ['service'] },
  {
    table: 'referral_codes',
    op: 'delete',
    allow: ['service'],
    make: async () => {
      await sql(`insert into public.referral_codes (reseller_id, code) values ($1, 'GHOST1234') on conflict do nothing`, [U.ghost]);
      return `reseller_id=eq.${U.ghost}`;
    },
  },
  {
    table: 'referral_clicks',
    op: 'select',
    before: referralFixture,
    filter: `select=id,code,clicked_at,path&${byId(CLICK)}`,
    allow: ['partner', 'operator', 'service'],
  },
  {
    table: 'referral_clicks',
    op: 'insert',
    before: referralFixture,
    allow: ['service'],
    insert: (role) => {
      const path = `/rls/${role}/${unique()}`;
      return { body: { code: 'PARCEL1234', path }, find: `path=eq.${encodeURIComponent(path)}` };
    },
  },
  { table: 'referral_clicks', op: 'update', before: referralFixture, filter: byId(CLICK), set: { path: '/patterns' }, allow: ['service'] },
  {
    table: 'referral_clicks',
    op: 'delete',
    allow: ['service'],
    make: async () => {
      await referralFixture();
      return byId((await insertColumns('referral_clicks', { code: 'PARCEL1234', path: '/throwaway' })).id as string);
    },
  },
  // supplier kits (the partner persona is also an approved supplier here; kitsFixture)
  { table: 'kits', op: 'select', label: 'live kit', before: kitsFixture, filter: byId(KIT), allow: all },
  { table: 'kits', op: 'select', label: 'archived kit', before: kitsFixture, filter: byId(KIT_ARCHIVED), allow: ['partner', 'operator', 'service'] },
  {
    table: 'kits',
    op: 'insert',
    label: 'for a published pattern',
    allow: ['partner', 'service'],
    before: kitsFixture,
    insert: (role) => {
      const title = `Kit ${unique()}`;
      // supplier_id is the caller (not writable); the service role names it
      return {
        body: {
          ...(role === 'service' ? { supplier_id: U.partner } : {}),
          pattern_id: P.pub,
          title,
          price_cents: 3200,
          currency: 'USD',
          url: 'https://parcel.test/kits/linen',
        },
        find: `title=eq.${encodeURIComponent(title)}`,
      };
    },
  },
  {
    table: 'kits',
    op: 'update',
    set: { price_cents: 2900, title: 'Renamed linen kit' },
    allow: ['partner', 'service'],
    make: async () => {
      await kitsFixture();
      return byId(await throwawayKit());
    },
  },
  {
    table: 'kits',
    op: 'delete',
    allow: ['service'],
    make: async () => {
      await kitsFixture();
      return byId(await throwawayKit());
    },
  },
  { table: 'kit_clicks', op: 'select', before: kitsFixture, filter: `select=kit_id,clicked_at&kit_id=eq.${KIT}`, allow: ['partner', 'operator', 'service'] },
  {
    table: 'kit_clicks',
    op: 'insert',
    label: 'only record_kit_click()',
    allow: ['service'],
    before: kitsFixture,
    insert: () => {
      const visitor = `rls-${unique()}`;
      return { body: { kit_id: KIT, visitor }, find: `visitor=eq.${visitor}` };
    },
  },
  { table: 'kit_clicks', op: 'update', before: kitsFixture, filter: `kit_id=eq.${KIT}`, set: { visitor: 'rls-moved' }, allow: ['service'] },
  {
    table: 'kit_clicks',
    op: 'delete',
    allow: ['service'],
    make: async () => {
      await kitsFixture();
      return `id=eq.${(await insertColumns('kit_clicks', { kit_id: KIT, visitor: `rls-${unique()}` })).id}`;
    },
  },
  // reports
  // store reports go to store owners; an operator without a store gets the platform reports only (20261123004500);
  // online-sales reports only to designer and supplier stores, in-shop sales to every store (20261123006000)
  { table: 'reports', op: 'select', label: 'online sales report', filter: 'slug=eq.sales', allow: ['designer', 'other', 'service'] },
  { table: 'reports', op: 'select', label: 'in-shop report', filter: 'slug=eq.in-shop-sales', allow: ['designer', 'other', 'wholesale', 'service'] },
  { table: 'reports', op: 'select', label: 'platform report', filter: 'slug=eq.platform-totals', allow: ['operator', 'service'] },
  {
    table: 'reports',
    op: 'insert',
    allow: ['service'],
    insert: () => {
      const slug = `rls-${unique()}`;
      return { body: { slug, title: 'Test report', description: 'A report.', audience: 'store' }, find: `slug=eq.${slug}` };
    },
  },
  { table: 'reports', op: 'update', filter: 'slug=eq.sales', set: { title: 'Money' }, allow: ['service'] },
  {
    table: 'reports',
    op: 'delete',
    allow: ['service'],
    make: async () => {
      const slug = `rls-${unique()}`;
      await insertColumns('reports', { slug, title: 'Temp', description: 'Temporary.', audience: 'store' });
      return `slug=eq.${slug}`;
    },
  },
  // report data (20261123004500_reports.sql, 20261123004600_partner_reports.sql): read by the pattern's or
  // line's store and operators; written only by record_pattern_view() and the order_items trigger
  { table: 'pattern_views', op: 'select', before: reportsFixture, filter: `pattern_id=eq.${P.pub}`, allow: ['designer', 'operator', 'service'] },
  {
    table: 'pattern_views',
    op: 'insert',
    label: 'only record_pattern_view()',
    allow: ['service'],
    insert: () => {
      const day = reportDay();
      return { body: { pattern_id: P.pub, day, views: 1 }, find: `pattern_id=eq.${P.pub}&day=eq.${day}` };
    },
  },
  { table: 'pattern_views', op: 'update', before: reportsFixture, filter: `pattern_id=eq.${P.pub}`, set: { views: 99 }, allow: ['service'] },
  {
    table: 'pattern_views',
    op: 'delete',
    allow: ['service'],
    make: async () => {
      const day = reportDay();
      await sql(`insert into public.pattern_views (pattern_id, day, views) values ($1, $2, 1)`, [P.pub, day]);
      return `pattern_id=eq.${P.pub}&day=eq.${day}`;
    },
  },
  { table: 'report_sales_daily', op: 'select', before: reportsFixture, filter: `store_id=eq.${S.A}`, allow: ['designer', 'operator', 'service'] },
  {
    table: 'report_sales_daily',
    op: 'insert',
    label: 'only the order_items trigger',
    allow: ['service'],
    insert: () => {
      const day = reportDay();
      return { body: { store_id: S.A, day, currency: 'EUR', lines: 1 }, find: `store_id=eq.${S.A}&day=eq.${day}` };
    },
  },
  {
    table: 'report_sales_daily',
    op: 'update',
    before: reportsFixture,
    filter: `store_id=eq.${S.A}&day=eq.2001-01-01`,
    set: { gross_cents: 1 },
    allow: ['service'],
  },
  {
    table: 'report_sales_daily',
    op: 'delete',
    allow: ['service'],
    make: async () => {
      const day = reportDay();
      await sql(`insert into public.report_sales_daily (store_id, day, currency, lines) values ($1, $2, 'EUR', 1)`, [S.A, day]);
      return `store_id=eq.${S.A}&day=eq.${day}`;
    },
  },
  // newsletter
  { table: 'newsletter_subscribers', op: 'select', filter: byId(NEWSLETTER), allow: ['operator', 'service'] },
  {
    table: 'newsletter_subscribers',
    op: 'insert',
    allow: ['service'],
    insert: () => {
      const email = `reader-${unique()}@rls.test`;
      return { body: { email }, find: `email=eq.${email}` };
    },
  },
  { table: 'newsletter_subscribers', op: 'update', filter: byId(NEWSLETTER), set: { email: 'changed@rls.test' }, allow: ['service'] },
  {
    table: 'newsletter_subscribers',
    op: 'delete',
    allow: ['service'],
    make: async () => byId((await insertColumns('newsletter_subscribers', { email: `bye-${unique()}@rls.test` })).id as string),
  },
  // point of sale
  { table: 'pos_keys', op: 'select', filter: byId(POS_KEY), allow: ['wholesale', 'operator', 'service'] },
  {
    table: 'pos_keys',
    op: 'insert',
    allow: ['service'],
    insert: () => {
      const hash = crypto.createHash('sha256').update(unique()).digest('hex');
      return { body: { store_id: S.C, name: 'Back office', prefix: 'shpos_abc123', key_hash: hash }, find: `key_hash=eq.${hash}` };
    },
  },
  { table: 'pos_keys', op: 'update', filter: byId(POS_KEY), set: { name: 'Renamed till' }, allow: ['wholesale', 'service'] },
  {
    table: 'pos_keys',
    op: 'delete',
    allow: ['service'],
    make: async () =>
      byId(
        (
          await insertColumns('pos_keys', {
            store_id: S.C,
            name: 'Temp',
            prefix: 'shpos_tmp123',
            key_hash: crypto.createHash('sha256').update(unique()).digest('hex'),
          })
        ).id as string,
      ),
  },
  // the shop and operators; not the designer of the pattern (their in-shop report shows what is theirs)
  { table: 'pos_sales', op: 'select', filter: byId(POS_SALE), allow: ['wholesale', 'operator', 'service'] },
  // shops record sales only through the pos-sales / pos-import functions, which set the royalty (20261123004200_point_of_sale.sql)
  {
    table: 'pos_sales',
    op: 'insert',
    label: 'csv row for the shop',
    allow: ['service'],
    insert: () => {
      const ext = `csv-${unique()}`;
      return {
        body: {
          store_id: S.C,
          pattern_id: P.pub,
          quantity: 2,
          unit_price_cents: 1500,
          royalty_cents: 600,
          currency: 'USD',
          source: 'csv',
          external_id: ext,
          sold_at: '2026-10-01T10:00:00Z',
        },
        find: `external_id=eq.${ext}`,
      };
    },
  },
  { table: 'pos_sales', op: 'update', filter: byId(POS_SALE), set: { quantity: 9 }, allow: ['service'] },
  {
    table: 'pos_sales',
    op: 'delete',
    allow: ['service'],
    make: async () =>
      byId(
        (
          await insertColumns('pos_sales', {
            store_id: S.C,
            pattern_id: P.pub,
            quantity: 1,
            unit_price_cents: 100,
            currency: 'USD',
            external_id: `tmp-${unique()}`,
            sold_at: '2026-10-01T10:00:00Z',
          })
        ).id as string,
      ),
  },
  // payment events
  // payments (20261123001000_payments.sql): VAT table public; codes by their store; payout
  // accounts and transfers by their owner; everything else written by the payment functions only
  { table: 'vat_rates', op: 'select', filter: 'country=eq.DE', allow: all },
  { table: 'vat_rates', op: 'insert', allow: ['service'], insert: () => ({ body: { country: 'XX', rate_bp: 1000, name: 'Nowhere' }, find: 'country=eq.XX' }) },
  { table: 'vat_rates', op: 'update', filter: 'country=eq.DE', set: { rate_bp: 1600 }, allow: ['service'] },
  {
    table: 'vat_rates',
    op: 'delete',
    allow: ['service'],
    make: async () => {
      await sql(`insert into public.vat_rates (country, rate_bp, name) values ('XY', 500, 'Elsewhere') on conflict do nothing`);
      return 'country=eq.XY';
    },
  },
  { table: 'discount_codes', op: 'select', filter: byId(DISCOUNT), allow: ['designer', 'operator', 'service'] },
  {
    table: 'discount_codes',
    op: 'insert',
    label: 'into Studio A',
    allow: ['designer', 'service'],
    insert: (role) => ({
      body: { store_id: S.A, code: `rls-${role}`, percent_off: 10 },
      find: `store_id=eq.${S.A}&code=eq.RLS-${role.toUpperCase()}`,
    }),
  },
  { table: 'discount_codes', op: 'update', filter: byId(DISCOUNT), set: { active: false }, allow: ['designer', 'service'] },
  { table: 'discount_codes', op: 'update', label: 'redemptions', filter: byId(DISCOUNT), set: { redemptions: 0 }, allow: ['service'] },
  {
    table: 'discount_codes',
    op: 'delete',
    allow: ['designer', 'service'],
    make: async () =>
      byId((await insertColumns('discount_codes', { store_id: S.A, code: `GONE${unique()}`.slice(0, 30).toUpperCase(), amount_off_cents: 200 })).id as string),
  },
  { table: 'payout_accounts', op: 'select', filter: `user_id=eq.${U.designer}`, allow: ['designer', 'operator', 'service'] },
  {
    table: 'payout_accounts',
    op: 'insert',
    allow: ['service'],
    insert: (role) => ({
      body: { user_id: U.ghost, stripe_account_id: `acct_rls_${role}` },
      find: `stripe_account_id=eq.acct_rls_${role}`,
    }),
  },
  { table: 'payout_accounts', op: 'update', filter: `user_id=eq.${U.designer}`, set: { payouts_enabled: true }, allow: ['service'] },
  {
    table: 'payout_accounts',
    op: 'delete',
    allow: ['service'],
    make: async () => {
      await sql(`insert into public.payout_accounts (user_id, stripe_account_id) values ($1, 'acct_rls_other') on conflict do nothing`, [U.other]);
      return `user_id=eq.${U.other}`;
    },
  },
  { table: 'payout_transfers', op: 'select', filter: byId(TRANSFER), allow: ['designer', 'operator', 'service'] },
  {
    table: 'payout_transfers',
    op: 'insert',
    allow: ['service'],
    insert: (role) => ({
      body: { order_item_id: ITEM_HELD, order_id: ORDER_B, recipient_id: self(role), store_id: S.B, amount_cents: 700, currency: 'USD' },
      find: `order_item_id=eq.${ITEM_HELD}`,
    }),
  },
  { table: 'payout_transfers', op: 'update', filter: byId(TRANSFER), set: { status: 'paid' }, allow: ['service'] },
  {
    table: 'payout_transfers',
    op: 'delete',
    allow: ['service'],
    make: async () =>
      byId(
        (
          await insertColumns('payout_transfers', {
            order_item_id: ITEM_HELD,
            order_id: ORDER_B,
            recipient_id: U.other,
            store_id: S.B,
            amount_cents: 700,
            currency: 'USD',
          })
        ).id as string,
      ),
  },
  { table: 'billing_customers', op: 'select', filter: `store_id=eq.${S.A}`, allow: ['designer', 'operator', 'service'] },
  {
    table: 'billing_customers',
    op: 'insert',
    allow: ['service'],
    insert: () => ({
      body: { store_id: S.B, provider_customer_id: 'cus_rls_b' },
      find: `store_id=eq.${S.B}`,
    }),
  },
  { table: 'billing_customers', op: 'update', filter: `store_id=eq.${S.A}`, set: { provider_customer_id: 'cus_changed' }, allow: ['service'] },
  {
    table: 'billing_customers',
    op: 'delete',
    allow: ['service'],
    make: async () => {
      await sql(`insert into public.billing_customers (store_id, provider_customer_id) values ($1, 'cus_rls_c') on conflict do nothing`, [S.C]);
      return `store_id=eq.${S.C}`;
    },
  },
  { table: 'payment_events', op: 'select', filter: byId(EVENT), allow: ['operator', 'service'] },
  {
    table: 'payment_events',
    op: 'insert',
    allow: ['service'],
    insert: () => {
      const evt = `evt_rls_${unique()}`;
      return { body: { provider: 'sandbox', provider_event_id: evt, type: 'checkout.session.completed', payload: {} }, find: `provider_event_id=eq.${evt}` };
    },
  },
  { table: 'payment_events', op: 'update', filter: byId(EVENT), set: { type: 'charge.refunded' }, allow: ['service'] },
  {
    table: 'payment_events',
    op: 'delete',
    allow: ['service'],
    make: async () =>
      byId(
        (
          await insertColumns('payment_events', {
            provider: 'sandbox',
            provider_event_id: `evt_tmp_${unique()}`,
            type: 'x',
            payload: {},
          })
        ).id as string,
      ),
  },
  // account (20261123002000_account.sql): recovery codes and failures only through their functions; old store addresses public
  { table: 'account_recovery_codes', op: 'select', filter: `user_id=eq.${U.designer}`, allow: ['service'] },
  {
    table: 'account_recovery_codes',
    op: 'insert',
    allow: ['service'],
    insert: (role) => {
      const hash = crypto.createHash('sha256').update(`rls-${role}-${unique()}`).digest('hex');
      return { body: { user_id: self(role), code_hash: hash }, find: `code_hash=eq.${hash}` };
    },
  },
  { table: 'account_recovery_codes', op: 'update', filter: `user_id=eq.${U.designer}`, set: { used_at: '2026-11-23T00:00:00+00:00' }, allow: ['service'] },
  {
    table: 'account_recovery_codes',
    op: 'delete',
    allow: ['service'],
    make: async () => {
      const hash = crypto.createHash('sha256').update(`rls-gone-${unique()}`).digest('hex');
      await insertColumns('account_recovery_codes', { user_id: U.designer, code_hash: hash });
      return `code_hash=eq.${hash}`;
    },
  },
  { table: 'account_recovery_failures', op: 'select', filter: `user_id=eq.${U.designer}`, allow: ['service'] },
  { table: 'account_recovery_failures', op: 'insert', allow: ['service'], insert: () => ({ body: { user_id: U.other }, find: `user_id=eq.${U.other}` }) },
  { table: 'account_recovery_failures', op: 'update', filter: `user_id=eq.${U.designer}`, set: { failed_at: '2026-11-23T00:00:00+00:00' }, allow: ['service'] },
  {
    table: 'account_recovery_failures',
    op: 'delete',
    allow: ['service'],
    make: async () => {
      await insertColumns('account_recovery_failures', { user_id: U.maker });
      return `user_id=eq.${U.maker}`;
    },
  },
  { table: 'store_slug_redirects', op: 'select', filter: 'old_slug=eq.old-studio-a', allow: all },
  {
    table: 'store_slug_redirects',
    op: 'insert',
    allow: ['service'],
    insert: (role) => ({
      body: { old_slug: `rls-old-${role}`, store_id: S.A },
      find: `old_slug=eq.rls-old-${role}`,
    }),
  },
  { table: 'store_slug_redirects', op: 'update', filter: 'old_slug=eq.old-studio-a', set: { store_id: S.B }, allow: ['service'] },
  {
    table: 'store_slug_redirects',
    op: 'delete',
    allow: ['service'],
    make: async () => {
      const slug = `rls-gone-${unique()}`.toLowerCase();
      await insertColumns('store_slug_redirects', { old_slug: slug, store_id: S.A });
      return `old_slug=eq.${slug}`;
    },
  },
  // search terms (suggestions)
  { table: 'search_terms', op: 'select', filter: 'term=eq.linen', allow: all },
  {
    table: 'search_terms',
    op: 'insert',
    allow: ['service'],
    insert: () => {
      const term = `rlsterm${unique()}`;
      return { body: { term, kind: 'tag' }, find: `term=eq.${term}` };
    },
  },
  { table: 'search_terms', op: 'update', filter: 'term=eq.linen', set: { kind: 'craft' }, allow: ['service'] },
  {
    table: 'search_terms',
    op: 'delete',
    allow: ['service'],
    make: async () => {
      const term = `rlstmp${unique()}`;
      await insertColumns('search_terms', { term, kind: 'tag' });
      return `term=eq.${term}`;
    },
  },
  // till rate limits and idempotent answers (20261123004200_point_of_sale.sql): only pos_authenticate() and the
  // service-role pos functions touch them; not even the shop that owns the key reads them
  { table: 'pos_key_usage', op: 'select', filter: `pos_key_id=eq.${POS_KEY}&window_start=eq.${USAGE_WINDOW}`, allow: ['service'] },
  {
    table: 'pos_key_usage',
    op: 'insert',
    label: 'only pos_authenticate()',
    allow: ['service'],
    insert: () => {
      const window = usageWindow();
      return { body: { pos_key_id: POS_KEY, window_start: window, requests: 1 }, find: `pos_key_id=eq.${POS_KEY}&window_start=eq.${window}` };
    },
  },
  { table: 'pos_key_usage', op: 'update', filter: `pos_key_id=eq.${POS_KEY}&window_start=eq.${USAGE_WINDOW}`, set: { requests: 0 }, allow: ['service'] },
  {
    table: 'pos_key_usage',
    op: 'delete',
    allow: ['service'],
    make: async () => {
      const window = usageWindow();
      await sql(`insert into public.pos_key_usage (pos_key_id, window_start, requests) values ($1, $2, 1)`, [POS_KEY, window]);
      return `pos_key_id=eq.${POS_KEY}&window_start=eq.${window}`;
    },
  },
  { table: 'pos_requests', op: 'select', filter: `store_id=eq.${S.C}&idempotency_key=eq.rls-fixed`, allow: ['service'] },
  {
    table: 'pos_requests',
    op: 'insert',
    allow: ['service'],
    insert: () => {
      const key = `rls-${unique()}`;
      return {
        body: { store_id: S.C, idempotency_key: key, pos_key_id: POS_KEY, request_hash: 'a'.repeat(64), response: { id: 'till-2' } },
        find: `store_id=eq.${S.C}&idempotency_key=eq.${key}`,
      };
    },
  },
  { table: 'pos_requests', op: 'update', filter: `store_id=eq.${S.C}&idempotency_key=eq.rls-fixed`, set: { response: { id: 'forged' } }, allow: ['service'] },
  {
    table: 'pos_requests',
    op: 'delete',
    allow: ['service'],
    make: async () => {
      const key = `rls-${unique()}`;
      await insertColumns('pos_requests', { store_id: S.C, idempotency_key: key, pos_key_id: POS_KEY, request_hash: 'b'.repeat(64), response: {} });
      return `store_id=eq.${S.C}&idempotency_key=eq.${key}`;
    },
  },
  // reference exchange rates (20261123005000_currency_rates.sql): everyone reads, only migrations and the service role write
  { table: 'currency_rates', op: 'select', before: ratesFixture, filter: 'currency=eq.GBP', allow: all },
  {
    table: 'currency_rates',
    op: 'insert',
    allow: ['service'],
    insert: () => ({
      body: { currency: 'GBP', per_eur: 0.8791, as_of: '2026-11-20', source: 'ECB euro reference rates, 20 November 2026 (seeded)' },
      find: 'currency=eq.GBP',
    }),
  },
  { table: 'currency_rates', op: 'update', before: ratesFixture, filter: 'currency=eq.GBP', set: { per_eur: 0.9 }, allow: ['service'] },
  {
    table: 'currency_rates',
    op: 'delete',
    allow: ['service'],
    make: async () => {
      await ratesFixture();
      return 'currency=eq.GBP';
    },
  },
  // reviews' count and sum per pattern: public, kept only by the reviews trigger (keep_pattern_rating)
  { table: 'pattern_ratings', op: 'select', filter: `pattern_id=eq.${P.pub}`, allow: all },
  {
    table: 'pattern_ratings',
    op: 'insert',
    label: 'only the reviews trigger',
    allow: ['service'],
    insert: () => ({
      body: { pattern_id: P.other, review_count: 1, rating_sum: 5 },
      find: `pattern_id=eq.${P.other}`,
    }),
  },
  { table: 'pattern_ratings', op: 'update', filter: `pattern_id=eq.${P.pub}`, set: { review_count: 40, rating_sum: 200 }, allow: ['service'] },
  {
    table: 'pattern_ratings',
    op: 'delete',
    allow: ['service'],
    make: async () => {
      await sql(`insert into public.pattern_ratings (pattern_id) values ($1) on conflict do nothing`, [P.draft]);
      return `pattern_id=eq.${P.draft}`;
    },
  },
  // reviews (20261123005100_reviews_follows.sql): public on published patterns, else the author's and the store's;
  // written by the holder of an active entitlement, never on the reviewer's own store's pattern; author_id is not
  // writable (the caller), so the service role names it
  { table: 'reviews', op: 'select', label: 'of a published pattern', filter: byId(REVIEW), allow: all },
  { table: 'reviews', op: 'select', label: 'of an archived pattern', filter: byId(REVIEW_ARCHIVED), allow: ['maker', 'designer', 'service'] },
  {
    table: 'reviews',
    op: 'insert',
    label: 'with the maker\u2019s entitlement',
    allow: ['maker', 'service'],
    insert: (role) => ({
      body: { ...(role === 'service' ? { author_id: U.maker } : {}), pattern_id: P.free, entitlement_id: ENT_FREE, rating: 4, body: 'Easy to sew.' },
      find: `entitlement_id=eq.${ENT_FREE}`,
    }),
  },
  {
    table: 'reviews',
    op: 'insert',
    label: 'of the designer\u2019s own pattern',
    allow: ['service'],
    insert: (role) => ({
      body: { ...(role === 'service' ? { author_id: U.designer } : {}), pattern_id: P.free, entitlement_id: ENT_OWN, rating: 5, body: 'My best.' },
      find: `entitlement_id=eq.${ENT_OWN}`,
    }),
  },
  { table: 'reviews', op: 'update', filter: byId(REVIEW), set: { rating: 3, body: 'Runs a little small.' }, allow: ['maker', 'service'] },
  {
    table: 'reviews',
    op: 'delete',
    allow: ['maker', 'service'],
    make: async () =>
      byId(
        (
          await insertColumns('reviews', {
            pattern_id: P.free,
            entitlement_id: ENT_FREE,
            author_id: U.maker,
            rating: 2,
            body: 'Temporary.',
          })
        ).id as string,
      ),
  },
  // the store's one reply: public, written once by the pattern's store owner, never changed or removed but by the service role
  { table: 'review_replies', op: 'select', filter: `review_id=eq.${REVIEW}`, allow: all },
  {
    table: 'review_replies',
    op: 'insert',
    label: 'as Studio A',
    allow: ['designer', 'service'],
    insert: (role) => ({
      body: { ...(role === 'service' ? { author_id: U.designer } : {}), review_id: REVIEW_ARCHIVED, store_id: S.A, body: 'Thank you!' },
      find: `review_id=eq.${REVIEW_ARCHIVED}`,
    }),
  },
  {
    table: 'review_replies',
    op: 'insert',
    label: 'as Studio B, not the pattern\u2019s store',
    allow: ['service'],
    insert: (role) => ({
      body: { ...(role === 'service' ? { author_id: U.other } : {}), review_id: REVIEW_ARCHIVED, store_id: S.B, body: 'Try ours.' },
      find: `review_id=eq.${REVIEW_ARCHIVED}`,
    }),
  },
  { table: 'review_replies', op: 'update', filter: `review_id=eq.${REVIEW}`, set: { body: 'Edited reply.' }, allow: ['service'] },
  {
    table: 'review_replies',
    op: 'delete',
    allow: ['service'],
    make: async () => {
      await insertColumns('review_replies', { review_id: REVIEW_ARCHIVED, store_id: S.A, author_id: U.designer, body: 'Temporary.' });
      return `review_id=eq.${REVIEW_ARCHIVED}`;
    },
  },
  // Ask the designer: only the thread's two parties read it (no buyer or sender ids among the readable
  // columns); nobody writes either table but through send_designer_message, which the service role runs for them
  { table: 'message_threads', op: 'select', filter: `${byId(THREAD)}&select=id,store_id,pattern_id`, allow: ['maker', 'designer', 'service'] },
  {
    table: 'message_threads',
    op: 'insert',
    allow: ['service'],
    insert: (role) => ({
      body: { buyer_id: self(role), store_id: S.B },
      find: `buyer_id=eq.${self(role)}&store_id=eq.${S.B}`,
    }),
  },
  { table: 'message_threads', op: 'update', filter: byId(THREAD), set: { store_read_at: '2001-01-01T00:00:00+00:00' }, allow: ['service'] },
  {
    table: 'message_threads',
    op: 'delete',
    allow: ['service'],
    make: async () => byId((await insertColumns('message_threads', { buyer_id: U.other, store_id: S.A })).id as string),
  },
  { table: 'thread_messages', op: 'select', filter: `${byId(MESSAGE)}&select=id,sender_side,body`, allow: ['maker', 'designer', 'service'] },
  {
    table: 'thread_messages',
    op: 'insert',
    allow: ['service'],
    insert: (role) => {
      const body = `Hello ${unique()}`;
      return { body: { thread_id: THREAD, sender_id: self(role), sender_side: 'buyer', body }, find: `body=eq.${encodeURIComponent(body)}` };
    },
  },
  { table: 'thread_messages', op: 'update', filter: byId(MESSAGE), set: { body: 'Forged.' }, allow: ['service'] },
  {
    table: 'thread_messages',
    op: 'delete',
    allow: ['service'],
    make: async () =>
      byId((await insertColumns('thread_messages', { thread_id: THREAD, sender_id: U.maker, sender_side: 'buyer', body: 'Temporary.' })).id as string),
  },
  // favourites and follows: each member's own rows (a store sees only its follower count, through a function)
  { table: 'favourites', op: 'select', filter: `user_id=eq.${U.maker}&pattern_id=eq.${P.pub}`, allow: ['maker', 'service'] },
  {
    table: 'favourites',
    op: 'insert',
    label: 'own, a published pattern',
    allow: ['maker', 'designer', 'other', 'wholesale', 'partner', 'operator', 'service'],
    insert: (role) => ({ body: { user_id: self(role), pattern_id: P.free }, find: `user_id=eq.${self(role)}&pattern_id=eq.${P.free}` }),
  },
  {
    table: 'favourites',
    op: 'insert',
    label: 'own, a draft',
    allow: ['service'],
    insert: (role) => ({ body: { user_id: self(role), pattern_id: P.draft }, find: `user_id=eq.${self(role)}&pattern_id=eq.${P.draft}` }),
  },
  {
    table: 'favourites',
    op: 'insert',
    label: 'for the maker',
    allow: ['maker', 'service'],
    insert: () => ({ body: { user_id: U.maker, pattern_id: P.other }, find: `user_id=eq.${U.maker}&pattern_id=eq.${P.other}` }),
  },
  {
    table: 'favourites',
    op: 'update',
    filter: `user_id=eq.${U.maker}&pattern_id=eq.${P.pub}`,
    set: { created_at: '2026-11-23T00:00:00+00:00' },
    allow: ['service'],
  },
  {
    table: 'favourites',
    op: 'delete',
    allow: ['maker', 'service'],
    make: async () => {
      await sql(`insert into public.favourites (user_id, pattern_id) values ($1, $2) on conflict do nothing`, [U.maker, P.free]);
      return `user_id=eq.${U.maker}&pattern_id=eq.${P.free}`;
    },
  },
  { table: 'follows', op: 'select', filter: `follower_id=eq.${U.maker}&store_id=eq.${S.A}`, allow: ['maker', 'service'] },
  {
    table: 'follows',
    op: 'insert',
    label: 'own, of Studio B',
    allow: ['maker', 'designer', 'wholesale', 'partner', 'operator', 'service'],
    insert: (role) => ({ body: { follower_id: self(role), store_id: S.B }, find: `follower_id=eq.${self(role)}&store_id=eq.${S.B}` }),
  },
  {
    table: 'follows',
    op: 'insert',
    label: 'for the maker',
    allow: ['maker', 'service'],
    insert: () => ({ body: { follower_id: U.maker, store_id: S.B }, find: `follower_id=eq.${U.maker}&store_id=eq.${S.B}` }),
  },
  {
    table: 'follows',
    op: 'update',
    filter: `follower_id=eq.${U.maker}&store_id=eq.${S.A}`,
    set: { created_at: '2026-11-23T00:00:00+00:00' },
    allow: ['service'],
  },
  {
    table: 'follows',
    op: 'delete',
    allow: ['maker', 'service'],
    make: async () => {
      await sql(`insert into public.follows (follower_id, store_id) values ($1, $2) on conflict do nothing`, [U.maker, S.B]);
      return `follower_id=eq.${U.maker}&store_id=eq.${S.B}`;
    },
  },
  // translated titles and descriptions (20261204001100): read with the pattern, written by its store
  { table: 'pattern_translations', op: 'select', label: 'published', before: translationsFixture, filter: `pattern_id=eq.${P.pub}`, allow: all },
  {
    table: 'pattern_translations',
    op: 'select',
    label: 'draft',
    before: translationsFixture,
    filter: `pattern_id=eq.${P.draft}`,
    allow: ['designer', 'operator', 'service'],
  },
  {
    table: 'pattern_translations',
    op: 'insert',
    label: 'Studio A pattern',
    allow: ['designer', 'service'],
    insert: () => ({ body: { pattern_id: P.pub, locale: 'fr', title: 'Patron publié' }, find: `pattern_id=eq.${P.pub}&locale=eq.fr` }),
  },
  {
    table: 'pattern_translations',
    op: 'update',
    before: translationsFixture,
    filter: `pattern_id=eq.${P.pub}&locale=eq.de`,
    set: { title: 'Umbenanntes Schnittmuster' },
    allow: ['designer', 'service'],
  },
  {
    table: 'pattern_translations',
    op: 'delete',
    allow: ['designer', 'service'],
    make: async () => {
      await sql(`insert into public.pattern_translations (pattern_id, locale, title) values ($1, 'es', 'Patrón') on conflict do nothing`, [P.pub]);
      return `pattern_id=eq.${P.pub}&locale=eq.es`;
    },
  },
];

async function translationsFixture(): Promise<void> {
  await sql(
    `insert into public.pattern_translations (pattern_id, locale, title) values ($1, 'de', 'Veröffentlichtes Schnittmuster'), ($2, 'de', 'Entwurf')
     on conflict do nothing`,
    [P.pub, P.draft],
  );
}

// The migration's seeded pound rate (the insert and delete cases remove it; 20261123005000).
async function ratesFixture(): Promise<void> {
  await sql(`insert into public.currency_rates (currency, per_eur, as_of, source)
             values ('GBP', 0.8791, '2026-11-20', 'ECB euro reference rates, 20 November 2026 (seeded)') on conflict (currency) do nothing`);
}

// rate-limit windows of their own minute each (pos_key_usage is keyed by key and window)
let usageWindows = 0;
const usageWindow = () => new Date(Date.UTC(2003, 0, 1) + usageWindows++ * 60_000).toISOString().replace('.000Z', 'Z');

async function pendingWholesale(): Promise<string> {
  await sql('delete from public.wholesale_accounts where user_id = $1', [U.partner]);
  return byId(
    (
      await insertColumns('wholesale_accounts', {
        user_id: U.partner,
        business_name: 'Parcel Trading Ltd',
        tax_id: 'GB 123456789',
        address_line1: '1 Mill Lane',
        city: 'Leeds',
        postal_code: 'LS1 1AA',
        country: 'GB',
      })
    ).id as string,
  );
}

// The partner persona as an approved supplier with a live and an archived kit on the published
// pattern; the maker loses any supplier role an earlier approval case gave it.
async function kitsFixture(): Promise<void> {
  await sql(`insert into public.user_roles (user_id, role) values ($1, 'supplier') on conflict do nothing`, [U.partner]);
  await sql(`delete from public.user_roles where user_id = $1 and role = 'supplier'`, [U.maker]);
  await sql(
    `insert into public.kits (id, supplier_id, pattern_id, title, price_cents, currency, url, archived_at) values
     ($1, $3, $4, 'Linen kit', 3200, 'USD', 'https://parcel.test/kits/linen', null),
     ($2, $3, $4, 'Old linen kit', 3000, 'USD', 'https://parcel.test/kits/old', now()) on conflict (id) do nothing`,
    [KIT, KIT_ARCHIVED, U.partner, P.pub],
  );
  await sql(`insert into public.kit_clicks (kit_id, visitor) select $1, 'fixture' where not exists (select 1 from public.kit_clicks where kit_id = $1)`, [KIT]);
}

const throwawayKit = async () =>
  (
    await insertColumns('kits', {
      supplier_id: U.partner,
      pattern_id: P.pub,
      title: `Throwaway kit ${unique()}`,
      price_cents: 1500,
      currency: 'USD',
      url: 'https://parcel.test/kits/throwaway',
    })
  ).id as string;

async function referralFixture(): Promise<void> {
  await sql(`update public.referral_codes set code = 'PARCEL1234' where reseller_id = $1`, [U.partner]);
  await sql(`insert into public.referral_clicks (id, code, path) values ($1, 'PARCEL1234', '/') on conflict (id) do nothing`, [CLICK]);
}

async function pendingApplication(): Promise<string> {
  await sql(`delete from public.partner_applications where user_id = $1 and kind = 'supplier'`, [U.maker]);
  return byId(
    (await insertColumns('partner_applications', { user_id: U.maker, kind: 'supplier', company: 'Rosa\u2019s Kits', website: 'https://rosas-kits.test' }))
      .id as string,
  );
}

async function fixtures(): Promise<void> {
  const users: [string, string, string][] = [
    [U.maker, 'maker@rls.test', 'maker'],
    [U.designer, 'designer@rls.test', 'designer'],
    [U.other, 'other@rls.test', 'designer'],
    [U.wholesale, 'shop@rls.test', 'retailer'],
    [U.partner, 'partner@rls.test', 'maker'],
    [U.operator, 'operator@rls.test', 'maker'],
    [U.ghost, 'ghost@rls.test', 'maker'],
  ];
  for (const [uid, email, intent] of users) {
    await sql(
      `insert into auth.users (id, email, aud, role, raw_user_meta_data, email_confirmed_at)
               values ($1, $2::text, 'authenticated', 'authenticated', jsonb_build_object('display_name', $2::text, 'intent', $3::text), now())`,
      [uid, email, intent],
    );
  }
  await sql(`insert into public.user_roles (user_id, role) values ($1, 'operator')`, [U.operator]);
  await sql(
    `insert into public.stores (id, owner_id, slug, kind, name) values ($1, $2, 'designer-a', 'designer', 'Studio A'), ($3, $4, 'designer-b', 'designer', 'Studio B')`,
    [S.A, U.designer, S.B, U.other],
  );
  await sql(
    `insert into public.stores (id, owner_id, slug, kind, name, address_line1, city, postal_code) values ($1, $2, 'shop-c', 'retailer', 'Shop C', '1 High Street', 'York', 'YO1 7HH')`,
    [S.C, U.wholesale],
  );
  await sql(
    `insert into public.patterns (id, store_id, title, craft, category, status, price_cents, tags) values
     ($1, $6, 'Linen Wrap Dress', 'sewing', 'dress', 'published', 1200, '{linen}'), ($2, $6, 'Secret Draft Coat', 'sewing', 'coat', 'draft', 1500, '{}'),
     ($3, $6, 'Free Tote', 'bags', 'bag', 'published', 0, '{}'), ($4, $7, 'Other Studio Skirt', 'sewing', 'skirt', 'published', 900, '{}'),
     ($5, $6, 'Retired Blouse', 'sewing', 'top', 'archived', 800, '{}')`,
    [P.pub, P.draft, P.free, P.other, P.archived, S.A, S.B],
  );
  await sql(`insert into public.pattern_wholesale_prices (pattern_id, store_id, price_cents) values ($1, $2, 600)`, [P.pub, S.A]);
  await sql(
    `insert into public.pattern_files (id, pattern_id, store_id, format, version, storage_path, size_bytes, sha256)
             values ($1, $2, $3, 'a4', 1, $4, 1024, $5)`,
    [FILE, P.pub, S.A, `${S.A}/${P.pub}/a4/v1.pdf`, 'a'.repeat(64)],
  );
  await sql(`insert into public.pattern_masters (pattern_id, store_id, version, storage_path, size_bytes, sha256) values ($1, $2, 1, $3, 8192, $4)`, [
    P.pub,
    S.A,
    `${S.A}/${P.pub}/master/v1.pdf`,
    'f'.repeat(64),
  ]);
  await sql(
    `insert into public.pattern_versions (pattern_id, store_id, version, changes) values ($1, $3, 1, 'First release.'), ($2, $3, 1, 'Work in progress.')`,
    [P.pub, P.draft, S.A],
  );
  await sql(`insert into public.store_stock (store_id, pattern_id) values ($1, $2)`, [S.C, P.pub]);
  await sql(`insert into public.orders (id, buyer_id, currency, subtotal_cents, total_cents) values ($1, $3, 'USD', 1200, 1200), ($2, $3, 'USD', 0, 0)`, [
    O.paid,
    O.pending,
    U.maker,
  ]);
  await sql(`insert into public.order_items (id, order_id, pattern_id, store_id, unit_price_cents, currency) values ($1, $2, $3, $4, 1200, 'USD')`, [
    ITEM,
    O.paid,
    P.pub,
    S.A,
  ]);
  await sql(`update public.orders set status = 'paid' where id = $1`, [O.paid]); // grants the maker's entitlement
  await sql(`insert into public.entitlements (user_id, pattern_id, source) values ($1, $2, 'grant')`, [U.maker, P.archived]);
  await sql(`insert into public.downloads (user_id, pattern_id, format, version) values ($1, $2, 'a4', 1)`, [U.maker, P.pub]);
  await sql(`insert into public.subscriptions (id, store_id, plan, status) values ($1, $2, 'pro', 'active')`, [SUB, S.A]);
  await sql(
    `insert into public.wholesale_accounts (id, user_id, store_id, business_name, tax_id, address_line1, city, postal_code, country, status, reviewer_id)
             values ($1, $2, $3, 'Shop C Ltd', 'GB 987654321', '1 High Street', 'York', 'YO1 7HH', 'GB', 'approved', $4)`,
    [WHOLESALE, U.wholesale, S.C, U.operator],
  );
  await sql(
    `insert into public.partner_applications (id, user_id, kind, company, website, status, reviewer_id)
             values ($1, $2, 'reseller', 'Parcel Collective', 'https://parcel.test', 'approved', $3)`,
    [PARTNER_APP, U.partner, U.operator],
  );
  await sql(`insert into public.newsletter_subscribers (id, email) values ($1, 'reader@rls.test')`, [NEWSLETTER]);
  await sql(`insert into public.pos_keys (id, store_id, name, prefix, key_hash) values ($1, $2, 'Till', 'shpos_aaaaaa', $3)`, [POS_KEY, S.C, 'd'.repeat(64)]);
  await sql(
    `insert into public.pos_sales (id, store_id, pattern_id, quantity, unit_price_cents, royalty_cents, currency, external_id, sold_at)
             values ($1, $2, $3, 1, 1800, 700, 'USD', 'till-1', now())`,
    [POS_SALE, S.C, P.pub],
  );
  await sql(
    `insert into public.payment_events (id, provider, provider_event_id, type, payload) values ($1, 'sandbox', 'evt_1', 'checkout.session.completed', '{}')`,
    [EVENT],
  );
  await sql(`insert into public.discount_codes (id, store_id, code, percent_off) values ($1, $2, 'spring25', 25)`, [DISCOUNT, S.A]);
  await sql(`insert into public.payout_accounts (user_id, stripe_account_id) values ($1, 'acct_fixture_designer')`, [U.designer]);
  await sql(
    `insert into public.payout_transfers (id, order_item_id, order_id, recipient_id, store_id, amount_cents, currency)
             values ($1, $2, $3, $4, $5, 1080, 'USD')`,
    [TRANSFER, ITEM, O.paid, U.designer, S.A],
  );
  // a line of Studio B in the pending order: the designer of Studio A may not read that order
  await sql(`insert into public.orders (id, buyer_id, currency, subtotal_cents, total_cents) values ($1, $2, 'USD', 900, 900)`, [ORDER_B, U.maker]);
  await sql(`insert into public.order_items (id, order_id, pattern_id, store_id, unit_price_cents, currency) values ($1, $2, $3, $4, 900, 'USD')`, [
    ITEM_HELD,
    ORDER_B,
    P.other,
    S.B,
  ]);
  await sql(`insert into public.billing_customers (store_id, provider_customer_id) values ($1, 'cus_rls_a')`, [S.A]);
  await sql(`insert into public.account_recovery_codes (user_id, code_hash) values ($1, $2)`, [U.designer, 'e'.repeat(64)]);
  await sql(`insert into public.account_recovery_failures (user_id) values ($1)`, [U.designer]);
  await sql(`insert into public.store_slug_redirects (old_slug, store_id) values ('old-studio-a', $1)`, [S.A]);
  // reviews (the maker holds rights to the published and archived patterns already), Studio A's reply, a favourite, a follow
  await sql(`insert into public.entitlements (id, user_id, pattern_id, source) values ($1, $3, $5, 'grant'), ($2, $4, $5, 'grant')`, [
    ENT_FREE,
    ENT_OWN,
    U.maker,
    U.designer,
    P.free,
  ]);
  for (const [review, pattern, body] of [
    [REVIEW, P.pub, 'Fits beautifully.'],
    [REVIEW_ARCHIVED, P.archived, 'A lovely blouse.'],
  ]) {
    await sql(
      `insert into public.reviews (id, pattern_id, entitlement_id, author_id, rating, body)
               select $1, e.pattern_id, e.id, e.user_id, 5, $4 from public.entitlements e
                where e.user_id = $2 and e.pattern_id = $3 and e.revoked_at is null`,
      [review, U.maker, pattern, body],
    );
  }
  await sql(`insert into public.review_replies (review_id, store_id, author_id, body) values ($1, $2, $3, 'Thank you!')`, [REVIEW, S.A, U.designer]);
  await sql(`insert into public.favourites (user_id, pattern_id) values ($1, $2)`, [U.maker, P.pub]);
  await sql(`insert into public.follows (follower_id, store_id) values ($1, $2)`, [U.maker, S.A]);
  await sql(`insert into public.message_threads (id, buyer_id, store_id, pattern_id) values ($1, $2, $3, $4)`, [THREAD, U.maker, S.A, P.pub]);
  await sql(`insert into public.thread_messages (id, thread_id, sender_id, sender_side, body) values ($1, $2, $3, 'buyer', 'Does it run small?')`, [
    MESSAGE,
    THREAD,
    U.maker,
  ]);
  // the shop's till key: one rate-limit window and one remembered answer
  await sql(`insert into public.pos_key_usage (pos_key_id, window_start, requests) values ($1, $2, 3)`, [POS_KEY, USAGE_WINDOW]);
  await sql(
    `insert into public.pos_requests (store_id, idempotency_key, pos_key_id, request_hash, response) values ($1, 'rls-fixed', $2, $3, '{"id": "till-1"}')`,
    [S.C, POS_KEY, 'f'.repeat(64)],
  );
}

beforeAll(async () => {
  stack = await startTestStack({ seed: false });
  await fixtures();
  tokens.set('anon', stack.anonKey);
  tokens.set('service', stack.serviceRoleKey);
  for (const role of ROLES) {
    if (role === 'anon' || role === 'service') continue;
    const uid = U[role as keyof typeof U];
    // the claims GoTrue puts in an access token
    tokens.set(
      role,
      await signJwt(
        {
          iss: `${stack.url}/auth/v1`,
          sub: uid,
          aud: 'authenticated',
          role: 'authenticated',
          email: `${role}@rls.test`,
          phone: '',
          app_metadata: { provider: 'email', providers: ['email'] },
          user_metadata: {},
          aal: 'aal1',
          amr: [{ method: 'password', timestamp: Math.floor(Date.now() / 1000) }],
          session_id: crypto.randomUUID(),
          is_anonymous: false,
        },
        stack.config.jwtSecret,
        3600,
      ),
    );
  }
});

afterAll(async () => {
  await stack?.stop();
});

describe('row-level security matrix', () => {
  it('covers every table of the public schema with all four operations', async () => {
    const tables = (await sql(`select tablename from pg_tables where schemaname = 'public' order by 1`)).map((r) => r.tablename as string);
    for (const table of tables) {
      const rls = await sql(`select relrowsecurity from pg_class where oid = ('public.' || $1)::regclass`, [table]);
      expect(rls[0]!.relrowsecurity, `row-level security on ${table}`).toBe(true);
      for (const op of ['select', 'insert', 'update', 'delete']) {
        expect(
          cases.some((c) => c.table === table && c.op === op),
          `${table} ${op} case`,
        ).toBe(true);
      }
    }
  });

  for (const c of cases) {
    for (const role of ROLES) {
      const allowed = c.allow.includes(role);
      it(`${c.table} ${c.op}${c.label ? ` (${c.label})` : ''} as ${role}: ${allowed ? 'allowed' : 'denied'}`, async () => {
        await c.before?.();
        if (c.op === 'select') {
          const res = await rest(role, 'GET', `${c.table}?${c.filter}`);
          if (allowed) {
            expect(res.status).toBe(200);
            expect(res.body.length).toBeGreaterThan(0);
          } else {
            expect(denied(res.status, res.body) || (res.status === 200 && res.body.length === 0), JSON.stringify(res)).toBe(true);
          }
          return;
        }
        if (c.op === 'insert') {
          const { body, find } = c.insert!(role);
          await rest('service', 'DELETE', `${c.table}?${find}`);
          const res = await rest(role, 'POST', c.table, body);
          const after = await truth(c.table, find);
          try {
            if (allowed) {
              expect(res.status, JSON.stringify(res.body)).toBe(201);
              expect(after).toHaveLength(1);
            } else {
              expect(denied(res.status, res.body), JSON.stringify(res)).toBe(true);
              expect(after).toHaveLength(0);
            }
          } finally {
            await rest('service', 'DELETE', `${c.table}?${find}`);
          }
          return;
        }
        const filter = c.make ? await c.make() : c.filter!;
        const before = await truth(c.table, filter);
        expect(before.length, `target row for ${c.table}`).toBeGreaterThan(0);
        try {
          if (c.op === 'update') {
            const res = await rest(role, 'PATCH', `${c.table}?${filter}`, c.set);
            const after = await truth(c.table, filter);
            const changed = Object.entries(c.set!).every(([k, v]) => JSON.stringify(after[0]?.[k]) === JSON.stringify(v));
            if (allowed) {
              expect(res.status, JSON.stringify(res.body)).toBe(200);
              expect(changed).toBe(true);
            } else {
              expect(denied(res.status, res.body) || (res.status === 200 && res.body.length === 0), JSON.stringify(res)).toBe(true);
              expect(after).toEqual(before);
            }
          } else {
            const res = await rest(role, 'DELETE', `${c.table}?${filter}`);
            const after = await truth(c.table, filter);
            if (allowed) {
              expect(res.status, JSON.stringify(res.body)).toBe(200);
              expect(after).toHaveLength(0);
            } else {
              expect(denied(res.status, res.body) || (res.status === 200 && res.body.length === 0), JSON.stringify(res)).toBe(true);
              expect(after).toEqual(before);
            }
          }
        } finally {
          // undo: throwaway rows go, fixed rows get their old values back
          if (c.make) await rest('service', 'DELETE', `${c.table}?${filter}`);
          else if (c.op === 'update') {
            const restore = Object.fromEntries(Object.keys(c.set!).map((k) => [k, before[0]![k]]));
            await rest('service', 'PATCH', `${c.table}?${filter}`, restore);
          }
        }
      });
    }
  }
});
