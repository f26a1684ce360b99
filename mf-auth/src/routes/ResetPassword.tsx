import { href } from '@stitchhouse/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import { emailOnlySchema } from '@stitchhouse/shared/auth/index.ts';
import { Alert, Button, TextField } from '@stitchhouse/shared/ui/index.ts';
import { sendEmailLink } from '../api/auth.ts';
import { ErrorSummary } from '../features/form/ErrorSummary.tsx';
import { useZodForm } from '@stitchhouse/shared/form/index.ts';
import { AuthPage } from '../features/layout/AuthPage.tsx';
import * as styles from '../features/form/form.module.css';
import { useLingui } from '@lingui/react';
import { pathTitle } from '@stitchhouse/shared/routeTitles.ts';

const IDS = { email: 'reset-email' };

/** /reset-password: sends a recovery link that lands on /change-password. */
export default function ResetPassword() {
  const { i18n } = useLingui();
  const form = useZodForm(emailOnlySchema, { email: '' });
  const [sentTo, setSentTo] = useState<string | null>(null);

  return (
    <AuthPage title={pathTitle('/reset-password')} lead={i18n._('auth.reset.lead')}>
      <ErrorSummary items={form.summary(IDS)} attempt={form.attempt} />
      {sentTo ? (
        <Alert tone="success" title={i18n._('auth.reset.sentTitle')}>
          {i18n._('auth.reset.sentBody', { email: sentTo })}
        </Alert>
      ) : null}
      <form
        className={styles.form}
        noValidate
        aria-label={i18n._('auth.reset.formLabel')}
        onSubmit={form.onSubmit(async ({ email }) => {
          setSentTo(null);
          await sendEmailLink('recovery', email);
          setSentTo(email);
        })}
      >
        <TextField id={IDS.email} label={i18n._('auth.field.email')} type="email" autoComplete="email" required {...form.field('email')} />
        <div className={styles.actions}>
          <Button type="submit" busy={form.busy} busyLabel={i18n._('auth.reset.busy')}>
            {sentTo ? i18n._('auth.reset.another') : i18n._('auth.reset.submit')}
          </Button>
        </div>
      </form>
      <ul className={styles.links}>
        <li>
          <Link to={href('/sign-in')}>{i18n._('auth.reset.backToSignIn')}</Link>
        </li>
        <li>
          <Link to={href('/sign-in-magic')}>{i18n._('auth.reset.magicInstead')}</Link>
        </li>
      </ul>
    </AuthPage>
  );
}
