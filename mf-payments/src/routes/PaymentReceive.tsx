import { Link, useSearchParams } from 'react-router';
import { href, useSession } from '@stitchhouse/shared';
import { EXAMPLE_SALE, PLANS } from '@stitchhouse/shared/pricing.ts';
import { Trans, useLingui } from '@lingui/react';
import { saleFee } from '../features/shared/saleFee.ts';
import { SaleExample } from '@stitchhouse/shared/saleExample.tsx';
import { Alert, PageHeading } from '@stitchhouse/shared/ui/index.ts';
import { payoutStage } from '../api/payouts.ts';
import { ConnectButton } from '../features/payouts/ConnectButton.tsx';
import { PayoutSummary } from '../features/payouts/PayoutSummary.tsx';
import { usePayoutStatus } from '../features/payouts/usePayoutStatus.ts';
import * as styles from '../features/shared/Hub.module.css';

/**
 * /payment/receive: how payouts work (the fees of shared/src/pricing.ts), Connect (Stripe
 * Connect Express onboarding), and after the provider sends the person back (?return=1)
 * whether the account is complete or still needs details.
 */
export default function PaymentReceive() {
  const { i18n } = useLingui();
  const [params] = useSearchParams();
  const returned = params.get('return') === '1';
  const { session } = useSession();
  const status = usePayoutStatus(session?.user.id ?? '', returned);
  const stage = status.data ? payoutStage(status.data.account) : null;
  const { currency } = EXAMPLE_SALE;

  return (
    <div className={styles.layout}>
      <PageHeading title={i18n._('payments.receive.title')} lead={i18n._('payments.receive.lead')}>
        {i18n._('payments.receive.title')}
      </PageHeading>

      {returned && stage === 'enabled' ? (
        <Alert tone="success" title={i18n._('payments.receive.ready')}>
          {i18n._('payments.receive.readyText')}
        </Alert>
      ) : returned && stage ? (
        <Alert tone="warning" title={i18n._('payments.receive.needs')} actions={<ConnectButton label={i18n._('payments.receive.continue')} />}>
          {i18n._('payments.receive.needsText')}
        </Alert>
      ) : null}

      <section className={styles.section} aria-labelledby="status-title">
        <h2 id="status-title">{i18n._('payments.receive.account')}</h2>
        <PayoutSummary status={status} showConnect={!returned || stage === 'not_connected'} />
      </section>

      <section className={styles.section} aria-labelledby="how-title">
        <h2 id="how-title">{i18n._('payments.payout.how')}</h2>
        <ol>
          <li>{i18n._('payments.receive.step1')}</li>
          <li>{i18n._('payments.receive.step2')}</li>
          <li>{i18n._('payments.receive.step3')}</li>
        </ol>
        <p>
          {i18n._('payments.receive.fees', {
            free: PLANS.free.name,
            freeFee: saleFee(i18n, 'free', currency),
            pro: PLANS.pro.name,
            proFee: saleFee(i18n, 'pro', currency),
          })}{' '}
          <SaleExample /> <Trans id="payments.receive.see" components={{ 0: <Link to={href('/pricing')} />, 1: <Link to={href('/payment')} /> }} />
        </p>
      </section>
    </div>
  );
}
