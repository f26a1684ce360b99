// GET /report-export?report=<slug>&from=YYYY-MM-DD&to=YYYY-MM-DD with the member's JWT: the
// report as CSV, streamed. Everything is read as the caller (row-level security decides).
// The sales report exports its order lines (report_sales_lines), store by store, paged by keyset
// (sold_at, order_item_id) 1,000 rows at a time, each page written as soon as it arrives, so
// a year of a big store's orders never waits for one huge query nor holds it in memory.
// Other reports are small aggregates: their RPC's rows, written once.
// `x-report-rows` says how many rows are coming (the page shows progress against it).
import { writeCsv } from '@stitchhouse/shared/csv.ts';
import { z } from 'zod';
import { AAL2_REQUIRED, callerClient, json, signedInUser } from '../_shared/clients.ts';

const PAGE = 1000;

const SALES_COLUMNS = ['order_number', 'sold_at', 'title', 'kind', 'quantity', 'currency', 'gross_cents', 'discount_cents',
  'vat_cents', 'fee_cents', 'net_cents', 'refunded_at', 'order_item_id', 'pattern_id', 'store_id'] as const;

/** The aggregate reports' RPCs (the same the screens call) and their columns, in the SQL's order:
 *  the CSV header, written even when the period has no rows. */
export const REPORT_RPCS: Record<string, { rpc: string; columns: readonly string[] }> = {
  'pattern-performance': { rpc: 'report_pattern_performance',
    columns: ['pattern_id', 'title', 'currency', 'views', 'orders', 'units', 'conversion', 'gross_cents', 'net_cents'] },
  downloads: { rpc: 'report_downloads', columns: ['pattern_id', 'title', 'format', 'downloads', 'buyers'] },
  customers: { rpc: 'report_customers',
    columns: ['customer', 'email', 'kind', 'currency', 'orders', 'gross_cents', 'first_purchase_on', 'last_purchase_on'] },
  payouts: { rpc: 'report_payouts', columns: ['day', 'currency', 'status', 'transfers', 'amount_cents', 'reversed_cents'] },
  wholesale: { rpc: 'report_wholesale', columns: ['day', 'pattern_id', 'title', 'currency', 'orders', 'copies', 'gross_cents', 'net_cents'] },
  'in-shop-sales': { rpc: 'report_in_shop_sales',
    columns: ['day', 'side', 'pattern_id', 'title', 'designer', 'shop', 'currency', 'copies', 'royalty_cents', 'platform_fee_cents',
      'designer_share_cents', 'takings_currency', 'takings_cents'] },
  'platform-totals': { rpc: 'report_platform_totals',
    columns: ['day', 'currency', 'orders', 'gmv_cents', 'take_cents', 'refunds_cents', 'active_stores'] },
  commissions: { rpc: 'report_commissions', columns: ['day', 'currency', 'status', 'lines', 'net_sale_cents', 'commission_cents'] },
  'kit-clicks': { rpc: 'report_kit_clicks', columns: ['kit_id', 'title', 'pattern', 'clicks', 'first_click_on', 'last_click_on'] },
};

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-11-01.').refine((s) => !Number.isNaN(Date.parse(s)), 'Not a real date.');
const params = z.object({ report: z.string().regex(/^[a-z0-9-]{1,60}$/, 'Unknown report.'), from: day, to: day })
  .refine((p) => p.from <= p.to, { message: 'The end date is before the start date.', path: ['to'] });

const encoder = new TextEncoder();
/** CSV lines by the one writer (RFC 4180, CRLF, formula cells neutralised); the header first when asked. */
const csvRows = (rows: Record<string, unknown>[], columns: readonly string[], header: boolean) => writeCsv(rows, columns, { header });

const nextDay = (d: string) => new Date(Date.parse(`${d}T00:00:00Z`) + 86_400_000).toISOString();

