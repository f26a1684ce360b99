// Reports through the real stack: the SQL report functions agree to the cent with the
// raw orders and lines they come from (discounts, VAT, fees, refunds, two currencies, two stores
// of one owner and another owner's store), the previous period is its own set of rows, RLS keeps
// each owner to their own stores (anon gets nothing, only operators get platform totals),
// pattern views are counted, and the CSV export equals the report's lines and arrives in chunks.
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../../../backend/test/harness.ts';
import { serviceClient, signedInMember, type Member } from '../../../backend/test/members.ts';

let stack: TestStack;
const service = () => serviceClient(stack);

interface Line {
  pattern: string;
  store: string;
  qty?: number;
  unit: number;
  discount?: number;
  vat?: number;
  fee?: number;
  refundedAt?: string;
  kind?: 'digital' | 'wholesale_print';
}

let ownerA: Member;
let ownerB: Member;
let buyerIn: Member;
let buyerOut: Member;
let operator: Member;
const stores: Record<'a' | 'a2' | 'b', { id: string; pattern: string }> = {} as never;

async function storeOf(owner: Member, slug: string, currency: string) {
  const store = (
    await service()
      .from('stores')
      .insert({ owner_id: owner.id, slug: `${slug}-${Date.now().toString(36)}`, kind: 'designer', name: `${slug} patterns`, currency })
      .select('id')
      .single()
      .throwOnError()
  ).data!;
  const pattern = (
    await service()
      .from('patterns')
      .insert({
        store_id: store.id,
        title: `${slug} dress`,
        craft: 'sewing',
        category: 'dresses',
        price_cents: 1500,
        currency,
        status: 'published',
        published_at: new Date().toISOString(),
      })
      .select('id')
      .single()
      .throwOnError()
  ).data!;
  return { id: store.id as string, pattern: pattern.id as string };
}

async function sale(buyer: Member, currency: string, paidAt: string, lines: Line[]) {
  const total = (l: Line) => l.unit * (l.qty ?? 1) - (l.discount ?? 0);
  const sum = (f: (l: Line) => number) => lines.reduce((s, l) => s + f(l), 0);
  const order = (
    await service()
      .from('orders')
      .insert({
        buyer_id: buyer.id,
        buyer_email: buyer.email,
        status: 'paid',
        paid_at: paidAt,
        currency,
        subtotal_cents: sum((l) => l.unit * (l.qty ?? 1)),
        discount_cents: sum((l) => l.discount ?? 0),
        vat_cents: sum((l) => l.vat ?? 0),
        platform_fee_cents: sum((l) => l.fee ?? 0),
        total_cents: sum(total),
      })
      .select('id')
      .single()
      .throwOnError()
  ).data!;
  for (const l of lines) {
    await service()
      .from('order_items')
      .insert({
        order_id: order.id,
        pattern_id: l.pattern,
        store_id: l.store,
        kind: l.kind ?? 'digital',
        quantity: l.qty ?? 1,
        unit_price_cents: l.unit,
        discount_cents: l.discount ?? 0,
        vat_cents: l.vat ?? 0,
        platform_fee_cents: l.fee ?? 0,
        currency,
        refunded_at: l.refundedAt ?? null,
      })
      .throwOnError();
  }
  if (lines.some((l) => l.refundedAt)) await service().from('orders').update({ status: 'partially_refunded' }).eq('id', order.id).throwOnError();
  return order.id as string;
}

type Totals = { gross: number; discount: number; vat: number; fee: number; refunds: number; net: number; units: number };
const zero = (): Totals => ({ gross: 0, discount: 0, vat: 0, fee: 0, refunds: 0, net: 0, units: 0 });

/** What the sales report must say, from the raw rows (read with the service role). */
async function expectedSales(storeIds: string[], from: string, to: string): Promise<Record<string, Totals>> {
  const starts = Date.parse(`${from}T00:00:00Z`);
  const ends = Date.parse(`${to}T00:00:00Z`) + 86_400_000;
  const inside = (t: string | null) => t !== null && Date.parse(t) >= starts && Date.parse(t) < ends;
  const { data } = await service()
    .from('order_items')
    .select('quantity, unit_price_cents, discount_cents, vat_cents, platform_fee_cents, currency, refunded_at, orders(paid_at)')
    .in('store_id', storeIds)
    .throwOnError();
  const out: Record<string, Totals> = {};
  for (const row of data as unknown as Array<{
    quantity: number;
    unit_price_cents: number;
    discount_cents: number;
    vat_cents: number;
    platform_fee_cents: number;
    currency: string;
    refunded_at: string | null;
    orders: { paid_at: string | null };
  }>) {
    const t = () => (out[row.currency] ??= zero());
    const gross = row.quantity * row.unit_price_cents - row.discount_cents;
    const keeps = gross - row.vat_cents - row.platform_fee_cents;
    if (inside(row.orders.paid_at)) {
      const s = t();
      s.gross += gross;
      s.discount += row.discount_cents;
      s.vat += row.vat_cents;
      s.fee += row.platform_fee_cents;
      s.net += keeps;
      s.units += row.quantity;
    }
    if (row.orders.paid_at && inside(row.refunded_at)) {
      const s = t();
      s.refunds += gross;
      s.net -= keeps;
    }
  }
  return out;
}

