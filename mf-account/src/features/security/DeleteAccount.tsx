import { href } from '@stitchhouse/shared';
import { useNavigate } from 'react-router';
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
  const navigate = useNavigate();
  const security = useSecurity();
  const form = useZodForm(deleteAccountSchema, { password: '', code: '', confirm: '' });
  const app = security.data?.authenticators[0] ?? null;

  let body;
  if (security.data === undefined) {
    body = (
      <QueryState query={security} errorTitle="Your sign-in settings could not be loaded" skeleton={<Spinner label="Loading…" />}>
        {() => null}
      </QueryState>
    );
  } else if (app && security.data.aal !== 'aal2') {
    body = <ConfirmWithCode factorId={app.id} onConfirmed={securityChanged} label="Your account has an authenticator app: enter a code from it first." />;
  } else {
    body = (
      <>
        <ErrorSummary items={form.summary(IDS)} attempt={form.attempt} />
        <form
          className={styles.form}
          noValidate
          aria-label="Delete your account"
          onSubmit={form.onSubmit(async ({ password, code }) => {
            if (app && !code) {
              form.invalid('code', 'Enter the 6-digit code from your authenticator app.');
              return;
            }
            await deleteAccount(password, app ? code : null);
            void navigate(href('/sign-in', { reason: 'account-deleted' }), { replace: true });
          })}
        >
          <TextField id={IDS.password} label="Current password" type="password" autoComplete="current-password" required {...form.field('password')} />
          {app ? (
            <TextField
              id={IDS.code}
              label="6-digit code from your authenticator app"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={9}
              required
              {...form.field('code')}
            />
          ) : null}
          <Checkbox
            id={IDS.confirm}
            label="I understand my account is deleted for good"
            checked={form.values.confirm === 'yes'}
            error={form.errors.confirm}
            onChange={(e) => form.setValue('confirm', e.target.checked ? 'yes' : '')}
          />
          <div className={styles.actions}>
            <Button type="submit" variant="danger" busy={form.busy} busyLabel="Deleting your account…">
              Delete my account
            </Button>
          </div>
        </form>
      </>
    );
  }

  return (
    <Card as="section" className={`${styles.section} ${styles.danger}`} aria-labelledby="delete-title">
      <h2 id="delete-title">Delete your account</h2>
      <p>
        Your profile, sign-in, pictures and documents are deleted; orders are kept without your name for our accounts. A store that has sold patterns is closed
        and its patterns archived: people who bought them keep their downloads. This cannot be undone. Want your data first? Use the export above.
      </p>
      {body}
    </Card>
  );
}
