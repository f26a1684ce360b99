import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { errorMessage, href, useSession } from '@stitchhouse/shared';
import { Alert, Button, Checkbox, EmptyState, LinkButton, PageHeading, QueryState, Spinner, VisuallyHidden } from '@stitchhouse/shared/ui/index.ts';
import { changeStatus, listStockedPatterns, listStorePatterns, myStores, publishingKeys, type PatternStatus } from '../api/publishing.ts';
import { bulkSummary } from '../features/publish/bulkSummary.ts';
import { patternsChanged } from '../features/publish/patternsChanged.ts';
import { formatPrice } from '@stitchhouse/shared/money.ts';
import { coverImage } from '@stitchhouse/shared/storage/coverImage.ts';
import * as styles from '../features/publish/StoreManager.module.css';
import { formatDate } from '../features/shared/formatDate.ts';

const STATUSES: PatternStatus[] = ['draft', 'published', 'archived'];
const STATUS_LABEL: Record<PatternStatus, string> = { draft: 'Draft', published: 'Published', archived: 'Archived' };

/** /patterns/my-store: the owner's catalog manager with bulk publish / archive / back to draft. */
export default function MyStore() {
  const { loading, session } = useSession();
  const navigate = useNavigate();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [busy, setBusy] = useState<string | null>(null);
  const [banner, setBanner] = useState<{ tone: 'success' | 'warning' | 'danger'; text: string } | null>(null);
  const userId = session?.user.id ?? null;
  const state = useQuery({
    queryKey: publishingKeys.manager(userId),
    queryFn: async () => {
      const stores = await myStores();
      const store = stores[0] ?? null;
      if (!store) return null;
      const [patterns, stocked] = await Promise.all([
        listStorePatterns(store.id),
        store.kind === 'retailer' ? listStockedPatterns(store.id) : Promise.resolve([]),
      ]);
      return { store, patterns, stocked };
    },
    enabled: userId !== null,
  });
  const spinner = <Spinner label="Loading your store…" showLabel />;

  if (loading) return spinner;
  if (!session) {
    return (
      <>
        <PageHeading title="My store">My store</PageHeading>
        <EmptyState
          title="Sign in to manage your store"
          actions={<LinkButton to={href('/sign-in', { next: href('/patterns/my-store') })}>Sign in</LinkButton>}
        />
      </>
    );
  }
  if (state.data === undefined) {
    return (
      <QueryState query={state} errorTitle="Your store could not be loaded" skeleton={spinner}>
        {() => null}
      </QueryState>
    );
  }
  if (!state.data) {
    return (
      <>
        <PageHeading title="My store">My store</PageHeading>
        <EmptyState title="You have no store yet" actions={<LinkButton to={href('/account/store')}>Open your store</LinkButton>}>
          Open a store to publish your patterns, set prices and get paid. It takes a couple of minutes.
        </EmptyState>
      </>
    );
  }
  const { store, patterns, stocked } = state.data;
  const counts = Object.fromEntries(STATUSES.map((s) => [s, patterns.filter((p) => p.status === s).length])) as Record<PatternStatus, number>;
  const allSelected = patterns.length > 0 && selected.size === patterns.length;

  // Nothing is stored until the editor's first save (no empty "Untitled pattern" drafts).
  function newPattern() {
    void navigate(href('/patterns/:productId/edit', { productId: 'new' }));
  }

  async function bulk(status: PatternStatus) {
    setBusy(status);
    setBanner(null);
    try {
      const summary = bulkSummary(await changeStatus([...selected], status), status);
      setBanner({ tone: summary.failed.length === 0 ? 'success' : summary.ok === 0 ? 'danger' : 'warning', text: summary.text });
      setSelected(new Set(summary.failed.map((f) => f.id)));
      void patternsChanged();
    } catch (error) {
      setBanner({ tone: 'danger', text: errorMessage(error) });
    } finally {
      setBusy(null);
    }
  }

  const toggle = (id: string) =>
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <>
      <PageHeading title="My store" eyebrow={<Link to={href('/stores/:slug', { slug: store.slug })}>{store.name}</Link>}>
        My store
      </PageHeading>
      <ul className={styles.counts} aria-label="Patterns by status">
        {STATUSES.map((s) => (
          <li key={s}>
            <strong>{counts[s]}</strong>
            {STATUS_LABEL[s]}
          </li>
        ))}
      </ul>
      <div className={styles.toolbar}>
        <Button onClick={newPattern}>New pattern</Button>
        <span aria-live="polite">{selected.size} selected</span>
        <Button variant="secondary" disabled={selected.size === 0 || busy !== null} busy={busy === 'published'} onClick={() => void bulk('published')}>
          Publish selected
        </Button>
        <Button variant="secondary" disabled={selected.size === 0 || busy !== null} busy={busy === 'archived'} onClick={() => void bulk('archived')}>
          Archive selected
        </Button>
        <Button variant="ghost" disabled={selected.size === 0 || busy !== null} busy={busy === 'draft'} onClick={() => void bulk('draft')}>
          Back to draft
        </Button>
      </div>
      <div aria-live="polite">
        {banner ? (
          <Alert tone={banner.tone} title="Bulk change">
            {banner.text}
          </Alert>
        ) : null}
      </div>
      {patterns.length === 0 ? (
        <EmptyState title="No patterns yet" actions={<Button onClick={newPattern}>Create your first pattern</Button>}>
          Start a draft: add photos, the size chart and your PDFs, then publish when the checklist is complete.
        </EmptyState>
      ) : (
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <caption style={{ textAlign: 'left' }}>
              {patterns.length} pattern{patterns.length === 1 ? '' : 's'} in {store.name}
            </caption>
            <thead>
              <tr>
                <th scope="col">
                  <Checkbox
                    label="Select all"
                    checked={allSelected}
                    onChange={() => setSelected(allSelected ? new Set() : new Set(patterns.map((p) => p.id)))}
                  />
                </th>
                <th scope="col">Cover</th>
                <th scope="col">Title</th>
                <th scope="col">Status</th>
                <th scope="col">Price</th>
                <th scope="col">Formats</th>
                <th scope="col">Updated</th>
              </tr>
            </thead>
            <tbody>
              {patterns.map((p) => (
                <tr key={p.id} data-pattern-id={p.id}>
                  <td>
                    <Checkbox label={<VisuallyHidden>Select {p.title}</VisuallyHidden>} checked={selected.has(p.id)} onChange={() => toggle(p.id)} />
                  </td>
                  <td>
                    {p.coverPath ? (
                      <img className={styles.thumb} {...coverImage(p.coverPath, 'thumb')} alt="" loading="lazy" decoding="async" />
                    ) : (
                      <span className={styles.thumb} style={{ display: 'inline-block' }} />
                    )}
                  </td>
                  <td>
                    <Link to={href('/patterns/:productId/edit', { productId: p.id })}>{p.title}</Link>
                  </td>
                  <td className={styles.status}>{STATUS_LABEL[p.status]}</td>
                  <td>{formatPrice(p.priceCents, p.currency)}</td>
                  <td>{p.formats.length ? p.formats.map((f) => f.replace('_', ' ').toUpperCase()).join(', ') : 'None yet'}</td>
                  <td>{formatDate(p.updatedAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {store.kind === 'retailer' ? (
        <section aria-labelledby="stock-title">
          <h2 id="stock-title">Patterns your shop carries</h2>
          {stocked.length === 0 ? (
            <p>
              You do not list any designers' patterns yet. Find patterns in the <Link to={href('/patterns')}>catalog</Link>.
            </p>
          ) : (
            <ul>
              {stocked.map((s) => (
                <li key={s.id}>
                  <Link to={href('/patterns/:productId', { productId: s.id })}>{s.title}</Link> — {s.printedCopies} printed cop
                  {s.printedCopies === 1 ? 'y' : 'ies'} in stock
                </li>
              ))}
            </ul>
          )}
        </section>
      ) : null}
    </>
  );
}
