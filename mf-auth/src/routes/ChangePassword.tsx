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
import { useLingui } from '@lingui/react';
import { pathTitle } from '@stitchhouse/shared/routeTitles.ts';

const IDS = { password: 'new-password', confirm: 'new-password-again' };
const STRENGTH_ID = 'new-password-strength';

/**
 * /change-password: a new password, twice. Works in the session a recovery link opens
 * and for anyone signed in; the server then signs out every other session.
 */
export default function ChangePassword() {
  const { i18n } = useLingui();
  const { session, loading } = useSession();
  const [params] = useSearchParams();
  const { next, hasNext } = useNext();
  const form = useZodForm(changePasswordSchema, { password: '', confirm: '' });
  const [phase, setPhase] = useState<'form' | 'second-factor' | 'done'>('form');
  const pending = useRef<string | null>(null);
  const recovery = params.get('link') === 'recovery';

  if (loading) {
    return (
      <AuthPage title={pathTitle('/change-password')}>
        <div aria-busy="true">
          <Spinner label={i18n._('auth.change.checkingSession')} />
        </div>
      </AuthPage>
    );
  }

  if (phase === 'done') {
    return (
      <AuthPage title={pathTitle('/change-password')} heading={i18n._('auth.change.doneHeading')}>
        <Alert tone="success" title={i18n._('auth.change.doneTitle')}>
          {i18n._('auth.change.doneBody')}
        </Alert>
        <div className={styles.actions}>
          <LinkButton to={hasNext ? next : href('/account/user')}>{hasNext ? i18n._('auth.change.continue') : i18n._('auth.change.toProfile')}</LinkButton>
        </div>
      </AuthPage>
    );
  }

  if (!session) {
    return (
      <AuthPage title={pathTitle('/change-password')}>
        <Alert tone="warning" title={recovery ? i18n._('auth.change.linkNoSession') : i18n._('auth.change.signInFirstTitle')}>
          {recovery ? i18n._('auth.change.linkNoSessionBody') : i18n._('auth.change.signInFirstBody')}
        </Alert>
        <div className={styles.actions}>
          <LinkButton to={href('/reset-password')}>{i18n._('auth.change.emailReset')}</LinkButton>
          <LinkButton to={href('/sign-in', { next: href('/change-password') })} variant="secondary">
            {i18n._('auth.signIn.submit')}
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
      <AuthPage title={pathTitle('/change-password')} heading={i18n._('auth.change.confirmItIsYou')}>
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
      title={pathTitle('/change-password')}
      lead={
        recovery
          ? i18n._('auth.change.leadRecovery')
          : session.user.email
            ? i18n._('auth.change.leadFor', { email: session.user.email })
            : i18n._('auth.change.leadAccount')
      }
    >
      <ErrorSummary items={form.summary(IDS)} attempt={form.attempt} />
      <form className={styles.form} noValidate aria-label={i18n._('auth.change.formLabel')} onSubmit={form.onSubmit(({ password }) => save(password))}>
        <PasswordInput
          id={IDS.password}
          label={i18n._('auth.change.newPassword')}
          autoComplete="new-password"
          describedByIds={STRENGTH_ID}
          {...form.field('password')}
        />
        <PasswordStrength id={STRENGTH_ID} password={form.values.password} />
        <PasswordInput id={IDS.confirm} label={i18n._('auth.change.newPasswordAgain')} autoComplete="new-password" {...form.field('confirm')} />
        <div className={styles.actions}>
          <Button type="submit" busy={form.busy} busyLabel={i18n._('auth.change.busy')}>
            {i18n._('auth.change.submit')}
          </Button>
        </div>
      </form>
      {recovery ? null : (
        <p className={styles.muted}>
          <Link to={href('/account/user')}>{i18n._('auth.change.backToProfile')}</Link>
        </p>
      )}
    </AuthPage>
  );
}
