import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { Trans, useLingui } from '@lingui/react';
import { describeError, href } from '@stitchhouse/shared';
import { formatCount, money } from '../shared/format.ts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, QueryState, Skeleton, VisuallyHidden } from '@stitchhouse/shared/ui/index.ts';
import { kitKeys, listMyKits, setKitArchived, type SupplierKit } from '../../api/kits.ts';
import { KitForm } from './KitForm.tsx';
import * as styles from './kits.module.css';

type Editing = { kind: 'none' } | { kind: 'new' } | { kind: 'edit'; kit: SupplierKit };

/**
 * "My kits" for an approved supplier: every kit with its pattern, price, state and counted
 * clicks; add, edit, archive and restore. After a change the status line says what happened
 * and takes focus, so keyboard and screen-reader users know where they are.
 */
export function MyKits({ supplierId }: { supplierId: string }) {
  const { i18n } = useLingui();
  const queryClient = useQueryClient();
  const kits = useQuery({ queryKey: kitKeys.mine(supplierId), queryFn: ({ signal }) => listMyKits(supplierId, signal) });
  const refetchKits = () => void queryClient.invalidateQueries({ queryKey: kitKeys.all });
  const [editing, setEditing] = useState<Editing>({ kind: 'none' });
  const [notice, setNotice] = useState<{ tone: 'success' | 'danger'; text: string } | null>(null);
  const noticeRef = useRef<HTMLDivElement>(null);
  const [busyId, setBusyId] = useState<string | null>(null);

  const announce = (tone: 'success' | 'danger', text: string) => {
    setNotice({ tone, text });
    requestAnimationFrame(() => noticeRef.current?.focus());
  };
  const saved = (title: string) => {
    setEditing({ kind: 'none' });
    refetchKits();
    announce('success', i18n._('partners.kit.saved', { title }));
  };
  const archive = async (kit: SupplierKit) => {
    setBusyId(kit.id);
    try {
      await setKitArchived(kit.id, !kit.archivedAt);
      refetchKits();
      announce('success', kit.archivedAt ? i18n._('partners.kit.restored', { title: kit.title }) : i18n._('partners.kit.archived', { title: kit.title }));
    } catch (err) {
      announce('danger', describeError(err).message);
    } finally {
      setBusyId(null);
    }
  };

  return (
    <section className={styles.section} aria-labelledby="my-kits-heading" data-testid="my-kits">
      <h2 id="my-kits-heading">{i18n._('partners.kits.title')}</h2>
      <p className={styles.muted}>
        <Trans id="partners.kits.clicks" components={{ 0: <Link to={href('/reports')} /> }} />
      </p>
      <div ref={noticeRef} tabIndex={-1} className={styles.notice}>
        {notice ? <Alert tone={notice.tone}>{notice.text}</Alert> : null}
      </div>
      {editing.kind === 'none' ? (
        <div className={styles.actions}>
          <Button onClick={() => setEditing({ kind: 'new' })}>{i18n._('partners.kits.add')}</Button>
        </div>
      ) : (
        <div className={styles.editor}>
          <h3>{editing.kind === 'new' ? i18n._('partners.kit.new') : i18n._('partners.kit.editing', { title: editing.kit.title })}</h3>
          <KitForm
            key={editing.kind === 'edit' ? editing.kit.id : 'new'}
            kit={editing.kind === 'edit' ? editing.kit : undefined}
            onSaved={saved}
            onCancel={() => setEditing({ kind: 'none' })}
          />
        </div>
      )}
      <QueryState
        query={kits}
        errorTitle={i18n._('partners.kits.loadFailed')}
        skeleton={
          <>
            <p className={styles.muted}>{i18n._('partners.kits.loading')}</p>
            <Skeleton width="100%" />
            <Skeleton width="80%" />
          </>
        }
        empty={<p className={styles.muted}>{i18n._('partners.kits.empty')}</p>}
      >
        {(list) => (
          <div className={styles.tableWrap}>
            <table className={styles.table}>
              <caption className={styles.caption}>{i18n._('partners.kits.caption')}</caption>
              <thead>
                <tr>
                  <th scope="col">{i18n._('partners.report.term.kit')}</th>
                  <th scope="col">{i18n._('partners.report.term.pattern')}</th>
                  <th scope="col">{i18n._('partners.kit.price')}</th>
                  <th scope="col" className={styles.number}>
                    {i18n._('partners.report.term.clicks')}
                  </th>
                  <th scope="col">{i18n._('partners.state')}</th>
                  <th scope="col">
                    <VisuallyHidden>{i18n._('partners.actions')}</VisuallyHidden>
                  </th>
                </tr>
              </thead>
              <tbody>
                {list.map((kit) => (
                  <tr key={kit.id} data-kit-id={kit.id}>
                    <th scope="row">
                      <a href={kit.url} target="_blank" rel="noopener">
                        {kit.title}
                        <VisuallyHidden> {i18n._('partners.kits.opensShop')}</VisuallyHidden>
                      </a>
                    </th>
                    <td>
                      {kit.patternTitle ? (
                        <Link to={href('/patterns/:productId', { productId: kit.patternId })}>{kit.patternTitle}</Link>
                      ) : (
                        <span className={styles.muted}>{i18n._('partners.kits.gone')}</span>
                      )}
                    </td>
                    <td>{money(kit.priceCents, kit.currency)}</td>
                    <td className={styles.number} data-testid="kit-clicks">
                      {formatCount(kit.clicks)}
                    </td>
                    <td>{i18n._('partners.kits.state', { state: kit.archivedAt ? 'archived' : kit.patternTitle ? 'listed' : 'hidden' })}</td>
                    <td className={styles.rowActions}>
                      <Button
                        size="small"
                        variant="secondary"
                        onClick={() => setEditing({ kind: 'edit', kit })}
                        aria-label={i18n._('partners.kits.edit.label', { title: kit.title })}
                      >
                        {i18n._('partners.kits.edit')}
                      </Button>
                      <Button
                        size="small"
                        variant="ghost"
                        busy={busyId === kit.id}
                        onClick={() => void archive(kit)}
                        aria-label={i18n._('partners.kits.archive.label', { restore: kit.archivedAt ? 'yes' : 'no', title: kit.title })}
                      >
                        {kit.archivedAt ? i18n._('partners.kits.restore') : i18n._('partners.kits.archive')}
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </QueryState>
    </section>
  );
}
