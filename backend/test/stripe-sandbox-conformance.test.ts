// The sandbox answers as Stripe does at the pinned API version (2026-10-28, stripe 23.1.0): every
// call the product makes — checkout sessions (with the product's expand[]), payment intents,
// charges, refunds, transfers and reversals, accounts, account links, billing portal, customers,
// prices, subscriptions, invoices, events — and every webhook the sandbox sends is validated with
// ajv against src/stripe-sandbox/schema/objects.json, which scripts/gen-stripe-schema.ts generates
// from the SDK's TypeScript types (the first test fails when the file drifts from the SDK). Unknown
// fields, missing required fields, wrong types and enum values outside the schema fail. Also: the
// tax parameters the product sends to real Stripe (automatic_tax, inclusive prices, the buyer's or
// store's country) are honoured by the sandbox and shown on its hosted page.
import crypto from 'node:crypto';
import fs from 'node:fs';
import Ajv, { type ValidateFunction } from 'ajv';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENTS, generate, OBJECTS, SCHEMA_FILE } from '../scripts/gen-stripe-schema.ts';
import { stripeApiVersion } from '../scripts/stripe-sdk.mjs';
import { API_VERSION } from '../src/stripe-sandbox/core.ts';
import { secretKey, startSandboxHarness, type SandboxHarness } from './stripe-sandbox-helpers.ts';
import { signedInPeople, type Person } from './payments-people.ts';
import { planPrice, vatIncluded } from '../../shared/src/pricing.ts';

const schema = JSON.parse(fs.readFileSync(SCHEMA_FILE, 'utf8')) as { $id: string; definitions: Record<string, unknown> };
const ajv = new Ajv({ allErrors: true, strict: true, allowUnionTypes: true });
ajv.addSchema(schema);
const validators = new Map<string, ValidateFunction>();
function validator(entry: string): ValidateFunction {
  let v = validators.get(entry);
  if (!v) {
    v = ajv.getSchema(`${schema.$id}#/definitions/${entry}`);
    if (!v) throw new Error(`no schema entry ${entry}`);
    validators.set(entry, v);
  }
  return v;
}

/** Schema violations of one wire object: by its `object` (lists item by item, events by type). */
export function violations(value: unknown, where: string): string[] {
  const obj = value as { object?: string; type?: string; data?: unknown[] };
  if (obj?.object === 'list') return (obj.data ?? []).flatMap((item, i) => violations(item, `${where}.data[${i}]`));
  let entry: string;
  if (obj?.object === 'event') {
    if (!(obj.type! in EVENTS)) return [`${where}: event type ${obj.type} is not one the schema lists (scripts/gen-stripe-schema.ts EVENTS)`];
    entry = `event:${obj.type}`;
  } else {
    if (!obj?.object || !(obj.object in OBJECTS)) return [`${where}: object ${String(obj?.object)} is not one the schema lists (OBJECTS)`];
    entry = `object:${obj.object}`;
  }
  const validate = validator(entry);
  if (validate(value)) return [];
  const errors = validate.errors ?? [];
  // an anyOf's own error and its branches' type errors only repeat what a deeper error says
  const deeper = (path: string) =>
    errors.some((o) => o.instancePath.startsWith(`${path}/`) || (o.instancePath === path && o.keyword !== 'type' && o.keyword !== 'anyOf'));
  const telling = errors.filter((e) => !(e.keyword === 'anyOf' || (e.keyword === 'type' && deeper(e.instancePath))));
  return (telling.length ? telling : errors).map((e) => {
    const extra = e.keyword === 'additionalProperties' ? ` (${(e.params as { additionalProperty: string }).additionalProperty})` : '';
    const allowed = e.keyword === 'enum' ? ` ${JSON.stringify((e.params as { allowedValues: unknown[] }).allowedValues)}` : '';
    return `${where} ${obj.object === 'event' ? obj.type : obj.object}${e.instancePath}: ${e.message}${extra}${allowed}`;
  });
}

