import { useRef, useState, type KeyboardEvent } from 'react';
import { publicImageUrl } from '../shared/images.ts';
import * as styles from './Gallery.module.css';

export interface GalleryProps {
  title: string;
  /** Object paths in pattern-images, display order. */
  paths: readonly string[];
}

/**
 * The main image and a row of thumbnails. Thumbnails are buttons (Tab reaches them,
 * Enter/Space shows one); arrow keys, Home and End move between them as in a toolbar.
 */
export function Gallery({ title, paths }: GalleryProps) {
  const [current, setCurrent] = useState(0);
  const thumbs = useRef<(HTMLButtonElement | null)[]>([]);
  if (paths.length === 0) {
    return <div className={styles.empty}>No photos yet</div>;
  }
  const index = Math.min(current, paths.length - 1);
  const altOf = (i: number) => (paths.length === 1 ? title : `${title}, photo ${i + 1} of ${paths.length}`);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const moves: Record<string, number> = { ArrowRight: index + 1, ArrowDown: index + 1, ArrowLeft: index - 1, ArrowUp: index - 1, Home: 0, End: paths.length - 1 };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const next = (target + paths.length) % paths.length;
    setCurrent(next);
    thumbs.current[next]?.focus();
  }

  return (
    <div className={styles.gallery} data-testid="gallery">
      {/* The pattern page's largest paint: fetched ahead of everything else it shows. */}
      <img className={styles.main} src={publicImageUrl(paths[index]!)} alt={altOf(index)} width={800} height={1000} fetchPriority="high" />
      {paths.length > 1 ? (
        <div className={styles.thumbs} role="toolbar" aria-label="Photos" onKeyDown={onKeyDown}>
          {paths.map((path, i) => (
            <button
              key={path}
              ref={(el) => {
                thumbs.current[i] = el;
              }}
              type="button"
              className={styles.thumb}
              aria-pressed={i === index}
              tabIndex={i === index ? 0 : -1}
              onClick={() => setCurrent(i)}
            >
              <img src={publicImageUrl(path)} alt={`Show photo ${i + 1} of ${paths.length}`} loading="lazy" width={80} height={100} />
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
