// Amounts as people read them, everywhere: catalog prices, order totals, payouts, the home page.
// One locale per currency, so "€12.00" looks the same on every screen. Stored amounts carry a
// text currency column, so a code we do not sell in still shows its amount instead of failing.
// Kept free of pricing.ts (plans, fees) so the home page's first paint does not load those.
// Every formatter takes an optional locale; without one it writes in the page's active language
// (formatLocale.ts), English exactly as before. Free of the i18n runtime: the functions import it.
import { formatLocale, isEnglish, sharedText } from './formatLocale.ts';

/** The currencies stores sell in (pricing.ts re-exports them with the plans and fees). */
export const SUPPORTED_CURRENCIES = ['EUR', 'GBP', 'USD'] as const;
export type Currency = (typeof SUPPORTED_CURRENCIES)[number];

const LOCALE_BY_CURRENCY: Record<Currency, string> = { EUR: 'en-IE', GBP: 'en-GB', USD: 'en-US' };
const SYMBOL: Record<Currency, string> = { EUR: '€', GBP: '£', USD: '$' };

/**
 * "1,204" ("1.204" in German): a whole number in the grouping all our English locales share.
 *
 * Written out rather than asked of Intl, as are whole-cent amounts below: a page's first Intl
 * number format loads the browser's ICU number data, ~40 ms of main thread on a fast machine
 * (4× that on a phone), and the catalog, a pattern page and a store show prices in their first
 * screen. `money.test.ts` holds both equal to Intl's output.
 */
export function formatCount(value: number, locale: string = formatLocale()): string {
  if (!isEnglish(locale)) return localNumber(locale).format(value);
  if (!Number.isSafeInteger(value)) return fallbackNumber().format(value);
  const digits = String(Math.abs(value));
  let grouped = digits.slice(0, digits.length % 3 || 3);
  for (let i = grouped.length; i < digits.length; i += 3) grouped += `,${digits.slice(i, i + 3)}`;
  return value < 0 ? `-${grouped}` : grouped;
}

let plainNumbers: Intl.NumberFormat | undefined;
function fallbackNumber(): Intl.NumberFormat {
  return (plainNumbers ??= new Intl.NumberFormat('en'));
}

const localNumbers = new Map<string, Intl.NumberFormat>();
function localNumber(locale: string): Intl.NumberFormat {
  let format = localNumbers.get(locale);
  if (!format) localNumbers.set(locale, (format = new Intl.NumberFormat(locale)));
  return format;
}

// Building an Intl formatter costs far more than using one: one per currency, made on first use
// (only for an amount that is not a whole number of cents).
const moneyFormats = new Map<string, Intl.NumberFormat>();

/** Intl's currency format: English in the currency's own English locale (en-IE for euros), else in `locale`. */
function moneyFormat(currency: string, locale: string): Intl.NumberFormat {
  const tag = isEnglish(locale) ? (LOCALE_BY_CURRENCY[currency as Currency] ?? 'en') : locale;
  const key = `${currency}|${tag}`;
  let format = moneyFormats.get(key);
  if (!format) moneyFormats.set(key, (format = new Intl.NumberFormat(tag, { style: 'currency', currency })));
  return format;
}

/** "€12.00", "£8.00", "$10.00", "-€1,250.50" (German "12,00 €"): minor units to a display string. */
export function formatMoney(amount: number, currency: Currency, locale: string = formatLocale()): string {
  if (!isEnglish(locale)) return moneyFormat(currency, locale).format((Object.is(amount, -0) ? 0 : amount) / 100);
  if (Number.isSafeInteger(amount)) {
    const cents = Math.abs(amount);
    const fraction = String(cents % 100).padStart(2, '0');
    return `${amount < 0 ? '-' : ''}${SYMBOL[currency]}${formatCount(Math.floor(cents / 100))}.${fraction}`;
  }
  return moneyFormat(currency, locale).format(amount / 100);
}

function isSupportedCurrency(value: string): value is Currency {
  return (SUPPORTED_CURRENCIES as readonly string[]).includes(value);
}

/** "€12.00" for a supported currency, else "12.00 XYZ" (in another language, Intl's own for the code); minor units in. */
export function formatAmount(cents: number, currency: string, locale: string = formatLocale()): string {
  if (isSupportedCurrency(currency)) return formatMoney(cents, currency, locale);
  if (!isEnglish(locale) && /^[A-Z]{3}$/.test(currency)) return moneyFormat(currency, locale).format(cents / 100);
  return `${(cents / 100).toFixed(2)} ${currency}`;
}

/** A pattern's price: "Free" (in the active language) for 0, else formatAmount. A negative or non-finite price is a bug upstream. */
export function formatPrice(priceCents: number, currency: string, locale: string = formatLocale()): string {
  if (!Number.isFinite(priceCents) || priceCents < 0) throw new RangeError(`Price must be a non-negative amount of cents, got ${priceCents}`);
  return priceCents === 0 ? sharedText(/*i18n*/ 'shared.price.free', 'Free') : formatAmount(priceCents, currency, locale);
}

const DAY = { day: 'numeric', month: 'short', year: 'numeric' } as const;
const DAY_TIME = { ...DAY, hour: '2-digit', minute: '2-digit' } as const;

// One formatter per (kind, locales), as for money: review and order lists format a date per row.
const dateFormats = new Map<string, Intl.DateTimeFormat>();
function dateFormat(kind: 'calendar' | 'day' | 'dayTime', locales: string | readonly string[]): Intl.DateTimeFormat {
  const tags = typeof locales === 'string' ? [locales] : [...locales];
  const key = `${kind}|${tags.join(',')}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(tags, kind === 'calendar' ? { ...DAY, timeZone: 'UTC' } : kind === 'day' ? DAY : DAY_TIME);
    dateFormats.set(key, format);
  }
  return format;
}

/** The default of the date formatters: the shop's British English, or the page's active language. */
function dayLocale(): string {
  const locale = formatLocale();
  return isEnglish(locale) ? 'en-GB' : locale;
}

/**
 * "3 Jan 2026" in the shop's British English ("3. Jan. 2026" on a German page): a timestamp (an
 * order, a transfer) on the reader's own calendar; a date column ("2026-01-03", a report's day) as
 * that very day, whatever the time zone. `locales` (e.g. the viewer's `navigator.languages`) writes
 * the same day in their convention.
 */
export function formatDay(value: string | null, locales: string | readonly string[] = dayLocale()): string {
  if (!value) return '';
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return dateFormat('calendar', locales).format(Date.parse(`${value}T00:00:00Z`));
  return onDate(value, dateFormat('day', locales));
}

/** "3 Jan 2026, 15:31": formatDay's day and a 24-hour time on the reader's clock, for moments such as a key's last use. */
export function formatDayTime(value: string | null, locales: string | readonly string[] = dayLocale()): string {
  if (!value) return '';
  return onDate(value, dateFormat('dayTime', locales));
}

/** A formatter throws on an unreadable timestamp where toLocaleString said "Invalid Date": keep saying it. */
function onDate(value: string, format: Intl.DateTimeFormat): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? String(date) : format.format(date);
}
