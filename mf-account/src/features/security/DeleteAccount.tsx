import { href } from '@stitchhouse/shared';
import { useNavigate } from 'react-router';
import { useLingui } from '@lingui/react';
import { deleteAccountSchema } from '@stitchhouse/shared/account/schemas.ts';
import { ErrorSummary, useZodForm } from '@stitchhouse/shared/form/index.ts';
import { Button, Card, Checkbox, QueryState, Spinner, TextField } from '@stitchhouse/shared/ui/index.ts';
import { deleteAccount } from '../../api/closing.ts';
import { ConfirmWithCode } from './AuthenticatorSection.tsx';
import { securityChanged, useSecurity } from './useSecurity.ts';
import * as styles from '../layout/account.module.css';

const IDS = { password: 'delete-password', code: 'delete-code', confirm: 'delete-confirm' };

/** The danger zone's last button: re-authenticate (password, and the app's code at aal2), then delete. */
export function DeleteAccount() {
  const { i18n } = useLingui();
  const navigate = useNavigate();
  const security = useSecurity();
  const form = useZodForm(deleteAccountSchema, { password: '', code: '', confirm: '' });
  const app = security.data?.authenticators[0] ?? null;

  let body;
  if (security.data === undefined) {
    body = (
      <QueryState query={security} errorTitle={i18n._('account.security.loadError')} skeleton={<Spinner label={i18n._('account.wholesale.loading')} />}>
        {() => null}
      </QueryState>
    );
  } else if (app && security.data.aal !== 'aal2') {
    body = <ConfirmWithCode factorId={app.id} onConfirmed={securityChanged} label={i18n._('account.delete.codeFirst')} />;
  } else {
    body = (
      <>
        <ErrorSummary items={form.summary(IDS)} attempt={form.attempt} />
        <form
          className={styles.form}
          noValidate
          aria-label={i18n._('account.delete.title')}
          onSubmit={form.onSubmit(async ({ password, code }) => {
            if (app && !code) {
              form.invalid('code', i18n._('account.delete.codeMissing'));
              return;
            }
            await deleteAccount(password, app ? code : null);
            void navigate(href('/sign-in', { reason: 'account-deleted' }), { replace: true });
          })}
        >
          <TextField
            id={IDS.password}
            label={i18n._('account.security.currentPassword')}
            type="password"
            autoComplete="current-password"
            required
            {...form.field('password')}
          />
          {app ? (
            <TextField
              id={IDS.code}
              label={i18n._('account.delete.code')}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={9}
              required
              {...form.field('code')}
            />
          ) : null}
          <Checkbox
            id={IDS.confirm}
            label={i18n._('account.delete.understand')}
            checked={form.values.confirm === 'yes'}
            error={form.errors.confirm}
            onChange={(e) => form.setValue('confirm', e.target.checked ? 'yes' : '')}
          />
          <div className={styles.actions}>
            <Button type="submit" variant="danger" busy={form.busy} busyLabel={i18n._('account.delete.deleting')}>
              {i18n._('account.delete.submit')}
            </Button>
          </div>
        </form>
      </>
    );
  }

  return (
    <Card as="section" className={`${styles.section} ${styles.danger}`} aria-labelledby="delete-title">
      <h2 id="delete-title">{i18n._('account.delete.title')}</h2>
      <p>{i18n._('account.delete.explained')}</p>
      {body}
    </Card>
  );
}
