import { lazy, Suspense, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useLingui } from '@lingui/react';
import { coverImage, type CoverSlot } from '@stitchhouse/shared/storage/coverImage.ts';
import { publicImageUrl } from '../shared/images.ts';
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
  const { i18n } = useLingui();
  const makes = useMakePhotos(patternId);
  const designerPaths = designerPhotoPaths(coverPath, galleryPaths);
  const photos = [...designerPhotos(i18n, title, designerPaths, (p) => publicImageUrl(p)), ...makes];
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

  if (count === 0) return <div className={styles.empty}>{i18n._('catalog.common.gallery.noPhotos')}</div>;

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
    <section
      className={styles.gallery}
      aria-roledescription={i18n._('catalog.common.gallery.carousel')}
      aria-label={i18n._('catalog.common.gallery.label', { title })}
      data-testid="gallery"
    >
      <div className={styles.stage}>
        <div ref={strip} className={styles.strip} data-testid="gallery-strip">
          {photos.map((photo, i) => (
            <figure
              key={`${photo.src}-${i}`}
              className={styles.slide}
              aria-roledescription={i18n._('catalog.common.gallery.slide')}
              aria-label={i18n._('catalog.common.gallery.nOfCount', { n: i + 1, count })}
              aria-hidden={i !== index || undefined}
            >
              <button
                type="button"
                className={styles.zoomButton}
                tabIndex={i === index ? 0 : -1}
                onClick={() => setZoomed(i)}
                onKeyDown={(e) => onKey(e, false)}
                aria-label={i18n._('catalog.common.gallery.enlarge', { alt: photo.alt })}
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
            <button
              type="button"
              className={`${styles.step} ${styles.prev}`}
              onClick={() => show((index - 1 + count) % count)}
              aria-label={i18n._('catalog.common.gallery.previous')}
            >
              ‹
            </button>
            <button
              type="button"
              className={`${styles.step} ${styles.next}`}
              onClick={() => show((index + 1) % count)}
              aria-label={i18n._('catalog.common.gallery.next')}
            >
              ›
            </button>
          </>
        ) : null}
      </div>
      {count > 1 ? (
        <>
          <p className={styles.position} aria-live="polite" data-testid="gallery-position">
            {i18n._('catalog.common.gallery.position', { n: index + 1, count })}
          </p>
          <div className={styles.thumbs} role="toolbar" aria-label={i18n._('catalog.common.gallery.choose')} onKeyDown={(e) => onKey(e, true)}>
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
                <img {...sized(i, 'thumb')} alt={i18n._('catalog.common.gallery.show', { n: i + 1, count })} loading="lazy" width={80} height={100} />
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
