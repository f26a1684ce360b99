import { href } from '@stitchhouse/shared';
import { useState } from 'react';
import { emailChangeSchema } from '@stitchhouse/shared/account/schemas.ts';
import { ErrorSummary, useZodForm } from '@stitchhouse/shared/form/index.ts';
import { Alert, Card, Button, LinkButton, TextField } from '@stitchhouse/shared/ui/index.ts';
import { confirmPassword, requestEmailChange } from '../../api/security.ts';
import * as styles from '../layout/account.module.css';

const IDS = { email: 'new-email', password: 'email-change-password' };

/** Email change, GoTrue's secure way: the current password first, then a link to each address. */
export function EmailSection({ email, pendingEmail, onChanged }: { email: string; pendingEmail: string | null; onChanged: () => void }) {
  const form = useZodForm(emailChangeSchema, { email: '', password: '' });
  const [sentTo, setSentTo] = useState<string | null>(null);
  return (
    <Card as="section" className={styles.section} aria-labelledby="email-title">
      <h2 id="email-title">Email and password</h2>
      <p>
        You sign in with <strong>{email}</strong>.
      </p>
      {pendingEmail || sentTo ? (
        <Alert tone="info" title="Email change waiting for both confirmations">
          We sent a link to {email} and to {sentTo ?? pendingEmail}. Open both links; the address changes once both are confirmed.
        </Alert>
      ) : null}
      <ErrorSummary items={form.summary(IDS)} attempt={form.attempt} />
      <form
        className={styles.form}
        noValidate
        aria-label="Change your email address"
        onSubmit={form.onSubmit(async ({ email: next, password }) => {
          if (next.toLowerCase() === email.toLowerCase()) {
            form.invalid('email', 'That is already your email address.');
            return;
          }
          await confirmPassword(email, password);
          await requestEmailChange(next);
          setSentTo(next);
          form.setValue('password', '');
          onChanged();
        })}
      >
        <TextField id={IDS.email} label="New email address" type="email" autoComplete="email" required {...form.field('email')} />
        <TextField
          id={IDS.password}
          label="Current password"
          hint="To make sure it is you."
          type="password"
          autoComplete="current-password"
          required
          {...form.field('password')}
        />
        <div className={styles.actions}>
          <Button type="submit" busy={form.busy} busyLabel="Sending the links…">
            Change email
          </Button>
          <LinkButton to={href('/change-password')} variant="secondary">
            Change password
          </LinkButton>
        </div>
      </form>
    </Card>
  );
}
