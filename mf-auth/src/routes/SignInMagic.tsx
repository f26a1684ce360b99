import { href } from '@stitchhouse/shared';
import { Link, useNavigate } from 'react-router';
import { emailOnlySchema } from '@stitchhouse/shared/auth/index.ts';
import { Button, TextField } from '@stitchhouse/shared/ui/index.ts';
import { sendEmailLink } from '../api/auth.ts';
import { ErrorSummary } from '../features/form/ErrorSummary.tsx';
import { useZodForm } from '@stitchhouse/shared/form/index.ts';
import { AuthPage } from '../features/layout/AuthPage.tsx';
import { useNext } from '../features/layout/useNext.ts';
import * as styles from '../features/form/form.module.css';
import { Trans, useLingui } from '@lingui/react';
import { pathTitle } from '@stitchhouse/shared/routeTitles.ts';

const IDS = { email: 'magic-email' };

/** /sign-in-magic: one email with a sign-in link and a 6-digit code, no password. */
export default function SignInMagic() {
  const { i18n } = useLingui();
  const { next, hasNext } = useNext();
  const navigate = useNavigate();
  const form = useZodForm(emailOnlySchema, { email: '' });
  const nextQuery = hasNext ? { next } : {};

  return (
    <AuthPage title={pathTitle('/sign-in-magic')} lead={i18n._('auth.magic.lead')}>
      <ErrorSummary items={form.summary(IDS)} attempt={form.attempt} />
      <form
        className={styles.form}
        noValidate
        aria-label={i18n._('auth.magic.formLabel')}
        onSubmit={form.onSubmit(async ({ email }) => {
          await sendEmailLink('magiclink', email, hasNext ? next : null);
          // The address travels in history state, not the URL (no emails in logs or history lists).
          void navigate(href('/sign-in/thank-you', nextQuery), { state: { email } });
        })}
      >
        <TextField id={IDS.email} label={i18n._('auth.field.email')} type="email" autoComplete="email" required {...form.field('email')} />
        <div className={styles.actions}>
          <Button type="submit" busy={form.busy} busyLabel={i18n._('auth.magic.busy')}>
            {i18n._('auth.magic.submit')}
          </Button>
        </div>
      </form>
      <ul className={styles.links}>
        <li>
          <Link to={href('/sign-in', nextQuery)}>{i18n._('auth.magic.passwordInstead')}</Link>
        </li>
        <li>
          <Trans id="auth.common.createAccountLink" components={{ 0: <Link to={href('/sign-up', nextQuery)} /> }} />
        </li>
      </ul>
    </AuthPage>
  );
}
