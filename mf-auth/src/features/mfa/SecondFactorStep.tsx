import { useEffect, useState } from 'react';
import { describeError, type UserFacingError } from '@stitchhouse/shared';
import { recoveryCodeSchema, totpCodeSchema } from '@stitchhouse/shared/auth/index.ts';
import { Alert, Button, TextField } from '@stitchhouse/shared/ui/index.ts';
import { totpFactor, verifyRecoveryCode, verifySecondFactor } from '../../api/auth.ts';
import { ErrorSummary } from '../form/ErrorSummary.tsx';
import { useZodForm } from '@stitchhouse/shared/form/index.ts';
import * as styles from '../form/form.module.css';
import { Trans, useLingui } from '@lingui/react';

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
  const { i18n } = useLingui();
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
      <Alert tone="danger" title={i18n._('auth.mfa.startFailed')} actions={<Button onClick={onCancel}>{i18n._('auth.mfa.startAgain')}</Button>}>
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
        {i18n._('auth.mfa.title')}
      </h2>
      <p className={styles.muted}>
        {ownName ? <Trans id="auth.mfa.introNamed" values={{ name: ownName }} components={{ 0: <strong /> }} /> : i18n._('auth.mfa.intro')}
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
          label={i18n._('auth.code.label')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={9}
          className={styles.code}
          required
          autoFocus
          {...form.field('code')}
        />
        <div className={styles.actions}>
          <Button type="submit" busy={form.busy} busyLabel={i18n._('auth.common.checkingCode')} disabled={!factor}>
            {i18n._('auth.mfa.verify')}
          </Button>
          <Button variant="ghost" onClick={onCancel}>
            {i18n._('auth.mfa.otherAccount')}
          </Button>
        </div>
      </form>
      <p className={styles.muted}>
        {i18n._('auth.mfa.lostPhone')}{' '}
        <Button variant="ghost" size="small" onClick={() => setMode('recovery')} disabled={!factor}>
          {i18n._('auth.mfa.useRecovery')}
        </Button>
      </p>
    </section>
  );
}

/** One of the ten codes saved when the authenticator app was turned on; each works once. */
function RecoveryCodeStep({ onVerified, onBack }: { onVerified: () => void; onBack: () => void }) {
  const { i18n } = useLingui();
  const form = useZodForm(recoveryCodeSchema, { code: '' });
  const codeId = 'recovery-code';
  return (
    <section aria-labelledby="recovery-code-title">
      <h2 id="recovery-code-title" tabIndex={-1}>
        {i18n._('auth.mfa.useRecovery')}
      </h2>
      <p className={styles.muted}>{i18n._('auth.mfa.recoveryIntro')}</p>
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
          label={i18n._('auth.mfa.recoveryLabel')}
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
          <Button type="submit" busy={form.busy} busyLabel={i18n._('auth.common.checkingCode')}>
            {i18n._('auth.mfa.useThisCode')}
          </Button>
          <Button variant="ghost" onClick={onBack}>
            {i18n._('auth.mfa.appInstead')}
          </Button>
        </div>
      </form>
    </section>
  );
}
