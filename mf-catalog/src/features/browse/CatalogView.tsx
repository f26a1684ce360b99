import { lazy, Suspense, useEffect, useState, type FormEvent } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { Trans, useLingui } from '@lingui/react';
import { href } from '@stitchhouse/shared';
import { pageTitle } from '@stitchhouse/shared/brand.ts';
import { Button, EmptyState, QueryState, Select, Skeleton, VisuallyHidden } from '@stitchhouse/shared/ui/index.ts';
import { recommendedSize } from '@stitchhouse/shared/catalog/sizing.ts';
import { useBuyerCurrency } from '@stitchhouse/shared/currency/index.ts';
import { listCategories, patternKeys, searchPatterns, sizeChartsOf, suggestPatterns, type SearchResult } from '../../api/catalog.ts';
import { FiltersDrawer } from './FiltersDrawer.tsx';
import { Pagination } from '../pagination/Pagination.tsx';
import { resultCountLabel, showResultsLabel } from './resultCount.ts';
import { PatternGrid, PatternGridSkeleton } from '../pattern-card/PatternGrid.tsx';
import { useDeferredResults } from '../pattern-card/useDeferredResults.ts';
import { useCatalogQuery } from './useCatalogQuery.ts';
import { FILTERS_BESIDE_RESULTS, useMediaQuery } from './useWideScreen.ts';
import {
  EMPTY_QUERY,
  SORTS,
  SORT_LABELS,
  activeFilterCount,
  clearFilters,
  effectiveSort,
  hasFit,
  pagesToOffer,
  serializeCatalogQuery,
  toSearchArgs,
  withChanges,
  type CatalogQuery,
  type CatalogSort,
} from '../shared/urlState.ts';
import * as styles from './CatalogView.module.css';

// "Fits me", the currency and the filters are a chunk of their own: beside the results on wide
// screens it loads with the page; in the sheet on phones only when the sheet opens, so a phone
// landing on the catalog does not download the filters it has not opened.
const FilterPanel = lazy(() => import('./FilterPanel.tsx').then((module) => ({ default: module.FilterPanel })));

export interface CatalogViewProps {
  mode: 'browse' | 'search';
}

interface CatalogPage {
  result: SearchResult;
  sizes: Map<string, string>;
}

async function loadPage(query: CatalogQuery, locale: string, signal: AbortSignal): Promise<CatalogPage> {
  const result = await searchPatterns(toSearchArgs(query), signal, locale);
  const sizes = new Map<string, string>();
  if (hasFit(query) && result.hits.length > 0) {
    const charts = await sizeChartsOf(
      result.hits.map((hit) => hit.id),
      signal,
    );
    for (const [id, chart] of charts) {
      const size = recommendedSize(chart, query.fit);
      if (size) sizes.set(id, size.label);
    }
  }
  return { result, sizes };
}

const NO_CATEGORIES: string[] = [];

function useCategories(): string[] {
  // Only a convenience for the filter: a failure leaves the list empty, the page works.
  return useQuery({ queryKey: patternKeys.categories(), queryFn: () => listCategories() }).data ?? NO_CATEGORIES;
}

