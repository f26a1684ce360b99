// The demo seed trades up to the day it first runs: a year of orders across the
// designer stores that ends at the seed's anchor (the moment of the first start), with seasons,
// refunds, wholesale print licences, in-shop sales and till use, so every report opens on real
// rows; the demo designer's own report RPCs (as her, through PostgREST) have rows for the last
// 30 days. Also items 9–11: every demo file carries its pattern's own title, a pattern's newer
// version has the file that changed, and no seeded description promises files nobody attached.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient } from '../../shared/src/testing/kit.ts';
import { pageTexts } from '../../supabase/test/catalog-own-pdf.ts';
import { generatePatterns } from '../../supabase/seed/catalog.ts';
import { designerStores } from '../../supabase/seed/people.ts';
import { startTestStack, type TestStack } from './harness.ts';

const DAY = 86_400_000;
const PASSWORD = 'Stitchhouse-demo-2026';
let stack: TestStack;
let seededFrom: number;
let seededUntil: number;

const q = async <T = Record<string, unknown>>(sql: string, values: unknown[] = []) => (await stack.pool.query(sql, values)).rows as T[];
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
/** A title as drawn in a standard PDF font, letter by letter (pdf-text decodes WinAnsi's curly quotes as C1 codes on this Node: any one glyph there). */
const titlePattern = (title: string) => new RegExp(title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/[^\x20-\x7e]/g, '.'));

beforeAll(async () => {
  seededFrom = Date.now();
  stack = await startTestStack({ seed: true });
  seededUntil = Date.now();
  // how long the seed takes is a figure for bench/, not an assertion; printed for the reader of the run
  console.log(`[seed-history] stack with the demo seed started in ${((seededUntil - seededFrom) / 1000).toFixed(1)} s`);
}, 600_000);

afterAll(async () => {
  await stack?.stop();
});

