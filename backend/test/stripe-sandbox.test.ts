// The embedded Stripe sandbox driven through the official stripe SDK: answers hold Stripe's
// fixture shapes, Stripe's errors and idempotency, money moves (charges, refunds, transfers,
// reversals), signed webhooks verified by constructEventAsync with retries, 50 concurrent
// checkouts, and state that survives a restart.
import fs from 'node:fs';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentSession, problemsOf, Receiver, startSandboxHarness, type SandboxHarness } from './stripe-sandbox-helpers.ts';

let h: SandboxHarness;

beforeAll(async () => {
  h = await startSandboxHarness({ keepData: true });
});

afterAll(async () => {
  await h?.stack.stop();
  await h?.receiver.stop();
  if (h) fs.rmSync(h.stack.dataDir, { recursive: true, force: true });
});

async function stripeError(promise: Promise<unknown>): Promise<Stripe.errors.StripeError> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof Stripe.errors.StripeError) return err;
    throw err;
  }
  throw new Error('expected a Stripe error');
}

async function paidSession(amount = 1200): Promise<Stripe.Checkout.Session> {
  const session = await paymentSession(h.stripe, amount);
  const outcome = await h.sandbox<{ status: string }>(`/checkout/${session.id}/pay`, { card: '4242424242424242' });
  expect(outcome.status).toBe('succeeded');
  return h.stripe.checkout.sessions.retrieve(session.id, { expand: ['payment_intent.latest_charge'] });
}

