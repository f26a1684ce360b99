#!/usr/bin/env node
// Releases one front-end app (the shell or one remote) for any static host or CDN: builds it,
// copies its build into a versioned folder with brotli/gzip siblings, and writes the cache
// headers to set (`_headers`, Netlify / Cloudflare Pages syntax; the same rules as
// scripts/serve-apps.mjs and the README's table).
//   node scripts/release.mjs <app> [--out releases] [--no-build]      (--out defaults to $RELEASES_DIR or releases/)
//     SUPABASE_URL, REMOTES_FILE: the backend and remotes.json the release is served with, for the
//     pages' Content-Security-Policy in `_headers` (scripts/csp.mjs); unset = the local servers
//     <app>: folder or MF name from shared/src/apps.json (shell, mf-auth, mf-catalog, …)
//   → releases/<folder>/<version>/   version = <UTC date>-<content hash> (printed)
//     releases/<folder>/_headers     every version's rules under /<version>/ (one origin for all versions)
//   import { releaseApp } from './release.mjs'   (tests: a rebuilt copy of a remote via `dist`)
// A remote's release is switched on (or rolled back) by pointing its entry in the shell's
// remotes.json at <base URL>/<version>/mf-manifest.json: nothing else changes.
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import APPS from '../shared/src/apps.json' with { type: 'json' };
import { COMPRESSIBLE, precompressFile } from '../shared/build/precompress.mjs';
import { securityHeaders } from './csp.mjs';
import { remoteMapOrNull } from './route-hints.mjs';
import { APP_PORTS, cacheControl } from './serve-apps.mjs';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));

/** Per-environment files the serving side writes next to the shell: never part of a release. */
const PER_ENVIRONMENT = new Set(['env.json', 'remotes.json']);
/** The host's rule files a release carries. */
const HOST_FILES = new Set(['_headers', '_redirects']);
/** Build by-products that no browser asks for (bench inputs). */
const NOT_SERVED = new Set(['chunk-packages.json']);

export class UnknownAppError extends Error {}

/** The app list entry for a folder or MF name; a clear error listing the apps otherwise. */
export function findApp(nameOrFolder) {
  const app = APPS.find((a) => a.folder === nameOrFolder || a.name === nameOrFolder);
  if (!app) {
    const known = APPS.map((a) => `  ${a.folder.padEnd(12)} ${a.label}`).join('\n');
    throw new UnknownAppError(`Unknown app "${nameOrFolder ?? ''}". Release one of these (shared/src/apps.json):\n${known}`);
  }
  return app;
}

function isReleased(relPath) {
  const base = relPath.split('/').pop() ?? '';
  const original = base.replace(/\.(br|gz)$/, '');
  return !(relPath === original ? PER_ENVIRONMENT.has(base) || NOT_SERVED.has(base) : PER_ENVIRONMENT.has(original) || NOT_SERVED.has(original));
}

/** Files of a folder, as '/'-separated paths relative to it, sorted. */
export function listFiles(dir) {
  const out = [];
  const walk = (d) => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const path = join(d, entry.name);
      if (entry.isDirectory()) walk(path);
      else out.push(relative(dir, path).split(sep).join('/'));
    }
  };
  walk(dir);
  return out.sort();
}

/** Content hash of a build (every served file except the precompressed copies): same build, same hash. */
export function contentHash(dir, files = listFiles(dir)) {
  const hash = createHash('sha256');
  for (const file of files.filter((f) => !/\.(br|gz)$/.test(f)))
    hash
      .update(`${file}\0`)
      .update(readFileSync(join(dir, file)))
      .update('\0');
  return hash.digest('hex').slice(0, 12);
}

/**
 * The runtime config the pages' policy is made from (scripts/csp.mjs): the Supabase URL and the
 * remotes.json the release will be served with, from `SUPABASE_URL` and `REMOTES_FILE` as
 * scripts/serve-apps.mjs reads them; without them, the local servers (`npm start`), with a warning.
 * @param {{ supabaseUrl?: string, remotes?: Record<string, string> }} given
 * @returns {{ supabaseUrl: string, remotes: Record<string, string>, local: string[] }}  local: what was not given
 */
