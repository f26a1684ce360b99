import { Navigate, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useLingui } from '@lingui/react';
import { href } from '@stitchhouse/shared';
import { QueryState, Skeleton } from '@stitchhouse/shared/ui/index.ts';
import { getStoreBySlug, movedStoreSlug, storeKeys } from '../api/storefront.ts';
import { CatalogNotFound } from '../features/layout/NotFound.tsx';
import { StorefrontView } from '../features/storefront/StorefrontView.tsx';
import * as styles from '../features/layout/DetailPage.module.css';

/** /stores/:slug: a designer's or a shop's public storefront. */
export default function Storefront() {
  const { slug = '' } = useParams();
  const { i18n } = useLingui();
  // A renamed store's old address leads to its new one (printed links keep working).
  const store = useQuery({
    queryKey: storeKeys.bySlug(slug),
    queryFn: async ({ signal }) => {
      const found = await getStoreBySlug(slug, signal);
      return found ?? { movedTo: await movedStoreSlug(slug, signal) };
    },
  });
  if (store.data === undefined) {
    return (
      <section className={styles.loading}>
        {store.isError ? <h1>{i18n._('catalog.store.heading')}</h1> : null}
        <QueryState
          query={store}
          errorTitle={i18n._('catalog.store.loadError')}
          loadingLabel={i18n._('catalog.store.loading')}
          skeleton={
            <div className={styles.loadingBlocks}>
              <Skeleton shape="block" height="12rem" />
              <Skeleton width="40%" />
            </div>
          }
        >
          {() => null}
        </QueryState>
      </section>
    );
  }
  if (!store.data) return <CatalogNotFound what="Store" />;
  if ('movedTo' in store.data) {
    return store.data.movedTo ? <Navigate to={href('/stores/:slug', { slug: store.data.movedTo })} replace /> : <CatalogNotFound what="Store" />;
  }
  return <StorefrontView store={store.data} />;
}
