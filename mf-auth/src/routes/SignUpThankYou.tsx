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
import { Trans, useLingui } from '@lingui/react';
import { pathTitle } from '@stitchhouse/shared/routeTitles.ts';

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
  const { i18n } = useLingui();
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
      <AuthPage title={pathTitle('/sign-up/thank-you')} heading={i18n._('auth.signUpThanks.confirming')}>
        <div aria-busy="true">
          <Spinner label={i18n._('auth.signUpThanks.confirmingLabel')} />
        </div>
      </AuthPage>
    );
  }

  return (
    <AuthPage
      title={pathTitle('/sign-up/thank-you')}
      lead={sentTo ? <Trans id="auth.signUpThanks.leadTo" values={{ email: sentTo }} components={{ 0: <strong /> }} /> : i18n._('auth.signUpThanks.lead')}
    >
      <p>{i18n._('auth.signUpThanks.once')}</p>
      <h2>{i18n._('auth.signUpThanks.orCode')}</h2>
      <ErrorSummary items={codeForm.summary(CODE_IDS)} attempt={codeForm.attempt} />
      <form
        className={styles.form}
        noValidate
        aria-label={i18n._('auth.signUpThanks.codeFormLabel')}
        onSubmit={codeForm.onSubmit(async ({ email, code }) => {
          await verifyEmailCode(email, code);
        })}
      >
        {sentTo ? null : (
          <TextField id={CODE_IDS.email} label={i18n._('auth.field.email')} type="email" autoComplete="email" required {...codeForm.field('email')} />
        )}
        <EmailCodeField id={CODE_IDS.code} {...codeForm.field('code')} />
        <div className={styles.actions}>
          <Button type="submit" busy={codeForm.busy} busyLabel={i18n._('auth.common.checkingCode')}>
            {i18n._('auth.signUpThanks.confirm')}
          </Button>
        </div>
      </form>
      <ErrorSummary items={form.summary(IDS)} attempt={form.attempt} />
      {sent ? (
        <Alert tone="success" title={i18n._('auth.signUpThanks.sentAgain')}>
          {i18n._('auth.signUpThanks.sentAgainBody')}
        </Alert>
      ) : null}
      <h2>{i18n._('auth.signUpThanks.noEmail')}</h2>
      <p className={styles.muted}>{i18n._('auth.signUpThanks.spam')}</p>
      <form
        className={styles.form}
        noValidate
        aria-label={i18n._('auth.signUpThanks.resendFormLabel')}
        onSubmit={form.onSubmit(async ({ email }) => {
          setSent(false);
          await sendEmailLink('signup', email, hasNext ? next : null);
          setSent(true);
        })}
      >
        <TextField id={IDS.email} label={i18n._('auth.field.email')} type="email" autoComplete="email" required {...form.field('email')} />
        <div className={styles.actions}>
          <Button type="submit" variant="secondary" busy={form.busy} busyLabel={i18n._('auth.common.sending')}>
            {i18n._('auth.signUpThanks.resend')}
          </Button>
        </div>
      </form>
      <ul className={styles.links}>
        <li>
          <Link to={href('/sign-in')}>{i18n._('auth.signUpThanks.goSignIn')}</Link>
        </li>
        <li>
          <LinkButton to={href('/patterns')} variant="ghost">
            {i18n._('auth.signUpThanks.browse')}
          </LinkButton>
        </li>
      </ul>
    </AuthPage>
  );
}
