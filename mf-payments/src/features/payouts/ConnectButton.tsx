import { useState } from 'react';
import { Alert, Button } from '@stitchhouse/shared/ui/index.ts';
import { onboardingLink } from '../../api/payouts.ts';
import { PaymentProblem } from '../../api/functions.ts';

/** Gets a fresh onboarding link and goes to the provider's onboarding page. */
export function ConnectButton({ label }: { label: string }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function go() {
    setBusy(true);
    setError(null);
    try {
      window.location.assign(await onboardingLink());
    } catch (caught) {
      setBusy(false);
      setError(caught instanceof PaymentProblem ? caught.message : 'The payout setup could not be opened. Please try again.');
    }
  }
  return (
    <>
      <Button onClick={go} busy={busy} busyLabel="Opening the payout setup…">{label}</Button>
      {error ? <Alert tone="danger" title="The payout setup did not open">{error}</Alert> : null}
    </>
  );
}