export function releaseRuntime(given = {}, env = process.env) {
  const local = [];
  let supabaseUrl = given.supabaseUrl ?? env.SUPABASE_URL;
  if (!supabaseUrl) {
    supabaseUrl = 'http://127.0.0.1:54321';
    local.push('SUPABASE_URL');
  }
  let remotes = given.remotes;
  if (!remotes && env.REMOTES_FILE) {
    remotes = remoteMapOrNull(readFileSync(env.REMOTES_FILE, 'utf8'));
    if (!remotes) throw new Error(`${env.REMOTES_FILE} (REMOTES_FILE) is not a remotes.json: a map of remote names to http(s) manifest URLs`);
  }
  if (!remotes) {
    const host = env.HOST ?? '127.0.0.1';
    remotes = Object.fromEntries(APPS.filter((a) => a.name !== 'shell').map((a) => [a.name, `http://${host}:${APP_PORTS[a.name]}/mf-manifest.json`]));
    local.push('REMOTES_FILE');
  }
  return { supabaseUrl, remotes, local };
}

/**
 * `_headers` rules for one release: one rule per served file (no overlapping patterns, so no
 * host has to merge two Cache-Control values), plus CORS for a remote's files (the shell
 * fetches them from another origin), and the pages' security headers (scripts/csp.mjs) for
 * every file when `runtime` is given.
 * @param {string[]} files  paths relative to the release folder
 * @param {{ remote: boolean, prefix?: string, runtime?: { supabaseUrl: string, remotes: Record<string, string> } }} options
 *   prefix: the URL path the folder is served under ('' = site root)
 */
export function headersFile(files, { remote, prefix = '', runtime }) {
  const lines = [`${prefix}/*`, '  X-Content-Type-Options: nosniff'];
  if (remote) lines.push('  Access-Control-Allow-Origin: *');
  if (runtime) for (const [name, value] of Object.entries(securityHeaders(runtime))) lines.push(`  ${name}: ${value}`);
  lines.push('');
  for (const file of files.filter((f) => !/\.(br|gz)$/.test(f))) lines.push(`${prefix}/${file}`, `  Cache-Control: ${cacheControl(file)}`, '');
  return lines.join('\n');
}

function log(quiet, message) {
  if (!quiet) console.log(message);
}

/** Builds one app through scripts/build-apps.mjs, printing elapsed time while it runs. */
async function build(folder, quiet) {
  const { buildApps } = await import('./build-apps.mjs');
  const started = Date.now();
  const ticker = quiet ? null : setInterval(() => log(quiet, `  … still building ${folder} (${Math.round((Date.now() - started) / 1000)} s)`), 10_000);
  try {
    await buildApps({ folders: [folder], quiet });
  } finally {
    if (ticker) clearInterval(ticker);
  }
}

/**
 * Releases one app.
 * @param {object} options
 * @param {string} options.app        folder or MF name
 * @param {string} [options.outDir]   releases root (default $RELEASES_DIR, else <repo>/releases)
 * @param {string} [options.dist]     the build to release (default <folder>/dist, e.g. a rebuilt copy in a test)
 * @param {boolean} [options.build]   build first (default true; false releases `dist` as it is)
 * @param {Date} [options.date]
 * @param {boolean} [options.quiet]
 * @param {string} [options.supabaseUrl]      the backend the release is served with (default $SUPABASE_URL)
 * @param {Record<string, string>} [options.remotes]  the remotes.json it is served with (default $REMOTES_FILE's)
 * @returns {Promise<{ app: string, folder: string, version: string, dir: string, files: number, bytes: number, compressedBytes: number }>}
 */
