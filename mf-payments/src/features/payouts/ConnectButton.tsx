import { useLingui } from '@lingui/react';
import { onboardingLink } from '../../api/payouts.ts';
import { RedirectButton } from '../shared/RedirectButton.tsx';

/** Gets a fresh onboarding link and goes to the provider's onboarding page. */
export function ConnectButton({ label }: { label: string }) {
  const { i18n } = useLingui();
  return (
    <RedirectButton block={false} busyLabel={i18n._('payments.connect.opening')} failure={i18n._('payments.connect.failed')} link={onboardingLink}>
      {label}
    </RedirectButton>
  );
}
