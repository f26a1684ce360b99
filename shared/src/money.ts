// Amounts as people read them, everywhere: catalog prices, order totals, payouts, the home page.
// Built on formatMoney (pricing.ts: the locale per currency), so "€12.00" looks the same on
// every screen. Stored amounts carry a text currency column, so a code we do not sell in still
// shows its amount instead of failing.
import { formatMoney, SUPPORTED_CURRENCIES, type Currency } from './pricing.ts';

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

/** "3 Jan 2026": the day of an order, transfer or code, in the shop's British English. */
export function formatDay(iso: string | null): string {
  return iso ? new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' }) : '';
}
