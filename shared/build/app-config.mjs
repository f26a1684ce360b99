// @ts-check
// The rspack configuration every app of the front end uses (shell and the five
// remotes). It lives in `shared` and receives rspack and the Module Federation plugin
// from the app, because with pnpm only the app's own node_modules can resolve them.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { REACT_ROUTER_SURFACE } from './react-router-surface.mjs';
import { REACT_QUERY_SURFACE } from './react-query-surface.mjs';
import { ChunkPackagesPlugin } from './chunk-packages.mjs';
import { PrecompressPlugin } from './precompress.mjs';
import { ScreenSharesPlugin } from './screen-shares.mjs';
import { FEDERATION_GLOBALS } from './federation-globals.mjs';
import { LOCALES } from '../src/i18n/locales.mjs';

const sharedPkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
/** The one app list (name, folder, port, label), which routes.ts, the scripts, e2e and the benches read too. */
const APPS = JSON.parse(readFileSync(new URL('../src/apps.json', import.meta.url), 'utf8'));

/**
 * What the shell loads to start the federation runtime: its packages, the shell's code that starts
 * it and registers the provided modules, and the map of those modules (a lazy require.context).
 */
const FEDERATION_START =
  /[\\/](@module-federation[\\/]|shell[\\/]src[\\/]federation[\\/](runtime|runtimeChunk|provided|providedKey|yielding)\.ts$|shared[\\/]build[\\/]federation-globals\.mjs$|shared[\\/]src\|lazy\|)/;

/** TanStack Query, the page's QueryClient (shared/src/query/) and the shell's surface of it for remotes (federation/reactQuery.ts). */
const QUERY_START =
  /[\\/](node_modules[\\/]@tanstack[\\/](query-core|react-query)[\\/]|shared[\\/]src[\\/]query[\\/]|shell[\\/]src[\\/]federation[\\/]reactQuery\.ts$)/;

/**
 * Top-level platform files kept in a chunk apart from platform-core (file → chunk): those the
 * catalog's screens do not import (pricing, plans, countries; function calls with their streaming
 * reader; invoice numbers; the fee example; the statuses with the generated enums they read), and
 * money, the only one the shell's own pages (about, pricing…) use. The catalog's first screen then
 * downloads only what it runs (errors, publicRest).
 */
const OWN_CHUNK_FILES = new Map([
  ['pricing', 'pricing'],
  ['plans', 'plans'],
  ['countries', 'countries'],
  ['money', 'money'],
  ['functions', 'functions'],
  ['streamingFetch', 'functions'],
  ['invoiceNumber', 'invoiceNumber'],
  ['saleExample', 'saleExample'],
  ['statuses', 'statuses'],
  ['database', 'statuses'],
]);

/** Files of a folder kept apart from the folder's chunk: the yardage tables (the pattern page's calculator, not the catalog's list). */
const OWN_CHUNK_FOLDER_FILES = new Set(['catalog/yardage']);

/**
 * The shell's chunk for a platform module: its folder's (`platform-catalog`), else, for a top-level
 * file, `platform-core`: the small ones every remote screen starts with (errors, publicRest…)
 * together, a request each cost a phone a round trip; OWN_CHUNK_FILES apart.
 * `-schemas` for modules that declare zod schemas.
 */
function platformChunkName(module) {
  const resource = String(module.resource ?? '');
  const [, folder, file] = /[\\/]shared[\\/]src[\\/](?:([\w-]+)[\\/])?([\w-]+)/.exec(resource) ?? [];
  const group = folder ? (OWN_CHUNK_FOLDER_FILES.has(`${folder}/${file}`) ? `${folder}-${file}` : folder) : ((file && OWN_CHUNK_FILES.get(file)) ?? 'core');
  return `platform-${group}${declaresSchemas(resource) ? '-schemas' : ''}`;
}

/**
 * The files of the UI primitives (what shared/src/ui/index.ts re-exports and what those import
 * from ui/, CSS modules included): the shell provides them as one chunk. Read from index.ts so
 * a heavier component kept in ui/ but not exported there (ReviewQueue) stays out of it.
 */
