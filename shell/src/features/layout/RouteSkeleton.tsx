import { useState } from 'react';
import { Skeleton } from '@stitchhouse/shared/ui/index.ts';
import { leadCoverToShow } from './leadCover.ts';
import { LeadCoverSkeleton } from './LeadCoverSkeleton.tsx';
import { useLingui } from '@lingui/react';

/** What a page shows while its code loads: the shape of a page, announced once. */
export function RouteSkeleton() {
  const { i18n } = useLingui();
  // The landing page's cover, if it leads with one: kept for this skeleton's life.
  const [cover] = useState(leadCoverToShow);
  return (
    <div aria-busy="true" style={{ maxWidth: 'var(--content-width, 72rem)', margin: '0 auto', padding: 'var(--space-6, 2rem) var(--space-4, 1rem)' }}>
      <p role="status" style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
        {i18n._('shell.skeleton.loading')}
      </p>
      {cover ? (
        <LeadCoverSkeleton cover={cover} />
      ) : (
        <>
          <Skeleton width="40%" height="2.25rem" />
          <p>
            <Skeleton width="85%" />
            <Skeleton width="70%" />
          </p>
          <Skeleton shape="block" height="12rem" />
        </>
      )}
    </div>
  );
}
