import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { href, useSession } from '@stitchhouse/shared';
import { PLANS, formatMoney } from '@stitchhouse/shared/pricing.ts';
import { Trans, useLingui } from '@lingui/react';
import { saleFee } from '../features/shared/saleFee.ts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, EmptyState, LinkButton, PageHeading, QueryState, Select, Spinner } from '@stitchhouse/shared/ui/index.ts';
import { myStores, storeKeys } from '../api/stores.ts';
import { billingPortalLink, storeSubscription, subscribeLink } from '../api/plan.ts';
import { formatDay } from '@stitchhouse/shared/money.ts';
import { RedirectButton } from '../features/shared/RedirectButton.tsx';
import { IntervalSwitch } from '../features/plan/IntervalSwitch.tsx';
import * as hub from '../features/shared/Hub.module.css';
import * as styles from '../features/plan/Plan.module.css';

const CONFIRM_EVERY_MS = 2000;
const CONFIRM_FOR_MS = 60_000;

/**
 * /payment/subscription: the store's plan, Free or Pro (monthly or yearly, in the store's
 * currency), Upgrade through the hosted checkout, switch monthly ↔ yearly here (the billing
 * function's switch) and cancel or change the card through the hosted portal. The plan itself
 * changes only when the provider's webhook says so.
 */
