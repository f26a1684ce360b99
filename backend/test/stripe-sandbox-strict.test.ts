// The Stripe sandbox refuses what Stripe refuses: parameters outside what the pinned
// SDK declares for an endpoint (stripe-params.json, generated from its types) answer 400
// parameter_unknown; idempotency keys keep no result of a request that failed validation, expire
// after 24 hours of sandbox time and are echoed; error params are well formed; lists page with
// starting_after / ending_before / limit like Stripe's; a charge's balance_transaction expands.
// Driven through the official stripe SDK against a real stack.
import { spawnSync } from 'node:child_process';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentSession, problemsOf, startSandboxHarness, type SandboxHarness } from './stripe-sandbox-helpers.ts';

let h: SandboxHarness;

beforeAll(async () => {
  h = await startSandboxHarness();
});

afterAll(async () => {
  await h?.stack.stop();
  await h?.receiver.stop();
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

async function paidCharge(amount = 1200): Promise<{ session: Stripe.Checkout.Session; intent: Stripe.PaymentIntent; charge: Stripe.Charge }> {
  const session = await paymentSession(h.stripe, amount);
  const outcome = await h.sandbox<{ status: string }>(`/checkout/${session.id}/pay`, { card: '4242424242424242' });
  expect(outcome.status).toBe('succeeded');
  const paid = await h.stripe.checkout.sessions.retrieve(session.id, { expand: ['payment_intent.latest_charge'] });
  const intent = paid.payment_intent as Stripe.PaymentIntent;
  return { session: paid, intent, charge: intent.latest_charge as Stripe.Charge };
}

async function onboardedAccount(email: string): Promise<Stripe.Account> {
  const account = await h.stripe.accounts.create({ type: 'express', country: 'IE', email });
  return h.sandbox<Stripe.Account>(`/accounts/${account.id}/complete`, {});
}

async function balance(): Promise<number> {
  return (await h.stripe.balance.retrieve()).available.find((b) => b.currency === 'eur')?.amount ?? 0;
}

/** The raw answer, to hold the error object itself against Stripe's. */
async function raw(
  method: string,
  path: string,
  body?: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Headers; json: { error?: Record<string, unknown> } }> {
  const res = await fetch(`${h.stack.stripe!.url}/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${h.stack.stripe!.secretKey}`, ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}), ...headers },
    body,
  });
  return { status: res.status, headers: res.headers, json: (await res.json()) as { error?: Record<string, unknown> } };
}

