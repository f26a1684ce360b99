import { Navigate, useParams } from 'react-router';
import { describeError, href } from '@stitchhouse/shared';
import { Alert, Button, Skeleton } from '@stitchhouse/shared/ui/index.ts';
import { getStoreBySlug, movedStoreSlug } from '../api/stores.ts';
import { useAsync } from '@stitchhouse/shared/useAsync.ts';
import { CatalogNotFound } from '../features/shared/NotFound.tsx';
import { StorefrontView } from '../features/storefront/StorefrontView.tsx';
import * as styles from '../features/shared/DetailPage.module.css';

/** /stores/:slug: a designer's or a shop's public storefront. */
export default function Storefront() {
  const { slug = '' } = useParams();
  // A renamed store's old address leads to its new one (printed links keep working).
  const store = useAsync(slug, async (signal) => {
    const found = await getStoreBySlug(slug, signal);
    return found ?? { movedTo: await movedStoreSlug(slug, signal) };
  });
  if (store.status === 'error') {
    return (
      <section className={styles.loading}>
        <h1>Store</h1>
        <Alert tone="danger" title="This store could not be loaded" actions={<Button size="small" onClick={store.retry}>Try again</Button>}>
          {describeError(store.error).message}
        </Alert>
      </section>
    );
  }
  if (store.status === 'loading' || (store.data && 'slug' in store.data && store.data.slug !== slug)) {
    return (
      <section className={styles.loading} aria-busy="true" aria-label="Loading the store">
        <Skeleton shape="block" height="12rem" />
        <Skeleton width="40%" />
      </section>
    );
  }
  if (!store.data) return <CatalogNotFound what="Store" />;
  if ('movedTo' in store.data) {
    return store.data.movedTo ? <Navigate to={href('/stores/:slug', { slug: store.data.movedTo })} replace /> : <CatalogNotFound what="Store" />;
  }
  return <StorefrontView store={store.data} />;
}
