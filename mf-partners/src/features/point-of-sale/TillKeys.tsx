import { useRef, useState } from 'react';
import { Trans, useLingui } from '@lingui/react';
import { i18n as runtime } from '@stitchhouse/shared/i18n/index.ts';
import { describeError, href } from '@stitchhouse/shared';
import { useZodForm } from '@stitchhouse/shared/form/index.ts';
import * as z from '@stitchhouse/shared/zod.ts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, LinkButton, QueryState, Skeleton, TextField, VisuallyHidden } from '@stitchhouse/shared/ui/index.ts';
import { createTillKey, listTillKeys, posKeys, revokeTillKey, type NewTillKey, type TillKey } from '../../api/pointOfSale.ts';
import { formatDayTime } from '../shared/format.ts';
import * as styles from './pointOfSale.module.css';

const when = (iso: string | null) => (iso ? formatDayTime(iso) : runtime._(/*i18n*/ 'partners.keys.never'));
// read when the form is checked, in the page's language then
const NAME_RULE = { error: () => runtime._(/*i18n*/ 'partners.keys.rule') };
const keyNameSchema = z.object({ name: z.string().trim().min(1, NAME_RULE).max(60, NAME_RULE) });

/**
 * A shop's till keys: create one (named; the plain key is shown once, with a copy button),
 * the list with prefix, created and last-used times, and revoke (asked twice: it cannot be undone).
 */