const UI_DIR = fileURLToPath(new URL('../src/ui/', import.meta.url));
const UI_PRIMITIVES = new Set();
(function collect(file) {
  if (UI_PRIMITIVES.has(file) || !existsSync(file)) return;
  UI_PRIMITIVES.add(file);
  if (file.endsWith('.css')) return;
  for (const [, relative] of readFileSync(file, 'utf8').matchAll(/(?:from|import) '\.\/([\w.]+)'/g)) collect(join(UI_DIR, relative));
})(join(UI_DIR, 'index.ts'));

/** Whether a platform source file imports zod (its chunk then carries zod's core with it). */
const schemaFiles = new Map();
function declaresSchemas(file) {
  if (!/\.tsx?$/.test(file)) return false;
  if (!schemaFiles.has(file)) schemaFiles.set(file, /from '(zod(\/[\w]+)?|(\.\.?\/)+zod\.ts)'/.test(readFileSync(file, 'utf8')));
  return schemaFiles.get(file);
}

/**
 * @typedef {object} AppConfigOptions
 * @property {any} rspack                    `rspack` from '@rspack/core'
 * @property {any} ModuleFederationPlugin    from '@module-federation/enhanced/rspack'
 * @property {string} dir                    the app folder (import.meta.dirname)
 * @property {string} [name]                 MF container name ('shell', 'mf_auth'…); default: the app list's entry for `dir`
 * @property {number} [port]                 dev-server port (`rspack serve`); default: the app list's
 * @property {Record<string, string>} [exposes]  remotes only
 * @property {'federated' | 'standalone'} [target] remotes: only the federated build, or only the standalone page
 *           (default: both in a production build; one dev config for `rspack serve`)
 */

/** Module Federation `shared`: one copy of each of these per page, whoever loads first. */
export function sharedModules(dir) {
  const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  const deps = pkg.dependencies ?? {};
  const singleton = (version) => ({ singleton: true, requiredVersion: version });
  const platform = { singleton: true, requiredVersion: false, version: sharedPkg.version };
  return {
    react: singleton(deps.react),
    'react/jsx-runtime': singleton(deps.react),
    'react-dom': singleton(deps['react-dom']),
    'react-dom/client': singleton(deps['react-dom']),
    'react-router': singleton(deps['react-router']),
    '@supabase/supabase-js': singleton(sharedPkg.dependencies['@supabase/supabase-js']),
    // One QueryClient context and cache per page (shared/src/query/client.ts), one form library.
    '@tanstack/react-query': singleton(deps['@tanstack/react-query']),
    'react-hook-form': singleton(deps['react-hook-form']),
    // One i18n runtime and one I18nProvider context per page (shared/src/i18n/).
    '@lingui/core': singleton(deps['@lingui/core']),
    '@lingui/react': singleton(deps['@lingui/react']),
    // The platform package holds the page's config, Supabase client and session:
    // the index and every subpath are singletons.
    '@stitchhouse/shared': platform,
    '@stitchhouse/shared/': platform,
  };
}

/**
 * Browsers the bundles are written for (baseline 2023: ES2022 classes, optional
 * chaining, top-level await): SWC emits no down-levelling helpers for them.
 */
export const BROWSER_TARGETS = ['chrome >= 111', 'edge >= 111', 'firefox >= 111', 'safari >= 16.4'];

/** The singletons' versions, compiled into the shell, which provides them to remotes at runtime. */
export function sharedVersions(dir) {
  return Object.fromEntries(
    Object.entries(sharedModules(dir)).map(([key, config]) => [key, { version: config.version ?? String(config.requiredVersion), singleton: true }]),
  );
}

/** Every `import { … } from 'react-router'` (or `from '<module>'`) name in an app's sources (tests excluded). */
export function reactRouterImports(srcDir, module = 'react-router') {
  const from = new RegExp(String.raw`import\s+(type\s+)?\{([^}]*)\}\s*from\s*['"]` + module.replace(/[/.]/g, '\\$&') + `['"]`, 'g');
  const names = new Map();
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.[cm]?[jt]sx?$/.test(entry.name) && !/\.test\.[jt]sx?$/.test(entry.name)) {
        for (const match of readFileSync(path, 'utf8').matchAll(from)) {
          if (match[1]) continue; // `import type { … }`: nothing at run time
          for (const part of match[2].split(',')) {
            const name = part
              .trim()
              .replace(/^type\s+/, '')
              .split(/\s+as\s+/)[0]
              ?.trim();
            // Types vanish at build time; only runtime names must be provided.
            if (name && !part.trim().startsWith('type ') && !/^[A-Z]\w*(Object|Props|Function|Args)$/.test(name)) names.set(name, path);
          }
        }
      }
    }
  };
  walk(srcDir);
  return names;
}

