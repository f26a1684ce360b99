// One way to show a pattern's price everywhere in the catalog (cards, detail, library).
import { formatMoney, SUPPORTED_CURRENCIES, type Currency } from '@stitchhouse/shared/pricing.ts';

function isCurrency(value: string): value is Currency {
  return (SUPPORTED_CURRENCIES as readonly string[]).includes(value);
}

/** "Free" for 0, else "$12.00" / "€8.50" / "£5.00"; an unknown currency code still shows its amount. */
export function formatPrice(priceCents: number, currency: string): string {
  if (!Number.isFinite(priceCents) || priceCents < 0) throw new RangeError(`Price must be a non-negative amount of cents, got ${priceCents}`);
  if (priceCents === 0) return 'Free';
  if (isCurrency(currency)) return formatMoney(priceCents, currency);
  return `${(priceCents / 100).toFixed(2)} ${currency}`;
}

/** Whole units for filter inputs: "12.5" → 1250 cents; empty → null; invalid → NaN. */
export function priceInputToCents(value: string): number | null {
  const trimmed = value.trim();
  if (trimmed === '') return null;
  if (!/^\d+(\.\d{1,2})?$/.test(trimmed)) return Number.NaN;
  return Math.round(Number(trimmed) * 100);
}
