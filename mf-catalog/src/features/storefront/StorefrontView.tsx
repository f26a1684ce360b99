import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useLingui } from '@lingui/react';
import { href } from '@stitchhouse/shared';
import { pageTitle } from '@stitchhouse/shared/brand.ts';
import { EmptyState, QueryState } from '@stitchhouse/shared/ui/index.ts';
import { Markdown } from '@stitchhouse/shared/ui/Markdown.tsx';
import { searchPatterns } from '../../api/catalog.ts';
import { listStockedPatterns, storeKeys, type Storefront } from '../../api/storefront.ts';
import { Pagination } from '../pagination/Pagination.tsx';
import { PatternGrid, PatternGridSkeleton } from '../pattern-card/PatternGrid.tsx';
import { useDeferredResults } from '../pattern-card/useDeferredResults.ts';
import { CATALOG_PAGE_SIZE } from '@stitchhouse/shared/catalog/columns.ts';
import { pageCount } from '../shared/urlState.ts';
import { publicImageUrl } from '../shared/images.ts';
import { FollowButton } from './FollowButton.tsx';
import * as styles from './StorefrontView.module.css';
import { countryName } from '@stitchhouse/shared/countries.ts';

const KIND_LABEL: Record<Storefront['kind'], string> = {
  designer: /*i18n*/ 'catalog.store.kind.designer',
  retailer: /*i18n*/ 'catalog.store.kind.retailer',
  supplier: /*i18n*/ 'catalog.store.kind.supplier',
};

export function StorefrontView({ store }: { store: Storefront }) {
  const [params] = useSearchParams();
  const { i18n } = useLingui();
  const pageParam = params.get('page');
  const page = pageParam && /^\d{1,4}$/.test(pageParam) && Number(pageParam) >= 1 ? Number(pageParam) : 1;
  // The last page stays while the next loads; the cards render in the background (useDeferredResults).
  const patterns = useDeferredResults(
    useQuery({
      queryKey: storeKeys.patterns(store.id, page),
      queryFn: ({ signal }) =>
        searchPatterns({ store_id: store.id, sort: 'newest', page_size: CATALOG_PAGE_SIZE, page_offset: (page - 1) * CATALOG_PAGE_SIZE }, signal),
      placeholderData: keepPreviousData,
    }),
  );
  const stocked = useQuery({
    queryKey: storeKeys.stocked(store.id),
    queryFn: ({ signal }) => listStockedPatterns(store.id, signal),
    enabled: store.kind === 'retailer',
  });
  useEffect(() => {
    document.title = pageTitle(store.name);
  }, [store.name]);

  return (
    <article className={styles.page}>
      <header className={styles.header}>
        {store.bannerPath ? (
          <img className={styles.banner} src={publicImageUrl(store.bannerPath, 'store-assets')} alt="" data-testid="store-banner" />
        ) : (
          <div className={styles.bannerPlain} data-testid="store-banner" />
        )}
        <div className={styles.identity}>
          {store.logoPath ? (
            <img
              className={styles.logo}
              src={publicImageUrl(store.logoPath, 'store-assets')}
              alt={i18n._('catalog.store.logo', { store: store.name })}
              width={96}
              height={96}
            />
          ) : (
            <span className={styles.logoPlain} aria-hidden="true">
              {store.name.charAt(0).toUpperCase()}
            </span>
          )}
          <div className={styles.nameBlock}>
            <h1 className={styles.name}>{store.name}</h1>
            <p className={styles.kind}>
              {i18n._(KIND_LABEL[store.kind])} · {countryName(store.country, i18n.locale)}
            </p>
            <FollowButton storeId={store.id} storeName={store.name} />
          </div>
        </div>
      </header>

      <div className={styles.about}>
        {/* The designer's markdown through the platform's one renderer, as the bio form's preview shows it. */}
        {store.bio?.trim() ? (
          <div className={styles.bio} data-testid="store-bio">
            <Markdown>{store.bio}</Markdown>
          </div>
        ) : null}
        {store.address ? (
          <section aria-labelledby="visit-heading" className={styles.address}>
            <h2 id="visit-heading">{i18n._('catalog.store.visit')}</h2>
            <address data-testid="store-address">
              {store.address.line1}
              <br />
              {store.address.line2 ? (
                <>
                  {store.address.line2}
                  <br />
                </>
              ) : null}
              {store.address.postalCode} {store.address.city}
              {store.address.region ? `, ${store.address.region}` : ''}
              <br />
              {countryName(store.country, i18n.locale)}
            </address>
          </section>
        ) : null}
      </div>

      <section className={styles.section} aria-labelledby="store-patterns" aria-busy={patterns.loading}>
        <h2 id="store-patterns">
          {patterns.data
            ? i18n._('catalog.store.patternsCount', { kind: store.kind === 'retailer' ? 'shop' : 'other', count: patterns.data.total })
            : i18n._('catalog.store.patterns', { kind: store.kind === 'retailer' ? 'shop' : 'other' })}
        </h2>
        <QueryState
          query={patterns}
          errorTitle={i18n._('catalog.store.patternsError')}
          skeleton={<PatternGridSkeleton count={4} />}
          isEmpty={(found) => found.hits.length === 0}
          empty={
            store.kind === 'retailer' ? (
              <p>{i18n._('catalog.store.noOwnPatterns')}</p>
            ) : (
              <EmptyState title={i18n._('catalog.store.noPatterns')} headingLevel={3}>
                <p>{i18n._('catalog.store.noPatternsText', { store: store.name })}</p>
              </EmptyState>
            )
          }
        >
          {(found) => (
            <>
              <PatternGrid patterns={found.hits} headingLevel={3} />
              <Pagination
                page={page}
                pages={pageCount(found.total)}
                hrefOf={(p) => (p === 1 ? href('/stores/:slug', { slug: store.slug }) : href('/stores/:slug', { slug: store.slug }, { page: p }))}
              />
            </>
          )}
        </QueryState>
      </section>

      {store.kind === 'retailer' ? (
        <section className={styles.section} aria-labelledby="stocked-patterns" aria-busy={stocked.isFetching}>
          <h2 id="stocked-patterns">{i18n._('catalog.store.stocked')}</h2>
          <QueryState
            query={stocked}
            errorTitle={i18n._('catalog.store.stockedError')}
            skeleton={<PatternGridSkeleton count={4} />}
            empty={<p>{i18n._('catalog.store.stockedEmpty')}</p>}
          >
            {(carried) => (
              <PatternGrid
                patterns={carried}
                headingLevel={3}
                aboveFold={false}
                footerOf={(p) => {
                  const copies = carried.find((s) => s.id === p.id)?.printedCopies ?? 0;
                  return (
                    <span className={styles.stock}>{copies > 0 ? i18n._('catalog.store.copies', { count: copies }) : i18n._('catalog.store.askForCopy')}</span>
                  );
                }}
              />
            )}
          </QueryState>
        </section>
      ) : null}
    </article>
  );
}
