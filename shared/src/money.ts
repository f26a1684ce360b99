// Amounts as people read them, everywhere: catalog prices, order totals, payouts, the home page.
// One locale per currency, so "€12.00" looks the same on every screen. Stored amounts carry a
// text currency column, so a code we do not sell in still shows its amount instead of failing.
// Kept free of pricing.ts (plans, fees) so the home page's first paint does not load those.

/** The currencies stores sell in (pricing.ts re-exports them with the plans and fees). */
export const SUPPORTED_CURRENCIES = ['EUR', 'GBP', 'USD'] as const;
export type Currency = (typeof SUPPORTED_CURRENCIES)[number];

const LOCALE_BY_CURRENCY: Record<Currency, string> = { EUR: 'en-IE', GBP: 'en-GB', USD: 'en-US' };

/** "€12.00", "£8.00", "$10.00": minor units to a display string. */
export function formatMoney(amount: number, currency: Currency): string {
  return new Intl.NumberFormat(LOCALE_BY_CURRENCY[currency], { style: 'currency', currency }).format(amount / 100);
}

function isSupportedCurrency(value: string): value is Currency {
  return (SUPPORTED_CURRENCIES as readonly string[]).includes(value);
}

/** "€12.00" for a supported currency, else "12.00 XYZ"; minor units in. */
export function formatAmount(cents: number, currency: string): string {
  return isSupportedCurrency(currency) ? formatMoney(cents, currency) : `${(cents / 100).toFixed(2)} ${currency}`;
}

/** A pattern's price: "Free" for 0, else formatAmount. A negative or non-finite price is a bug upstream. */
export function formatPrice(priceCents: number, currency: string): string {
  if (!Number.isFinite(priceCents) || priceCents < 0) throw new RangeError(`Price must be a non-negative amount of cents, got ${priceCents}`);
  return priceCents === 0 ? 'Free' : formatAmount(priceCents, currency);
}

const DAY = { day: 'numeric', month: 'short', year: 'numeric' } as const;
const calendarDay = new Intl.DateTimeFormat('en-GB', { ...DAY, timeZone: 'UTC' });

/**
 * "3 Jan 2026" in the shop's British English: a timestamp (an order, a transfer) on the reader's
 * own calendar; a date column ("2026-01-03", a report's day) as that very day, whatever the time zone.
 * `locales` (e.g. the viewer's `navigator.languages`) writes the same day in their convention.
 */
export function formatDay(value: string | null, locales: string | readonly string[] = 'en-GB'): string {
  if (!value) return '';
  const tags = typeof locales === 'string' ? locales : [...locales];
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const day = Date.parse(`${value}T00:00:00Z`);
    return locales === 'en-GB' ? calendarDay.format(day) : new Intl.DateTimeFormat(tags, { ...DAY, timeZone: 'UTC' }).format(day);
  }
  return new Date(value).toLocaleDateString(tags, DAY);
}

/** "3 Jan 2026, 15:31": formatDay's day and a 24-hour time on the reader's clock, for moments such as a key's last use. */
export function formatDayTime(value: string | null, locales: string | readonly string[] = 'en-GB'): string {
  if (!value) return '';
  return new Date(value).toLocaleString(typeof locales === 'string' ? locales : [...locales], { ...DAY, hour: '2-digit', minute: '2-digit' });
}
