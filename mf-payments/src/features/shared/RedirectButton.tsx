import { useState, type ReactNode } from 'react';
import { useLingui } from '@lingui/react';
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
  failure,
}: {
  children: ReactNode;
  busyLabel: string;
  link(): Promise<string>;
  variant?: ButtonVariant;
  block?: boolean;
  failure?: string;
}) {
  const { i18n } = useLingui();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function go() {
    setBusy(true);
    setError(null);
    try {
      window.location.assign(await link());
    } catch (caught) {
      setBusy(false);
      setError(caught instanceof PaymentProblem ? caught.message : i18n._('payments.redirect.failedText'));
    }
  }
  return (
    <>
      <Button variant={variant} block={block} onClick={go} busy={busy} busyLabel={busyLabel}>
        {children}
      </Button>
      {error ? (
        <Alert tone="danger" title={failure ?? i18n._('payments.redirect.failed')}>
          {error}
        </Alert>
      ) : null}
    </>
  );
}
