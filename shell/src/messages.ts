import { catalogLocale, defineCatalog, loadCatalog } from '@stitchhouse/shared/i18n/index.ts';
import english from './locales/en.json';

// This app's messages (ids start with "shell."); English ships with the code, other languages load on demand.
defineCatalog('shell', english, (locale) => import(`./locales/${locale}.json`));

/**
 * A shell page's own catalog (routes/catalogs/<Page>/locales, lingui.config.js SHELL_PAGES), in the
 * page's language, English included: loaded with the page's chunk, so the long texts of one page
 * (the legal ones, pricing) never ride on another.
 */
export function pageMessages(page: string): Promise<void> {
  const catalog = defineCatalog(`shell.page.${page}`, null, (locale) => import(`./routes/catalogs/${page}/locales/${locale}.json`));
  return loadCatalog(catalog, catalogLocale());
}
