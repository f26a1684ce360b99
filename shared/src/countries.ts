// Countries in people's words, for stores (mf-account) and partners (mf-partners) alike: the EU
// (its VAT rates are known, pricing.ts) and the other markets Stitchhouse sells to.
import { EU_VAT_RATES } from './pricing.ts';

const OTHERS = ['AU', 'CA', 'CH', 'GB', 'IS', 'JP', 'NO', 'NZ', 'US'];

/** Every country a store or partner can be in, as select options sorted by name in `locale`. */
export function countryOptions(locale = 'en'): Array<{ value: string; label: string }> {
  const names = new Intl.DisplayNames([locale], { type: 'region' });
  return [...Object.keys(EU_VAT_RATES), ...OTHERS]
    .map((code) => ({ value: code, label: names.of(code) ?? code }))
    .sort((a, b) => a.label.localeCompare(b.label));
}

// Lists name a country per row: one DisplayNames per locale.
const regionNames = new Map<string, Intl.DisplayNames>();

/** "Germany" for "DE"; the code itself when the browser has no name for it; '' for none. */
export function countryName(code: string | null, locale = 'en'): string {
  if (!code) return '';
  try {
    let names = regionNames.get(locale);
    if (!names) regionNames.set(locale, (names = new Intl.DisplayNames([locale], { type: 'region' })));
    return names.of(code) ?? code;
  } catch {
    return code;
  }
}

/** The currency a new store in `country` most likely wants. */
export function defaultCurrency(country: string): 'EUR' | 'GBP' | 'USD' {
  if (country === 'GB') return 'GBP';
  return country in EU_VAT_RATES ? 'EUR' : 'USD';
}
