import { href } from '@stitchhouse/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Alert, Button, PageHeading, Spinner } from '@stitchhouse/shared/ui/index.ts';
import { PaymentProblem } from '../api/functions.ts';
import { onboardingLink, payoutStatus } from '../api/payouts.ts';
import { ConnectButton } from '../features/payouts/ConnectButton.tsx';
import * as styles from '../features/shared/Hub.module.css';

type Phase = 'working' | 'not_started' | { error: string };

/**
 * /payment/refresh: the provider sends people here when an onboarding link expired or was
 * already used. Make a new link and continue at once. Someone who never started the setup
 * (no payout account) is not signed up for one by opening this address: they get Connect.
 */
export default function PaymentRefresh() {
  const [phase, setPhase] = useState<Phase>('working');
  const started = useRef(false);

  const go = useCallback(async () => {
    setPhase('working');
    try {
      const { account } = await payoutStatus();
      if (!account) {
        setPhase('not_started');
        return;
      }
      window.location.assign(await onboardingLink());
    } catch (caught) {
      setPhase({ error: caught instanceof PaymentProblem ? caught.message : 'A new link could not be made. Please try again.' });
    }
  }, []);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void go();
  }, [go]);

  return (
    <div className={styles.layout}>
      <PageHeading title="Continue your payout setup">Continue your payout setup</PageHeading>
      {phase === 'working' ? (
        <Spinner label="The last link expired. Making a new one and taking you back to the setup…" showLabel />
      ) : phase === 'not_started' ? (
        <Alert tone="info" title="You have not started a payout setup yet" actions={<ConnectButton label="Connect a payout account" />}>
          Connect a payout account to receive the money from your sales. <Link to={href('/payment/receive')}>How payouts work</Link>
        </Alert>
      ) : (
        <Alert
          tone="danger"
          title="We could not continue your payout setup"
          actions={
            <Button size="small" onClick={() => void go()}>
              Try again
            </Button>
          }
        >
          {phase.error} You can also start again from <Link to={href('/payment/receive')}>Get paid</Link>.
        </Alert>
      )}
    </div>
  );
}
