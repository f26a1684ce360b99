import { useState } from 'react';
import { totpCodeSchema } from '@stitchhouse/shared/auth/index.ts';
import { ErrorSummary, serverMessage, useZodForm } from '@stitchhouse/shared/form/index.ts';
import { Alert, Button, Card, QueryState, Spinner, TextField } from '@stitchhouse/shared/ui/index.ts';
import { confirmWithCode, createRecoveryCodes, finishEnrolment, removeAuthenticator, startEnrolment, type Enrolment } from '../../api/security.ts';
import { RecoveryCodes } from './RecoveryCodes.tsx';
import { securityChanged, useSecurity } from './useSecurity.ts';
import * as styles from '../layout/account.module.css';

type Step = { kind: 'view' } | { kind: 'enrol'; enrolment: Enrolment } | { kind: 'codes'; codes: string[] };

/**
 * Two-step sign-in with an authenticator app: enrol (QR code and the secret as text,
 * verified by a first code), recovery codes shown once, removal only from an aal2 session.
 */
export function AuthenticatorSection() {
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
      <QueryState query={state} errorTitle="Your sign-in settings could not be loaded" skeleton={<Spinner label="Loading your sign-in settings…" showLabel />}>
        {() => null}
      </QueryState>
    );
  } else if (state.data.authenticators.length === 0) {
    body = (
      <>
        <p>Off. Turn it on and Stitchhouse asks for a 6-digit code from an app such as Google Authenticator, 1Password or Authy at every sign-in.</p>
        <div className={styles.actions}>
          <Button
            busy={busy === 'start'}
            busyLabel="Preparing…"
            onClick={() => void run('start', async () => setStep({ kind: 'enrol', enrolment: await startEnrolment('Authenticator app') }))}
          >
            Turn on the authenticator app
          </Button>
        </div>
      </>
    );
  } else {
    const app = state.data.authenticators[0]!;
    const aal2 = state.data.aal === 'aal2';
    body = (
      <>
        <p className={`${styles.status} ${styles.ok}`}>On: {app.name}, asked at every sign-in.</p>
        <p>
          {state.data.recoveryCodesLeft} of 10 recovery codes left.
          {state.data.recoveryCodesLeft <= 3 ? ' Make new ones before they run out.' : ''}
        </p>
        {aal2 ? (
          <div className={styles.actions}>
            <Button
              variant="secondary"
              busy={busy === 'codes'}
              busyLabel="Making codes…"
              onClick={() => void run('codes', async () => setStep({ kind: 'codes', codes: await createRecoveryCodes() }))}
            >
              Make new recovery codes
            </Button>
            <Button
              variant="danger"
              busy={busy === 'remove'}
              busyLabel="Removing…"
              onClick={() => {
                if (window.confirm('Remove the authenticator app? Sign-in will need only your password, and your recovery codes stop working.')) {
                  void run('remove', async () => {
                    await removeAuthenticator(app.id);
                    refresh();
                  });
                }
              }}
            >
              Remove the authenticator app
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
      <h2 id="authenticator-title">Authenticator app</h2>
      {problem ? <Alert tone="danger">{problem}</Alert> : null}
      {body}
    </Card>
  );
}

function EnrolStep({ enrolment, onVerified, onCancel }: { enrolment: Enrolment; onVerified: (codes: string[]) => void; onCancel: () => void }) {
  const form = useZodForm(totpCodeSchema, { code: '' });
  const codeId = 'enrol-code';
  return (
    <div>
      <ol className={styles.list}>
        <li>Open your authenticator app and add an account.</li>
        <li>Scan this QR code, or type the key below.</li>
        <li>Enter the 6-digit code the app shows.</li>
      </ol>
      <img className={styles.qr} src={enrolment.qrImage} alt="QR code to add Stitchhouse to your authenticator app" />
      <p>
        Key to type instead:{' '}
        <code className={styles.secret} aria-label="Setup key">
          {enrolment.secret}
        </code>
      </p>
      <ErrorSummary items={form.summary({ code: codeId })} attempt={form.attempt} />
      <form
        className={styles.form}
        noValidate
        aria-label="Verify the authenticator app"
        onSubmit={form.onSubmit(async ({ code }) => onVerified(await finishEnrolment(enrolment.factorId, code)))}
      >
        <TextField
          id={codeId}
          label="6-digit code from the app"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={9}
          required
          {...form.field('code')}
        />
        <div className={styles.actions}>
          <Button type="submit" busy={form.busy} busyLabel="Checking…">
            Verify and turn on
          </Button>
          <Button variant="ghost" onClick={onCancel}>
            Cancel
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
  label = 'To remove the app or make new recovery codes, enter a code from it first.',
}: {
  factorId: string;
  onConfirmed: () => void;
  label?: string;
}) {
  const form = useZodForm(totpCodeSchema, { code: '' });
  const codeId = `confirm-code-${factorId}`;
  return (
    <>
      <p className={styles.muted}>{label}</p>
      <ErrorSummary items={form.summary({ code: codeId })} attempt={form.attempt} />
      <form
        className={styles.form}
        noValidate
        aria-label="Confirm with your authenticator app"
        onSubmit={form.onSubmit(async ({ code }) => {
          await confirmWithCode(factorId, code);
          onConfirmed();
        })}
      >
        <TextField id={codeId} label="6-digit code" inputMode="numeric" autoComplete="one-time-code" maxLength={9} required {...form.field('code')} />
        <div className={styles.actions}>
          <Button type="submit" busy={form.busy} busyLabel="Checking…">
            Confirm
          </Button>
        </div>
      </form>
    </>
  );
}