interface Exchange {
  method: string;
  path: string;
  status: number;
  body: unknown;
}
const exchanges: Exchange[] = [];

/** fetch for the SDK that keeps every answer as it came on the wire (the SDK turns decimals into Decimal objects). */
const recordingFetch: typeof fetch = async (input, init) => {
  const res = await fetch(input, init);
  const text = await res.clone().text();
  const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
  exchanges.push({ method: init?.method ?? 'GET', path: url.pathname + url.search, status: res.status, body: JSON.parse(text) });
  return res;
};

let h: SandboxHarness;
let stripe: Stripe;

beforeAll(async () => {
  h = await startSandboxHarness();
  const url = new URL(h.stack.stripe!.url);
  stripe = new Stripe(secretKey, {
    host: url.hostname,
    port: Number(url.port),
    protocol: 'http',
    // as the functions' SDK does: a kept-alive connection the server closed as it was reused (seen on a
    // loaded machine after an idle wait) is sent again, with the same idempotency key, instead of failing
    maxNetworkRetries: 2,
    httpClient: Stripe.createFetchHttpClient(recordingFetch),
  });
});

afterAll(async () => {
  await h?.stack.stop();
  await h?.receiver.stop();
});

const site = 'http://localhost:3000';

/** The product's payment checkout (supabase/functions/checkout): inclusive prices, automatic tax, the cart's country. */
function productCheckout(order: string, amount = 2380, extra: Partial<Stripe.Checkout.SessionCreateParams> = {}) {
  return stripe.checkout.sessions.create(
    {
      mode: 'payment',
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: 'eur',
            unit_amount: amount,
            tax_behavior: 'inclusive',
            product_data: { name: 'Wrap dress pattern', metadata: { pattern_id: 'p1', store_id: 's1', kind: 'digital' } },
          },
        },
      ],
      customer_email: 'buyer@example.com',
      client_reference_id: order,
      metadata: { order_id: order },
      success_url: `${site}/payment/success?order=${order}`,
      cancel_url: `${site}/payment/error?order=${order}&reason=cancelled`,
      payment_intent_data: { transfer_group: order, metadata: { order_id: order } },
      automatic_tax: { enabled: true },
      ...extra,
    },
    { idempotencyKey: `checkout-${order}` },
  );
}

describe('the schema', () => {
  it("is what the pinned SDK's types give (scripts/gen-stripe-schema.ts --check)", () => {
    expect(
      generate() === fs.readFileSync(SCHEMA_FILE, 'utf8'),
      'src/stripe-sandbox/schema/objects.json is stale: run `npx tsx scripts/gen-stripe-schema.ts` in backend/',
    ).toBe(true);
  }, 180_000);

  it('is of the version the sandbox says it speaks', () => {
    expect(API_VERSION).toBe(stripeApiVersion);
    expect(schema.$id).toBe(`stripe-objects-${stripeApiVersion}`);
  });

  it("refuses what Stripe's schema refuses", () => {
    const base = { id: 'prod_1', object: 'product' };
    expect(violations(base, '$').join('\n')).toContain('must have required property');
    const full = JSON.parse(JSON.stringify(exchanges.find((e) => (e.body as { object?: string }).object === 'product')?.body ?? null));
    if (full) {
      expect(violations({ ...full, colour: 'red' }, '$').join('\n')).toContain('must NOT have additional properties (colour)');
      expect(violations({ ...full, active: 'yes' }, '$').join('\n')).toContain('must be boolean');
      expect(violations({ ...full, type: 'gift' }, '$').join('\n')).toContain('must be equal to one of the allowed values');
    }
  });
});

