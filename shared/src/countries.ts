// Countries in people's words, for stores (mf-account) and partners (mf-partners) alike: the EU
// (with its VAT rates, which pricing.ts uses for checkout) and the other markets Stitchhouse sells to.
import { formatLocale } from './formatLocale.ts';

export interface VatRate {
  /** Standard rate in basis points (2100 = 21 %). */
  rateBp: number;
  name: string;
}

/**
 * The standard VAT rates of the 27 EU member states, which apply to digital services sold to
 * consumers (the European Commission's "VAT rates applied in the Member States" table, 2025
 * edition: Estonia 24 % from July 2025, Finland 25.5 % from September 2024, Romania 21 % from
 * August 2025, Slovakia 23 % from January 2025). The migration's `vat_rates` table holds the
 * same numbers (a backend test compares them).
 */
export const EU_VAT_RATES: Readonly<Record<string, VatRate>> = {
  AT: { rateBp: 2000, name: 'Austria' },
  BE: { rateBp: 2100, name: 'Belgium' },
  BG: { rateBp: 2000, name: 'Bulgaria' },
  HR: { rateBp: 2500, name: 'Croatia' },
  CY: { rateBp: 1900, name: 'Cyprus' },
  CZ: { rateBp: 2100, name: 'Czechia' },
  DK: { rateBp: 2500, name: 'Denmark' },
  EE: { rateBp: 2400, name: 'Estonia' },
  FI: { rateBp: 2550, name: 'Finland' },
  FR: { rateBp: 2000, name: 'France' },
  DE: { rateBp: 1900, name: 'Germany' },
  GR: { rateBp: 2400, name: 'Greece' },
  HU: { rateBp: 2700, name: 'Hungary' },
  IE: { rateBp: 2300, name: 'Ireland' },
  IT: { rateBp: 2200, name: 'Italy' },
  LV: { rateBp: 2100, name: 'Latvia' },
  LT: { rateBp: 2100, name: 'Lithuania' },
  LU: { rateBp: 1700, name: 'Luxembourg' },
  MT: { rateBp: 1800, name: 'Malta' },
  NL: { rateBp: 2100, name: 'Netherlands' },
  PL: { rateBp: 2300, name: 'Poland' },
  PT: { rateBp: 2300, name: 'Portugal' },
  RO: { rateBp: 2100, name: 'Romania' },
  SK: { rateBp: 2300, name: 'Slovakia' },
  SI: { rateBp: 2200, name: 'Slovenia' },
  ES: { rateBp: 2100, name: 'Spain' },
  SE: { rateBp: 2500, name: 'Sweden' },
};

/**
 * The other markets Stitchhouse sells to, named as Intl names them in English (`countries.test.ts`
 * holds both lists to it), with the VAT or GST each charges on digital services a foreign seller
 * sells to its consumers: the UK 20 %, Norway 25 % (VOEC), Iceland 24 %, Switzerland 8.1 %,
 * Australia 10 % GST, New Zealand 15 % GST, Japan 10 % consumption tax, Canada 5 % GST (the federal
 * part: provinces with HST charge more, and a checkout knows no province). The United States has
 * no VAT: 0 % (state sales taxes are not modelled).
 */
const OTHER_VAT_RATES: Readonly<Record<string, VatRate>> = {
  AU: { rateBp: 1000, name: 'Australia' },
  CA: { rateBp: 500, name: 'Canada' },
  CH: { rateBp: 810, name: 'Switzerland' },
  GB: { rateBp: 2000, name: 'United Kingdom' },
  IS: { rateBp: 2400, name: 'Iceland' },
  JP: { rateBp: 1000, name: 'Japan' },
  NO: { rateBp: 2500, name: 'Norway' },
  NZ: { rateBp: 1500, name: 'New Zealand' },
  US: { rateBp: 0, name: 'United States' },
};
const OTHER_NAMES: Readonly<Record<string, string>> = Object.fromEntries(Object.entries(OTHER_VAT_RATES).map(([code, r]) => [code, r.name]));

/**
 * The VAT table: every country Stitchhouse sells to (the checkout accepts no other) with its rate.
 * The migrations' `vat_rates` table holds the same rows (a backend test compares them), and the
 * database refuses an order whose country or rate is not in it.
 */
export const VAT_RATES: Readonly<Record<string, VatRate>> = { ...EU_VAT_RATES, ...OTHER_VAT_RATES };

/** Whether the VAT table knows `code` (an upper-case ISO 3166-1 alpha-2 code). */
export function isSellingCountry(code: string): boolean {
  return Object.hasOwn(VAT_RATES, code);
}

/** Every country a store or partner can be in, as select options sorted by name in `locale`. */
export function countryOptions(locale = 'en'): Array<{ value: string; label: string }> {
  return [...Object.keys(EU_VAT_RATES), ...Object.keys(OTHER_NAMES)]
    .map((code) => ({ value: code, label: countryName(code, locale) }))
    .sort((a, b) => a.label.localeCompare(b.label));
}

// Lists name a country per row: one DisplayNames per locale.
const regionNames = new Map<string, Intl.DisplayNames>();

/**
 * "Germany" for "DE"; the code itself when the browser has no name for it; '' for none.
 * Our own countries in English are written out: a page's first Intl.DisplayNames loads the
 * browser's locale data, ~45 ms of main thread on a fast machine, and a storefront names its
 * shop's country in its first screen.
 */
/** (`locale` defaults to the page's active language.) */
export function countryName(code: string | null, locale = formatLocale()): string {
  if (!code) return '';
  if (locale === 'en') {
    if (Object.hasOwn(EU_VAT_RATES, code)) return EU_VAT_RATES[code]!.name;
    if (Object.hasOwn(OTHER_NAMES, code)) return OTHER_NAMES[code]!;
  }
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
