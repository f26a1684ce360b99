// The buyer's country decides the VAT in a tax-inclusive price (digital goods are taxed where the
// buyer lives). It defaults from the browser's language and region settings.
import { countryName } from '@stitchhouse/shared/countries.ts';
import { VAT_RATES } from '@stitchhouse/shared/pricing.ts';

/**
 * The countries Stitchhouse sells to: the VAT table's (shared/src/countries.ts VAT_RATES), each
 * with the VAT it charges. The checkout function refuses any other code, so none is offered.
 */
export const CHECKOUT_COUNTRIES: readonly string[] = Object.keys(VAT_RATES);

/** Every checkout country as select options, by name in `locale` (the page's language; countryName: shared/src/countries.ts). */
export function checkoutCountryOptions(locale = 'en'): { value: string; label: string }[] {
  return CHECKOUT_COUNTRIES.map((code) => ({ value: code, label: countryName(code, locale) })).sort((a, b) => a.label.localeCompare(b.label, locale));
}

/**
 * The region of the first browser language that names one ("de-AT" → AT; "fr" → FR through
 * likely subtags), if it is a checkout country; otherwise `fallback`.
 */
export function defaultCountry(
  languages: readonly string[] = typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]),
  fallback = 'US',
): string {
  for (const tag of languages) {
    try {
      const region = new Intl.Locale(tag).maximize().region;
      if (region && CHECKOUT_COUNTRIES.includes(region)) return region;
    } catch {
      // not a language tag: try the next one
    }
  }
  return fallback;
}

export const COUNTRY_STORAGE_KEY = 'stitchhouse.checkout.country';

/** The country the person chose last time in this browser, else the browser's. */
export function rememberedCountry(): string {
  try {
    const saved = typeof localStorage === 'undefined' ? null : localStorage.getItem(COUNTRY_STORAGE_KEY);
    if (saved && CHECKOUT_COUNTRIES.includes(saved)) return saved;
  } catch {
    // storage blocked
  }
  return defaultCountry();
}

export function rememberCountry(code: string): void {
  try {
    localStorage.setItem(COUNTRY_STORAGE_KEY, code);
  } catch {
    // storage blocked: the choice lasts for this page only
  }
}
