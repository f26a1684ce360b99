#!/usr/bin/env node
// Serves the built shell and the five remotes, each on its own origin (files through sirv:
// the build's precompressed .br/.gz siblings by Accept-Encoding, with Vary), and writes the
// per-environment files the shell reads at start: remotes.json (remote → manifest
// URL) and env.json (Supabase URL, anon key, deployment id).
//   node scripts/serve-apps.mjs            ports 3000–3005, SUPABASE_URL / SUPABASE_ANON_KEY from the environment
//   import { serveApps } from './serve-apps.mjs'   (tests: ports 0, stop())
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { brotliCompressSync, constants as zlib, createBrotliCompress, createGzip, gzipSync } from 'node:zlib';
import { extname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import sirv from 'sirv';
import { securityHeaders } from './csp.mjs';
import { createShellPage, matchRoute, remoteMapOrNull } from './route-hints.mjs';
import Negotiator from 'negotiator';
import { brandIn, headFor, renderHead, withLanguageVersions, withPageHead } from './page-head.mjs';
import { negotiateLocale } from '../shared/src/i18n/locales.mjs';
import { pageFacts } from './page-facts.mjs';
import { OG_CACHE_CONTROL, ogImages } from './og-image.mjs';
import { robotsTxt, sitemaps } from './sitemap.mjs';
import { fileWhenChanged, whenFilesChange } from './when-changed.mjs';
import APPS from '../shared/src/apps.json' with { type: 'json' };

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));

// By MF name, from the one app list (shared/src/apps.json).
export const APP_PORTS = Object.fromEntries(APPS.map((app) => [app.name, app.port]));
export const APP_FOLDERS = Object.fromEntries(APPS.map((app) => [app.name, app.folder]));

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};

// Files that change on every deploy under the same name: always revalidate.
const NO_CACHE = new Set(['remotes.json', 'env.json', 'mf-manifest.json', 'mf-stats.json', 'index.html', 'remoteEntry.js']);
const HASHED = /\.[0-9a-f]{8}\.(js|css|mjs)$/;

/** The Cache-Control of a served file (also written to a release's `_headers` by scripts/release.mjs). */
export function cacheControl(path) {
  const base = path.split('/').pop() ?? '';
  if (!extname(base)) return 'no-cache'; // SPA fallback: index.html
  if (NO_CACHE.has(base)) return 'no-cache';
  if (HASHED.test(base)) return 'public, max-age=31536000, immutable';
  return 'no-cache';
}

/**
 * A deployment id that changes whenever any app is rebuilt (hash of the manifests and the shell
 * page) or remotes.json points elsewhere (a remote's release switched on or rolled back).
 */
export function computeDeploymentId(dirs, remotesJson = '') {
  const hash = createHash('sha256');
  if (remotesJson) hash.update(`remotes.json\0${remotesJson}`);
  for (const [name, path] of deploymentFiles(dirs)) {
    if (existsSync(path)) hash.update(`${name}\0`).update(readFileSync(path));
  }
  return hash.digest('hex').slice(0, 16);
}

/** The files whose bytes make the deployment id, as [app/file, path]. */
function deploymentFiles(dirs) {
  return Object.entries(dirs)
    .sort()
    .flatMap(([name, dir]) => ['index.html', 'mf-manifest.json'].map((file) => [`${name}/${file}`, join(dir, file)]));
}

/**
 * Whether a page address matches a route of the contract (route-hints' `matchRoute`, the page's
 * server's own rule). The shell's build writes the contract's path patterns to route-paths.json
 * (shell/rspack.config.ts); re-read when rebuilt. Without that file (an older build) every address
 * counts as known.
 */
export function routeMatcher(dir) {
  const routes = fileWhenChanged(join(dir, 'route-paths.json'), (text) => JSON.parse(text).map((path) => ({ path })));
  return (pathname) => {
    const known = routes();
    return !known || matchRoute(known, pathname) !== null;
  };
}

function listen(server, port, host) {
  return new Promise((resolveListen, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolveListen(server.address().port);
    });
  });
}

/**
 * The runtime config the page gets in env.json. The page takes it as is (shared/src/config.ts):
 * what goes in is checked here, once, with the rules of shared/src/configSchema.ts.
 */
