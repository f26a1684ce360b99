// @ts-check
// What the page server knows about a public page before any script runs: a pattern,
// a store, and the lists the sitemap is made of, read from the backend's REST interface as an
// anonymous visitor (the anon key, no session). Row-level security decides what is public: a
// draft or an archived pattern is not there for the anon role, so its page answers 404 like an
// unknown one. The reads are the screens' own (shared/src/catalog/columns.mjs) where they overlap.
import { COVER_BUCKET, publicStorageUrl } from '../shared/src/storage/coverUrls.mjs';
import { isStoreSlug } from '../shared/src/catalog/storeSlug.mjs';
import { CATALOG_PAGE_SIZE } from '../shared/src/catalog/columns.mjs';
import { markdownText } from '../shared/src/markdownText.mjs';
import { rpcQuery } from '../shared/src/pageReads.mjs';
import { isLocale } from '../shared/src/i18n/locales.mjs';

/** How long a page waits for its facts before it answers 503 (a crawler comes back later). */
const FACTS_TIMEOUT_MS = 4000;
/** Rows per REST read: PostgREST's max-rows, on hosted Supabase and here (backend/src/postgrest). */
export const REST_PAGE_ROWS = 1000;
/** Reviews a pattern page's JSON-LD carries (the newest). */
const REVIEWS_IN_PAGE = 5;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The backend answered something other than rows: the page cannot say whether the thing exists. */
export class FactsUnavailable extends Error {}

/**
 * @typedef {import('./page-head.mjs').PatternFacts} PatternFacts
 * @typedef {import('./page-head.mjs').StoreFacts} StoreFacts
 * @typedef {{ id: string, updated_at: string, cover_path: string | null }} SitemapPattern
 * @typedef {{ slug: string, updated_at: string | null }} SitemapStore
 */

/**
 * @param {object} options
 * @param {string} options.supabaseUrl
 * @param {string} options.anonKey
 * @param {typeof fetch} [options.fetchImpl]
 */