type SalesRow = {
  day: string;
  currency: string;
  lines: number;
  units: number;
  gross_cents: number;
  discount_cents: number;
  vat_cents: number;
  fee_cents: number;
  refunds_cents: number;
  net_cents: number;
};
function totalsOf(rows: SalesRow[]): Record<string, Totals> {
  const out: Record<string, Totals> = {};
  for (const r of rows) {
    const t = (out[r.currency] ??= zero());
    t.gross += Number(r.gross_cents);
    t.discount += Number(r.discount_cents);
    t.vat += Number(r.vat_cents);
    t.fee += Number(r.fee_cents);
    t.refunds += Number(r.refunds_cents);
    t.net += Number(r.net_cents);
    t.units += Number(r.units);
  }
  return out;
}

beforeAll(async () => {
  stack = await startTestStack({ seed: false });
  [ownerA, ownerB, buyerIn, buyerOut, operator] = await Promise.all([
    signedInMember(stack, 'owner-a', 'Ada Owner'),
    signedInMember(stack, 'owner-b', 'Bea Owner'),
    signedInMember(stack, 'buyer-in', 'Ina Buyer'),
    signedInMember(stack, 'buyer-out', 'Otto Buyer'),
    signedInMember(stack, 'operator', 'Opal Operator'),
  ]);
  await service().from('user_roles').insert({ user_id: operator.id, role: 'operator' }).throwOnError();
  await service().from('profiles').update({ newsletter_opt_in: true }).eq('id', buyerIn.id).throwOnError();
  stores.a = await storeOf(ownerA, 'ada-eur', 'EUR');
  stores.a2 = await storeOf(ownerA, 'ada-usd', 'USD');
  stores.b = await storeOf(ownerB, 'bea', 'EUR');
  const { a, a2, b } = stores;
  // September (the previous period of October)
  await sale(buyerIn, 'EUR', '2026-09-10T09:00:00Z', [{ pattern: a.pattern, store: a.id, unit: 1500, vat: 250, fee: 125 }]);
  await sale(buyerOut, 'EUR', '2026-09-30T23:59:59Z', [{ pattern: a.pattern, store: a.id, unit: 1500, discount: 300, vat: 200, fee: 100 }]);
  // October: discounts, VAT, fees, quantities, a refund inside and one in November, two currencies
  await sale(buyerIn, 'EUR', '2026-10-01T00:00:00Z', [{ pattern: a.pattern, store: a.id, unit: 1500, vat: 260, fee: 124 }]);
  await sale(buyerOut, 'EUR', '2026-10-05T12:30:00Z', [
    { pattern: a.pattern, store: a.id, unit: 1999, discount: 401, vat: 277, fee: 133, refundedAt: '2026-10-20T08:00:00Z' },
  ]);
  await sale(buyerOut, 'EUR', '2026-10-15T18:00:00Z', [{ pattern: a.pattern, store: a.id, kind: 'wholesale_print', qty: 12, unit: 700, vat: 1400, fee: 420 }]);
  await sale(buyerIn, 'USD', '2026-10-31T23:59:59Z', [{ pattern: a2.pattern, store: a2.id, unit: 1299, vat: 0, fee: 104, refundedAt: '2026-11-02T10:00:00Z' }]);
  await sale(buyerIn, 'EUR', '2026-10-12T10:00:00Z', [{ pattern: b.pattern, store: b.id, unit: 4200, vat: 700, fee: 350 }]);
  // November: outside October
  await sale(buyerIn, 'EUR', '2026-11-01T00:00:00Z', [{ pattern: a.pattern, store: a.id, unit: 1500, vat: 260, fee: 124 }]);
}, 180_000);

afterAll(async () => {
  await stack?.stop();
});

