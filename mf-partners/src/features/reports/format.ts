import { formatAmount, formatDay } from '@stitchhouse/shared/money.ts';
import type { Column, ReportRow } from './definitions.ts';

const countFormat = new Intl.NumberFormat('en-GB');

/** Money of a report row (its currency column is text). */
export const money = formatAmount;
export const formatCount = (n: number) => countFormat.format(n);
export { formatDay };

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
      return `${(Number(value) * 100).toFixed(1)} %`;
    case 'day':
      return formatDay(String(value));
    default:
      return column.labels?.[String(value)] ?? String(value);
  }
}
