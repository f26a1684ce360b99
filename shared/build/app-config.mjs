// @ts-check
// The rspack configuration every app of the front end uses (shell and the five
// remotes). It lives in `shared` and receives rspack and the Module Federation plugin
// from the app, because with pnpm only the app's own node_modules can resolve them.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const sharedPkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));

/**
 * @typedef {object} AppConfigOptions
 * @property {any} rspack                    `rspack` from '@rspack/core'
 * @property {any} ModuleFederationPlugin    from '@module-federation/enhanced/rspack'
 * @property {string} dir                    the app folder (import.meta.dirname)
 * @property {string} name                   MF container name: 'shell' or 'mf_auth'…
 * @property {number} port                   dev-server port (`rspack serve`)
 * @property {Record<string, string>} [exposes]  remotes only
 * @property {'federated' | 'standalone'} [target] remotes: the federated build, or the standalone page
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
    // The platform package holds the page's config, Supabase client and session:
    // the index and every subpath are singletons.
    '@stitchhouse/shared': platform,
    '@stitchhouse/shared/': platform,
  };
}

/** @param {AppConfigOptions} options */
export function appConfig({ rspack, ModuleFederationPlugin, dir, name, port, exposes, target = 'federated' }) {
  const isShell = name === 'shell';
  const standalone = target === 'standalone';
  const production = process.env.NODE_ENV !== 'development' && !process.argv.includes('development');
  return {
    context: dir,
    mode: production ? 'production' : 'development',
    devtool: production ? false : 'cheap-module-source-map',
    entry: { main: './src/index.ts' },
    output: {
      path: standalone ? join(dir, 'dist', 'standalone') : join(dir, 'dist'),
      // The shell must use an absolute path (deep links); remotes resolve assets from
      // wherever their manifest was fetched.
      publicPath: isShell ? '/' : standalone ? '/standalone/' : 'auto',
      uniqueName: standalone ? `${name}_standalone` : name,
      clean: true,
      filename: '[name].[contenthash:8].js',
      chunkFilename: '[name].[contenthash:8].js',
      cssFilename: '[name].[contenthash:8].css',
      cssChunkFilename: '[name].[contenthash:8].css',
    },
    resolve: { extensions: ['.ts', '.tsx', '.js', '.jsx', '.mjs'] },
    module: {
      rules: [
        {
          test: /\.[cm]?[jt]sx?$/,
          exclude: /node_modules/,
          loader: 'builtin:swc-loader',
          type: 'javascript/auto',
          options: {
            jsc: {
              parser: { syntax: 'typescript', tsx: true },
              transform: { react: { runtime: 'automatic', development: !production } },
            },
          },
        },
        // Rspack's built-in CSS: *.module.css are CSS Modules (named exports), the rest global.
        { test: /\.css$/, type: 'css/auto' },
      ],
    },
    devServer: { port, historyApiFallback: true, headers: { 'Access-Control-Allow-Origin': '*' } },
    performance: false,
    plugins: [
      new rspack.HtmlRspackPlugin({ template: './index.html' }),
      new ModuleFederationPlugin({
        name: standalone ? `${name}_standalone` : name,
        dts: false,
        // 'version-first' (the default) fetches every remote's entry at start to compare
        // versions: five extra ~35 KB files on the first paint of `/`. All apps pin the
        // same versions, so whoever loaded a singleton first provides it.
        shareStrategy: 'loaded-first',
        ...(isShell ? { remotes: {} } : standalone ? {} : { filename: 'remoteEntry.js', exposes }),
        shared: sharedModules(dir),
      }),
    ].filter(Boolean),
  };
}
