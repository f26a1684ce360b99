import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Alert, Button, PageHeading, Spinner } from '@stitchhouse/shared/ui/index.ts';
import { PaymentProblem } from '../api/functions.ts';
import { onboardingLink } from '../api/payouts.ts';
import * as styles from '../features/hub/Hub.module.css';

/** /payment/refresh: the onboarding link expired or was used; make a new one and continue at once. */
export default function PaymentRefresh() {
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);

  const go = useCallback(() => {
    setError(null);
    onboardingLink().then(
      (url) => window.location.assign(url),
      (caught: unknown) => setError(caught instanceof PaymentProblem ? caught.message : 'A new link could not be made. Please try again.'),
    );
  }, []);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    go();
  }, [go]);

  return (
    <div className={styles.layout}>
      <PageHeading title="Continue your payout setup">Continue your payout setup</PageHeading>
      {error ? (
        <Alert tone="danger" title="We could not continue your payout setup" actions={<Button size="small" onClick={go}>Try again</Button>}>
          {error} You can also start again from <Link to="/payment/receive">Get paid</Link>.
        </Alert>
      ) : (
        <Spinner label="The last link expired. Making a new one and taking you back to the setup…" showLabel />
      )}
    </div>
  );
}
