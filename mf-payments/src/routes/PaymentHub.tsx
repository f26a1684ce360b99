import { Link } from 'react-router';
import { href, useSession } from '@stitchhouse/shared';
import { PLANS, describeSaleFee } from '@stitchhouse/shared/plans.ts';
import { useQuery } from '@tanstack/react-query';
import { LinkButton, PageHeading, QueryState } from '@stitchhouse/shared/ui/index.ts';
import { myStores, storeKeys } from '../api/stores.ts';
import { DiscountCodes } from '../features/hub/DiscountCodes.tsx';
import { Purchases } from '../features/hub/Purchases.tsx';
import { StoreSales } from '../features/hub/StoreSales.tsx';
import { PayoutSummary } from '../features/payouts/PayoutSummary.tsx';
import { Transfers } from '../features/payouts/Transfers.tsx';
import { usePayoutStatus } from '../features/payouts/usePayoutStatus.ts';
import * as styles from '../features/shared/Hub.module.css';

/** /payment: my purchases and receipts, my payouts, my store's plan, and for store owners sales (refunds) and discount codes. */
export default function PaymentHub() {
  const { session } = useSession();
  const userId = session?.user.id ?? '';
  const stores = useQuery({ queryKey: storeKeys.mine(userId), queryFn: ({ signal }) => myStores(userId, signal), enabled: userId !== '' });
  const payout = usePayoutStatus(userId);
  const ownsStores = (stores.data?.length ?? 0) > 0;

  return (
    <div className={styles.layout}>
      <PageHeading title="Payments" lead="What you bought, what you earn, and your store’s plan.">
        Payments
      </PageHeading>
      {userId ? <Purchases userId={userId} /> : null}

      {userId && (ownsStores || payout.data?.account) ? (
        <section className={styles.section} aria-labelledby="payouts-title">
          <h2 id="payouts-title">Your payouts</h2>
          <PayoutSummary status={payout} />
          <Transfers userId={userId} />
        </section>
      ) : null}

      {userId ? (
        <section className={styles.section} aria-labelledby="plan-title">
          <h2 id="plan-title">Your store’s plan</h2>
          <QueryState
            query={stores}
            loadingLabel="Loading your stores"
            rows={1}
            errorTitle="Your stores could not be loaded"
            empty={
              <p className={styles.meta}>
                You have no store yet. <Link to={href('/patterns/my-store')}>Open a store</Link> to sell your patterns; see{' '}
                <Link to={href('/pricing')}>plans and fees</Link>.
              </p>
            }
          >
            {(mine) => (
              <ul className={styles.list}>
                {mine.map((store) => (
                  <li key={store.id} className={styles.card}>
                    <div className={styles.row}>
                      <h3>{store.name}</h3>
                      <span className={styles.status} data-status={store.plan === 'pro' ? 'paid' : 'pending'}>
                        {PLANS[store.plan]?.name ?? store.plan} plan
                      </span>
                    </div>
                    <p className={styles.meta}>Fee: {describeSaleFee(store.plan, store.currency)}, card processing included.</p>
                    <div className={styles.actions}>
                      <LinkButton size="small" variant="secondary" to={href('/payment/subscription', { store: store.id })}>
                        {store.plan === 'pro' ? 'Manage plan and billing' : 'Compare plans'}
                      </LinkButton>
                    </div>
                  </li>
                ))}
              </ul>
            )}
          </QueryState>
        </section>
      ) : null}

      {ownsStores ? <StoreSales storeIds={stores.data!.map((s) => s.id)} /> : null}
      {ownsStores ? stores.data!.map((store) => <DiscountCodes key={store.id} store={store} />) : null}
    </div>
  );
}
