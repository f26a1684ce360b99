// The page's one Lingui runtime (a Module Federation singleton: shell and remotes share it). Each
// app registers its catalog; English is loaded with the code, other languages on demand, and a
// switch loads every registered app's catalog for the new language before it activates (no
// screen ever shows message ids).
import { i18n, type Messages } from '@lingui/core';
import { DEFAULT_LOCALE, LOCALE_COOKIE, LOCALE_PARAM, isLocale, negotiateLocale, type Locale } from './locales.ts';

/** A compiled catalog (`locales/<locale>.json`, written by `lingui compile`; JSON types it loosely). */
export type CatalogModule = { messages: Record<string, unknown> };
export type CatalogLoader = (locale: Locale) => Promise<CatalogModule>;

interface Catalog {
  name: string;
  load: CatalogLoader;
  loaded: Map<Locale, Promise<void>>;
}

const catalogs = new Map<string, Catalog>();

/**
 * An app's catalog: `english` is its compiled `locales/en.json` (imported with the code), or null
 * for a catalog whose English loads on demand too (a page's own, loaded with the page's chunk);
 * `load` imports `locales/<locale>.json` (one chunk per language). Registering twice (a remote
 * loaded again) keeps the first.
 */
export function defineCatalog(name: string, english: CatalogModule | null, load: CatalogLoader): Catalog {
  const known = catalogs.get(name);
  if (known) return known;
  if (english) i18n.load(DEFAULT_LOCALE, english.messages as Messages);
  if (!i18n.locale) i18n.activate(DEFAULT_LOCALE);
  const catalog: Catalog = { name, load, loaded: new Map(english ? [[DEFAULT_LOCALE, Promise.resolve()]] : []) };
  catalogs.set(name, catalog);
  return catalog;
}

/** Loads one catalog's messages for `locale` into the runtime (once). */
export function loadCatalog(catalog: Catalog, locale: Locale): Promise<void> {
  let loading = catalog.loaded.get(locale);
  if (!loading) {
    loading = catalog.load(locale).then((module) => i18n.load(locale, module.messages as Messages));
    loading.catch(() => catalog.loaded.delete(locale)); // a failed chunk may be fetched again
    catalog.loaded.set(locale, loading);
  }
  return loading;
}

/** The language the page shows now. */
export function activeLocale(): Locale {
  return isLocale(i18n.locale) ? i18n.locale : DEFAULT_LOCALE;
}

/**
 * Loads every registered catalog for `locale`, then shows the page in it (`<html lang>` too). A
 * catalog registered while this waits (a remote's first screen opened at the same time) is
 * loaded before the switch as well, so no screen shows message ids.
 */
export async function activateLocale(locale: Locale): Promise<void> {
  let waitedFor = 0;
  while (waitedFor < catalogs.size) {
    waitedFor = catalogs.size;
    await Promise.all([...catalogs.values()].map((catalog) => loadCatalog(catalog, locale)));
  }
  if (i18n.locale !== locale) i18n.activate(locale);
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
}

/** Remembers the visitor's choice on this device for a year (members keep it on their profile too). */
export function rememberLocale(locale: Locale): void {
  document.cookie = `${LOCALE_COOKIE}=${locale}; path=/; max-age=${60 * 60 * 24 * 365}; samesite=lax`;
  const url = new URL(window.location.href);
  // a language version's address (?hl=) would otherwise win over the new choice on reload
  if (url.searchParams.has(LOCALE_PARAM)) {
    url.searchParams.set(LOCALE_PARAM, locale);
    window.history.replaceState(window.history.state, '', url);
  }
}

/** The language this page opens in (see negotiateLocale). */
export function pageLocale(): Locale {
  if (typeof window === 'undefined') return DEFAULT_LOCALE;
  return negotiateLocale({ search: window.location.search, cookie: document.cookie, languages: navigator.languages });
}

export { i18n };
