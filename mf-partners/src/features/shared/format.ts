import { formatAmount, formatCount as formatCountEnglish } from '@stitchhouse/shared/money.ts';
import { formatBasisPoints } from '@stitchhouse/shared/plans.ts';
import { i18n } from '@stitchhouse/shared/i18n/index.ts';

// Numbers, money, dates and percentages in the page's language (i18n.locale, read at each call:
// the language can change while the page is open). English keeps the shared formatters' forms
// ("€12.00", "1,204", "3 Jan 2026", "40 %"); another language asks Intl in that language.
const english = () => !i18n.locale || i18n.locale === 'en';
const formats = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();
function numberFormat(key: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const id = `${i18n.locale}|n|${key}`;
  let format = formats.get(id) as Intl.NumberFormat | undefined;
  if (!format) formats.set(id, (format = new Intl.NumberFormat(i18n.locale, options)));
  return format;
}
function dateFormat(key: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const id = `${i18n.locale}|d|${key}`;
  let format = formats.get(id) as Intl.DateTimeFormat | undefined;
  if (!format) formats.set(id, (format = new Intl.DateTimeFormat(english() ? 'en-GB' : i18n.locale, options)));
  return format;
}

/** Money in minor units: "€12.00" in English, "12,00 €" in German. */
export function money(cents: number, currency: string): string {
  if (english() || !/^[A-Z]{3}$/.test(currency)) return formatAmount(cents, currency);
  return numberFormat(`money-${currency}`, { style: 'currency', currency }).format(cents / 100);
}

/** A whole count: "1,204" / "1.204". */
export const formatCount = (n: number) => (english() ? formatCountEnglish(n) : numberFormat('count', {}).format(n));

/** A share (0.123 → "12.3 %" / "12,3 %"). */
export function formatRatio(value: number): string {
  if (english()) return `${(value * 100).toFixed(1)} %`;
  return numberFormat('ratio', { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(value);
}

/** A percentage already in percent (12.5 → "12.5 %" / "12,5 %"). */
export function formatPercent(percent: number): string {
  if (english()) return `${percent} %`;
  return numberFormat('percent', { style: 'percent', maximumFractionDigits: 1 }).format(percent / 100);
}

/** Basis points as a percentage (4000 → "40 %"), as pricing.ts writes them in English. */
export const formatRate = (basisPoints: number) => (english() ? formatBasisPoints(basisPoints) : formatPercent(basisPoints / 100));

// Days and moments ("3 Jan 2026" / "3. Jan. 2026", "3 Jan 2026, 15:31"): shared's formatters, which
// write in the page's language.
export { formatDay, formatDayTime } from '@stitchhouse/shared/money.ts';

/** A month of a date column ("2026-11-01" → "November 2026"). */
export const formatMonth = (iso: string) =>
  dateFormat('month', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(Date.parse(`${iso.slice(0, 10)}T00:00:00Z`));

/** A calendar day of a period (UTC): "1 Oct 2026". */
export const formatPeriodDay = (iso: string) =>
  dateFormat('period', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(Date.parse(`${iso}T00:00:00Z`));

/** A year of a timestamp. */
export const formatYear = (value: string) => dateFormat('year', { year: 'numeric' }).format(new Date(value));