function runtimeConfig(options) {
  const config = {
    supabaseUrl: options.supabaseUrl ?? 'http://127.0.0.1:54321',
    supabaseAnonKey: options.supabaseAnonKey || 'anon-key-not-configured',
    deploymentCheckMs: options.deploymentCheckMs ?? 30_000,
    ...(options.imageTransforms === false ? { imageTransforms: false } : {}),
  };
  if (!/^https?:$/.test(new URL(config.supabaseUrl).protocol)) throw new Error(`supabaseUrl must be an http(s) URL, not ${config.supabaseUrl}`);
  if (!Number.isInteger(config.deploymentCheckMs) || config.deploymentCheckMs < 0)
    throw new Error('deploymentCheckMs must be a whole, non-negative number of milliseconds');
  if (options.imageTransforms !== undefined && typeof options.imageTransforms !== 'boolean') throw new Error('imageTransforms must be true or false');
  return config;
}

/**
 * Every response carries the pages' policy (scripts/csp.mjs), made from the runtime config the
 * page gets: the backend's URL and remotes.json as served now (made again only when it changes).
 */
function pagePolicy(supabaseUrl, remotesJson) {
  let policyFor = { remotes: null, headers: null };
  return () => {
    const remotes = remotesJson();
    if (policyFor.remotes !== remotes) {
      const headers = securityHeaders({ supabaseUrl, remotes: remoteMapOrNull(remotes) });
      policyFor = { remotes, headers: Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value])) };
    }
    return policyFor.headers;
  };
}

// The page is small but made per request: compressed here like sirv's precompressed files,
// brotli when the browser accepts it, else gzip.
// The page's language follows ?hl=, the sh_locale cookie and Accept-Language (shared/src/i18n/locales.mjs).
const PAGE_HEADERS = { 'content-type': TYPES['.html'], 'cache-control': 'no-cache', vary: 'Accept-Encoding, Accept-Language, Cookie' };
const BROTLI_PAGE = { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } };

function pageEncoding(req) {
  const accepts = String(req.headers['accept-encoding'] ?? '');
  return /\bbr\b/.test(accepts) ? 'br' : /\bgzip\b/.test(accepts) ? 'gzip' : null;
}

function sendPage(req, res, status, html) {
  const etag = `W/"${createHash('sha256').update(html).digest('base64url').slice(0, 22)}"`;
  const headers = { ...PAGE_HEADERS, etag };
  if (status === 200 && req.headers['if-none-match'] === etag) {
    res.writeHead(304, headers).end();
    return;
  }
  const encoding = pageEncoding(req);
  const body = encoding === 'br' ? brotliCompressSync(html, BROTLI_PAGE) : encoding === 'gzip' ? gzipSync(html) : Buffer.from(html);
  if (encoding) headers['content-encoding'] = encoding;
  headers['content-length'] = body.length;
  res.writeHead(status, headers).end(req.method === 'HEAD' ? undefined : body);
}

// A page whose hints ask the remote and the backend: its first part goes out at once (main.js and
// the stylesheet download during the lookups), compressed with a flush after it. Its body is
// not known when the headers go, so it has no ETag: it carries live reads, so it is made anew.
function streamPage(req, res, status, head, rest) {
  const encoding = pageEncoding(req);
  res.writeHead(status, encoding ? { ...PAGE_HEADERS, 'content-encoding': encoding } : PAGE_HEADERS);
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  const encoder = encoding === 'br' ? createBrotliCompress(BROTLI_PAGE) : encoding === 'gzip' ? createGzip() : null;
  const out = encoder ?? res;
  if (encoder) encoder.pipe(res);
  out.write(head);
  encoder?.flush();
  rest.then((text) => {
    if (res.destroyed) encoder?.destroy();
    else out.end(text);
  });
}

// sirv looks files up per request (`dev`): a remote rebuilt in place is live at once. It
// prefers the build's `.br`, then `.gz` sibling (shared/build/precompress.mjs) when the
// browser accepts it, and falls back to index.html for paths without an extension.
function staticFiles(dir) {
  return sirv(dir, {
    dev: true,
    etag: true,
    single: true,
    brotli: true,
    gzip: true,
    setHeaders(res, pathname) {
      res.setHeader('cache-control', cacheControl(pathname));
      const type = TYPES[extname(pathname) || '.html'];
      if (type) res.setHeader('content-type', type);
    },
    onNoMatch(_req, res) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-cache' }).end('Not found');
    },
  });
}

/** Preflight and methods other than GET/HEAD: answered here; true when answered. */
function answeredMethod(req, res, headers) {
  if (req.method === 'OPTIONS') {
    res.writeHead(204, { ...headers, 'access-control-allow-methods': 'GET, HEAD, OPTIONS', 'access-control-allow-headers': '*' }).end();
    return true;
  }
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { ...headers, allow: 'GET, HEAD, OPTIONS' }).end();
    return true;
  }
  return false;
}

