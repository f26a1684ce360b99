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

const IDS = { email: 'expired-email' };

const COPY: Record<LinkKind, { what: string; button: string }> = {
  signup: { what: 'confirm your email', button: 'Send a new confirmation link' },
  magiclink: { what: 'sign you in', button: 'Send a new sign-in link' },
  recovery: { what: 'reset your password', button: 'Send a new reset link' },
};

/**
 * /expired-link: where every expired or already-used email link lands (the shell
 * sends them here), with a button for a fresh link of the same kind.
 */
export default function ExpiredLink() {
  const [params] = useSearchParams();
  const raw = params.get('link');
  const kind: LinkKind = isLinkKind(raw) ? raw : 'magiclink';
  const next = params.get('next') ? safeNextPath(params.get('next')) : null;
  const form = useZodForm(emailOnlySchema, { email: '' });
  const [sentTo, setSentTo] = useState<string | null>(null);

  return (
    <AuthPage
      title="This link has expired"
      lead={`Links in our emails work once and only for a while. This one was meant to ${COPY[kind].what}, but it has expired or was already used.`}
    >
      <ErrorSummary items={form.summary(IDS)} attempt={form.attempt} />
      {sentTo ? (
        <Alert tone="success" title="A new link is on its way">
          If {sentTo} has a Stitchhouse account, we sent it a fresh link. Open the newest email.
        </Alert>
      ) : null}
      <form
        className={styles.form}
        noValidate
        aria-label="Send a new link"
        onSubmit={form.onSubmit(async ({ email }) => {
          setSentTo(null);
          await sendEmailLink(kind, email, next);
          setSentTo(email);
        })}
      >
        <TextField id={IDS.email} label="Email" type="email" autoComplete="email" required {...form.field('email')} />
        <div className={styles.actions}>
          <Button type="submit" busy={form.busy} busyLabel="Sending a new link…">
            {COPY[kind].button}
          </Button>
        </div>
      </form>
      <ul className={styles.links}>
        <li>
          <Link to={href('/sign-in')}>Sign in with your password</Link>
        </li>
      </ul>
    </AuthPage>
  );
}
