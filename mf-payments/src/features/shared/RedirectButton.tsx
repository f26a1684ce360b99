import { useState, type ReactNode } from 'react';
import { Alert, Button, type ButtonVariant } from '@stitchhouse/shared/ui/index.ts';
import { PaymentProblem } from '../../api/functions.ts';

/**
 * A button that asks a payment function for a hosted page (checkout, onboarding, billing
 * portal) and goes there; says why when it cannot.
 */
export function RedirectButton({
  children,
  busyLabel,
  link,
  variant,
  block = true,
  failure = 'That did not work',
}: {
  children: ReactNode;
  busyLabel: string;
  link(): Promise<string>;
  variant?: ButtonVariant;
  block?: boolean;
  failure?: string;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function go() {
    setBusy(true);
    setError(null);
    try {
      window.location.assign(await link());
    } catch (caught) {
      setBusy(false);
      setError(caught instanceof PaymentProblem ? caught.message : 'The page could not be opened. Please try again.');
    }
  }
  return (
    <>
      <Button variant={variant} block={block} onClick={go} busy={busy} busyLabel={busyLabel}>
        {children}
      </Button>
      {error ? (
        <Alert tone="danger" title={failure}>
          {error}
        </Alert>
      ) : null}
    </>
  );
}
