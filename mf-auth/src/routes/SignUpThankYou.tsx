import { useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { href, useSession } from '@stitchhouse/shared';
import { emailCodeSchema, emailOnlySchema } from '@stitchhouse/shared/auth/index.ts';
import { Alert, Button, LinkButton, Spinner, TextField } from '@stitchhouse/shared/ui/index.ts';
import { sendEmailLink, verifyEmailCode } from '../api/auth.ts';
import { ErrorSummary } from '../features/form/ErrorSummary.tsx';
import { useZodForm } from '@stitchhouse/shared/form/index.ts';
import { AuthPage } from '../features/layout/AuthPage.tsx';
import { useNext } from '../features/layout/useNext.ts';
import { Welcome } from '../features/signup/Welcome.tsx';
import * as styles from '../features/form/form.module.css';
import { EmailCodeField } from '../features/form/EmailCodeField.tsx';

const IDS = { email: 'confirm-email' };
const CODE_IDS = { email: 'confirm-code-email', code: 'confirm-code' };

function emailFromState(state: unknown): string {
  return state && typeof state === 'object' && 'email' in state && typeof state.email === 'string' ? state.email : '';
}

/**
 * /sign-up/thank-you: "confirm your email", with a way to get the email again. The
 * confirmation link comes back here signed in, and the page becomes the welcome step. The
 * same email carries a 6-digit code, typed here instead (verifyOtp type 'email' takes
 * sign-up codes too); the session it makes turns the page into the welcome step as well.
 */
export default function SignUpThankYou() {
  const { next, hasNext } = useNext();
  const [params] = useSearchParams();
  const location = useLocation();
  const { session, loading } = useSession();
  const sentTo = emailFromState(location.state);
  const form = useZodForm(emailOnlySchema, { email: sentTo });
  const codeForm = useZodForm(emailCodeSchema, { email: sentTo, code: '' });
  const [sent, setSent] = useState(false);
  const fromLink = params.get('link') === 'signup';

  if (session) return <Welcome user={session.user} next={hasNext ? next : null} />;
  if (fromLink && loading) {
    return (
      <AuthPage title="Confirm your email" heading="Confirming your email…">
        <div aria-busy="true">
          <Spinner label="Confirming your email" />
        </div>
      </AuthPage>
    );
  }

  return (
    <AuthPage
      title="Confirm your email"
      lead={
        sentTo ? (
          <>
            We sent a confirmation link to <strong>{sentTo}</strong>. Open it to finish creating your account.
          </>
        ) : (
          'We sent you a confirmation link. Open it to finish creating your account.'
        )
      }
    >
      <p>The link works once. If you already have an account with this address, sign in instead: you can reset your password from there.</p>
      <h2>Or type the code</h2>
      <ErrorSummary items={codeForm.summary(CODE_IDS)} attempt={codeForm.attempt} />
      <form
        className={styles.form}
        noValidate
        aria-label="Confirm with the code from the email"
        onSubmit={codeForm.onSubmit(async ({ email, code }) => {
          await verifyEmailCode(email, code);
        })}
      >
        {sentTo ? null : <TextField id={CODE_IDS.email} label="Email" type="email" autoComplete="email" required {...codeForm.field('email')} />}
        <EmailCodeField id={CODE_IDS.code} {...codeForm.field('code')} />
        <div className={styles.actions}>
          <Button type="submit" busy={codeForm.busy} busyLabel="Checking the code…">
            Confirm my email
          </Button>
        </div>
      </form>
      <ErrorSummary items={form.summary(IDS)} attempt={form.attempt} />
      {sent ? (
        <Alert tone="success" title="Email sent again">
          Use the link in the newest email: the older one no longer works.
        </Alert>
      ) : null}
      <h2>No email?</h2>
      <p className={styles.muted}>Check your spam folder, or ask for it again.</p>
      <form
        className={styles.form}
        noValidate
        aria-label="Send the confirmation email again"
        onSubmit={form.onSubmit(async ({ email }) => {
          setSent(false);
          await sendEmailLink('signup', email, hasNext ? next : null);
          setSent(true);
        })}
      >
        <TextField id={IDS.email} label="Email" type="email" autoComplete="email" required {...form.field('email')} />
        <div className={styles.actions}>
          <Button type="submit" variant="secondary" busy={form.busy} busyLabel="Sending…">
            Send it again
          </Button>
        </div>
      </form>
      <ul className={styles.links}>
        <li>
          <Link to={href('/sign-in')}>Go to sign in</Link>
        </li>
        <li>
          <LinkButton to={href('/patterns')} variant="ghost">
            Browse patterns while you wait
          </LinkButton>
        </li>
      </ul>
    </AuthPage>
  );
}
