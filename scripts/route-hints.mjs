// The shell's page, sent with what its route will need (issue 13: a phone pays a round trip
// per request in a chain). The shell's build writes boot-plan.json (shell/build/bootPlan.ts):
// the route contract, the files of each shell page, of the federation runtime and of each
// platform file the shell provides. Per request this adds to index.html's <head>:
//   - env.json and remotes.json inline (the page would fetch both first thing);
//   - a shell page's lazy chunks as preloads;
//   - on a remote's route: the remote's manifest, remoteEntry.js, the screen's own files
//     (from the remote's live mf-manifest.json, so a remote rebuilt or released alone is
//     hinted right at the next page load) and the shell's files for the platform modules the
//     screen imports (the remote's screen-shares.json), as preloads, plus preconnects to the remote's and the backend's origins;
//   - on a landing page whose largest paint is a cover (a pattern page, the catalog, a store):
//     that cover as a high-priority image preload with the <img>'s own srcset, so it downloads
//     while the scripts run instead of after the screen has rendered (asked of the backend's
//     REST interface as an anonymous visitor, briefly cached, never waited on for long).
// Hints only speed things up: the page loads the same files the same way without them
// (a plain static host serves index.html as built), and a hint that has gone stale costs
// one unused download, never a wrong page.
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { coverAttributes } from '../shared/src/storage/coverUrls.mjs';

const MANIFEST_TTL_MS = 1000;
const MANIFEST_TIMEOUT_MS = 300;
const LEAD_COVER_TTL_MS = 10_000;
const LEAD_COVER_RETRY_MS = 1000;
/** How long a page waits for its lead cover's lookup, and how long the lookup may take at all. */
const LEAD_COVER_WAIT_MS = 250;
const LEAD_COVER_LOOKUP_TIMEOUT_MS = 5000;

/**
 * remotes.json when it is a map of container names (`mf_auth`) to absolute http(s) URLs (the rules
 * of shell/src/federation/remoteMap.ts), else null: the file may be edited by hand for a release.
 * @param {string} text
 * @returns {Record<string, string> | null}
 */
export function remoteMapOrNull(text) {
  const value = parseJsonOrNull(text);
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  const wellFormed = Object.entries(value).every(([name, url]) => {
    if (!/^[a-z][a-z0-9_]*$/.test(name) || typeof url !== 'string') return false;
    try {
      return /^https?:$/.test(new URL(url).protocol);
    } catch {
      return false;
    }
  });
  return wellFormed ? value : null;
}

/** JSON safe inside <script type="application/json"> (no `</script>`, no `<!--`). */
export function inlineJson(id, json) {
  const body = (typeof json === 'string' ? json : JSON.stringify(json)).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${id}">${body}</script>`;
}

