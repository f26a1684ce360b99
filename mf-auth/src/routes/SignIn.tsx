import { href } from '@stitchhouse/shared';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { signInSchema } from '@stitchhouse/shared/auth/index.ts';
import { Alert, Button, TextField } from '@stitchhouse/shared/ui/index.ts';
import { sendEmailLink, signInWithPassword, signOutHere } from '../api/auth.ts';
import { ErrorSummary } from '../features/form/ErrorSummary.tsx';
import { useZodForm } from '@stitchhouse/shared/form/index.ts';
import { AuthPage } from '../features/layout/AuthPage.tsx';
import { useAfterSignIn } from '../features/layout/useAfterSignIn.ts';
import { useNext } from '../features/layout/useNext.ts';
import { SecondFactorStep } from '../features/mfa/SecondFactorStep.tsx';
import { PasswordInput } from '../features/password/PasswordInput.tsx';
import * as styles from '../features/form/form.module.css';

const IDS = { email: 'sign-in-email', password: 'sign-in-password' };

/** Messages the shell passes when it sent the person here (`?reason=`). */
const REASONS: Record<string, string> = {
  'session-ended': 'Your session has ended. Sign in again to continue.',
  'sign-in-required': 'Please sign in to see that page.',
  'account-deleted': 'Your account is deleted. We emailed you a confirmation.',
};

/** /sign-in: email and password, then the authenticator code when the account has one. */
export default function SignIn() {
  const { next, hasNext } = useNext();
  const [params] = useSearchParams();
  const form = useZodForm(signInSchema, { email: '', password: '' });
  const after = useAfterSignIn(next, form.fail);
  const [resent, setResent] = useState<'idle' | 'sending' | 'sent'>('idle');
  const reason = REASONS[params.get('reason') ?? ''];
  const nextQuery = hasNext ? { next } : {};

  if (after.phase === 'second-factor') {
    return (
      <AuthPage title="Sign in" heading="One more step">
        <SecondFactorStep
          onVerified={after.done}
          onCancel={() => {
            void signOutHere().finally(() => after.setPhase('idle'));
          }}
        />
      </AuthPage>
    );
  }

  const resend = async () => {
    setResent('sending');
    try {
      await sendEmailLink('signup', form.values.email.trim(), hasNext ? next : null);
      setResent('sent');
    } catch (error) {
      setResent('idle');
      form.fail(error);
    }
  };

  const unconfirmed = form.formError?.code === 'email_not_confirmed';

  return (
    <AuthPage title="Sign in" lead="Welcome back. Sign in to download your patterns and run your store.">
      {reason && !form.formError ? <Alert tone="info">{reason}</Alert> : null}
      <ErrorSummary items={form.summary(IDS)} attempt={form.attempt}>
        {unconfirmed ? (
          <div className={styles.actions}>
            <Button variant="secondary" onClick={() => void resend()} busy={resent === 'sending'} busyLabel="Sending…" disabled={resent === 'sent'}>
              Send a new confirmation email
            </Button>
          </div>
        ) : null}
      </ErrorSummary>
      {resent === 'sent' ? (
        <Alert tone="success" title="Confirmation email sent">
          Open the link in the email we just sent to {form.values.email.trim()}, then sign in.
        </Alert>
      ) : null}
      <form
        className={styles.form}
        noValidate
        aria-label="Sign in with your password"
        onSubmit={form.onSubmit(async ({ email, password }) => {
          setResent('idle');
          await signInWithPassword(email, password);
          // useAfterSignIn takes over: second factor or back to `next`.
        })}
      >
        <TextField id={IDS.email} label="Email" type="email" autoComplete="email" required {...form.field('email')} />
        <PasswordInput id={IDS.password} label="Password" autoComplete="current-password" {...form.field('password')} />
        <div className={styles.actions}>
          <Button type="submit" busy={form.busy} busyLabel="Signing in…">
            Sign in
          </Button>
        </div>
      </form>
      <ul className={styles.links}>
        <li>
          <Link to={href('/sign-in-magic', nextQuery)}>Email me a sign-in link or code instead</Link>
        </li>
        <li>
          <Link to={href('/reset-password')}>Forgot your password?</Link>
        </li>
        <li>
          New to Stitchhouse? <Link to={href('/sign-up', nextQuery)}>Create an account</Link>
        </li>
      </ul>
    </AuthPage>
  );
}