describe('parameters Stripe does not declare', () => {
  it('the parameter lists are generated from the pinned SDK and up to date', () => {
    const r = spawnSync(process.execPath, ['scripts/gen-stripe-params.mjs', '--check'], { cwd: new URL('..', import.meta.url), encoding: 'utf8' });
    expect(r.stderr + r.stdout).toMatch(/up to date \(stripe@23\.1\.0\)/);
    expect(r.status).toBe(0);
  }, 120_000);

  it('refunds.create with amount_cents is refused and refunds nothing', async () => {
    const { intent, charge } = await paidCharge(1500);
    const before = await balance();
    // @ts-expect-error amount_cents is not a refund parameter: the SDK's types refuse it too
    const refused = await stripeError(h.stripe.refunds.create({ payment_intent: intent.id, amount_cents: 100 }));
    expect(refused).toMatchObject({
      statusCode: 400,
      type: 'StripeInvalidRequestError',
      code: 'parameter_unknown',
      param: 'amount_cents',
      message: 'Received unknown parameter: amount_cents',
      doc_url: 'https://stripe.com/docs/error-codes/parameter-unknown',
    });
    const after = await h.stripe.charges.retrieve(charge.id);
    expect(after).toMatchObject({ amount_refunded: 0, refunded: false });
    expect(after.refunds?.data ?? []).toEqual([]);
    expect(await balance()).toBe(before);

    // the error object exactly as Stripe's: {error: {type, code, param, message, doc_url}}
    const answer = await raw('POST', '/refunds', `payment_intent=${intent.id}&amount_cents=100`);
    expect(answer.status).toBe(400);
    expect(answer.json).toEqual({
      error: {
        type: 'invalid_request_error',
        code: 'parameter_unknown',
        param: 'amount_cents',
        message: 'Received unknown parameter: amount_cents',
        doc_url: 'https://stripe.com/docs/error-codes/parameter-unknown',
      },
    });
    expect(answer.headers.get('request-id')).toMatch(/^req_/);
  });

  it('transfers.create with a misspelt source_transaction is refused and pays nothing out', async () => {
    const { charge } = await paidCharge(3000);
    const account = await onboardedAccount('strict-designer@example.com');
    const before = await balance();
    const refused = await stripeError(
      h.stripe.transfers.create({
        amount: 1000,
        currency: 'eur',
        destination: account.id,
        // @ts-expect-error the typo Stripe refuses
        source_transation: charge.id,
      }),
    );
    expect(refused).toMatchObject({
      statusCode: 400,
      code: 'parameter_unknown',
      param: 'source_transation',
      message: 'Received unknown parameter: source_transation',
    });
    expect(await balance()).toBe(before);
    // spelt right it runs, against the charge
    const transfer = await h.stripe.transfers.create({ amount: 1000, currency: 'eur', destination: account.id, source_transaction: charge.id });
    expect(transfer.source_transaction).toBe(charge.id);
  });

  it('checkout.sessions.create: unknown keys at the top, in payment_intent_data and in line items are refused', async () => {
    const topLevel = await stripeError(paymentSession(h.stripe, 1000, { payment_method_typez: ['card'] } as Partial<Stripe.Checkout.SessionCreateParams>));
    expect(topLevel).toMatchObject({ statusCode: 400, code: 'parameter_unknown', param: 'payment_method_typez' });
    // removed from the API version the SDK pins: no longer a parameter
    const removed = await stripeError(paymentSession(h.stripe, 1000, { payment_method_types: ['card'] } as Partial<Stripe.Checkout.SessionCreateParams>));
    expect(removed).toMatchObject({ statusCode: 400, code: 'parameter_unknown', param: 'payment_method_types' });

    const nested = await stripeError(
      paymentSession(h.stripe, 1000, {
        payment_intent_data: { transfer_group: 'order-1', transfer_grop: 'x' } as Stripe.Checkout.SessionCreateParams.PaymentIntentData,
      }),
    );
    expect(nested).toMatchObject({
      statusCode: 400,
      code: 'parameter_unknown',
      param: 'payment_intent_data[transfer_grop]',
      message: 'Received unknown parameter: payment_intent_data[transfer_grop]',
    });

    const inItem = await stripeError(
      paymentSession(h.stripe, 1000, {
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: 'eur',
              unit_amount: 1000,
              product_data: { name: 'Dress', colour: 'red' } as Stripe.Checkout.SessionCreateParams.LineItem.PriceData.ProductData,
            },
          },
        ],
      }),
    );
    expect(inItem).toMatchObject({ param: 'line_items[0][price_data][product_data][colour]', code: 'parameter_unknown' });

    // a hash where Stripe takes a value
    const hashForValue = await raw('POST', '/checkout/sessions', 'mode=payment&success_url=http://localhost/ok&customer_email[a]=b');
    expect(hashForValue.json.error).toMatchObject({ code: 'parameter_unknown', param: 'customer_email[a]' });

    // metadata is free-form at every level; everything the checkout function sends passes
    const ok = await paymentSession(h.stripe, 1000, { metadata: { any_key: 'v', another: 'w' } });
    expect(ok.metadata).toMatchObject({ any_key: 'v', another: 'w' });
  });

  it('reads are checked too: retrieve takes expand[] only', async () => {
    const { charge } = await paidCharge(900);
    const refused = await stripeError(h.stripe.charges.retrieve(charge.id, { expand: ['balance_transaction'], expnd: ['x'] } as Stripe.ChargeRetrieveParams));
    expect(refused).toMatchObject({ statusCode: 400, code: 'parameter_unknown', param: 'expnd' });
    const listRefused = await stripeError(h.stripe.events.list({ limit: 3, typ: 'charge.succeeded' } as Stripe.EventListParams));
    expect(listRefused).toMatchObject({ statusCode: 400, code: 'parameter_unknown', param: 'typ' });
  });
});

