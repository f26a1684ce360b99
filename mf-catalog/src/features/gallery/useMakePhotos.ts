import { useQuery } from '@tanstack/react-query';
import { useLingui } from '@lingui/react';
import type { I18n } from '@lingui/core';
import { afterFirstPaint } from '@stitchhouse/shared/afterPaint.ts';
import { listReviews, reviewKeys, type Review } from '../../api/reviews.ts';
import { publicImageUrl } from '../shared/images.ts';
import type { GalleryPhoto } from './photos.ts';

const NO_PHOTOS: GalleryPhoto[] = [];

const photosOf = (i18n: I18n, reviews: Review[]): GalleryPhoto[] =>
  reviews.flatMap((review) =>
    review.photoPaths.map((path, i) => ({
      src: publicImageUrl(path, 'review-photos'),
      alt: i18n._('catalog.common.gallery.makeAlt', { name: review.authorName, n: i + 1, count: review.photoPaths.length }),
      caption: i18n._('catalog.common.gallery.madeBy', { name: review.authorName }),
    })),
  );

/**
 * Photos of finished makes for the gallery: the photos buyers attached to their reviews
 * (public `review-photos` bucket). Only an extra: while loading, or if reviews cannot be read,
 * the gallery shows the designer's photos alone. Asked once the page has painted, so the extra
 * does not share a phone's bandwidth with the pattern itself; the reviews section below reads
 * the same list (one request).
 */
export function useMakePhotos(patternId: string | undefined): GalleryPhoto[] {
  const { i18n } = useLingui();
  const { data } = useQuery({
    queryKey: reviewKeys.list(patternId ?? ''),
    queryFn: async ({ signal }) => {
      await afterFirstPaint();
      return listReviews(patternId!, signal);
    },
    enabled: Boolean(patternId),
    select: (reviews) => photosOf(i18n, reviews),
  });
  return data ?? NO_PHOTOS;
}
