// The page's one Lingui runtime (a Module Federation singleton: shell and remotes share it). Each
// app registers its catalogs (one per area: a remote's screens load theirs with them); a switch
// loads every registered catalog for the new language before it activates (no screen ever shows
// message ids).
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

// One registry for every copy of this module on the page (a remote may bundle its own copy of a
// shared file that imports it): a switch then sees every catalog, whichever copy registered it.
const REGISTRY = Symbol.for('stitchhouse.i18n.catalogs');
const catalogs: Map<string, Catalog> = ((globalThis as { [REGISTRY]?: Map<string, Catalog> })[REGISTRY] ??= new Map());

/**
 * A catalog: `english` is its compiled `locales/en.json` (imported with the code that shows it), or
 * null for a catalog loaded in the page's language only (a shell page's, a remote's: fetched beside
 * the page's or screen's code); `load` imports `locales/<locale>.json` (one chunk per language).
 * Registering twice (a remote loaded again) keeps the first. One registered while the page shows
 * another language (an area's code arriving with its screen) starts loading that language at once.
 */
export function defineCatalog(name: string, english: CatalogModule | null, load: CatalogLoader): Catalog {
  const known = catalogs.get(name);
  if (known) return known;
  if (english) i18n.load(DEFAULT_LOCALE, english.messages as Messages);
  if (!i18n.locale) i18n.activate(DEFAULT_LOCALE);
  const catalog: Catalog = { name, load, loaded: new Map(english ? [[DEFAULT_LOCALE, Promise.resolve()]] : []) };
  catalogs.set(name, catalog);
  const wanted = catalogLocale();
  if (wanted !== DEFAULT_LOCALE) loadCatalog(catalog, wanted).catch((error: unknown) => console.error(`${name}'s messages could not be loaded`, error));
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

/** The language activateLocale was last asked for (the page opening in German, a switch under way). */
let switchingTo: Locale | null = null;

/**
 * The language code arriving now needs its catalogs in: the one the page is switching to (a
 * remote's screen started while the page's own language still loads), else the one it shows.
 */
export function catalogLocale(): Locale {
  return switchingTo ?? activeLocale();
}

/**
 * Loads every registered catalog for `locale`, those registered while this waits (a remote's
 * first screen opened at the same time) too. A screen's loader calls it once the screen's code
 * has run (and registered its areas' catalogs), so the screen renders with all its words.
 */
export async function loadCatalogs(locale: Locale): Promise<void> {
  let waitedFor = 0;
  while (waitedFor < catalogs.size) {
    waitedFor = catalogs.size;
    await Promise.all([...catalogs.values()].map((catalog) => loadCatalog(catalog, locale)));
  }
}

/**
 * Loads every registered catalog for `locale` (loadCatalogs), then shows the page in it (`<html
 * lang>` too), so no screen shows message ids.
 */
export async function activateLocale(locale: Locale): Promise<void> {
  switchingTo = locale;
  try {
    await loadCatalogs(locale);
  } finally {
    if (switchingTo === locale) switchingTo = null;
  }
  // a later switch (chosen while this one loaded) wins
  if (switchingTo) return;
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