describe('idempotency as Stripe', () => {
  it('a request refused in validation keeps no result: the corrected retry with the same key runs', async () => {
    const { intent, charge } = await paidCharge(2000);
    const key = `strict-refund-${Date.now()}`;
    const refused = await stripeError(
      h.stripe.refunds.create(
        // @ts-expect-error the unknown parameter
        { payment_intent: intent.id, amount_cents: 100 },
        { idempotencyKey: key },
      ),
    );
    expect(refused).toMatchObject({ code: 'parameter_unknown' });
    expect(refused.headers?.['idempotency-key']).toBe(key);
    const refund = await h.stripe.refunds.create({ payment_intent: intent.id, amount: 100 }, { idempotencyKey: key });
    expect(refund).toMatchObject({ amount: 100, charge: charge.id, status: 'succeeded' });
    expect(refund.lastResponse.headers['idempotency-key']).toBe(key);
    expect(refund.lastResponse.headers['idempotent-replayed']).toBeUndefined();
    // now the key holds that refund
    const replay = await h.stripe.refunds.create({ payment_intent: intent.id, amount: 100 }, { idempotencyKey: key });
    expect(replay.id).toBe(refund.id);
    expect(replay.lastResponse.headers['idempotent-replayed']).toBe('true');
    expect(replay.lastResponse.headers['idempotency-key']).toBe(key);
    expect((await h.stripe.charges.retrieve(charge.id)).amount_refunded).toBe(100);

    // the same for a parameter the handler finds missing or malformed
    const missingKey = `strict-missing-${Date.now()}`;
    const missing = await stripeError(h.stripe.refunds.create({}, { idempotencyKey: missingKey }));
    expect(missing).toMatchObject({ code: 'parameter_missing', param: 'charge' });
    const malformedKey = `strict-malformed-${Date.now()}`;
    const malformed = await raw('POST', '/refunds', `payment_intent=${intent.id}&amount=lots`, { 'idempotency-key': malformedKey });
    expect(malformed.json.error).toMatchObject({ code: 'parameter_invalid_integer', param: 'amount' });
    expect(malformed.headers.get('idempotency-key')).toBe(malformedKey);
    const second = await h.stripe.refunds.create({ payment_intent: intent.id, amount: 50 }, { idempotencyKey: missingKey });
    expect(second.amount).toBe(50);
    expect((await h.stripe.refunds.create({ payment_intent: intent.id, amount: 25 }, { idempotencyKey: malformedKey })).amount).toBe(25);
  });

  it('a request that ran keeps its answer, errors included; other parameters with the key are an idempotency_error', async () => {
    const key = `strict-ran-${Date.now()}`;
    const e1 = await stripeError(h.stripe.refunds.create({ payment_intent: 'pi_missing' }, { idempotencyKey: key }));
    const e2 = await stripeError(h.stripe.refunds.create({ payment_intent: 'pi_missing' }, { idempotencyKey: key }));
    expect([e1.statusCode, e2.statusCode]).toEqual([404, 404]);
    expect(e2.headers?.['idempotent-replayed']).toBe('true');
    const clash = await stripeError(h.stripe.refunds.create({ payment_intent: 'pi_other' }, { idempotencyKey: key }));
    expect(clash).toMatchObject({ statusCode: 400, type: 'StripeIdempotencyError' });
    expect(clash.message).toContain(`Try using a key other than '${key}'`);
    expect(clash.headers?.['idempotency-key']).toBe(key);
  });

  it('keys expire after 24 hours of sandbox time', async () => {
    const key = `strict-ttl-${Date.now()}`;
    const first = await h.stripe.customers.create({ email: 'ttl@example.com' }, { idempotencyKey: key });
    await h.sandbox('/clock/advance', { seconds: 23 * 3600 });
    const within = await h.stripe.customers.create({ email: 'ttl@example.com' }, { idempotencyKey: key });
    expect(within.id).toBe(first.id);
    expect(within.lastResponse.headers['idempotent-replayed']).toBe('true');
    await h.sandbox('/clock/advance', { seconds: 3600 + 60 });
    const after = await h.stripe.customers.create({ email: 'ttl@example.com' }, { idempotencyKey: key });
    expect(after.id).not.toBe(first.id);
    expect(after.lastResponse.headers['idempotent-replayed']).toBeUndefined();
    // and the key is taken again from then on
    expect((await h.stripe.customers.create({ email: 'ttl@example.com' }, { idempotencyKey: key })).id).toBe(after.id);
  });
});

