import { useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { describeError, href, useSession } from '@stitchhouse/shared';
import { changePasswordSchema } from '@stitchhouse/shared/auth/index.ts';
import { Alert, Button, LinkButton, Spinner } from '@stitchhouse/shared/ui/index.ts';
import { changePassword } from '../api/auth.ts';
import { ErrorSummary } from '../features/form/ErrorSummary.tsx';
import { useZodForm } from '@stitchhouse/shared/form/index.ts';
import { AuthPage } from '../features/layout/AuthPage.tsx';
import { useNext } from '../features/layout/useNext.ts';
import { SecondFactorStep } from '../features/mfa/SecondFactorStep.tsx';
import { PasswordInput } from '../features/password/PasswordInput.tsx';
import { PasswordStrength } from '../features/password/PasswordStrength.tsx';
import * as styles from '../features/form/form.module.css';

const IDS = { password: 'new-password', confirm: 'new-password-again' };
const STRENGTH_ID = 'new-password-strength';

/**
 * /change-password: a new password, twice. Works in the session a recovery link opens
 * and for anyone signed in; the server then signs out every other session.
 */
export default function ChangePassword() {
  const { session, loading } = useSession();
  const [params] = useSearchParams();
  const { next, hasNext } = useNext();
  const form = useZodForm(changePasswordSchema, { password: '', confirm: '' });
  const [phase, setPhase] = useState<'form' | 'second-factor' | 'done'>('form');
  const pending = useRef<string | null>(null);
  const recovery = params.get('link') === 'recovery';

  if (loading) {
    return (
      <AuthPage title="Change your password">
        <div aria-busy="true">
          <Spinner label="Checking your session" />
        </div>
      </AuthPage>
    );
  }

  if (phase === 'done') {
    return (
      <AuthPage title="Change your password" heading="Your password is changed">
        <Alert tone="success" title="Password changed">
          Use your new password from now on. Any other device or browser where you were signed in has been signed out.
        </Alert>
        <div className={styles.actions}>
          <LinkButton to={hasNext ? next : href('/account/user')}>{hasNext ? 'Continue' : 'Go to your profile and security'}</LinkButton>
        </div>
      </AuthPage>
    );
  }

  if (!session) {
    return (
      <AuthPage title="Change your password">
        <Alert tone="warning" title={recovery ? 'This reset link did not sign you in' : 'Sign in to change your password'}>
          {recovery
            ? 'Ask for a new reset link and open it in this browser.'
            : 'To choose a new password, sign in first. Forgot it? We can email you a reset link.'}
        </Alert>
        <div className={styles.actions}>
          <LinkButton to={href('/reset-password')}>Email me a reset link</LinkButton>
          <LinkButton to={href('/sign-in', { next: href('/change-password') })} variant="secondary">
            Sign in
          </LinkButton>
        </div>
      </AuthPage>
    );
  }

  const save = async (password: string) => {
    try {
      await changePassword(password);
      pending.current = null;
      setPhase('done');
    } catch (error) {
      // Accounts with an authenticator must pass it before changing the password.
      if (describeError(error).code === 'insufficient_aal') {
        pending.current = password;
        setPhase('second-factor');
        return;
      }
      throw error;
    }
  };

  if (phase === 'second-factor') {
    return (
      <AuthPage title="Change your password" heading="Confirm it is you">
        <SecondFactorStep
          onVerified={() => {
            const password = pending.current;
            setPhase('form');
            if (password) save(password).catch(form.fail);
          }}
          onCancel={() => setPhase('form')}
        />
      </AuthPage>
    );
  }

  return (
    <AuthPage
      title="Change your password"
      lead={
        recovery
          ? 'Choose a new password for your account. You are signed in through the link we emailed you.'
          : `Choose a new password for ${session.user.email ?? 'your account'}. Other devices will be signed out.`
      }
    >
      <ErrorSummary items={form.summary(IDS)} attempt={form.attempt} />
      <form className={styles.form} noValidate aria-label="Choose a new password" onSubmit={form.onSubmit(({ password }) => save(password))}>
        <PasswordInput id={IDS.password} label="New password" autoComplete="new-password" describedByIds={STRENGTH_ID} {...form.field('password')} />
        <PasswordStrength id={STRENGTH_ID} password={form.values.password} />
        <PasswordInput id={IDS.confirm} label="New password again" autoComplete="new-password" {...form.field('confirm')} />
        <div className={styles.actions}>
          <Button type="submit" busy={form.busy} busyLabel="Saving your new password…">
            Save new password
          </Button>
        </div>
      </form>
      {recovery ? null : (
        <p className={styles.muted}>
          <Link to={href('/account/user')}>Back to your profile and security</Link>
        </p>
      )}
    </AuthPage>
  );
}
