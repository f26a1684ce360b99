// What each report shows: its SQL function (supabase/migrations/20261123004500_reports.sql and
// 20261123004600_partner_reports.sql, 20261123006000_shop_reports.sql), its columns, the chart's measure and the totals compared
// with the previous period. Money is always per currency (never added across currencies).
import { REPORT_SOURCES, type ReportRpc, type ReportSlug } from '@stitchhouse/shared/contracts/report-export.ts';

export type ColumnKind = 'day' | 'text' | 'count' | 'money' | 'ratio';
export interface Column {
  key: string;
  /** The column's name: a catalog id (partners.report.term.*), read with i18n._ where it shows. */
  label: string;
  kind: ColumnKind;
  /** Money in another column's currency than `currency` (a shop's takings are in its sale currency). */
  currencyKey?: string;
  /** Words for a text column's codes (catalog ids). */
  labels?: Record<string, string>;
}
export type ReportRow = Record<string, string | number | null>;

/** A total over the rows: money sums per currency, counts once. */
export interface Total {
  /** A catalog id, as Column.label. */
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
  /** The words for an empty period (a catalog id). */
  empty: string;
}

const n = (key: string) => (row: ReportRow) => Number(row[key] ?? 0);
const money = (label: string, key: string): Total => ({ label, kind: 'money', value: n(key) });
const count = (label: string, key: string): Total => ({ label, kind: 'count', value: n(key) });
const col = (key: string, label: string, kind: ColumnKind, more?: Partial<Column>): Column => ({ key, label, kind, ...more });
const side = (which: string) => (row: ReportRow) => row.side === which;

const day = col('day', /*i18n*/ 'partners.report.term.day', 'day');
const currency = col('currency', /*i18n*/ 'partners.report.term.currency', 'text');
const title = col('title', /*i18n*/ 'partners.report.term.pattern', 'text');

