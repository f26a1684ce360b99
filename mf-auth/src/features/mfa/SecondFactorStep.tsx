import { useEffect, useState } from 'react';
import { describeError, type UserFacingError } from '@stitchhouse/shared';
import { totpCodeSchema } from '@stitchhouse/shared/auth/index.ts';
import { Alert, Button, TextField } from '@stitchhouse/shared/ui/index.ts';
import { totpFactor, verifySecondFactor } from '../../api/auth.ts';
import { ErrorSummary } from '../form/ErrorSummary.tsx';
import { useAuthForm } from '../form/useAuthForm.ts';
import * as styles from '../form/form.module.css';

export interface SecondFactorStepProps {
  /** Called once the session is aal2. */
  onVerified: () => void;
  /** Leave this step (signs out of the half-finished session). */
  onCancel: () => void;
}

/** "Enter the code from your authenticator app": challenge + verify the user's TOTP factor. */
export function SecondFactorStep({ onVerified, onCancel }: SecondFactorStepProps) {
  const [factor, setFactor] = useState<{ id: string; name: string } | null>(null);
  const [loadError, setLoadError] = useState<UserFacingError | null>(null);
  const form = useAuthForm({ code: '' });
  const codeId = 'second-factor-code';

  useEffect(() => {
    let active = true;
    totpFactor().then(
      (found) => active && (found ? setFactor(found) : onVerified()),
      (error: unknown) => active && setLoadError(describeError(error)),
    );
    return () => {
      active = false;
    };
  }, [onVerified]);

  if (loadError) {
    return (
      <Alert tone="danger" title="We could not start the second step" actions={<Button onClick={onCancel}>Start again</Button>}>
        {loadError.message}
      </Alert>
    );
  }

  return (
    <section aria-labelledby="second-factor-title">
      <h2 id="second-factor-title" tabIndex={-1}>
        Enter your authenticator code
      </h2>
      <p className={styles.muted}>
        Your account is protected by a second step. Open {factor ? <strong>{factor.name}</strong> : 'your authenticator app'} and type the 6-digit
        code it shows for Stitchhouse.
      </p>
      <ErrorSummary items={form.summary({ code: codeId })} attempt={form.attempt} />
      <form
        className={styles.form}
        noValidate
        onSubmit={form.onSubmit(totpCodeSchema, async ({ code }) => {
          if (!factor) return;
          await verifySecondFactor(factor.id, code);
          onVerified();
        })}
      >
        <TextField
          id={codeId}
          label="6-digit code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={9}
          className={styles.code}
          required
          autoFocus
          error={form.errors.code}
          {...form.field('code')}
        />
        <div className={styles.actions}>
          <Button type="submit" busy={form.busy} busyLabel="Checking the code…" disabled={!factor}>
            Verify and continue
          </Button>
          <Button variant="ghost" onClick={onCancel}>
            Use another account
          </Button>
        </div>
      </form>
    </section>
  );
}
