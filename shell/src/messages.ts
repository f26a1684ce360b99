import { catalogLocale, defineCatalog, loadCatalog } from '@stitchhouse/shared/i18n/index.ts';

// This app's messages (ids start with "shell."), in the page's language only, English too (as
// shared's: i18n/catalog.ts); the page renders once they are in.
defineCatalog('shell', null, (locale) => import(`./locales/${locale}.json`));

/**
 * A shell page's own catalog (routes/catalogs/<Page>/locales, lingui.config.js SHELL_PAGES), in the
 * page's language, English included: loaded with the page's chunk, so the long texts of one page
 * (the legal ones, pricing) never ride on another.
 */
export function pageMessages(page: string): Promise<void> {
  const catalog = defineCatalog(`shell.page.${page}`, null, (locale) => import(`./routes/catalogs/${page}/locales/${locale}.json`));
  return loadCatalog(catalog, catalogLocale());
}
