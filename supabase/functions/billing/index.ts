// POST /billing { action: 'subscribe', store_id, plan: 'pro', interval } → { url } (Checkout in
// subscription mode at the plan price of /pricing, in the store's currency; prices are created
// once and found again by lookup key) or { action: 'portal', store_id } → { url } (the billing
// portal: switch interval, cancel at period end, change card). The store's plan follows the
// subscription's webhooks, never this call.
import { billingRequest } from '@stitchhouse/shared/contracts/billing.ts';
import { json, serviceClient } from '../_shared/clients.ts';
import { handler, type Context } from '../_shared/handler.ts';
import { siteUrl } from '../_shared/env.ts';
import { PAYMENTS, PaymentFailure } from '../_shared/payments.ts';
import { paymentsConfigured, stripe, type Stripe } from '../_shared/stripe.ts';
import { PLANS, planLookupKey, planPrice, type Currency } from '@stitchhouse/shared/pricing.ts';
import { siteLink } from '@stitchhouse/shared/routes.ts';


/** The recurring price for a plan and interval, created on first use (lookup key pro_month_eur, …). */
async function planPriceId(interval: 'month' | 'year', currency: Currency): Promise<string> {
  const lookupKey = planLookupKey('pro', interval, currency);
  const found = await stripe().prices.list({ lookup_keys: [lookupKey], active: true, limit: 1 });
  if (found.data[0]) return found.data[0].id;
  const product = await stripe().products.create({
    name: `Stitchhouse ${PLANS.pro.name} (${interval === 'month' ? 'monthly' : 'yearly'})`,
    metadata: { plan: 'pro', interval },
  }, { idempotencyKey: `plan-product-${lookupKey}` });
  const price = await stripe().prices.create({
    product: product.id,
    currency: currency.toLowerCase(),
    unit_amount: planPrice('pro', interval, currency),
    recurring: { interval },
    // the plan prices of /pricing include VAT; Stripe Tax takes it out of them
    tax_behavior: 'inclusive',
    lookup_key: lookupKey,
    metadata: { plan: 'pro', interval },
  }, { idempotencyKey: `plan-price-${lookupKey}` });
  return price.id;
}

async function billingCustomer(storeId: string, store: { name: string; country: string }, email: string | undefined): Promise<string> {
  const db = serviceClient();
  const { data: existing } = await db.from('billing_customers').select('provider_customer_id').eq('store_id', storeId).maybeSingle();
  if (existing) return existing.provider_customer_id as string;
  // the store's country: where Stripe Tax starts and what the payment page preselects
  const customer = await stripe().customers.create({ name: store.name, ...(email ? { email } : {}), address: { country: store.country }, metadata: { store_id: storeId } },
    { idempotencyKey: `billing-customer-${storeId}` });
  await db.from('billing_customers').upsert({ store_id: storeId, provider_customer_id: customer.id }, { onConflict: 'store_id', ignoreDuplicates: true });
  const { data } = await db.from('billing_customers').select('provider_customer_id').eq('store_id', storeId).single();
  return data!.provider_customer_id as string;
}

async function billing(req: Request, ctx: Context): Promise<Response> {
  const caller = await ctx.member('Sign in to manage your plan.');
  const body = await ctx.body(billingRequest);
  if (!paymentsConfigured()) throw new PaymentFailure('payments_unavailable', 'Payments are not set up on this server yet.', 503);
  const db = serviceClient();
  const { data: store, error } = await db.from('stores').select('id, name, owner_id, currency, plan, country').eq('id', body.store_id).maybeSingle();
  if (error) throw error;
  if (!store || store.owner_id !== caller.user.id) throw new PaymentFailure('forbidden', 'Only the store’s owner can change its plan.', 403);

  if (body.action === 'portal') {
    const { data: customer } = await db.from('billing_customers').select('provider_customer_id').eq('store_id', store.id).maybeSingle();
    if (!customer) throw new PaymentFailure('no_subscription', 'This store has no subscription yet; choose Pro first.', 409);
    const session = await stripe().billingPortal.sessions.create({
      customer: customer.provider_customer_id as string,
      return_url: siteLink(siteUrl(), '/payment/subscription'),
    });
    return json({ url: session.url });
  }

  const { data: active } = await db.from('subscriptions').select('id').eq('store_id', store.id)
    .in('status', ['active', 'trialing', 'past_due']).limit(1);
  if (active?.length) {
    throw new PaymentFailure('already_subscribed', 'This store already has a Pro subscription; change or cancel it in the billing portal.', 409);
  }
  const currency = store.currency as Currency;
  const customer = await billingCustomer(store.id as string, store as { name: string; country: string }, caller.user.email);
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
  };
  const session = await stripe().checkout.sessions.create(params);
  return json({ url: session.url });
}

Deno.serve(handler({ name: 'billing', ...PAYMENTS }, billing));
