import { useState } from 'react';
import { useLingui } from '@lingui/react';
import { totpCodeSchema } from '@stitchhouse/shared/auth/index.ts';
import { ErrorSummary, serverMessage, useZodForm } from '@stitchhouse/shared/form/index.ts';
import { Alert, Button, Card, QueryState, Spinner, TextField } from '@stitchhouse/shared/ui/index.ts';
import {
  DEFAULT_FACTOR_NAME,
  confirmWithCode,
  createRecoveryCodes,
  finishEnrolment,
  removeAuthenticator,
  startEnrolment,
  type Enrolment,
} from '../../api/security.ts';
import { RecoveryCodes } from './RecoveryCodes.tsx';
import { securityChanged, useSecurity } from './useSecurity.ts';
import * as styles from '../layout/account.module.css';

type Step = { kind: 'view' } | { kind: 'enrol'; enrolment: Enrolment } | { kind: 'codes'; codes: string[] };

/**
 * Two-step sign-in with an authenticator app: enrol (QR code and the secret as text,
 * verified by a first code), recovery codes shown once, removal only from an aal2 session.
 */
export function AuthenticatorSection() {
  const { i18n } = useLingui();
  const state = useSecurity();
  const [step, setStep] = useState<Step>({ kind: 'view' });
  const [busy, setBusy] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const refresh = securityChanged;

  async function run(what: string, action: () => Promise<void>) {
    setBusy(what);
    setProblem(null);
    try {
      await action();
    } catch (error) {
      setProblem(serverMessage(error).message);
    } finally {
      setBusy(null);
    }
  }

  let body;
  if (step.kind === 'enrol') {
    body = <EnrolStep enrolment={step.enrolment} onVerified={(codes) => setStep({ kind: 'codes', codes })} onCancel={() => setStep({ kind: 'view' })} />;
  } else if (step.kind === 'codes') {
    body = (
      <RecoveryCodes
        codes={step.codes}
        onDone={() => {
          setStep({ kind: 'view' });
          refresh();
        }}
      />
    );
  } else if (state.data === undefined) {
    body = (
      <QueryState query={state} errorTitle={i18n._('account.security.loadError')} skeleton={<Spinner label={i18n._('account.security.loading')} showLabel />}>
        {() => null}
      </QueryState>
    );
  } else if (state.data.authenticators.length === 0) {
    body = (
      <>
        <p>{i18n._('account.authenticator.off')}</p>
        <div className={styles.actions}>
          <Button
            busy={busy === 'start'}
            busyLabel={i18n._('account.authenticator.preparing')}
            onClick={() => void run('start', async () => setStep({ kind: 'enrol', enrolment: await startEnrolment(DEFAULT_FACTOR_NAME) }))}
          >
            {i18n._('account.authenticator.turnOn')}
          </Button>
        </div>
      </>
    );
  } else {
    const app = state.data.authenticators[0]!;
    const aal2 = state.data.aal === 'aal2';
    body = (
      <>
        <p className={`${styles.status} ${styles.ok}`}>
          {i18n._('account.authenticator.on', { name: !app.name || app.name === DEFAULT_FACTOR_NAME ? i18n._('account.authenticator.title') : app.name })}
        </p>
        <p>
          {i18n._('account.authenticator.codesLeft', { left: state.data.recoveryCodesLeft, total: 10 })}
          {state.data.recoveryCodesLeft <= 3 ? ` ${i18n._('account.authenticator.codesRunningOut')}` : ''}
        </p>
        {aal2 ? (
          <div className={styles.actions}>
            <Button
              variant="secondary"
              busy={busy === 'codes'}
              busyLabel={i18n._('account.authenticator.makingCodes')}
              onClick={() => void run('codes', async () => setStep({ kind: 'codes', codes: await createRecoveryCodes() }))}
            >
              {i18n._('account.authenticator.newCodes')}
            </Button>
            <Button
              variant="danger"
              busy={busy === 'remove'}
              busyLabel={i18n._('account.authenticator.removing')}
              onClick={() => {
                if (window.confirm(i18n._('account.authenticator.removeConfirm'))) {
                  void run('remove', async () => {
                    await removeAuthenticator(app.id);
                    refresh();
                  });
                }
              }}
            >
              {i18n._('account.authenticator.remove')}
            </Button>
          </div>
        ) : (
          <ConfirmWithCode factorId={app.id} onConfirmed={refresh} />
        )}
      </>
    );
  }

  return (
    <Card as="section" className={styles.section} aria-labelledby="authenticator-title">
      <h2 id="authenticator-title">{i18n._('account.authenticator.title')}</h2>
      {problem ? <Alert tone="danger">{problem}</Alert> : null}
      {body}
    </Card>
  );
}

