// Amounts of stored orders and transfers: a currency column is text, so unknown codes still show.
import { formatMoney, SUPPORTED_CURRENCIES, type Currency } from '@stitchhouse/shared/pricing.ts';

export function formatOrderMoney(cents: number, currency: string): string {
  return (SUPPORTED_CURRENCIES as readonly string[]).includes(currency) ? formatMoney(cents, currency as Currency) : `${(cents / 100).toFixed(2)} ${currency}`;
}

export function formatDate(iso: string | null): string {
  return iso ? new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' }) : '';
}