/**
 * The shell's page: open the backend's connections while main.js loads (REST calls are
 * CORS requests, cover images are not: one connection of each kind), and send the page
 * with its route's hints and per-environment files inline (scripts/route-hints.mjs).
 */
async function serveShellPage(req, res, pathname, site) {
  res.setHeader('link', site.preconnect);
  // An address no route of the contract matches: the app still renders its not-found
  // screen, but with status 404 (crawlers and link checkers see the truth).
  let status = extname(pathname) || site.knownRoute(pathname) ? 200 : 404;
  // The page's own head (scripts/page-head.mjs): its status too (an unknown pattern or store is a 404).
  let pageHead;
  const search = new URL(req.url ?? '/', 'http://x').search;
  const locale = negotiateLocale({ search, cookie: String(req.headers.cookie ?? ''), languages: new Negotiator(req).languages() });
  const found = extname(pathname) ? null : await site.pageHeadFor(pathname, search, locale);
  if (found && 'redirect' in found) {
    res.writeHead(301, { location: found.redirect, 'cache-control': 'no-cache' }).end();
    return;
  }
  if (found) {
    status = found.head.status;
    if (!found.head.index) res.setHeader('x-robots-tag', 'noindex');
    if (status === 503) res.setHeader('retry-after', '30');
    const tags = renderHead(found.site, found.head);
    pageHead = (html) => withPageHead(html, tags);
  }
  const inLanguage = (/** @type {string} */ html) => html.replace(/<html lang="[^"]*"/i, `<html lang="${locale}"`);
  let parts;
  try {
    parts = site.shellPage.parts(pathname, search, {
      acceptLanguage: req.headers['accept-language'],
      locale,
      pageHead: (html) => inLanguage(pageHead ? pageHead(html) : html),
    });
  } catch (error) {
    console.error('the shell page could not be prepared', error);
  }
  if (!parts) site.files.shell(req, res);
  else if (typeof parts.rest === 'string') sendPage(req, res, status, parts.head + parts.rest);
  else streamPage(req, res, status, parts.head, parts.rest);
}

function failed(res, error) {
  console.error('the page could not be answered', error);
  if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('Something went wrong');
  else res.destroy();
}

/**
 * What crawlers and link previews ask the shell's origin for besides pages:
 * robots.txt, the sitemap index and its children, and the og:image cards. Returns a function
 * that answers the request (true) or leaves it to the files (false).
 */
function crawlerFiles({ siteUrl, facts, plan, perSitemap }) {
  const maps = sitemaps({ siteUrl, facts, routes: () => plan()?.routes ?? null, perSitemap });
  const cards = ogImages({ facts, brand: (locale) => (plan()?.site ? brandIn(plan().site, locale) : null) });
  return (req, res, pathname) => {
    if (pathname === '/robots.txt') {
      res
        .writeHead(200, { 'content-type': TYPES['.txt'], 'cache-control': 'public, max-age=3600' })
        .end(req.method === 'HEAD' ? undefined : robotsTxt(siteUrl));
      return true;
    }
    if (pathname === '/sitemap.xml' || pathname.startsWith('/sitemaps/')) {
      maps.answer(req, res, pathname).then(
        (answered) => {
          if (!answered) res.writeHead(404, { 'content-type': TYPES['.txt'], 'cache-control': 'no-cache' }).end('Not found');
        },
        (error) => failed(res, error),
      );
      return true;
    }
    if (pathname.startsWith('/og/')) {
      cards.card(pathname, new URL(req.url ?? '/', 'http://x').search).then(
        (card) => {
          if (!card) {
            res.writeHead(404, { 'content-type': TYPES['.txt'], 'cache-control': 'no-cache' }).end('Not found');
            return;
          }
          const cached = { etag: card.etag, 'cache-control': OG_CACHE_CONTROL };
          if (req.headers['if-none-match'] === card.etag) res.writeHead(304, cached).end();
          else
            res
              .writeHead(200, { ...cached, 'content-type': TYPES['.jpg'], 'content-length': card.body.length })
              .end(req.method === 'HEAD' ? undefined : card.body);
        },
        (error) => failed(res, error),
      );
      return true;
    }
    return false;
  };
}

/**
 * One app's request handler. `site`: what every app's server shares (deploymentId, pageSecurityHeaders,
 * envJson, remotesJson, knownRoute, preconnect, shellPage, files).
 */
