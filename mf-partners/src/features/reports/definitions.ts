// What each report shows: its SQL function (supabase/migrations/20261123004500_reports.sql and
// 20261123004600_partner_reports.sql, 20261123006000_shop_reports.sql), its columns, the chart's measure and the totals compared
// with the previous period. Money is always per currency (never added across currencies).
import { REPORT_SOURCES, type ReportRpc, type ReportSlug } from '@stitchhouse/shared/contracts/report-export.ts';

export type ColumnKind = 'day' | 'text' | 'count' | 'money' | 'ratio';
export interface Column {
  key: string;
  label: string;
  kind: ColumnKind;
  /** Money in another column's currency than `currency` (a shop's takings are in its sale currency). */
  currencyKey?: string;
  /** Words for a text column's codes. */
  labels?: Record<string, string>;
}
export type ReportRow = Record<string, string | number | null>;

/** A total over the rows: money sums per currency, counts once. */
export interface Total {
  label: string;
  kind: 'money' | 'count';
  value(row: ReportRow): number;
  currencyKey?: string;
  /** Only these rows count; a total no row of either period fits is not shown (a shop has no designer's share). */
  when?(row: ReportRow): boolean;
}

export interface ReportDefinition {
  /** The report's SQL function: the one list, shared/src/contracts/report-export.ts. */
  rpc: ReportRpc;
  columns: Column[];
  /** The chart: one bar per value of `x`, the sum of `y` (money: of the chosen currency). */
  chart: { x: string; y: Total };
  totals: Total[];
  /** Default sort of the table. */
  sort: { key: string; direction: 'ascending' | 'descending' };
  /** Operators' period counts that do not add up by day (report_platform_people). */
  summaryRpc?: string;
  empty: string;
}

const n = (key: string) => (row: ReportRow) => Number(row[key] ?? 0);
const money = (label: string, key: string): Total => ({ label, kind: 'money', value: n(key) });
const count = (label: string, key: string): Total => ({ label, kind: 'count', value: n(key) });
const col = (key: string, label: string, kind: ColumnKind, more?: Partial<Column>): Column => ({ key, label, kind, ...more });
const side = (which: string) => (row: ReportRow) => row.side === which;

const day = col('day', 'Day', 'day');
const currency = col('currency', 'Currency', 'text');
const title = col('title', 'Pattern', 'text');

