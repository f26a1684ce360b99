import { Link } from 'react-router';
import { href, useSession } from '@stitchhouse/shared';
import { PLANS } from '@stitchhouse/shared/plans.ts';
import { Trans, useLingui } from '@lingui/react';
import { saleFee } from '../features/shared/saleFee.ts';
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
  const { i18n } = useLingui();
  const { session } = useSession();
  const userId = session?.user.id ?? '';
  const stores = useQuery({ queryKey: storeKeys.mine(userId), queryFn: ({ signal }) => myStores(userId, signal), enabled: userId !== '' });
  const payout = usePayoutStatus(userId);
  const ownsStores = (stores.data?.length ?? 0) > 0;

  return (
    <div className={styles.layout}>
      <PageHeading title={i18n._('payments.hub.title')} lead={i18n._('payments.hub.lead')}>
        {i18n._('payments.hub.title')}
      </PageHeading>
      {userId ? <Purchases userId={userId} /> : null}

      {userId && (ownsStores || payout.data?.account) ? (
        <section className={styles.section} aria-labelledby="payouts-title">
          <h2 id="payouts-title">{i18n._('payments.hub.payouts')}</h2>
          <PayoutSummary status={payout} />
          <Transfers userId={userId} />
        </section>
      ) : null}

      {userId ? (
        <section className={styles.section} aria-labelledby="plan-title">
          <h2 id="plan-title">{i18n._('payments.hub.plan')}</h2>
          <QueryState
            query={stores}
            loadingLabel={i18n._('payments.hub.loadingStores')}
            rows={1}
            errorTitle={i18n._('payments.hub.storesError')}
            empty={
              <p className={styles.meta}>
                <Trans id="payments.hub.noStore" components={{ 0: <Link to={href('/patterns/my-store')} />, 1: <Link to={href('/pricing')} /> }} />
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
                        {i18n._('payments.hub.planBadge', { plan: PLANS[store.plan]?.name ?? store.plan })}
                      </span>
                    </div>
                    <p className={styles.meta}>{i18n._('payments.hub.fee', { fee: saleFee(i18n, store.plan, store.currency) })}</p>
                    <div className={styles.actions}>
                      <LinkButton size="small" variant="secondary" to={href('/payment/subscription', { store: store.id })}>
                        {store.plan === 'pro' ? i18n._('payments.hub.manage') : i18n._('payments.hub.compare')}
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