function appHandler(name, site) {
  const isShell = name === 'shell';
  return (req, res) => {
    const headers = { 'x-deployment-id': site.deploymentId(), ...site.pageSecurityHeaders() };
    if (!isShell) {
      headers['access-control-allow-origin'] = '*';
      headers['access-control-expose-headers'] = 'x-deployment-id';
    }
    if (answeredMethod(req, res, headers)) return;
    let pathname;
    try {
      pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    } catch {
      res.writeHead(400, headers).end('Bad request path');
      return;
    }
    // Per-environment files live in memory too, so a rebuild (which empties dist/) cannot lose them.
    const virtual = pathname === '/env.json' ? site.envJson() : isShell && pathname === '/remotes.json' ? site.remotesJson() : null;
    if (virtual !== null) {
      res.writeHead(200, { ...headers, 'content-type': TYPES['.json'], 'cache-control': 'no-cache' });
      res.end(req.method === 'HEAD' ? undefined : virtual);
      return;
    }
    res.setHeader('x-content-type-options', 'nosniff');
    for (const [key, value] of Object.entries(headers)) res.setHeader(key, value);
    if (isShell && site.crawlerFile(req, res, pathname)) return;
    if (isShell && (!extname(pathname) || pathname === '/index.html')) serveShellPage(req, res, pathname, site).catch((error) => failed(res, error));
    else site.files[name](req, res);
  };
}

/**
 * Starts one static server per app.
 * @param {object} [options]
 * @param {string} [options.host]             bind address (default 127.0.0.1)
 * @param {Record<string, number>|'free'} [options.ports]  fixed ports per app, or 'free' for any free port
 * @param {Record<string, string>} [options.dirs]   served folder per app (default <folder>/dist)
 * @param {string} [options.supabaseUrl]
 * @param {string} [options.supabaseAnonKey]
 * @param {string} [options.deploymentId]     fixed id; default: derived from the builds and remotes.json, updated on change
 * @param {string} [options.remotesFile]      serve remotes.json from this file, read again when it changes (releases: switching
 *                                            a remote's version or rolling it back is one edit of it); written with
 *                                            the served URLs when missing
 * @param {number} [options.deploymentCheckMs]
 * @param {boolean} [options.imageTransforms] false when the backend has no image transformations (a hosted
 *                                            project on the free plan): covers then come as the stored files
 * @param {string} [options.siteUrl]          the public site's origin (`SITE_URL`): canonical addresses, og:url, the
 *                                            sitemaps; default: the shell's own URL as served
 * @param {number} [options.sitemapUrls]      addresses per child sitemap (default 50,000, the protocol's limit)
 */
