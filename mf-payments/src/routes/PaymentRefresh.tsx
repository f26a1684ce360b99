import { href } from '@stitchhouse/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Trans, useLingui } from '@lingui/react';
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
  const { i18n } = useLingui();
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
      setPhase({ error: caught instanceof PaymentProblem ? caught.message : i18n._('payments.refresh.failedText') });
    }
  }, [i18n]);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void go();
  }, [go]);

  return (
    <div className={styles.layout}>
      <PageHeading title={i18n._('payments.refresh.title')}>{i18n._('payments.refresh.title')}</PageHeading>
      {phase === 'working' ? (
        <Spinner label={i18n._('payments.refresh.working')} showLabel />
      ) : phase === 'not_started' ? (
        <Alert tone="info" title={i18n._('payments.refresh.notStarted')} actions={<ConnectButton label={i18n._('payments.payout.connect')} />}>
          {i18n._('payments.refresh.notStartedText')} <Link to={href('/payment/receive')}>{i18n._('payments.payout.how')}</Link>
        </Alert>
      ) : (
        <Alert
          tone="danger"
          title={i18n._('payments.refresh.failed')}
          actions={
            <Button size="small" onClick={() => void go()}>
              {i18n._('payments.tryAgain')}
            </Button>
          }
        >
          <Trans id="payments.refresh.startAgain" values={{ error: phase.error }} components={{ 0: <Link to={href('/payment/receive')} /> }} />
        </Alert>
      )}
    </div>
  );
}
