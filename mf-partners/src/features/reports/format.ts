import { formatMoney, type Currency } from '@stitchhouse/shared/pricing.ts';
import type { Column, ReportRow } from './definitions.ts';

const dayFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
const countFormat = new Intl.NumberFormat('en-GB');

export const money = (cents: number, currency: string) => formatMoney(cents, currency as Currency);
export const formatCount = (n: number) => countFormat.format(n);
export const formatDay = (day: string) => dayFormat.format(Date.parse(`${day}T00:00:00Z`));

/** A table cell's text: money in the row's currency, dates spelled out, ratios as percentages. */
export function cellText(column: Column, row: ReportRow): string {
  const value = row[column.key];
  if (value === null || value === undefined || value === '') return '—';
  switch (column.kind) {
    case 'money': return money(Number(value), String(row.currency ?? 'EUR'));
    case 'count': return formatCount(Number(value));
    case 'ratio': return `${(Number(value) * 100).toFixed(1)} %`;
    case 'day': return formatDay(String(value));
    default: return String(value);
  }
}
