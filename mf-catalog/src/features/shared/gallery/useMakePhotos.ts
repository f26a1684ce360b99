import { useEffect, useState } from 'react';
import { afterFirstPaint } from '@stitchhouse/shared/afterPaint.ts';
import { listReviews } from '../../../api/reviews.ts';
import { publicImageUrl } from '../images.ts';
import type { GalleryPhoto } from './photos.ts';

/**
 * Photos of finished makes for the gallery: the photos buyers attached to their reviews
 * (public `review-photos` bucket). Only an extra: while loading, or if reviews cannot be read,
 * the gallery shows the designer's photos alone. Asked once the page has painted, so the extra
 * does not share a phone's bandwidth with the pattern itself.
 */
export function useMakePhotos(patternId: string | undefined): GalleryPhoto[] {
  const [photos, setPhotos] = useState<GalleryPhoto[]>([]);
  useEffect(() => {
    if (!patternId) return;
    const controller = new AbortController();
    afterFirstPaint()
      .then(() => listReviews(patternId, controller.signal))
      .then(
        (reviews) =>
          setPhotos(
            reviews.flatMap((review) =>
              review.photoPaths.map((path, i) => ({
                src: publicImageUrl(path, 'review-photos'),
                alt: `${review.authorName}'s make, photo ${i + 1} of ${review.photoPaths.length}`,
                caption: `Made by ${review.authorName}`,
              })),
            ),
          ),
        () => {
          if (!controller.signal.aborted) setPhotos([]);
        },
      );
    return () => controller.abort();
  }, [patternId]);
  return photos;
}
