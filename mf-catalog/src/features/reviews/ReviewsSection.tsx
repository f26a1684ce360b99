import type { ReactNode } from 'react';
import { useLingui } from '@lingui/react';
import { Skeleton } from '@stitchhouse/shared/ui/index.ts';
import * as styles from './Reviews.module.css';

/** The reviews section's frame, for the reviews and for the pattern page's placeholder before their code loads. */
export function ReviewsSection({ children }: { children: ReactNode }) {
  const { i18n } = useLingui();
  return (
    <section className={styles.section} aria-labelledby="reviews-heading" data-testid="pattern-reviews">
      <h2 id="reviews-heading">{i18n._('catalog.reviews.heading')}</h2>
      {children}
    </section>
  );
}

/** `busy` while the reviews load; not for a placeholder that may wait for the visitor's scroll. */
export function ReviewsSkeleton({ busy }: { busy: boolean }) {
  const { i18n } = useLingui();
  return (
    <div aria-busy={busy || undefined} aria-label={busy ? i18n._('catalog.reviews.loading') : undefined}>
      <Skeleton width="40%" />
      <Skeleton width="80%" />
    </div>
  );
}
