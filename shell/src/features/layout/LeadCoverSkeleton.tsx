import { CoverGrid, Skeleton } from '@stitchhouse/shared/ui/index.ts';
import { leadCoverSettled, type LeadCover } from './leadCover.ts';
import * as styles from './LeadCoverSkeleton.module.css';

/** Cells of the grid skeleton: two rows of a phone's two columns. */
const GRID_CELLS = 4;

/**
 * The skeleton of a landing page that leads with a cover (a pattern page, the catalog, a store): the
 * cover itself, at the size the screen shows it (its <img> reuses the page's preload), in the shape
 * of the screen around it. The visitor sees the pattern while the remote's code loads; the browser's
 * largest paint does not wait for it.
 */
export function LeadCoverSkeleton({ cover }: { cover: LeadCover }) {
  const image = (
    <img
      className={styles.cover}
      src={cover.src}
      srcSet={cover.srcSet}
      sizes={cover.sizes}
      width={640}
      height={800}
      alt=""
      onLoad={(event) => leadCoverSettled(event.currentTarget)}
      onError={() => leadCoverSettled(null)}
    />
  );
  if (cover.slot === 'gallery') {
    return (
      <div className={styles.detail}>
        {image}
        <div className={styles.lines}>
          <Skeleton width="80%" height="2.25rem" />
          <Skeleton width="30%" />
          <Skeleton width="90%" />
          <Skeleton width="70%" />
        </div>
      </div>
    );
  }
  return (
    <>
      <Skeleton width="40%" height="2.25rem" />
      <CoverGrid className={styles.grid}>
        {Array.from({ length: GRID_CELLS }, (_, index) => (
          <li key={index} className={styles.card}>
            {index === 0 ? image : <Skeleton shape="block" aspectRatio="4 / 5" />}
            <Skeleton width="80%" />
            <Skeleton width="50%" />
          </li>
        ))}
      </CoverGrid>
    </>
  );
}
