import { href } from '@stitchhouse/shared';
import { Link, useSearchParams } from 'react-router';
import { authMessage } from '@stitchhouse/shared/auth/index.ts';
import { Alert, LinkButton } from '@stitchhouse/shared/ui/index.ts';
import { AuthPage } from '../features/layout/AuthPage.tsx';
import * as styles from '../features/form/form.module.css';
import { i18n } from '@stitchhouse/shared/i18n/index.ts';
import { Trans, useLingui } from '@lingui/react';
import { pathTitle } from '@stitchhouse/shared/routeTitles.ts';

/** The reason behind `?reason=` (an auth error code), in words; never the raw server text. */
export function signUpErrorReason(reason: string | null): string {
  const generic = () => i18n._('auth.signUpError.generic');
  if (!reason) return generic();
  return authMessage(reason)?.message ?? generic();
}

/** /sign-up/error: why the account could not be created, and the way back to the form. */
export default function SignUpError() {
  const { i18n } = useLingui();
  const [params] = useSearchParams();
  const reason = signUpErrorReason(params.get('reason'));
  return (
    <AuthPage title={pathTitle('/sign-up/error')}>
      <Alert tone="danger" title={i18n._('auth.signUpError.alertTitle')}>
        {reason}
      </Alert>
      <p>{i18n._('auth.signUpError.kept')}</p>
      <div className={styles.actions}>
        <LinkButton to={href('/sign-up')}>{i18n._('auth.signUpError.back')}</LinkButton>
        <LinkButton to={href('/sign-in')} variant="secondary">
          {i18n._('auth.signUpError.signIn')}
        </LinkButton>
      </div>
      <p className={styles.muted}>
        <Trans id="auth.signUpError.stuck" components={{ 0: <Link to={href('/about')} /> }} />
      </p>
    </AuthPage>
  );
}
