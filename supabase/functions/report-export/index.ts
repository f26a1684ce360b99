// GET /report-export?report=<slug>&from=YYYY-MM-DD&to=YYYY-MM-DD with the member's JWT: the
// report as CSV, streamed. Everything is read as the caller (row-level security decides).
// The sales report exports its order lines (report_sales_lines), store by store, paged by keyset
// (sold_at, order_item_id) 1,000 rows at a time, each page written as soon as it arrives, so
// a year of a big store's orders never waits for one huge query nor holds it in memory.
// Other reports are small aggregates: their RPC's rows, written once.
// `x-report-rows` says how many rows are coming (the page shows progress against it).
import { writeCsv } from '@stitchhouse/shared/csv.ts';
import { isReportSlug, REPORT_SOURCES, reportExportRequest, SALES_LINE_COLUMNS, SALES_LINE_SELECT } from '@stitchhouse/shared/contracts/report-export.ts';
import { FunctionError, handler, type Context } from '../_shared/handler.ts';

const PAGE = 1000;

const encoder = new TextEncoder();
/** CSV lines by the one writer (RFC 4180, CRLF, formula cells neutralised); the header first when asked. */
const csvRows = (rows: Record<string, unknown>[], columns: readonly string[], header: boolean) => writeCsv(rows, columns, { header });

const nextDay = (d: string) => new Date(Date.parse(`${d}T00:00:00Z`) + 86_400_000).toISOString();

async function reportExport(_req: Request, ctx: Context): Promise<Response> {
  const caller = await ctx.member('Sign in to export a report.');
  const { report, from, to } = ctx.parse(reportExportRequest, Object.fromEntries(ctx.url.searchParams));
  const db = ctx.caller(caller.token);
  const filename = `stitchhouse-${report}-${from}-to-${to}.csv`;
  const headers = {
    'content-type': 'text/csv; charset=utf-8',
    'content-disposition': `attachment; filename="${filename}"`,
    'cache-control': 'no-store',
  };

  if (report === 'sales') {
    const starts = `${from}T00:00:00.000Z`;
    const ends = nextDay(to);
    // how many lines are coming, from the report's daily roll-up (exact, and a few rows to read)
    const counted = await db.rpc('report_sales', { p_from: from, p_to: to });
    if (counted.error) throw new FunctionError('report_failed', counted.error.message, 400);
    const expected = (counted.data ?? []).reduce((sum, day) => sum + Number(day.lines), 0);
    // One store at a time: with store_id fixed, (store_id, sold_at, id) is read in order and each
    // page starts where the last ended (with the caller's stores as a list, PostgreSQL 15 sorts
    // every remaining row of the range for each page).
    const stores = await db.from('stores').select('id').eq('owner_id', caller.user.id).order('id');
    if (stores.error) throw new FunctionError('report_failed', stores.error.message, 400);
    type Cursor = { sold_at: string; order_item_id: string };
    /** One page of a store's lines in the window, from the cursor on (keyset on sold_at, order_item_id). */
    const page = (storeId: string, after: Cursor | null) => {
      const query = db
        .from('report_sales_lines')
        .select(SALES_LINE_SELECT)
        .eq('store_id', storeId)
        .gte('sold_at', after?.sold_at ?? starts)
        .lt('sold_at', ends)
        .order('sold_at')
        .order('order_item_id')
        .limit(PAGE);
      return after ? query.or(`sold_at.gt.${after.sold_at},and(sold_at.eq.${after.sold_at},order_item_id.gt.${after.order_item_id})`) : query;
    };
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(encoder.encode(csvRows([], SALES_LINE_COLUMNS, true)));
        try {
          for (const store of stores.data) {
            let after: Cursor | null = null;
            for (;;) {
              const { data, error } = await page(store.id, after);
              if (error) throw new Error(error.message);
              const rows = data ?? [];
              if (rows.length > 0) controller.enqueue(encoder.encode(csvRows(rows, SALES_LINE_COLUMNS, false)));
              if (rows.length < PAGE) break;
              const last = rows[rows.length - 1]!;
              // the view's columns are nullable to PostgREST; a sold line has both (where sold_at is not null)
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

  if (!isReportSlug(report)) throw new FunctionError('unknown_report', `There is no report called "${report}".`, 404);
  const aggregate = REPORT_SOURCES[report];
  const { data, error } = await db.rpc(aggregate.rpc, { p_from: from, p_to: to });
  if (error) {
    const status = error.code === '42501' ? 403 : 400;
    throw new FunctionError(status === 403 ? 'not_allowed' : 'report_failed', error.message, status);
  }
  const rows = (data ?? []) as Record<string, unknown>[];
  return new Response(csvRows(rows, aggregate.columns, true), { status: 200, headers: { ...headers, 'x-report-rows': String(rows.length) } });
}

Deno.serve(handler({ name: 'report-export', methods: ['GET'], exposeHeaders: ['x-report-rows', 'content-disposition'] }, reportExport));
