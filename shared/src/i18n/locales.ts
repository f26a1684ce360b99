// The languages and how a page picks one: written once in locales.mjs, which the page server
// (scripts/serve-apps.mjs) imports too; this module is what TypeScript code imports.
export { DEFAULT_LOCALE, LOCALES, LOCALE_COOKIE, LOCALE_NAMES, LOCALE_PARAM, isLocale, matchLocale, negotiateLocale, type Locale } from './locales.mjs';