export const REPORTS: Record<ReportSlug, ReportDefinition> = {
  sales: {
    rpc: REPORT_SOURCES['sales'].rpc,
    columns: [
      day,
      currency,
      col('lines', /*i18n*/ 'partners.report.term.orderLines', 'count'),
      col('units', /*i18n*/ 'partners.report.term.units', 'count'),
      col('gross_cents', /*i18n*/ 'partners.report.term.gross', 'money'),
      col('discount_cents', /*i18n*/ 'partners.report.term.discounts', 'money'),
      col('vat_cents', /*i18n*/ 'partners.report.term.vat', 'money'),
      col('fee_cents', /*i18n*/ 'partners.report.term.fees', 'money'),
      col('refunds_cents', /*i18n*/ 'partners.report.term.refunds', 'money'),
      col('net_cents', /*i18n*/ 'partners.report.term.net', 'money'),
    ],
    chart: { x: 'day', y: money(/*i18n*/ 'partners.report.term.net', 'net_cents') },
    totals: [
      money(/*i18n*/ 'partners.report.term.gross', 'gross_cents'),
      money(/*i18n*/ 'partners.report.term.fees', 'fee_cents'),
      money(/*i18n*/ 'partners.report.term.vat', 'vat_cents'),
      money(/*i18n*/ 'partners.report.term.refunds', 'refunds_cents'),
      money(/*i18n*/ 'partners.report.term.net', 'net_cents'),
      count(/*i18n*/ 'partners.report.term.orderLines', 'lines'),
    ],
    sort: { key: 'day', direction: 'ascending' },
    empty: /*i18n*/ 'partners.report.empty.noSalesInThisPeriod',
  },
  'pattern-performance': {
    rpc: REPORT_SOURCES['pattern-performance'].rpc,
    columns: [
      title,
      currency,
      col('views', /*i18n*/ 'partners.report.term.views', 'count'),
      col('orders', /*i18n*/ 'partners.report.term.orders', 'count'),
      col('conversion', /*i18n*/ 'partners.report.term.conversion', 'ratio'),
      col('units', /*i18n*/ 'partners.report.term.units', 'count'),
      col('gross_cents', /*i18n*/ 'partners.report.term.revenue', 'money'),
      col('net_cents', /*i18n*/ 'partners.report.term.net', 'money'),
    ],
    chart: { x: 'title', y: money(/*i18n*/ 'partners.report.term.revenue', 'gross_cents') },
    totals: [
      count(/*i18n*/ 'partners.report.term.views', 'views'),
      count(/*i18n*/ 'partners.report.term.orders', 'orders'),
      money(/*i18n*/ 'partners.report.term.revenue', 'gross_cents'),
      money(/*i18n*/ 'partners.report.term.net', 'net_cents'),
    ],
    sort: { key: 'gross_cents', direction: 'descending' },
    empty: /*i18n*/ 'partners.report.empty.youHaveNoPatternsYet',
  },
  downloads: {
    rpc: REPORT_SOURCES['downloads'].rpc,
    columns: [
      title,
      col('format', /*i18n*/ 'partners.report.term.format', 'text'),
      col('downloads', /*i18n*/ 'partners.report.term.downloads', 'count'),
      col('buyers', /*i18n*/ 'partners.report.term.buyers', 'count'),
    ],
    chart: { x: 'title', y: count(/*i18n*/ 'partners.report.term.downloads', 'downloads') },
    totals: [count(/*i18n*/ 'partners.report.term.downloads', 'downloads')],
    sort: { key: 'downloads', direction: 'descending' },
    empty: /*i18n*/ 'partners.report.empty.noDownloadsInThisPeriod',
  },
  customers: {
    rpc: REPORT_SOURCES['customers'].rpc,
    columns: [
      col('customer', /*i18n*/ 'partners.report.term.customer', 'text'),
      col('email', /*i18n*/ 'partners.report.term.emailOptedIn', 'text'),
      col('kind', /*i18n*/ 'partners.report.term.newOrReturning', 'text'),
      currency,
      col('orders', /*i18n*/ 'partners.report.term.orders', 'count'),
      col('gross_cents', /*i18n*/ 'partners.report.term.spent', 'money'),
      col('first_purchase_on', /*i18n*/ 'partners.report.term.firstPurchase', 'day'),
      col('last_purchase_on', /*i18n*/ 'partners.report.term.lastPurchase', 'day'),
    ],
    chart: { x: 'kind', y: { label: /*i18n*/ 'partners.report.term.customers', kind: 'count', value: () => 1 } },
    totals: [
      { label: /*i18n*/ 'partners.report.term.newCustomers', kind: 'count', value: (r) => (r.kind === 'new' ? 1 : 0) },
      { label: /*i18n*/ 'partners.report.term.returningCustomers', kind: 'count', value: (r) => (r.kind === 'returning' ? 1 : 0) },
      money(/*i18n*/ 'partners.report.term.spent', 'gross_cents'),
    ],
    sort: { key: 'gross_cents', direction: 'descending' },
    empty: /*i18n*/ 'partners.report.empty.nobodyBoughtFromYouInThisPeriod',
  },
  payouts: {
    rpc: REPORT_SOURCES['payouts'].rpc,
    columns: [
      day,
      currency,
      col('status', /*i18n*/ 'partners.report.term.status', 'text'),
      col('transfers', /*i18n*/ 'partners.report.term.transfers', 'count'),
      col('amount_cents', /*i18n*/ 'partners.report.term.amount', 'money'),
      col('reversed_cents', /*i18n*/ 'partners.report.term.pulledBack', 'money'),
    ],
    chart: { x: 'day', y: money(/*i18n*/ 'partners.report.term.amount', 'amount_cents') },
    totals: [
      money(/*i18n*/ 'partners.report.term.transferred', 'amount_cents'),
      money(/*i18n*/ 'partners.report.term.pulledBack', 'reversed_cents'),
      count(/*i18n*/ 'partners.report.term.transfers', 'transfers'),
    ],
    sort: { key: 'day', direction: 'ascending' },
    empty: /*i18n*/ 'partners.report.empty.noTransfersInThisPeriod',
  },
  wholesale: {
    rpc: REPORT_SOURCES['wholesale'].rpc,
    columns: [
      day,
      title,
      currency,
      col('orders', /*i18n*/ 'partners.report.term.orders', 'count'),
      col('copies', /*i18n*/ 'partners.report.term.copies', 'count'),
      col('gross_cents', /*i18n*/ 'partners.report.term.gross', 'money'),
      col('net_cents', /*i18n*/ 'partners.report.term.net', 'money'),
    ],
    chart: { x: 'day', y: count(/*i18n*/ 'partners.report.term.copies', 'copies') },
    totals: [
      count(/*i18n*/ 'partners.report.term.copies', 'copies'),
      money(/*i18n*/ 'partners.report.term.gross', 'gross_cents'),
      money(/*i18n*/ 'partners.report.term.net', 'net_cents'),
    ],
    sort: { key: 'day', direction: 'ascending' },
    empty: /*i18n*/ 'partners.report.empty.noWholesaleOrdersInThisPeriod',
  },
  // Both sides of a point-of-sale sale (20261123006000_shop_reports.sql): a designer's patterns sold
  // in shops (royalties owed to them) and a shop's own sales (takings, royalties it owes).
  'in-shop-sales': {
    rpc: REPORT_SOURCES['in-shop-sales'].rpc,
    columns: [
      day,
      col('side', /*i18n*/ 'partners.report.term.sale', 'text', {
        labels: { designer: /*i18n*/ 'partners.report.term.yourPatternInAShop', shop: /*i18n*/ 'partners.report.term.inYourShop' },
      }),
      title,
      col('designer', /*i18n*/ 'partners.report.term.designer', 'text'),
      col('shop', /*i18n*/ 'partners.report.term.shop', 'text'),
      col('copies', /*i18n*/ 'partners.report.term.copies', 'count'),
      col('takings_cents', /*i18n*/ 'partners.report.term.takings', 'money', { currencyKey: 'takings_currency' }),
      currency,
      col('royalty_cents', /*i18n*/ 'partners.report.term.royalties', 'money'),
      col('platform_fee_cents', /*i18n*/ 'partners.report.term.platformShare', 'money'),
      col('designer_share_cents', /*i18n*/ 'partners.report.term.designerShare', 'money'),
    ],
    chart: { x: 'day', y: count(/*i18n*/ 'partners.report.term.copies', 'copies') },
    totals: [
      { ...count(/*i18n*/ 'partners.report.term.copiesSoldInYourShop', 'copies'), when: side('shop') },
      { ...money(/*i18n*/ 'partners.report.term.takings', 'takings_cents'), currencyKey: 'takings_currency', when: side('shop') },
      { ...money(/*i18n*/ 'partners.report.term.royaltiesYouOwe', 'royalty_cents'), when: side('shop') },
      { ...count(/*i18n*/ 'partners.report.term.copiesOfYourPatterns', 'copies'), when: side('designer') },
      { ...money(/*i18n*/ 'partners.report.term.yourShare', 'designer_share_cents'), when: side('designer') },
    ],
    sort: { key: 'day', direction: 'ascending' },
    empty: /*i18n*/ 'partners.report.empty.noInShopSalesOfYourPatternsOrInYourShopInThisPeriod',
  },
  commissions: {
    rpc: REPORT_SOURCES['commissions'].rpc,
    columns: [
      day,
      currency,
      col('status', /*i18n*/ 'partners.report.term.status', 'text'),
      col('lines', /*i18n*/ 'partners.report.term.referredSales', 'count'),
      col('net_sale_cents', /*i18n*/ 'partners.report.term.salesNetOfVat', 'money'),
      col('commission_cents', /*i18n*/ 'partners.report.term.commission', 'money'),
    ],
    chart: { x: 'day', y: money(/*i18n*/ 'partners.report.term.commission', 'commission_cents') },
    totals: [
      money(/*i18n*/ 'partners.report.term.commission', 'commission_cents'),
      money(/*i18n*/ 'partners.report.term.referredSales', 'net_sale_cents'),
      count(/*i18n*/ 'partners.report.term.referredSales', 'lines'),
    ],
    sort: { key: 'day', direction: 'ascending' },
    empty: /*i18n*/ 'partners.report.empty.noReferredSalesInThisPeriod',
  },
  'kit-clicks': {
    rpc: REPORT_SOURCES['kit-clicks'].rpc,
    columns: [
      col('title', /*i18n*/ 'partners.report.term.kit', 'text'),
      col('pattern', /*i18n*/ 'partners.report.term.pattern', 'text'),
      col('clicks', /*i18n*/ 'partners.report.term.clicks', 'count'),
      col('first_click_on', /*i18n*/ 'partners.report.term.firstClick', 'day'),
      col('last_click_on', /*i18n*/ 'partners.report.term.lastClick', 'day'),
    ],
    chart: { x: 'title', y: count(/*i18n*/ 'partners.report.term.clicks', 'clicks') },
    totals: [count(/*i18n*/ 'partners.report.term.clicks', 'clicks')],
    sort: { key: 'clicks', direction: 'descending' },
    empty: /*i18n*/ 'partners.report.empty.youHaveNoKitsYet',
  },
  'platform-totals': {
    rpc: REPORT_SOURCES['platform-totals'].rpc,
    summaryRpc: 'report_platform_people',
    columns: [
      day,
      currency,
      col('orders', /*i18n*/ 'partners.report.term.orders', 'count'),
      col('gmv_cents', /*i18n*/ 'partners.report.term.gmv', 'money'),
      col('take_cents', /*i18n*/ 'partners.report.term.take', 'money'),
      col('refunds_cents', /*i18n*/ 'partners.report.term.refunds', 'money'),
      col('active_stores', /*i18n*/ 'partners.report.term.storesWithSales', 'count'),
    ],
    chart: { x: 'day', y: money(/*i18n*/ 'partners.report.term.gmv', 'gmv_cents') },
    totals: [
      money(/*i18n*/ 'partners.report.term.gmv', 'gmv_cents'),
      money(/*i18n*/ 'partners.report.term.take', 'take_cents'),
      money(/*i18n*/ 'partners.report.term.refunds', 'refunds_cents'),
      count(/*i18n*/ 'partners.report.term.orders', 'orders'),
    ],
    sort: { key: 'day', direction: 'ascending' },
    empty: /*i18n*/ 'partners.report.empty.noSalesOnTheMarketplaceInThisPeriod',
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
