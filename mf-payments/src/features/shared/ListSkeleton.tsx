import { Skeleton } from '@stitchhouse/shared/ui/index.ts';
import * as styles from './Hub.module.css';

/** Grey lines while a list loads; the region says what is loading. */
export function ListSkeleton({ label, rows = 3 }: { label: string; rows?: number }) {
  return (
    <div className={styles.skeletons} aria-busy="true" aria-label={label}>
      {Array.from({ length: rows }, (_, i) => <Skeleton key={i} shape="block" height="3.5rem" />)}
    </div>
  );
}