export function TillKeys({ storeId, plan }: { storeId: string; plan: 'free' | 'pro' }) {
  const { i18n } = useLingui();
  const queryClient = useQueryClient();
  const keys = useQuery({ queryKey: posKeys.tillKeys(storeId), queryFn: () => listTillKeys(storeId) });
  const refetchKeys = () => void queryClient.invalidateQueries({ queryKey: posKeys.tillKeys(storeId) });
  const keyForm = useZodForm(keyNameSchema, { name: '' });
  const [created, setCreated] = useState<(NewTillKey & { name: string }) | null>(null);
  const [copied, setCopied] = useState(false);
  const [confirming, setConfirming] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ tone: 'success' | 'danger'; text: string } | null>(null);
  const createdRef = useRef<HTMLDivElement>(null);
  const noticeRef = useRef<HTMLDivElement>(null);

  const announce = (tone: 'success' | 'danger', text: string) => {
    setNotice({ tone, text });
    requestAnimationFrame(() => noticeRef.current?.focus());
  };

  const create = keyForm.onSubmit(async ({ name: trimmed }) => {
    setNotice(null);
    try {
      const key = await createTillKey(storeId, trimmed);
      setCreated({ ...key, name: trimmed });
      setCopied(false);
      keyForm.rhf.reset({ name: '' });
      refetchKeys();
      requestAnimationFrame(() => createdRef.current?.focus());
    } catch (err) {
      announce('danger', describeError(err).message);
    }
  });

  const copy = async () => {
    if (!created) return;
    try {
      await navigator.clipboard.writeText(created.key);
      setCopied(true);
    } catch {
      announce('danger', i18n._('partners.keys.copyFailed'));
    }
  };

  const revoke = async (key: TillKey) => {
    setBusy(key.id);
    try {
      await revokeTillKey(key.id);
      setConfirming(null);
      refetchKeys();
      announce('success', i18n._('partners.keys.revoked', { name: key.name }));
    } catch (err) {
      announce('danger', describeError(err).message);
    } finally {
      setBusy(null);
    }
  };

  return (
    <section className={styles.section} aria-labelledby="pos-keys" data-testid="till-keys">
      <h2 id="pos-keys">{i18n._('partners.pos.keys.title')}</h2>
      {plan !== 'pro' ? (
        <Alert
          tone="info"
          title={i18n._('partners.keys.pro.title')}
          actions={
            <LinkButton to={href('/payment/subscription')} size="small">
              {i18n._('partners.keys.pro.see')}
            </LinkButton>
          }
        >
          {i18n._('partners.keys.pro.body')}
        </Alert>
      ) : null}
      {plan === 'pro' ? (
        <form className={styles.keyForm} onSubmit={create} noValidate>
          <TextField label={i18n._('partners.keys.name')} hint={i18n._('partners.keys.name.hint')} maxLength={60} required {...keyForm.field('name')} />
          <Button type="submit" busy={keyForm.busy}>
            {i18n._('partners.keys.create')}
          </Button>
        </form>
      ) : null}
      {created ? (
        <div ref={createdRef} tabIndex={-1} className={styles.notice} data-testid="new-key">
          <Alert tone="warning" title={i18n._('partners.keys.new', { name: created.name })}>
            <p>
              <Trans id="partners.keys.new.body" components={{ 0: <strong /> }} />
            </p>
            <div className={styles.secret}>
              <code data-testid="new-key-value">{created.key}</code>
              <Button size="small" variant="secondary" onClick={() => void copy()}>
                {copied ? i18n._('partners.copy.copied') : i18n._('partners.keys.copy')}
              </Button>
              <Button size="small" variant="ghost" onClick={() => setCreated(null)}>
                {i18n._('partners.keys.stored')}
              </Button>
            </div>
            <p role="status" className={styles.muted}>
              {copied ? i18n._('partners.keys.onClipboard') : ''}
            </p>
          </Alert>
        </div>
      ) : null}
      <div ref={noticeRef} tabIndex={-1} className={styles.notice}>
        {notice ? <Alert tone={notice.tone}>{notice.text}</Alert> : null}
      </div>
      <QueryState
        query={keys}
        errorTitle={i18n._('partners.keys.loadFailed')}
        skeleton={
          <>
            <p className={styles.muted}>{i18n._('partners.keys.loading')}</p>
            <Skeleton width="100%" />
          </>
        }
        empty={<p className={styles.muted}>{i18n._('partners.keys.empty')}</p>}
      >
        {(list) => (
          // A table on a wide screen; below 40rem of room each key is a block of label and value
          // lines (pointOfSale.module.css .keys), so State and Revoke stay on a phone's screen
          // without sideways scrolling. The column headers stay the table's for screen readers.
          <div className={styles.keys}>
            <table className={`${styles.table} ${styles.keysTable}`}>
              <caption className={styles.caption}>{i18n._('partners.keys.caption')}</caption>
              <thead>
                <tr>
                  <th scope="col">{i18n._('partners.keys.col.name')}</th>
                  <th scope="col">{i18n._('partners.keys.col.prefix')}</th>
                  <th scope="col">{i18n._('partners.keys.col.created')}</th>
                  <th scope="col">{i18n._('partners.keys.col.lastUsed')}</th>
                  <th scope="col">{i18n._('partners.state')}</th>
                  <th scope="col">
                    <VisuallyHidden>{i18n._('partners.actions')}</VisuallyHidden>
                  </th>
                </tr>
              </thead>
              <tbody>
                {list.map((key) => (
                  <tr key={key.id} data-key-id={key.id}>
                    <th scope="row">{key.name}</th>
                    <td data-label={i18n._('partners.keys.col.prefix')}>
                      <code className={styles.code}>{key.prefix}…</code>
                    </td>
                    <td data-label={i18n._('partners.keys.col.created')}>{when(key.createdAt)}</td>
                    <td data-label={i18n._('partners.keys.col.lastUsed')}>{when(key.lastUsedAt)}</td>
                    <td data-label={i18n._('partners.state')}>
                      {key.revokedAt ? i18n._('partners.keys.revokedOn', { when: when(key.revokedAt) }) : i18n._('partners.keys.active')}
                    </td>
                    <td className={styles.keyActions}>
                      {key.revokedAt ? null : confirming === key.id ? (
                        <span className={styles.actions}>
                          <Button
                            size="small"
                            variant="danger"
                            busy={busy === key.id}
                            onClick={() => void revoke(key)}
                            aria-label={i18n._('partners.keys.confirm.label', { name: key.name })}
                          >
                            {i18n._('partners.keys.confirm')}
                          </Button>
                          <Button size="small" variant="ghost" onClick={() => setConfirming(null)}>
                            {i18n._('partners.keys.keep')}
                          </Button>
                        </span>
                      ) : (
                        <Button
                          size="small"
                          variant="secondary"
                          onClick={() => setConfirming(key.id)}
                          aria-label={i18n._('partners.keys.revoke.label', { name: key.name })}
                        >
                          {i18n._('partners.keys.revoke')}
                        </Button>
                      )}
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
