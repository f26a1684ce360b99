// Stripe Tax's stand-in (automatic_tax): VAT of the customer's country at its standard rate (the
// rates of shared/src/countries.ts, the ones Stitchhouse sells with), taken out of inclusive prices
// or added to exclusive ones. Stripe decides an `unspecified` price's behaviour by the account's
// default, "automatic by currency": inclusive except USD and CAD. Countries outside the table owe none.
import type Stripe from 'stripe';
import { VAT_RATES } from '../../../shared/src/countries.ts';
import { vatIncluded } from '../../../shared/src/pricing.ts';

export interface TaxRate {
  country: string;
  /** Standard VAT rate in basis points (1900 = 19 %). */
  rateBp: number;
}

export function taxRateFor(country: string | null | undefined): TaxRate | null {
  if (!country) return null;
  const found = VAT_RATES[country.toUpperCase()];
  return { country: country.toUpperCase(), rateBp: found?.rateBp ?? 0 };
}

export function behaviourOf(price: Stripe.Price): 'inclusive' | 'exclusive' {
  if (price.tax_behavior === 'inclusive') return 'inclusive';
  if (price.tax_behavior === 'exclusive') return 'exclusive';
  return ['usd', 'cad'].includes(price.currency) ? 'exclusive' : 'inclusive';
}

/** The tax of `amount` (minor units, before tax for exclusive prices, with it for inclusive ones) and the total the buyer pays. */
export function taxOn(amount: number, price: Stripe.Price, rate: TaxRate | null): { tax: number; total: number; behaviour: 'inclusive' | 'exclusive' } {
  const behaviour = behaviourOf(price);
  if (!rate || rate.rateBp === 0) return { tax: 0, total: amount, behaviour };
  if (behaviour === 'inclusive') return { tax: vatIncluded(amount, rate.rateBp), total: amount, behaviour };
  const tax = Math.round((amount * rate.rateBp) / 10_000);
  return { tax, total: amount + tax, behaviour };
}
