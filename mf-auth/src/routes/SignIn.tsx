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
import { Trans, useLingui } from '@lingui/react';
import { pathTitle } from '@stitchhouse/shared/routeTitles.ts';

const IDS = { email: 'sign-in-email', password: 'sign-in-password' };

/** Messages the shell passes when it sent the person here (`?reason=`). */
const REASONS: Record<string, string> = {
  'session-ended': /*i18n*/ 'auth.signIn.reasonSessionEnded',
  'sign-in-required': /*i18n*/ 'auth.signIn.reasonSignInRequired',
  'account-deleted': /*i18n*/ 'auth.signIn.reasonAccountDeleted',
};

/** /sign-in: email and password, then the authenticator code when the account has one. */
export default function SignIn() {
  const { i18n } = useLingui();
  const { next, hasNext } = useNext();
  const [params] = useSearchParams();
  const form = useZodForm(signInSchema, { email: '', password: '' });
  const after = useAfterSignIn(next, form.fail);
  const [resent, setResent] = useState<'idle' | 'sending' | 'sent'>('idle');
  const reasonId = Object.hasOwn(REASONS, params.get('reason') ?? '') ? REASONS[params.get('reason')!] : undefined;
  const reason = reasonId ? i18n._(reasonId) : undefined;
  const nextQuery = hasNext ? { next } : {};

  if (after.phase === 'second-factor') {
    return (
      <AuthPage title={pathTitle('/sign-in')} heading={i18n._('auth.common.oneMoreStep')}>
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
    <AuthPage title={pathTitle('/sign-in')} lead={i18n._('auth.signIn.lead')}>
      {reason && !form.formError ? <Alert tone="info">{reason}</Alert> : null}
      <ErrorSummary items={form.summary(IDS)} attempt={form.attempt}>
        {unconfirmed ? (
          <div className={styles.actions}>
            <Button
              variant="secondary"
              onClick={() => void resend()}
              busy={resent === 'sending'}
              busyLabel={i18n._('auth.common.sending')}
              disabled={resent === 'sent'}
            >
              {i18n._('auth.signIn.resendConfirmation')}
            </Button>
          </div>
        ) : null}
      </ErrorSummary>
      {resent === 'sent' ? (
        <Alert tone="success" title={i18n._('auth.signIn.confirmationSent')}>
          {i18n._('auth.signIn.confirmationSentBody', { email: form.values.email.trim() })}
        </Alert>
      ) : null}
      <form
        className={styles.form}
        noValidate
        aria-label={i18n._('auth.signIn.formLabel')}
        onSubmit={form.onSubmit(async ({ email, password }) => {
          setResent('idle');
          await signInWithPassword(email, password);
          // useAfterSignIn takes over: second factor or back to `next`.
        })}
      >
        <TextField id={IDS.email} label={i18n._('auth.field.email')} type="email" autoComplete="email" required {...form.field('email')} />
        <PasswordInput id={IDS.password} label={i18n._('auth.field.password')} autoComplete="current-password" {...form.field('password')} />
        <div className={styles.actions}>
          <Button type="submit" busy={form.busy} busyLabel={i18n._('auth.signIn.busy')}>
            {i18n._('auth.signIn.submit')}
          </Button>
        </div>
      </form>
      <ul className={styles.links}>
        <li>
          <Link to={href('/sign-in-magic', nextQuery)}>{i18n._('auth.signIn.magicInstead')}</Link>
        </li>
        <li>
          <Link to={href('/reset-password')}>{i18n._('auth.signIn.forgot')}</Link>
        </li>
        <li>
          <Trans id="auth.common.createAccountLink" components={{ 0: <Link to={href('/sign-up', nextQuery)} /> }} />
        </li>
      </ul>
    </AuthPage>
  );
}
