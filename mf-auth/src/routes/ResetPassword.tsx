import { href } from '@stitchhouse/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import { emailOnlySchema } from '@stitchhouse/shared/auth/index.ts';
import { Alert, Button, TextField } from '@stitchhouse/shared/ui/index.ts';
import { sendEmailLink } from '../api/auth.ts';
import { ErrorSummary } from '../features/form/ErrorSummary.tsx';
import { useZodForm } from '@stitchhouse/shared/form/index.ts';
import { AuthPage } from '../features/layout/AuthPage.tsx';
import * as styles from '../features/form/form.module.css';

const IDS = { email: 'reset-email' };

/** /reset-password: sends a recovery link that lands on /change-password. */
export default function ResetPassword() {
  const form = useZodForm(emailOnlySchema, { email: '' });
  const [sentTo, setSentTo] = useState<string | null>(null);

  return (
    <AuthPage title="Reset your password" lead="Enter the email of your account. We will send you a link to choose a new password.">
      <ErrorSummary items={form.summary(IDS)} attempt={form.attempt} />
      {sentTo ? (
        <Alert tone="success" title="Check your email">
          If {sentTo} has a Stitchhouse account, a link to choose a new password is on its way. It works once.
        </Alert>
      ) : null}
      <form
        className={styles.form}
        noValidate
        aria-label="Send a password reset link"
        onSubmit={form.onSubmit(async ({ email }) => {
          setSentTo(null);
          await sendEmailLink('recovery', email);
          setSentTo(email);
        })}
      >
        <TextField id={IDS.email} label="Email" type="email" autoComplete="email" required {...form.field('email')} />
        <div className={styles.actions}>
          <Button type="submit" busy={form.busy} busyLabel="Sending the link…">
            {sentTo ? 'Send another link' : 'Send me a reset link'}
          </Button>
        </div>
      </form>
      <ul className={styles.links}>
        <li>
          <Link to={href('/sign-in')}>Back to sign in</Link>
        </li>
        <li>
          <Link to={href('/sign-in-magic')}>Sign in with an email link instead</Link>
        </li>
      </ul>
    </AuthPage>
  );
}