describe('sales report', () => {
  it('agrees to the cent with the raw order lines, per currency, for October and for September', async () => {
    const october = await ownerA.db.rpc('report_sales', { p_from: '2026-10-01', p_to: '2026-10-31' });
    expect(october.error).toBeNull();
    const expected = await expectedSales([stores.a.id, stores.a2.id], '2026-10-01', '2026-10-31');
    expect(totalsOf(october.data as SalesRow[])).toEqual(expected);
    // by hand, so the test itself cannot agree with a wrong reading of the rows
    expect(expected.EUR).toEqual({
      gross: 1500 + 1598 + 8400,
      discount: 401,
      vat: 260 + 277 + 1400,
      fee: 124 + 133 + 420,
      refunds: 1598,
      net: 1500 - 260 - 124 + (1598 - 277 - 133) + (8400 - 1400 - 420) - (1598 - 277 - 133),
      units: 14,
    });
    expect(expected.USD).toEqual({ gross: 1299, discount: 0, vat: 0, fee: 104, refunds: 0, net: 1195, units: 1 });
    // the day rows: UTC days, the refund on its own day
    expect((october.data as SalesRow[]).map((r) => `${r.day} ${r.currency}`)).toEqual([
      '2026-10-01 EUR',
      '2026-10-05 EUR',
      '2026-10-15 EUR',
      '2026-10-20 EUR',
      '2026-10-31 USD',
    ]);

    const september = await ownerA.db.rpc('report_sales', { p_from: '2026-09-01', p_to: '2026-09-30' });
    expect(totalsOf(september.data as SalesRow[])).toEqual(await expectedSales([stores.a.id, stores.a2.id], '2026-09-01', '2026-09-30'));
    expect(totalsOf(september.data as SalesRow[]).EUR!.gross).toBe(2700);
    // November holds the USD refund of an October sale
    const november = await ownerA.db.rpc('report_sales', { p_from: '2026-11-01', p_to: '2026-11-30' });
    expect(totalsOf(november.data as SalesRow[]).USD).toMatchObject({ gross: 0, refunds: 1299, net: -1195 });
  });

  it('follows a refund made later, and a line moved to another price, through the daily roll-up', async () => {
    const line = (await service().from('order_items').select('id').eq('store_id', stores.a.id).eq('kind', 'wholesale_print').single().throwOnError()).data!;
    await service().from('order_items').update({ refunded_at: '2026-10-25T09:00:00Z' }).eq('id', line.id).throwOnError();
    let october = (await ownerA.db.rpc('report_sales', { p_from: '2026-10-01', p_to: '2026-10-31' })).data as SalesRow[];
    expect(totalsOf(october)).toEqual(await expectedSales([stores.a.id, stores.a2.id], '2026-10-01', '2026-10-31'));
    expect(totalsOf(october).EUR!.refunds).toBe(1598 + 8400);
    await service().from('order_items').update({ refunded_at: null, vat_cents: 1401 }).eq('id', line.id).throwOnError();
    october = (await ownerA.db.rpc('report_sales', { p_from: '2026-10-01', p_to: '2026-10-31' })).data as SalesRow[];
    expect(totalsOf(october)).toEqual(await expectedSales([stores.a.id, stores.a2.id], '2026-10-01', '2026-10-31'));
    await service().from('order_items').update({ vat_cents: 1400 }).eq('id', line.id).throwOnError();
    expect(totalsOf((await ownerA.db.rpc('report_sales', { p_from: '2026-10-01', p_to: '2026-10-31' })).data as SalesRow[]).EUR!.vat).toBe(260 + 277 + 1400);
  });

  it("agrees with the orders table: lines of one-store orders add up to the orders' totals", async () => {
    const { data: orders } = await service()
      .from('orders')
      .select('total_cents, vat_cents, platform_fee_cents, discount_cents, currency, order_items!inner(store_id)')
      .eq('order_items.store_id', stores.a.id)
      .gte('paid_at', '2026-10-01T00:00:00Z')
      .lt('paid_at', '2026-11-01T00:00:00Z')
      .throwOnError();
    const lines = (await ownerA.db.rpc('report_sales', { p_from: '2026-10-01', p_to: '2026-10-31' })).data as SalesRow[];
    const eur = totalsOf(lines).EUR!;
    const o = orders as Array<{ total_cents: number; vat_cents: number; platform_fee_cents: number; discount_cents: number }>;
    expect(eur.gross).toBe(o.reduce((s, r) => s + r.total_cents, 0));
    expect(eur.vat).toBe(o.reduce((s, r) => s + r.vat_cents, 0));
    expect(eur.fee).toBe(o.reduce((s, r) => s + r.platform_fee_cents, 0));
    expect(eur.discount).toBe(o.reduce((s, r) => s + r.discount_cents, 0));
  });

  it("never shows another owner's rows; anon gets nothing; a bad range is refused in words", async () => {
    const b = await ownerB.db.rpc('report_sales', { p_from: '2026-01-01', p_to: '2026-12-31' });
    expect(totalsOf(b.data as SalesRow[])).toEqual({ EUR: { gross: 4200, discount: 0, vat: 700, fee: 350, refunds: 0, net: 3150, units: 1 } });
    const lines = await ownerB.db.from('report_sales_lines').select('store_id');
    expect(new Set((lines.data ?? []).map((r) => r.store_id))).toEqual(new Set([stores.b.id]));
    // a buyer reads their own order lines through order_items, never a store's report
    expect((await buyerIn.db.rpc('report_sales', { p_from: '2026-01-01', p_to: '2026-12-31' })).data).toEqual([]);
    expect((await buyerIn.db.from('report_sales_lines').select('*')).data).toEqual([]);
    const res = await fetch(`${stack.url}/rest/v1/rpc/report_sales`, {
      method: 'POST',
      headers: { apikey: stack.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ p_from: '2026-01-01', p_to: '2026-12-31' }),
    });
    expect(res.status).toBe(401);
    const anonView = await fetch(`${stack.url}/rest/v1/report_sales_lines`, { headers: { apikey: stack.anonKey } });
    expect(anonView.status).toBe(401);
    const upside = await ownerA.db.rpc('report_sales', { p_from: '2026-10-31', p_to: '2026-10-01' });
    expect(upside.error?.message).toBe('The end date (2026-10-01) is before the start date (2026-10-31).');
  });
});

