import { i18n } from '@stitchhouse/shared/i18n/index.ts';
import { formatCount, formatDay, formatRatio, money } from '../shared/format.ts';
import type { Column, ReportRow } from './definitions.ts';

// The app's formatters (features/shared/format.ts: the page's language), and a report cell's text.
export * from '../shared/format.ts';

/** A table cell's text: money in the row's currency, dates spelled out, ratios as percentages. */
export function cellText(column: Column, row: ReportRow): string {
  const value = row[column.key];
  if (value === null || value === undefined || value === '') return '—';
  switch (column.kind) {
    case 'money':
      return money(Number(value), String(row[column.currencyKey ?? 'currency'] ?? 'EUR'));
    case 'count':
      return formatCount(Number(value));
    case 'ratio':
      return formatRatio(Number(value));
    case 'day':
      return formatDay(String(value));
    default:
      return column.labels?.[String(value)] ? i18n._(column.labels[String(value)]!) : String(value);
  }
}
