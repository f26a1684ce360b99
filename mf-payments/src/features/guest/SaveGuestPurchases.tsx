import { useRef, useState, type FormEvent } from 'react';
import { emailSchema, newPasswordSchema } from '@stitchhouse/shared/auth/schemas.ts';
import { Alert, Button, TextField } from '@stitchhouse/shared/ui/index.ts';
import { saveGuestAccount } from '../../api/guest.ts';
import * as styles from './Guest.module.css';

/**
 * After a guest's payment: "Save your purchases". updateUser({ email, password }) keeps the
 * same user id, so the order and the patterns stay with the account once the email link
 * confirms the address.
 */
export function SaveGuestPurchases({ defaultEmail }: { defaultEmail: string }) {
  const [email, setEmail] = useState(defaultEmail);
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ email?: string; password?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const doneRef = useRef<HTMLDivElement>(null);

  async function save(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const parsedEmail = emailSchema.safeParse(email);
    const parsedPassword = newPasswordSchema.safeParse(password);
    const next = {
      email: parsedEmail.success ? undefined : parsedEmail.error.issues[0]?.message,
      password: parsedPassword.success ? undefined : parsedPassword.error.issues[0]?.message,
    };
    setErrors(next);
    if (next.email) return emailRef.current?.focus();
    if (next.password) return passwordRef.current?.focus();
    setBusy(true);
    try {
      await saveGuestAccount(parsedEmail.data!, password);
      setSentTo(parsedEmail.data!);
      requestAnimationFrame(() => doneRef.current?.focus());
    } catch (caught) {
      setFailure(caught instanceof Error ? caught.message : 'Your account could not be created.');
    } finally {
      setBusy(false);
    }
  }

  if (sentTo) {
    return (
      <div ref={doneRef} tabIndex={-1}>
        <Alert tone="success" title="Check your inbox">
          We sent a link to <strong>{sentTo}</strong>. Open it to confirm the address: your account then keeps these patterns,
          and you sign in with this email and password.
        </Alert>
      </div>
    );
  }
  return (
    <section className={styles.option} aria-labelledby="save-purchases">
      <h2 id="save-purchases">Save your purchases: create an account</h2>
      <p>You paid as a guest. With an account your patterns stay in your library on any device, with their updates.</p>
      <form onSubmit={save} noValidate>
        <TextField ref={emailRef} label="Email" type="email" autoComplete="email" value={email} required
          onChange={(event) => setEmail(event.target.value)} error={errors.email} />
        <TextField ref={passwordRef} label="Choose a password" type="password" autoComplete="new-password" value={password} required
          onChange={(event) => setPassword(event.target.value)} error={errors.password} />
        {failure ? <Alert tone="danger" title="Your account could not be created">{failure}</Alert> : null}
        <Button type="submit" busy={busy} busyLabel="Creating your account…">Create my account</Button>
      </form>
    </section>
  );
}