export function pageFacts({ supabaseUrl, anonKey, fetchImpl = fetch }) {
  const base = `${supabaseUrl.replace(/\/+$/, '')}/rest/v1/`;
  const headers = { apikey: anonKey, authorization: `Bearer ${anonKey}`, 'content-type': 'application/json' };
  const imageUrl = (/** @type {string} */ path, bucket = COVER_BUCKET) => publicStorageUrl(supabaseUrl, bucket, path);

  /**
   * One REST read as the anon role.
   * @param {string} path
   * @param {{ body?: unknown, count?: boolean }} [options]
   * @returns {Promise<{ rows: any, total: number | null }>}
   */
  async function rest(path, { body, count = false } = {}) {
    let response;
    try {
      response = await fetchImpl(base + path, {
        method: body === undefined ? 'GET' : 'POST',
        headers: count ? { ...headers, prefer: 'count=exact' } : headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(FACTS_TIMEOUT_MS),
      });
    } catch (error) {
      throw new FactsUnavailable(`${path}: ${/** @type {Error} */ (error).message}`);
    }
    if (!response.ok) throw new FactsUnavailable(`${path} answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
    const total = count ? Number(response.headers.get('content-range')?.split('/')[1] ?? NaN) : null;
    return { rows: await response.json(), total: total !== null && Number.isFinite(total) ? total : null };
  }

  return {
    imageUrl,

    /**
     * A published pattern with its store, rating and newest reviews, or null (unknown, a draft,
     * archived: none of them is the anon role's to see). Its title and description are the
     * language version's: the store's translation into `locale` (pattern_translations) when it
     * wrote one, else the pattern's own.
     * @param {string} id
     * @param {string} [locale]   the page's language
     * @returns {Promise<PatternFacts | null>}
     */
    async pattern(id, locale) {
      if (!UUID.test(id)) return null;
      const translated = isLocale(locale) ? `,pattern_translations(title,description)&pattern_translations.locale=eq.${locale}` : '';
      const [{ rows: patterns }, { rows: ratings }, { rows: reviews }] = await Promise.all([
        rest(
          `patterns?select=id,title,description,price_cents,currency,cover_path,gallery_paths,craft,category,updated_at,stores!patterns_store_id_fkey!inner(slug,name)${translated}&id=eq.${id}`,
        ),
        rest(`pattern_ratings?select=rating_avg,review_count&pattern_id=eq.${id}`),
        rest('rpc/pattern_reviews', { body: { p_pattern_id: id, p_limit: REVIEWS_IN_PAGE } }),
      ]);
      const row = patterns[0];
      if (!row) return null;
      const cover = row.cover_path ?? row.gallery_paths?.[0] ?? null;
      const rating = ratings[0];
      const version = row.pattern_translations?.[0];
      return {
        id: row.id,
        title: version?.title ?? row.title,
        // as the page: a translated title without a description keeps the original description
        description: markdownText(version?.description || row.description || ''),
        priceCents: row.price_cents,
        currency: row.currency,
        coverUrl: cover ? imageUrl(cover) : null,
        craft: row.craft,
        category: row.category,
        updatedAt: row.updated_at,
        store: { slug: row.stores.slug, name: row.stores.name },
        rating: rating?.review_count > 0 ? { average: Number(rating.rating_avg), count: rating.review_count } : null,
        reviews: reviews.map((/** @type {any} */ review) => ({
          author: review.author_name,
          rating: review.rating,
          body: review.body,
          date: review.created_at,
        })),
      };
    },

    /**
     * A store with its first page of patterns (newest first, as the storefront shows them), or null.
     * @param {string} slug
     * @returns {Promise<(StoreFacts & { bannerPath: string | null, coverPaths: string[] }) | null>}   `closed`: the store's owner closed their account
     */
    async store(slug) {
      if (!isStoreSlug(slug)) return null;
      const { rows: stores } = await rest(`stores?select=id,slug,name,bio,logo_path,banner_path,closed_at&slug=eq.${slug}`);
      const row = stores[0];
      if (!row) return null;
      const { rows: hits } = await rest(`rpc/search_patterns?${rpcQuery({ store_id: row.id, sort: 'newest', page_size: CATALOG_PAGE_SIZE, page_offset: 0 })}`);
      return {
        slug: row.slug,
        name: row.name,
        bio: markdownText(row.bio ?? ''),
        closed: row.closed_at !== null,
        hasPicture: Boolean(row.banner_path || row.logo_path || hits.some((/** @type {any} */ hit) => hit.cover_path)),
        logoUrl: row.logo_path ? imageUrl(row.logo_path, 'store-assets') : null,
        bannerPath: row.banner_path,
        coverPaths: hits.map((/** @type {any} */ hit) => hit.cover_path).filter(Boolean),
        patterns: hits.map((/** @type {any} */ hit) => ({ id: hit.id, title: hit.title })),
      };
    },

    /**
     * Where a renamed store lives now (store_slug_redirects), or null.
     * @param {string} slug
     */
    async movedStore(slug) {
      if (!isStoreSlug(slug)) return null;
      const { rows } = await rest(`store_slug_redirects?select=stores(slug)&old_slug=eq.${slug}`);
      return /** @type {string | null} */ (rows[0]?.stores?.slug ?? null);
    },

    /** How many published patterns and stores there are (the sitemap index's children). */
    async counts() {
      const [patterns, stores] = await Promise.all([
        rest('patterns?select=id&limit=1', { count: true }),
        rest('stores?select=id&closed_at=is.null&limit=1', { count: true }),
      ]);
      return { patterns: patterns.total ?? 0, stores: stores.total ?? 0 };
    },

    /**
     * Published patterns in id order, from the `skip`th, `limit` of them, one REST page after
     * another (keyset: each page starts after the last id of the one before).
     * @param {number} skip
     * @param {number} limit
     * @returns {AsyncGenerator<SitemapPattern[]>}
     */
    async *patternPages(skip, limit) {
      yield* keyset('patterns', 'id,updated_at,cover_path', skip, limit);
    },

    /**
     * Open stores in slug order, from the `skip`th, `limit` of them.
     * @param {number} skip
     * @param {number} limit
     * @returns {AsyncGenerator<SitemapStore[]>}
     */
    async *storePages(skip, limit) {
      yield* keyset('stores', 'slug,updated_at', skip, limit, 'slug', 'closed_at=is.null&');
    },
  };

  /**
   * @param {string} table
   * @param {string} columns
   * @param {number} skip
   * @param {number} limit
   * @param {string} [key]
   * @param {string} [filter]   further query parameters (`closed_at=is.null&`)
   */
  async function* keyset(table, columns, skip, limit, key = 'id', filter = '') {
    const page = (/** @type {string | null} */ after, /** @type {number} */ size) =>
      rest(
        `${table}?${filter}select=${columns}&order=${key}.asc&limit=${size}&${after === null ? `offset=${skip}` : `${key}=gt.${encodeURIComponent(after)}`}`,
      );
    let left = limit;
    let size = Math.min(REST_PAGE_ROWS, left);
    let next = page(null, size);
    while (left > 0) {
      const { rows } = await next;
      if (rows.length === 0) return;
      left -= rows.length;
      const more = rows.length === size && left > 0;
      // The next page is asked for before this one is written out: the backend reads while the
      // sitemap is being written.
      if (more) {
        size = Math.min(REST_PAGE_ROWS, left);
        next = page(rows[rows.length - 1][key], size);
        next.catch(() => undefined); // awaited on the next turn; a consumer that stops early leaves it
      }
      yield rows;
      if (!more) return;
    }
  }
}
