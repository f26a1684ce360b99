// The shell's page, sent with what its route will need (a phone pays a round trip
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
//     REST interface as an anonymous visitor, briefly cached, never waited on for long);
//     When that cover is found, the shell paints it in the route's skeleton as soon as main.js
//     has run, and only then starts the remote: the runtime's and the screen's hints go in an
//     inert <template id="stitchhouse-after-paint"> the shell turns into preloads at that moment
//     (AFTER_PAINT_HINTS_ID), so main.js and the cover have a phone's bandwidth to themselves;
//   - on the same pages, the screen's first reads, answered inside the page
//     (shared/src/pageReads.mjs: the page's anon client takes a read it asks exactly that way), so
//     the screen renders without a round trip to the backend after the scripts.
// Hints only speed things up: the page loads the same files the same way without them
// (a plain static host serves index.html as built), and a hint that has gone stale costs
// one unused download, never a wrong page.
import { join } from 'node:path';
import { fileWhenChanged } from './when-changed.mjs';
import { coverAttributes } from '../shared/src/storage/coverUrls.mjs';
import { currencyForLocale } from '../shared/src/currency/locale.mjs';
import { PAGE_READS_ID, readKey, rpcQuery } from '../shared/src/pageReads.mjs';
import { AFTER_PAINT_HINTS_ID, COVER_SLOT_ATTRIBUTE } from '../shared/src/leadCover.mjs';
import { CATALOG_PAGE_SIZE, PATTERN_PAGE_COLUMNS, STOREFRONT_COLUMNS } from '../shared/src/catalog/columns.mjs';
import { isStoreSlug } from '../shared/src/catalog/storeSlug.mjs';

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

/** JSON safe inside a `<script>` data block (no `</script>`, no `<!--`): `application/json`, or `application/ld+json` (scripts/page-head.mjs). */
export function inlineJson(id, json, type = 'application/json') {
  const body = (typeof json === 'string' ? json : JSON.stringify(json)).replace(/</g, '\\u003c');
  return `<script type="${type}" id="${id}">${body}</script>`;
}

