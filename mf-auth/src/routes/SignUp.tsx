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
import { Trans, useLingui } from '@lingui/react';
import { pathTitle } from '@stitchhouse/shared/routeTitles.ts';

const IDS = { displayName: 'sign-up-name', email: 'sign-up-email', password: 'sign-up-password', intent: `sign-up-intent-${INTENTS[0]}` };
const STRENGTH_ID = 'sign-up-password-strength';

// Refusals the person cannot fix on this form get their own page with the reason.
const ERROR_PAGE_KINDS = new Set(['permission', 'server', 'unknown']);

/** /sign-up: name, email, password (rules shown as you type) and what brings you here. */
export default function SignUp() {
  const { i18n } = useLingui();
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
    <AuthPage title={pathTitle('/sign-up')} lead={i18n._('auth.signUp.lead')}>
      <ErrorSummary items={form.summary(IDS)} attempt={form.attempt} />
      <form
        className={styles.form}
        noValidate
        aria-label={i18n._('auth.signUp.formLabel')}
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
          label={i18n._('auth.signUp.name')}
          hint={i18n._('auth.signUp.nameHint')}
          autoComplete="name"
          required
          maxLength={60}
          {...form.field('displayName')}
        />
        <TextField id={IDS.email} label={i18n._('auth.field.email')} type="email" autoComplete="email" required {...form.field('email')} />
        <PasswordInput
          id={IDS.password}
          label={i18n._('auth.field.password')}
          autoComplete="new-password"
          describedByIds={STRENGTH_ID}
          {...form.field('password')}
        />
        <PasswordStrength id={STRENGTH_ID} password={form.values.password} />
        <fieldset
          className={styles.fieldset}
          role="radiogroup"
          aria-invalid={form.errors.intent ? true : undefined}
          aria-describedby={form.errors.intent ? 'sign-up-intent-error' : undefined}
        >
          <legend className={styles.legend}>{i18n._('auth.signUp.intent')}</legend>
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
          <Trans id="auth.signUp.agree" components={{ 0: <Link to={href('/legal/terms-of-use')} />, 1: <Link to={href('/legal/privacy-policy')} /> }} />
        </p>
        <div className={styles.actions}>
          <Button type="submit" busy={form.busy} busyLabel={i18n._('auth.signUp.busy')}>
            {i18n._('auth.signUp.submit')}
          </Button>
        </div>
      </form>
      <ul className={styles.links}>
        <li>
          <Trans id="auth.signUp.haveAccount" components={{ 0: <Link to={href('/sign-in', nextQuery)} /> }} />
        </li>
      </ul>
    </AuthPage>
  );
}