describe("every call the product makes and every webhook answer in the pinned version's shapes", () => {
  it("payments: checkout, pay, the webhook's re-reads, refunds, transfers and reversals, Connect", async () => {
    const session = await productCheckout('11111111-1111-4111-8111-111111111111');
    await stripe.checkout.sessions.listLineItems(session.id);
    await h.sandbox(`/checkout/${session.id}/pay`, { card: '4242424242424242', country: 'DE' });
    const paid = await stripe.checkout.sessions.retrieve(session.id, { expand: ['payment_intent.latest_charge'] });
    const intent = paid.payment_intent as Stripe.PaymentIntent;
    await stripe.paymentIntents.retrieve(intent.id, { expand: ['latest_charge'] });
    await stripe.paymentIntents.retrieve(intent.id);
    const chargeId = typeof intent.latest_charge === 'string' ? intent.latest_charge : intent.latest_charge!.id;
    await stripe.charges.retrieve(chargeId);
    await stripe.charges.retrieve(chargeId, { expand: ['balance_transaction'] });

    const account = await stripe.accounts.create({
      type: 'express',
      country: 'DE',
      email: 'designer@example.com',
      capabilities: { transfers: { requested: true } },
      metadata: { user_id: 'u1' },
    });
    await stripe.accountLinks.create({
      account: account.id,
      type: 'account_onboarding',
      refresh_url: `${site}/payment/refresh`,
      return_url: `${site}/payment/receive?return=1`,
    });
    await h.sandbox(`/accounts/${account.id}/complete`, {});
    await stripe.accounts.retrieve(account.id);
    const transfer = await stripe.transfers.create({
      amount: 1500,
      currency: 'eur',
      destination: account.id,
      transfer_group: paid.id,
      source_transaction: chargeId,
      metadata: { order_id: 'o1' },
    });
    await stripe.refunds.create({ payment_intent: intent.id, amount: 500, reason: 'requested_by_customer', metadata: { order_id: 'o1' } });
    await stripe.transfers.createReversal(transfer.id, { amount: 300, metadata: { order_item_id: 'i1' } });

    // a declined card, then an expired checkout (the product expires a replaced one)
    const declined = await productCheckout('22222222-2222-4222-8222-222222222222');
    await h.sandbox(`/checkout/${declined.id}/pay`, { card: '4000000000000002' });
    await stripe.checkout.sessions.expire(declined.id);
  });

  it('billing: the Pro subscription checkout, the portal, renewals paid and failed, cancellation', async () => {
    const found = await stripe.prices.list({ lookup_keys: ['pro_month_eur_conformance'], active: true, limit: 1 });
    expect(found.data).toEqual([]);
    const product = await stripe.products.create({ name: 'Stitchhouse Pro (monthly)', metadata: { plan: 'pro', interval: 'month' } });
    const price = await stripe.prices.create({
      product: product.id,
      currency: 'eur',
      unit_amount: 900,
      recurring: { interval: 'month' },
      lookup_key: 'pro_month_eur_conformance',
      metadata: { plan: 'pro', interval: 'month' },
    });
    const customer = await stripe.customers.create({
      name: 'Ada Stitches',
      email: 'owner@example.com',
      metadata: { store_id: 's1' },
      address: { country: 'DE' },
    });
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: customer.id,
      line_items: [{ price: price.id, quantity: 1 }],
      client_reference_id: 's1',
      metadata: { store_id: 's1', plan: 'pro', interval: 'month' },
      subscription_data: { metadata: { store_id: 's1', plan: 'pro', interval: 'month' } },
      success_url: `${site}/payment/subscription?status=success`,
      cancel_url: `${site}/payment/subscription?status=cancelled`,
      automatic_tax: { enabled: true },
    });
    await h.sandbox(`/checkout/${session.id}/pay`, { card: '4242424242424242' });
    const done = await stripe.checkout.sessions.retrieve(session.id);
    const subscription = await stripe.subscriptions.retrieve(done.subscription as string);
    await stripe.invoices.retrieve(done.invoice as string);
    const portal = await stripe.billingPortal.sessions.create({ customer: customer.id, return_url: `${site}/payment/subscription` });
    // Stripe's 0341 goes on file in the portal: the renewal is declined
    const saved = await fetch(`${new URL(portal.url).pathname.replace(/^/, h.pages)}/card`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        number: '4000 0000 0000 0341',
        expiry: `12 / ${String(new Date().getUTCFullYear() + 2).slice(-2)}`,
        cvc: '123',
        name: 'Ada Stitches',
      }),
    });
    expect(saved.status).toBe(303);
    await stripe.subscriptions.update(subscription.id, { metadata: { note: 'conformance' } });
    await h.sandbox('/clock/advance', { seconds: 32 * 86400 }); // renewal fails → invoice.payment_failed, past_due
    const pastDue = await stripe.subscriptions.retrieve(subscription.id);
    expect(pastDue.status).toBe('past_due');
    await stripe.invoices.retrieve(pastDue.latest_invoice as string);
    await stripe.subscriptions.cancel(subscription.id);
  });

  it('events: retrieve and list', async () => {
    await h.receiver.waitFor(() => h.receiver.received('customer.subscription.deleted').length > 0);
    const page = await stripe.events.list({ limit: 100 });
    await stripe.events.retrieve(page.data[0]!.id);
  });
});

