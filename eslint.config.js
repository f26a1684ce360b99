// @ts-check
// ESLint over the apps, shared, the backend, the functions and seed, e2e, the benchmarks and the
// scripts; `npm test` runs it (scripts/check-lint.mjs). TypeScript files are linted with their
// package's types (typescript-eslint's project service reads each folder's tsconfig.json), so the
// rules that need types (a promise nobody awaits, a promise passed where a callback's result is
// ignored) hold everywhere; JavaScript files are linted without types. Import cycles are
// dependency-cruiser's `no-circular` (.dependency-cruiser.cjs), which already resolves every
// import of these folders.
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { CATALOGS } from './lingui.config.js';

const apps = ['shell', 'mf-account', 'mf-auth', 'mf-catalog', 'mf-partners', 'mf-payments'];
/**
 * Shipped code gets the type-aware rules: the apps' and shared's sources, the backend and the
 * functions. Tests, e2e, the benchmarks and the seed are linted without types: they would cost
 * as much again (this runs on two cores), and vitest already reports an assertion left unawaited.
 */
const typedSources = [...apps.map((app) => `${app}/src`), 'shared/src', 'backend/src', 'supabase/functions'];
/** Folders whose screens read every visible text from their message catalog. */
const translated = ['mf-account/src', 'mf-auth/src', 'mf-catalog/src/features', 'mf-catalog/src/routes', 'mf-partners/src', 'mf-payments/src', 'shell/src'];
/** JSX attributes a person reads or a screen reader speaks. */
const VISIBLE_ATTRIBUTES = [
  'aria-label',
  'aria-description',
  'aria-roledescription',
  'aria-valuetext',
  'title',
  'placeholder',
  'alt',
  'label',
  'errorTitle',
  'loadingLabel',
  'hint',
  'emptyText',
];
const ts = (folder) => [`${folder}/**/*.ts`, `${folder}/**/*.tsx`];

/**
 * Lingui's extractor (scripts/i18n.mjs) sees a message id only in `i18n._('id')` / `i18n.t('id')`
 * (on a variable or property named i18n), `<Trans id="id">` and a literal marked `/*i18n*\/ 'id'`;
 * an id read any other way (`lingui._('id')`, `t('id')`, a helper's argument, a table) is dropped
 * from the catalogs and the screen shows the id. This rule finds such ids: a string that starts
 * with its catalog's prefix and is used in none of those three ways.
 */
const messageIds = {
  meta: { type: 'problem', schema: [{ type: 'object', properties: { prefixes: { type: 'array', items: { type: 'string' } } } }] },
  create(context) {
    const prefixes = context.options[0]?.prefixes ?? [];
    const looksLikeId = (value) =>
      typeof value === 'string' && prefixes.some((prefix) => value.startsWith(`${prefix}.`)) && /^[a-z]+(\.[A-Za-z0-9_-]+)+$/.test(value);
    const marked = (node) => context.sourceCode.getCommentsBefore(node).some((comment) => comment.value.trim() === 'i18n');
    const i18nMethod = (callee) =>
      callee?.type === 'MemberExpression' &&
      !callee.computed &&
      ['_', 't'].includes(callee.property.name) &&
      ((callee.object.type === 'Identifier' && callee.object.name === 'i18n') ||
        (callee.object.type === 'MemberExpression' && !callee.object.computed && callee.object.property.name === 'i18n'));
    const seen = (node) => {
      const { parent } = node;
      if (parent.type === 'CallExpression' && parent.arguments[0] === node && i18nMethod(parent.callee)) return true;
      // defineCatalog('catalog.owner', …) names a catalog, not a message
      if (parent.type === 'CallExpression' && parent.arguments[0] === node && parent.callee.type === 'Identifier' && parent.callee.name === 'defineCatalog')
        return true;
      // <Trans id="…"> and <Trans id={'…'}>
      const attribute = parent.type === 'JSXExpressionContainer' ? parent.parent : parent;
      if (attribute.type === 'JSXAttribute' && attribute.name.name === 'id' && attribute.parent.name?.name === 'Trans') return true;
      // a key of a table ({ 'shared.x': … }) names an id, it does not read one
      if (parent.type === 'Property' && parent.key === node) return true;
      return marked(node);
    };
    return {
      Literal(node) {
        if (looksLikeId(node.value) && !seen(node)) {
          context.report({
            node,
            message: `The message extractor does not see "${node.value}": read it with i18n._('${node.value}') (a variable named i18n), <Trans id>, or mark it /*i18n*/ where it is written.`,
          });
        }
      },
    };
  },
};
/** Each catalog's source folders and files (lingui.config.js), with the id prefixes written there. */
const catalogSources = Object.entries(
  CATALOGS.reduce((byPrefix, { prefix, dir, sources = dir }) => {
    byPrefix[prefix] = [...(byPrefix[prefix] ?? []), ...[sources].flat()];
    return byPrefix;
  }, /** @type {Record<string, string[]>} */ ({})),
).map(([prefix, sources]) => ({
  prefix,
  files: sources.flatMap((source) => (/\.\w+$/.test(source) ? [source] : [`${source}/**/*.{ts,tsx,js,mjs}`])),
}));

