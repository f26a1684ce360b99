import { useEffect, useState } from 'react';
import { describeError, type UserFacingError } from '@stitchhouse/shared';
import { recoveryCodeSchema, totpCodeSchema } from '@stitchhouse/shared/auth/index.ts';
import { Alert, Button, TextField } from '@stitchhouse/shared/ui/index.ts';
import { totpFactor, verifyRecoveryCode, verifySecondFactor } from '../../api/auth.ts';
import { ErrorSummary } from '../form/ErrorSummary.tsx';
import { useZodForm } from '@stitchhouse/shared/form/index.ts';
import * as styles from '../form/form.module.css';

export interface SecondFactorStepProps {
  /** Called once the session is aal2. */
  onVerified: () => void;
  /** Leave this step (signs out of the half-finished session). */
  onCancel: () => void;
}

/** The name the account screen gives every app it turns on ("Authenticator app"), compared in lower case. */
const GENERIC_FACTOR_NAME = 'authenticator app';

/**
 * "Enter the code from your authenticator app": challenge + verify the user's TOTP factor.
 * Without the phone, one of the recovery codes shown at enrolment does the same once.
 */
export function SecondFactorStep({ onVerified, onCancel }: SecondFactorStepProps) {
  const [factor, setFactor] = useState<{ id: string; name: string } | null>(null);
  const [loadError, setLoadError] = useState<UserFacingError | null>(null);
  const [mode, setMode] = useState<'app' | 'recovery'>('app');
  const form = useZodForm(totpCodeSchema, { code: '' });
  const codeId = 'second-factor-code';
  // A name the person gave the app ("Sewing-room phone") helps; the generic one reads as a brand ("Open Authenticator app").
  const ownName = factor && factor.name.trim().toLowerCase() !== GENERIC_FACTOR_NAME ? factor.name.trim() : null;

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

  if (mode === 'recovery') {
    return <RecoveryCodeStep onVerified={onVerified} onBack={() => setMode('app')} />;
  }

  return (
    <section aria-labelledby="second-factor-title">
      <h2 id="second-factor-title" tabIndex={-1}>
        Enter your authenticator code
      </h2>
      <p className={styles.muted}>
        Your account is protected by a second step. Open your authenticator app
        {ownName ? (
          <>
            {' '}
            (<strong>{ownName}</strong>)
          </>
        ) : null}{' '}
        and type the 6-digit code it shows for Stitchhouse.
      </p>
      <ErrorSummary items={form.summary({ code: codeId })} attempt={form.attempt} />
      <form
        className={styles.form}
        noValidate
        onSubmit={form.onSubmit(async ({ code }) => {
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
      <p className={styles.muted}>
        Lost your phone?{' '}
        <Button variant="ghost" size="small" onClick={() => setMode('recovery')} disabled={!factor}>
          Use a recovery code
        </Button>
      </p>
    </section>
  );
}

/** One of the ten codes saved when the authenticator app was turned on; each works once. */
function RecoveryCodeStep({ onVerified, onBack }: { onVerified: () => void; onBack: () => void }) {
  const form = useZodForm(recoveryCodeSchema, { code: '' });
  const codeId = 'recovery-code';
  return (
    <section aria-labelledby="recovery-code-title">
      <h2 id="recovery-code-title" tabIndex={-1}>
        Use a recovery code
      </h2>
      <p className={styles.muted}>
        Type one of the recovery codes you saved when you turned on the authenticator app. Each code works once. Once you are in, remove the lost phone and set
        up the app again under Profile and security.
      </p>
      <ErrorSummary items={form.summary({ code: codeId })} attempt={form.attempt} />
      <form
        className={styles.form}
        noValidate
        onSubmit={form.onSubmit(async ({ code }) => {
          await verifyRecoveryCode(code);
          onVerified();
        })}
      >
        <TextField
          id={codeId}
          label="Recovery code"
          autoComplete="one-time-code"
          spellCheck={false}
          autoCapitalize="none"
          maxLength={40}
          className={styles.code}
          required
          autoFocus
          {...form.field('code')}
        />
        <div className={styles.actions}>
          <Button type="submit" busy={form.busy} busyLabel="Checking the code…">
            Use this code
          </Button>
          <Button variant="ghost" onClick={onBack}>
            Use the authenticator app instead
          </Button>
        </div>
      </form>
    </section>
  );
}
