// @ts-check
// robots.txt and the sitemaps. /sitemap.xml is an index of child sitemaps of at most
// 50,000 addresses each (the protocol's limit): the public static pages, the stores, and the
// published patterns with their last change and cover picture. Each child is streamed as it is
// read: the rows come from the backend's REST interface as the anon role (row-level security
// decides what is public), one REST page at a time in key order, each page written out (by the
// `sitemap` library, which escapes and validates every address) before the next is asked for,
// so neither the server nor the backend holds a whole sitemap.
import { once } from 'node:events';
import { Transform } from 'node:stream';
import { createGzip } from 'node:zlib';
import { ErrorLevel, SitemapIndexStream, SitemapStream } from 'sitemap';
import { PRIVATE_PATTERNS, isPublicPage } from './page-head.mjs';
import { LOCALES, LOCALE_PARAM } from '../shared/src/i18n/locales.mjs';

/** Addresses per child sitemap: the sitemap protocol's limit. */
export const SITEMAP_URLS = 50_000;
/** Crawlers may keep a sitemap for an hour; patterns change faster than crawlers come back. */
export const SITEMAP_CACHE_CONTROL = 'public, max-age=3600';
const XML = 'application/xml; charset=utf-8';

/** Bytes gathered before they go on (to gzip, or to the socket): the library writes one small string per address. */
const CHUNK_BYTES = 64 * 1024;

/**
 * The library's many small strings as chunks of about CHUNK_BYTES: one gzip call or one socket
 * write per chunk instead of per address (50,000 small zlib writes took 7 s of a child's 8).
 */
function coalesce() {
  /** @type {Buffer[]} */
  let parts = [];
  let size = 0;
  return new Transform({
    transform(chunk, _encoding, done) {
      const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
      parts.push(bytes);
      size += bytes.length;
      if (size >= CHUNK_BYTES) {
        this.push(Buffer.concat(parts, size));
        parts = [];
        size = 0;
      }
      done();
    },
    flush(done) {
      if (size > 0) this.push(Buffer.concat(parts, size));
      done();
    },
  });
}

/**
 * robots.txt: the private screens disallowed, the sitemap index named.
 * @param {string} siteUrl
 */
export function robotsTxt(siteUrl) {
  return ['User-agent: *', ...PRIVATE_PATTERNS.map((pattern) => `Disallow: ${pattern}`), 'Allow: /', '', `Sitemap: ${siteUrl}/sitemap.xml`, ''].join('\n');
}

/**
 * @param {object} options
 * @param {string} options.siteUrl
 * @param {ReturnType<typeof import('./page-facts.mjs').pageFacts>} options.facts
 * @param {() => { path: string }[] | null} options.routes   the route contract (boot-plan.json)
 * @param {number} [options.perSitemap]   addresses per child (tests make it small)
 */
