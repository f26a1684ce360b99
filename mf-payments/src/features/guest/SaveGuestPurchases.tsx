import { useRef, useState } from 'react';
import { Trans, useLingui } from '@lingui/react';
import { saveGuestAccountSchema } from '@stitchhouse/shared/auth/schemas.ts';
import { useZodForm } from '@stitchhouse/shared/form/index.ts';
import { Alert, Button, TextField } from '@stitchhouse/shared/ui/index.ts';
import { saveGuestAccount } from '../../api/guest.ts';
import * as styles from './Guest.module.css';

/**
 * After a guest's payment: "Save your purchases". updateUser({ email, password }) keeps the
 * same user id, so the order and the patterns stay with the account once the email link
 * confirms the address.
 */
export function SaveGuestPurchases({ defaultEmail }: { defaultEmail: string }) {
  const { i18n } = useLingui();
  // no error summary here: the first wrong field takes the focus itself
  const form = useZodForm(saveGuestAccountSchema, { email: defaultEmail, password: '' }, { focus: 'field' });
  const [failure, setFailure] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const doneRef = useRef<HTMLDivElement>(null);

  const save = form.onSubmit(async ({ email, password }) => {
    try {
      await saveGuestAccount(email, password);
      setSentTo(email);
      requestAnimationFrame(() => doneRef.current?.focus());
    } catch (caught) {
      setFailure(caught instanceof Error ? caught.message : i18n._('payments.save.failedText'));
    }
  });

  if (sentTo) {
    return (
      <div ref={doneRef} tabIndex={-1}>
        <Alert tone="success" title={i18n._('payments.save.inbox')}>
          <Trans id="payments.save.sent" values={{ email: sentTo }} components={{ 0: <strong /> }} />
        </Alert>
      </div>
    );
  }
  return (
    <section className={styles.option} aria-labelledby="save-purchases">
      <h2 id="save-purchases">{i18n._('payments.save.title')}</h2>
      <p>{i18n._('payments.save.text')}</p>
      <form
        onSubmit={(event) => {
          setFailure(null);
          save(event);
        }}
        noValidate
      >
        <TextField label={i18n._('payments.guest.email')} type="email" autoComplete="email" required {...form.field('email')} />
        <TextField label={i18n._('payments.save.password')} type="password" autoComplete="new-password" required {...form.field('password')} />
        {failure ? (
          <Alert tone="danger" title={i18n._('payments.save.failed')}>
            {failure}
          </Alert>
        ) : null}
        <Button type="submit" busy={form.busy} busyLabel={i18n._('payments.save.creating')}>
          {i18n._('payments.save.create')}
        </Button>
      </form>
    </section>
  );
}