describe('the other store reports', () => {
  it('pattern performance: views from record_pattern_view (anon may call it, the owner does not count), conversion, revenue', async () => {
    const anon = await fetch(`${stack.url}/rest/v1/rpc/record_pattern_view`, {
      method: 'POST',
      headers: { apikey: stack.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ pattern_id: stores.a.pattern }),
    });
    expect(anon.status).toBe(204);
    for (let i = 0; i < 3; i++) expect((await buyerIn.db.rpc('record_pattern_view', { pattern_id: stores.a.pattern })).error).toBeNull();
    expect((await ownerA.db.rpc('record_pattern_view', { pattern_id: stores.a.pattern })).error).toBeNull();
    const today = new Date().toISOString().slice(0, 10);
    const { data } = await ownerA.db.rpc('report_pattern_performance', { p_from: today, p_to: today });
    const row = (data as Array<{ pattern_id: string; views: number; orders: number; conversion: number | null }>).find(
      (r) => r.pattern_id === stores.a.pattern,
    );
    expect(row).toMatchObject({ views: 4, orders: 0, conversion: 0 });
    const october = (await ownerA.db.rpc('report_pattern_performance', { p_from: '2026-10-01', p_to: '2026-10-31' })).data as Array<{
      pattern_id: string;
      currency: string;
      orders: number;
      gross_cents: number;
      views: number;
    }>;
    expect(october.find((r) => r.pattern_id === stores.a.pattern)).toMatchObject({ currency: 'EUR', orders: 3, gross_cents: 1500 + 1598 + 8400, views: 0 });
    // views are the pattern's store's to read
    expect((await ownerB.db.from('pattern_views').select('*').eq('pattern_id', stores.a.pattern)).data).toEqual([]);
    expect((await ownerB.db.rpc('report_pattern_performance', { p_from: today, p_to: today })).data!.map((r: { pattern_id: string }) => r.pattern_id)).toEqual([
      stores.b.pattern,
    ]);
  });

  it('customers: new versus returning, the email only of a buyer who opted in', async () => {
    const { data } = await ownerA.db.rpc('report_customers', { p_from: '2026-10-01', p_to: '2026-10-31' });
    const rows = data as Array<{ email: string | null; kind: string; currency: string; orders: number; gross_cents: number }>;
    const eur = rows.filter((r) => r.currency === 'EUR');
    expect(eur.find((r) => r.email === buyerIn.email)).toMatchObject({ kind: 'returning', orders: 1, gross_cents: 1500 });
    const out = eur.find((r) => r.email === null);
    expect(out).toMatchObject({ kind: 'returning', orders: 2, gross_cents: 1598 + 8400 });
    expect(JSON.stringify(rows)).not.toContain(buyerOut.email);
    const first = (await ownerA.db.rpc('report_customers', { p_from: '2026-09-01', p_to: '2026-09-30' })).data as Array<{ kind: string }>;
    expect(first.map((r) => r.kind)).toEqual(['new', 'new']);
  });

  it('wholesale and payouts keep to the caller', async () => {
    const w = (await ownerA.db.rpc('report_wholesale', { p_from: '2026-10-01', p_to: '2026-10-31' })).data as Array<{ copies: number; gross_cents: number }>;
    expect(w).toEqual([expect.objectContaining({ copies: 12, gross_cents: 8400 })]);
    expect((await ownerB.db.rpc('report_wholesale', { p_from: '2026-10-01', p_to: '2026-10-31' })).data).toEqual([]);
    expect((await ownerB.db.rpc('report_payouts', { p_from: '2026-10-01', p_to: '2026-10-31' })).error).toBeNull();
  });
});