describe('shapes against fixtures3.json', () => {
  it('customers, products and prices; prices listed by lookup_keys[]', async () => {
    const customer = await h.stripe.customers.create({ email: 'shop@example.com', name: 'Studio A', metadata: { store_id: 's1' } });
    expect(customer.id).toMatch(/^cus_/);
    expect(problemsOf(customer)).toEqual([]);
    expect(await h.stripe.customers.retrieve(customer.id)).toEqual(customer);

    const product = await h.stripe.products.create({ name: 'Stitchhouse Pro', metadata: { plan: 'pro' } });
    expect(product.id).toMatch(/^prod_/);
    expect(problemsOf(product)).toEqual([]);
    const month = await h.stripe.prices.create({
      product: product.id,
      currency: 'eur',
      unit_amount: 900,
      recurring: { interval: 'month' },
      lookup_key: 'shape_month_eur',
    });
    const year = await h.stripe.prices.create({
      product: product.id,
      currency: 'eur',
      unit_amount: 9000,
      recurring: { interval: 'year' },
      lookup_key: 'shape_year_eur',
    });
    expect(problemsOf(month)).toEqual([]);
    expect(month).toMatchObject({ object: 'price', type: 'recurring', recurring: { interval: 'month', interval_count: 1 }, unit_amount: 900, active: true });

    const listed = await h.stripe.prices.list({ lookup_keys: ['shape_month_eur', 'shape_year_eur', 'missing'], expand: ['data.product'] });
    expect(listed).toMatchObject({ object: 'list', has_more: false, url: '/v1/prices' });
    expect(listed.data.map((p) => p.id).sort()).toEqual([month.id, year.id].sort());
    expect((listed.data[0]!.product as Stripe.Product).name).toBe('Stitchhouse Pro');

    const taken = await stripeError(h.stripe.prices.create({ product: product.id, currency: 'eur', unit_amount: 1, lookup_key: 'shape_month_eur' }));
    expect(taken.statusCode).toBe(400);
    expect(taken.param).toBe('lookup_key');
  });

  it('a payment-mode checkout session, paid: session, line items, payment intent, charge and events', async () => {
    const session = await paymentSession(h.stripe, 2500);
    expect(session.id).toMatch(/^cs_test_/);
    expect(session).toMatchObject({
      object: 'checkout.session',
      status: 'open',
      payment_status: 'unpaid',
      amount_total: 2500,
      currency: 'eur',
      mode: 'payment',
      client_reference_id: 'order-1',
      metadata: { order_id: 'order-1' },
    });
    expect(session.url).toBe(`${h.pages}/checkout/${session.id}`);
    expect(problemsOf(session)).toEqual([]);

    const withItems = await h.stripe.checkout.sessions.retrieve(session.id, { expand: ['line_items'] });
    expect(problemsOf(withItems, ['$.line_items'])).toEqual([]);
    expect(withItems.line_items!.data).toHaveLength(1);
    const item = withItems.line_items!.data[0]!;
    expect(problemsOf(item)).toEqual([]);
    expect(item).toMatchObject({ object: 'item', amount_total: 2500, quantity: 1, description: 'Wrap dress pattern' });
    expect(item.price!.product).toMatch(/^prod_/);

    await h.sandbox(`/checkout/${session.id}/pay`, { card: '4242 4242 4242 4242' });
    const paid = await h.stripe.checkout.sessions.retrieve(session.id, { expand: ['payment_intent.latest_charge'] });
    expect(paid).toMatchObject({ status: 'complete', payment_status: 'paid' });
    const intent = paid.payment_intent as Stripe.PaymentIntent;
    expect(problemsOf(intent, ['$.latest_charge'])).toEqual([]);
    expect(intent).toMatchObject({ status: 'succeeded', amount: 2500, amount_received: 2500, transfer_group: 'order-1', metadata: { order_id: 'order-1' } });
    const charge = intent.latest_charge as Stripe.Charge;
    expect(problemsOf(charge)).toEqual([]);
    expect(charge).toMatchObject({
      id: expect.stringMatching(/^ch_/),
      status: 'succeeded',
      paid: true,
      amount: 2500,
      amount_refunded: 0,
      refunded: false,
      payment_intent: intent.id,
    });
    expect(charge.payment_method_details!.card).toMatchObject({ brand: 'visa', last4: '4242' });
    expect(await h.stripe.paymentIntents.retrieve(intent.id)).toMatchObject({ id: intent.id, latest_charge: charge.id });
    expect((await h.stripe.charges.retrieve(charge.id)).id).toBe(charge.id);

    await h.receiver.waitFor(() => h.receiver.received('checkout.session.completed').some((e) => (e.data.object as Stripe.Checkout.Session).id === session.id));
    const events = h.receiver.received().filter((e) => JSON.stringify(e.data.object).includes(intent.id));
    expect(events.map((e) => e.type)).toEqual(expect.arrayContaining(['charge.succeeded', 'payment_intent.succeeded', 'checkout.session.completed']));
    for (const event of events) {
      expect(event.id).toMatch(/^evt_/);
      expect(event).toMatchObject({ object: 'event', livemode: false, api_version: expect.any(String) });
      expect(problemsOf(event)).toEqual([]);
    }
  });

  it('refunds, partial then full, move charge.amount_refunded and send charge.refunded', async () => {
    const session = await paidSession(3000);
    const intent = session.payment_intent as Stripe.PaymentIntent;
    const partial = await h.stripe.refunds.create({ payment_intent: intent.id, amount: 1000, metadata: { order_item_id: 'i1' } });
    expect(problemsOf(partial)).toEqual([]);
    expect(partial).toMatchObject({
      id: expect.stringMatching(/^re_/),
      amount: 1000,
      status: 'succeeded',
      charge: (intent.latest_charge as Stripe.Charge).id,
      metadata: { order_item_id: 'i1' },
    });
    expect(await h.stripe.charges.retrieve((intent.latest_charge as Stripe.Charge).id)).toMatchObject({ amount_refunded: 1000, refunded: false });

    const tooMuch = await stripeError(h.stripe.refunds.create({ payment_intent: intent.id, amount: 2500 }));
    expect(tooMuch).toMatchObject({ statusCode: 400, code: 'amount_too_large', param: 'amount' });

    const rest = await h.stripe.refunds.create({ payment_intent: intent.id });
    expect(rest.amount).toBe(2000);
    expect(await h.stripe.refunds.retrieve(rest.id)).toEqual(rest);
    const charge = await h.stripe.charges.retrieve((intent.latest_charge as Stripe.Charge).id);
    expect(charge).toMatchObject({ amount_refunded: 3000, refunded: true });
    expect(charge.refunds!.data.map((r) => r.id)).toEqual([rest.id, partial.id]);

    const again = await stripeError(h.stripe.refunds.create({ payment_intent: intent.id }));
    expect(again).toMatchObject({ statusCode: 400, code: 'charge_already_refunded' });

    await h.receiver.waitFor(() => h.receiver.received('charge.refunded').filter((e) => (e.data.object as Stripe.Charge).id === charge.id).length === 2);
    const last = h.receiver
      .received('charge.refunded')
      .filter((e) => (e.data.object as Stripe.Charge).id === charge.id)
      .at(-1)!;
    expect(last.data.previous_attributes).toMatchObject({ amount_refunded: 1000, refunded: false });
    expect(problemsOf(last)).toEqual([]);
  });

  it('Connect: transfers need an onboarded account; links expire; reversals', async () => {
    const account = await h.stripe.accounts.create({
      type: 'express',
      country: 'IE',
      email: 'designer@example.com',
      capabilities: { transfers: { requested: true }, card_payments: { requested: true } },
      metadata: { user_id: 'u1' },
    });
    expect(account.id).toMatch(/^acct_/);
    expect(problemsOf(account)).toEqual([]);
    expect(account).toMatchObject({
      type: 'express',
      details_submitted: false,
      charges_enabled: false,
      payouts_enabled: false,
      capabilities: { transfers: 'inactive' },
    });
    expect(account.requirements!.currently_due!.length).toBeGreaterThan(0);

    const link = await h.stripe.accountLinks.create({
      account: account.id,
      type: 'account_onboarding',
      refresh_url: 'http://localhost:3000/payment/refresh',
      return_url: 'http://localhost:3000/payment/receive?return=1',
    });
    expect(problemsOf(link)).toEqual([]);
    expect(link.url).toMatch(new RegExp(`^${h.pages}/connect/onboarding/acctlink_`));
    expect(link.expires_at - link.created).toBe(120);

    const session = await paidSession(5000);
    const charge = (session.payment_intent as Stripe.PaymentIntent).latest_charge as Stripe.Charge;
    const refused = await stripeError(
      h.stripe.transfers.create({ amount: 4000, currency: 'eur', destination: account.id, transfer_group: 'order-1', source_transaction: charge.id }),
    );
    expect(refused).toMatchObject({ statusCode: 400, code: 'insufficient_capabilities_for_transfer', param: 'destination', type: 'StripeInvalidRequestError' });

    const completed = await h.sandbox<Stripe.Account>(`/accounts/${account.id}/complete`, {});
    expect(completed).toMatchObject({ details_submitted: true, charges_enabled: true, payouts_enabled: true, capabilities: { transfers: 'active' } });
    expect(await h.stripe.accounts.retrieve(account.id)).toMatchObject({ payouts_enabled: true });
    await h.receiver.waitFor(() => h.receiver.received('account.updated').some((e) => e.account === account.id));
    const updated = h.receiver.received('account.updated').find((e) => e.account === account.id)!;
    expect(updated.data.previous_attributes).toMatchObject({ payouts_enabled: false });
    expect(problemsOf(updated)).toEqual([]);

    const transfer = await h.stripe.transfers.create({
      amount: 4000,
      currency: 'eur',
      destination: account.id,
      transfer_group: 'order-1',
      source_transaction: charge.id,
      metadata: { order_item_id: 'i1' },
    });
    expect(problemsOf(transfer)).toEqual([]);
    expect(transfer).toMatchObject({ id: expect.stringMatching(/^tr_/), amount: 4000, destination: account.id, reversed: false, amount_reversed: 0 });
    const overdrawn = await stripeError(h.stripe.transfers.create({ amount: 1001, currency: 'eur', destination: account.id, source_transaction: charge.id }));
    expect(overdrawn).toMatchObject({ statusCode: 400, code: 'balance_insufficient' });

    const partial = await h.stripe.transfers.createReversal(transfer.id, { amount: 1500 });
    expect(problemsOf(partial)).toEqual([]);
    expect(partial).toMatchObject({ id: expect.stringMatching(/^trr_/), amount: 1500, transfer: transfer.id });
    await h.stripe.transfers.createReversal(transfer.id);
    const reversed = await h.stripe.transfers.retrieve(transfer.id);
    expect(reversed).toMatchObject({ amount_reversed: 4000, reversed: true });
    const none = await stripeError(h.stripe.transfers.createReversal(transfer.id, { amount: 1 }));
    expect(none.statusCode).toBe(400);
    await h.receiver.waitFor(() => h.receiver.received('transfer.reversed').filter((e) => (e.data.object as Stripe.Transfer).id === transfer.id).length === 2);
    await h.receiver.waitFor(() => h.receiver.received('transfer.created').some((e) => (e.data.object as Stripe.Transfer).id === transfer.id));
  });
});

