// POST /billing { action: 'subscribe', store_id, plan: 'pro', interval } → { url } (Checkout in
// subscription mode at the plan price of /pricing, in the store's currency; prices are created
// once and found again by lookup key), { action: 'portal', store_id } → { url } (the billing
// portal: cancel at period end or resume, change card) or { action: 'switch', store_id, interval }
// → what was charged (monthly ↔ yearly as Stripe's portal does it: the subscription's item moves to
// the other price with prorations; a new interval restarts the period and is invoiced at once, the
// unused time credited; a declined card changes nothing), or { action: 'language' } → { customers }
// (the caller's saved language onto the billing customers of their stores, after they change it).
// The store's plan and the subscription row follow the subscription's webhooks, never this call.
import { billingRequest, type BillingLanguageAnswer, type BillingSwitchAnswer } from '@stitchhouse/shared/contracts/billing.ts';
import { json, serviceClient } from '../_shared/clients.ts';
import { handler, type Context } from '../_shared/handler.ts';
import { siteUrl } from '../_shared/env.ts';
import { PAYMENTS, PaymentFailure, stripeLocale } from '../_shared/payments.ts';
import { paymentsConfigured, stripe, type Stripe } from '../_shared/stripe.ts';
import { PLANS, planLookupKey, planPrice, type Currency } from '@stitchhouse/shared/pricing.ts';
import { siteLink } from '@stitchhouse/shared/routes.ts';

/** The recurring price for a plan and interval, created on first use (lookup key pro_month_eur, …). */
async function planPriceId(interval: 'month' | 'year', currency: Currency): Promise<string> {
  const lookupKey = planLookupKey('pro', interval, currency);
  const found = await stripe().prices.list({ lookup_keys: [lookupKey], active: true, limit: 1 });
  if (found.data[0]) return found.data[0].id;
  // one name in every language (the brand and the plan's name): Checkout, the portal and the invoice
  // say the interval themselves, in the page's and the customer's language
  const product = await stripe().products.create(
    {
      name: `Stitchhouse ${PLANS.pro.name}`,
      metadata: { plan: 'pro', interval },
    },
    { idempotencyKey: `plan-product-${lookupKey}` },
  );
  const price = await stripe().prices.create(
    {
      product: product.id,
      currency: currency.toLowerCase(),
      unit_amount: planPrice('pro', interval, currency),
      recurring: { interval },
      // the plan prices of /pricing include VAT; Stripe Tax takes it out of them
      tax_behavior: 'inclusive',
      lookup_key: lookupKey,
      metadata: { plan: 'pro', interval },
    },
    { idempotencyKey: `plan-price-${lookupKey}` },
  );
  return price.id;
}

async function billingCustomer(
  storeId: string,
  store: { name: string; country: string },
  email: string | undefined,
  locale: string | undefined,
): Promise<string> {
  const db = serviceClient();
  const { data: existing } = await db.from('billing_customers').select('provider_customer_id').eq('store_id', storeId).maybeSingle();
  if (existing) return existing.provider_customer_id as string;
  // the store's country: where Stripe Tax starts and what the payment page preselects
  const customer = await stripe().customers.create(
    {
      name: store.name,
      ...(email ? { email } : {}),
      address: { country: store.country },
      metadata: { store_id: storeId },
      // Stripe's invoices and receipts in the owner's language
      ...(locale ? { preferred_locales: [locale] } : {}),
    },
    { idempotencyKey: `billing-customer-${storeId}` },
  );
  await db.from('billing_customers').upsert({ store_id: storeId, provider_customer_id: customer.id }, { onConflict: 'store_id', ignoreDuplicates: true });
  const { data } = await db.from('billing_customers').select('provider_customer_id').eq('store_id', storeId).single();
  return data!.provider_customer_id as string;
}

