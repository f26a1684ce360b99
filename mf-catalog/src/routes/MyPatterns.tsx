import { useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useLive } from '@stitchhouse/shared/query/live.ts';
import { href, useSession } from '@stitchhouse/shared';
import { Button, EmptyState, LinkButton, PageHeading, QueryState, Select, Spinner, TextField } from '@stitchhouse/shared/ui/index.ts';
import { libraryKeys, myLibrary, myMadePatterns, myRefunded } from '../api/library.ts';
import { LibraryItem } from '../features/library/LibraryItem.tsx';
import { FavouritePatterns } from '../features/library/FavouritePatterns.tsx';
import { LIBRARY_SORTS, LIBRARY_SORT_LABELS, libraryView, type LibrarySort } from '../features/library/libraryView.ts';
import { formatDate } from '../features/shared/formatDate.ts';
import * as styles from '../features/library/Library.module.css';

/** /patterns/my-patterns: what the person owns and, for designers, what they made. */
export default function MyPatterns() {
  const { loading, session } = useSession();
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
  const spinner = <Spinner label="Loading your patterns…" showLabel />;

  if (loading) return spinner;
  if (!session) {
    return (
      <>
        <PageHeading title="My patterns">My patterns</PageHeading>
        <EmptyState
          title="Sign in to see your patterns"
          actions={<LinkButton to={href('/sign-in', { next: href('/patterns/my-patterns') })}>Sign in</LinkButton>}
        >
          Everything you buy or claim is kept in your library, ready to download again.
        </EmptyState>
      </>
    );
  }
  if (library.data === undefined) {
    return (
      <QueryState query={library} errorTitle="Your library could not be loaded" skeleton={spinner}>
        {() => null}
      </QueryState>
    );
  }
  const { owned, made, refunded } = library.data;
  const updated = owned.filter((e) => e.updated).length;
  const shown = libraryView(owned, search, sort);
  return (
    <>
      <PageHeading
        title="My patterns"
        lead={updated > 0 ? `${updated} pattern${updated === 1 ? ' has' : 's have'} a new version since you last downloaded.` : undefined}
      >
        My patterns
      </PageHeading>
      <section aria-labelledby="owned-title">
        <h2 id="owned-title">Your library</h2>
        {owned.length === 0 ? (
          <EmptyState
            title="Your library is empty"
            headingLevel={3}
            actions={
              <>
                <LinkButton to={href('/patterns')}>Browse patterns</LinkButton>{' '}
                <LinkButton variant="secondary" to={href('/patterns', { free: '1' })}>
                  Free patterns
                </LinkButton>
              </>
            }
          >
            Patterns you buy or get for free appear here, with their files ready to download.
          </EmptyState>
        ) : (
          <>
            <div className={styles.controls} role="search" aria-label="Your library">
              <TextField label="Search your library" type="search" value={search} placeholder="Title or designer" onChange={(e) => setSearch(e.target.value)} />
              <Select
                label="Sort by"
                value={sort}
                options={LIBRARY_SORTS.map((s) => ({ value: s, label: LIBRARY_SORT_LABELS[s] }))}
                onChange={(e) => setSort(e.target.value as LibrarySort)}
              />
            </div>
            <p className={styles.count} aria-live="polite">
              {shown.length === owned.length ? `${owned.length} pattern${owned.length === 1 ? '' : 's'}` : `${shown.length} of ${owned.length} patterns`}
            </p>
            {shown.length === 0 ? (
              <EmptyState
                title="No pattern in your library matches"
                headingLevel={3}
                actions={
                  <Button variant="secondary" onClick={() => setSearch('')}>
                    Clear the search
                  </Button>
                }
              >
                Nothing you own has “{search.trim()}” in its title or designer.
              </EmptyState>
            ) : (
              <ul className={styles.grid} aria-label="Patterns you own">
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
          <h2 id="refunded-title">Refunded</h2>
          <ul aria-label="Refunded patterns">
            {refunded.map((r) => (
              <li key={r.patternId} data-pattern-id={r.patternId}>
                {r.title} — refunded on {formatDate(r.refundedAt)}; no longer downloadable. <Link to={href('/payment')}>Receipts</Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {made.map(({ storeName, patterns }, index) => (
        <section key={storeName} aria-labelledby={`made-${index}`}>
          <h2 id={`made-${index}`}>Made by {storeName}</h2>
          {patterns.length === 0 ? (
            <p>
              No patterns yet. <Link to={href('/patterns/my-store')}>Create one in your store</Link>.
            </p>
          ) : (
            <ul>
              {patterns.map((p) => (
                <li key={p.id}>
                  {p.title} — {p.status === 'published' ? 'Published' : p.status === 'draft' ? 'Draft' : 'Archived'} ·{' '}
                  <Link to={href('/patterns/:productId/edit', { productId: p.id })} aria-label={`Edit ${p.title}`}>
                    Edit
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
