import { href } from '@stitchhouse/shared';
import { useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { emailCodeSchema, emailSchema } from '@stitchhouse/shared/auth/index.ts';
import { Alert, Button, Spinner, TextField } from '@stitchhouse/shared/ui/index.ts';
import { sendEmailLink, signOutHere, verifyEmailCode } from '../api/auth.ts';
import { ErrorSummary } from '../features/form/ErrorSummary.tsx';
import { useZodForm } from '@stitchhouse/shared/form/index.ts';
import { AuthPage } from '../features/layout/AuthPage.tsx';
import { useAfterSignIn } from '../features/layout/useAfterSignIn.ts';
import { useNext } from '../features/layout/useNext.ts';
import { SecondFactorStep } from '../features/mfa/SecondFactorStep.tsx';
import * as styles from '../features/form/form.module.css';
import { EmailCodeField } from '../features/form/EmailCodeField.tsx';

const IDS = { email: 'code-email', code: 'code-code' };

function emailFromState(state: unknown): string {
  return state && typeof state === 'object' && 'email' in state && typeof state.email === 'string' ? state.email : '';
}

/**
 * /sign-in/thank-you: "check your email". The magic link lands back here and signs the
 * person in; or they type the 6-digit code from the same email.
 */
export default function SignInThankYou() {
  const { next, hasNext } = useNext();
  const [params] = useSearchParams();
  const location = useLocation();
  const sentTo = emailFromState(location.state);
  const form = useZodForm(emailCodeSchema, { email: sentTo, code: '' });
  const after = useAfterSignIn(next, form.fail);
  const [resent, setResent] = useState<'idle' | 'sending' | 'sent'>('idle');
  const fromLink = params.get('link') === 'magiclink';
  const nextQuery = hasNext ? { next } : {};

  if (after.phase === 'second-factor') {
    return (
      <AuthPage title="Check your email" heading="One more step">
        <SecondFactorStep onVerified={after.done} onCancel={() => void signOutHere().finally(() => after.setPhase('idle'))} />
      </AuthPage>
    );
  }

  if (fromLink && (after.loading || after.signedIn)) {
    return (
      <AuthPage title="Check your email" heading="Signing you in…">
        <div aria-busy="true">
          <Spinner label="Signing you in" />
        </div>
      </AuthPage>
    );
  }

  const resend = async () => {
    const email = form.values.email.trim();
    const parsed = emailSchema.safeParse(email);
    if (!parsed.success) {
      form.invalid('email', parsed.error.issues[0]?.message ?? 'Enter your email address.');
      return;
    }
    setResent('sending');
    try {
      await sendEmailLink('magiclink', parsed.data, hasNext ? next : null);
      setResent('sent');
    } catch (error) {
      setResent('idle');
      form.fail(error);
    }
  };

  return (
    <AuthPage
      title="Check your email"
      lead={
        sentTo ? (
          <>
            If <strong>{sentTo}</strong> has a Stitchhouse account, we just emailed it a sign-in link and a 6-digit code.
          </>
        ) : (
          'If the address has a Stitchhouse account, we just emailed it a sign-in link and a 6-digit code.'
        )
      }
    >
      <p>Open the link on this device, or type the code here. Both work once and expire after a while.</p>
      <ErrorSummary items={form.summary(IDS)} attempt={form.attempt} />
      {resent === 'sent' ? <Alert tone="success">We sent a new email. Use the newest link or code: the older ones no longer work.</Alert> : null}
      <form
        className={styles.form}
        noValidate
        aria-label="Sign in with the code from the email"
        onSubmit={form.onSubmit(async ({ email, code }) => {
          await verifyEmailCode(email, code);
        })}
      >
        <TextField id={IDS.email} label="Email" type="email" autoComplete="email" required {...form.field('email')} />
        <EmailCodeField id={IDS.code} {...form.field('code')} />
        <div className={styles.actions}>
          <Button type="submit" busy={form.busy} busyLabel="Checking the code…">
            Sign in with the code
          </Button>
          <Button variant="secondary" onClick={() => void resend()} busy={resent === 'sending'} busyLabel="Sending…">
            Send a new email
          </Button>
        </div>
      </form>
      <ul className={styles.links}>
        <li>
          <Link to={href('/sign-in-magic', nextQuery)}>Use a different email address</Link>
        </li>
        <li>
          <Link to={href('/sign-in', nextQuery)}>Sign in with your password</Link>
        </li>
      </ul>
    </AuthPage>
  );
}
