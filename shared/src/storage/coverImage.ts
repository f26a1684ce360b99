// Where every pattern cover (and other public image) URL comes from. Covers are served at the
// size they are shown (issue #13): a srcset of Storage's image transformations
// (/render/image/public/…?width=…, as storage-js's getPublicUrl({ transform }) writes it) so a
// phone downloads and decodes a WebP the width of its card, not the designer's original (an
// SVG costs main-thread time to rasterise on a slow phone). Hosted Supabase has transformations
// on paid plans only: with `imageTransforms: false` in env.json the plain object URL is used.
// No supabase-js here: the shell's first paint should not download the storage client to
// build a string (shared/test/coverImage.test.ts checks the URLs against storage-js).
import { getRuntimeConfig, type RuntimeConfig } from '../config.ts';

export const COVER_BUCKET = 'pattern-images';

export interface ImageTransform {
  width?: number;
  height?: number;
  resize?: 'cover' | 'contain' | 'fill';
  quality?: number;
  format?: 'origin';
}

/** A public object's address: storage-js's getPublicUrl(path, { transform }) character for character. */
export function publicStorageUrl(supabaseUrl: string, bucket: string, path: string, transform?: ImageTransform): string {
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
} as const satisfies Record<string, { widths: readonly number[]; sizes: string }>;

export type CoverSlot = keyof typeof COVER_SLOTS;

/** Covers are 4:5; the box the <img> reserves (width/height attributes keep CLS at 0). */
const COVER_RATIO = 5 / 4;

export interface CoverImage {
  src: string;
  /** Absent when the backend has no image transformations (imageTransforms: false). */
  srcSet?: string;
  sizes?: string;
  width: number;
  height: number;
}

/** The <img> attributes of a cover shown in `slot`: spread them onto the element. */
export function coverImage(
  path: string,
  slot: CoverSlot,
  config: Pick<RuntimeConfig, 'supabaseUrl' | 'imageTransforms'> = getRuntimeConfig(),
  bucket: string = COVER_BUCKET,
): CoverImage {
  const { widths, sizes } = COVER_SLOTS[slot];
  // The fallback src (and the reserved box) is the width a 2× phone picks.
  const base = widths[Math.min(1, widths.length - 1)]!;
  const box = { width: base, height: Math.round(base * COVER_RATIO) };
  if (config.imageTransforms === false) return { src: publicStorageUrl(config.supabaseUrl, bucket, path), ...box };
  const at = (width: number) => publicStorageUrl(config.supabaseUrl, bucket, path, { width });
  return { src: at(base), srcSet: widths.map((w) => `${at(w)} ${w}w`).join(', '), sizes, ...box };
}

/** Cards in a grid: the first four (two rows of two on a phone, about a row on desktop) load at once, the first with high priority (the LCP image); the rest lazily. */
export function coverLoading(index: number | undefined): { loading: 'eager' | 'lazy'; fetchPriority?: 'high' } {
  if (index === undefined || index >= 4) return { loading: 'lazy' };
  return index === 0 ? { loading: 'eager', fetchPriority: 'high' } : { loading: 'eager' };
}
