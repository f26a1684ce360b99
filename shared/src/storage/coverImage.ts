// Where every pattern cover (and other public image) URL comes from. Covers are served at the
// size they are shown: a srcset of Storage's image transformations
// (/render/image/public/…?width=…, as storage-js's getPublicUrl({ transform }) writes it) so a
// phone downloads and decodes a WebP the width of its card, not the designer's original (an
// SVG costs main-thread time to rasterise on a slow phone). Hosted Supabase has transformations
// on paid plans only: with `imageTransforms: false` in env.json the plain object URL is used.
// No supabase-js here: the shell's first paint should not download the storage client to
// build a string (shared/test/coverImage.test.ts checks the URLs against storage-js).
// The addresses and sizes themselves are in coverUrls.mjs, which the shell's server shares.
import { getRuntimeConfig, type RuntimeConfig } from '../config.ts';
import { COVER_BUCKET, coverAttributes, type CoverImage, type CoverSlot } from './coverUrls.mjs';

export { COVER_BUCKET, COVER_SLOTS, publicStorageUrl } from './coverUrls.mjs';
export type { CoverImage, CoverSlot, ImageTransform } from './coverUrls.mjs';

/** The <img> attributes of a cover shown in `slot`: spread them onto the element. */
export function coverImage(
  path: string,
  slot: CoverSlot,
  config: Pick<RuntimeConfig, 'supabaseUrl' | 'imageTransforms'> = getRuntimeConfig(),
  bucket: string = COVER_BUCKET,
): CoverImage {
  return coverAttributes(path, slot, config, bucket);
}

/** Cards in a grid: the first four (two rows of two on a phone, about a row on desktop) load at once, the first with high priority (the LCP image); the rest lazily. */
export function coverLoading(index: number | undefined): { loading: 'eager' | 'lazy'; fetchPriority?: 'high' } {
  if (index === undefined || index >= 4) return { loading: 'lazy' };
  return index === 0 ? { loading: 'eager', fetchPriority: 'high' } : { loading: 'eager' };
}
