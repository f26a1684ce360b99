import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { describeError, href } from '@stitchhouse/shared';
import { INTENT_LABELS, INTENTS, signUpSchema, type Intent } from '@stitchhouse/shared/auth/index.ts';
import { Button, TextField } from '@stitchhouse/shared/ui/index.ts';
import { signUp } from '../api/auth.ts';
import { ErrorSummary } from '../features/form/ErrorSummary.tsx';
import { useZodForm } from '@stitchhouse/shared/form/index.ts';
import { AuthPage } from '../features/layout/AuthPage.tsx';
import { useNext } from '../features/layout/useNext.ts';
import { PasswordInput } from '../features/password/PasswordInput.tsx';
import { PasswordStrength } from '../features/password/PasswordStrength.tsx';
import { clearSignUpDraft, loadSignUpDraft, saveSignUpDraft } from '../features/signup/draft.ts';
import * as styles from '../features/form/form.module.css';

const IDS = { displayName: 'sign-up-name', email: 'sign-up-email', password: 'sign-up-password', intent: `sign-up-intent-${INTENTS[0]}` };
const STRENGTH_ID = 'sign-up-password-strength';

// Refusals the person cannot fix on this form get their own page with the reason.
const ERROR_PAGE_KINDS = new Set(['permission', 'server', 'unknown']);

/** /sign-up: name, email, password (rules shown as you type) and what brings you here. */
export default function SignUp() {
  const { next, hasNext } = useNext();
  const navigate = useNavigate();
  // Coming back from /sign-up/error (or a reload) keeps what was typed, except the password.
  const [initial] = useState(() => ({ displayName: '', email: '', intent: '', ...loadSignUpDraft(), password: '' }));
  const form = useZodForm(signUpSchema, initial);
  const nextQuery = hasNext ? { next } : {};
  const { values } = form;

  useEffect(() => {
    saveSignUpDraft({ displayName: values.displayName, email: values.email, intent: values.intent });
  }, [values.displayName, values.email, values.intent]);

  return (
    <AuthPage title="Create your account" lead="Buy and download patterns, or open a store and sell your own.">
      <ErrorSummary items={form.summary(IDS)} attempt={form.attempt} />
      <form
        className={styles.form}
        noValidate
        aria-label="Create your account"
        onSubmit={form.onSubmit(async (input) => {
          try {
            await signUp({ ...input, next: hasNext ? next : null });
          } catch (error) {
            const shown = describeError(error);
            if (ERROR_PAGE_KINDS.has(shown.kind)) {
              void navigate(href('/sign-up/error', { reason: shown.code ?? shown.kind }));
              return;
            }
            throw error; // fixable here: shown above the form, nothing typed is lost
          }
          clearSignUpDraft();
          void navigate(href('/sign-up/thank-you', nextQuery), { state: { email: input.email } });
        })}
      >
        <TextField
          id={IDS.displayName}
          label="Your name"
          hint="Shown on your reviews and, for designers, on your store."
          autoComplete="name"
          required
          maxLength={60}
          {...form.field('displayName')}
        />
        <TextField id={IDS.email} label="Email" type="email" autoComplete="email" required {...form.field('email')} />
        <PasswordInput id={IDS.password} label="Password" autoComplete="new-password" describedByIds={STRENGTH_ID} {...form.field('password')} />
        <PasswordStrength id={STRENGTH_ID} password={form.values.password} />
        <fieldset
          className={styles.fieldset}
          role="radiogroup"
          aria-invalid={form.errors.intent ? true : undefined}
          aria-describedby={form.errors.intent ? 'sign-up-intent-error' : undefined}
        >
          <legend className={styles.legend}>What brings you to Stitchhouse?</legend>
          {INTENTS.map((intent: Intent) => (
            <label key={intent} className={styles.choice} htmlFor={`sign-up-intent-${intent}`}>
              <input
                type="radio"
                id={`sign-up-intent-${intent}`}
                name="intent"
                value={intent}
                checked={form.values.intent === intent}
                onChange={() => form.setValue('intent', intent)}
                aria-describedby={`sign-up-intent-${intent}-hint`}
              />
              <span>{INTENT_LABELS[intent].label}</span>
              <span id={`sign-up-intent-${intent}-hint`} className={styles.choiceHint}>
                {INTENT_LABELS[intent].hint}
              </span>
            </label>
          ))}
          {form.errors.intent ? (
            <p id="sign-up-intent-error" className={styles.fieldError}>
              {form.errors.intent}
            </p>
          ) : null}
        </fieldset>
        <p className={styles.muted}>
          By creating an account you agree to our <Link to={href('/legal/terms-of-use')}>terms of use</Link> and{' '}
          <Link to={href('/legal/privacy-policy')}>privacy policy</Link>.
        </p>
        <div className={styles.actions}>
          <Button type="submit" busy={form.busy} busyLabel="Creating your account…">
            Create account
          </Button>
        </div>
      </form>
      <ul className={styles.links}>
        <li>
          Already have an account? <Link to={href('/sign-in', nextQuery)}>Sign in</Link>
        </li>
      </ul>
    </AuthPage>
  );
}
