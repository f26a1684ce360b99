import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react';
import { errorMessage, href, useSession } from '@stitchhouse/shared';
import { Alert, Button, Checkbox, EmptyState, LinkButton, PageHeading, QueryState, Spinner, VisuallyHidden } from '@stitchhouse/shared/ui/index.ts';
import { changeStatus, listStockedPatterns, listStorePatterns, myStores, publishingKeys, type PatternStatus } from '../api/publish.ts';
import { bulkSummary } from '../features/publish/bulkSummary.ts';
import { patternsChanged } from '../features/publish/patternsChanged.ts';
import { formatPrice } from '@stitchhouse/shared/money.ts';
import { coverImage } from '@stitchhouse/shared/storage/coverImage.ts';
import * as styles from '../features/publish/StoreManager.module.css';
import { formatDate } from '../features/locale/formatDate.ts';
import '../catalogs/owner/messages.ts';

const STATUSES: PatternStatus[] = ['draft', 'published', 'archived'];
const STATUS_LABEL: Record<PatternStatus, string> = {
  draft: /*i18n*/ 'catalog.publish.status.draft',
  published: /*i18n*/ 'catalog.publish.status.published',
  archived: /*i18n*/ 'catalog.publish.status.archived',
};

/** /patterns/my-store: the owner's catalog manager with bulk publish / archive / back to draft. */
export default function MyStore() {
  const { loading, session } = useSession();
  const { i18n } = useLingui();
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
  const spinner = <Spinner label={i18n._('catalog.publish.store.loading')} showLabel />;

  if (loading) return spinner;
  if (!session) {
    return (
      <>
        <PageHeading title={i18n._('catalog.publish.store.heading')}>{i18n._('catalog.publish.store.heading')}</PageHeading>
        <EmptyState
          title={i18n._('catalog.publish.store.signIn')}
          actions={<LinkButton to={href('/sign-in', { next: href('/patterns/my-store') })}>{i18n._('catalog.publish.store.signInAction')}</LinkButton>}
        />
      </>
    );
  }
  if (state.data === undefined) {
    return (
      <QueryState query={state} errorTitle={i18n._('catalog.publish.store.loadError')} skeleton={spinner}>
        {() => null}
      </QueryState>
    );
  }
  if (!state.data) {
    return (
      <>
        <PageHeading title={i18n._('catalog.publish.store.heading')}>{i18n._('catalog.publish.store.heading')}</PageHeading>
        <EmptyState
          title={i18n._('catalog.publish.store.none')}
          actions={<LinkButton to={href('/account/store')}>{i18n._('catalog.publish.store.open')}</LinkButton>}
        >
          {i18n._('catalog.publish.store.noneText')}
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
      <PageHeading title={i18n._('catalog.publish.store.heading')} eyebrow={<Link to={href('/stores/:slug', { slug: store.slug })}>{store.name}</Link>}>
        {i18n._('catalog.publish.store.heading')}
      </PageHeading>
      <ul className={styles.counts} aria-label={i18n._('catalog.publish.store.byStatus')}>
        {STATUSES.map((s) => (
          <li key={s}>
            <strong>{counts[s]}</strong>
            {i18n._(STATUS_LABEL[s])}
          </li>
        ))}
      </ul>
      <div className={styles.toolbar}>
        <Button onClick={newPattern}>{i18n._('catalog.publish.store.new')}</Button>
        <span aria-live="polite">{i18n._('catalog.publish.store.selected', { count: selected.size })}</span>
        <Button variant="secondary" disabled={selected.size === 0 || busy !== null} busy={busy === 'published'} onClick={() => void bulk('published')}>
          {i18n._('catalog.publish.store.publishSelected')}
        </Button>
        <Button variant="secondary" disabled={selected.size === 0 || busy !== null} busy={busy === 'archived'} onClick={() => void bulk('archived')}>
          {i18n._('catalog.publish.store.archiveSelected')}
        </Button>
        <Button variant="ghost" disabled={selected.size === 0 || busy !== null} busy={busy === 'draft'} onClick={() => void bulk('draft')}>
          {i18n._('catalog.publish.store.backToDraft')}
        </Button>
      </div>
      <div aria-live="polite">
        {banner ? (
          <Alert tone={banner.tone} title={i18n._('catalog.publish.store.bulkChange')}>
            {banner.text}
          </Alert>
        ) : null}
      </div>
      {patterns.length === 0 ? (
        <EmptyState
          title={i18n._('catalog.publish.store.noPatterns')}
          actions={<Button onClick={newPattern}>{i18n._('catalog.publish.store.createFirst')}</Button>}
        >
          {i18n._('catalog.publish.store.noPatternsText')}
        </EmptyState>
      ) : (
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <caption style={{ textAlign: 'left' }}>{i18n._('catalog.publish.store.caption', { count: patterns.length, store: store.name })}</caption>
            <thead>
              <tr>
                <th scope="col">
                  <Checkbox
                    label={i18n._('catalog.publish.store.selectAll')}
                    checked={allSelected}
                    onChange={() => setSelected(allSelected ? new Set() : new Set(patterns.map((p) => p.id)))}
                  />
                </th>
                <th scope="col">{i18n._('catalog.publish.store.col.cover')}</th>
                <th scope="col">{i18n._('catalog.publish.store.col.title')}</th>
                <th scope="col">{i18n._('catalog.publish.store.col.status')}</th>
                <th scope="col">{i18n._('catalog.publish.store.col.price')}</th>
                <th scope="col">{i18n._('catalog.publish.store.col.formats')}</th>
                <th scope="col">{i18n._('catalog.publish.store.col.updated')}</th>
              </tr>
            </thead>
            <tbody>
              {patterns.map((p) => (
                <tr key={p.id} data-pattern-id={p.id}>
                  <td>
                    <Checkbox
                      label={<VisuallyHidden>{i18n._('catalog.publish.store.select', { title: p.title })}</VisuallyHidden>}
                      checked={selected.has(p.id)}
                      onChange={() => toggle(p.id)}
                    />
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
                  <td className={styles.status}>{i18n._(STATUS_LABEL[p.status])}</td>
                  <td>{formatPrice(p.priceCents, p.currency)}</td>
                  <td>{p.formats.length ? p.formats.map((f) => f.replace('_', ' ').toUpperCase()).join(', ') : i18n._('catalog.publish.store.noFormats')}</td>
                  <td>{formatDate(p.updatedAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {store.kind === 'retailer' ? (
        <section aria-labelledby="stock-title">
          <h2 id="stock-title">{i18n._('catalog.publish.store.stock')}</h2>
          {stocked.length === 0 ? (
            <p>
              <Trans id="catalog.publish.store.stockEmpty" components={{ 0: <Link to={href('/patterns')} /> }} />
            </p>
          ) : (
            <ul>
              {stocked.map((s) => (
                <li key={s.id}>
                  <Trans
                    id="catalog.publish.store.stockItem"
                    values={{ title: s.title, count: s.printedCopies }}
                    components={{ 0: <Link to={href('/patterns/:productId', { productId: s.id })} /> }}
                  />
                </li>
              ))}
            </ul>
          )}
        </section>
      ) : null}
    </>
  );
}
