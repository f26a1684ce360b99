import { useState } from 'react';
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
  // no error summary here: a wrong address takes the focus itself
  const form = useZodForm(emailOnlySchema, { email: '' }, { focus: 'field' });
  const [failure, setFailure] = useState<string | null>(null);
  const continueAsGuest = form.onSubmit(async ({ email }) => {
    try {
      rememberGuestEmail(email);
      await startGuestSession(); // the session store re-renders the checkout
    } catch (caught) {
      setFailure(caught instanceof Error ? caught.message : 'Guest checkout is not available right now.');
    }
  });

  return (
    <div className={styles.choice}>
      <section className={styles.option} aria-labelledby="guest-sign-in">
        <h2 id="guest-sign-in">Have an account?</h2>
        <p>Sign in and your patterns go straight to your library. Your cart is kept in this browser.</p>
        <LinkButton to={signInHref(next)}>Sign in</LinkButton>
      </section>
      <section className={styles.option} aria-labelledby="guest-checkout">
        <h2 id="guest-checkout">Continue as guest</h2>
        <form
          onSubmit={(event) => {
            setFailure(null);
            continueAsGuest(event);
          }}
          noValidate
        >
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            required
            {...form.field('email')}
            hint="Your receipt and download links go here. You can create an account after paying."
          />
          {failure ? (
            <Alert tone="danger" title="Could not continue as guest">
              {failure}
            </Alert>
          ) : null}
          <Button type="submit" variant="secondary" busy={form.busy} busyLabel="Starting guest checkout…">
            Continue as guest
          </Button>
        </form>
      </section>
    </div>
  );
}