export function sitemaps({ siteUrl, facts, routes, perSitemap = SITEMAP_URLS }) {
  /** The public pages without a parameter, in the contract's order. */
  const staticPages = () => (routes() ?? []).filter((route) => isPublicPage(route.path) && !route.path.includes(':')).map((route) => route.path);

  /**
   * Streams a sitemap's XML to the response: compressed when the client accepts it, with
   * backpressure, and cut off (not finished) when a read fails midway, so a crawler never takes
   * a partial list for a whole one.
   * @param {import('node:http').IncomingMessage} req
   * @param {import('node:http').ServerResponse} res
   * @param {import('node:stream').Transform} xml
   * @param {(write: (item: any) => Promise<void>) => Promise<void>} fill
   */
  async function send(req, res, xml, fill) {
    const gzip = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
    res.writeHead(200, {
      'content-type': XML,
      'cache-control': SITEMAP_CACHE_CONTROL,
      vary: 'Accept-Encoding',
      ...(gzip ? { 'content-encoding': 'gzip' } : {}),
    });
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    const chunks = xml.pipe(coalesce());
    const out = gzip ? chunks.pipe(createGzip()) : chunks;
    out.pipe(res);
    const write = async (/** @type {any} */ item) => {
      if (!xml.write(item)) await once(xml, 'drain');
    };
    try {
      await fill(write);
      xml.end();
    } catch (error) {
      console.error('a sitemap could not be read to the end', error);
      xml.destroy();
      res.destroy();
    }
  }

  /**
   * Answers /sitemap.xml and /sitemaps/*.xml; false for any other path.
   * @param {import('node:http').IncomingMessage} req
   * @param {import('node:http').ServerResponse} res
   * @param {string} pathname
   */
  async function answer(req, res, pathname) {
    if (pathname === '/sitemap.xml') {
      let counts;
      try {
        counts = await facts.counts();
      } catch (error) {
        unavailable(res, error);
        return true;
      }
      const children = ['pages', ...chunks('stores', counts.stores), ...chunks('patterns', counts.patterns)];
      await send(req, res, new SitemapIndexStream(), async (write) => {
        for (const name of children) await write({ url: `${siteUrl}/sitemaps/${name}.xml` });
      });
      return true;
    }
    const match = /^\/sitemaps\/(?:(pages)|(stores|patterns)-([1-9][0-9]{0,5}))\.xml$/.exec(pathname);
    if (!match) return false;
    if (match[1]) {
      await send(req, res, new SitemapStream({ hostname: siteUrl }), async (write) => {
        for (const path of staticPages()) await write({ url: path, links: languageVersions(path) });
      });
      return true;
    }
    const kind = /** @type {'stores' | 'patterns'} */ (match[2]);
    const skip = (Number(match[3]) - 1) * perSitemap;
    const pages = kind === 'patterns' ? facts.patternPages(skip, perSitemap) : facts.storePages(skip, perSitemap);
    // The first page is read before the answer starts: a backend that is down answers 503, and a
    // child past the end 404.
    let first;
    try {
      first = await pages.next();
    } catch (error) {
      unavailable(res, error);
      return true;
    }
    if (first.done) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-cache' }).end('No such sitemap');
      return true;
    }
    // The addresses are made here from ids and slugs the database checks, so the library escapes
    // them without validating each again (its validation is a third of its time).
    const xml = new SitemapStream({
      hostname: siteUrl,
      level: ErrorLevel.SILENT,
      xmlns: { image: kind === 'patterns', news: false, video: false, xhtml: true },
    });
    const entry = (/** @type {any} */ row) => (kind === 'patterns' ? patternEntry(row) : storeEntry(row));
    await send(req, res, xml, async (write) => {
      for (const row of first.value) await write(entry(row));
      for await (const rows of pages) for (const row of rows) await write(entry(row));
    });
    return true;
  }

  /** @param {{ id: string, updated_at: string, cover_path: string | null }} row */
  const patternEntry = (row) => ({
    url: `/patterns/${encodeURIComponent(row.id)}`,
    links: languageVersions(`/patterns/${encodeURIComponent(row.id)}`),
    lastmod: row.updated_at,
    ...(row.cover_path ? { img: [{ url: facts.imageUrl(row.cover_path) }] } : {}),
  });
  /** @param {{ slug: string, updated_at: string | null }} row */
  const storeEntry = (row) => ({
    url: `/stores/${encodeURIComponent(row.slug)}`,
    links: languageVersions(`/stores/${encodeURIComponent(row.slug)}`),
    ...(row.updated_at ? { lastmod: row.updated_at } : {}),
  });
  /** A page's language versions (`?hl=de`…) and `x-default`, as its head links them (scripts/page-head.mjs). */
  const languageVersions = (/** @type {string} */ path) => [
    ...LOCALES.map((locale) => ({ lang: locale, url: `${siteUrl}${path}?${LOCALE_PARAM}=${locale}` })),
    { lang: 'x-default', url: `${siteUrl}${path}` },
  ];

  /** `stores-1`, `stores-2`… for `count` addresses. */
  const chunks = (/** @type {string} */ kind, /** @type {number} */ count) =>
    Array.from({ length: Math.ceil(count / perSitemap) }, (_, i) => `${kind}-${i + 1}`);

  return { answer, staticPages };
}

function unavailable(/** @type {import('node:http').ServerResponse} */ res, /** @type {unknown} */ error) {
  console.error('the sitemap could not be read', error);
  res
    .writeHead(503, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-cache', 'retry-after': '60' })
    .end('The sitemap is not available right now');
}
