// Message catalogs (issue 36): each app owns its own, as gettext PO files translators know, compiled
// to JSON the apps load (only the active language's, lazily; English ships with the code as the
// fallback). `node scripts/i18n.mjs` extracts the ids used in the code and compiles; `--check` in npm test.
import { formatter } from '@lingui/format-po';

/**
 * The shell's own pages each have a catalog of their own, loaded with the page's chunk (the router
 * waits for both): their long texts (legal pages, pricing, the marketing pages) stay off every other page.
 */
export const SHELL_PAGES = ['Home', 'About', 'AppPage', 'Designers', 'Retailers', 'Pricing', 'Newsletter', 'PrivacyPolicy', 'TermsOfUse'];

/**
 * Where each catalog lives (`dir`: its `locales/` folder is there), which sources feed it (`sources`,
 * default `dir`; `exclude`: files of it that feed another); the id prefix keeps apps apart in the one runtime.
 */
export const CATALOGS = [
  { prefix: 'shell', dir: 'shell/src', exclude: SHELL_PAGES.map((page) => `shell/src/routes/${page}.tsx`) },
  ...SHELL_PAGES.map((page) => ({ prefix: 'shell', dir: `shell/src/routes/catalogs/${page}`, sources: `shell/src/routes/${page}.tsx` })),
  { prefix: 'shared', dir: 'shared/src' },
  { prefix: 'auth', dir: 'mf-auth/src' },
  { prefix: 'catalog', dir: 'mf-catalog/src' },
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
    include: [`<rootDir>/${sources}`],
    exclude: [
      ...exclude.map((file) => `<rootDir>/${file}`),
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