describe('platform totals', () => {
  it('are for operators only', async () => {
    const totals = await operator.db.rpc('report_platform_totals', { p_from: '2026-10-01', p_to: '2026-10-31' });
    expect(totals.error).toBeNull();
    const eur = (totals.data as Array<{ currency: string; gmv_cents: number; take_cents: number }>).filter((r) => r.currency === 'EUR');
    expect(eur.reduce((s, r) => s + Number(r.gmv_cents), 0)).toBe(1500 + 1598 + 8400 + 4200);
    expect(eur.reduce((s, r) => s + Number(r.take_cents), 0)).toBe(124 + 133 + 420 + 350);
    const people = await operator.db.rpc('report_platform_people', { p_from: '2026-10-01', p_to: '2026-10-31' });
    expect(people.data).toEqual([{ active_stores: 3, new_stores: 0, sign_ups: 0 }]);
    const refused = await ownerA.db.rpc('report_platform_totals', { p_from: '2026-10-01', p_to: '2026-10-31' });
    expect(refused.error).toMatchObject({ code: '42501', message: 'Platform totals are for operators.' });
    expect((await ownerA.db.rpc('report_platform_people', { p_from: '2026-10-01', p_to: '2026-10-31' })).error?.code).toBe('42501');
  });

  it('the report list follows the roles', async () => {
    const slugs = async (m: Member) => ((await m.db.from('reports').select('slug').order('sort_order')).data ?? []).map((r) => r.slug);
    expect(await slugs(ownerA)).toEqual(['sales', 'pattern-performance', 'downloads', 'customers', 'payouts', 'wholesale', 'in-shop-sales']);
    expect(await slugs(operator)).toEqual(['platform-totals']);
    expect(await slugs(buyerIn)).toEqual([]);
  });
});

