import { i18n } from '@stitchhouse/shared/i18n/index.ts';
import { isReportSlug, type ReportSlug } from '@stitchhouse/shared/contracts/report-export.ts';
import type { ReportSummary } from '../../api/reports.ts';

// Each report's name and description in the page's language. The `reports` table holds them in
// English (its rows are reference data); the catalog has them for every language, by slug.
const TEXTS: Record<ReportSlug, { title: string; description: string }> = {
  sales: { title: /*i18n*/ 'partners.report.sales.title', description: /*i18n*/ 'partners.report.sales.description' },
  'pattern-performance': {
    title: /*i18n*/ 'partners.report.patternPerformance.title',
    description: /*i18n*/ 'partners.report.patternPerformance.description',
  },
  downloads: { title: /*i18n*/ 'partners.report.downloads.title', description: /*i18n*/ 'partners.report.downloads.description' },
  customers: { title: /*i18n*/ 'partners.report.customers.title', description: /*i18n*/ 'partners.report.customers.description' },
  payouts: { title: /*i18n*/ 'partners.report.payouts.title', description: /*i18n*/ 'partners.report.payouts.description' },
  wholesale: { title: /*i18n*/ 'partners.report.wholesale.title', description: /*i18n*/ 'partners.report.wholesale.description' },
  'in-shop-sales': { title: /*i18n*/ 'partners.report.inShopSales.title', description: /*i18n*/ 'partners.report.inShopSales.description' },
  commissions: { title: /*i18n*/ 'partners.report.commissions.title', description: /*i18n*/ 'partners.report.commissions.description' },
  'kit-clicks': { title: /*i18n*/ 'partners.report.kitClicks.title', description: /*i18n*/ 'partners.report.kitClicks.description' },
  'platform-totals': { title: /*i18n*/ 'partners.report.platformTotals.title', description: /*i18n*/ 'partners.report.platformTotals.description' },
};

/** A report's title and description as the reader's language words them (the table's English for a report the catalog does not know). */
export function reportText(report: Pick<ReportSummary, 'slug' | 'title' | 'description'>): { title: string; description: string } {
  if (!isReportSlug(report.slug)) return { title: report.title, description: report.description };
  const ids = TEXTS[report.slug];
  return { title: i18n._(ids.title), description: i18n._(ids.description) };
}
