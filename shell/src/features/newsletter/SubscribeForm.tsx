import { href } from '@stitchhouse/shared';
import { useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { emailSchema } from '@stitchhouse/shared/auth/index.ts';
import { Alert, Button, TextField } from '@stitchhouse/shared/ui/index.ts';
import { NewsletterError, subscribe } from '../../api/newsletter.ts';
import * as styles from './Newsletter.module.css';
import { Trans, useLingui } from '@lingui/react';
import { newsletterProblem } from './problem.ts';

export interface SubscribeFormProps {
  /** Prefills the address (re-subscribing after an unsubscribe). */
  initialEmail?: string;
  submitLabel?: string;
}

/**
 * The e-mail form. After a submit it always says "check your inbox", whether the address
 * was new, pending or already subscribed: the page must not tell who is on the list.
 */
export function SubscribeForm({ initialEmail = '', submitLabel }: SubscribeFormProps) {
  const { i18n } = useLingui();
  const id = useId();
  const inputId = `newsletter-email-${id}`;
  const [email, setEmail] = useState(initialEmail);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [failure, setFailure] = useState<unknown>();
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
      if (error instanceof NewsletterError && error.code === 'invalid_email') {
        setFieldError(error.message);
        inputRef.current?.focus();
      } else {
        setFailure(error);
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
          title={i18n._('shell.newsletter.sent.title')}
          actions={
            <Button variant="secondary" size="small" onClick={() => setSentTo(null)}>
              {i18n._('shell.newsletter.sent.otherAddress')}
            </Button>
          }
        >
          <p>
            <Trans id="shell.newsletter.sent.body" values={{ email: sentTo, hours: 48 }} components={{ 0: <strong /> }} />
          </p>
        </Alert>
      </div>
    );
  }

  return (
    <form className={styles.form} noValidate aria-label={i18n._('shell.newsletter.form.label')} onSubmit={onSubmit}>
      {failure !== undefined ? (
        <Alert tone="danger" title={i18n._('shell.newsletter.form.failedTitle')}>
          <p>{newsletterProblem(i18n, failure)}</p>
        </Alert>
      ) : null}
      <div className={styles.formRow}>
        <TextField
          ref={inputRef}
          id={inputId}
          className={styles.emailField}
          label={i18n._('shell.newsletter.form.email')}
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
        <Button type="submit" busy={busy} busyLabel={i18n._('shell.newsletter.form.sending')} className={styles.submit}>
          {submitLabel ?? i18n._('shell.newsletter.form.subscribe')}
        </Button>
      </div>
      <p className={styles.consent}>
        <Trans id="shell.newsletter.form.consent" components={{ 0: <Link to={href('/legal/privacy-policy')} /> }} />
      </p>
    </form>
  );
}
