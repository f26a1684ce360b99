// Getting paid: the payout-account function (Stripe Connect Express onboarding and status)
// and the person's transfers through REST (row-level security: the recipient reads their own).
import { getSupabase } from '@stitchhouse/shared';
import type { PayoutAccount, PayoutOnboardAnswer, PayoutStatus } from '@stitchhouse/shared/contracts/payout-account.ts';
import { callPaymentFunction, restFailure } from './functions.ts';
import type { PayoutTransferStatus } from '@stitchhouse/shared/statuses.ts';

export type { PayoutAccount, PayoutStatus } from '@stitchhouse/shared/contracts/payout-account.ts';

/** Query keys of the payout account and transfers (shared/src/query/client.ts). */
export const payoutKeys = {
  all: ['payments', 'payouts'] as const,
  status: (userId: string) => [...payoutKeys.all, 'status', userId] as const,
  transfers: (userId: string) => [...payoutKeys.all, 'transfers', userId] as const,
};

/** The account as the provider sees it now (the function refreshes it). */
export function payoutStatus(): Promise<PayoutStatus> {
  return callPaymentFunction<PayoutStatus>('payout-account', { action: 'status' });
}

/** A fresh, single-use onboarding link (creates the account the first time). */
export async function onboardingLink(): Promise<string> {
  const { url } = await callPaymentFunction<PayoutOnboardAnswer>('payout-account', { action: 'onboard' });
  return url;
}

export type PayoutStage = 'not_connected' | 'needs_details' | 'enabled';

/** Where the person stands: connect, finish onboarding, or paid out. */
export function payoutStage(account: PayoutAccount | null): PayoutStage {
  if (!account) return 'not_connected';
  return account.details_submitted && account.payouts_enabled ? 'enabled' : 'needs_details';
}

export interface Transfer {
  id: string;
  amount_cents: number;
  currency: string;
  status: PayoutTransferStatus;
  created_at: string;
  paid_at: string | null;
  reversed_at: string | null;
  /** the line paid out (a store reads its own lines; the order number is copied onto them) */
  order_item: { title: string | null; order_number: number | null } | null;
}

export async function myTransfers(userId: string, signal?: AbortSignal): Promise<Transfer[]> {
  const supabase = await getSupabase();
  let request = supabase
    .from('payout_transfers')
    .select('id,amount_cents,currency,status,created_at,paid_at,reversed_at,order_item:order_items(title,order_number)')
    .eq('recipient_id', userId)
    .order('created_at', { ascending: false })
    .limit(50);
  if (signal) request = request.abortSignal(signal);
  const { data, error, status } = await request;
  if (error) restFailure(error, status);
  return (data ?? []) as unknown as Transfer[];
}
