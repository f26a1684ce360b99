// Cover and gallery images live in the public bucket `pattern-images`, store logos and
// banners in `store-assets`; their URLs derive from the runtime config so no request
// is needed to show a card. Covers go through shared coverImage() (sized srcset); this is
// the plain address of the stored file (zoom, review photos, logos).
import { getRuntimeConfig } from '@stitchhouse/shared';
import { publicStorageUrl } from '@stitchhouse/shared/storage/coverImage.ts';

export type PublicBucket = 'pattern-images' | 'store-assets' | 'review-photos';

/** Public URL of an object path in a public bucket. */
export function publicImageUrl(path: string, bucket: PublicBucket = 'pattern-images', baseUrl: string = getRuntimeConfig().supabaseUrl): string {
  return publicStorageUrl(baseUrl, bucket, path);
}
