import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { describeError, href } from '@stitchhouse/shared';
import { formatMoney } from '@stitchhouse/shared/money.ts';
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
    announce('success', `Saved “${title}”.`);
  };
  const archive = async (kit: SupplierKit) => {
    setBusyId(kit.id);
    try {
      await setKitArchived(kit.id, !kit.archivedAt);
      refetchKits();
      announce('success', kit.archivedAt ? `“${kit.title}” is listed again.` : `“${kit.title}” is archived: hidden from the catalog, its clicks kept.`);
    } catch (err) {
      announce('danger', describeError(err).message);
    } finally {
      setBusyId(null);
    }
  };

  return (
    <section className={styles.section} aria-labelledby="my-kits-heading" data-testid="my-kits">
      <h2 id="my-kits-heading">My kits</h2>
      <p className={styles.muted}>
        Clicks count each time a maker opens your shop from a kit (repeats by the same person within 30 minutes, and your own, are left out). Daily figures are
        in your <Link to={href('/reports')}>reports</Link>.
      </p>
      <div ref={noticeRef} tabIndex={-1} className={styles.notice}>
        {notice ? <Alert tone={notice.tone}>{notice.text}</Alert> : null}
      </div>
      {editing.kind === 'none' ? (
        <div className={styles.actions}>
          <Button onClick={() => setEditing({ kind: 'new' })}>Add a kit</Button>
        </div>
      ) : (
        <div className={styles.editor}>
          <h3>{editing.kind === 'new' ? 'New kit' : `Edit “${editing.kit.title}”`}</h3>
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
        errorTitle="Your kits could not be loaded"
        skeleton={
          <>
            <p className={styles.muted}>Loading your kits…</p>
            <Skeleton width="100%" />
            <Skeleton width="80%" />
          </>
        }
        empty={<p className={styles.muted}>You have no kits yet. Add one for a pattern your fabrics suit.</p>}
      >
        {(list) => (
          <div className={styles.tableWrap}>
            <table className={styles.table}>
              <caption className={styles.caption}>Your kits and their clicks</caption>
              <thead>
                <tr>
                  <th scope="col">Kit</th>
                  <th scope="col">Pattern</th>
                  <th scope="col">Price</th>
                  <th scope="col" className={styles.number}>
                    Clicks
                  </th>
                  <th scope="col">State</th>
                  <th scope="col">
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </th>
                </tr>
              </thead>
              <tbody>
                {list.map((kit) => (
                  <tr key={kit.id} data-kit-id={kit.id}>
                    <th scope="row">
                      <a href={kit.url} target="_blank" rel="noopener">
                        {kit.title}
                        <VisuallyHidden> (opens your shop in a new tab)</VisuallyHidden>
                      </a>
                    </th>
                    <td>
                      {kit.patternTitle ? (
                        <Link to={href('/patterns/:productId', { productId: kit.patternId })}>{kit.patternTitle}</Link>
                      ) : (
                        <span className={styles.muted}>No longer in the catalog</span>
                      )}
                    </td>
                    <td>{formatMoney(kit.priceCents, kit.currency)}</td>
                    <td className={styles.number} data-testid="kit-clicks">
                      {kit.clicks}
                    </td>
                    <td>{kit.archivedAt ? 'Archived' : kit.patternTitle ? 'Listed' : 'Hidden'}</td>
                    <td className={styles.rowActions}>
                      <Button size="small" variant="secondary" onClick={() => setEditing({ kind: 'edit', kit })} aria-label={`Edit ${kit.title}`}>
                        Edit
                      </Button>
                      <Button
                        size="small"
                        variant="ghost"
                        busy={busyId === kit.id}
                        onClick={() => void archive(kit)}
                        aria-label={`${kit.archivedAt ? 'Restore' : 'Archive'} ${kit.title}`}
                      >
                        {kit.archivedAt ? 'Restore' : 'Archive'}
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