describe('the demo history ends at the first start', () => {
  it('has hundreds of paid orders over twelve months, the latest within a day of the anchor and none in the future', async () => {
    const [o] = await q<{ n: number; stores: number; first: Date; last: Date; future: number }>(
      `select count(distinct o.id)::int as n, count(distinct i.store_id)::int as stores, min(o.paid_at) as first, max(o.paid_at) as last,
              count(*) filter (where o.paid_at > now())::int as future
         from public.orders o join public.order_items i on i.order_id = o.id where o.paid_at is not null`,
    );
    expect(o!.n).toBeGreaterThanOrEqual(300);
    expect(o!.stores).toBe(designerStores.length);
    expect(o!.future).toBe(0);
    expect(o!.last.getTime()).toBeGreaterThan(seededFrom - DAY);
    expect(o!.first.getTime()).toBeLessThan(seededFrom - 330 * DAY);
    // every one of the last twelve calendar months (UTC) has sales, and the month of the first start too
    const months = (
      await q<{ m: string }>(`select distinct to_char(sold_at at time zone 'UTC', 'YYYY-MM') as m from public.order_items where sold_at is not null`)
    ).map((r) => r.m);
    const anchor = new Date(seededFrom);
    for (let back = 0; back < 12; back++) {
      const month = new Date(Date.UTC(anchor.getUTCFullYear(), anchor.getUTCMonth() - back, 1)).toISOString().slice(0, 7);
      expect(months, `sales in ${month}`).toContain(month);
    }
    // and the day of the first start itself
    const [today] = await q<{ n: number }>(`select count(*)::int as n from public.order_items where sold_at >= $1::date`, [isoDay(seededFrom)]);
    expect(today!.n).toBeGreaterThan(0);
  });

  it('has refunds, wholesale print licences, in-shop sales and till use in the last month', async () => {
    const since = new Date(seededFrom - 30 * DAY).toISOString();
    const [r] = await q<{ refunds: number; wholesale: number; pos: number; till: number; csv: number }>(
      `select (select count(*)::int from public.order_items where refunded_at >= $1) as refunds,
              (select count(*)::int from public.order_items where kind = 'wholesale_print' and sold_at >= $1) as wholesale,
              (select count(*)::int from public.pos_sales where sold_at >= $1) as pos,
              (select count(*)::int from public.pos_sales where sold_at >= $1 and source = 'api' and pos_key_id is not null) as till,
              (select count(*)::int from public.pos_sales where sold_at >= $1 and source = 'csv') as csv`,
      [since],
    );
    expect(r).toMatchObject({ refunds: expect.any(Number), wholesale: expect.any(Number) });
    expect(r!.refunds).toBeGreaterThan(0);
    expect(r!.wholesale).toBeGreaterThan(0);
    expect(r!.till).toBeGreaterThan(0);
    expect(r!.csv).toBeGreaterThan(0);
    const [key] = await q<{ last_used_at: Date }>(`select last_used_at from public.pos_keys where name = 'Front counter till'`);
    expect(key!.last_used_at.getTime()).toBeGreaterThan(seededFrom - 2 * DAY);
    expect(key!.last_used_at.getTime()).toBeLessThanOrEqual(Date.now());
    // the whole year of till and CSV sales, each with its royalty
    const [year] = await q<{ months: number; missing: number }>(
      `select count(distinct date_trunc('month', sold_at))::int as months, count(*) filter (where royalty_cents is null)::int as missing
         from public.pos_sales where sold_at >= $1`,
      [new Date(seededFrom - 365 * DAY).toISOString()],
    );
    expect(year!.months).toBeGreaterThanOrEqual(12);
    expect(year!.missing).toBe(0);
  });

  it('follows the seasons: knitting sells in autumn and winter, dresses in spring', async () => {
    const rows = await q<{ craft: string; category: string; month: number; n: number }>(
      `select p.craft, p.category, extract(month from i.sold_at at time zone 'UTC')::int as month, count(*)::int as n
         from public.order_items i join public.patterns p on p.id = i.pattern_id
        where i.sold_at is not null and i.kind = 'digital' group by 1, 2, 3`,
    );
    const sum = (pick: (r: (typeof rows)[number]) => boolean) => rows.filter(pick).reduce((s, r) => s + r.n, 0);
    const coldMonths = [10, 11, 12, 1, 2];
    const warmMonths = [4, 5, 6, 7, 8];
    const knitCold = sum((r) => r.craft === 'knitting' && coldMonths.includes(r.month));
    const knitWarm = sum((r) => r.craft === 'knitting' && warmMonths.includes(r.month));
    expect(knitCold).toBeGreaterThan(knitWarm * 1.5);
    const dressSpring = sum((r) => r.category === 'dress' && [3, 4, 5].includes(r.month));
    const dressAutumn = sum((r) => r.category === 'dress' && [9, 10, 11].includes(r.month));
    expect(dressSpring).toBeGreaterThan(dressAutumn * 1.3);
  });

  it('gives the demo designer rows in her own reports for the last 30 days (as her, through PostgREST)', async () => {
    const ada = await signedInClient(stack, 'ada@bluethimble.test', PASSWORD);
    const period = { p_from: isoDay(Date.now() - 29 * DAY), p_to: isoDay(Date.now()) };
    for (const rpc of ['report_sales', 'report_pattern_performance', 'report_customers', 'report_downloads', 'report_wholesale', 'report_in_shop_sales']) {
      const { data, error } = await ada.rpc(rpc, period);
      expect(error, rpc).toBeNull();
      expect((data as unknown[]).length, `${rpc} rows for the last 30 days`).toBeGreaterThan(0);
    }
    // on the day of the first start too, so "This month" is never empty on day one
    const { data: today } = await ada.rpc('report_sales', { p_from: isoDay(seededFrom), p_to: isoDay(seededFrom) });
    expect((today as unknown[]).length).toBeGreaterThan(0);
    const { data: sales } = await ada.rpc('report_sales', period);
    const lines = (sales as { lines: number; refunds_cents: number }[]).reduce((s, r) => s + Number(r.lines), 0);
    expect(lines).toBeGreaterThanOrEqual(10);
    // a Pro designer's year: far more than a handful of order lines
    const { data: year } = await ada.rpc('report_sales', { p_from: isoDay(Date.now() - 364 * DAY), p_to: isoDay(Date.now()) });
    expect((year as { lines: number }[]).reduce((s, r) => s + Number(r.lines), 0)).toBeGreaterThanOrEqual(100);
    const { data: mine } = await ada.from('orders').select('id').limit(1);
    expect(mine).toEqual([]); // her customers' orders are not hers to read: only the report's sums
  });

  it('keeps the operator and the reseller busy too: platform totals and commissions in the last 30 days', async () => {
    const period = { p_from: isoDay(Date.now() - 29 * DAY), p_to: isoDay(Date.now()) };
    const operator = await signedInClient(stack, 'operator@stitchhouse.test', PASSWORD);
    const totals = await operator.rpc('report_platform_totals', period);
    expect(totals.error).toBeNull();
    expect((totals.data as unknown[]).length).toBeGreaterThanOrEqual(20);
    const reseller = await signedInClient(stack, 'reseller@partners.test', PASSWORD);
    const commissions = await reseller.rpc('report_commissions', period);
    expect(commissions.error).toBeNull();
    expect((commissions.data as unknown[]).length).toBeGreaterThan(0);
  });

  it('is the same history for the same anchor (deterministic apart from the anchor day)', async () => {
    const { planOrders } = await import('../../supabase/seed/purchases.ts');
    const patterns = generatePatterns(designerStores);
    const anchor = Date.UTC(2027, 2, 14, 9, 30);
    const one = planOrders(patterns, designerStores, anchor);
    const two = planOrders(patterns, designerStores, anchor);
    expect(JSON.stringify(two)).toBe(JSON.stringify(one));
    const latest = Math.max(...one.orders.map((o) => Date.parse(o.created_at as string)));
    expect(latest).toBeLessThanOrEqual(anchor);
    expect(latest).toBeGreaterThan(anchor - DAY);
  });
});

