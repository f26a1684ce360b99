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

const IDS = { email: 'magic-email' };

/** /sign-in-magic: one email with a sign-in link and a 6-digit code, no password. */
export default function SignInMagic() {
  const { next, hasNext } = useNext();
  const navigate = useNavigate();
  const form = useZodForm(emailOnlySchema, { email: '' });
  const nextQuery = hasNext ? { next } : {};

  return (
    <AuthPage title="Sign in with a magic link" lead="No password needed: we email you a link and a 6-digit code. Use whichever is handier.">
      <ErrorSummary items={form.summary(IDS)} attempt={form.attempt} />
      <form
        className={styles.form}
        noValidate
        aria-label="Email me a sign-in link"
        onSubmit={form.onSubmit(async ({ email }) => {
          await sendEmailLink('magiclink', email, hasNext ? next : null);
          // The address travels in history state, not the URL (no emails in logs or history lists).
          void navigate(href('/sign-in/thank-you', nextQuery), { state: { email } });
        })}
      >
        <TextField id={IDS.email} label="Email" type="email" autoComplete="email" required {...form.field('email')} />
        <div className={styles.actions}>
          <Button type="submit" busy={form.busy} busyLabel="Sending your link…">
            Email me a link
          </Button>
        </div>
      </form>
      <ul className={styles.links}>
        <li>
          <Link to={href('/sign-in', nextQuery)}>Sign in with your password instead</Link>
        </li>
        <li>
          New to Stitchhouse? <Link to={href('/sign-up', nextQuery)}>Create an account</Link>
        </li>
      </ul>
    </AuthPage>
  );
}