describe('tax: what the product sends to Stripe is honoured by the sandbox', () => {
  const page = async (session: Stripe.Checkout.Session) => (await fetch(`${h.pages}/checkout/${session.id}`)).text();

  it('an inclusive price for a customer in Germany: 19 % included, the country preselected, the VAT line on the page', async () => {
    const customer = await stripe.customers.create({ email: 'de@example.com', address: { country: 'DE' }, metadata: { order_id: 'o-de' } });
    const session = await productCheckout('33333333-3333-4333-8333-333333333333', 2380, {
      customer_email: undefined,
      customer: customer.id,
      customer_update: { address: 'auto' },
    });
    expect(session).toMatchObject({
      amount_subtotal: 2380,
      amount_total: 2380,
      total_details: { amount_tax: vatIncluded(2380, 1900) },
      automatic_tax: { enabled: true, status: 'complete', provider: 'stripe' },
    });
    expect(vatIncluded(2380, 1900)).toBe(380);
    const items = await stripe.checkout.sessions.listLineItems(session.id);
    expect(items.data[0]).toMatchObject({ amount_subtotal: 2380, amount_tax: 380, amount_total: 2380 });
    const html = await page(session);
    expect(html).toContain('<option value="DE" selected>Germany</option>');
    expect(html).toMatch(/<tr id="tax-line"><th scope="row" colspan="2">VAT \(19 %, included\)<\/th><td class="num">€3\.80<\/td><\/tr>/);
    expect(html).toContain('Pay €23.80');
    // the buyer picks France on the page: Stripe Tax recomputes, the total stays (inclusive), the address is saved back
    await h.sandbox(`/checkout/${session.id}/pay`, { card: '4242424242424242', country: 'FR' });
    const paid = await stripe.checkout.sessions.retrieve(session.id);
    expect(paid).toMatchObject({
      status: 'complete',
      amount_total: 2380,
      total_details: { amount_tax: vatIncluded(2380, 2000) },
      customer_details: { address: { country: 'FR' } },
    });
    expect(((await stripe.customers.retrieve(customer.id)) as Stripe.Customer).address?.country).toBe('FR');
  });

  it("ui_mode takes the pinned version's values", async () => {
    const old = await productCheckout('55555555-5555-4555-8555-555555555555', 1000, { ui_mode: 'hosted' as Stripe.Checkout.SessionCreateParams.UiMode }).catch(
      (e: Stripe.errors.StripeError) => e,
    );
    expect(old).toMatchObject({
      statusCode: 400,
      param: 'ui_mode',
      message: expect.stringContaining('must be one of elements, embedded_page, form, hosted_page'),
    });
    const hosted = await productCheckout('55555555-5555-4555-8555-555555555556', 1000, { ui_mode: 'hosted_page' });
    expect(hosted.ui_mode).toBe('hosted_page');
  });

  it('no known country: requires_location_inputs until the buyer picks one; an exclusive price adds the tax to the total', async () => {
    const session = await productCheckout('44444444-4444-4444-8444-444444444444', 1000, {
      line_items: [{ quantity: 1, price_data: { currency: 'eur', unit_amount: 1000, tax_behavior: 'exclusive', product_data: { name: 'Tote pattern' } } }],
    });
    expect(session).toMatchObject({ amount_total: 1000, total_details: { amount_tax: 0 }, automatic_tax: { status: 'requires_location_inputs' } });
    expect(await page(session)).toContain('<td class="num">Calculated from your country</td>');
    await h.sandbox(`/checkout/${session.id}/pay`, { card: '4242424242424242', country: 'DE' });
    const paid = await stripe.checkout.sessions.retrieve(session.id, { expand: ['payment_intent'] });
    expect(paid).toMatchObject({ amount_subtotal: 1000, amount_total: 1190, total_details: { amount_tax: 190 }, automatic_tax: { status: 'complete' } });
    expect((paid.payment_intent as Stripe.PaymentIntent).amount).toBe(1190);
  });

  it("through the product: checkout opens the payment page in the cart's country, the Pro plan in the store's", async () => {
    const people = await signedInPeople(h.stack, ['buyer', 'designer']);
    const store = crypto.randomUUID();
    const pattern = crypto.randomUUID();
    await h.stack.pool.query(
      `insert into public.stores (id, owner_id, slug, kind, name, currency, plan, country) values ($1, $2, $3, 'designer', 'Atelier Wien', 'EUR', 'free', 'AT')`,
      [store, people.designer.id, `atelier-${store.slice(0, 8)}`],
    );
    await h.stack.pool.query(
      `insert into public.patterns (id, store_id, title, craft, category, status, price_cents, currency) values ($1, $2, 'Dirndl', 'sewing', 'dress', 'published', 2380, 'EUR')`,
      [pattern, store],
    );
    const call = async (fn: string, who: Person, body: unknown) => {
      const res = await fetch(`${h.stack.url}/functions/v1/${fn}`, {
        method: 'POST',
        headers: { apikey: h.stack.anonKey, authorization: `Bearer ${who.token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      const json = (await res.json()) as { url?: string; error?: unknown };
      expect(res.status, JSON.stringify(json)).toBe(200);
      return stripe.checkout.sessions.retrieve(new URL(json.url!).pathname.split('/').pop()!, { expand: ['customer'] });
    };
    const order = await call('checkout', people.buyer, { items: [{ pattern_id: pattern, quantity: 1, kind: 'digital' }], country: 'DE' });
    expect(order).toMatchObject({
      automatic_tax: { enabled: true, status: 'complete' },
      amount_total: 2380,
      total_details: { amount_tax: 380 },
      customer: { email: people.buyer.email, address: { country: 'DE' } },
    });
    const orderItems = await stripe.checkout.sessions.listLineItems(order.id, { expand: ['data.price'] });
    expect(orderItems.data[0]!.price!.tax_behavior).toBe('inclusive');
    const orderPage = await page(order);
    expect(orderPage).toContain('<option value="DE" selected>Germany</option>');
    expect(orderPage).toContain('VAT (19 %, included)');

    const pro = await call('billing', people.designer, { action: 'subscribe', store_id: store, plan: 'pro', interval: 'month' });
    const monthly = planPrice('pro', 'month', 'EUR');
    expect(pro).toMatchObject({
      mode: 'subscription',
      automatic_tax: { enabled: true, status: 'complete' },
      amount_total: monthly,
      total_details: { amount_tax: vatIncluded(monthly, 2000) },
      customer: { address: { country: 'AT' } },
    });
    const proPage = await page(pro);
    expect(proPage).toContain('<option value="AT" selected>Austria</option>');
    expect(proPage).toContain('VAT (20 %, included)');
    await h.sandbox(`/checkout/${pro.id}/pay`, { card: '4242424242424242', country: 'AT' });
    const invoice = await stripe.invoices.retrieve((await stripe.checkout.sessions.retrieve(pro.id)).invoice as string);
    expect(invoice).toMatchObject({
      total: monthly,
      total_excluding_tax: monthly - vatIncluded(monthly, 2000),
      automatic_tax: { status: 'complete' },
      customer_address: { country: 'AT' },
    });
    expect(invoice.total_taxes).toEqual([
      expect.objectContaining({ amount: vatIncluded(monthly, 2000), tax_behavior: 'inclusive', taxability_reason: 'standard_rated' }),
    ]);
  });
});

describe('after every call above', () => {
  it('no answer and no webhook breaks the schema', async () => {
    await fetch(`${h.stack.stripe!.url}/_sandbox/webhooks/idle?timeout_ms=20000`, { headers: { authorization: `Bearer ${secretKey}` } });
    const answers = exchanges.filter((e) => e.status < 300);
    const called = new Set(
      answers.map((e) => `${e.method} ${e.path.replace(/\?.*/, '').replace(/\/(cs_test|pi|ch|acct|tr|cus|sub|in|evt|prod|price)_[A-Za-z0-9]+/g, '/:id')}`),
    );
    // what the product calls (supabase/functions): each is covered above
    for (const call of [
      'POST /v1/checkout/sessions',
      'GET /v1/checkout/sessions/:id',
      'POST /v1/checkout/sessions/:id/expire',
      'GET /v1/payment_intents/:id',
      'GET /v1/charges/:id',
      'POST /v1/refunds',
      'POST /v1/transfers',
      'POST /v1/transfers/:id/reversals',
      'POST /v1/accounts',
      'GET /v1/accounts/:id',
      'POST /v1/account_links',
      'POST /v1/billing_portal/sessions',
      'POST /v1/customers',
      'GET /v1/prices',
      'POST /v1/prices',
      'POST /v1/products',
      'GET /v1/subscriptions/:id',
      'POST /v1/subscriptions/:id',
      'DELETE /v1/subscriptions/:id',
      'GET /v1/invoices/:id',
      'GET /v1/events',
      'GET /v1/events/:id',
    ]) {
      expect(called, call).toContain(call);
    }
    const webhooks = h.receiver.deliveries.filter((d) => d.event).map((d) => JSON.parse(d.body) as Stripe.Event);
    const problems = [...answers.flatMap((e) => violations(e.body, `${e.method} ${e.path}`)), ...webhooks.flatMap((e) => violations(e, `webhook ${e.id}`))];
    // one line per distinct problem (the same field fails in every answer of its type)
    const distinct = [...new Set(problems.map((p) => p.replace(/^\S+ \S+ /, '').replace(/^webhook \S+ /, '')))];
    expect(distinct, `${distinct.length} kinds of schema violation:\n${distinct.join('\n')}`).toEqual([]);
    expect(new Set(webhooks.map((e) => e.type))).toEqual(
      new Set([
        'charge.succeeded',
        'payment_intent.succeeded',
        'checkout.session.completed',
        'account.updated',
        'transfer.created',
        'charge.refunded',
        'transfer.reversed',
        'charge.failed',
        'payment_intent.payment_failed',
        'checkout.session.expired',
        'customer.subscription.created',
        'invoice.paid',
        'customer.subscription.updated',
        'invoice.payment_failed',
        'customer.subscription.deleted',
      ]),
    );
  }, 60_000);

  describe('customers.update', () => {
    it('replaces preferred_locales and merges metadata; an unknown customer is resource_missing', async () => {
      const customer = await stripe.customers.create({ name: 'Ada Stitches', preferred_locales: ['de'], metadata: { store_id: 's-locale' } });
      const updated = await stripe.customers.update(customer.id, { preferred_locales: ['fr'], metadata: { note: 'x' } });
      expect(updated.preferred_locales).toEqual(['fr']);
      expect(updated.metadata).toEqual({ store_id: 's-locale', note: 'x' });
      expect(updated.name).toBe('Ada Stitches');
      expect((await stripe.customers.retrieve(customer.id)) as Stripe.Customer).toMatchObject({ preferred_locales: ['fr'] });
      await expect(stripe.customers.update('cus_nosuchcustomer', { preferred_locales: ['fr'] })).rejects.toMatchObject({ code: 'resource_missing' });
    });
  });
});
