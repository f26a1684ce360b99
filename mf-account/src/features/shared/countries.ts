import { EU_VAT_RATES } from '@stitchhouse/shared/pricing.ts';

/** Countries a store can be in: the EU (VAT rates known) and the other markets we serve. */
const OTHERS = ['AU', 'CA', 'CH', 'GB', 'IS', 'JP', 'NO', 'NZ', 'US'];

export function countryOptions(locale = 'en'): Array<{ value: string; label: string }> {
  const names = new Intl.DisplayNames([locale], { type: 'region' });
  return [...Object.keys(EU_VAT_RATES), ...OTHERS]
    .map((code) => ({ value: code, label: names.of(code) ?? code }))
    .sort((a, b) => a.label.localeCompare(b.label));
}

/** The currency a new store in `country` most likely wants. */
export function defaultCurrency(country: string): 'EUR' | 'GBP' | 'USD' {
  if (country === 'GB') return 'GBP';
  return country in EU_VAT_RATES ? 'EUR' : 'USD';
}
