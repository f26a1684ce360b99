// @ts-check
// The words of a page's head in the page's language: titles of the route contract from
// shared's catalog (found by their English, which is the contract's title), descriptions and the
// head's own words from the page server's catalog (scripts/locales, ids `meta.…`). Compiled JSON,
// read once per language.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setupI18n } from '@lingui/core';
import { DEFAULT_LOCALE, isLocale } from '../shared/src/i18n/locales.mjs';

const ROOT = join(import.meta.dirname, '..');
/** @type {Map<string, import('@lingui/core').I18n>} */
const runtimes = new Map();
/** @type {Map<string, string> | null} */
let titleIds = null;

const catalog = (/** @type {string} */ dir, /** @type {string} */ locale) =>
  /** @type {{ messages: Record<string, any> }} */ (JSON.parse(readFileSync(join(ROOT, dir, 'locales', `${locale}.json`), 'utf8'))).messages;

/** The runtime of `locale` (English for a language the product does not speak). */
export function pageWords(/** @type {string} */ locale) {
  const chosen = isLocale(locale) ? locale : DEFAULT_LOCALE;
  let i18n = runtimes.get(chosen);
  if (!i18n) {
    i18n = setupI18n({ locale: chosen, messages: { [chosen]: { ...catalog('shared/src', chosen), ...catalog('scripts', chosen) } } });
    runtimes.set(chosen, i18n);
  }
  return i18n;
}

/** A route's title in `locale`: the id whose English is the contract's title, in that language. */
export function routeTitleIn(/** @type {string} */ locale, /** @type {string} */ title) {
  if (!titleIds) {
    const english = pageWords(DEFAULT_LOCALE);
    titleIds = new Map(
      Object.keys(catalog('shared/src', DEFAULT_LOCALE))
        .filter((id) => id.startsWith('shared.route.'))
        .map((id) => [english._(id), id]),
    );
  }
  const id = titleIds.get(title);
  return id ? pageWords(locale)._(id) : title;
}
