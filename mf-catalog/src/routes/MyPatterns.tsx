import { useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react';
import { useLive } from '@stitchhouse/shared/query/live.ts';
import { href, useSession } from '@stitchhouse/shared';
import { Button, EmptyState, LinkButton, PageHeading, QueryState, Select, Spinner, TextField } from '@stitchhouse/shared/ui/index.ts';
import { libraryKeys, myLibrary, myMadePatterns, myRefunded } from '../api/library.ts';
import { LibraryItem } from '../features/library/LibraryItem.tsx';
import { FavouritePatterns } from '../features/library/FavouritePatterns.tsx';
import { LIBRARY_SORTS, LIBRARY_SORT_LABELS, libraryView, type LibrarySort } from '../features/library/libraryView.ts';
import { formatDate } from '../features/locale/formatDate.ts';
import * as styles from '../features/library/Library.module.css';
import '../catalogs/owner/messages.ts';

/** /patterns/my-patterns: what the person owns and, for designers, what they made. */
export default function MyPatterns() {
  const { loading, session } = useSession();
  const { i18n } = useLingui();
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<LibrarySort>('recent');
  const userId = session?.user.id ?? '';
  const library = useQuery({
    queryKey: libraryKeys.mine(userId),
    queryFn: async () => {
      const [owned, made, refunded] = await Promise.all([myLibrary(), myMadePatterns(), myRefunded(userId)]);
      const ownedIds = new Set(owned.map((e) => e.patternId));
      // A pattern bought again after a refund is simply owned.
      return { owned, made, refunded: refunded.filter((r, i, all) => !ownedIds.has(r.patternId) && all.findIndex((x) => x.patternId === r.patternId) === i) };
    },
    enabled: userId !== '',
  });
  // live: a designer's new version of an owned pattern shows as it lands (patterns is published
  // for Realtime; Realtime takes at most 100 values in an in-filter, the most recent purchases)
  const ownedIds = (library.data?.owned ?? []).slice(0, 100).map((e) => e.patternId);
  useLive({
    topic: ownedIds.length ? 'library' : null,
    changes: [{ table: 'patterns', event: 'UPDATE', filter: `id=in.(${ownedIds.join(',')})` }],
    invalidate: [libraryKeys.mine(userId)],
  });
  const spinner = <Spinner label={i18n._('catalog.mine.loading')} showLabel />;

  if (loading) return spinner;
  if (!session) {
    return (
      <>
        <PageHeading title={i18n._('catalog.mine.heading')}>{i18n._('catalog.mine.heading')}</PageHeading>
        <EmptyState
          title={i18n._('catalog.mine.signIn.title')}
          actions={<LinkButton to={href('/sign-in', { next: href('/patterns/my-patterns') })}>{i18n._('catalog.mine.signIn.action')}</LinkButton>}
        >
          {i18n._('catalog.mine.signIn.text')}
        </EmptyState>
      </>
    );
  }
  if (library.data === undefined) {
    return (
      <QueryState query={library} errorTitle={i18n._('catalog.mine.loadError')} skeleton={spinner}>
        {() => null}
      </QueryState>
    );
  }
  const { owned, made, refunded } = library.data;
  const updated = owned.filter((e) => e.updated).length;
  const shown = libraryView(owned, search, sort);
  return (
    <>
      <PageHeading title={i18n._('catalog.mine.heading')} lead={updated > 0 ? i18n._('catalog.mine.updatedLead', { count: updated }) : undefined}>
        {i18n._('catalog.mine.heading')}
      </PageHeading>
      <section aria-labelledby="owned-title">
        <h2 id="owned-title">{i18n._('catalog.mine.library.heading')}</h2>
        {owned.length === 0 ? (
          <EmptyState
            title={i18n._('catalog.mine.library.empty')}
            headingLevel={3}
            actions={
              <>
                <LinkButton to={href('/patterns')}>{i18n._('catalog.mine.browse')}</LinkButton>{' '}
                <LinkButton variant="secondary" to={href('/patterns', { free: '1' })}>
                  {i18n._('catalog.mine.library.free')}
                </LinkButton>
              </>
            }
          >
            {i18n._('catalog.mine.library.emptyText')}
          </EmptyState>
        ) : (
          <>
            <div className={styles.controls} role="search" aria-label={i18n._('catalog.mine.library.heading')}>
              <TextField
                label={i18n._('catalog.mine.library.search')}
                type="search"
                value={search}
                placeholder={i18n._('catalog.mine.library.searchPlaceholder')}
                onChange={(e) => setSearch(e.target.value)}
              />
              <Select
                label={i18n._('catalog.mine.library.sort')}
                value={sort}
                options={LIBRARY_SORTS.map((s) => ({ value: s, label: i18n._(LIBRARY_SORT_LABELS[s]) }))}
                onChange={(e) => setSort(e.target.value as LibrarySort)}
              />
            </div>
            <p className={styles.count} aria-live="polite">
              {shown.length === owned.length
                ? i18n._('catalog.mine.library.count', { count: owned.length })
                : i18n._('catalog.mine.library.countOf', { shown: shown.length, count: owned.length })}
            </p>
            {shown.length === 0 ? (
              <EmptyState
                title={i18n._('catalog.mine.library.noMatch')}
                headingLevel={3}
                actions={
                  <Button variant="secondary" onClick={() => setSearch('')}>
                    {i18n._('catalog.mine.library.clear')}
                  </Button>
                }
              >
                {i18n._('catalog.mine.library.noMatchText', { search: search.trim() })}
              </EmptyState>
            ) : (
              <ul className={styles.grid} aria-label={i18n._('catalog.mine.library.ownedLabel')}>
                {shown.map((entry) => (
                  <LibraryItem key={entry.patternId} entry={entry} />
                ))}
              </ul>
            )}
          </>
        )}
      </section>
      <FavouritePatterns userId={session.user.id} />
      {refunded.length > 0 ? (
        <section aria-labelledby="refunded-title">
          <h2 id="refunded-title">{i18n._('catalog.mine.refunded.heading')}</h2>
          <ul aria-label={i18n._('catalog.mine.refunded.label')}>
            {refunded.map((r) => (
              <li key={r.patternId} data-pattern-id={r.patternId}>
                <Trans
                  id="catalog.mine.refunded.item"
                  values={{ title: r.title, date: formatDate(r.refundedAt) }}
                  components={{ 0: <Link to={href('/payment')} /> }}
                />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {made.map(({ storeName, patterns }, index) => (
        <section key={storeName} aria-labelledby={`made-${index}`}>
          <h2 id={`made-${index}`}>{i18n._('catalog.mine.made.heading', { store: storeName })}</h2>
          {patterns.length === 0 ? (
            <p>
              <Trans id="catalog.mine.made.none" components={{ 0: <Link to={href('/patterns/my-store')} /> }} />
            </p>
          ) : (
            <ul>
              {patterns.map((p) => (
                <li key={p.id}>
                  {i18n._('catalog.mine.made.item', { title: p.title, status: p.status })} ·{' '}
                  <Link to={href('/patterns/:productId/edit', { productId: p.id })} aria-label={i18n._('catalog.mine.made.editLabel', { title: p.title })}>
                    {i18n._('catalog.mine.made.edit')}
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </section>
      ))}
    </>
  );
}
