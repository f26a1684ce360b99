/* @ts-self-types="./locales.d.mts" */
// The languages the marketplace speaks, and how a visit picks one: the saved choice (a member's
// profile, a visitor's cookie) → the browser's languages → English. A `hl` query parameter names
// a language version of a public page (crawlable, linked with hreflang) and wins over both.
// Plain JavaScript: the apps, the functions and the page server (scripts/serve-apps.mjs) share it.

export const LOCALES = /** @type {const} */ (['en', 'de', 'fr', 'es', 'nl']);
export const DEFAULT_LOCALE = 'en';

/** Each language in its own words, as the language control lists them. */
export const LOCALE_NAMES = { en: 'English', de: 'Deutsch', fr: 'Français', es: 'Español', nl: 'Nederlands' };

/** The visitor's saved choice (a year; members also keep it on their profile). */
export const LOCALE_COOKIE = 'sh_locale';
/** The query parameter of a page's language version (`/patterns?hl=de`). */
export const LOCALE_PARAM = 'hl';

export function isLocale(/** @type {unknown} */ value) {
  return typeof value === 'string' && /** @type {readonly string[]} */ (LOCALES).includes(value);
}

/** The first of `tags` (BCP 47, most preferred first: navigator.languages, Accept-Language) that the marketplace speaks. */
export function matchLocale(/** @type {readonly string[]} */ tags) {
  for (const tag of tags) {
    try {
      const language = new Intl.Locale(tag).language;
      if (isLocale(language)) return language;
    } catch {
      // not a language tag: skip it
    }
  }
  return null;
}

/** The saved choice in a Cookie header or `document.cookie`. */
export function localeFromCookie(/** @type {string} */ cookie) {
  const match = new RegExp(`(?:^|;\\s*)${LOCALE_COOKIE}=([^;]+)`).exec(cookie);
  return match && isLocale(match[1]) ? match[1] : null;
}

/** The language a page opens in: `?hl=` → saved cookie → browser languages → English. */
export function negotiateLocale(/** @type {{ search?: string, cookie?: string, languages?: readonly string[] }} */ input) {
  const asked = new URLSearchParams(input.search ?? '').get(LOCALE_PARAM);
  if (isLocale(asked)) return asked;
  return localeFromCookie(input.cookie ?? '') ?? matchLocale(input.languages ?? []) ?? DEFAULT_LOCALE;
}
