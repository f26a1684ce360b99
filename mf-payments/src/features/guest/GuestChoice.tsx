import { useState } from 'react';
import { useLingui } from '@lingui/react';
import { signInHref } from '@stitchhouse/shared/auth/next.ts';
import { emailOnlySchema } from '@stitchhouse/shared/auth/schemas.ts';
import { useZodForm } from '@stitchhouse/shared/form/index.ts';
import { Alert, Button, LinkButton, TextField } from '@stitchhouse/shared/ui/index.ts';
import { startGuestSession } from '../../api/guest.ts';
import { rememberGuestEmail } from './guestEmail.ts';
import * as styles from './Guest.module.css';

/**
 * Signed out at the checkout: sign in, or pay as a guest with just an email (as Payhip and
 * Gumroad allow). The guest gets an anonymous session; the receipt and download links go to
 * the address, and the success page offers to turn the guest into an account.
 */
export function GuestChoice({ next }: { next: string }) {
  const { i18n } = useLingui();
  // no error summary here: a wrong address takes the focus itself
  const form = useZodForm(emailOnlySchema, { email: '' }, { focus: 'field' });
  const [failure, setFailure] = useState<string | null>(null);
  const continueAsGuest = form.onSubmit(async ({ email }) => {
    try {
      rememberGuestEmail(email);
      await startGuestSession(); // the session store re-renders the checkout
    } catch (caught) {
      setFailure(caught instanceof Error ? caught.message : i18n._('payments.guest.unavailable'));
    }
  });

  return (
    <div className={styles.choice}>
      <section className={styles.option} aria-labelledby="guest-sign-in">
        <h2 id="guest-sign-in">{i18n._('payments.guest.haveAccount')}</h2>
        <p>{i18n._('payments.guest.signInText')}</p>
        <LinkButton to={signInHref(next)}>{i18n._('payments.signIn')}</LinkButton>
      </section>
      <section className={styles.option} aria-labelledby="guest-checkout">
        <h2 id="guest-checkout">{i18n._('payments.guest.continue')}</h2>
        <form
          onSubmit={(event) => {
            setFailure(null);
            continueAsGuest(event);
          }}
          noValidate
        >
          <TextField
            label={i18n._('payments.guest.email')}
            type="email"
            autoComplete="email"
            required
            {...form.field('email')}
            hint={i18n._('payments.guest.emailHint')}
          />
          {failure ? (
            <Alert tone="danger" title={i18n._('payments.guest.failed')}>
              {failure}
            </Alert>
          ) : null}
          <Button type="submit" variant="secondary" busy={form.busy} busyLabel={i18n._('payments.guest.starting')}>
            {i18n._('payments.guest.continue')}
          </Button>
        </form>
      </section>
    </div>
  );
}
