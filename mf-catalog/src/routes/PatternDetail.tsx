import { lazy } from 'react';
import { useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useLingui } from '@lingui/react';
import { QueryState, Skeleton } from '@stitchhouse/shared/ui/index.ts';
import { patternKeys } from '../api/catalog.ts';
import { getPattern } from '../api/detail.ts';
import { DetailView } from '../features/detail/DetailView.tsx';
import { CatalogNotFound } from '../features/layout/NotFound.tsx';
import { useCountPatternView } from '../features/pattern-views/useCountPatternView.ts';
import { WhenNear } from '../features/shared/nearViewport.tsx';
import * as styles from '../features/layout/DetailPage.module.css';
import { KitsSection, KitsSkeleton } from '../features/kits/KitsSection.tsx';
import { ReviewsSection, ReviewsSkeleton } from '../features/reviews/ReviewsSection.tsx';
import '../catalogs/detail/messages.ts';

// Kits and reviews sit below the fold (far below on a phone): their code loads as the visitor
// scrolls near them, and their data with it.
const KitsForPattern = lazy(() => import('../features/kits/KitsForPattern.tsx').then((module) => ({ default: module.KitsForPattern })));
const PatternReviews = lazy(() => import('../features/reviews/PatternReviews.tsx').then((module) => ({ default: module.PatternReviews })));

/** /patterns/:productId: everything a maker needs to judge a pattern, and Buy / Get / Download. */
export default function PatternDetail() {
  const { i18n } = useLingui();
  const { productId = '' } = useParams();
  const locale = i18n.locale;
  // cached: back from the catalog or a store, the page shows at once; the title and description
  // in the visitor's language when the designer translated them (the read is the same in every language)
  const pattern = useQuery({ queryKey: patternKeys.detail(productId, locale), queryFn: ({ signal }) => getPattern(productId, signal, locale) });
  useCountPatternView(productId);
  if (pattern.data === undefined) {
    return (
      <section className={styles.loading}>
        {pattern.isError ? <h1>{i18n._('catalog.detail.heading')}</h1> : null}
        <QueryState
          query={pattern}
          errorTitle={i18n._('catalog.detail.loadError')}
          loadingLabel={i18n._('catalog.detail.loading')}
          skeleton={
            <div className={styles.loadingBlocks}>
              <Skeleton shape="block" height="20rem" />
              <Skeleton width="60%" />
              <Skeleton width="40%" />
            </div>
          }
        >
          {() => null}
        </QueryState>
      </section>
    );
  }
  if (!pattern.data) return <CatalogNotFound what="Pattern" />;
  const published = pattern.data.status === 'published';
  return (
    <>
      <DetailView pattern={pattern.data} />
      <WhenNear placeholder={<KitsAndReviewsLoading kits={published} />}>
        {published ? <KitsForPattern patternId={pattern.data.id} /> : null}
        <PatternReviews pattern={{ id: pattern.data.id, title: pattern.data.title, storeId: pattern.data.storeId, storeOwnerId: pattern.data.store.ownerId }} />
      </WhenNear>
    </>
  );
}

/**
 * What KitsForPattern and PatternReviews show while their data loads: same headings, same
 * height. Not aria-busy: it may wait for the visitor's scroll, and pages count as loaded
 * when nothing is busy.
 */
function KitsAndReviewsLoading({ kits }: { kits: boolean }) {
  return (
    <>
      {kits ? (
        <KitsSection busy={false}>
          <KitsSkeleton />
        </KitsSection>
      ) : null}
      <ReviewsSection>
        <ReviewsSkeleton busy={false} />
      </ReviewsSection>
    </>
  );
}
