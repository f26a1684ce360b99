import { useRef, useState } from 'react';
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
      setFailure(caught instanceof Error ? caught.message : 'Your account could not be created.');
    }
  });

  if (sentTo) {
    return (
      <div ref={doneRef} tabIndex={-1}>
        <Alert tone="success" title="Check your inbox">
          We sent a link to <strong>{sentTo}</strong>. Open it to confirm the address: your account then keeps these patterns, and you sign in with this email
          and password.
        </Alert>
      </div>
    );
  }
  return (
    <section className={styles.option} aria-labelledby="save-purchases">
      <h2 id="save-purchases">Save your purchases: create an account</h2>
      <p>You paid as a guest. With an account your patterns stay in your library on any device, with their updates.</p>
      <form
        onSubmit={(event) => {
          setFailure(null);
          save(event);
        }}
        noValidate
      >
        <TextField label="Email" type="email" autoComplete="email" required {...form.field('email')} />
        <TextField label="Choose a password" type="password" autoComplete="new-password" required {...form.field('password')} />
        {failure ? (
          <Alert tone="danger" title="Your account could not be created">
            {failure}
          </Alert>
        ) : null}
        <Button type="submit" busy={form.busy} busyLabel="Creating your account…">
          Create my account
        </Button>
      </form>
    </section>
  );
}