// Every attribute value here is an address: characters that could end the attribute are
// percent-encoded (the same address to a browser), so no HTML escaping is needed.
const escapeAttr = (address) => String(address).replace(/["'<>&\s]/g, (ch) => encodeURIComponent(ch));

/**
 * `<link>` preload of one file, typed by its extension. Low priority: the page's own main.js and
 * stylesheet come first (they paint the frame); sent at normal priority, the route's ~100 KB of
 * hints shared a phone's bandwidth with them and pushed the first paint from 0.8 s to 2.5 s.
 * `priority: 'high'` (the browser's own for a preloaded script) for what the first render waits on.
 */
export function preloadTag(href, { crossorigin = false, priority = 'low' } = {}) {
  const as = href.endsWith('.css') ? 'style' : href.endsWith('.json') ? 'fetch' : 'script';
  // fetch() preloads must be CORS requests to be reused by the page's fetch.
  const cors = crossorigin || as === 'fetch' ? ' crossorigin="anonymous"' : '';
  const fetchPriority = priority === 'low' ? ' fetchpriority="low"' : '';
  return `<link rel="preload" as="${as}" href="${escapeAttr(href)}"${cors}${fetchPriority}>`;
}

/** HTML-escaped attribute value (srcset and sizes hold spaces and commas, so they are not percent-encoded). */
export const escapeHtmlAttr = (value) => String(value).replace(/[&"<>]/g, (ch) => `&#${ch.charCodeAt(0)};`);

/**
 * `<link>` preload of a page's largest image: the same src, srcset and sizes as its <img>, which then
 * reuses it. With the cover's `slot`, the shell's skeleton shows it (shell/src/features/layout/leadCover.ts).
 */
export function imagePreloadTag({ src, srcSet, sizes }, slot) {
  const responsive = srcSet ? ` imagesrcset="${escapeHtmlAttr(srcSet)}" imagesizes="${escapeHtmlAttr(sizes ?? '')}"` : '';
  const shown = slot ? ` ${COVER_SLOT_ATTRIBUTE}="${escapeHtmlAttr(slot)}"` : '';
  return `<link rel="preload" as="image" href="${escapeHtmlAttr(src)}"${responsive} fetchpriority="high"${shown}>`;
}

/** Hints the shell turns into preloads once the lead cover has painted (inert until then). */
const afterPaintTemplate = (tags) => (tags.length > 0 ? `<template id="${AFTER_PAINT_HINTS_ID}">${tags.join('')}</template>` : '');

/**
 * A landing page's first screen, by route: the cover that is its largest paint (its slot, and how to
 * find its path as an anonymous visitor), and the reads the screen starts with that the page can
 * carry. They mirror the screens of mf-catalog (a pattern page shows the cover, else the first
 * gallery photo; the catalog without filters and a store list their newest patterns first, in the
 * buyer's currency); e2e route-hints.test.ts checks that each preload is the image the page shows,
 * catalog-phone.test.ts that the carried reads are the ones the screen makes (none goes out).
 * `rest(path, body, { inline })` asks the backend (`inline`: the answer travels with the page);
 * `carry(path)` is an inline read nothing else here depends on: its failure costs only itself.
 */
/** The catalog's first page unfiltered (mf-catalog `toSearchArgs(EMPTY_QUERY)`), and a store's: GETs, as the catalog asks. */
const NEWEST_FIRST_PAGE = { sort: 'newest', page_size: CATALOG_PAGE_SIZE, page_offset: 0 };
/** The reference rates every price converts with (shared/src/currency/rates.ts). */
const RATES_READ = 'currency_rates?select=currency,per_eur,as_of';
/** The catalog filters' categories (mf-catalog `listCategories`). */
const CATEGORIES_READ = 'search_terms?select=term&kind=eq.category&order=term.asc&limit=200';

const FIRST_SCREENS = {
  '/patterns/:productId': {
    slot: 'gallery',
    async find({ rest, carry }, { productId }) {
      if (!/^[0-9a-f-]{36}$/i.test(productId)) return null;
      const [[pattern]] = await Promise.all([
        rest(`patterns?select=${PATTERN_PAGE_COLUMNS}&id=eq.${productId}`, undefined, { inline: true }),
        carry(RATES_READ),
      ]);
      return pattern?.cover_path ?? pattern?.gallery_paths?.[0] ?? null;
    },
  },
  '/patterns': {
    slot: 'card',
    async find({ rest, carry }, _params, search, currency) {
      if (search && search !== '?') return null; // filters, a search or another page: another first card
      const [hits] = await Promise.all([
        rest(`rpc/search_patterns?${rpcQuery({ currency, free_only: false, ...NEWEST_FIRST_PAGE })}`, undefined, { inline: true }),
        carry(RATES_READ),
        carry(CATEGORIES_READ),
      ]);
      return hits[0]?.cover_path ?? null;
    },
  },
  '/stores/:slug': {
    slot: 'card',
    async find({ rest, carry }, { slug }, search, currency) {
      // mf-catalog asks only for a well-formed slug (getStoreBySlug)
      if (!isStoreSlug(slug)) return null;
      const [[store]] = await Promise.all([rest(`stores?select=${STOREFRONT_COLUMNS}&slug=eq.${slug}`, undefined, { inline: true }), carry(RATES_READ)]);
      if (!store) return null;
      const firstPage = !search || search === '?';
      const [hits] = await Promise.all([
        firstPage ? rest(`rpc/search_patterns?${rpcQuery({ currency, store_id: store.id, ...NEWEST_FIRST_PAGE })}`, undefined, { inline: true }) : [],
        carry('rpc/store_follower_count', { p_store_id: store.id }),
      ]);
      return hits[0]?.cover_path ?? null;
    },
  },
};

/**
 * A route's first screen: the lead cover's preload tag (or null: no lead cover, none found, the backend
 * slow or down) and the reads the page carries. A page waits for the backend only briefly; past the
 * wait it goes without reads, with the cover last found for that address (kept a few seconds: a
 * landing page is asked for often; a failure for one). Reads are never kept: the page carries what
 * the backend answers now.
 */
function firstScreenLookup(fetchImpl) {
  const covers = new Map();
  const remember = (key, tag, ttl) => {
    if (covers.size > 1000) covers.clear();
    covers.set(key, { until: Date.now() + ttl, tag });
    return tag;
  };
  const knownCover = (key) => {
    const entry = covers.get(key);
    return entry && Date.now() < entry.until ? entry.tag : null;
  };
  return async function firstScreen(route, pathname, search, env, currency) {
    const screen = FIRST_SCREENS[route.path];
    if (!screen || !env?.supabaseUrl || !env.supabaseAnonKey) return { coverTag: null, reads: [] };
    const key = `${pathname}${search}`;
    const base = `${env.supabaseUrl.replace(/\/+$/, '')}/rest/v1/`;
    const reads = [];
    const rest = async (path, body, { inline = false } = {}) => {
      const response = await fetchImpl(base + path, {
        method: body ? 'POST' : 'GET',
        headers: { apikey: env.supabaseAnonKey, authorization: `Bearer ${env.supabaseAnonKey}`, 'content-type': 'application/json' },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(LEAD_COVER_LOOKUP_TIMEOUT_MS),
      });
      if (!response.ok) throw new Error(`${path} answered ${response.status}`);
      const data = await response.json();
      if (inline) reads.push({ key: readKey(body ? 'POST' : 'GET', path, body), data });
      return data;
    };
    const carry = (path, body) => rest(path, body, { inline: true }).catch(() => null);
    const lookup = screen.find({ rest, carry }, route.params, search, currency).then(
      (path) => ({ coverTag: remember(key, path ? imagePreloadTag(coverAttributes(path, screen.slot, env), screen.slot) : null, LEAD_COVER_TTL_MS), reads }),
      () => ({ coverTag: remember(key, null, LEAD_COVER_RETRY_MS), reads: [] }),
    );
    // Past the wait, the page goes with what is known (the cover found for an earlier visitor, or none).
    return Promise.race([lookup, new Promise((resolve) => setTimeout(() => resolve({ coverTag: knownCover(key), reads: [] }), LEAD_COVER_WAIT_MS))]);
  };
}

/**
 * The route of the contract a path opens, with its `:param` values (`params`): static segments win
 * over `:params` (react-router's ranking).
 */
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
    const params = {};
    for (let i = 0; i < pattern.length && ok; i++) {
      if (pattern[i].startsWith(':')) {
        ok = segments[i] !== '';
        params[pattern[i].slice(1)] = segments[i];
      } else if (pattern[i] === segments[i]) score++;
      else ok = false;
    }
    if (ok && score > bestScore) {
      best = { ...route, params };
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

/** Open both kinds of connection to an origin early: CORS requests (fetch) and plain ones (scripts, images). */
const preconnectTags = (origin) => [
  `<link rel="preconnect" href="${escapeAttr(origin)}">`,
  `<link rel="preconnect" href="${escapeAttr(origin)}" crossorigin="anonymous">`,
];

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
      if (entry)
        entry.at = Date.now(); // keep the last good copy; try again in a second
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
  const firstScreen = firstScreenLookup(fetchImpl);

  /** A remote route's hints: the connections to open and the files to preload. */
  async function remoteHints(boot, remotes, route) {
    const manifestUrl = remotes?.[route.owner];
    if (!manifestUrl) return { connections: [], files: [] };
    const sharesUrl = new URL('screen-shares.json', manifestUrl).href;
    const [manifest, shares] = await Promise.all([manifests.get(manifestUrl), manifests.get(sharesUrl)]);
    const connections = preconnectTags(new URL(manifestUrl).origin);
    const tags = [preloadTag(manifestUrl)];
    if (!manifest) return { connections, files: tags };
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
    return { connections, files: tags };
  }

  /**
   * The page in two parts: `head`, everything that needs no lookup (index.html up to `</head>`, the
   * inline env.json and remotes.json, preconnects, the shell page's or the federation runtime's
   * files), and `rest`, the hints that ask the remote and the backend (the lead cover, the screen's
   * files, the carried reads) with the end of the page. A string when nothing needs asking; a
   * promise that never rejects otherwise (a lookup that fails costs only its hints). The server
   * sends `head` at once: the browser fetches main.js and the stylesheet while the lookups run.
   * @param {string} pathname
   * @param {string} [search] the query string (`?q=…`), which some landing pages depend on
   * @param {{ acceptLanguage?: string, locale?: string, pageHead?: (html: string) => string }} [request] the visitor's languages: the currency their
   *   prices are read in; `locale`: the page's language (its catalogs are hinted, default English); `pageHead`: index.html with the
   *   page's own title, description, cards and JSON-LD (scripts/page-head.mjs)
   * @returns {{ head: string, rest: string | Promise<string> } | null}
   */
  function shellPageParts(pathname, search = '', { acceptLanguage, locale = 'en', pageHead } = {}) {
    const built = indexHtml();
    if (built === null) return null;
    const html = pageHead ? pageHead(built) : built;
    const boot = plan();
    const remotes = remoteMapOrNull(remotesJson());
    const tags = preconnect.flatMap(preconnectTags);
    tags.push(inlineJson('stitchhouse-env', envJson()));
    // The page takes an inline remotes.json as is: only a well-formed one is sent; otherwise the page
    // fetches the file and its parser (shell/src/federation/remoteMap.ts) says what is wrong.
    if (remotes) tags.push(inlineJson('stitchhouse-remotes', remotes));
    const route = boot ? matchRoute(boot.routes, pathname) : null;
    const end = html.indexOf('</head>');
    if (end < 0) return { head: html, rest: '' }; // not a page the hints can go in: sent as it is
    // A file two parts need (the runtime and a platform file share zod's core) is hinted once.
    const sent = new Set();
    const unsent = (list) => list.filter((tag) => !sent.has(tag) && sent.add(tag));
    const once = (list) => unsent(list).join('');
    // A landing page that may lead with a cover hints the runtime with the screen's files, once it
    // knows whether the shell will paint the cover first.
    const runtimeTags = route && route.owner !== 'shell' ? boot.federation.map((file) => preloadTag(`/${file}`)) : [];
    // Every page renders once its language's catalogs are in (shell/src/bootstrap.tsx): as urgent as main.js.
    for (const file of boot.catalogs?.[locale] ?? []) tags.push(preloadTag(`/${file}`, { priority: 'high' }));
    if (route?.owner === 'shell') {
      for (const file of [...(boot.pages[route.module] ?? []), ...(boot.pageCatalogs?.[route.module]?.[locale] ?? [])]) tags.push(preloadTag(`/${file}`));
    } else if (route && !FIRST_SCREENS[route.path]) tags.push(...runtimeTags);
    const head = html.slice(0, end) + once(tags);
    if (!route || route.owner === 'shell') return { head, rest: html.slice(end) };
    // The page reads prices in navigator.language's currency: Accept-Language's first tag.
    const currency = currencyForLocale(acceptLanguage?.split(',')[0]?.split(';')[0]?.trim());
    const rest = Promise.all([remoteHints(boot, remotes, route), firstScreen(route, pathname, search, parseJsonOrNull(envJson()), currency)]).then(
      ([{ connections, files }, { coverTag, reads }]) => {
        // The cover first: the preload scanner starts it before the low-priority script hints. With a
        // cover, the scripts wait in the template until the shell has painted it (connections still open now).
        const scriptTags = [...runtimeTags, ...files];
        const later = coverTag ? [coverTag, ...connections] : [...connections, ...scriptTags];
        if (reads.length > 0) later.push(inlineJson(PAGE_READS_ID, reads));
        return once(later) + (coverTag ? afterPaintTemplate(unsent(scriptTags)) : '') + html.slice(end);
      },
      (error) => {
        console.error('the route hints could not be prepared', error);
        return once(runtimeTags) + html.slice(end);
      },
    );
    return { head, rest };
  }

  /** The whole page as one string (tests, and callers that do not stream). */
  async function shellPage(pathname, search = '', request = {}) {
    const parts = shellPageParts(pathname, search, request);
    return parts && parts.head + (await parts.rest);
  }
  shellPage.parts = shellPageParts;
  return shellPage;
}