/** The store's live subscription moved to the plan price of the other interval (see the header). */
async function switchInterval(store: { id: string; currency: string }, interval: 'month' | 'year'): Promise<Response> {
  const { data: rows, error } = await serviceClient()
    .from('subscriptions')
    .select('provider_subscription_id')
    .eq('store_id', store.id)
    .in('status', ['active', 'trialing', 'past_due'])
    .order('created_at', { ascending: false })
    .limit(1);
  if (error) throw error;
  const providerId = rows?.[0]?.provider_subscription_id as string | undefined;
  if (!providerId) throw new PaymentFailure('no_subscription', 'This store has no Pro subscription to switch; choose Pro first.', 409);
  const current = await stripe().subscriptions.retrieve(providerId);
  const item = current.items.data[0];
  if (!item || current.status === 'canceled')
    throw new PaymentFailure('no_subscription', 'This store has no Pro subscription to switch; choose Pro first.', 409);
  const word = interval === 'month' ? 'monthly' : 'yearly';
  if (item.price.recurring?.interval === interval) throw new PaymentFailure('same_interval', `Pro is already billed ${word}.`, 409);
  if (current.cancel_at_period_end) {
    throw new PaymentFailure('subscription_ending', 'Pro is cancelled at the end of this period; resume it in billing before switching.', 409);
  }
  const price = await planPriceId(interval, store.currency as Currency);
  let updated: Stripe.Subscription;
  try {
    updated = await stripe().subscriptions.update(providerId, {
      items: [{ id: item.id, price }],
      // as the portal's default: the unused time of the old price is credited on the invoice the new interval starts with
      proration_behavior: 'create_prorations',
      // a card that fails leaves the subscription as it was, instead of a switched plan with an unpaid invoice
      payment_behavior: 'error_if_incomplete',
      expand: ['latest_invoice'],
    });
  } catch (err) {
    const stripeError = err as { type?: string; message?: string };
    if (stripeError.type === 'StripeCardError') {
      throw new PaymentFailure(
        'card_declined',
        `Your card was declined, so nothing changed: ${stripeError.message ?? 'the bank refused the payment'}. Update your card in billing and try again.`,
        402,
      );
    }
    throw err;
  }
  const invoice = updated.latest_invoice as Stripe.Invoice | null;
  const lines = invoice?.lines.data ?? [];
  const answer: BillingSwitchAnswer = {
    interval,
    current_period_end: new Date(updated.items.data[0]!.current_period_end * 1000).toISOString(),
    charged_cents: invoice?.amount_paid ?? 0,
    credit_cents: -lines.filter((l) => l.amount < 0).reduce((sum, l) => sum + l.amount, 0),
    currency: store.currency,
  };
  return json(answer);
}

/**
 * The caller's saved language (profiles.locale, written by them under row-level security) as the
 * preferred_locales of the billing customer of each store they own: Stripe words the renewal
 * invoices and receipts it sends in it. Without a saved language nothing changes.
 */
async function followLanguage(userId: string): Promise<Response> {
  const locale = await stripeLocale(userId, undefined);
  const { data, error } = await serviceClient().from('billing_customers').select('provider_customer_id, stores!inner(owner_id)').eq('stores.owner_id', userId);
  if (error) throw error;
  const customers = locale ? (data ?? []).map((row) => row.provider_customer_id as string) : [];
  for (const customer of customers) await stripe().customers.update(customer, { preferred_locales: [locale!] });
  const answer: BillingLanguageAnswer = { customers: customers.length };
  return json(answer);
}

async function billing(req: Request, ctx: Context): Promise<Response> {
  const caller = await ctx.member('Sign in to manage your plan.');
  const body = await ctx.body(billingRequest);
  if (!paymentsConfigured()) throw new PaymentFailure('payments_unavailable', 'Payments are not set up on this server yet.', 503);
  if (body.action === 'language') return followLanguage(caller.user.id);
  const db = serviceClient();
  const { data: store, error } = await db.from('stores').select('id, name, owner_id, currency, plan, country').eq('id', body.store_id).maybeSingle();
  if (error) throw error;
  if (!store || store.owner_id !== caller.user.id) throw new PaymentFailure('forbidden', 'Only the store’s owner can change its plan.', 403);

  const locale = body.action === 'switch' ? undefined : await stripeLocale(caller.user.id, body.locale);
  if (body.action === 'portal') {
    const { data: customer } = await db.from('billing_customers').select('provider_customer_id').eq('store_id', store.id).maybeSingle();
    if (!customer) throw new PaymentFailure('no_subscription', 'This store has no subscription yet; choose Pro first.', 409);
    const session = await stripe().billingPortal.sessions.create({
      customer: customer.provider_customer_id as string,
      return_url: siteLink(siteUrl(), '/payment/subscription'),
      ...(locale ? { locale } : {}),
    });
    return json({ url: session.url });
  }

  if (body.action === 'switch') return switchInterval(store as { id: string; currency: string }, body.interval);

  const { data: active } = await db.from('subscriptions').select('id').eq('store_id', store.id).in('status', ['active', 'trialing', 'past_due']).limit(1);
  if (active?.length) {
    throw new PaymentFailure('already_subscribed', 'This store already has a Pro subscription; change or cancel it in the billing portal.', 409);
  }
  const currency = store.currency as Currency;
  const customer = await billingCustomer(store.id as string, store as { name: string; country: string }, caller.user.email, locale);
  const params: Stripe.Checkout.SessionCreateParams = {
    mode: 'subscription',
    customer,
    line_items: [{ price: await planPriceId(body.interval, currency), quantity: 1 }],
    client_reference_id: store.id as string,
    metadata: { store_id: store.id as string, plan: 'pro', interval: body.interval },
    subscription_data: { metadata: { store_id: store.id as string, plan: 'pro', interval: body.interval } },
    automatic_tax: { enabled: true },
    // what the owner picks on the payment page is saved back to the customer (Stripe Tax needs an address)
    customer_update: { address: 'auto' },
    success_url: siteLink(siteUrl(), '/payment/subscription', {}, { status: 'success' }),
    cancel_url: siteLink(siteUrl(), '/payment/subscription', {}, { status: 'cancelled' }),
    ...(locale ? { locale } : {}),
  };
  const session = await stripe().checkout.sessions.create(params);
  return json({ url: session.url });
}

Deno.serve(handler({ name: 'billing', ...PAYMENTS }, billing));