// Every attribute value here is an address: characters that could end the attribute are
// percent-encoded (the same address to a browser), so no HTML escaping is needed.
const escapeAttr = (address) => String(address).replace(/["'<>&\s]/g, (ch) => encodeURIComponent(ch));

/**
 * `<link>` preload of one file, typed by its extension. Low priority: the page's own main.js and
 * stylesheet come first (they paint the frame); sent at normal priority, the route's ~100 KB of
 * hints shared a phone's bandwidth with them and pushed the first paint from 0.8 s to 2.5 s.
 */
export function preloadTag(href, { crossorigin = false } = {}) {
  const as = href.endsWith('.css') ? 'style' : href.endsWith('.json') ? 'fetch' : 'script';
  // fetch() preloads must be CORS requests to be reused by the page's fetch.
  const cors = crossorigin || as === 'fetch' ? ' crossorigin="anonymous"' : '';
  return `<link rel="preload" as="${as}" href="${escapeAttr(href)}"${cors} fetchpriority="low">`;
}

/** HTML-escaped attribute value (srcset and sizes hold spaces and commas, so they are not percent-encoded). */
const escapeHtmlAttr = (value) => String(value).replace(/[&"<>]/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** `<link>` preload of a page's largest image: the same src, srcset and sizes as its <img>, which then reuses it. */
export function imagePreloadTag({ src, srcSet, sizes }) {
  const responsive = srcSet ? ` imagesrcset="${escapeHtmlAttr(srcSet)}" imagesizes="${escapeHtmlAttr(sizes ?? '')}"` : '';
  return `<link rel="preload" as="image" href="${escapeHtmlAttr(src)}"${responsive} fetchpriority="high">`;
}

/**
 * The cover that is a landing page's largest paint, by route: its slot and how to find its path as
 * an anonymous visitor. They mirror the screens of mf-catalog (a pattern page shows the cover, else the
 * first gallery photo; the catalog without filters and a store list their newest patterns first);
 * e2e route-hints.test.ts checks that each preload is the image the page shows.
 */
const LEAD_COVERS = {
  '/patterns/:productId': {
    slot: 'gallery',
    async find(rest, { productId }) {
      if (!/^[0-9a-f-]{36}$/i.test(productId)) return null;
      const [pattern] = await rest(`patterns?select=cover_path,gallery_paths&id=eq.${productId}`);
      return pattern?.cover_path ?? pattern?.gallery_paths?.[0] ?? null;
    },
  },
  '/patterns': {
    slot: 'card',
    async find(rest, _params, search) {
      if (search && search !== '?') return null; // filters, a search or another page: another first card
      const [hit] = await rest('rpc/search_patterns', { sort: 'newest', limit: 1 });
      return hit?.cover_path ?? null;
    },
  },
  '/stores/:slug': {
    slot: 'card',
    async find(rest, { slug }) {
      const [store] = await rest(`stores?select=id&slug=eq.${encodeURIComponent(slug)}`);
      if (!store) return null;
      const [hit] = await rest('rpc/search_patterns', { store_id: store.id, sort: 'newest', limit: 1 });
      return hit?.cover_path ?? null;
    },
  },
};

/** `:param` values of a path that matched `routePath`. */
function routeParams(routePath, pathname) {
  const names = routePath.split('/');
  const values = pathname.replace(/\/+$/, '').split('/');
  return Object.fromEntries(names.flatMap((name, i) => (name.startsWith(':') ? [[name.slice(1), values[i]]] : [])));
}

/**
 * The lead cover's preload tag for a route, or null (no lead cover, none found, the backend slow or
 * down). A page waits for the backend's answer only briefly; a late answer still fills the cache for
 * the next visitor. Answers are kept for a few seconds (a landing page is asked for often), failures
 * for one.
 */
function leadCoverCache(fetchImpl) {
  const entries = new Map();
  const remember = (key, tag, ttl) => {
    if (entries.size > 1000) entries.clear();
    entries.set(key, { until: Date.now() + ttl, tag, pending: null });
    return tag;
  };
  return async function leadCoverTag(route, pathname, search, env) {
    const lead = LEAD_COVERS[route.path];
    if (!lead || !env?.supabaseUrl || !env.supabaseAnonKey) return null;
    const key = `${pathname}${search}`;
    const entry = entries.get(key);
    if (entry && !entry.pending && Date.now() < entry.until) return entry.tag;
    let pending = entry?.pending ?? null;
    if (!pending) {
      const base = `${env.supabaseUrl.replace(/\/+$/, '')}/rest/v1/`;
      const rest = async (query, body) => {
        const response = await fetchImpl(base + query, {
          method: body ? 'POST' : 'GET',
          headers: { apikey: env.supabaseAnonKey, authorization: `Bearer ${env.supabaseAnonKey}`, 'content-type': 'application/json' },
          body: body ? JSON.stringify(body) : undefined,
          signal: AbortSignal.timeout(LEAD_COVER_LOOKUP_TIMEOUT_MS),
        });
        if (!response.ok) throw new Error(`${query} answered ${response.status}`);
        return response.json();
      };
      pending = lead
        .find(rest, routeParams(route.path, pathname), search)
        .then(
          (path) => remember(key, path ? imagePreloadTag(coverAttributes(path, lead.slot, env)) : null, LEAD_COVER_TTL_MS),
          () => remember(key, null, LEAD_COVER_RETRY_MS),
        );
      entries.set(key, { until: 0, tag: entry?.tag ?? null, pending });
    }
    // Past the wait, the page goes with what is known (an expired answer, or none).
    return Promise.race([pending, new Promise((resolve) => setTimeout(() => resolve(entries.get(key)?.tag ?? null), LEAD_COVER_WAIT_MS))]);
  };
}

/** The route of the contract a path opens: static segments win over `:params` (react-router's ranking). */
export function matchRoute(routes, pathname) {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const segments = path.split('/');
  let best = null;
  let bestScore = -1;
  for (const route of routes) {
    const pattern = route.path.split('/');
    if (pattern.length !== segments.length) continue;
    let score = 0;
    let ok = true;
    for (let i = 0; i < pattern.length && ok; i++) {
      if (pattern[i].startsWith(':')) ok = segments[i] !== '';
      else if (pattern[i] === segments[i]) score++;
      else ok = false;
    }
    if (ok && score > bestScore) {
      best = route;
      bestScore = score;
    }
  }
  return best;
}

function parseJsonOrNull(text) {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** A file read again only when it changes (mtime); null while it does not exist. */
function fileWhenChanged(file, parse) {
  let cached = { mtime: -1, value: null };
  return () => {
    let mtime;
    try {
      mtime = statSync(file).mtimeMs;
    } catch {
      return null;
    }
    if (mtime !== cached.mtime) cached = { mtime, value: parse(readFileSync(file, 'utf8')) };
    return cached.value;
  };
}

/** Open both kinds of connection to an origin early: CORS requests (fetch) and plain ones (scripts, images). */
const preconnectTags = (origin) => [`<link rel="preconnect" href="${escapeAttr(origin)}">`, `<link rel="preconnect" href="${escapeAttr(origin)}" crossorigin="anonymous">`];

/**
 * A remote's manifest and screen-shares.json by URL, revalidated (ETag) at most once a second and never
 * waited on for long: a slow or missing remote gives no hints, not a slow page.
 */
function manifestCache(fetchImpl) {
  const entries = new Map();
  async function get(url) {
    const entry = entries.get(url);
    if (entry && Date.now() - entry.at < MANIFEST_TTL_MS) return entry.value;
    try {
      const response = await fetchImpl(url, {
        headers: entry?.etag ? { 'if-none-match': entry.etag } : {},
        signal: AbortSignal.timeout(MANIFEST_TIMEOUT_MS),
      });
      if (response.status === 304 && entry) {
        entry.at = Date.now();
        return entry.value;
      }
      if (!response.ok) throw new Error(`${url} answered ${response.status}`);
      const value = await response.json();
      entries.set(url, { at: Date.now(), etag: response.headers.get('etag'), value });
      return value;
    } catch {
      if (entry) entry.at = Date.now(); // keep the last good copy; try again in a second
      else entries.set(url, { at: Date.now(), etag: null, value: null });
      return entry?.value ?? null;
    }
  }
  return { get };
}

/**
 * @param {object} options
 * @param {string} options.shellDir            the shell's served folder (index.html, boot-plan.json)
 * @param {() => string} options.remotesJson   remotes.json as served now
 * @param {() => string} options.envJson       env.json as served now
 * @param {string[]} [options.preconnect]      origins every page talks to (the backend)
 * @param {typeof fetch} [options.fetchImpl]
 * @returns {(pathname: string, search?: string) => Promise<string | null>} the page for a path (and query string), or null without a build
 */
export function createShellPage({ shellDir, remotesJson, envJson, preconnect = [], fetchImpl = fetch }) {
  const plan = fileWhenChanged(join(shellDir, 'boot-plan.json'), JSON.parse);
  const indexHtml = fileWhenChanged(join(shellDir, 'index.html'), (html) => html);
  const manifests = manifestCache(fetchImpl);
  const leadCoverTag = leadCoverCache(fetchImpl);

  async function remoteHints(boot, remotes, route) {
    const manifestUrl = remotes[route.owner];
    if (!manifestUrl) return [];
    const sharesUrl = new URL('screen-shares.json', manifestUrl).href;
    const [manifest, shares] = await Promise.all([manifests.get(manifestUrl), manifests.get(sharesUrl)]);
    const origin = new URL(manifestUrl).origin;
    const tags = [...preconnectTags(origin), preloadTag(manifestUrl)];
    if (!manifest) return tags;
    const publicPath = manifest.metaData?.publicPath;
    const base = publicPath && publicPath !== 'auto' ? new URL(publicPath, manifestUrl).href : new URL('.', manifestUrl).href;
    const entry = manifest.metaData?.remoteEntry;
    if (entry?.name) tags.push(preloadTag(new URL(`${entry.path ? `${entry.path}/` : ''}${entry.name}`, base).href));
    const exposed = route.module.replace(/^\.\//, ''); // the contract says `./PatternCatalog`
    const matches = (expose) => expose.name === exposed || expose.path === `./${exposed}`;
    const expose = manifest.exposes?.find(matches);
    for (const file of [...(expose?.assets?.css?.sync ?? []), ...(expose?.assets?.js?.sync ?? [])]) tags.push(preloadTag(new URL(file, base).href));
    // The platform files the screen imports, as the shell provides them (shared/build/screen-shares.mjs).
    const requires = shares?.[exposed] ?? [];
    const shellFiles = new Set(requires.flatMap((key) => boot.provided[key] ?? []));
    for (const file of shellFiles) tags.push(preloadTag(`/${file}`));
    return tags;
  }

  /** @param {string} pathname @param {string} [search] the query string (`?q=…`), which some landing pages depend on */
  return async function shellPage(pathname, search = '') {
    const html = indexHtml();
    if (html === null) return null;
    const boot = plan();
    const remotes = remoteMapOrNull(remotesJson());
    const tags = preconnect.flatMap(preconnectTags);
    tags.push(inlineJson('stitchhouse-env', envJson()));
    // The page takes an inline remotes.json as is: only a well-formed one is sent; otherwise the page
    // fetches the file and its parser (shell/src/federation/remoteMap.ts) says what is wrong.
    if (remotes) tags.push(inlineJson('stitchhouse-remotes', remotes));
    const route = boot ? matchRoute(boot.routes, pathname) : null;
    if (route?.owner === 'shell') {
      for (const file of boot.pages[route.module] ?? []) tags.push(preloadTag(`/${file}`));
    } else if (route) {
      for (const file of boot.federation) tags.push(preloadTag(`/${file}`));
      const [remoteTags, coverTag] = await Promise.all([
        remotes ? remoteHints(boot, remotes, route) : [],
        leadCoverTag(route, pathname, search, parseJsonOrNull(envJson())),
      ]);
      // The cover first: the preload scanner starts it before the low-priority script hints.
      if (coverTag) tags.unshift(coverTag);
      tags.push(...remoteTags);
    }
    // A file two parts need (the runtime and a platform file share zod's core) is hinted once.
    return html.replace('</head>', `${[...new Set(tags)].join('')}</head>`);
  };
}