async function handler(req: Request): Promise<Response> {
  if (req.method !== 'GET') return json({ error: { code: 'method_not_allowed', message: 'Use GET.' } }, 405, { allow: 'GET' });
  const caller = await signedInUser(req);
  if (!caller) return json({ error: { code: 'not_signed_in', message: 'Sign in to export a report.' } }, 401);
  if (caller.needsSecondFactor) return json({ error: AAL2_REQUIRED }, 403);
  const parsed = params.safeParse(Object.fromEntries(new URL(req.url).searchParams));
  if (!parsed.success) {
    return json({ error: { code: 'invalid_request', message: parsed.error.issues[0]!.message, details: parsed.error.issues } }, 400);
  }
  const { report, from, to } = parsed.data;
  const db = callerClient(caller.token);
  const filename = `stitchhouse-${report}-${from}-to-${to}.csv`;
  const headers = {
    'content-type': 'text/csv; charset=utf-8',
    'content-disposition': `attachment; filename="${filename}"`,
    'cache-control': 'no-store',
    'access-control-expose-headers': 'x-report-rows, content-disposition',
  };

  if (report === 'sales') {
    const starts = `${from}T00:00:00.000Z`;
    const ends = nextDay(to);
    // how many lines are coming, from the report's daily roll-up (exact, and a few rows to read)
    const counted = await db.rpc('report_sales', { p_from: from, p_to: to });
    if (counted.error) return json({ error: { code: 'report_failed', message: counted.error.message } }, 400);
    const expected = ((counted.data ?? []) as Array<{ lines: number }>).reduce((sum, day) => sum + Number(day.lines), 0);
    // One store at a time: with store_id fixed, (store_id, sold_at, id) is read in order and each
    // page starts where the last ended (with the caller's stores as a list, PostgreSQL 15 sorts
    // every remaining row of the range for each page).
    const stores = await db.from('stores').select('id').eq('owner_id', caller.user.id).order('id');
    if (stores.error) return json({ error: { code: 'report_failed', message: stores.error.message } }, 400);
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(encoder.encode(csvRows([], SALES_COLUMNS, true)));
        try {
          for (const store of stores.data as Array<{ id: string }>) {
            let after: { sold_at: string; order_item_id: string } | null = null;
            for (;;) {
              let query = db.from('report_sales_lines').select(SALES_COLUMNS.join(','))
                .eq('store_id', store.id).gte('sold_at', after?.sold_at ?? starts).lt('sold_at', ends)
                .order('sold_at').order('order_item_id').limit(PAGE);
              if (after) query = query.or(`sold_at.gt.${after.sold_at},and(sold_at.eq.${after.sold_at},order_item_id.gt.${after.order_item_id})`);
              const { data, error } = await query;
              if (error) throw new Error(error.message);
              const rows = (data ?? []) as unknown as Record<string, string>[];
              if (rows.length > 0) controller.enqueue(encoder.encode(csvRows(rows, SALES_COLUMNS, false)));
              if (rows.length < PAGE) break;
              const last = rows[rows.length - 1]!;
              after = { sold_at: last.sold_at!, order_item_id: last.order_item_id! };
            }
          }
          controller.close();
        } catch (err) {
          // The CSV is cut short: the download fails instead of looking complete.
          controller.error(err);
        }
      },
    });
    return new Response(body, { status: 200, headers: { ...headers, 'x-report-rows': String(expected) } });
  }

  const aggregate = REPORT_RPCS[report];
  if (!aggregate) return json({ error: { code: 'unknown_report', message: `There is no report called "${report}".` } }, 404);
  const { data, error } = await db.rpc(aggregate.rpc, { p_from: from, p_to: to });
  if (error) {
    const status = error.code === '42501' ? 403 : 400;
    return json({ error: { code: status === 403 ? 'not_allowed' : 'report_failed', message: error.message } }, status);
  }
  const rows = (data ?? []) as Record<string, unknown>[];
  return new Response(csvRows(rows, aggregate.columns, true), { status: 200, headers: { ...headers, 'x-report-rows': String(rows.length) } });
}

Deno.serve(handler);
