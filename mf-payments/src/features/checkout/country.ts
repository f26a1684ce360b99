// The buyer's country decides the VAT in a tax-inclusive price (EU digital goods are taxed
// where the buyer lives). It defaults from the browser's language and region settings.
import { countryName } from '@stitchhouse/shared/countries.ts';
import { EU_VAT_RATES } from '@stitchhouse/shared/pricing.ts';

/**
 * Region codes the browser names that are not countries (groupings, test locales) or no longer exist;
 * the old codes Chromium names after today's country (DY Benin, HV Burkina Faso, …) would list it twice.
 */
const NOT_COUNTRIES = new Set(['AC', 'AN', 'BU', 'CP', 'CS', 'DD', 'DG', 'DY', 'EA', 'EU', 'EZ', 'FX', 'HV', 'IC', 'NH', 'NT', 'QO', 'QU', 'RH', 'SU', 'TA', 'TP',
  'UK', 'UN', 'VD', 'XA', 'XB', 'YD', 'YU', 'ZR', 'ZZ']);
/** When the browser has no region names (very old engines): the EU (VAT applies) and the commonest others. */
const FALLBACK = ['AU', 'CA', 'CH', 'GB', 'IS', 'JP', 'NO', 'NZ', 'US', 'ZA'];

/** Every ISO 3166-1 country the browser can name: the buyer's country is recorded on the order. */
function namedCountries(): string[] {
  try {
    const names = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
    const codes: string[] = [];
    for (let a = 65; a <= 90; a++) {
      for (let b = 65; b <= 90; b++) {
        const code = String.fromCharCode(a, b);
        if (!NOT_COUNTRIES.has(code) && names.of(code)) codes.push(code);
      }
    }
    return codes.length > 100 ? codes : [...Object.keys(EU_VAT_RATES), ...FALLBACK];
  } catch {
    return [...Object.keys(EU_VAT_RATES), ...FALLBACK];
  }
}

export const CHECKOUT_COUNTRIES: readonly string[] = namedCountries();

/** Every checkout country as select options, by English name (countryName: shared/src/countries.ts). */
export function checkoutCountryOptions(): { value: string; label: string }[] {
  return CHECKOUT_COUNTRIES.map((code) => ({ value: code, label: countryName(code) })).sort((a, b) => a.label.localeCompare(b.label, 'en'));
}

/**
 * The region of the first browser language that names one ("de-AT" → AT; "fr" → FR through
 * likely subtags), if it is a checkout country; otherwise `fallback`.
 */
export function defaultCountry(languages: readonly string[] = typeof navigator === 'undefined' ? [] : navigator.languages ?? [navigator.language], fallback = 'US'): string {
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
