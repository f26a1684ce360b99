import { href } from '@stitchhouse/shared';
import { useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { emailSchema } from '@stitchhouse/shared/auth/index.ts';
import { Alert, Button, TextField } from '@stitchhouse/shared/ui/index.ts';
import { NewsletterError, subscribe } from '../../api/newsletter.ts';
import * as styles from './Newsletter.module.css';

export interface SubscribeFormProps {
  /** Prefills the address (re-subscribing after an unsubscribe). */
  initialEmail?: string;
  submitLabel?: string;
}

/**
 * The e-mail form. After a submit it always says "check your inbox", whether the address
 * was new, pending or already subscribed: the page must not tell who is on the list.
 */
export function SubscribeForm({ initialEmail = '', submitLabel = 'Subscribe' }: SubscribeFormProps) {
  const id = useId();
  const inputId = `newsletter-email-${id}`;
  const [email, setEmail] = useState(initialEmail);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const sending = useRef(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const doneRef = useRef<HTMLDivElement>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending.current) return; // a second click while the first is on its way
    const parsed = emailSchema.safeParse(email);
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message);
      setFailure(undefined);
      inputRef.current?.focus();
      return;
    }
    sending.current = true;
    setBusy(true);
    setFieldError(undefined);
    setFailure(undefined);
    try {
      await subscribe(parsed.data);
      setSentTo(parsed.data);
      requestAnimationFrame(() => doneRef.current?.focus());
    } catch (error) {
      const known =
        error instanceof NewsletterError ? error : new NewsletterError('unknown', 'Something went wrong on our side. Please try again in a moment.');
      if (known.code === 'invalid_email') {
        setFieldError(known.message);
        inputRef.current?.focus();
      } else {
        setFailure(known.message);
      }
    } finally {
      sending.current = false;
      setBusy(false);
    }
  }

  if (sentTo !== null) {
    return (
      <div ref={doneRef} tabIndex={-1} className={styles.done} data-newsletter-sent>
        <Alert
          tone="success"
          title="Check your inbox to confirm"
          actions={
            <Button variant="secondary" size="small" onClick={() => setSentTo(null)}>
              Use a different address
            </Button>
          }
        >
          <p>
            We sent a link to <strong>{sentTo}</strong>. Open it within 48 hours to confirm your subscription; until then we send you nothing else. No e-mail
            after a few minutes? Look in your spam folder, or try again.
          </p>
        </Alert>
      </div>
    );
  }

  return (
    <form className={styles.form} noValidate aria-label="Subscribe to the newsletter" onSubmit={onSubmit}>
      {failure ? (
        <Alert tone="danger" title="We couldn’t sign you up">
          <p>{failure}</p>
        </Alert>
      ) : null}
      <div className={styles.formRow}>
        <TextField
          ref={inputRef}
          id={inputId}
          className={styles.emailField}
          label="Your e-mail address"
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          spellCheck={false}
          required
          value={email}
          error={fieldError}
          onChange={(event) => setEmail(event.target.value)}
        />
        <Button type="submit" busy={busy} busyLabel="Sending your confirmation link…" className={styles.submit}>
          {submitLabel}
        </Button>
      </div>
      <p className={styles.consent}>
        We use your address only to send this newsletter, and every issue has a one-click unsubscribe link. Read how we handle it in our{' '}
        <Link to={href('/legal/privacy-policy')}>privacy policy</Link>.
      </p>
    </form>
  );
}