function EnrolStep({ enrolment, onVerified, onCancel }: { enrolment: Enrolment; onVerified: (codes: string[]) => void; onCancel: () => void }) {
  const { i18n } = useLingui();
  const form = useZodForm(totpCodeSchema, { code: '' });
  const codeId = 'enrol-code';
  return (
    <div>
      <ol className={styles.list}>
        <li>{i18n._('account.authenticator.step1')}</li>
        <li>{i18n._('account.authenticator.step2')}</li>
        <li>{i18n._('account.authenticator.step3')}</li>
      </ol>
      <img className={styles.qr} src={enrolment.qrImage} alt={i18n._('account.authenticator.qrAlt')} />
      <p>
        {i18n._('account.authenticator.keyInstead')}{' '}
        <code className={styles.secret} aria-label={i18n._('account.authenticator.setupKey')}>
          {enrolment.secret}
        </code>
      </p>
      <ErrorSummary items={form.summary({ code: codeId })} attempt={form.attempt} />
      <form
        className={styles.form}
        noValidate
        aria-label={i18n._('account.authenticator.verifyForm')}
        onSubmit={form.onSubmit(async ({ code }) => onVerified(await finishEnrolment(enrolment.factorId, code)))}
      >
        <TextField
          id={codeId}
          label={i18n._('account.authenticator.codeFromApp')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={9}
          required
          {...form.field('code')}
        />
        <div className={styles.actions}>
          <Button type="submit" busy={form.busy} busyLabel={i18n._('account.authenticator.checking')}>
            {i18n._('account.authenticator.verify')}
          </Button>
          <Button variant="ghost" onClick={onCancel}>
            {i18n._('account.cancel')}
          </Button>
        </div>
      </form>
    </div>
  );
}

/** Managing the app needs a fresh code (an aal2 session), like the auth server requires. */
export function ConfirmWithCode({
  factorId,
  onConfirmed,
  label,
}: {
  factorId: string;
  onConfirmed: () => void;
  /** What the code is needed for; by default, removing the app or making new codes. */
  label?: string;
}) {
  const { i18n } = useLingui();
  const form = useZodForm(totpCodeSchema, { code: '' });
  const codeId = `confirm-code-${factorId}`;
  return (
    <>
      <p className={styles.muted}>{label ?? i18n._('account.authenticator.confirmFirst')}</p>
      <ErrorSummary items={form.summary({ code: codeId })} attempt={form.attempt} />
      <form
        className={styles.form}
        noValidate
        aria-label={i18n._('account.authenticator.confirmForm')}
        onSubmit={form.onSubmit(async ({ code }) => {
          await confirmWithCode(factorId, code);
          onConfirmed();
        })}
      >
        <TextField
          id={codeId}
          label={i18n._('account.authenticator.code')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={9}
          required
          {...form.field('code')}
        />
        <div className={styles.actions}>
          <Button type="submit" busy={form.busy} busyLabel={i18n._('account.authenticator.checking')}>
            {i18n._('account.authenticator.confirm')}
          </Button>
        </div>
      </form>
    </>
  );
}