/** A remote may only use the react-router surface the shell provides (react-router-surface.mjs). */
export function assertReactRouterSurface(dir) {
  const outside = [...reactRouterImports(join(dir, 'src'))].filter(([name]) => !REACT_ROUTER_SURFACE.includes(name));
  if (outside.length) {
    throw new Error(
      `This remote imports react-router names the shell does not provide: ${outside.map(([n, f]) => `${n} (${f})`).join(', ')}. ` +
        'Add them to shared/build/react-router-surface.mjs and shell/src/federation/reactRouter.ts, and redeploy the shell first.',
    );
  }
}

/** A remote may only use the TanStack Query surface the shell provides (react-query-surface.mjs). */
export function assertReactQuerySurface(dir) {
  const outside = [...reactRouterImports(join(dir, 'src'), '@tanstack/react-query')].filter(([name]) => !REACT_QUERY_SURFACE.includes(name));
  if (outside.length) {
    throw new Error(
      `This remote imports @tanstack/react-query names the shell does not provide: ${outside.map(([n, f]) => `${n} (${f})`).join(', ')}. ` +
        'Add them to shared/build/react-query-surface.mjs and shell/src/federation/reactQuery.ts, and redeploy the shell first.',
    );
  }
}

/**
 * One app's rspack configuration, or for a remote's production build two: the
 * federated build (remoteEntry.js + exposes, using the shell's federation runtime)
 * and the standalone page (index.html + standalone/…, a plain SPA).
 * @param {AppConfigOptions} options
 */
export function appConfig(options) {
  const app = APPS.find((entry) => entry.folder === basename(options.dir));
  if (!app && (!options.name || !options.port)) throw new Error(`${options.dir} is not in shared/src/apps.json: add the app there`);
  options = { name: app?.name, port: app?.port, ...options };
  const { name } = options;
  const serving = process.argv.includes('serve');
  if (name === 'shell') return buildConfig({ ...options, kind: 'shell' });
  assertReactRouterSurface(options.dir);
  assertReactQuerySurface(options.dir);
  if (options.target) return buildConfig({ ...options, kind: options.target });
  // `rspack serve`: one page that is both the dev remote and the standalone page.
  if (serving) return buildConfig({ ...options, kind: 'dev-remote' });
  return [buildConfig({ ...options, kind: 'federated' }), buildConfig({ ...options, kind: 'standalone' })];
}