export const REPORTS: Record<ReportSlug, ReportDefinition> = {
  sales: {
    rpc: REPORT_SOURCES['sales'].rpc,
    columns: [
      day,
      currency,
      col('lines', 'Order lines', 'count'),
      col('units', 'Units', 'count'),
      col('gross_cents', 'Gross', 'money'),
      col('discount_cents', 'Discounts', 'money'),
      col('vat_cents', 'VAT', 'money'),
      col('fee_cents', 'Fees', 'money'),
      col('refunds_cents', 'Refunds', 'money'),
      col('net_cents', 'Net', 'money'),
    ],
    chart: { x: 'day', y: money('Net', 'net_cents') },
    totals: [
      money('Gross', 'gross_cents'),
      money('Fees', 'fee_cents'),
      money('VAT', 'vat_cents'),
      money('Refunds', 'refunds_cents'),
      money('Net', 'net_cents'),
      count('Order lines', 'lines'),
    ],
    sort: { key: 'day', direction: 'ascending' },
    empty: 'No sales in this period.',
  },
  'pattern-performance': {
    rpc: REPORT_SOURCES['pattern-performance'].rpc,
    columns: [
      title,
      currency,
      col('views', 'Views', 'count'),
      col('orders', 'Orders', 'count'),
      col('conversion', 'Conversion', 'ratio'),
      col('units', 'Units', 'count'),
      col('gross_cents', 'Revenue', 'money'),
      col('net_cents', 'Net', 'money'),
    ],
    chart: { x: 'title', y: money('Revenue', 'gross_cents') },
    totals: [count('Views', 'views'), count('Orders', 'orders'), money('Revenue', 'gross_cents'), money('Net', 'net_cents')],
    sort: { key: 'gross_cents', direction: 'descending' },
    empty: 'You have no patterns yet.',
  },
  downloads: {
    rpc: REPORT_SOURCES['downloads'].rpc,
    columns: [title, col('format', 'Format', 'text'), col('downloads', 'Downloads', 'count'), col('buyers', 'Buyers', 'count')],
    chart: { x: 'title', y: count('Downloads', 'downloads') },
    totals: [count('Downloads', 'downloads')],
    sort: { key: 'downloads', direction: 'descending' },
    empty: 'No downloads in this period.',
  },
  customers: {
    rpc: REPORT_SOURCES['customers'].rpc,
    columns: [
      col('customer', 'Customer', 'text'),
      col('email', 'Email (opted in)', 'text'),
      col('kind', 'New or returning', 'text'),
      currency,
      col('orders', 'Orders', 'count'),
      col('gross_cents', 'Spent', 'money'),
      col('first_purchase_on', 'First purchase', 'day'),
      col('last_purchase_on', 'Last purchase', 'day'),
    ],
    chart: { x: 'kind', y: { label: 'Customers', kind: 'count', value: () => 1 } },
    totals: [
      { label: 'New customers', kind: 'count', value: (r) => (r.kind === 'new' ? 1 : 0) },
      { label: 'Returning customers', kind: 'count', value: (r) => (r.kind === 'returning' ? 1 : 0) },
      money('Spent', 'gross_cents'),
    ],
    sort: { key: 'gross_cents', direction: 'descending' },
    empty: 'Nobody bought from you in this period.',
  },
  payouts: {
    rpc: REPORT_SOURCES['payouts'].rpc,
    columns: [
      day,
      currency,
      col('status', 'Status', 'text'),
      col('transfers', 'Transfers', 'count'),
      col('amount_cents', 'Amount', 'money'),
      col('reversed_cents', 'Pulled back', 'money'),
    ],
    chart: { x: 'day', y: money('Amount', 'amount_cents') },
    totals: [money('Transferred', 'amount_cents'), money('Pulled back', 'reversed_cents'), count('Transfers', 'transfers')],
    sort: { key: 'day', direction: 'ascending' },
    empty: 'No transfers in this period.',
  },
  wholesale: {
    rpc: REPORT_SOURCES['wholesale'].rpc,
    columns: [
      day,
      title,
      currency,
      col('orders', 'Orders', 'count'),
      col('copies', 'Copies', 'count'),
      col('gross_cents', 'Gross', 'money'),
      col('net_cents', 'Net', 'money'),
    ],
    chart: { x: 'day', y: count('Copies', 'copies') },
    totals: [count('Copies', 'copies'), money('Gross', 'gross_cents'), money('Net', 'net_cents')],
    sort: { key: 'day', direction: 'ascending' },
    empty: 'No wholesale orders in this period.',
  },
  // Both sides of a point-of-sale sale (20261123006000_shop_reports.sql): a designer's patterns sold
  // in shops (royalties owed to them) and a shop's own sales (takings, royalties it owes).
  'in-shop-sales': {
    rpc: REPORT_SOURCES['in-shop-sales'].rpc,
    columns: [
      day,
      col('side', 'Sale', 'text', { labels: { designer: 'Your pattern, in a shop', shop: 'In your shop' } }),
      title,
      col('designer', 'Designer', 'text'),
      col('shop', 'Shop', 'text'),
      col('copies', 'Copies', 'count'),
      col('takings_cents', 'Takings', 'money', { currencyKey: 'takings_currency' }),
      currency,
      col('royalty_cents', 'Royalties', 'money'),
      col('platform_fee_cents', 'Platform share', 'money'),
      col('designer_share_cents', "Designer's share", 'money'),
    ],
    chart: { x: 'day', y: count('Copies', 'copies') },
    totals: [
      { ...count('Copies sold in your shop', 'copies'), when: side('shop') },
      { ...money('Takings', 'takings_cents'), currencyKey: 'takings_currency', when: side('shop') },
      { ...money('Royalties you owe', 'royalty_cents'), when: side('shop') },
      { ...count('Copies of your patterns', 'copies'), when: side('designer') },
      { ...money('Your share', 'designer_share_cents'), when: side('designer') },
    ],
    sort: { key: 'day', direction: 'ascending' },
    empty: 'No in-shop sales, of your patterns or in your shop, in this period.',
  },
  commissions: {
    rpc: REPORT_SOURCES['commissions'].rpc,
    columns: [
      day,
      currency,
      col('status', 'Status', 'text'),
      col('lines', 'Referred sales', 'count'),
      col('net_sale_cents', 'Sales (net of VAT)', 'money'),
      col('commission_cents', 'Commission', 'money'),
    ],
    chart: { x: 'day', y: money('Commission', 'commission_cents') },
    totals: [money('Commission', 'commission_cents'), money('Referred sales', 'net_sale_cents'), count('Referred sales', 'lines')],
    sort: { key: 'day', direction: 'ascending' },
    empty: 'No referred sales in this period.',
  },
  'kit-clicks': {
    rpc: REPORT_SOURCES['kit-clicks'].rpc,
    columns: [
      col('title', 'Kit', 'text'),
      col('pattern', 'Pattern', 'text'),
      col('clicks', 'Clicks', 'count'),
      col('first_click_on', 'First click', 'day'),
      col('last_click_on', 'Last click', 'day'),
    ],
    chart: { x: 'title', y: count('Clicks', 'clicks') },
    totals: [count('Clicks', 'clicks')],
    sort: { key: 'clicks', direction: 'descending' },
    empty: 'You have no kits yet.',
  },
  'platform-totals': {
    rpc: REPORT_SOURCES['platform-totals'].rpc,
    summaryRpc: 'report_platform_people',
    columns: [
      day,
      currency,
      col('orders', 'Orders', 'count'),
      col('gmv_cents', 'GMV', 'money'),
      col('take_cents', 'Take', 'money'),
      col('refunds_cents', 'Refunds', 'money'),
      col('active_stores', 'Stores with sales', 'count'),
    ],
    chart: { x: 'day', y: money('GMV', 'gmv_cents') },
    totals: [money('GMV', 'gmv_cents'), money('Take', 'take_cents'), money('Refunds', 'refunds_cents'), count('Orders', 'orders')],
    sort: { key: 'day', direction: 'ascending' },
    empty: 'No sales on the marketplace in this period.',
  },
};