/** /patterns and /patterns/search: the same filters, sorts and grid; search adds words and suggestions. */
export function CatalogView({ mode }: CatalogViewProps) {
  const { i18n } = useLingui();
  const [query, setQuery] = useCatalogQuery();
  const navigate = useNavigate();
  const basePath = mode === 'search' ? href('/patterns/search') : href('/patterns');
  const key = serializeCatalogQuery(query);
  // price filters and sorts are in the buyer's currency: a switch asks again
  const currency = useBuyerCurrency();
  // The last page stays on screen (dimmed) while the next one loads, and renders in the background.
  const page = useDeferredResults(
    useQuery({
      queryKey: patternKeys.search(key, currency, i18n.locale),
      queryFn: ({ signal }) => loadPage(query, i18n.locale, signal),
      placeholderData: keepPreviousData,
    }),
  );
  const { data, loading } = page;
  const categories = useCategories();
  const wide = useMediaQuery(FILTERS_BESIDE_RESULTS);
  const title =
    mode === 'search'
      ? query.q
        ? i18n._('catalog.browse.searchTitle', { q: query.q })
        : i18n._('catalog.browse.searchHeading')
      : i18n._('catalog.browse.heading');
  const [words, setWords] = useState(query.q);
  useEffect(() => setWords(query.q), [query.q]);
  useEffect(() => {
    document.title = pageTitle(title);
  }, [title]);

  const suggestions = useQuery({
    queryKey: patternKeys.suggestions(query.q, i18n.locale),
    queryFn: ({ signal }) => suggestPatterns(query.q, signal, i18n.locale),
    enabled: mode === 'search' && query.q.length >= 2,
  });

  function search(event: FormEvent) {
    event.preventDefault();
    const q = words.trim();
    const next = withChanges(query, { q, sort: query.sort === 'relevance' && !q ? null : query.sort });
    const qs = serializeCatalogQuery(next);
    if (mode === 'browse' && q) void navigate(href('/patterns/search', qs));
    else setQuery(next);
  }

  const hrefOf = (q: CatalogQuery) => {
    const qs = serializeCatalogQuery(q);
    return qs ? `${basePath}?${qs}` : basePath;
  };
  const filters = activeFilterCount(query);
  const sort = effectiveSort(query);
  const sortOptions = SORTS.filter((s) => s !== 'relevance' || query.q).map((s) => ({ value: s, label: i18n._(SORT_LABELS[s]) }));
  const loadingFirst = data === undefined && (page.status !== 'error' || page.fetchStatus === 'fetching');
  const topSuggestion = (suggestions.data ?? []).find((s) => s.suggestion.toLowerCase() !== query.q.toLowerCase());
  // Beside the results on wide screens; on phones in a sheet behind "Filters (n)", results first.
  // The skeleton is the fits-me form's height.
  const filterPanel = (
    <Suspense fallback={<Skeleton shape="block" height="35.6rem" />}>
      <FilterPanel query={query} categories={categories} onChange={setQuery} />
    </Suspense>
  );

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h1 className={styles.heading} tabIndex={-1}>
          {mode === 'search' ? i18n._('catalog.browse.searchHeading') : i18n._('catalog.browse.heading')}
        </h1>
        <form role="search" className={styles.searchForm} onSubmit={search}>
          <label htmlFor={`catalog-q-${mode}`} className={styles.searchLabel}>
            {i18n._('catalog.browse.searchHeading')}
          </label>
          <div className={styles.searchRow}>
            <input
              id={`catalog-q-${mode}`}
              type="search"
              name="q"
              value={words}
              maxLength={200}
              placeholder={i18n._('catalog.browse.searchPlaceholder')}
              onChange={(e) => setWords(e.target.value)}
              className={styles.searchInput}
            />
            <Button type="submit">{i18n._('catalog.browse.searchButton')}</Button>
          </div>
        </form>
      </header>

      <div className={styles.layout}>
        {wide ? (
          <aside className={styles.sidebar} aria-label={i18n._('catalog.browse.filters')}>
            {filterPanel}
          </aside>
        ) : null}

        <section className={styles.results} aria-labelledby={`results-${mode}`} aria-busy={loading}>
          <div className={styles.toolbar}>
            <h2 id={`results-${mode}`} className={styles.count} aria-live="polite" data-testid="result-count">
              {loadingFirst
                ? i18n._('catalog.browse.loading')
                : data
                  ? resultCountLabel(i18n, data.result.total, data.result.totalIsEstimate, query.q)
                  : i18n._('catalog.browse.heading')}
            </h2>
            {wide ? null : (
              <FiltersDrawer
                active={filters}
                showLabel={
                  data && !loadingFirst ? showResultsLabel(i18n, data.result.total, data.result.totalIsEstimate) : i18n._('catalog.browse.showPatterns')
                }
              >
                {filterPanel}
              </FiltersDrawer>
            )}
            <Select
              label={i18n._('catalog.browse.sortBy')}
              value={sort}
              options={sortOptions}
              className={styles.sort}
              onChange={(e) => setQuery(withChanges(query, { sort: e.target.value as CatalogSort }))}
            />
          </div>

          {mode === 'search' && topSuggestion && data && (data.result.total === 0 || data.result.similarOnly) ? (
            <p className={styles.suggestion} data-testid="did-you-mean">
              <Trans
                id="catalog.browse.didYouMean"
                values={{ suggestion: topSuggestion.suggestion }}
                components={{ 0: <Link to={hrefOf(withChanges(query, { q: topSuggestion.suggestion }))} /> }}
              />
            </p>
          ) : null}
          {data?.result.similarOnly ? <p className={styles.note}>{i18n._('catalog.browse.similarOnly', { q: query.q })}</p> : null}

          <QueryState
            query={page}
            errorTitle={i18n._('catalog.browse.loadError')}
            skeleton={
              <>
                <VisuallyHidden>{i18n._('catalog.browse.loading')}</VisuallyHidden>
                <PatternGridSkeleton />
              </>
            }
            isEmpty={(shown) => shown.result.hits.length === 0}
            empty={
              loading ? null : (
                <EmptyState
                  title={query.page > 1 ? i18n._('catalog.browse.empty.noPage') : i18n._('catalog.browse.empty.title')}
                  actions={
                    <>
                      {filters > 0 ? <Button onClick={() => setQuery(clearFilters(query))}>{i18n._('catalog.browse.clearFilters')}</Button> : null}
                      {query.page > 1 ? <Link to={hrefOf(withChanges(query, { page: 1 }))}>{i18n._('catalog.browse.firstPage')}</Link> : null}
                      {query.q ? <Link to={hrefOf({ ...EMPTY_QUERY })}>{i18n._('catalog.common.browseAll')}</Link> : null}
                    </>
                  }
                >
                  {query.page > 1 ? (
                    <p>{i18n._('catalog.browse.empty.endsBefore', { page: query.page })}</p>
                  ) : hasFit(query) ? (
                    <p>{i18n._('catalog.browse.empty.noFit')}</p>
                  ) : (
                    <p>{i18n._('catalog.browse.empty.hint')}</p>
                  )}
                </EmptyState>
              )
            }
          >
            {(shown) => (
              <div className={loading ? styles.stale : undefined}>
                <PatternGrid patterns={shown.result.hits} recommendedSizes={shown.sizes} headingLevel={3} highlight={query.q} />
                <Pagination
                  page={query.page}
                  pages={pagesToOffer(shown.result.total, shown.result.totalIsEstimate, query.page, shown.result.hits.length)}
                  pagesAreEstimate={shown.result.totalIsEstimate}
                  hrefOf={(p) => hrefOf(withChanges(query, { page: p }))}
                />
              </div>
            )}
          </QueryState>
        </section>
      </div>
    </div>
  );
}
