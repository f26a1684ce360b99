import { useRef, useState } from 'react';
import { describeError, href } from '@stitchhouse/shared';
import { useZodForm } from '@stitchhouse/shared/form/index.ts';
import { formatDayTime } from '@stitchhouse/shared/money.ts';
import * as z from '@stitchhouse/shared/zod.ts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, LinkButton, QueryState, Skeleton, TextField, VisuallyHidden } from '@stitchhouse/shared/ui/index.ts';
import { createTillKey, listTillKeys, posKeys, revokeTillKey, type NewTillKey, type TillKey } from '../../api/pointOfSale.ts';
import * as styles from './pointOfSale.module.css';

const when = (iso: string | null) => (iso ? formatDayTime(iso) : 'Never');
const NAME_RULE = 'Name the key (1 to 60 characters), e.g. “Front counter till”.';
const keyNameSchema = z.object({ name: z.string().trim().min(1, NAME_RULE).max(60, NAME_RULE) });

/**
 * A shop's till keys: create one (named; the plain key is shown once, with a copy button),
 * the list with prefix, created and last-used times, and revoke (asked twice: it cannot be undone).
 */
export function TillKeys({ storeId, plan }: { storeId: string; plan: 'free' | 'pro' }) {
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
      announce('danger', 'Your browser did not let us copy. Select the key and copy it yourself.');
    }
  };

  const revoke = async (key: TillKey) => {
    setBusy(key.id);
    try {
      await revokeTillKey(key.id);
      setConfirming(null);
      refetchKeys();
      announce('success', `“${key.name}” is revoked. Tills using it get 401 from now on.`);
    } catch (err) {
      announce('danger', describeError(err).message);
    } finally {
      setBusy(null);
    }
  };

  return (
    <section className={styles.section} aria-labelledby="pos-keys" data-testid="till-keys">
      <h2 id="pos-keys">Till keys</h2>
      {plan !== 'pro' ? (
        <Alert
          tone="info"
          title="Till keys are part of the Pro plan"
          actions={
            <LinkButton to={href('/payment/subscription')} size="small">
              See the Pro plan
            </LinkButton>
          }
        >
          Your shop is on the Free plan: the catalog feed and the sales endpoint answer 403 until it moves to Pro. You can upload sales as CSV below on any
          plan.
        </Alert>
      ) : null}
      {plan === 'pro' ? (
        <form className={styles.keyForm} onSubmit={create} noValidate>
          <TextField label="Key name" hint="Which till or app uses it, e.g. “Front counter till”." maxLength={60} required {...keyForm.field('name')} />
          <Button type="submit" busy={keyForm.busy}>
            Create key
          </Button>
        </form>
      ) : null}
      {created ? (
        <div ref={createdRef} tabIndex={-1} className={styles.notice} data-testid="new-key">
          <Alert tone="warning" title={`Your new key “${created.name}”`}>
            <p>
              Copy it now and keep it in your till’s settings: <strong>this is the only time it is shown</strong>. We keep only a fingerprint of it.
            </p>
            <div className={styles.secret}>
              <code data-testid="new-key-value">{created.key}</code>
              <Button size="small" variant="secondary" onClick={() => void copy()}>
                {copied ? 'Copied' : 'Copy key'}
              </Button>
              <Button size="small" variant="ghost" onClick={() => setCreated(null)}>
                I have stored it
              </Button>
            </div>
            <p role="status" className={styles.muted}>
              {copied ? 'The key is on your clipboard.' : ''}
            </p>
          </Alert>
        </div>
      ) : null}
      <div ref={noticeRef} tabIndex={-1} className={styles.notice}>
        {notice ? <Alert tone={notice.tone}>{notice.text}</Alert> : null}
      </div>
      <QueryState
        query={keys}
        errorTitle="Your keys could not be loaded"
        skeleton={
          <>
            <p className={styles.muted}>Loading your keys…</p>
            <Skeleton width="100%" />
          </>
        }
        empty={<p className={styles.muted}>No keys yet. Create one for each till that reports sales.</p>}
      >
        {(list) => (
          // A table on a wide screen; below 40rem of room each key is a block of label and value
          // lines (pointOfSale.module.css .keys), so State and Revoke stay on a phone's screen
          // without sideways scrolling. The column headers stay the table's for screen readers.
          <div className={styles.keys}>
            <table className={`${styles.table} ${styles.keysTable}`}>
              <caption className={styles.caption}>Your till keys</caption>
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Starts with</th>
                  <th scope="col">Created</th>
                  <th scope="col">Last used</th>
                  <th scope="col">State</th>
                  <th scope="col">
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </th>
                </tr>
              </thead>
              <tbody>
                {list.map((key) => (
                  <tr key={key.id} data-key-id={key.id}>
                    <th scope="row">{key.name}</th>
                    <td data-label="Starts with">
                      <code className={styles.code}>{key.prefix}…</code>
                    </td>
                    <td data-label="Created">{when(key.createdAt)}</td>
                    <td data-label="Last used">{when(key.lastUsedAt)}</td>
                    <td data-label="State">{key.revokedAt ? `Revoked ${when(key.revokedAt)}` : 'Active'}</td>
                    <td className={styles.keyActions}>
                      {key.revokedAt ? null : confirming === key.id ? (
                        <span className={styles.actions}>
                          <Button size="small" variant="danger" busy={busy === key.id} onClick={() => void revoke(key)} aria-label={`Yes, revoke ${key.name}`}>
                            Yes, revoke
                          </Button>
                          <Button size="small" variant="ghost" onClick={() => setConfirming(null)}>
                            Keep it
                          </Button>
                        </span>
                      ) : (
                        <Button size="small" variant="secondary" onClick={() => setConfirming(key.id)} aria-label={`Revoke ${key.name}`}>
                          Revoke
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