describe('error params in form notation', () => {
  it('a bad nested amount names line_items[0][price_data][unit_amount]', async () => {
    const item = (priceData: Record<string, unknown>) =>
      ({ line_items: [{ quantity: 1, price_data: priceData }] }) as unknown as Partial<Stripe.Checkout.SessionCreateParams>;
    const negative = await stripeError(paymentSession(h.stripe, 1000, item({ currency: 'eur', unit_amount: -5, product_data: { name: 'x' } })));
    expect(negative).toMatchObject({ statusCode: 400, code: 'parameter_invalid_integer', param: 'line_items[0][price_data][unit_amount]' });
    const missing = await stripeError(paymentSession(h.stripe, 1000, item({ currency: 'eur', product_data: { name: 'x' } })));
    expect(missing).toMatchObject({
      code: 'parameter_missing',
      param: 'line_items[0][price_data][unit_amount]',
      message: 'Missing required param: line_items[0][price_data][unit_amount].',
    });
    const noName = await stripeError(paymentSession(h.stripe, 1000, item({ currency: 'eur', unit_amount: 100, product_data: { description: 'x' } })));
    expect(noName).toMatchObject({ code: 'parameter_missing', param: 'line_items[0][price_data][product_data][name]' });
    const badInterval = await stripeError(
      paymentSession(h.stripe, 1000, {
        mode: 'subscription',
        payment_intent_data: undefined,
        line_items: [
          { quantity: 1, price_data: { currency: 'eur', unit_amount: 100, product_data: { name: 'x' }, recurring: { interval: 'fortnight' as 'month' } } },
        ],
      }),
    );
    expect(badInterval).toMatchObject({ param: 'line_items[0][price_data][recurring][interval]' });
  });
});

