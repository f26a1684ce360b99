/**
 * A buyer's one currency: prices stay in the store's currency (checkout charges it)
 * and are shown converted with stored reference rates (`public.currency_rates`), marked "≈".
 * This is the ONE definition of the conversion; `public.convert_price` in
 * supabase/migrations/20261123005000_currency_rates.sql computes the same (tested through REST).
 *
 *   rateMicros(c)      = per_eur(c) × 1,000,000 (an integer: rates have 6 decimals)
 *   convertMinor(a, f→t) = round half up (a × rateMicros(t) / rateMicros(f))
 *
 * Integer (BigInt) maths, so no floating-point rounding can disagree with the database's numeric.
 */
import { SUPPORTED_CURRENCIES, type Currency } from '../money.ts';
import { formatAmount } from '../money.ts';

export interface CurrencyRate {
  currency: string;
  /** Units of `currency` one euro buys (a numeric with up to 6 decimals). */
  per_eur: number | string;
  /** The reference date, ISO yyyy-mm-dd. */
  as_of: string;
}

/** Rates keyed by currency, in micro-units per euro. */
export interface ReferenceRates {
  micros: Readonly<Record<string, bigint>>;
  asOf: string;
}

export class CurrencyError extends Error {
  override name = 'CurrencyError';
}

export function isCurrency(value: unknown): value is Currency {
  return typeof value === 'string' && (SUPPORTED_CURRENCIES as readonly string[]).includes(value);
}

/** "1.158400" → 1158400n, exactly (no float parsing). */
export function rateMicros(perEur: number | string): bigint {
  const text = typeof perEur === 'number' ? perEur.toFixed(6) : perEur.trim();
  const match = /^(\d+)(?:\.(\d{1,6}))?$/.exec(text);
  if (!match) throw new CurrencyError(`A reference rate must be a positive decimal, got "${perEur}"`);
  const micros = BigInt(match[1]!) * 1_000_000n + BigInt((match[2] ?? '').padEnd(6, '0'));
  if (micros <= 0n) throw new CurrencyError(`A reference rate must be above zero, got "${perEur}"`);
  return micros;
}

export function referenceRates(rows: readonly CurrencyRate[]): ReferenceRates {
  const micros: Record<string, bigint> = {};
  let asOf = '';
  for (const row of rows) {
    micros[row.currency] = rateMicros(row.per_eur);
    if (row.as_of > asOf) asOf = row.as_of;
  }
  return { micros, asOf };
}

/** An amount in `from` minor units as `to` minor units, rounded half up. */
export function convertMinor(amount: number, from: string, to: string, rates: ReferenceRates): number {
  if (!Number.isInteger(amount) || amount < 0) throw new CurrencyError(`An amount must be a whole, non-negative number of minor units, got ${amount}`);
  if (from === to) return amount;
  const f = rates.micros[from];
  const t = rates.micros[to];
  if (f === undefined || t === undefined) throw new CurrencyError(`No reference rate for ${f === undefined ? from : to}`);
  const n = BigInt(amount) * t;
  return Number((2n * n + f) / (2n * f));
}

export interface ShownPrice {
  /** What to print: "Free", "€12.00" or "≈ €12.00". */
  text: string;
  /** True when converted from the store's currency (approximate). */
  approximate: boolean;
  /** Minor units in the shown currency. */
  amount: number;
  currency: string;
  /** The store's own price, for a title/tooltip or screen readers: "$14.00". */
  original: string;
}

/**
 * A store's price as a buyer with `wanted` sees it. Without rates (not loaded yet, or failed)
 * or in the store's own currency, the store's price is shown as it is.
 */
export function showPrice(amount: number, storeCurrency: string, wanted: string | null, rates: ReferenceRates | null): ShownPrice {
  const original = amount === 0 ? 'Free' : formatAmount(amount, storeCurrency);
  if (amount === 0) return { text: 'Free', approximate: false, amount: 0, currency: storeCurrency, original };
  if (!wanted || wanted === storeCurrency || !rates || rates.micros[wanted] === undefined || rates.micros[storeCurrency] === undefined) {
    return { text: original, approximate: false, amount, currency: storeCurrency, original };
  }
  const converted = convertMinor(amount, storeCurrency, wanted, rates);
  return { text: `≈ ${formatAmount(converted, wanted)}`, approximate: true, amount: converted, currency: wanted, original };
}
