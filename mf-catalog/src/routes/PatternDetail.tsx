import { useParams } from 'react-router';
import { describeError } from '@stitchhouse/shared';
import { Alert, Button, Skeleton } from '@stitchhouse/shared/ui/index.ts';
import { getPattern } from '../api/catalog.ts';
import { useAsync } from '@stitchhouse/shared/useAsync.ts';
import { DetailView } from '../features/detail/DetailView.tsx';
import { CatalogNotFound } from '../features/shared/NotFound.tsx';
import { KitsForPattern } from '../features/kits/KitsForPattern.tsx';
import { PatternReviews } from '../features/reviews/PatternReviews.tsx';
import { useCountPatternView } from '../features/views/useCountPatternView.ts';
import * as styles from '../features/shared/DetailPage.module.css';

/** /patterns/:productId: everything a maker needs to judge a pattern, and Buy / Get / Download. */
export default function PatternDetail() {
  const { productId = '' } = useParams();
  const pattern = useAsync(productId, (signal) => getPattern(productId, signal));
  useCountPatternView(productId);
  if (pattern.status === 'error') {
    return (
      <section className={styles.loading}>
        <h1>Pattern</h1>
        <Alert tone="danger" title="This pattern could not be loaded" actions={<Button size="small" onClick={pattern.retry}>Try again</Button>}>
          {describeError(pattern.error).message}
        </Alert>
      </section>
    );
  }
  if (pattern.status === 'loading' || (pattern.data && pattern.data.id !== productId)) {
    return (
      <section className={styles.loading} aria-busy="true" aria-label="Loading the pattern">
        <Skeleton shape="block" height="20rem" />
        <Skeleton width="60%" />
        <Skeleton width="40%" />
      </section>
    );
  }
  if (!pattern.data) return <CatalogNotFound what="Pattern" />;
  return (
    <>
      <DetailView pattern={pattern.data} />
      {pattern.data.status === 'published' ? <KitsForPattern patternId={pattern.data.id} /> : null}
      <PatternReviews pattern={{ id: pattern.data.id, title: pattern.data.title, storeId: pattern.data.storeId, storeOwnerId: pattern.data.store.ownerId }} />
    </>
  );
}