describe('lists', () => {
  it('events.list pages with starting_after: auto-pagination visits every event once (250 events)', async () => {
    const account = await onboardedAccount('strict-events@example.com');
    await paidCharge(50_000);
    const made: string[] = [];
    for (let i = 0; i < 250; i++) {
      made.push((await h.stripe.transfers.create({ amount: 1, currency: 'eur', destination: account.id, metadata: { n: String(i) } })).id);
    }
    const seen: string[] = [];
    const transfers: string[] = [];
    for await (const event of h.stripe.events.list({ types: ['transfer.created'], limit: 100 })) {
      seen.push(event.id);
      transfers.push((event.data.object as Stripe.Transfer).id);
    }
    expect(new Set(seen).size).toBe(seen.length);
    expect(transfers.filter((id) => made.includes(id)).length).toBe(250);
    // newest first
    expect(transfers.filter((id) => made.includes(id))).toEqual([...made].reverse());

    // every event of the sandbox, at the default page size of 10
    const all: string[] = [];
    for await (const event of h.stripe.events.list()) all.push(event.id);
    expect(new Set(all).size).toBe(all.length);
    expect(all.length).toBeGreaterThan(250);
    const firstPage = await h.stripe.events.list({ limit: 100 });
    expect(all.slice(0, 100)).toEqual(firstPage.data.map((e) => e.id));

    // has_more and the pages by hand
    const page1 = await h.stripe.events.list({ type: 'transfer.created', limit: 100 });
    const page2 = await h.stripe.events.list({ type: 'transfer.created', limit: 100, starting_after: page1.data.at(-1)!.id });
    const page3 = await h.stripe.events.list({ type: 'transfer.created', limit: 100, starting_after: page2.data.at(-1)!.id });
    expect([page1.data.length, page2.data.length, page3.data.length]).toEqual([100, 100, seen.length - 200]);
    expect([page1.has_more, page2.has_more, page3.has_more]).toEqual([true, true, false]);

    // ending_before walks back towards the newest, the page nearest the cursor first
    const back = await h.stripe.events.list({ type: 'transfer.created', limit: 100, ending_before: page3.data[0]!.id });
    expect(back.data.map((e) => e.id)).toEqual(page2.data.map((e) => e.id));
    expect(back.has_more).toBe(true);
    const backwards: string[] = [];
    for await (const event of h.stripe.events.list({ types: ['transfer.created'], limit: 30, ending_before: seen.at(-1)! })) backwards.push(event.id);
    expect(new Set(backwards).size).toBe(backwards.length);
    expect(backwards.sort()).toEqual(seen.slice(0, -1).sort());
  }, 120_000);

  it("limit is 1 to 100 and a cursor must exist, with Stripe's errors", async () => {
    for (const limit of [0, 101]) {
      const refused = await stripeError(h.stripe.events.list({ limit }));
      expect(refused).toMatchObject({ statusCode: 400, type: 'StripeInvalidRequestError', code: 'parameter_invalid_integer', param: 'limit' });
    }
    expect((await stripeError(h.stripe.events.list({ limit: 101 }))).message).toBe("This value must be less than or equal to 100 (it currently is '101').");
    expect((await stripeError(h.stripe.events.list({ limit: 0 }))).message).toBe('This value must be greater than or equal to 1.');
    expect(await stripeError(h.stripe.prices.list({ limit: 500 }))).toMatchObject({ code: 'parameter_invalid_integer', param: 'limit' });
    const notNumber = await raw('GET', '/events?limit=ten');
    expect(notNumber.json.error).toMatchObject({ code: 'parameter_invalid_integer', param: 'limit' });
    const missing = await stripeError(h.stripe.events.list({ starting_after: 'evt_missing' }));
    expect(missing).toMatchObject({ statusCode: 404, code: 'resource_missing', param: 'starting_after' });
    expect((await h.stripe.events.list({ limit: 1 })).data).toHaveLength(1);
    expect((await h.stripe.events.list({ limit: 100 })).data).toHaveLength(100);
  });

  it('expand[]=balance_transaction on a charge, retrieved and listed, gives the object the schema declares', async () => {
    const { intent, charge } = await paidCharge(4200);
    expect(typeof charge.balance_transaction).toBe('string');
    const retrieved = await h.stripe.charges.retrieve(charge.id, { expand: ['balance_transaction'] });
    const txn = retrieved.balance_transaction as Stripe.BalanceTransaction;
    expect(txn).toMatchObject({
      id: charge.balance_transaction,
      object: 'balance_transaction',
      amount: 4200,
      net: 4200,
      fee: 0,
      currency: 'eur',
      source: charge.id,
      type: 'charge',
      reporting_category: 'charge',
      status: 'available',
    });
    expect(problemsOf(txn)).toEqual([]);
    expect(await h.stripe.balanceTransactions.retrieve(txn.id)).toEqual(txn);

    const listed = await h.stripe.charges.list({ payment_intent: intent.id, expand: ['data.balance_transaction'] });
    expect(listed).toMatchObject({ object: 'list', url: '/v1/charges', has_more: false });
    expect(listed.data.map((c) => c.id)).toEqual([charge.id]);
    expect(listed.data[0]!.balance_transaction).toEqual(txn);

    const refund = await h.stripe.refunds.create({ charge: charge.id, amount: 200, expand: ['balance_transaction'] });
    expect(refund.balance_transaction).toMatchObject({ object: 'balance_transaction', amount: -200, type: 'refund', source: refund.id });
    // transfers and their reversals carry theirs too
    const account = await onboardedAccount('strict-expand@example.com');
    const transfer = await h.stripe.transfers.create({
      amount: 1000,
      currency: 'eur',
      destination: account.id,
      source_transaction: charge.id,
      expand: ['balance_transaction'],
    });
    expect(transfer.balance_transaction).toMatchObject({
      object: 'balance_transaction',
      amount: -1000,
      type: 'transfer',
      reporting_category: 'transfer',
      source: transfer.id,
    });
    const reversal = await h.stripe.transfers.createReversal(transfer.id, { amount: 300, expand: ['balance_transaction'] });
    expect(reversal.balance_transaction).toMatchObject({
      object: 'balance_transaction',
      amount: 300,
      type: 'transfer_refund',
      reporting_category: 'transfer_reversal',
      source: reversal.id,
    });
    expect(problemsOf(reversal.balance_transaction as Stripe.BalanceTransaction)).toEqual([]);

    // charges list pages like every list
    const pageOne = await h.stripe.charges.list({ limit: 1 });
    expect(pageOne.has_more).toBe(true);
    const pageTwo = await h.stripe.charges.list({ limit: 1, starting_after: pageOne.data[0]!.id });
    expect(pageTwo.data[0]!.id).not.toBe(pageOne.data[0]!.id);
  });
});