/** @param {AppConfigOptions & { kind: 'shell' | 'federated' | 'standalone' | 'dev-remote' }} options */
function buildConfig({ rspack, ModuleFederationPlugin, dir, name, port, exposes, kind }) {
  const production = process.env.NODE_ENV !== 'development' && !process.argv.includes('development');
  const federated = kind === 'federated' || kind === 'dev-remote';
  const withPage = kind !== 'federated';
  const assets = kind === 'standalone' ? 'standalone/' : '';
  return {
    name: `${name}:${kind}`,
    ...(kind === 'standalone' ? { dependencies: [`${name}:federated`] } : {}),
    context: dir,
    mode: production ? 'production' : 'development',
    devtool: production ? false : 'cheap-module-source-map',
    target: ['web', 'es2022'],
    // The federated build has no page of its own: its entry is remoteEntry.js.
    entry: kind === 'federated' ? {} : { main: './src/index.ts' },
    output: {
      path: join(dir, 'dist'),
      // The shell and the standalone page use absolute paths (deep links); the
      // federated build resolves its chunks from wherever its manifest was fetched.
      publicPath: federated && kind !== 'dev-remote' ? 'auto' : '/',
      uniqueName: kind === 'standalone' ? `${name}_standalone` : name,
      // Both builds of a remote write into dist/: each keeps the other's files.
      // The standalone build runs after the federated one (`dependencies`), so no clean races.
      clean: kind === 'federated' ? { keep: (path) => /(^|[\\/])(standalone([\\/]|$)|index\.html$)/.test(path) } : kind === 'standalone' ? false : true,
      filename: `${assets}[name].[contenthash:8].js`,
      chunkFilename: `${assets}[name].[contenthash:8].js`,
      cssFilename: `${assets}[name].[contenthash:8].css`,
      cssChunkFilename: `${assets}[name].[contenthash:8].css`,
    },
    resolve: {
      extensions: ['.ts', '.tsx', '.js', '.jsx', '.mjs'],
      // The federation plugin writes the remote's container glue as require() calls, which picked
      // the CommonJS builds of @module-federation/sdk and error-codes: whole, not tree-shaken.
      // Preferring a package's ESM build for require() too makes remoteEntry.js 16.6 → 11.8 KB gzip.
      ...(kind === 'federated' ? { byDependency: { commonjs: { conditionNames: ['import', 'module', 'browser', 'require', 'default'] } } } : {}),
    },
    // …and the federation packages the shell already loaded come from the shell (federation-globals.mjs).
    ...(kind === 'federated'
      ? { externals: Object.fromEntries(Object.entries(FEDERATION_GLOBALS).map(([name, global]) => [name, `globalThis.${global}`])) }
      : {}),
    // The shell's lazy chunks (one per platform file it provides) would each inline the small
    // platform modules they share (units.ts, pricing.ts): a page loading two of them got the
    // module twice. Shared ones get their own chunk, however small. The UI primitives, which
    // every remote screen uses together, are one chunk (and one stylesheet) rather than ~27
    // tiny ones: on a phone each request costs a round trip.
    ...(kind === 'shell'
      ? {
          // One stylesheet for the primitives merges CSS modules imported in different orders
          // by different screens; each module's classes are scoped, so their order is moot.
          ignoreWarnings: [{ message: /Conflicting order between .*shared[\\/]src[\\/]ui[\\/]/ }],
          optimization: {
            splitChunks: {
              cacheGroups: {
                // The federation runtime's packages and the shell's code that starts it load together,
                // only when a remote is needed: one file, not a vendor chunk and a 2.5 KB one.
                federation: {
                  test: (module) => FEDERATION_START.test(String(module.resource ?? module.identifier())),
                  chunks: 'async',
                  name: 'federation',
                  priority: 20,
                  enforce: true,
                },
                platformUi: {
                  test: (module) => UI_PRIMITIVES.has(String(module.resource ?? '')),
                  chunks: 'async',
                  name: 'platform-ui',
                  priority: 10,
                  enforce: true,
                },
                // TanStack Query, the page's client (shared/src/query/) and the surface provided to remotes load
                // together with the first remote screen: one file, not the four pieces the two lazy imports split it into.
                query: { test: QUERY_START, chunks: 'async', name: 'query', priority: 15, enforce: true },
                // One chunk per platform folder (currency, catalog, cart…), one for the small top-level
                // files (platformChunkName): a screen's platform files arrive in a few requests, not
                // thirty. A folder's modules that declare zod schemas get a chunk of their own
                // (platform-catalog-schemas), so a page needing only the folder's labels or constants
                // (home) does not download zod.
                platform: { test: /[\\/]shared[\\/]src[\\/]/, chunks: 'async', minChunks: 2, minSize: 0, reuseExistingChunk: true, name: platformChunkName },
                // A folder's index.ts only re-exports the folder: provided on its own, it was a chunk
                // of a few hundred bytes (a request) next to the folder's.
                platformIndexes: {
                  test: /[\\/]shared[\\/]src[\\/](?:[\w-]+[\\/])?index\.ts$/,
                  chunks: 'async',
                  minChunks: 1,
                  minSize: 0,
                  name: platformChunkName,
                  enforce: true,
                },
              },
            },
          },
        }
      : {}),
    module: {
      rules: [
        {
          test: /\.[cm]?[jt]sx?$/,
          exclude: /node_modules/,
          loader: 'builtin:swc-loader',
          type: 'javascript/auto',
          options: {
            env: { targets: BROWSER_TARGETS },
            jsc: {
              parser: { syntax: 'typescript', tsx: true },
              transform: { react: { runtime: 'automatic', development: !production } },
            },
          },
        },
        // The platform package's modules only declare things (no import-time effects
        // besides their CSS), so re-exports nobody uses are dropped from bundles. Two exceptions:
        // zodNoEval.ts, imported for its effect (zod's config) by every module with schemas, and i18n/catalog.ts.
        { test: /[\\/]shared[\\/]src[\\/].*\.tsx?$/, sideEffects: false },
        { test: /[\\/]shared[\\/]src[\\/]zodNoEval\.ts$/, sideEffects: true },
        // i18n/catalog.ts registers shared's messages with the runtime (and points the formatters at it);
        // i18n/index.ts imports it for that effect, so index.ts is not side-effect free either (else a
        // page that imports only names from index.ts, as the shell's bootstrap does, never registers shared's catalog).
        { test: /[\\/]shared[\\/]src[\\/]i18n[\\/](?:catalog|index)\.ts$/, sideEffects: true },
        // form/messages.ts registers shared's form words, imported for that by the modules that show them.
        { test: /[\\/]shared[\\/]src[\\/]form[\\/]messages\.ts$/, sideEffects: true },
        // Rspack's built-in CSS: *.module.css are CSS Modules (named exports), the rest global.
        { test: /\.css$/, type: 'css/auto' },
      ],
    },
    devServer: { port, historyApiFallback: true, headers: { 'Access-Control-Allow-Origin': '*' } },
    performance: false,
    // `STITCHHOUSE_STATS=1 rspack build --json f.json`: per-chunk module lists for bundle work.
    ...(process.env.STITCHHOUSE_STATS
      ? {
          stats: {
            all: false,
            assets: true,
            chunks: true,
            chunkModules: true,
            nestedModules: true,
            chunkModulesSpace: 10000,
            nestedModulesSpace: 10000,
            dependentModules: true,
            modules: false,
          },
        }
      : {}),
    plugins: [
      withPage ? new rspack.HtmlRspackPlugin({ template: './index.html' }) : null,
      // /favicon.ico exists (browsers and crawlers ask for it whatever the page's <link rel=icon> says).
      kind === 'shell' ? new rspack.CopyRspackPlugin({ patterns: [{ from: 'public' }] }) : null,
      // Which packages each emitted JS file carries (bench/phone: per-route packages, duplicates).
      production ? new ChunkPackagesPlugin({ file: `${assets}chunk-packages.json` }) : null,
      // Each exposed screen's share keys, for the shell server's preload hints (scripts/route-hints.mjs).
      kind === 'federated' ? new ScreenSharesPlugin() : null,
      // .br/.gz next to every text asset, served by Accept-Encoding (scripts/serve-apps.mjs).
      production ? new PrecompressPlugin() : null,
      // The shell is a plain bundle (react-router tree-shaken, no federation runtime
      // before first paint); it starts the runtime itself when a remote is needed and
      // provides its singletons (shell/src/federation/). It needs their versions.
      kind === 'shell' ? new rspack.DefinePlugin({ __STITCHHOUSE_SHARED__: JSON.stringify(sharedVersions(dir)) }) : null,
      // Nearly every function of the shell's main.js runs on load (React DOM, the router, the frame):
      // V8's explicit compile hint compiles them all while the file streams in, off the main thread,
      // instead of one by one on first call on it (a throttled phone's longest tasks; bench/phone).
      // Added after minification, which would drop the comment; it must be the file's first line.
      // JavaScript only: in main.css the line would swallow the first rule.
      kind === 'shell' && production
        ? new rspack.BannerPlugin({
            banner: '//# allFunctionsCalledOnLoad',
            raw: true,
            entryOnly: true,
            test: /\.js$/,
            stage: rspack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE + 1,
          })
        : null,
      federated
        ? new ModuleFederationPlugin({
            name,
            dts: false,
            // 'version-first' (the default) would make every remote fetch its peers'
            // entries; all apps pin the same versions, so the shell's copies win.
            shareStrategy: 'loaded-first',
            filename: 'remoteEntry.js',
            // beside the screens, the remote's message catalog, one module per language: the shell loads the
            // page's language with a screen, and another on a switch (shell/src/federation/loadScreen.ts).
            // './messages' (English with the catalog's loader) is what shells before that one load.
            exposes: {
              ...exposes,
              './messages': './src/messages.ts',
              ...Object.fromEntries(LOCALES.map((locale) => [`./messages/${locale}`, `./src/locales/${locale}.json`])),
            },
            shared: sharedModules(dir),
            // The federation runtime core comes from the shell (globalThis._FEDERATION_RUNTIME_CORE):
            // remoteEntry.js halves. The dev page has no shell, so it keeps its own.
            experiments: {
              ...(kind === 'federated' ? { externalRuntime: true } : {}),
              optimization: { disableSnapshot: true, target: 'web' },
            },
          })
        : null,
    ].filter(Boolean),
  };
}
