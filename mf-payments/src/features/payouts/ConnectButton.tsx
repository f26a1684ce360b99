import { onboardingLink } from '../../api/payouts.ts';
import { RedirectButton } from '../shared/RedirectButton.tsx';

/** Gets a fresh onboarding link and goes to the provider's onboarding page. */
export function ConnectButton({ label }: { label: string }) {
  return (
    <RedirectButton block={false} busyLabel="Opening the payout setup…" failure="The payout setup did not open" link={onboardingLink}>
      {label}
    </RedirectButton>
  );
}