/** One total's figure: per currency for money (key ''), one number for counts. */
export type Figures = Record<string, number>;

export function totalOf(total: Total, rows: ReportRow[]): Figures {
  const out: Figures = {};
  for (const row of rows) {
    if (total.when && !total.when(row)) continue;
    const key = total.kind === 'money' ? String(row[total.currencyKey ?? 'currency'] ?? '') : '';
    out[key] = (out[key] ?? 0) + total.value(row);
  }
  if (total.kind === 'count' && !('' in out)) out[''] = 0;
  return out;
}

/** Change against the previous period: the difference and the percentage (null when nothing to compare with). */
export function delta(current: number, previous: number): { difference: number; percent: number | null } {
  return { difference: current - previous, percent: previous === 0 ? null : Math.round(((current - previous) / Math.abs(previous)) * 1000) / 10 };
}

/** The chart's points: the sum of the measure per x value (money: only rows of `currency`), in the rows' order. */
export function chartPoints(definition: ReportDefinition, rows: ReportRow[], currency: string | null): Array<{ x: string; value: number }> {
  const points = new Map<string, number>();
  for (const row of rows) {
    if (definition.chart.y.kind === 'money' && currency !== null && row.currency !== currency) continue;
    const x = String(row[definition.chart.x] ?? '');
    points.set(x, (points.get(x) ?? 0) + definition.chart.y.value(row));
  }
  const list = [...points].map(([x, value]) => ({ x, value }));
  return definition.chart.x === 'day' ? list.sort((a, b) => a.x.localeCompare(b.x)) : list.sort((a, b) => b.value - a.value).slice(0, 20);
}

export function currenciesOf(rows: ReportRow[]): string[] {
  return [...new Set(rows.map((r) => r.currency).filter((c): c is string => typeof c === 'string' && c !== ''))].sort();
}

/** Rows sorted by a column; numbers as numbers, empty last. */
export function sortRows(rows: ReportRow[], column: Column, direction: 'ascending' | 'descending'): ReportRow[] {
  const numeric = column.kind === 'count' || column.kind === 'money' || column.kind === 'ratio';
  const sign = direction === 'ascending' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const x = a[column.key];
    const y = b[column.key];
    if (x === null || x === undefined || x === '') return 1;
    if (y === null || y === undefined || y === '') return -1;
    return sign * (numeric ? Number(x) - Number(y) : String(x).localeCompare(String(y)));
  });
}
