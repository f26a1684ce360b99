// A store's plan: its newest subscription row and the billing function's hosted pages (subscribe, switch interval, portal).
import { getSupabase } from '@stitchhouse/shared';
import type { PlanId } from '@stitchhouse/shared/pricing.ts';
import { activeLocale } from '@stitchhouse/shared/i18n/index.ts';
import type { BillingAnswer, BillingSwitchAnswer } from '@stitchhouse/shared/contracts/billing.ts';
import { callPaymentFunction, restFailure } from './functions.ts';
import type { SubscriptionStatus } from '@stitchhouse/shared/statuses.ts';

export interface StoreSubscription {
  id: string;
  plan: PlanId;
  status: SubscriptionStatus;
  current_period_end: string | null;
  cancel_at_period_end: boolean;
  /** How Pro is billed: monthly or yearly (null until the provider said). */
  interval: 'month' | 'year' | null;
  created_at: string;
}

/** The store's newest subscription row (written by the billing webhook), or null. */
export async function storeSubscription(storeId: string, signal?: AbortSignal): Promise<StoreSubscription | null> {
  const supabase = await getSupabase();
  let request = supabase
    .from('subscriptions')
    .select('id,plan,status,current_period_end,cancel_at_period_end,interval,created_at')
    .eq('store_id', storeId)
    .order('created_at', { ascending: false })
    .limit(1);
  if (signal) request = request.abortSignal(signal);
  const { data, error, status } = await request;
  if (error) restFailure(error, status);
  return ((data ?? [])[0] as StoreSubscription | undefined) ?? null;
}

/** The hosted checkout (subscription mode) that upgrades the store to Pro. */
export async function subscribeLink(storeId: string, interval: 'month' | 'year'): Promise<string> {
  const { url } = await callPaymentFunction<BillingAnswer>('billing', {
    action: 'subscribe',
    store_id: storeId,
    plan: 'pro',
    interval,
    locale: activeLocale(),
  });
  return url;
}

/** Pro billed monthly ↔ yearly: charged at once, less the unused time (the provider's subscription update with prorations). */
export function switchInterval(storeId: string, interval: 'month' | 'year'): Promise<BillingSwitchAnswer> {
  return callPaymentFunction<BillingSwitchAnswer>('billing', { action: 'switch', store_id: storeId, interval });
}

/** The hosted billing portal: cancel at period end or resume, change card. */
export async function billingPortalLink(storeId: string): Promise<string> {
  const { url } = await callPaymentFunction<BillingAnswer>('billing', { action: 'portal', store_id: storeId, locale: activeLocale() });
  return url;
}