export async function serveApps(options = {}) {
  const host = options.host ?? '127.0.0.1';
  const names = Object.keys(APP_PORTS);
  const dirs = Object.fromEntries(names.map((n) => [n, resolve(options.dirs?.[n] ?? join(root, APP_FOLDERS[n], 'dist'))]));
  const config = runtimeConfig(options);
  // Every response carries the id: it is hashed again only when a build's files or remotes.json change.
  const builtDeploymentId = whenFilesChange(
    deploymentFiles(dirs).map(([, path]) => path),
    (remotes) => computeDeploymentId(dirs, remotes),
  );
  const deploymentId = () => options.deploymentId ?? builtDeploymentId(options.remotesFile ? remotesJson() : '');
  const servers = {};
  const urls = {};
  const ports = {};

  const backendOrigin = new URL(config.supabaseUrl).origin;
  const envJson = () => JSON.stringify({ ...config, deploymentId: deploymentId() }, null, 2);
  const servedRemotes = () => JSON.stringify(Object.fromEntries(names.filter((n) => n !== 'shell').map((n) => [n, `${urls[n]}/mf-manifest.json`])), null, 2);
  // A release is one edit of the remotes file: read again when it changes.
  const remotesFile = options.remotesFile ? fileWhenChanged(options.remotesFile, (text) => text) : () => null;
  const remotesJson = () => remotesFile() ?? servedRemotes();
  const facts = pageFacts({ supabaseUrl: config.supabaseUrl, anonKey: config.supabaseAnonKey });
  const bootPlan = fileWhenChanged(join(dirs.shell, 'boot-plan.json'), JSON.parse);
  const siteUrl = () => (options.siteUrl ?? urls.shell).replace(/\/+$/, '');
  const site = {
    deploymentId,
    envJson,
    remotesJson,
    pageSecurityHeaders: pagePolicy(config.supabaseUrl, remotesJson),
    knownRoute: routeMatcher(dirs.shell),
    preconnect: `<${backendOrigin}>; rel=preconnect; crossorigin, <${backendOrigin}>; rel=preconnect`,
    shellPage: createShellPage({ shellDir: dirs.shell, remotesJson: () => remotesJson(), envJson: () => envJson(), preconnect: [backendOrigin] }),
    files: Object.fromEntries(names.map((name) => [name, staticFiles(dirs[name])])),
    /** The page's head, or null with a shell build older than boot-plan.json's `site`. */
    async pageHeadFor(pathname, search = '', locale = 'en') {
      const plan = bootPlan();
      if (!plan?.site) return null;
      // the head in the page's language (scripts/page-words.mjs)
      const headSite = { url: siteUrl(), ...brandIn(plan.site, locale), locale };
      const found = await headFor({ site: headSite, routes: plan.routes, facts, matchRoute }, pathname);
      return 'head' in found ? { head: withLanguageVersions(found.head, search), site: headSite } : { ...found, site: headSite };
    },
    crawlerFile: (req, res, pathname) => {
      site.crawlerFile = crawlerFiles({ siteUrl: siteUrl(), facts, plan: bootPlan, perSitemap: options.sitemapUrls });
      return site.crawlerFile(req, res, pathname);
    },
  };

  async function startApp(name) {
    // A restarted app comes back on the port it had (remotes.json already points there).
    const wanted = ports[name] ?? (options.ports === 'free' ? 0 : (options.ports?.[name] ?? APP_PORTS[name]));
    const server = createServer(appHandler(name, site));
    servers[name] = server;
    ports[name] = await listen(server, wanted, host);
    urls[name] = `http://${host}:${ports[name]}`;
  }

  async function stopApp(name) {
    const server = servers[name];
    if (!server) return;
    delete servers[name];
    server.closeAllConnections?.();
    await new Promise((done) => server.close(() => done()));
  }

  try {
    // Remotes first: remotes.json needs their URLs.
    for (const name of names) await startApp(name);
  } catch (error) {
    await Promise.all(Object.keys(servers).map(stopApp));
    throw error;
  }

  if (options.remotesFile && !existsSync(options.remotesFile)) writeFileSync(options.remotesFile, servedRemotes());
  const shellDir = dirs.shell;
  if (existsSync(shellDir)) {
    writeFileSync(join(shellDir, 'remotes.json'), remotesJson());
    writeFileSync(join(shellDir, 'env.json'), envJson());
  }

  return {
    urls,
    ports,
    dirs,
    deploymentId,
    /** Stops one app's server (tests: a remote going down). */
    stopApp,
    /** Starts it again on the same port. */
    startApp,
    async stop() {
      await Promise.all(Object.keys(servers).map(stopApp));
    },
  };
}

/**
 * IMAGE_TRANSFORMS as serveApps' option: `off` for a backend without image transformations (a
 * hosted Supabase project on the free plan), `on` or unset for one with them.
 * @param {string | undefined} value
 */
export function imageTransformsFromEnv(value) {
  const setting = value?.trim().toLowerCase();
  if (!setting || setting === 'on') return undefined;
  if (setting === 'off') return false;
  throw new Error(`IMAGE_TRANSFORMS must be "on" or "off", not "${value}"`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const missing = ['shell', ...Object.values(APP_FOLDERS).filter((f) => f !== 'shell')].filter((f) => !existsSync(join(root, f, 'dist')));
  if (missing.length) {
    console.error(`Not built yet: ${missing.join(', ')}. Run \`node scripts/build-apps.mjs\` first.`);
    process.exit(1);
  }
  if (!process.env.SUPABASE_ANON_KEY) console.warn('SUPABASE_ANON_KEY is not set: pages render, but sign-in and data will not work.');
  let imageTransforms;
  try {
    imageTransforms = imageTransformsFromEnv(process.env.IMAGE_TRANSFORMS);
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
  const apps = await serveApps({
    host: process.env.HOST ?? '127.0.0.1',
    supabaseUrl: process.env.SUPABASE_URL ?? 'http://127.0.0.1:54321',
    supabaseAnonKey: process.env.SUPABASE_ANON_KEY,
    deploymentId: process.env.DEPLOYMENT_ID,
    remotesFile: process.env.REMOTES_FILE,
    imageTransforms,
    siteUrl: process.env.SITE_URL,
  });
  for (const [name, url] of Object.entries(apps.urls)) console.log(`  ${name.padEnd(12)} ${url}`);
  console.log(`\n  Stitchhouse is running: open ${apps.urls.shell}\n`);
  const shutdown = () => apps.stop().then(() => process.exit(0));
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}
