import { Suspense, lazy, useId } from 'react';
import { useLayoutSession } from '../layout/useLayoutSession.ts';
import * as styles from './FeaturedPatterns.module.css';
import { useLingui } from '@lingui/react';

// The list and its read (TanStack Query) load for a signed-in member only: a visitor's home downloads neither.
const FollowedList = lazy(() => import('./FollowedList.tsx'));

function Loading() {
  const { i18n } = useLingui();
  return <p role="status">{i18n._('shell.followed.loading')}</p>;
}

const loading = <Loading />;

/** "New from designers you follow": signed-in members only. */
export function FollowedPatterns() {
  const { i18n } = useLingui();
  const { user } = useLayoutSession();
  const userId = (user as { id?: string } | null)?.id ?? null;
  const headingId = useId();
  if (!userId) return null;

  return (
    <section aria-labelledby={headingId} className={styles.section} data-testid="followed-patterns">
      <div className={styles.top}>
        <h2 id={headingId} className={styles.heading}>
          {i18n._('shell.followed.heading')}
        </h2>
      </div>
      <Suspense fallback={loading}>
        <FollowedList userId={userId} loading={loading} />
      </Suspense>
    </section>
  );
}
