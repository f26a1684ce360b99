// The reports and the report-export function's wire. REPORT_SOURCES is the one list of
// reports: each slug's SQL function (what the screen shows, mf-partners' definitions.ts) and the
// columns of its CSV (what report-export writes, in the SQL's order: the header, written even when
// the period has no rows). The `reports` table (its titles and audiences, as data) holds the same
// slugs; supabase/test/functions/functions-contracts.test.ts holds it to this list.
//   GET /report-export?report=<slug>&from=YYYY-MM-DD&to=YYYY-MM-DD → text/csv, `x-report-rows`.
import { z } from 'zod';
import { errorEnvelopeOf, invalidInputDetails, methodNotAllowedDetails } from './envelope.ts';

/** Sales export their order lines (report_sales_lines, paged), not report_sales's daily roll-up. */
export const SALES_LINE_COLUMNS = [
  'order_number',
  'sold_at',
  'title',
  'kind',
  'quantity',
  'currency',
  'gross_cents',
  'discount_cents',
  'vat_cents',
  'fee_cents',
  'net_cents',
  'refunded_at',
  'order_item_id',
  'pattern_id',
  'store_id',
] as const;
/** Columns joined with commas, as a type: a select of it is typed by supabase-js from the generated Database. */
type Joined<T extends readonly string[]> = T extends readonly [infer H extends string, ...infer R extends readonly string[]]
  ? R extends readonly []
    ? H
    : `${H},${Joined<R>}`
  : never;
/** The select of the sales export (report_sales_lines' columns, SALES_LINE_COLUMNS in order). */
export const SALES_LINE_SELECT = SALES_LINE_COLUMNS.join(',') as Joined<typeof SALES_LINE_COLUMNS>;

export const REPORT_SOURCES = {
  sales: { rpc: 'report_sales', columns: SALES_LINE_COLUMNS },
  'pattern-performance': {
    rpc: 'report_pattern_performance',
    columns: ['pattern_id', 'title', 'currency', 'views', 'orders', 'units', 'conversion', 'gross_cents', 'net_cents'],
  },
  downloads: { rpc: 'report_downloads', columns: ['pattern_id', 'title', 'format', 'downloads', 'buyers'] },
  customers: { rpc: 'report_customers', columns: ['customer', 'email', 'kind', 'currency', 'orders', 'gross_cents', 'first_purchase_on', 'last_purchase_on'] },
  payouts: { rpc: 'report_payouts', columns: ['day', 'currency', 'status', 'transfers', 'amount_cents', 'reversed_cents'] },
  wholesale: { rpc: 'report_wholesale', columns: ['day', 'pattern_id', 'title', 'currency', 'orders', 'copies', 'gross_cents', 'net_cents'] },
  'in-shop-sales': {
    rpc: 'report_in_shop_sales',
    columns: [
      'day',
      'side',
      'pattern_id',
      'title',
      'designer',
      'shop',
      'currency',
      'copies',
      'royalty_cents',
      'platform_fee_cents',
      'designer_share_cents',
      'takings_currency',
      'takings_cents',
    ],
  },
  'platform-totals': { rpc: 'report_platform_totals', columns: ['day', 'currency', 'orders', 'gmv_cents', 'take_cents', 'refunds_cents', 'active_stores'] },
  commissions: { rpc: 'report_commissions', columns: ['day', 'currency', 'status', 'lines', 'net_sale_cents', 'commission_cents'] },
  'kit-clicks': { rpc: 'report_kit_clicks', columns: ['kit_id', 'title', 'pattern', 'clicks', 'first_click_on', 'last_click_on'] },
} as const satisfies Record<string, { rpc: `report_${string}`; columns: readonly string[] }>;
export type ReportSlug = keyof typeof REPORT_SOURCES;
export type ReportRpc = (typeof REPORT_SOURCES)[ReportSlug]['rpc'];
export const REPORT_SLUGS = Object.keys(REPORT_SOURCES) as ReportSlug[];

export function isReportSlug(value: string): value is ReportSlug {
  return Object.hasOwn(REPORT_SOURCES, value);
}

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-11-01.')
  .refine((s) => !Number.isNaN(Date.parse(s)), 'Not a real date.');
export const reportExportRequest = z
  .object({ report: z.string().regex(/^[a-z0-9-]{1,60}$/, 'Unknown report.'), from: day, to: day })
  .refine((p) => p.from <= p.to, { message: 'The end date is before the start date.', path: ['to'] });
export type ReportExportRequest = z.infer<typeof reportExportRequest>;

export const reportExportResponseHeaders = z.object({
  'content-type': z.literal('text/csv; charset=utf-8'),
  'content-disposition': z.string().regex(/^attachment; filename="stitchhouse-[a-z0-9-]+-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv"$/),
  'x-report-rows': z.string().regex(/^\d+$/),
});

export const REPORT_EXPORT_ERRORS = {
  not_signed_in: z.null(),
  aal2_required: z.null(),
  invalid_request: z.union([z.null(), invalidInputDetails]),
  unknown_report: z.null(),
  not_allowed: z.null(),
  report_failed: z.null(),
  method_not_allowed: methodNotAllowedDetails,
  server_error: z.null(),
} as const;
export const reportExportError = errorEnvelopeOf(REPORT_EXPORT_ERRORS);
