import { href } from '@stitchhouse/shared';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { emailOnlySchema, isLinkKind, safeNextPath, type LinkKind } from '@stitchhouse/shared/auth/index.ts';
import { Alert, Button, TextField } from '@stitchhouse/shared/ui/index.ts';
import { sendEmailLink } from '../api/auth.ts';
import { ErrorSummary } from '../features/form/ErrorSummary.tsx';
import { useZodForm } from '@stitchhouse/shared/form/index.ts';
import { AuthPage } from '../features/layout/AuthPage.tsx';
import * as styles from '../features/form/form.module.css';
import { useLingui } from '@lingui/react';
import { pathTitle } from '@stitchhouse/shared/routeTitles.ts';

const IDS = { email: 'expired-email' };

const BUTTONS: Record<LinkKind, string> = {
  signup: /*i18n*/ 'auth.expired.buttonSignup',
  magiclink: /*i18n*/ 'auth.expired.buttonMagiclink',
  recovery: /*i18n*/ 'auth.expired.buttonRecovery',
};

/**
 * /expired-link: where every expired or already-used email link lands (the shell
 * sends them here), with a button for a fresh link of the same kind.
 */
export default function ExpiredLink() {
  const { i18n } = useLingui();
  const [params] = useSearchParams();
  const raw = params.get('link');
  const kind: LinkKind = isLinkKind(raw) ? raw : 'magiclink';
  const next = params.get('next') ? safeNextPath(params.get('next')) : null;
  const form = useZodForm(emailOnlySchema, { email: '' });
  const [sentTo, setSentTo] = useState<string | null>(null);

  return (
    <AuthPage title={pathTitle('/expired-link')} lead={i18n._('auth.expired.lead', { kind })}>
      <ErrorSummary items={form.summary(IDS)} attempt={form.attempt} />
      {sentTo ? (
        <Alert tone="success" title={i18n._('auth.expired.sentTitle')}>
          {i18n._('auth.expired.sentBody', { email: sentTo })}
        </Alert>
      ) : null}
      <form
        className={styles.form}
        noValidate
        aria-label={i18n._('auth.expired.formLabel')}
        onSubmit={form.onSubmit(async ({ email }) => {
          setSentTo(null);
          await sendEmailLink(kind, email, next);
          setSentTo(email);
        })}
      >
        <TextField id={IDS.email} label={i18n._('auth.field.email')} type="email" autoComplete="email" required {...form.field('email')} />
        <div className={styles.actions}>
          <Button type="submit" busy={form.busy} busyLabel={i18n._('auth.expired.busy')}>
            {i18n._(BUTTONS[kind])}
          </Button>
        </div>
      </form>
      <ul className={styles.links}>
        <li>
          <Link to={href('/sign-in')}>{i18n._('auth.common.signInWithPassword')}</Link>
        </li>
      </ul>
    </AuthPage>
  );
}
