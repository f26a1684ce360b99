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
import { Trans, useLingui } from '@lingui/react';
import { pathTitle } from '@stitchhouse/shared/routeTitles.ts';

const IDS = { email: 'code-email', code: 'code-code' };

function emailFromState(state: unknown): string {
  return state && typeof state === 'object' && 'email' in state && typeof state.email === 'string' ? state.email : '';
}

/**
 * /sign-in/thank-you: "check your email". The magic link lands back here and signs the
 * person in; or they type the 6-digit code from the same email.
 */
export default function SignInThankYou() {
  const { i18n } = useLingui();
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
      <AuthPage title={pathTitle('/sign-in/thank-you')} heading={i18n._('auth.common.oneMoreStep')}>
        <SecondFactorStep onVerified={after.done} onCancel={() => void signOutHere().finally(() => after.setPhase('idle'))} />
      </AuthPage>
    );
  }

  if (fromLink && (after.loading || after.signedIn)) {
    return (
      <AuthPage title={pathTitle('/sign-in/thank-you')} heading={i18n._('auth.signInThanks.signingIn')}>
        <div aria-busy="true">
          <Spinner label={i18n._('auth.signInThanks.signingInLabel')} />
        </div>
      </AuthPage>
    );
  }

  const resend = async () => {
    const email = form.values.email.trim();
    const parsed = emailSchema.safeParse(email);
    if (!parsed.success) {
      form.invalid('email', parsed.error.issues[0]?.message ?? i18n._('auth.field.emailRequired'));
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
      title={pathTitle('/sign-in/thank-you')}
      lead={sentTo ? <Trans id="auth.signInThanks.leadTo" values={{ email: sentTo }} components={{ 0: <strong /> }} /> : i18n._('auth.signInThanks.lead')}
    >
      <p>{i18n._('auth.signInThanks.how')}</p>
      <ErrorSummary items={form.summary(IDS)} attempt={form.attempt} />
      {resent === 'sent' ? <Alert tone="success">{i18n._('auth.signInThanks.resent')}</Alert> : null}
      <form
        className={styles.form}
        noValidate
        aria-label={i18n._('auth.signInThanks.formLabel')}
        onSubmit={form.onSubmit(async ({ email, code }) => {
          await verifyEmailCode(email, code);
        })}
      >
        <TextField id={IDS.email} label={i18n._('auth.field.email')} type="email" autoComplete="email" required {...form.field('email')} />
        <EmailCodeField id={IDS.code} {...form.field('code')} />
        <div className={styles.actions}>
          <Button type="submit" busy={form.busy} busyLabel={i18n._('auth.common.checkingCode')}>
            {i18n._('auth.signInThanks.submit')}
          </Button>
          <Button variant="secondary" onClick={() => void resend()} busy={resent === 'sending'} busyLabel={i18n._('auth.common.sending')}>
            {i18n._('auth.signInThanks.resend')}
          </Button>
        </div>
      </form>
      <ul className={styles.links}>
        <li>
          <Link to={href('/sign-in-magic', nextQuery)}>{i18n._('auth.signInThanks.otherEmail')}</Link>
        </li>
        <li>
          <Link to={href('/sign-in', nextQuery)}>{i18n._('auth.common.signInWithPassword')}</Link>
        </li>
      </ul>
    </AuthPage>
  );
}
