import { Link, useSearchParams } from 'react-router';
import { href, useSession } from '@stitchhouse/shared';
import { EXAMPLE_SALE, PLANS, describeSaleFee } from '@stitchhouse/shared/pricing.ts';
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
  const [params] = useSearchParams();
  const returned = params.get('return') === '1';
  const { session } = useSession();
  const status = usePayoutStatus(session?.user.id ?? '', returned);
  const stage = status.data ? payoutStage(status.data.account) : null;
  const { currency } = EXAMPLE_SALE;

  return (
    <div className={styles.layout}>
      <PageHeading title="Get paid" lead="Connect a payout account once; each sale of your patterns is then paid to your bank.">
        Get paid
      </PageHeading>

      {returned && stage === 'enabled' ? (
        <Alert tone="success" title="Your payout account is ready">
          Payouts are enabled: your share of every sale is transferred to your account, and anything held for you is on its way.
        </Alert>
      ) : returned && stage ? (
        <Alert tone="warning" title="Your payout account still needs some details" actions={<ConnectButton label="Continue" />}>
          Nothing is lost: money from your sales is held for you until the setup is complete.
        </Alert>
      ) : null}

      <section className={styles.section} aria-labelledby="status-title">
        <h2 id="status-title">Your payout account</h2>
        <PayoutSummary status={status} showConnect={!returned || stage === 'not_connected'} />
      </section>

      <section className={styles.section} aria-labelledby="how-title">
        <h2 id="how-title">How payouts work</h2>
        <ol>
          <li>Connect: our payment provider, Stripe, asks for your name, country and bank account (it takes a few minutes).</li>
          <li>Sell: buyers pay Stitchhouse; each sale is split between the designers in the cart.</li>
          <li>
            Get paid: your share of each sale is transferred to your account. Sales made before your account is ready are held and transferred once it is.
          </li>
        </ol>
        <p>
          The platform fee includes card processing: {PLANS.free.name} plan {describeSaleFee('free', currency)}, {PLANS.pro.name} plan{' '}
          {describeSaleFee('pro', currency)}. Prices include the VAT of the buyer’s country; the fee is taken from what is left. <SaleExample />
          See <Link to={href('/pricing')}>pricing</Link> for the details, and <Link to={href('/payment')}>Payments</Link> for your transfers.
        </p>
      </section>
    </div>
  );
}
