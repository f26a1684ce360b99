// @ts-check
// The picture a link preview shows (og:image, twitter:image): 1200×630 JPEG made by sharp from a
// pattern's cover or a store's banner, logo or newest cover. Link previews and Pinterest
// refuse SVG and want a landscape picture of at least 1200×630; covers are 4:5 and may be SVG, so
// the page server renders the cover whole, centred, over a blurred, darkened fill of itself.
// Only what the anon role may see is rendered (scripts/page-facts.mjs): a draft's or an archived
// pattern's picture answers 404 like its page.
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { OG_SIZE, SITE_CARD } from './page-head.mjs';
import { DEFAULT_LOCALE, LOCALE_PARAM } from '../shared/src/i18n/locales.mjs';
import { escapeHtmlAttr } from './route-hints.mjs';

const SOURCE_TIMEOUT_MS = 5000;
const SOURCE_MAX_BYTES = 20 * 1024 * 1024;
const CACHE_TTL_MS = 10 * 60_000;
const CACHE_ENTRIES = 200;
/** Browsers and preview crawlers may keep a picture an hour; the page's og:image changes with the pattern (`?v=`). */
export const OG_CACHE_CONTROL = 'public, max-age=3600';

/** An image file's bytes, within a size limit. */
async function download(/** @type {string} */ url, /** @type {typeof fetch} */ fetchImpl) {
  const response = await fetchImpl(url, { signal: AbortSignal.timeout(SOURCE_TIMEOUT_MS) });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  const bytes = Buffer.from(await response.arrayBuffer());
  if (bytes.length > SOURCE_MAX_BYTES) throw new Error(`${url} is larger than ${SOURCE_MAX_BYTES} bytes`);
  return bytes;
}

/**
 * A raster of the source at least `height` px tall: an SVG is rasterised at the density that
 * gives that height (not scaled up from its 72 dpi size), a raster is taken as it is.
 * @param {Buffer} bytes
 * @param {number} height
 */
async function rasterSource(bytes, height) {
  const meta = await sharp(bytes).metadata();
  if (meta.format !== 'svg') return sharp(bytes, { autoOrient: true });
  const density = Math.min(2400, Math.max(72, Math.ceil((72 * height) / (meta.height || height))));
  return sharp(bytes, { density });
}

/**
 * The 1200×630 card of one picture: the picture whole in the middle, over a blurred fill of itself.
 * @param {Buffer} bytes
 * @returns {Promise<Buffer>} JPEG
 */
export async function renderCard(bytes) {
  const { width, height } = OG_SIZE;
  const source = await (await rasterSource(bytes, height)).png().toBuffer();
  const [fill, picture] = await Promise.all([
    sharp(source).resize(width, height, { fit: 'cover' }).blur(28).modulate({ brightness: 0.7 }).toBuffer(),
    sharp(source).resize(width, height, { fit: 'inside' }).toBuffer(),
  ]);
  return sharp(fill)
    .composite([{ input: picture, gravity: 'centre' }])
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 82, mozjpeg: true })
    .toBuffer();
}

/**
 * The site's own card: the marketplace's name and tagline on its colour (pages without a picture).
 * @param {{ name: string, tagline: string }} brand
 */
export function siteCardSvg(brand) {
  const { width, height } = OG_SIZE;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <rect width="${width}" height="${height}" fill="#8a2f4c"/>
  <rect x="96" y="150" width="150" height="150" rx="34" fill="#fff"/>
  <text x="171" y="270" font-family="DejaVu Serif, Georgia, serif" font-size="112" font-weight="700" text-anchor="middle" fill="#8a2f4c">${escapeHtmlAttr(brand.name.slice(0, 1))}</text>
  <text x="96" y="420" font-family="DejaVu Serif, Georgia, serif" font-size="88" font-weight="700" fill="#fff">${escapeHtmlAttr(brand.name)}</text>
  <text x="96" y="490" font-family="DejaVu Sans, Arial, sans-serif" font-size="34" fill="#f6e7ec">${escapeHtmlAttr(brand.tagline)}</text>
</svg>`;
}

/**
 * `/og/site.jpg` (`?hl=de`: the tagline in that language), `/og/patterns/{id}.jpg` and
 * `/og/stores/{slug}.jpg` for the page server.
 * @param {object} options
 * @param {ReturnType<typeof import('./page-facts.mjs').pageFacts>} options.facts
 * @param {(locale: string) => { name: string, tagline: string } | null} options.brand   the marketplace (boot-plan.json's `site`) in a language
 * @param {typeof fetch} [options.fetchImpl]
 */
export function ogImages({ facts, brand, fetchImpl = fetch }) {
  /** @type {Map<string, { until: number, etag: string, body: Buffer } | null>} */
  const cache = new Map();

  /** The source picture's address for a card, or null when there is none (or nothing public). */
  async function sourceFor(/** @type {'patterns' | 'stores'} */ kind, /** @type {string} */ key) {
    if (kind === 'patterns') return (await facts.pattern(key))?.coverUrl ?? null;
    const store = await facts.store(key);
    if (!store || store.closed) return null;
    const path = store.bannerPath ?? store.coverPaths[0] ?? null;
    return store.bannerPath ? facts.imageUrl(store.bannerPath, 'store-assets') : path ? facts.imageUrl(path) : store.logoUrl;
  }

  /**
   * The card at `pathname`, or null when the path is not a card's or its subject is not public.
   * @param {string} pathname
   * @param {string} [search]   the query: the site card's language (`hl`, English without one or for a language the product does not speak)
   */
  async function card(pathname, search = '') {
    if (pathname === SITE_CARD.path) {
      const site = brand(new URLSearchParams(search).get(LOCALE_PARAM) ?? DEFAULT_LOCALE);
      if (!site) return null;
      const svg = siteCardSvg(site);
      const key = `site/${svg}`;
      const known = cache.get(key);
      if (known) return known;
      const body = await sharp(Buffer.from(svg)).jpeg({ quality: 88, mozjpeg: true }).toBuffer();
      const entry = { until: Infinity, etag: `"${createHash('sha256').update(svg).digest('base64url').slice(0, 22)}"`, body };
      cache.set(key, entry);
      return entry;
    }
    const match = /^\/og\/(patterns|stores)\/([^/]+)\.jpg$/.exec(pathname);
    if (!match) return null;
    const key = `${match[1]}/${match[2]}`;
    const cached = cache.get(key);
    if (cached && Date.now() < cached.until) return cached;
    const source = await sourceFor(/** @type {'patterns' | 'stores'} */ (match[1]), /** @type {string} */ (match[2]));
    if (!source) return null;
    const bytes = await download(source, fetchImpl);
    const body = await renderCard(bytes);
    const entry = { until: Date.now() + CACHE_TTL_MS, etag: `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 22)}"`, body };
    if (cache.size >= CACHE_ENTRIES) cache.delete(/** @type {string} */ (cache.keys().next().value));
    cache.set(key, entry);
    return entry;
  }

  return { card };
}