describe('errors and idempotency', () => {
  it('answers with Stripe error envelopes and statuses', async () => {
    const missing = await stripeError(h.stripe.checkout.sessions.retrieve('cs_test_nope'));
    expect(missing).toMatchObject({ statusCode: 404, code: 'resource_missing', type: 'StripeInvalidRequestError' });
    expect(missing.requestId).toMatch(/^req_/);
    const noMode = await stripeError(
      h.stripe.checkout.sessions.create({ line_items: [{ price: 'price_x', quantity: 1 }] } as Stripe.Checkout.SessionCreateParams),
    );
    expect(noMode).toMatchObject({ statusCode: 400, code: 'parameter_missing', param: 'mode' });
    const badInt = await stripeError(h.stripe.refunds.create({ payment_intent: 'pi_x', amount: 'ten' as unknown as number }));
    expect(badInt).toMatchObject({ statusCode: 400, code: 'parameter_invalid_integer', param: 'amount' });
    const unknownCustomer = await stripeError(paymentSession(h.stripe, 100, { customer: 'cus_missing', customer_email: undefined }));
    expect(unknownCustomer).toMatchObject({ statusCode: 404, code: 'resource_missing', param: 'customer' });

    const wrongKey = new Stripe('sk_test_wrong', {
      host: new URL(h.stack.stripe!.url).hostname,
      port: Number(new URL(h.stack.stripe!.url).port),
      protocol: 'http',
      maxNetworkRetries: 0,
    });
    const auth = await stripeError(wrongKey.customers.create({}));
    expect(auth).toMatchObject({ statusCode: 401, type: 'StripeAuthenticationError' });

    const raw = await fetch(`${h.stack.stripe!.url}/v1/customers/cus_missing`, { headers: { authorization: `Bearer ${h.stack.stripe!.secretKey}` } });
    expect(raw.status).toBe(404);
    expect(raw.headers.get('request-id')).toMatch(/^req_/);
    expect(await raw.json()).toEqual({
      error: {
        type: 'invalid_request_error',
        code: 'resource_missing',
        param: 'id',
        message: "No such customer: 'cus_missing'",
        doc_url: 'https://stripe.com/docs/error-codes/resource-missing',
      },
    });
  });

  it('a declined card: card_declined on the intent and payment_intent.payment_failed', async () => {
    const session = await paymentSession(h.stripe, 700);
    const outcome = await h.sandbox<{ status: string; error: { code: string; decline_code: string; type: string } }>(`/checkout/${session.id}/pay`, {
      card: '4000000000000002',
    });
    expect(outcome).toMatchObject({ status: 'failed', error: { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline' } });
    const again = await h.stripe.checkout.sessions.retrieve(session.id, { expand: ['payment_intent'] });
    expect(again.status).toBe('open');
    const intent = again.payment_intent as Stripe.PaymentIntent;
    expect(intent).toMatchObject({
      status: 'requires_payment_method',
      last_payment_error: { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline' },
    });
    await h.receiver.waitFor(() => h.receiver.received('payment_intent.payment_failed').some((e) => (e.data.object as Stripe.PaymentIntent).id === intent.id));
    // the buyer tries another card: same intent, now paid
    expect((await h.sandbox<{ status: string }>(`/checkout/${session.id}/pay`, { card: '4242424242424242' })).status).toBe('succeeded');
    expect((await h.stripe.paymentIntents.retrieve(intent.id)).status).toBe('succeeded');
  });

  it('Idempotency-Key: same params replay the stored answer, other params are refused', async () => {
    const key = `idem-${Date.now()}`;
    const first = await h.stripe.customers.create({ email: 'idem@example.com' }, { idempotencyKey: key });
    const replay = await h.stripe.customers.create({ email: 'idem@example.com' }, { idempotencyKey: key });
    expect(replay.id).toBe(first.id);
    expect(replay.lastResponse.headers['idempotent-replayed']).toBe('true');
    const clash = await stripeError(h.stripe.customers.create({ email: 'other@example.com' }, { idempotencyKey: key }));
    expect(clash).toMatchObject({ statusCode: 400, type: 'StripeIdempotencyError' });

    // concurrent requests with one key create one object
    const shared = `idem-race-${Date.now()}`;
    const raced = await Promise.all(
      Array.from({ length: 5 }, () =>
        paymentSession(h.stripe, 900)
          .catch(() => undefined)
          .then(() => h.stripe.customers.create({ email: 'race@example.com' }, { idempotencyKey: shared })),
      ),
    );
    expect(new Set(raced.map((c) => c.id)).size).toBe(1);

    // a failed request is replayed as the same failure
    const failing = `idem-fail-${Date.now()}`;
    const e1 = await stripeError(h.stripe.refunds.create({ payment_intent: 'pi_missing' }, { idempotencyKey: failing }));
    const e2 = await stripeError(h.stripe.refunds.create({ payment_intent: 'pi_missing' }, { idempotencyKey: failing }));
    expect([e1.statusCode, e2.statusCode]).toEqual([404, 404]);
    expect(e2.headers?.['idempotent-replayed']).toBe('true');
  });
});

interface DeliveryLog {
  event_id: string;
  status: string;
  attempts: number;
  log: Array<{ status: number | null; error: string | null; at: string }>;
}

/** The delivery log of one event once the sandbox recorded it delivered (the endpoint sees it a moment before). */
async function deliveredLog(eventId: string): Promise<DeliveryLog> {
  const until = Date.now() + 10_000;
  for (;;) {
    const { data } = await h.sandbox<{ data: DeliveryLog[] }>(`/deliveries?event=${eventId}`);
    if (data[0]?.status === 'delivered' || Date.now() > until) return data[0]!;
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('webhooks', () => {
  it('signs like Stripe, retries a failing endpoint with back-off and logs every attempt', async () => {
    h.receiver.failNext(2);
    const customer = await h.stripe.customers.create({ email: 'retry@example.com' });
    const account = await h.stripe.accounts.create({ type: 'express', country: 'IE', email: 'retry@example.com', metadata: { customer: customer.id } });
    await h.sandbox(`/accounts/${account.id}/complete`, {});
    await h.receiver.waitFor(() => h.receiver.received('account.updated').some((e) => e.account === account.id));
    const event = h.receiver.received('account.updated').find((e) => e.account === account.id)!;
    expect(await deliveredLog(event.id)).toMatchObject({ event_id: event.id, status: 'delivered', attempts: expect.any(Number) });
    const failedOnes = h.receiver.deliveries.filter((d) => d.status === 500);
    expect(failedOnes.length).toBeGreaterThanOrEqual(2);
    expect(h.receiver.deliveries.every((d) => d.verifyError === null)).toBe(true);
    // the failed event was retried after the back-off and then delivered once verified
    const retried = failedOnes.map((d) => (JSON.parse(d.body) as Stripe.Event).id);
    await h.receiver.waitFor(() => h.receiver.received().some((e) => e.id === retried[0]));
    const final = await deliveredLog(retried[0]!);
    expect(final.status).toBe('delivered');
    expect(final.log[0]!.status).toBe(500);
    expect(final.attempts).toBeGreaterThanOrEqual(2);
    // back-off: the retry came at least baseMs (100 ms) after the failure
    expect(Date.parse(final.log[1]!.at) - Date.parse(final.log[0]!.at)).toBeGreaterThanOrEqual(90);
  });

  it('an endpoint that never answers times out and is retried, while later events still go out', async () => {
    h.receiver.hangNext(1);
    const slow = await h.stripe.accounts.create({ type: 'express', email: 'slow@example.com' });
    await h.sandbox(`/accounts/${slow.id}/complete`, {});
    await h.receiver.waitFor(() => h.receiver.hung.length === 1);
    const hungEvent = JSON.parse(h.receiver.hung[0]!) as Stripe.Event;
    const next = await h.stripe.accounts.create({ type: 'express', email: 'next@example.com' });
    await h.sandbox(`/accounts/${next.id}/complete`, {});
    // the next event arrives while the first is still waiting for its 2 s timeout
    await h.receiver.waitFor(() => h.receiver.received('account.updated').some((e) => e.account === next.id));
    expect(h.receiver.received().some((e) => e.id === hungEvent.id)).toBe(false);
    await h.receiver.waitFor(() => h.receiver.received().some((e) => e.id === hungEvent.id));
    const log = await deliveredLog(hungEvent.id);
    expect(log.status).toBe('delivered');
    expect(log.log[0]).toMatchObject({ status: null, error: 'timed out after 2000 ms' });
  });

  it('a tampered payload does not verify with the SDK', async () => {
    const delivered = h.receiver.deliveries.find((d) => d.status === 200)!;
    const sdk = new Stripe('sk_test_unused');
    await expect(
      sdk.webhooks.constructEventAsync(delivered.body.replace('"livemode": false', '"livemode": true'), delivered.signature, h.receiver.secret),
    ).rejects.toThrow();
    const header = sdk.webhooks.generateTestHeaderString({
      payload: delivered.body,
      secret: h.receiver.secret,
      timestamp: Number(/t=(\d+)/.exec(delivered.signature)![1]),
    });
    expect(header).toBe(delivered.signature);
  });

  it('a read of a session past its expiry expires it, written in a transaction like any change (once, with its event)', async () => {
    const session = await paymentSession(h.stripe, 700);
    // past expires_at by the real clock (reads go without a transaction until one must write)
    await h.stack.pool.query(`update _stripe_sandbox.objects set data = jsonb_set(data, '{expires_at}', to_jsonb($2::bigint)) where id = $1`, [
      session.id,
      Math.floor(Date.now() / 1000) - 5,
    ]);
    const [first, second] = await Promise.all([h.stripe.checkout.sessions.retrieve(session.id), h.stripe.checkout.sessions.retrieve(session.id)]);
    expect([first.status, second.status]).toEqual(['expired', 'expired']);
    expect((await h.stripe.checkout.sessions.retrieve(session.id)).status).toBe('expired');
    await h.receiver.waitFor(() => h.receiver.received('checkout.session.expired').some((e) => (e.data.object as { id: string }).id === session.id));
    const { rows } = await h.stack.pool.query(
      `select count(*)::int as n from _stripe_sandbox.events where type = 'checkout.session.expired' and data #>> '{data,object,id}' = $1`,
      [session.id],
    );
    expect(rows).toEqual([{ n: 1 }]);
  });

  it('paused deliveries wait, then go out on resume', async () => {
    await h.sandbox('/webhooks/pause', {});
    const before = h.receiver.deliveries.length;
    const customer = await h.stripe.customers.create({ email: 'pause@example.com' });
    const account = await h.stripe.accounts.create({ type: 'express', email: customer.email! });
    await h.sandbox(`/accounts/${account.id}/complete`, {});
    await new Promise((r) => setTimeout(r, 400));
    expect(h.receiver.deliveries.length).toBe(before);
    const pending = await h.sandbox<{ data: { event_id: string }[] }>('/deliveries?status=pending');
    expect(pending.data.length).toBeGreaterThan(0);
    // an event waiting for its delivery says so, in the API and its list, as Stripe's pending_webhooks does
    const waiting = pending.data[0]!.event_id;
    expect((await h.stripe.events.retrieve(waiting)).pending_webhooks).toBe(1);
    expect((await h.stripe.events.list({ limit: 100 })).data.find((e) => e.id === waiting)?.pending_webhooks).toBe(1);
    await h.sandbox('/webhooks/resume', {});
    await h.receiver.waitFor(() => h.receiver.received('account.updated').some((e) => e.account === account.id));
    await h.receiver.waitFor(() => h.receiver.received().some((e) => e.id === waiting));
    await h.sandbox('/webhooks/idle?timeout_ms=10000');
    expect((await h.stripe.events.retrieve(waiting)).pending_webhooks).toBe(0);
    // the delivered payload counts itself, as Stripe's does
    expect(h.receiver.received().find((e) => e.id === waiting)?.pending_webhooks).toBe(1);
  });
});

describe('isolation', () => {
  it('the sandbox schema is out of reach of the API roles (anon, authenticated)', async () => {
    for (const role of ['anon', 'authenticated']) {
      const client = await h.stack.pool.connect();
      try {
        await client.query('begin');
        await client.query(`set local role ${role}`);
        await expect(client.query('select count(*) from _stripe_sandbox.objects')).rejects.toThrow(/permission denied/);
      } finally {
        await client.query('rollback');
        client.release();
      }
    }
    const rest = await fetch(`${h.stack.url}/rest/v1/objects`, { headers: { apikey: h.stack.anonKey, 'accept-profile': '_stripe_sandbox' } });
    expect(rest.status).toBeGreaterThanOrEqual(400);
  });
});

describe('load and persistence', () => {
  it('50 concurrent checkouts each pay once; the balance holds every charge', async () => {
    const balanceBefore = await h.stripe.balance.retrieve();
    const eurBefore = balanceBefore.available.find((b) => b.currency === 'eur')?.amount ?? 0;
    const sessions = await Promise.all(Array.from({ length: 50 }, (_, i) => paymentSession(h.stripe, 1000 + i, { metadata: { order_id: `load-${i}` } })));
    const outcomes = await Promise.all(sessions.map((s) => h.sandbox<{ status: string }>(`/checkout/${s.id}/pay`, { card: '4242424242424242' })));
    expect(outcomes.every((o) => o.status === 'succeeded')).toBe(true);
    // paying twice is refused: the session is complete
    expect((await h.sandbox<{ status: string }>(`/checkout/${sessions[0]!.id}/pay`, { card: '4242424242424242' })).status).toBe('not_open');
    const balance = await h.stripe.balance.retrieve();
    const expected = sessions.reduce((sum, _s, i) => sum + 1000 + i, 0);
    expect(balance.available.find((b) => b.currency === 'eur')!.amount - eurBefore).toBe(expected);
    const ids = new Set(sessions.map((s) => s.id));
    await h.receiver.waitFor(
      () => h.receiver.received('checkout.session.completed').filter((e) => ids.has((e.data.object as Stripe.Checkout.Session).id)).length === 50,
      60_000,
    );
    const completed = h.receiver.received('checkout.session.completed').filter((e) => ids.has((e.data.object as Stripe.Checkout.Session).id));
    expect(new Set(completed.map((e) => (e.data.object as Stripe.Checkout.Session).id)).size).toBe(50);
  }, 90_000);

  it('state and undelivered events survive a restart, and go to the endpoint configured now', async () => {
    const session = await paymentSession(h.stripe, 4200);
    await h.sandbox('/webhooks/pause', {});
    await h.sandbox(`/checkout/${session.id}/pay`, { card: '4242424242424242' });
    const dataDir = h.stack.dataDir;
    await h.stack.stop();
    await h.receiver.stop();
    // the endpoint moved (another port after the restart)
    const receiver = new Receiver();
    await receiver.start();
    h = await startSandboxHarness({ dataDir, receiver, keepData: true });
    expect((await h.stripe.checkout.sessions.retrieve(session.id)).status).toBe('complete');
    await h.sandbox('/webhooks/resume', {});
    await receiver.waitFor(() => receiver.received('checkout.session.completed').some((e) => (e.data.object as Stripe.Checkout.Session).id === session.id));
  }, 120_000);
});
