import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { href, useSession } from '@stitchhouse/shared';
import { PLANS, describeSaleFee, formatMoney } from '@stitchhouse/shared/pricing.ts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, EmptyState, LinkButton, PageHeading, QueryState, Select, Spinner } from '@stitchhouse/shared/ui/index.ts';
import { billingPortalLink, myStores, storeKeys, storeSubscription, subscribeLink } from '../api/stores.ts';
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
    <PageHeading title="Your store plan" lead="The plan decides your fee on each sale.">
      Your store plan
    </PageHeading>
  );
  // Until the plan is here: the skeleton, or the failure with a retry (a failed poll keeps the plan shown).
  if (!data.data) {
    return (
      <div className={hub.layout}>
        {heading}
        <QueryState query={data} loadingLabel="Loading your plan" rows={2} errorTitle="Your plan could not be loaded">
          {() => null}
        </QueryState>
      </div>
    );
  }
  if (!store) {
    return (
      <div className={hub.layout}>
        {heading}
        <EmptyState title="Open a store first" actions={<LinkButton to={href('/patterns/my-store')}>Open a store</LinkButton>}>
          Plans belong to a store. Once your store is open you can choose Free or Pro here; see <Link to={href('/pricing')}>pricing</Link>.
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
          label="Store"
          value={store.id}
          options={data.data!.stores.map((s) => ({ value: s.id, label: s.name }))}
          onChange={(event) => setParams({ store: event.target.value })}
        />
      ) : null}

      {confirming && upgraded ? (
        <Alert tone="success" title={`${store.name} is on Pro`}>
          Thank you! The lower fee applies to every sale from now on.
        </Alert>
      ) : stillConfirming ? (
        <div role="status">
          <Spinner label="Confirming your subscription…" showLabel /> <p className={styles.meta}>Waiting for the payment provider; this takes a few seconds.</p>
        </div>
      ) : confirming ? (
        <Alert
          tone="warning"
          title="Your upgrade is taking longer than usual to confirm"
          actions={
            <Button size="small" onClick={() => void data.refetch()}>
              Check again
            </Button>
          }
        >
          You will not be charged twice. The plan changes as soon as the payment provider confirms it.
        </Alert>
      ) : null}

      {subscription?.cancel_at_period_end && active ? (
        <Alert tone="warning" title={`Pro ends on ${formatDay(subscription.current_period_end)}`}>
          The subscription is cancelled at the end of the period; {store.name} then moves to Free. You can resume it in billing until then.
        </Alert>
      ) : null}
      {subscription?.status === 'past_due' ? (
        <Alert tone="danger" title="The last payment for Pro failed">
          Update your card in billing to keep Pro.
        </Alert>
      ) : null}

      <p>
        <strong>{store.name}</strong> is on the <strong data-testid="current-plan">{PLANS[store.plan]?.name ?? store.plan}</strong> plan
        {active && subscription?.current_period_end && !subscription.cancel_at_period_end ? `, renewing on ${formatDay(subscription.current_period_end)}` : ''}.
      </p>

      <div className={styles.plans}>
        <section className={styles.plan} data-current={store.plan === 'free'} aria-labelledby="plan-free">
          <h2 id="plan-free">{PLANS.free.name}</h2>
          <p className={styles.price}>{formatMoney(0, currency)}</p>
          <p className={styles.meta}>{PLANS.free.summary}</p>
          <p>Fee: {describeSaleFee('free', currency)}</p>
          <ul className={styles.includes}>
            {PLANS.free.includes.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          {store.plan === 'free' ? (
            <p className={styles.meta}>Your current plan.</p>
          ) : (
            <p className={styles.meta}>To go back to Free, cancel Pro in billing; it ends with the period you paid for.</p>
          )}
        </section>
        <section className={styles.plan} data-current={store.plan === 'pro'} aria-labelledby="plan-pro">
          <h2 id="plan-pro">{pro.name}</h2>
          <p className={styles.price}>
            {formatMoney(pro.monthlyPrice[currency], currency)} <span className={styles.meta}>a month</span>
          </p>
          <p className={styles.meta}>
            or {formatMoney(yearly, currency)} a year (two months free). {pro.summary}
          </p>
          <p>Fee: {describeSaleFee('pro', currency)}</p>
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
                    Billed {(switchedTo ?? subscription.interval) === 'year' ? 'yearly' : 'monthly'}. To switch between monthly and yearly, resume Pro in
                    billing first.
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
              <RedirectButton busyLabel="Opening billing…" link={() => billingPortalLink(store.id)}>
                Manage billing
              </RedirectButton>
              <p className={styles.meta}>Billing opens our payment provider’s page: cancel Pro at the end of the period (or resume it), or change your card.</p>
            </>
          ) : (
            <>
              <fieldset className={styles.intervals}>
                <legend>Billing</legend>
                <label>
                  <input type="radio" name="interval" value="month" checked={interval === 'month'} onChange={() => setBillingInterval('month')} /> Monthly,{' '}
                  {formatMoney(pro.monthlyPrice[currency], currency)}
                </label>
                <label>
                  <input type="radio" name="interval" value="year" checked={interval === 'year'} onChange={() => setBillingInterval('year')} /> Yearly,{' '}
                  {formatMoney(yearly, currency)}
                </label>
              </fieldset>
              <RedirectButton busyLabel="Opening the secure payment page…" link={() => subscribeLink(store.id, interval)}>
                Upgrade to Pro
              </RedirectButton>
            </>
          )}
        </section>
      </div>
      <p className={styles.meta}>
        On Pro, switch between monthly and yearly on this page; cancel or change your card any time in billing. <Link to={href('/pricing')}>Compare fees</Link>.
      </p>
    </div>
  );
}
