// Cover and gallery images live in the public bucket `pattern-images`, store logos and
// banners in `store-assets`; their URLs derive from the runtime config so no request
// is needed to show a card.
import { getRuntimeConfig } from '@stitchhouse/shared';

export type PublicBucket = 'pattern-images' | 'store-assets' | 'review-photos';

/** Public URL of an object path in a public bucket. */
export function publicImageUrl(path: string, bucket: PublicBucket = 'pattern-images', baseUrl: string = getRuntimeConfig().supabaseUrl): string {
  const encoded = path.split('/').map(encodeURIComponent).join('/');
  return `${baseUrl.replace(/\/+$/, '')}/storage/v1/object/public/${bucket}/${encoded}`;
}