export async function releaseApp({
  app: requested,
  outDir = process.env.RELEASES_DIR || join(root, 'releases'),
  dist,
  build: shouldBuild = true,
  date = new Date(),
  quiet = false,
  supabaseUrl,
  remotes,
}) {
  const app = findApp(requested);
  const { local, ...runtime } = releaseRuntime({ supabaseUrl, remotes });
  const source = resolve(dist ?? join(root, app.folder, 'dist'));
  const remote = app.name !== 'shell';
  if (shouldBuild) await build(app.folder, quiet);
  const entry = remote ? 'mf-manifest.json' : 'index.html';
  if (!existsSync(join(source, entry))) throw new Error(`${source} has no ${entry}: build ${app.folder} first (node scripts/build-apps.mjs ${app.folder})`);

  const files = listFiles(source).filter(isReleased);
  const version = `${date.toISOString().slice(0, 10).replaceAll('-', '')}-${contentHash(source, files)}`;
  const dir = join(resolve(outDir), app.folder, version);
  log(quiet, `releasing ${app.folder} ${version}: copying ${files.filter((f) => !/\.(br|gz)$/.test(f)).length} files…`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  for (const file of files) cpSync(join(source, file), join(dir, file));

  // The build precompresses already (its .br/.gz were copied); compress what lacks them.
  const missing = files.filter((f) => COMPRESSIBLE.test(f) && !files.includes(`${f}.br`) && !files.includes(`${f}.gz`));
  log(quiet, `  precompressing ${missing.length} file(s) the build left uncompressed (brotli 11, gzip 9)…`);
  for (let i = 0; i < missing.length; i += 4) await Promise.all(missing.slice(i, i + 4).map((f) => precompressFile(join(dir, f))));

  const released = listFiles(dir);
  if (local.length > 0) {
    log(quiet, `  the pages' Content-Security-Policy names the local servers: set ${local.join(' and ')} to the environment this release is served in`);
  }
  writeFileSync(join(dir, '_headers'), headersFile(released, { remote, runtime }));
  if (!remote) writeFileSync(join(dir, '_redirects'), '# Single-page app: every address without a file renders the shell.\n/*    /index.html   200\n');
  writeAppHeaders(join(resolve(outDir), app.folder), remote, runtime);

  const plain = released.filter((f) => !/\.(br|gz)$/.test(f) && !HOST_FILES.has(f));
  const bytes = plain.reduce((sum, f) => sum + statSync(join(dir, f)).size, 0);
  const compressedBytes = plain.reduce((sum, f) => sum + statSync(join(dir, existsSync(join(dir, `${f}.br`)) ? `${f}.br` : f)).size, 0);
  log(quiet, `  ${plain.length} files, ${(bytes / 1024).toFixed(1)} KB (${(compressedBytes / 1024).toFixed(1)} KB brotli)`);
  log(quiet, `released ${app.folder} ${version}\n  ${dir}`);
  if (remote) log(quiet, `  switch it on: remotes.json → "${app.name}": "<where you host ${app.folder}>/${version}/mf-manifest.json"`);
  else log(quiet, '  host this folder as the site root, with remotes.json and env.json for the environment beside index.html');
  return { app: app.name, folder: app.folder, version, dir, files: plain.length, bytes, compressedBytes };
}

/** releases/<folder>/_headers: every version's rules, for hosting all versions of an app on one origin. */
function writeAppHeaders(appDir, remote, runtime) {
  const versions = readdirSync(appDir, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
  const body = versions
    .map((v) =>
      headersFile(
        listFiles(join(appDir, v)).filter((f) => !HOST_FILES.has(f)),
        { remote, prefix: `/${v}`, runtime },
      ),
    )
    .join('\n');
  writeFileSync(join(appDir, '_headers'), body);
}

function parseArgs(argv) {
  const options = { build: true };
  const positional = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--no-build') options.build = false;
    else if (arg === '--out') options.outDir = argv[++i];
    else if (arg.startsWith('--out=')) options.outDir = arg.slice('--out='.length);
    else if (arg.startsWith('-')) throw new UnknownAppError(`Unknown option ${arg}. Usage: node scripts/release.mjs <app> [--out <dir>] [--no-build]`);
    else positional.push(arg);
  }
  if (positional.length !== 1) findApp(positional.length ? positional.join(' ') : undefined);
  return { ...options, app: positional[0] };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    await releaseApp(parseArgs(process.argv.slice(2)));
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(error instanceof UnknownAppError ? 2 : 1);
  }
}
