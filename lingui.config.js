// Message catalogs: each app owns its own, as gettext PO files translators know, compiled
// to JSON the apps load (only the active language's, lazily; English ships with the code as the
// fallback). `node scripts/i18n.mjs` extracts the ids used in the code and compiles; `--check` in npm test.
import { formatter } from '@lingui/format-po';

/**
 * The shell's own pages each have a catalog of their own, loaded with the page's chunk (the router
 * waits for both): their long texts (legal pages, pricing, the marketing pages) stay off every other page.
 */
export const SHELL_PAGES = ['Home', 'About', 'AppPage', 'Designers', 'Retailers', 'Pricing', 'Newsletter', 'PrivacyPolicy', 'TermsOfUse'];

/** The shell's features only one page shows: their words are in that page's catalog. */
export const SHELL_PAGE_FEATURES = {
  Home: ['shell/src/features/featured', 'shell/src/api/featuredModel.ts'],
  Newsletter: ['shell/src/features/newsletter'],
};

/**
 * mf-catalog's screens for designers, stores and buyers' downloads (publishing, the pattern editor,
 * the store manager, library, downloads) have a catalog of their own, registered by those screens
 * (src/catalogs/owner/messages.ts): the catalog and a pattern page never show their words.
 */
export const CATALOG_OWNER_SOURCES = [
  ...['MyPatterns', 'MyStore', 'PatternEdit', 'PatternDownload', 'DownloadLink', 'DownloadError'].map((screen) => `mf-catalog/src/routes/${screen}.tsx`),
  ...['publish', 'library', 'download'].map((feature) => `mf-catalog/src/features/${feature}`),
];

/**
 * A pattern page's own words (the page, reviews, kits), registered by that screen
 * (mf-catalog/src/catalogs/detail/messages.ts): the catalog's list never carries them.
 */
export const CATALOG_DETAIL_SOURCES = ['routes/PatternDetail.tsx', 'features/detail', 'features/reviews', 'features/kits'].map(
  (file) => `mf-catalog/src/${file}`,
);

/**
 * shared's form words (validation messages of the schemas, the error summary, password rules) ride
 * with the form code (src/form/messages.ts), not with every page's first script.
 */
export const SHARED_FORM_SOURCES = ['form', 'auth/schemas.ts', 'auth/password.ts', 'account/schemas.ts', 'catalog/schemas.ts'].map(
  (file) => `shared/src/${file}`,
);

/**
 * What the database and the functions say, in the page's language (shared/src/server/words.ts): loaded
 * only on a page in another language than English, with its first refusal (server/refusals.ts), so no
 * page's first scripts carry them.
 */
export const SHARED_SERVER_SOURCES = ['shared/src/server'];

/**
 * Where each catalog lives (`dir`: its `locales/` folder is there), which sources feed it (`sources`,
 * files or folders, default `dir`; `exclude`: files or folders of it that feed another); the id
 * prefix keeps apps apart in the one runtime. An id used by two catalogs' sources is in both.
 */
export const CATALOGS = [
  { prefix: 'shell', dir: 'shell/src', exclude: [...SHELL_PAGES.map((page) => `shell/src/routes/${page}.tsx`), ...Object.values(SHELL_PAGE_FEATURES).flat()] },
  ...SHELL_PAGES.map((page) => ({
    prefix: 'shell',
    dir: `shell/src/routes/catalogs/${page}`,
    sources: [`shell/src/routes/${page}.tsx`, ...(SHELL_PAGE_FEATURES[page] ?? [])],
  })),
  { prefix: 'shared', dir: 'shared/src', exclude: [...SHARED_FORM_SOURCES, ...SHARED_SERVER_SOURCES] },
  { prefix: 'shared', dir: 'shared/src/server', sources: SHARED_SERVER_SOURCES },
  { prefix: 'shared', dir: 'shared/src/form', sources: SHARED_FORM_SOURCES },
  { prefix: 'auth', dir: 'mf-auth/src' },
  { prefix: 'catalog', dir: 'mf-catalog/src', exclude: [...CATALOG_OWNER_SOURCES, ...CATALOG_DETAIL_SOURCES] },
  { prefix: 'catalog', dir: 'mf-catalog/src/catalogs/detail', sources: CATALOG_DETAIL_SOURCES },
  { prefix: 'catalog', dir: 'mf-catalog/src/catalogs/owner', sources: CATALOG_OWNER_SOURCES },
  { prefix: 'payments', dir: 'mf-payments/src' },
  { prefix: 'account', dir: 'mf-account/src' },
  { prefix: 'partners', dir: 'mf-partners/src' },
  // what crawlers read in a page's head (scripts/page-head.mjs, page-words.mjs)
  { prefix: 'meta', dir: 'scripts' },
  // the embedded backend's auth emails (hosted Supabase writes these from its own email templates)
  { prefix: 'authmail', dir: 'backend/src/auth' },
  // the functions' emails: every function's folder feeds the one catalog in _shared
  { prefix: 'email', dir: 'supabase/functions/_shared', sources: 'supabase/functions' },
];

export default {
  locales: ['en', 'de', 'fr', 'es', 'nl'],
  sourceLocale: 'en',
  format: formatter({ lineNumbers: false, origins: true }),
  compileNamespace: 'json',
  catalogs: CATALOGS.map(({ dir, sources = dir, exclude = [] }) => ({
    path: `<rootDir>/${dir}/locales/{locale}`,
    include: [sources].flat().map((source) => `<rootDir>/${source}`),
    exclude: [
      // a folder's files too
      ...exclude.flatMap((source) => [`<rootDir>/${source}`, `<rootDir>/${source}/**`]),
      '**/node_modules/**',
      '**/*.test.ts',
      '**/*.test.tsx',
      '**/*.d.ts',
      '**/*.d.mts',
      '**/testing/**',
      '**/locales/**',
      '**/database.types.ts',
    ],
  })),
};