describe('CSV export', () => {
  const exportUrl = (q: string) => `${stack.url}/functions/v1/report-export?${q}`;

  it('streams the sales lines in chunks, equal to report_sales_lines, summing to the report', async () => {
    // enough lines for several pages (1,000 per page)
    const rows: Array<Record<string, unknown>> = [];
    for (let k = 0; k < 1100; k++) {
      rows.push({
        order_id: null,
        pattern_id: stores.a.pattern,
        store_id: stores.a.id,
        kind: 'wholesale_print',
        unit_price_cents: 500 + (k % 7),
        vat_cents: 80,
        platform_fee_cents: 40,
        currency: 'EUR',
      });
    }
    // one line per pattern and kind per order: one order per line (printed copies: no entitlements to grant)
    const orders = (
      await service()
        .from('orders')
        .insert(
          rows.map((_, k) => ({
            buyer_id: buyerOut.id,
            status: 'paid',
            paid_at: `2026-08-${String(1 + (k % 28)).padStart(2, '0')}T10:00:00Z`,
            currency: 'EUR',
            subtotal_cents: 600,
            total_cents: 600,
          })),
        )
        .select('id')
        .throwOnError()
    ).data!;
    await service()
      .from('order_items')
      .insert(rows.map((r, k) => ({ ...r, order_id: orders[k]!.id })))
      .throwOnError();

    const res = await fetch(exportUrl('report=sales&from=2026-08-01&to=2026-10-31'), {
      headers: { apikey: stack.anonKey, authorization: `Bearer ${ownerA.token}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-length')).toBeNull();
    let chunks = 0;
    let text = '';
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks++;
      text += value;
    }
    expect(chunks).toBeGreaterThan(2);
    const parsed = Papa.parse<Record<string, string>>(text.trim(), { header: true });
    expect(parsed.errors).toEqual([]);
    expect(Number(res.headers.get('x-report-rows'))).toBe(parsed.data.length);
    const page = async (first: number) =>
      (
        await ownerA.db
          .from('report_sales_lines')
          .select('*')
          .gte('sold_at', '2026-08-01T00:00:00Z')
          .lt('sold_at', '2026-11-01T00:00:00Z')
          .order('sold_at')
          .order('order_item_id')
          .range(first, first + 999)
      ).data!;
    const lines = [...(await page(0)), ...(await page(1000))];
    expect(parsed.data.length).toBe(lines.length);
    expect(parsed.data.length).toBe(1100 + 2 + 4);
    // store by store, each in sale order: the same rows, field by field
    const key = (r: object) => String((r as { order_item_id?: unknown }).order_item_id);
    const byId = (a: object, b: object) => key(a).localeCompare(key(b));
    const csvRows = [...parsed.data].sort(byId);
    const viewRows = [...lines].sort(byId);
    expect(csvRows.map((r) => r.order_item_id)).toEqual(viewRows.map((l) => l.order_item_id));
    expect(csvRows.map((r) => [Number(r.gross_cents), Number(r.vat_cents), Number(r.fee_cents), Number(r.net_cents), Date.parse(r.sold_at!)])).toEqual(
      viewRows.map((l) => [l.gross_cents, l.vat_cents, l.fee_cents, l.net_cents, Date.parse(l.sold_at)]),
    );
    for (const store of [stores.a.id, stores.a2.id]) {
      const inStore = parsed.data.filter((r) => r.store_id === store).map((r) => `${r.sold_at}|${r.order_item_id}`);
      expect(inStore).toEqual([...inStore].sort());
    }
    const gross = parsed.data.reduce((s, r) => s + Number(r.gross_cents), 0);
    const report = totalsOf((await ownerA.db.rpc('report_sales', { p_from: '2026-08-01', p_to: '2026-10-31' })).data as SalesRow[]);
    expect(gross).toBe(report.EUR!.gross + report.USD!.gross);
    expect(text).not.toContain(stores.b.id);
  }, 120_000);

  it('other reports export their rows; refusals are clear', async () => {
    const res = await fetch(exportUrl('report=customers&from=2026-10-01&to=2026-10-31'), {
      headers: { apikey: stack.anonKey, authorization: `Bearer ${ownerA.token}` },
    });
    expect(res.status).toBe(200);
    const parsed = Papa.parse<Record<string, string>>((await res.text()).trim(), { header: true });
    const rpc = (await ownerA.db.rpc('report_customers', { p_from: '2026-10-01', p_to: '2026-10-31' })).data as Array<Record<string, unknown>>;
    expect(parsed.data.map((r) => r.customer)).toEqual(rpc.map((r) => r.customer));
    expect(parsed.meta.fields).toEqual(Object.keys(rpc[0]!));
    // a period with no rows still has its header row (a spreadsheet knows the columns)
    const empty = await fetch(exportUrl('report=downloads&from=2020-01-01&to=2020-01-31'), {
      headers: { apikey: stack.anonKey, authorization: `Bearer ${ownerA.token}` },
    });
    expect(empty.status).toBe(200);
    expect(await empty.text()).toBe('pattern_id,title,format,downloads,buyers\r\n');
    const inShop = await fetch(exportUrl('report=in-shop-sales&from=2020-01-01&to=2020-01-31'), {
      headers: { apikey: stack.anonKey, authorization: `Bearer ${ownerA.token}` },
    });
    expect((await inShop.text()).split('\r\n')[0]).toContain('side,pattern_id,title,designer,shop');
    const anon = await fetch(exportUrl('report=sales&from=2026-10-01&to=2026-10-31'), {
      headers: { apikey: stack.anonKey, authorization: `Bearer ${stack.anonKey}` },
    });
    expect(anon.status).toBe(401);
    const bad = await fetch(exportUrl('report=sales&from=2026-10-31&to=2026-10-01'), {
      headers: { apikey: stack.anonKey, authorization: `Bearer ${ownerA.token}` },
    });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.message).toBe('The end date is before the start date.');
    const platform = await fetch(exportUrl('report=platform-totals&from=2026-10-01&to=2026-10-31'), {
      headers: { apikey: stack.anonKey, authorization: `Bearer ${ownerA.token}` },
    });
    expect(platform.status).toBe(403);
  });
});
