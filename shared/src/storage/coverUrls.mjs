// The addresses of public images and the sizes covers are served at, as plain JavaScript:
// the shell's server (scripts/route-hints.mjs) writes the same srcset into its preload of a
// page's largest image as the page's <img> (coverImage.ts) carries, so the browser reuses it.

export const COVER_BUCKET = 'pattern-images';

/** A public object's address: storage-js's getPublicUrl(path, { transform }) character for character. */
export function publicStorageUrl(supabaseUrl, bucket, path, transform) {
  const query = new URLSearchParams();
  // storage-js's order (width, height, resize, format, quality), so URLs, caches and CDNs agree.
  if (transform?.width) query.set('width', String(transform.width));
  if (transform?.height) query.set('height', String(transform.height));
  if (transform?.resize) query.set('resize', transform.resize);
  if (transform?.format) query.set('format', transform.format);
  if (transform?.quality) query.set('quality', String(transform.quality));
  const route = transform && Object.keys(transform).length > 0 ? 'render/image' : 'object';
  const search = query.toString();
  // encodeURI as storage-js, plus the characters it leaves that would end the path ("?" is allowed in Storage names).
  const address = encodeURI(`${supabaseUrl.replace(/\/+$/, '')}/storage/v1/${route}/public/${bucket}/${path.replace(/^\/+/, '')}`);
  return address.replace(/[?#]/g, encodeURIComponent) + (search ? `?${search}` : '');
}

/**
 * Where a cover is shown and how wide it is there, measured in Chromium (e2e catalog-phone:
 * a card's image is 155 px and the pattern page's photo 326 px on a 390 px phone; the catalog's
 * screens sit 2rem in from each side there) and from the CSS on desktop (72rem column):
 * - card: catalog/storefront grid, two columns on a phone (50vw − 2.5rem: 140–166 px at
 *   360–412 px), minmax(12.5rem, 1fr) columns from 40rem (≈200–310 px). Widths chosen so
 *   common phones land just above: 390 px at 2× needs 310 → 320; 412 px at 1.75× (Lighthouse) 290 → 320;
 * - wideCard: home page shelves and the library, one column on a phone, ≈260–300 px on desktop;
 * - gallery: the pattern page's main photo, the column's width on a phone (100vw − 4rem: 326 px
 *   at 390, ×2 → 800), half of it from 56rem;
 * - thumb: gallery thumbnails and list rows (4.5rem or smaller).
 */
export const COVER_SLOTS = {
  card: { widths: [200, 320, 480, 640], sizes: '(min-width: 40rem) 19rem, calc(50vw - 2.5rem)' },
  wideCard: { widths: [320, 480, 640, 960], sizes: '(min-width: 40rem) 19rem, calc(100vw - 2rem)' },
  gallery: { widths: [480, 640, 800, 960, 1280], sizes: '(min-width: 72rem) 34rem, (min-width: 56rem) calc(50vw - 3rem), calc(100vw - 4rem)' },
  thumb: { widths: [120, 240], sizes: '4.5rem' },
};

/** Covers are 4:5; the box the <img> reserves (width/height attributes keep CLS at 0). */
const COVER_RATIO = 5 / 4;

/** The <img> attributes of a cover shown in `slot` (coverImage.ts fills in the page's config). */
export function coverAttributes(path, slot, config, bucket = COVER_BUCKET) {
  const { widths, sizes } = COVER_SLOTS[slot];
  // The fallback src (and the reserved box) is the width a 2× phone picks.
  const base = widths[Math.min(1, widths.length - 1)];
  const box = { width: base, height: Math.round(base * COVER_RATIO) };
  if (config.imageTransforms === false) return { src: publicStorageUrl(config.supabaseUrl, bucket, path), ...box };
  const at = (width) => publicStorageUrl(config.supabaseUrl, bucket, path, { width });
  return { src: at(base), srcSet: widths.map((w) => `${at(w)} ${w}w`).join(', '), sizes, ...box };
}