export default function PaymentSubscription() {
  const { i18n } = useLingui();
  const { session } = useSession();
  const userId = session?.user.id ?? '';
  const [params, setParams] = useSearchParams();
  const confirming = params.get('status') === 'success';
  const queryClient = useQueryClient();
  const [startedAt] = useState(() => Date.now());
  const [interval, setBillingInterval] = useState<'month' | 'year'>('month');
  // what the switch answered, until the webhook has moved the subscription row too
  const [switchedTo, setSwitchedTo] = useState<'month' | 'year' | null>(null);

  const wanted = params.get('store');
  const data = useQuery({
    queryKey: storeKeys.plan(userId, wanted),
    queryFn: async ({ signal }) => {
      const stores = userId ? await myStores(userId, signal) : [];
      const store = stores.find((s) => s.id === wanted) ?? stores[0] ?? null;
      const subscription = store ? await storeSubscription(store.id, signal) : null;
      return { stores, store, subscription };
    },
  });
  const store = data.data?.store ?? null;
  const subscription = data.data?.subscription ?? null;
  const upgraded = store?.plan === 'pro';
  const stillConfirming = confirming && !upgraded && Date.now() - startedAt < CONFIRM_FOR_MS;

  const { isFetching, refetch } = data;
  useEffect(() => {
    if (!stillConfirming || isFetching) return;
    const timer = setTimeout(() => void refetch(), CONFIRM_EVERY_MS);
    return () => clearTimeout(timer);
  }, [stillConfirming, isFetching, data.data, refetch]);

  const heading = (
    <PageHeading title={i18n._('payments.plan.title')} lead={i18n._('payments.plan.lead')}>
      {i18n._('payments.plan.title')}
    </PageHeading>
  );
  // Until the plan is here: the skeleton, or the failure with a retry (a failed poll keeps the plan shown).
  if (!data.data) {
    return (
      <div className={hub.layout}>
        {heading}
        <QueryState query={data} loadingLabel={i18n._('payments.plan.loading')} rows={2} errorTitle={i18n._('payments.plan.error')}>
          {() => null}
        </QueryState>
      </div>
    );
  }
  if (!store) {
    return (
      <div className={hub.layout}>
        {heading}
        <EmptyState
          title={i18n._('payments.plan.noStore')}
          actions={<LinkButton to={href('/patterns/my-store')}>{i18n._('payments.plan.openStore')}</LinkButton>}
        >
          <Trans id="payments.plan.noStoreText" components={{ 0: <Link to={href('/pricing')} /> }} />
        </EmptyState>
      </div>
    );
  }

  const currency = store.currency;
  const pro = PLANS.pro;
  const yearly = pro.yearlyPrice![currency];
  const active = subscription && ['active', 'trialing', 'past_due'].includes(subscription.status);

  return (
    <div className={hub.layout}>
      {heading}
      {(data.data?.stores.length ?? 0) > 1 ? (
        <Select
          label={i18n._('payments.plan.store')}
          value={store.id}
          options={data.data!.stores.map((s) => ({ value: s.id, label: s.name }))}
          onChange={(event) => setParams({ store: event.target.value })}
        />
      ) : null}

      {confirming && upgraded ? (
        <Alert tone="success" title={i18n._('payments.plan.onPro', { store: store.name })}>
          {i18n._('payments.plan.onProText')}
        </Alert>
      ) : stillConfirming ? (
        <div role="status">
          <Spinner label={i18n._('payments.plan.confirming')} showLabel /> <p className={styles.meta}>{i18n._('payments.plan.waiting')}</p>
        </div>
      ) : confirming ? (
        <Alert
          tone="warning"
          title={i18n._('payments.plan.slow')}
          actions={
            <Button size="small" onClick={() => void data.refetch()}>
              {i18n._('payments.checkAgain')}
            </Button>
          }
        >
          {i18n._('payments.plan.slowText')}
        </Alert>
      ) : null}

      {subscription?.cancel_at_period_end && active ? (
        <Alert tone="warning" title={i18n._('payments.plan.ends', { day: formatDay(subscription.current_period_end) })}>
          {i18n._('payments.plan.endsText', { store: store.name })}
        </Alert>
      ) : null}
      {subscription?.status === 'past_due' ? (
        <Alert tone="danger" title={i18n._('payments.plan.pastDue')}>
          {i18n._('payments.plan.pastDueText')}
        </Alert>
      ) : null}

      <p>
        <Trans
          id="payments.plan.current"
          values={{
            store: store.name,
            plan: PLANS[store.plan]?.name ?? store.plan,
            renews: active && subscription?.current_period_end && !subscription.cancel_at_period_end ? 'yes' : 'no',
            day: subscription?.current_period_end ? formatDay(subscription.current_period_end) : '',
          }}
          components={{ 0: <strong />, 1: <strong data-testid="current-plan" /> }}
        />
      </p>

      <div className={styles.plans}>
        <section className={styles.plan} data-current={store.plan === 'free'} aria-labelledby="plan-free">
          <h2 id="plan-free">{PLANS.free.name}</h2>
          <p className={styles.price}>{formatMoney(0, currency)}</p>
          <p className={styles.meta}>{PLANS.free.summary}</p>
          <p>{i18n._('payments.plan.fee', { fee: saleFee(i18n, 'free', currency) })}</p>
          <ul className={styles.includes}>
            {PLANS.free.includes.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          {store.plan === 'free' ? (
            <p className={styles.meta}>{i18n._('payments.plan.yours')}</p>
          ) : (
            <p className={styles.meta}>{i18n._('payments.plan.backToFree')}</p>
          )}
        </section>
        <section className={styles.plan} data-current={store.plan === 'pro'} aria-labelledby="plan-pro">
          <h2 id="plan-pro">{pro.name}</h2>
          <p className={styles.price}>
            <Trans
              id="payments.plan.monthly"
              values={{ price: formatMoney(pro.monthlyPrice[currency], currency) }}
              components={{ 0: <span className={styles.meta} /> }}
            />
          </p>
          <p className={styles.meta}>
            {i18n._('payments.plan.yearly', { price: formatMoney(yearly, currency) })} {pro.summary}
          </p>
          <p>{i18n._('payments.plan.fee', { fee: saleFee(i18n, 'pro', currency) })}</p>
          <ul className={styles.includes}>
            {pro.includes.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          {store.plan === 'pro' || active ? (
            <>
              {active && subscription && (switchedTo ?? subscription.interval) ? (
                subscription.cancel_at_period_end ? (
                  <p className={styles.meta}>
                    {i18n._('payments.plan.billedEnding', { interval: (switchedTo ?? subscription.interval) === 'year' ? 'year' : 'month' })}
                  </p>
                ) : (
                  <IntervalSwitch
                    storeId={store.id}
                    currency={currency}
                    interval={(switchedTo ?? subscription.interval)!}
                    onSwitched={(answer) => {
                      setSwitchedTo(answer.interval);
                      void queryClient.invalidateQueries({ queryKey: storeKeys.all });
                    }}
                  />
                )
              ) : null}
              <RedirectButton busyLabel={i18n._('payments.plan.openingBilling')} link={() => billingPortalLink(store.id)}>
                {i18n._('payments.plan.manageBilling')}
              </RedirectButton>
              <p className={styles.meta}>{i18n._('payments.plan.billingText')}</p>
            </>
          ) : (
            <>
              <fieldset className={styles.intervals}>
                <legend>{i18n._('payments.plan.billing')}</legend>
                <label>
                  <input type="radio" name="interval" value="month" checked={interval === 'month'} onChange={() => setBillingInterval('month')} />{' '}
                  {i18n._('payments.plan.monthlyOption', { price: formatMoney(pro.monthlyPrice[currency], currency) })}
                </label>
                <label>
                  <input type="radio" name="interval" value="year" checked={interval === 'year'} onChange={() => setBillingInterval('year')} />{' '}
                  {i18n._('payments.plan.yearlyOption', { price: formatMoney(yearly, currency) })}
                </label>
              </fieldset>
              <RedirectButton busyLabel={i18n._('payments.pay.opening')} link={() => subscribeLink(store.id, interval)}>
                {i18n._('payments.plan.upgrade')}
              </RedirectButton>
            </>
          )}
        </section>
      </div>
      <p className={styles.meta}>
        <Trans id="payments.plan.footer" components={{ 0: <Link to={href('/pricing')} /> }} />
      </p>
    </div>
  );
}
