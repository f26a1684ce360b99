import { href } from '@stitchhouse/shared';
import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react';
import { emailChangeSchema } from '@stitchhouse/shared/account/schemas.ts';
import { ErrorSummary, useZodForm } from '@stitchhouse/shared/form/index.ts';
import { Alert, Card, Button, LinkButton, TextField } from '@stitchhouse/shared/ui/index.ts';
import { confirmPassword, requestEmailChange } from '../../api/security.ts';
import * as styles from '../layout/account.module.css';

const IDS = { email: 'new-email', password: 'email-change-password' };

/** Email change, GoTrue's secure way: the current password first, then a link to each address. */
export function EmailSection({ email, pendingEmail, onChanged }: { email: string; pendingEmail: string | null; onChanged: () => void }) {
  const { i18n } = useLingui();
  const form = useZodForm(emailChangeSchema, { email: '', password: '' });
  const [sentTo, setSentTo] = useState<string | null>(null);
  return (
    <Card as="section" className={styles.section} aria-labelledby="email-title">
      <h2 id="email-title">{i18n._('account.email.title')}</h2>
      <p>
        <Trans id="account.email.current" values={{ email }} components={{ 0: <strong /> }} />
      </p>
      {pendingEmail || sentTo ? (
        <Alert tone="info" title={i18n._('account.email.waitingTitle')}>
          {i18n._('account.email.waiting', { email, next: sentTo ?? pendingEmail })}
        </Alert>
      ) : null}
      <ErrorSummary items={form.summary(IDS)} attempt={form.attempt} />
      <form
        className={styles.form}
        noValidate
        aria-label={i18n._('account.email.form')}
        onSubmit={form.onSubmit(async ({ email: next, password }) => {
          if (next.toLowerCase() === email.toLowerCase()) {
            form.invalid('email', i18n._('account.email.same'));
            return;
          }
          await confirmPassword(email, password);
          await requestEmailChange(next);
          setSentTo(next);
          form.setValue('password', '');
          onChanged();
        })}
      >
        <TextField id={IDS.email} label={i18n._('account.email.new')} type="email" autoComplete="email" required {...form.field('email')} />
        <TextField
          id={IDS.password}
          label={i18n._('account.security.currentPassword')}
          hint={i18n._('account.email.passwordHint')}
          type="password"
          autoComplete="current-password"
          required
          {...form.field('password')}
        />
        <div className={styles.actions}>
          <Button type="submit" busy={form.busy} busyLabel={i18n._('account.email.sending')}>
            {i18n._('account.email.change')}
          </Button>
          <LinkButton to={href('/change-password')} variant="secondary">
            {i18n._('account.email.changePassword')}
          </LinkButton>
        </div>
      </form>
    </Card>
  );
}
