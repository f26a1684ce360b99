import { lazy, Suspense, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { coverImage, type CoverSlot } from '@stitchhouse/shared/storage/coverImage.ts';
import { publicImageUrl } from '../images.ts';
import { designerPhotoPaths, designerPhotos, photoIndexForKey } from './photos.ts';
import { followStripPosition, type StripPosition } from './stripPosition.ts';
import { useMakePhotos } from './useMakePhotos.ts';
import * as styles from './PatternGallery.module.css';

// Only a visitor who enlarges a photo needs the zoom dialog: it loads on the first tap.
const ZoomDialog = lazy(() => import('./ZoomDialog.tsx').then((module) => ({ default: module.ZoomDialog })));

export interface PatternGalleryProps {
  title: string;
  coverPath: string | null;
  /** The editor's gallery after the cover, display order. */
  galleryPaths: readonly string[];
  /** With a pattern id, photos of finished makes from its reviews follow the designer's own. */
  patternId?: string;
}

const smooth = () => (window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth');

/**
 * Every photo the designer ordered, then photos of finished makes: a strip that swipes on touch
 * (CSS scroll snap, the browser's own scrolling: no script library in the bundle), Previous and
 * Next buttons, thumbnails (a toolbar: arrow keys, Home, End), arrow keys on the photo itself,
 * and a zoom dialog with the large image.
 */
export function PatternGallery({ title, coverPath, galleryPaths, patternId }: PatternGalleryProps) {
  const makes = useMakePhotos(patternId);
  const designerPaths = designerPhotoPaths(coverPath, galleryPaths);
  const photos = [...designerPhotos(title, designerPaths, (p) => publicImageUrl(p)), ...makes];
  // The designer's photos at the size shown (srcset of Storage renders); the zoom keeps the original.
  const sized = (i: number, slot: CoverSlot) => (i < designerPaths.length ? coverImage(designerPaths[i]!, slot) : { src: photos[i]!.src });
  const [current, setCurrent] = useState(0);
  const [zoomed, setZoomed] = useState<number | null>(null);
  const strip = useRef<HTMLDivElement>(null);
  const thumbs = useRef<(HTMLButtonElement | null)[]>([]);
  const count = photos.length;
  const index = Math.min(current, Math.max(count - 1, 0));

  // Swiping moves the strip; the photo most in view becomes the current one (not while the page's own move scrolls it).
  const position = useRef<StripPosition | null>(null);
  useEffect(() => {
    const node = strip.current;
    if (!node) return;
    const follow = followStripPosition(node, setCurrent);
    position.current = follow;
    return () => follow.stop();
  }, [count]);

  if (count === 0) return <div className={styles.empty}>No photos yet</div>;

  function show(next: number, focusThumb = false) {
    setCurrent(next);
    const node = strip.current;
    if (node) {
      position.current?.steer(next * node.clientWidth);
      node.scrollTo({ left: next * node.clientWidth, behavior: smooth() });
    }
    if (focusThumb) thumbs.current[next]?.focus();
  }

  function onKey(event: KeyboardEvent, focusThumb: boolean) {
    const next = photoIndexForKey(event.key, index, count);
    if (next === null) return;
    event.preventDefault();
    show(next, focusThumb);
  }

  return (
    <section className={styles.gallery} aria-roledescription="carousel" aria-label={`Photos of ${title}`} data-testid="gallery">
      <div className={styles.stage}>
        <div ref={strip} className={styles.strip} data-testid="gallery-strip">
          {photos.map((photo, i) => (
            <figure
              key={`${photo.src}-${i}`}
              className={styles.slide}
              aria-roledescription="slide"
              aria-label={`${i + 1} of ${count}`}
              aria-hidden={i !== index || undefined}
            >
              <button
                type="button"
                className={styles.zoomButton}
                tabIndex={i === index ? 0 : -1}
                onClick={() => setZoomed(i)}
                onKeyDown={(e) => onKey(e, false)}
                aria-label={`Enlarge: ${photo.alt}`}
                data-testid="gallery-photo"
              >
                {/* The first photo is the pattern page's largest paint: fetched ahead of everything else. */}
                <img
                  {...sized(i, 'gallery')}
                  alt=""
                  width={800}
                  height={1000}
                  loading={i === 0 ? 'eager' : 'lazy'}
                  fetchPriority={i === 0 ? 'high' : 'auto'}
                  decoding="async"
                />
              </button>
              {photo.caption ? <figcaption className={styles.caption}>{photo.caption}</figcaption> : null}
            </figure>
          ))}
        </div>
        {count > 1 ? (
          <>
            <button type="button" className={`${styles.step} ${styles.prev}`} onClick={() => show((index - 1 + count) % count)} aria-label="Previous photo">
              ‹
            </button>
            <button type="button" className={`${styles.step} ${styles.next}`} onClick={() => show((index + 1) % count)} aria-label="Next photo">
              ›
            </button>
          </>
        ) : null}
      </div>
      {count > 1 ? (
        <>
          <p className={styles.position} aria-live="polite" data-testid="gallery-position">
            Photo {index + 1} of {count}
          </p>
          <div className={styles.thumbs} role="toolbar" aria-label="Choose a photo" onKeyDown={(e) => onKey(e, true)}>
            {photos.map((photo, i) => (
              <button
                key={`${photo.src}-${i}`}
                ref={(el) => {
                  thumbs.current[i] = el;
                }}
                type="button"
                className={styles.thumb}
                aria-pressed={i === index}
                tabIndex={i === index ? 0 : -1}
                onClick={() => show(i)}
                data-testid="gallery-thumb"
              >
                <img {...sized(i, 'thumb')} alt={`Show ${i + 1} of ${count}`} loading="lazy" width={80} height={100} />
              </button>
            ))}
          </div>
        </>
      ) : null}
      {zoomed !== null ? (
        <Suspense fallback={null}>
          <ZoomDialog
            photos={photos}
            index={zoomed}
            onIndex={(i) => {
              setZoomed(i);
              show(i);
            }}
            onClose={() => setZoomed(null)}
          />
        </Suspense>
      ) : null}
    </section>
  );
}