describe('demo files', () => {
  // the drawn demo files; those made from a master (a projector page is the pattern itself, no
  // cover) are checked in pattern-formats.test.ts
  it('carry each pattern\u2019s own title on the cover of every format', async () => {
    const files = await q<{ title: string; storage_path: string; format: string }>(
      `select p.title, f.storage_path, f.format from public.pattern_files f join public.patterns p on p.id = f.pattern_id
        where not f.generated order by md5(f.id::text) limit 6`,
    );
    expect(files.length).toBe(6);
    for (const file of files) {
      const res = await fetch(`${stack.url}/storage/v1/object/pattern-files/${file.storage_path}`, {
        headers: { apikey: stack.serviceRoleKey, authorization: `Bearer ${stack.serviceRoleKey}` },
      });
      expect(res.status).toBe(200);
      const [cover] = await pageTexts(new Uint8Array(await res.arrayBuffer()));
      expect(cover!.join(' '), `${file.format} cover of ${file.title}`).toMatch(titlePattern(file.title));
    }
  });

  it('a pattern at version 2 has the file that changed, with its note', async () => {
    const rows = await q<{ id: string; current_version: number; file_versions: number[]; notes: string[]; changes: string }>(
      `select p.id, p.current_version, array_agg(f.version order by f.format) as file_versions, array_agg(f.changelog order by f.format) as notes,
              (select v.changes from public.pattern_versions v where v.pattern_id = p.id and v.version = p.current_version) as changes
         from public.patterns p join public.pattern_files f on f.pattern_id = p.id where p.current_version > 1 group by p.id`,
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) {
      expect(r.file_versions).toContain(2);
      expect(r.notes).toContain(r.changes);
    }
  });

  it('no seeded description promises a file that is not attached (what you get is the attached formats)', async () => {
    const [r] = await q<{ n: number }>(
      `select count(*)::int as n from public.patterns where description ilike '%booklet%' or description ilike '%what you get%'`,
    );
    expect(r!.n).toBe(0);
  });
});
