import { useState, type ReactNode } from 'react';
import { Alert, Button, type ButtonVariant } from '@stitchhouse/shared/ui/index.ts';
import { PaymentProblem } from '../../api/functions.ts';

/** A button that asks a payment function for a hosted page and goes there; says why when it cannot. */
export function RedirectButton({ children, busyLabel, link, variant }: { children: ReactNode; busyLabel: string; link(): Promise<string>; variant?: ButtonVariant }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function go() {
    setBusy(true);
    setError(null);
    try {
      window.location.assign(await link());
    } catch (caught) {
      setBusy(false);
      setError(caught instanceof PaymentProblem ? caught.message : 'The billing page could not be opened. Please try again.');
    }
  }
  return (
    <>
      <Button variant={variant} block onClick={go} busy={busy} busyLabel={busyLabel}>{children}</Button>
      {error ? <Alert tone="danger" title="That did not work">{error}</Alert> : null}
    </>
  );
}
