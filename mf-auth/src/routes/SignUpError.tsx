import { href } from '@stitchhouse/shared';
import { Link, useSearchParams } from 'react-router';
import { authMessage } from '@stitchhouse/shared/auth/index.ts';
import { Alert, LinkButton } from '@stitchhouse/shared/ui/index.ts';
import { AuthPage } from '../features/layout/AuthPage.tsx';
import * as styles from '../features/form/form.module.css';

const GENERIC = 'Something went wrong on our side while creating your account. Nothing was saved. Please try again in a moment.';

/** The reason behind `?reason=` (an auth error code), in words; never the raw server text. */
export function signUpErrorReason(reason: string | null): string {
  if (!reason) return GENERIC;
  return authMessage(reason)?.message ?? GENERIC;
}

/** /sign-up/error: why the account could not be created, and the way back to the form. */
export default function SignUpError() {
  const [params] = useSearchParams();
  const reason = signUpErrorReason(params.get('reason'));
  return (
    <AuthPage title="We could not create your account">
      <Alert tone="danger" title="Your account was not created">
        {reason}
      </Alert>
      <p>What you typed on the form is still there, except the password.</p>
      <div className={styles.actions}>
        <LinkButton to={href('/sign-up')}>Back to the sign-up form</LinkButton>
        <LinkButton to={href('/sign-in')} variant="secondary">
          Sign in instead
        </LinkButton>
      </div>
      <p className={styles.muted}>
        Still stuck? Read <Link to={href('/about')}>about Stitchhouse</Link> for how to reach us.
      </p>
    </AuthPage>
  );
}
