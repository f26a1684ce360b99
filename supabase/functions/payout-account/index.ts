// POST /payout-account { action: 'onboard' } → { url } (Stripe Connect Express onboarding; the
// account is created on first use) or { action: 'status' } → the account's state re-read from
// Stripe, and what is held for / has been paid to the caller per currency. A status check that
// finds payouts enabled also releases held transfers.
import { payoutAccountRequest, type PayoutStatus } from '@stitchhouse/shared/contracts/payout-account.ts';
import { siteLink } from '@stitchhouse/shared/routes.ts';
import { asJson, json, serviceClient } from '../_shared/clients.ts';
import { handler, type Context } from '../_shared/handler.ts';
import { siteUrl } from '../_shared/env.ts';
import { PAYMENTS, PaymentFailure } from '../_shared/payments.ts';
import { releaseHeld } from '../_shared/payouts.ts';
import { paymentsConfigured, stripe } from '../_shared/stripe.ts';

async function syncAccount(userId: string, accountId: string) {
  const account = await stripe().accounts.retrieve(accountId);
  // the same SQL the account.updated webhook applies
  const { error } = await serviceClient().rpc('payments_sync_account', { p_account: asJson(account) });
  if (error) throw error;
  if (account.payouts_enabled) await releaseHeld({ recipientId: userId });
  return account;
}

async function payoutAccount(req: Request, ctx: Context): Promise<Response> {
  const caller = await ctx.member('Sign in to set up payouts.');
  const { action } = await ctx.body(payoutAccountRequest);
  if (!paymentsConfigured()) throw new PaymentFailure('payments_unavailable', 'Payments are not set up on this server yet.', 503);
  const db = serviceClient();
  const { data: existing, error } = await db.from('payout_accounts').select('stripe_account_id').eq('user_id', caller.user.id).maybeSingle();
  if (error) throw error;

  if (action === 'onboard') {
    let accountId = existing?.stripe_account_id as string | undefined;
    if (!accountId) {
      const { data: store } = await db.from('stores').select('country').eq('owner_id', caller.user.id).order('created_at').limit(1).maybeSingle();
      const account = await stripe().accounts.create(
        {
          type: 'express',
          country: (store?.country as string | undefined) ?? 'IE',
          ...(caller.user.email ? { email: caller.user.email } : {}),
          capabilities: { transfers: { requested: true } },
          metadata: { user_id: caller.user.id },
        },
        { idempotencyKey: `payout-account-${caller.user.id}` },
      );
      const { error: insertError } = await db
        .from('payout_accounts')
        .upsert({ user_id: caller.user.id, stripe_account_id: account.id }, { onConflict: 'user_id', ignoreDuplicates: true });
      if (insertError) throw insertError;
      const { data: row } = await db.from('payout_accounts').select('stripe_account_id').eq('user_id', caller.user.id).single();
      accountId = row!.stripe_account_id as string;
    }
    const link = await stripe().accountLinks.create({
      account: accountId,
      type: 'account_onboarding',
      refresh_url: siteLink(siteUrl(), '/payment/refresh'),
      return_url: siteLink(siteUrl(), '/payment/receive', {}, { return: '1' }),
    });
    return json({ url: link.url });
  }

  const account = existing ? await syncAccount(caller.user.id, existing.stripe_account_id as string) : null;
  const { data: transfers, error: transferError } = await db
    .from('payout_transfers')
    .select('status, amount_cents, reversed_cents, currency')
    .eq('recipient_id', caller.user.id)
    .in('status', ['held', 'paid']);
  if (transferError) throw transferError;
  const held: Record<string, number> = {};
  const paid: Record<string, number> = {};
  for (const t of transfers ?? []) {
    const bucket = t.status === 'held' ? held : paid;
    bucket[t.currency as string] = (bucket[t.currency as string] ?? 0) + (t.amount_cents as number) - (t.reversed_cents as number);
  }
  const status: PayoutStatus = {
    account: account
      ? {
          details_submitted: account.details_submitted ?? false,
          charges_enabled: account.charges_enabled ?? false,
          payouts_enabled: account.payouts_enabled ?? false,
          requirements_due: account.requirements?.currently_due ?? [],
        }
      : null,
    held_cents_by_currency: held,
    paid_cents_by_currency: paid,
  };
  return json(status);
}

Deno.serve(handler({ name: 'payout-account', ...PAYMENTS }, payoutAccount));
