// Point of sale through the real functions, PostgREST and database: till keys are
// checked in the database (wrong or revoked → 401, nothing written), the catalog feed (JSON,
// CSV, ETag → 304), sales judged line by line and recorded once per Idempotency-Key, the per-key
// rate limit, the CSV import's row-by-row verdicts, royalty maths against shared/src/pricing.ts,
// the monthly settlement, the page's curl examples run with real curl, and the role-by-role
// rights of every new table and function (shop owner, designer, other owner, anon).
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { createClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../../../backend/test/harness.ts';
import { signedInMember, type Member } from '../../../backend/test/members.ts';
import { percentOf, PLANS, printRoyalty, PRINT_ROYALTY_BP } from '../../../shared/src/pricing.ts';
import { POS_REQUESTS_PER_MINUTE, REASONS } from '../../../shared/src/pos/sales.ts';
import { posExamples, TILL_KEY_VARIABLE } from '../../../shared/src/pos/examples.ts';

let stack: TestStack;
let designer: Member;
let shop: Member;
let other: Member;
let designerStore: string;
let shopStore: string;
let otherStore: string;
/** published, carried by the shop (USD 14.00, designer on Free) */
let carried: string;
/** published, carried only by the other shop */
let othersPattern: string;
/** published, carried by nobody */
let uncarried: string;
let key: string;
let keyId: string;

const count = async (sql: string, params: unknown[] = []) => Number((await stack.pool.query(sql, params)).rows[0].n);

async function till(path: string, init: RequestInit & { key?: string | null } = {}) {
  const headers = new Headers(init.headers);
  const k = init.key === undefined ? key : init.key;
  if (k) headers.set('authorization', `Bearer ${k}`);
  const res = await fetch(`${stack.url}/functions/v1/${path}`, { ...init, headers });
  const text = await res.text();
  let body: any = text;
  try {
    body = JSON.parse(text);
  } catch {
    /* CSV or empty */
  }
  return { status: res.status, headers: res.headers, body, text };
}

const sell = (lines: unknown[], idempotencyKey: string, k?: string | null) =>
  till('pos-sales', {
    method: 'POST',
    key: k,
    body: JSON.stringify({ lines }),
    headers: { 'content-type': 'application/json', 'idempotency-key': idempotencyKey },
  });

const line = (external_id: string, extra: Record<string, unknown> = {}) => ({
  external_id,
  pattern_id: carried,
  quantity: 2,
  unit_price_cents: 1800,
  sold_at: '2026-10-14T15:30:00Z',
  ...extra,
});

async function retailShop(member: Member, slug: string): Promise<string> {
  const store = await member.db
    .from('stores')
    .insert({
      slug: `${slug}-${Date.now().toString(36)}`,
      kind: 'retailer',
      name: `${slug} shop`,
      currency: 'GBP',
      address_line1: '1 High Street',
      city: 'Leeds',
      postal_code: 'LS1 1AA',
    })
    .select('id')
    .single();
  if (store.error) throw store.error;
  return store.data.id as string;
}

async function publishedPattern(title: string, price: number, currency = 'USD'): Promise<string> {
  const { rows } = await stack.pool.query(
    `insert into public.patterns (store_id, title, craft, category, price_cents, currency, status)
     values ($1, $2, 'sewing', 'dresses', $3, $4, 'published') returning id`,
    [designerStore, title, price, currency],
  );
  return rows[0].id;
}

beforeAll(async () => {
  stack = await startTestStack({ seed: false });
  [designer, shop, other] = await Promise.all([
    signedInMember(stack, 'pos-designer', 'Dana Designer'),
    signedInMember(stack, 'pos-shop', 'Gloria Shop'),
    signedInMember(stack, 'pos-other', 'Otto Other'),
  ]);
  const store = await designer.db
    .from('stores')
    .insert({ slug: `dana-${Date.now().toString(36)}`, kind: 'designer', name: 'Dana Patterns' })
    .select('id')
    .single();
  designerStore = store.data!.id;
  shopStore = await retailShop(shop, 'cotton');
  otherStore = await retailShop(other, 'bobbin');
  carried = await publishedPattern('Harbour Wrap Dress', 1400);
  othersPattern = await publishedPattern('Tidal Tote', 900);
  uncarried = await publishedPattern('Quay Jacket', 2500);
  expect((await shop.db.from('store_stock').insert({ store_id: shopStore, pattern_id: carried, printed_copies: 4 })).error).toBeNull();
  expect((await other.db.from('store_stock').insert({ store_id: otherStore, pattern_id: othersPattern })).error).toBeNull();
  // the till API is part of Pro (CSV uploads are on every plan)
  await stack.pool.query(`update public.stores set plan = 'pro' where id = $1`, [shopStore]);
  const created = await shop.db.rpc('create_pos_key', { store_id: shopStore, name: 'Front counter' });
  expect(created.error).toBeNull();
  key = created.data.key;
  keyId = created.data.id;
}, 120_000);

afterAll(async () => {
  await stack?.stop();
});

describe('till keys', () => {
  it('a wrong, malformed or missing key gets 401 and nothing is written', async () => {
    const before = await count(`select count(*) n from public.pos_sales`);
    const wrong = `shpos_${'0'.repeat(48)}`;
    for (const k of [wrong, 'not-a-key', null]) {
      const res = await sell([line(`wrong-${String(k)}`)], `wrong-${String(k)}`, k);
      expect(res.status).toBe(401);
      expect(res.body.error.code).toMatch(/invalid_key|missing_key/);
      expect((await till('pos-catalog', { key: k })).status).toBe(401);
    }
    expect(await count(`select count(*) n from public.pos_sales`)).toBe(before);
    expect(await count(`select count(*) n from public.pos_requests`)).toBe(0);
    expect(await count(`select count(*) n from public.pos_key_usage`)).toBe(0);
  });

  it("a revoked key gets 401, writes nothing and stays revoked; last use is the database's", async () => {
    const created = await shop.db.rpc('create_pos_key', { store_id: shopStore, name: 'Old till' });
    const revokedKey = created.data.key as string;
    expect((await sell([line('before-revoke')], 'before-revoke', revokedKey)).status).toBe(200);
    const used = await shop.db.from('pos_keys').select('last_used_at').eq('id', created.data.id).single();
    expect(used.data!.last_used_at).not.toBeNull();
    // the owner cannot forge the last use
    await shop.db.from('pos_keys').update({ last_used_at: '2001-01-01T00:00:00Z' }).eq('id', created.data.id);
    expect((await shop.db.from('pos_keys').select('last_used_at').eq('id', created.data.id).single()).data!.last_used_at).toBe(used.data!.last_used_at);

    expect((await shop.db.from('pos_keys').update({ revoked_at: new Date().toISOString() }).eq('id', created.data.id)).error).toBeNull();
    const before = await count(`select count(*) n from public.pos_sales`);
    const requests = await count(`select count(*) n from public.pos_requests`);
    const res = await sell([line('after-revoke')], 'after-revoke', revokedKey);
    expect(res.status).toBe(401);
    expect(res.body.error.message).toContain('revoked');
    expect((await till('pos-catalog', { key: revokedKey })).status).toBe(401);
    expect(await count(`select count(*) n from public.pos_sales`)).toBe(before);
    expect(await count(`select count(*) n from public.pos_requests`)).toBe(requests);
    // un-revoking does nothing
    await shop.db.from('pos_keys').update({ revoked_at: null }).eq('id', created.data.id);
    expect((await shop.db.from('pos_keys').select('revoked_at').eq('id', created.data.id).single()).data!.revoked_at).not.toBeNull();
    expect((await sell([line('after-unrevoke')], 'after-unrevoke', revokedKey)).status).toBe(401);
  });

  it('a shop on the Free plan gets 403 from the API and nothing is written', async () => {
    const created = await other.db.rpc('create_pos_key', { store_id: otherStore, name: 'Free till' });
    expect(created.error).toBeNull();
    const res = await sell([line('free-1', { pattern_id: othersPattern })], 'free-1', created.data.key);
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('plan_required');
    expect((await till('pos-catalog', { key: created.data.key })).status).toBe(403);
    expect(await count(`select count(*) n from public.pos_sales where store_id = $1`, [otherStore])).toBe(0);
    expect(await count(`select count(*) n from public.pos_requests where store_id = $1`, [otherStore])).toBe(0);
  });
});

describe('catalog feed', () => {
  it('lists what the shop carries with prices and royalty, as JSON and CSV, with an ETag and 304', async () => {
    const res = await till('pos-catalog');
    expect(res.status).toBe(200);
    expect(res.body.store).toMatchObject({ id: shopStore, currency: 'GBP' });
    expect(res.body.patterns.map((p: any) => p.pattern_id)).toEqual([carried]);
    expect(res.body.patterns[0]).toMatchObject({
      title: 'Harbour Wrap Dress',
      designer: 'Dana Patterns',
      price_cents: 1400,
      currency: 'USD',
      printed_copies: 4,
      print_royalty_cents: percentOf(1400, PRINT_ROYALTY_BP),
      wholesale_price_cents: null,
    });
    const etag = res.headers.get('etag')!;
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
    const again = await till('pos-catalog', { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');

    const csv = await till('pos-catalog?format=csv');
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const [header, row] = csv.text.trim().split('\r\n');
    expect(header).toBe(
      'pattern_id,title,designer,craft,category,status,price_cents,currency,print_royalty_cents,printed_copies,wholesale_price_cents,wholesale_currency,wholesale_min_quantity,updated_at',
    );
    expect(row).toContain(`${carried},Harbour Wrap Dress,Dana Patterns,sewing,dresses,published,1400,USD,840,4,,,`);
    expect(csv.headers.get('etag')).not.toBe(etag);
    expect((await till('pos-catalog', { headers: { accept: 'text/csv', 'if-none-match': csv.headers.get('etag')! } })).status).toBe(304);

    // a change to a carried pattern changes the ETag; wholesale prices show once the shop is approved
    await stack.pool.query(`insert into public.pattern_wholesale_prices (pattern_id, store_id, price_cents, currency) values ($1, $2, 700, 'USD')`, [
      carried,
      designerStore,
    ]);
    expect((await till('pos-catalog', { headers: { 'if-none-match': etag } })).status).toBe(304);
    await stack.pool.query(
      `insert into public.wholesale_accounts (user_id, store_id, business_name, tax_id, address_line1, city, postal_code, country, status)
       values ($1, $2, 'Cotton Ltd', 'GB123456789', '1 High Street', 'Leeds', 'LS1 1AA', 'GB', 'approved')`,
      [shop.id, shopStore],
    );
    const changed = await till('pos-catalog', { headers: { 'if-none-match': etag } });
    expect(changed.status).toBe(200);
    expect(changed.body.patterns[0]).toMatchObject({ wholesale_price_cents: 700, wholesale_currency: 'USD', wholesale_min_quantity: 3 });
  });
});

describe('sales endpoint', () => {
  it('judges each line, records the good ones with the royalty owed, and a replay records once', async () => {
    const lines = [
      line('r-100-1'),
      line('r-100-2', { quantity: -1 }),
      line('r-100-3', { pattern_id: othersPattern }),
      line('r-100-4', { pattern_id: '00000000-0000-4000-8000-000000000000' }),
      line('r-100-5', { sold_at: '2026-13-40' }),
      line('r-100-6', { unit_price_cents: 12.5 }),
      line('r-100-7', { currency: 'EUR', quantity: 3 }),
      line('r-100-1'),
      'not a line',
    ];
    const first = await sell(lines, 'receipt-100');
    expect(first.status).toBe(200);
    expect(first.headers.get('idempotent-replayed')).toBe('false');
    expect(first.body).toMatchObject({ accepted: 2, duplicate: 0, rejected: 7, replayed: false });
    const byLine = Object.fromEntries(first.body.results.map((r: any) => [r.line, r]));
    expect(byLine[1]).toMatchObject({ status: 'accepted', external_id: 'r-100-1', royalty_cents: 2 * 840, royalty_currency: 'USD' });
    expect(byLine[2]).toMatchObject({ status: 'rejected', reason: REASONS.quantity });
    expect(byLine[3]).toMatchObject({ status: 'rejected', reason: REASONS.not_carried });
    expect(byLine[4]).toMatchObject({ status: 'rejected', reason: REASONS.unknown_pattern });
    expect(byLine[5]).toMatchObject({ status: 'rejected', reason: REASONS.sold_at });
    expect(byLine[6]).toMatchObject({ status: 'rejected', reason: REASONS.unit_price });
    expect(byLine[7]).toMatchObject({ status: 'accepted', royalty_cents: 3 * 840 });
    expect(byLine[8]).toMatchObject({ status: 'rejected', reason: REASONS.repeated });
    expect(byLine[9]).toMatchObject({ status: 'rejected', external_id: null });

    const recorded = await stack.pool.query(
      `select external_id, quantity, unit_price_cents, currency, royalty_cents, royalty_fee_cents, royalty_currency, source, pos_key_id
         from public.pos_sales where external_id like 'r-100-%' order by external_id`,
    );
    const expected1 = printRoyalty(1400, 2, 'USD', 'free');
    expect(recorded.rows).toEqual([
      {
        external_id: 'r-100-1',
        quantity: 2,
        unit_price_cents: 1800,
        currency: 'GBP',
        royalty_cents: expected1.price,
        royalty_fee_cents: expected1.platformFee,
        royalty_currency: 'USD',
        source: 'api',
        pos_key_id: keyId,
      },
      {
        external_id: 'r-100-7',
        quantity: 3,
        unit_price_cents: 1800,
        currency: 'EUR',
        royalty_cents: 2520,
        royalty_fee_cents: percentOf(2520, PLANS.free.royaltyFeeBasisPoints),
        royalty_currency: 'USD',
        source: 'api',
        pos_key_id: keyId,
      },
    ]);

    // the same request again: the same answer, nothing new
    const replay = await sell(lines, 'receipt-100');
    expect(replay.status).toBe(200);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect({ ...replay.body, replayed: false }).toEqual(first.body);
    expect(await count(`select count(*) n from public.pos_sales where external_id like 'r-100-%'`)).toBe(2);

    // the same key with another body is refused; a new key for an old external_id says duplicate
    const reused = await sell([line('r-101-1')], 'receipt-100');
    expect(reused.status).toBe(422);
    expect(reused.body.error.code).toBe('idempotency_key_reused');
    const dup = await sell([line('r-100-1')], 'receipt-100-resent');
    expect(dup.body).toMatchObject({ accepted: 0, duplicate: 1, rejected: 0 });
    expect(await count(`select count(*) n from public.pos_sales where external_id like 'r-10%'`)).toBe(2);
  });

  it('ten concurrent deliveries of one request record it once', async () => {
    const lines = [line('r-200-1'), line('r-200-2')];
    const answers = await Promise.all(Array.from({ length: 10 }, () => sell(lines, 'receipt-200')));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(answers.filter((a) => a.body.replayed === false)).toHaveLength(1);
    expect(await count(`select count(*) n from public.pos_sales where external_id like 'r-200-%'`)).toBe(2);
  });

  it('refuses requests without an Idempotency-Key, with bad JSON or too many lines, writing nothing', async () => {
    const before = await count(`select count(*) n from public.pos_sales`);
    const noKey = await till('pos-sales', { method: 'POST', body: JSON.stringify({ lines: [line('x-1')] }) });
    expect(noKey.status).toBe(400);
    expect(noKey.body.error.code).toBe('idempotency_key_required');
    expect((await till('pos-sales', { method: 'POST', body: '{', headers: { 'idempotency-key': 'bad-json' } })).status).toBe(400);
    const tooMany = await sell(
      Array.from({ length: 501 }, (_, i) => line(`many-${i}`)),
      'too-many',
    );
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error.message).toContain('at most 500');
    expect(await count(`select count(*) n from public.pos_sales`)).toBe(before);
  });
});

describe('CSV import', () => {
  const upload = (member: Member, rows: Record<string, string>[], store = shopStore) =>
    fetch(`${stack.url}/functions/v1/pos-import`, {
      method: 'POST',
      headers: { apikey: stack.anonKey, authorization: `Bearer ${member.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ store_id: store, rows }),
    }).then(async (r) => ({ status: r.status, body: (await r.json()) as any }));
  const row = (external_id: string, extra: Record<string, string> = {}) => ({
    external_id,
    pattern_id: carried,
    quantity: '1',
    unit_price: '18.00',
    currency: '',
    sold_at: '2026-10-02',
    ...extra,
  });

  it('reports bad rows one by one, imports only the good ones, once per external_id', async () => {
    const rows = [
      row('csv-1'),
      row('csv-2', { pattern_id: '11111111-1111-4111-8111-111111111111' }),
      row('csv-3', { sold_at: '02/10/2026' }),
      row('csv-4', { quantity: '-2' }),
      row('csv-5', { pattern_id: othersPattern }),
      row('csv-6', { pattern_id: uncarried }),
      row('csv-7', { unit_price: '-3.00' }),
      row('csv-8', { quantity: '0' }),
      row('csv-9', { unit_price: '12,5', quantity: '2', currency: 'eur' }),
    ];
    const res = await upload(shop, rows);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ accepted: 2, rejected: 7, duplicate: 0 });
    expect(res.body.results.map((r: any) => [r.line, r.status, r.reason ?? null])).toEqual([
      [1, 'accepted', null],
      [2, 'rejected', REASONS.unknown_pattern],
      [3, 'rejected', REASONS.sold_at],
      [4, 'rejected', REASONS.quantity],
      [5, 'rejected', REASONS.not_carried],
      [6, 'rejected', REASONS.not_carried],
      [7, 'rejected', REASONS.unit_price],
      [8, 'rejected', REASONS.quantity],
      [9, 'accepted', null],
    ]);
    const imported = await stack.pool.query(`select external_id, quantity, unit_price_cents, currency, source, pos_key_id, sold_at
                                               from public.pos_sales where external_id like 'csv-%' order by external_id`);
    expect(imported.rows).toEqual([
      {
        external_id: 'csv-1',
        quantity: 1,
        unit_price_cents: 1800,
        currency: 'GBP',
        source: 'csv',
        pos_key_id: null,
        sold_at: new Date('2026-10-02T00:00:00Z'),
      },
      {
        external_id: 'csv-9',
        quantity: 2,
        unit_price_cents: 1250,
        currency: 'EUR',
        source: 'csv',
        pos_key_id: null,
        sold_at: new Date('2026-10-02T00:00:00Z'),
      },
    ]);
    // the same file again adds nothing
    const again = await upload(shop, rows);
    expect(again.body).toMatchObject({ accepted: 0, duplicate: 2, rejected: 7 });
    expect(await count(`select count(*) n from public.pos_sales where external_id like 'csv-%'`)).toBe(2);
  });

  it('a big file is recorded in batches with every row answered in order', async () => {
    const rows = Array.from({ length: 1100 }, (_, i) => (i % 11 === 0 ? row(`big-${i}`) : row(`big-${i}`, { quantity: '0' })));
    const res = await upload(shop, rows);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ accepted: 100, rejected: 1000, duplicate: 0 });
    expect(res.body.results.map((r: any) => r.line)).toEqual(rows.map((_, i) => i + 1));
    expect(res.body.results[1100 - 11].status).toBe('accepted');
    expect(await count(`select count(*) n from public.pos_sales where external_id like 'big-%'`)).toBe(100);
  });

  it('only the owner imports into a shop; shops cannot write sales (or royalties) directly', async () => {
    const before = await count(`select count(*) n from public.pos_sales`);
    const notOwner = await upload(other, [row('intruder-1')], shopStore);
    expect(notOwner.status).toBe(403);
    const direct = await shop.db.from('pos_sales').insert({
      store_id: shopStore,
      pattern_id: carried,
      quantity: 1,
      unit_price_cents: 100,
      royalty_cents: 0,
      currency: 'GBP',
      source: 'csv',
      external_id: 'direct-1',
      sold_at: new Date().toISOString(),
    });
    expect(direct.error?.code).toBe('42501');
    const anon = await fetch(`${stack.url}/functions/v1/pos-import`, {
      method: 'POST',
      headers: { apikey: stack.anonKey, authorization: `Bearer ${stack.anonKey}` },
      body: JSON.stringify({ store_id: shopStore, rows: [row('anon-1')] }),
    });
    expect(anon.status).toBe(401);
    expect(await count(`select count(*) n from public.pos_sales`)).toBe(before);
  });
});

describe('royalties and the monthly settlement', () => {
  it('sums each shop × designer × month: the shop sees what it owes, the designer what they are owed', async () => {
    // A Pro designer's pattern pays a smaller platform share.
    await stack.pool.query(`update public.stores set plan = 'pro' where id = $1`, [designerStore]);
    const proLine = await sell([line('r-300-1', { quantity: 5, sold_at: '2026-09-30T23:30:00Z' })], 'receipt-300');
    expect(proLine.body.accepted).toBe(1);
    await stack.pool.query(`update public.stores set plan = 'free' where id = $1`, [designerStore]);
    const pro = printRoyalty(1400, 5, 'USD', 'pro');
    expect(pro).toEqual({ price: 4200, platformFee: percentOf(4200, PLANS.pro.royaltyFeeBasisPoints), designerPayout: 4200 - 84, currency: 'USD' });

    const fromShop = await shop.db.rpc('pos_settlement', { p_from: '2026-09-01', p_to: '2026-10-31' });
    expect(fromShop.error).toBeNull();
    const october = await stack.pool.query(
      `select count(*)::int sales, sum(quantity)::int copies, sum(royalty_cents)::int royalty, sum(royalty_fee_cents)::int fee
         from public.pos_sales where store_id = $1 and sold_at >= '2026-10-01' and sold_at < '2026-11-01'`,
      [shopStore],
    );
    const o = october.rows[0];
    expect(fromShop.data).toEqual([
      {
        month: '2026-10-01',
        shop_store_id: shopStore,
        shop_name: expect.any(String),
        designer_store_id: designerStore,
        designer_name: 'Dana Patterns',
        currency: 'USD',
        sales: o.sales,
        copies: o.copies,
        royalty_cents: o.royalty,
        platform_fee_cents: o.fee,
        designer_share_cents: o.royalty - o.fee,
      },
      {
        month: '2026-09-01',
        shop_store_id: shopStore,
        shop_name: expect.any(String),
        designer_store_id: designerStore,
        designer_name: 'Dana Patterns',
        currency: 'USD',
        sales: 1,
        copies: 5,
        royalty_cents: 4200,
        platform_fee_cents: pro.platformFee,
        designer_share_cents: pro.designerPayout,
      },
    ]);
    // every October line's royalty is the shared rule's
    const lines = await stack.pool.query(
      `select quantity, royalty_cents, royalty_fee_cents from public.pos_sales where store_id = $1 and sold_at >= '2026-10-01'`,
      [shopStore],
    );
    for (const l of lines.rows) {
      const split = printRoyalty(1400, l.quantity, 'USD', 'free');
      expect([l.royalty_cents, l.royalty_fee_cents]).toEqual([split.price, split.platformFee]);
    }
    const fromDesigner = await designer.db.rpc('pos_settlement', { p_from: '2026-09-01', p_to: '2026-10-31' });
    expect(fromDesigner.data).toEqual(fromShop.data);
    expect((await other.db.rpc('pos_settlement')).data).toEqual([]);
  });
});

describe('rights, role by role', () => {
  const anonDb = () => createClient(stack.url, stack.anonKey, { auth: { persistSession: false } });

  it("sales: the shop reads them; the designer (selling prices are the shop's: their in-shop report and the settlement), another owner and anon do not", async () => {
    const mine = await shop.db.from('pos_sales').select('id, royalty_cents').eq('store_id', shopStore);
    expect(mine.data!.length).toBeGreaterThan(0);
    // the designer reads none of the shop's rows (unit price, till key, receipt id)
    const designers = await designer.db.from('pos_sales').select('id').eq('pattern_id', carried);
    expect(designers.data).toEqual([]);
    expect((await other.db.from('pos_sales').select('id').eq('store_id', shopStore)).data).toEqual([]);
    expect((await anonDb().from('pos_sales').select('id')).error?.code).toBe('42501');
  });

  it('keys: only the shop sees and revokes its keys; nobody reads hashes of others or usage and requests', async () => {
    expect((await shop.db.from('pos_keys').select('id').eq('id', keyId)).data).toHaveLength(1);
    expect((await other.db.from('pos_keys').select('id').eq('id', keyId)).data).toEqual([]);
    expect((await designer.db.from('pos_keys').select('id').eq('id', keyId)).data).toEqual([]);
    expect((await anonDb().from('pos_keys').select('id')).error?.code).toBe('42501');
    await other.db.from('pos_keys').update({ revoked_at: new Date().toISOString() }).eq('id', keyId);
    expect((await stack.pool.query(`select revoked_at from public.pos_keys where id = $1`, [keyId])).rows[0].revoked_at).toBeNull();
    expect((await other.db.rpc('create_pos_key', { store_id: shopStore, name: 'Sneaky' })).error).not.toBeNull();
    for (const client of [shop.db, designer.db, other.db, anonDb()]) {
      for (const table of ['pos_key_usage', 'pos_requests']) {
        const read = await client.from(table).select('*');
        expect(read.error?.code).toBe('42501');
      }
    }
  });

  it('functions: the till-side ones are service-only; the settlement is for signed-in people', async () => {
    for (const client of [shop.db, designer.db, anonDb()]) {
      expect((await client.rpc('pos_authenticate', { p_key: key })).error?.code).toBe('42501');
      expect((await client.rpc('pos_catalog', { p_store: shopStore })).error?.code).toBe('42501');
      expect((await client.rpc('pos_sale_patterns', { p_store: shopStore, p_ids: [carried] })).error?.code).toBe('42501');
      expect(
        (
          await client.rpc('record_pos_sales', {
            p_store: shopStore,
            p_key: null,
            p_idempotency_key: null,
            p_request_hash: '0'.repeat(64),
            p_source: 'csv',
            p_results: [],
          })
        ).error?.code,
      ).toBe('42501');
    }
    expect((await anonDb().rpc('pos_settlement')).error?.code).toBe('42501');
  });
});

describe("the page's curl examples", () => {
  it('run as documented against this instance', async () => {
    const run = promisify(execFile);
    const examples = posExamples({ functionsUrl: `${stack.url}/functions/v1`, patternId: carried, soldAt: '2026-11-01T10:00:00Z' });
    const env = { ...process.env, [TILL_KEY_VARIABLE]: key };
    const out: Record<string, string> = {};
    for (const example of examples) {
      const { stdout } = await run('bash', ['-eo', 'pipefail', '-c', example.command], { env, cwd: stack.dataDir, timeout: 20_000 });
      out[example.id] = stdout;
    }
    expect(JSON.parse(out['catalog-json']!).patterns[0].pattern_id).toBe(carried);
    expect(out['catalog-csv']!.split('\r\n')[0]).toMatch(/^pattern_id,title,designer/);
    expect(out['catalog-etag']!.trim()).toBe('304');
    expect(JSON.parse(out.sales!)).toMatchObject({ accepted: 1, results: [{ external_id: 'receipt-1042-1', status: 'accepted' }] });
  });
});

describe('rate limit', () => {
  it(`a key gets 429 with Retry-After after ${POS_REQUESTS_PER_MINUTE} requests in a minute; other keys go on`, async () => {
    const created = await shop.db.rpc('create_pos_key', { store_id: shopStore, name: 'Busy till' });
    const busy = created.data.key as string;
    // Start at the top of a minute so the window cannot roll over mid-test.
    const intoMinute = Date.now() % 60_000;
    if (intoMinute > 40_000) await new Promise((r) => setTimeout(r, 60_000 - intoMinute + 200));
    const statuses: number[] = [];
    for (let i = 0; i < POS_REQUESTS_PER_MINUTE; i++) statuses.push((await till('pos-catalog', { key: busy, method: 'HEAD' })).status);
    expect(statuses.every((s) => s === 200)).toBe(true);
    const before = await count(`select count(*) n from public.pos_sales`);
    const limited = await sell([line('limited-1')], 'limited-1', busy);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await count(`select count(*) n from public.pos_sales`)).toBe(before);
    expect((await till('pos-catalog')).status).toBe(200);
  }, 120_000);
});