export default defineConfig(
  globalIgnores([
    '**/node_modules/',
    '**/dist/',
    '**/dist-*/',
    '**/build-output/',
    '.tools/',
    '.data/',
    'releases/',
    'test-results/',
    'e2e/.artifacts/',
    'bench/.cache/',
    'bench/results/',
    // generated: gen-db-types.mjs from the migrations, common-passwords.mjs from zxcvbn's list
    'shared/src/database.types.ts',
    'shared/src/auth/commonPasswords.data.ts',
  ]),

  js.configs.recommended,
  tseslint.configs.recommended,
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // Ambient declarations (CSS modules, Deno's runtime) come in by a reference path.
      '@typescript-eslint/triple-slash-reference': ['error', { path: 'always', types: 'prefer-import', lib: 'always' }],
      // A `let` read by a closure before its one assignment (a cleanup that may run first) stays a `let`.
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
      // `_`-prefixed names are placeholders (a destructured field left out, an unused parameter).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
    },
  },

  // Type-aware rules, where a folder's tsconfig.json gives the types: the promise rules only
  // (type-checking is most of the run's time; these are the mistakes types alone do not catch).
  {
    files: typedSources.flatMap(ts),
    ignores: ['**/*.d.ts', '**/*.test.ts', '**/*.test.tsx'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      // JSX handlers and object-literal properties may return a promise: React ignores a handler's
      // result, and Module Federation's plugin hooks are typed as the union of its sync and async
      // lifecycles of one name while the runtime awaits them.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false, properties: false } }],
      '@typescript-eslint/await-thenable': 'error',
    },
  },

  // React: the hooks' rules and accessibility, in the apps and shared's UI.
  {
    files: [...apps, 'shared'].flatMap((folder) => [`${folder}/**/*.tsx`, `${folder}/**/*.ts`]),
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: [...apps, 'shared'].map((folder) => `${folder}/**/*.tsx`),
    ...jsxA11y.flatConfigs.recommended,
  },
  {
    files: [...apps, 'shared'].map((folder) => `${folder}/**/*.tsx`),
    rules: {
      // A scroller that cannot be avoided is a labelled region reachable by keyboard (docs/architecture.md).
      'jsx-a11y/no-noninteractive-tabindex': ['error', { tags: [], roles: ['tabpanel', 'region'] }],
      // The form components take autoFocus where a person's action opens the step they focus.
      'jsx-a11y/no-autofocus': ['error', { ignoreNonDOM: true }],
    },
  },

  // Languages (docs/i18n/README.md): in a folder that speaks them, text a person sees comes from the
  // catalogs — JSX text with a letter in it, and the attributes a person reads or hears. A folder joins
  // `translated` when its screens are converted; the German Chromium pass catches what this cannot see
  // (words in data tables and messages built in plain TypeScript).
  {
    files: translated.length ? translated.map((folder) => `${folder}/**/*.tsx`) : ['<no folder yet>'],
    ignores: ['**/*.test.tsx', '**/testing/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: 'JSXText[value=/\\p{L}/u]', message: 'Text a person sees comes from the catalog: <Trans id="app.id" /> or {i18n._(\'app.id\')}.' },
        {
          selector: 'JSXElement > JSXExpressionContainer > Literal[value=/\\p{L}/u]',
          message: 'Text a person sees comes from the catalog: <Trans id="app.id" /> or {i18n._(\'app.id\')}.',
        },
        {
          selector: `JSXAttribute[name.name=/^(${VISIBLE_ATTRIBUTES.join('|')})$/] > Literal[value=/\\p{L}/u]`,
          message: "A label, title, placeholder or alt text comes from the catalog: {i18n._('app.id')}.",
        },
        {
          selector: `JSXAttribute[name.name=/^(${VISIBLE_ATTRIBUTES.join('|')})$/] > JSXExpressionContainer > Literal[value=/\\p{L}/u]`,
          message: "A label, title, placeholder or alt text comes from the catalog: {i18n._('app.id')}.",
        },
      ],
    },
  },

  // Every message id the code reads is one the extractor sees (messageIds above).
  ...catalogSources.map(({ prefix, files }) => ({
    files,
    ignores: ['**/*.test.ts', '**/*.test.tsx', '**/testing/**', '**/*.d.ts'],
    plugins: { stitchhouse: { rules: { 'message-ids': messageIds } } },
    rules: { 'stitchhouse/message-ids': ['error', { prefixes: [prefix] }] },
  })),

  // Tests and the tools around them read loosely typed JSON answers and rows.
  {
    files: ['**/test/**', '**/*.test.ts', '**/*.test.tsx', 'e2e/**', 'bench/**', 'shared/src/testing/**', 'supabase/seed/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },

  // Where each file runs.
  {
    files: [...apps, 'shared'].map((folder) => `${folder}/src/**`),
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: [
      'shared/**',
      'backend/**',
      'e2e/**',
      'bench/**',
      'scripts/**',
      'supabase/**',
      '*.{js,cjs,mjs,ts}',
      ...apps.map((app) => `${app}/*.{js,cjs,mjs,ts}`),
      ...apps.map((app) => `${app}/{build,test}/**`),
    ],
    ignores: ['supabase/functions/**'],
    languageOptions: { globals: { ...globals.node } },
  },
  // The bundle benchmark's page scripts run inside the browser page.
  {
    files: ['bench/bundle/*.mjs'],
    languageOptions: { globals: { ...globals.browser } },
  },
  // Edge-style functions run under Deno: Deno's runtime and the web platform, no Node globals.
  {
    files: ['supabase/functions/**'],
    languageOptions: { globals: { ...globals.denoBuiltin } },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
