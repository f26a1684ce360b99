// @ts-check
// Which currency a buyer most likely pays in, from their locale (the page: navigator.language;
// the page's server: Accept-Language). Plain JavaScript so both can import it.

const EURO_REGIONS = new Set([
  'AT',
  'BE',
  'CY',
  'DE',
  'EE',
  'ES',
  'FI',
  'FR',
  'GR',
  'HR',
  'IE',
  'IT',
  'LT',
  'LU',
  'LV',
  'MT',
  'NL',
  'PT',
  'SI',
  'SK',
  'AD',
  'MC',
  'SM',
  'VA',
  'ME',
  'XK',
  'BG',
]);
const EURO_LANGUAGES = new Set(['de', 'fr', 'es', 'it', 'nl', 'pt', 'fi', 'el', 'et', 'lv', 'lt', 'sk', 'sl', 'mt', 'ga', 'hr', 'lb', 'ca', 'eu', 'gl']);
const POUND_REGIONS = new Set(['GB', 'UK', 'GG', 'JE', 'IM', 'GI']);

/**
 * The currency a locale such as "en-GB", "de-AT" or "fr" most likely pays in (USD elsewhere).
 * @param {string | undefined | null} locale
 * @returns {'EUR' | 'GBP' | 'USD'}
 */
export function currencyForLocale(locale) {
  if (!locale) return 'USD';
  /** @type {string | undefined} */
  let region;
  let language = locale.toLowerCase().split(/[-_]/)[0] ?? '';
  try {
    const parsed = new Intl.Locale(locale);
    region = parsed.region?.toUpperCase();
    language = parsed.language;
  } catch {
    region = locale.split(/[-_]/)[1]?.toUpperCase();
  }
  if (region) {
    if (POUND_REGIONS.has(region)) return 'GBP';
    if (EURO_REGIONS.has(region)) return 'EUR';
    return 'USD';
  }
  return EURO_LANGUAGES.has(language) ? 'EUR' : 'USD';
}
