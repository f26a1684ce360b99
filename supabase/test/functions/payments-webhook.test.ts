// Payments end to end on the embedded Stripe sandbox, through the real functions
// gateway, the official Stripe SDK and real tokens: entitlements only from verified webhooks;
// tampered and unsigned webhooks change nothing; ten duplicate deliveries give one fulfilment;
// events out of order (refund before completion, subscription updated before created) end in the
// right state; declines and expiry land on the order; refunds revoke and reverse; held transfers
// are released on onboarding; a broken endpoint catches up from retries; 50 buyers at once.
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../../../backend/test/harness.ts';
import { signedInPeople, stripeSandboxCall, type Person } from '../../../backend/test/payments-people.ts';
import { quoteCart } from '../../../shared/src/pricing.ts';
import * as kit from '../../../shared/src/testing/kit.ts';

let stack: TestStack;
let sdk: Stripe;
let people: Record<'buyer' | 'buyer2' | 'designer' | 'other' | 'operator', Person>;
const S = { A: '', B: '' };
const P = { a: '', b: '', c: '', d: '', e: '', f: '' };

const sandbox = () => stack.stripe!;

async function sql(text: string, values: unknown[] = []) {
  return (await stack.pool.query(text, values)).rows;
}

const call = (fn: string, who: Person | null, body: unknown) => kit.callFunction(stack, fn, who?.token ?? null, body);

const sandboxCall = (method: string, path: string, body?: unknown) => stripeSandboxCall(stack, method, path, body);

const pause = () => sandboxCall('POST', '/webhooks/pause');
const resume = () => sandboxCall('POST', '/webhooks/resume');
const idle = () => sandboxCall('GET', '/webhooks/idle?timeout_ms=30000');

const waitFor = kit.waitFor;

async function buy(who: Person, patternIds: string[], country = 'DE'): Promise<{ orderId: string; sessionId: string; body: any }> {
  const res = await call('checkout', who, { items: patternIds.map((id) => ({ pattern_id: id, quantity: 1, kind: 'digital' })), country });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const [order] = await sql('select provider_session_id from public.orders where id = $1', [res.body.order_id]);
  return { orderId: res.body.order_id, sessionId: order!.provider_session_id as string, body: res.body };
}

const pay = (sessionId: string, card = '4242424242424242') => sandboxCall('POST', `/checkout/${sessionId}/pay`, { card });

async function orderRow(orderId: string) {
  return (await sql('select * from public.orders where id = $1', [orderId]))[0]!;
}

const untilStatus = (orderId: string, status: string) =>
  waitFor(`order ${orderId} ${status}`, async () => ((await orderRow(orderId)).status === status ? true : undefined));

async function activeEntitlements(userId: string, patternId: string): Promise<number> {
  return (
    await sql('select count(*)::int as n from public.entitlements where user_id = $1 and pattern_id = $2 and revoked_at is null', [userId, patternId])
  )[0]!.n;
}

/** Events the sandbox raised, newest first, of one type (optionally about one object). */
async function eventsOf(type: string, objectId?: string): Promise<Stripe.Event[]> {
  const list = await sdk.events.list({ type, limit: 100 });
  return list.data.filter((e) => !objectId || (e.data.object as { id?: string }).id === objectId);
}

/** Delivers an event the way Stripe does: the raw JSON, signed with the endpoint's secret. */
async function deliver(event: unknown, secret = sandbox().webhookSecret, header?: string) {
  const payload = JSON.stringify(event);
  const signature = header ?? sdk.webhooks.generateTestHeaderString({ payload, secret });
  const res = await fetch(`${stack.url}/functions/v1/stripe-webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
    body: payload,
  });
  return { status: res.status, body: (await res.json()) as any };
}

const inbox = (email: string) => kit.inbox(stack, email);

async function onboard(who: Person): Promise<string> {
  const res = await call('payout-account', who, { action: 'onboard' });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.url).toMatch(/\/connect\/onboarding\//);
  const [row] = await sql('select stripe_account_id from public.payout_accounts where user_id = $1', [who.id]);
  await sandboxCall('POST', `/accounts/${row!.stripe_account_id}/complete`, {});
  return row!.stripe_account_id as string;
}

beforeAll(async () => {
  stack = await startTestStack({ seed: false, stripe: { retry: { baseMs: 200, maxMs: 1_000, maxAttempts: 12 } } });
  if (!stack.stripe) throw new Error('the test stack has no Stripe sandbox');
  const url = new URL(stack.stripe.url);
  sdk = new Stripe(stack.stripe.secretKey, { host: url.hostname, port: Number(url.port), protocol: 'http' });
  people = await signedInPeople(stack, ['buyer', 'buyer2', 'designer', 'other', 'operator']);
  await sql(`insert into public.user_roles (user_id, role) values ($1, 'operator')`, [people.operator.id]);
  const [a, b] = await sql(
    `insert into public.stores (owner_id, slug, kind, name, currency, plan, country) values
      ($1, 'wh-studio-a', 'designer', 'Studio A', 'EUR', 'free', 'IE'), ($2, 'wh-studio-b', 'designer', 'Studio B', 'EUR', 'pro', 'DE')
    returning id`,
    [people.designer.id, people.other.id],
  );
  S.A = a!.id;
  S.B = b!.id;
  const patterns = await sql(
    `insert into public.patterns (store_id, title, craft, category, status, price_cents, currency) values
      ($1, 'Wrap Dress', 'sewing', 'dress', 'published', 1200, 'EUR'), ($2, 'Pleated Skirt', 'sewing', 'skirt', 'published', 900, 'EUR'),
      ($1, 'Harbour Coat', 'sewing', 'coat', 'published', 2400, 'EUR'), ($1, 'Linen Top', 'sewing', 'top', 'published', 1500, 'EUR'),
      ($1, 'Quilted Jacket', 'sewing', 'jacket', 'published', 2400, 'EUR'), ($2, 'Gift Scarf', 'knitting', 'scarf', 'published', 900, 'EUR')
    returning id`,
    [S.A, S.B],
  );
  [P.a, P.b, P.c, P.d, P.e, P.f] = patterns.map((p) => p.id as string) as [string, string, string, string, string, string];
}, 180_000);

afterAll(async () => {
  await stack?.stop();
});

describe('buying', () => {
  it('grants the pattern only from the verified webhook, holds the designers’ shares and e-mails a receipt', async () => {
    const { orderId, sessionId, body } = await buy(people.buyer, [P.a, P.b]);
    expect(body.url).toContain(`/checkout/${sessionId}`);
    expect(await orderRow(orderId)).toMatchObject({ status: 'pending', buyer_country: 'DE', vat_rate_bp: 1900, total_cents: 2100 });
    expect(await activeEntitlements(people.buyer.id, P.a)).toBe(0);

    const paid = await pay(sessionId);
    expect(paid.status).toBe('succeeded');
    await untilStatus(orderId, 'paid');
    expect(await activeEntitlements(people.buyer.id, P.a)).toBe(1);
    expect(await activeEntitlements(people.buyer.id, P.b)).toBe(1);

    // one held transfer per line: total − VAT − the store plan's fee (nobody has a payout account yet)
    const quote = quoteCart(
      [
        { patternId: P.a, storeId: S.A, plan: 'free', unitPriceCents: 1200, quantity: 1 },
        { patternId: P.b, storeId: S.B, plan: 'pro', unitPriceCents: 900, quantity: 1 },
      ],
      { currency: 'EUR', country: 'DE' },
    );
    const transfers = await sql(
      `select t.recipient_id, t.amount_cents, t.status from public.payout_transfers t
                                   join public.order_items i on i.id = t.order_item_id where t.order_id = $1 order by i.unit_price_cents desc`,
      [orderId],
    );
    expect(transfers).toEqual([
      { recipient_id: people.designer.id, amount_cents: quote.lines[0]!.designerShareCents, status: 'held' },
      { recipient_id: people.other.id, amount_cents: quote.lines[1]!.designerShareCents, status: 'held' },
    ]);

    const order = await orderRow(orderId);
    const receipt = await waitFor('the receipt', async () => (await inbox(people.buyer.email)).find((m) => m.text.includes(String(order.number))));
    expect(receipt.subject).toContain(String(order.number));
    expect(receipt.text).toContain(`/download/${P.a}`);
    expect(receipt.text).toContain(`/download/${P.b}`);
    expect(receipt.text).toMatch(/VAT 19 %/);
    expect(receipt.text).toContain('€21.00');
  });

  it('records a declined card on the order and grants nothing', async () => {
    const { orderId, sessionId } = await buy(people.buyer2, [P.c]);
    const outcome = await pay(sessionId, '4000000000000002');
    expect(outcome.status).toBe('failed');
    const order = await waitFor('the failure', async () => {
      const row = await orderRow(orderId);
      return row.failure_code ? row : undefined;
    });
    expect(order).toMatchObject({ status: 'pending', failure_code: 'card_declined' });
    expect(order.failure_message).toBeTruthy();
    expect(await activeEntitlements(people.buyer2.id, P.c)).toBe(0);
    // the buyer tries another card on the same page: paid, and the failure is cleared
    await pay(sessionId);
    await untilStatus(orderId, 'paid');
    expect((await orderRow(orderId)).failure_code).toBeNull();
  });

  it('closes the earlier checkout when the buyer checks out the same pattern again (no double charge)', async () => {
    const first = await buy(people.buyer2, [P.d]);
    const second = await buy(people.buyer2, [P.d]);
    await untilStatus(first.orderId, 'expired');
    expect((await pay(first.sessionId)).status).not.toBe('succeeded');
    expect((await orderRow(second.orderId)).status).toBe('pending');
  });

  it('fulfils a cart a 100 % code makes free at once, without a payment page', async () => {
    await sql(`insert into public.discount_codes (store_id, code, percent_off, max_redemptions) values ($1, 'GIFT100', 100, 1)`, [S.B]);
    const res = await call('checkout', people.buyer2, { items: [{ pattern_id: P.f, quantity: 1, kind: 'digital' }], country: 'NL', discount_code: 'gift100' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.quote).toMatchObject({ total_cents: 0, discount_cents: 900, vat_cents: 0 });
    expect(res.body.url).toContain(`/payment/success?order=${res.body.order_id}`);
    expect(await orderRow(res.body.order_id)).toMatchObject({ status: 'paid', provider: 'free', provider_session_id: null });
    expect(await activeEntitlements(people.buyer2.id, P.f)).toBe(1);
    expect(await sql(`select redemptions from public.discount_codes where code = 'GIFT100'`)).toEqual([{ redemptions: 1 }]);
    const again = await call('checkout', people.buyer, {
      items: [{ pattern_id: P.f, quantity: 1, kind: 'digital' }],
      country: 'NL',
      discount_code: 'GIFT100',
      preview: true,
    });
    expect(again.body.error.code).toBe('discount_exhausted');
    const order = await orderRow(res.body.order_id);
    await waitFor('the receipt', async () => (await inbox(people.buyer2.email)).find((m) => m.subject.includes(String(order.number))));
    // nothing was charged, so there is nothing to refund, and the line is not left "refund pending"
    const refund = await call('refund', people.other, { order_id: res.body.order_id });
    expect(refund.status).toBe(409);
    expect(refund.body.error.code).toBe('not_refundable');
    expect(await sql('select refund_requested_at from public.order_items where order_id = $1', [res.body.order_id])).toEqual([{ refund_requested_at: null }]);
  });

  it('sells print licences to an approved shop: quantity on the payment page, a transfer, no download', async () => {
    await sql(
      `insert into public.wholesale_accounts (user_id, business_name, tax_id, address_line1, city, postal_code, country, status)
               values ($1, 'Shop Ltd', 'IE 1234567X', '1 Quay Street', 'Galway', 'H91 1234', 'IE', 'approved')`,
      [people.buyer.id],
    );
    await sql(`insert into public.pattern_wholesale_prices (pattern_id, store_id, price_cents, currency, min_quantity) values ($1, $2, 600, 'EUR', 3)`, [
      P.a,
      S.A,
    ]);
    const res = await call('checkout', people.buyer, { items: [{ pattern_id: P.a, quantity: 5, kind: 'wholesale_print' }], country: 'IE' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [order] = await sql('select provider_session_id from public.orders where id = $1', [res.body.order_id]);
    const items = await sdk.checkout.sessions.listLineItems(order!.provider_session_id as string);
    expect(items.data.map((i) => [i.quantity, i.amount_total])).toEqual([[5, 3000]]);
    await pay(order!.provider_session_id as string);
    await untilStatus(res.body.order_id, 'paid');
    expect(await sql('select amount_cents from public.payout_transfers where order_id = $1', [res.body.order_id])).toEqual([
      {
        amount_cents: quoteCart([{ patternId: P.a, storeId: S.A, plan: 'free', unitPriceCents: 600, quantity: 5 }], { currency: 'EUR', country: 'IE' })
          .lines[0]!.designerShareCents,
      },
    ]);
    expect(
      await sql(`select count(*)::int as n from public.entitlements e join public.order_items i on i.id = e.order_item_id where i.order_id = $1`, [
        res.body.order_id,
      ]),
    ).toEqual([{ n: 0 }]);
  });

  it('marks an abandoned checkout expired', async () => {
    const { orderId } = await buy(people.buyer2, [P.d]);
    await sandboxCall('POST', '/clock/advance', { seconds: 25 * 3600 });
    await untilStatus(orderId, 'expired');
    expect(await activeEntitlements(people.buyer2.id, P.d)).toBe(0);
  });
});

describe('webhook integrity', () => {
  it('answers 400 to unsigned, tampered and wrongly signed events and changes nothing', async () => {
    const [event] = await eventsOf('checkout.session.completed');
    expect(event).toBeTruthy();
    const before = await sql('select count(*)::int as n from public.payment_events');
    const forged = { ...event!, id: 'evt_forged_1', data: { object: { ...(event!.data.object as object), amount_total: 1 } } };
    const payload = JSON.stringify(event);
    const genuine = sdk.webhooks.generateTestHeaderString({ payload, secret: sandbox().webhookSecret });
    const results = [
      await deliver(forged, sandbox().webhookSecret, ''), // unsigned
      await deliver(forged, 'whsec_not_the_secret'), // wrong secret
      await deliver(forged, sandbox().webhookSecret, genuine), // a real signature over other bytes
    ];
    for (const r of results) {
      expect(r.status).toBe(400);
      expect(r.body.error.code).toBe('invalid_signature');
    }
    expect(await sql('select count(*)::int as n from public.payment_events')).toEqual(before);
  });

  it('applies ten concurrent duplicate deliveries once', async () => {
    await pause();
    try {
      const { orderId, sessionId } = await buy(people.buyer, [P.c]);
      await pay(sessionId);
      const [event] = await eventsOf('checkout.session.completed', sessionId);
      const salesBefore = (await sql('select sales_count from public.patterns where id = $1', [P.c]))[0]!.sales_count;
      const results = await Promise.all(Array.from({ length: 10 }, () => deliver(event)));
      expect(
        results.map((r) => r.status),
        JSON.stringify(results.map((r) => r.body)),
      ).toEqual(results.map(() => 200));
      expect(results.filter((r) => r.body.duplicate === false)).toHaveLength(1);
      expect((await orderRow(orderId)).status).toBe('paid');
      expect(await sql('select count(*)::int as n from public.payment_events where provider_event_id = $1', [event!.id])).toEqual([{ n: 1 }]);
      expect(await activeEntitlements(people.buyer.id, P.c)).toBe(1);
      expect(await sql('select count(*)::int as n from public.payout_transfers where order_id = $1', [orderId])).toEqual([{ n: 1 }]);
      expect((await sql('select sales_count from public.patterns where id = $1', [P.c]))[0]!.sales_count).toBe(salesBefore + 1);
      const order = await orderRow(orderId);
      expect((await inbox(people.buyer.email)).filter((m) => m.subject.includes(String(order.number)))).toHaveLength(1);
    } finally {
      await resume();
    }
    await idle();
  });

  it('takes a payment’s events last first, each twice and all at once: one fulfilment, one receipt, each event recorded once', async () => {
    const [pattern] = await sql(
      `insert into public.patterns (store_id, title, craft, category, status, price_cents, currency) values ($1, 'Tide Jacket', 'sewing', 'jacket', 'published', 1800, 'EUR') returning id`,
      [S.A],
    );
    await pause();
    let orderId: string;
    let events: Stripe.Event[];
    try {
      const bought = await buy(people.buyer, [pattern!.id as string]);
      orderId = bought.orderId;
      await pay(bought.sessionId);
      const session = await sdk.checkout.sessions.retrieve(bought.sessionId, { expand: ['payment_intent'] });
      const intent = session.payment_intent as Stripe.PaymentIntent;
      events = [
        ...(await eventsOf('charge.succeeded', intent.latest_charge as string)),
        ...(await eventsOf('payment_intent.succeeded', intent.id)),
        ...(await eventsOf('checkout.session.completed', bought.sessionId)),
      ];
      expect(events.map((e) => e.type)).toEqual(['charge.succeeded', 'payment_intent.succeeded', 'checkout.session.completed']);
      const results = await Promise.all([...events, ...events].map((event) => deliver(event)));
      expect(
        results.map((r) => r.status),
        JSON.stringify(results.map((r) => r.body)),
      ).toEqual(results.map(() => 200));
      expect(results.filter((r) => r.body.duplicate === false)).toHaveLength(3);
    } finally {
      await resume();
    }
    await idle(); // and the sandbox's own deliveries of the same three: duplicates, nothing more
    const order = await orderRow(orderId);
    expect(order.status).toBe('paid');
    expect(await activeEntitlements(people.buyer.id, pattern!.id as string)).toBe(1);
    expect(await sql('select count(*)::int as n from public.payout_transfers where order_id = $1', [orderId])).toEqual([{ n: 1 }]);
    expect(
      await sql('select count(*)::int as n, count(processed_at)::int as processed from public.payment_events where provider_event_id = any($1)', [
        events.map((e) => e.id),
      ]),
    ).toEqual([{ n: 3, processed: 3 }]);
    expect(order.receipt_sent_at).not.toBeNull();
    expect((await inbox(people.buyer.email)).filter((m) => m.subject.includes(String(order.number)))).toHaveLength(1);
  });

  it('ends refunded when the refund arrives before the completion', async () => {
    await pause();
    let orderId: string;
    try {
      const bought = await buy(people.buyer2, [P.a]);
      orderId = bought.orderId;
      await pay(bought.sessionId);
      const session = await sdk.checkout.sessions.retrieve(bought.sessionId);
      await sdk.refunds.create({ payment_intent: session.payment_intent as string }); // e.g. from the dashboard
      const intent = await sdk.paymentIntents.retrieve(session.payment_intent as string);
      const [refunded] = await eventsOf('charge.refunded', intent.latest_charge as string);
      const [completed] = await eventsOf('checkout.session.completed', bought.sessionId);
      expect((await deliver(refunded)).status).toBe(200);
      expect(await orderRow(orderId)).toMatchObject({ status: 'refunded', amount_refunded_cents: 1200 });
      expect((await deliver(completed)).status).toBe(200);
    } finally {
      await resume();
    }
    await idle();
    expect((await orderRow(orderId)).status).toBe('refunded');
    expect(await activeEntitlements(people.buyer2.id, P.a)).toBe(0);
    const [transfer] = await sql('select status, provider_transfer_id from public.payout_transfers where order_id = $1', [orderId]);
    expect(transfer).toEqual({ status: 'reversed', provider_transfer_id: null }); // held money never left
  });

  it('catches up from the sandbox’s retries after the endpoint was failing', async () => {
    await sql('revoke execute on function public.apply_payment_event(text, jsonb, jsonb) from service_role');
    let orderId: string;
    try {
      const bought = await buy(people.buyer, [P.d]);
      orderId = bought.orderId;
      await pay(bought.sessionId);
      await waitFor('a failed delivery', async () => {
        const log = await sandboxCall('GET', '/deliveries?type=checkout.session.completed&limit=5');
        return log.data.some((d: any) => d.attempts >= 1 && d.status !== 'delivered' && d.last_status >= 500);
      });
      expect((await orderRow(orderId)).status).toBe('pending');
    } finally {
      await sql('grant execute on function public.apply_payment_event(text, jsonb, jsonb) to service_role');
    }
    await untilStatus(orderId, 'paid');
    expect(await activeEntitlements(people.buyer.id, P.d)).toBe(1);
  });
});

describe('payouts and refunds', () => {
  it('releases held transfers when the designer finishes onboarding', async () => {
    const held = await sql(`select id, amount_cents from public.payout_transfers where recipient_id = $1 and status = 'held'`, [people.other.id]);
    expect(held.length).toBeGreaterThan(0);
    const account = await onboard(people.other);
    await waitFor(
      'released transfers',
      async () =>
        (await sql(`select count(*)::int as n from public.payout_transfers where recipient_id = $1 and status = 'held'`, [people.other.id]))[0]!.n === 0,
    );
    const paid = await sql(`select provider_transfer_id, amount_cents from public.payout_transfers where id = any($1::uuid[])`, [held.map((h) => h.id)]);
    for (const t of paid) {
      const transfer = await sdk.transfers.retrieve(t.provider_transfer_id as string);
      expect(transfer).toMatchObject({ destination: account, amount: t.amount_cents, currency: 'eur' });
    }
    const status = await call('payout-account', people.other, { action: 'status' });
    expect(status.body.account).toMatchObject({ payouts_enabled: true, details_submitted: true });
    expect(status.body.paid_cents_by_currency.EUR).toBe(paid.reduce((a, t) => a + (t.amount_cents as number), 0));
    expect(await sql('select payouts_enabled from public.stores where id = $1', [S.B])).toEqual([{ payouts_enabled: true }]);
  });

  it('refunds one line: only its store may, the entitlement goes and the transfer is reversed', async () => {
    await onboard(people.designer);
    const { orderId, sessionId } = await buy(people.buyer2, [P.e, P.b]);
    await pay(sessionId);
    await untilStatus(orderId, 'paid');
    const [line] = await sql('select id from public.order_items where order_id = $1 and pattern_id = $2', [orderId, P.e]);
    const transfer = await waitFor(
      'the transfer',
      async () => (await sql(`select * from public.payout_transfers where order_item_id = $1 and status = 'paid'`, [line!.id]))[0],
    );

    for (const who of [people.buyer2, people.other]) {
      const denied = await call('refund', who, { order_id: orderId, order_item_id: line!.id });
      expect(denied.status).toBe(403);
      expect(denied.body.error.code).toBe('forbidden');
    }
    const whole = await call('refund', people.designer, { order_id: orderId }); // the whole order has Studio B's line too
    expect(whole.status).toBe(403);

    const res = await call('refund', people.designer, { order_id: orderId, order_item_id: line!.id, reason: 'requested_by_customer' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.refund).toMatchObject({ amount_cents: 2400, currency: 'EUR' });
    await untilStatus(orderId, 'partially_refunded');
    expect(await activeEntitlements(people.buyer2.id, P.e)).toBe(0);
    expect(await activeEntitlements(people.buyer2.id, P.b)).toBe(1);
    const after = await waitFor(
      'the reversal',
      async () => (await sql(`select * from public.payout_transfers where id = $1 and status = 'reversed'`, [transfer.id]))[0],
    );
    expect(after.reversed_cents).toBe(transfer.amount_cents);
    expect((await sdk.transfers.retrieve(transfer.provider_transfer_id as string)).amount_reversed).toBe(transfer.amount_cents);

    const again = await call('refund', people.designer, { order_id: orderId, order_item_id: line!.id });
    expect(again.status).toBe(409);
    // an operator refunds the rest: the order is refunded
    const rest = await call('refund', people.operator, { order_id: orderId });
    expect(rest.status, JSON.stringify(rest.body)).toBe(200);
    expect(rest.body.refund.amount_cents).toBe(900);
    await untilStatus(orderId, 'refunded');
    expect(await activeEntitlements(people.buyer2.id, P.b)).toBe(0);
  });
});

describe('subscriptions', () => {
  it('follows the subscription whatever order its events arrive in', async () => {
    await pause();
    let subscriptionId: string;
    try {
      const res = await call('billing', people.designer, { action: 'subscribe', store_id: S.A, plan: 'pro', interval: 'month' });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const sessionId = /\/checkout\/(cs_[A-Za-z0-9_]+)/.exec(res.body.url)![1]!;
      await pay(sessionId);
      subscriptionId = (await sdk.checkout.sessions.retrieve(sessionId)).subscription as string;
      expect(subscriptionId).toMatch(/^sub_/);
      await sdk.subscriptions.update(subscriptionId, { cancel_at_period_end: true });
      const [updated] = await eventsOf('customer.subscription.updated', subscriptionId);
      const [created] = await eventsOf('customer.subscription.created', subscriptionId);
      expect((await deliver(updated)).status).toBe(200);
      expect((await deliver(created)).status).toBe(200);
      const [row] = await sql('select status, cancel_at_period_end, "interval" from public.subscriptions where provider_subscription_id = $1', [
        subscriptionId,
      ]);
      expect(row).toEqual({ status: 'active', cancel_at_period_end: true, interval: 'month' });
      expect(await sql('select plan from public.stores where id = $1', [S.A])).toEqual([{ plan: 'pro' }]);
    } finally {
      await resume();
    }
    await idle();
    const again = await call('billing', people.designer, { action: 'subscribe', store_id: S.A, plan: 'pro', interval: 'year' });
    expect(again.body.error.code).toBe('already_subscribed');
    const portal = await call('billing', people.designer, { action: 'portal', store_id: S.A });
    expect(portal.body.url).toMatch(/\/billing\/bps_/);
    expect((await call('billing', people.other, { action: 'portal', store_id: S.A })).status).toBe(403);

    // the period ends: canceled, back to Free
    await sandboxCall('POST', '/clock/advance', { seconds: 32 * 24 * 3600 });
    await waitFor('the plan back to free', async () => (await sql('select plan from public.stores where id = $1', [S.A]))[0]!.plan === 'free');
    expect((await sql('select status from public.subscriptions where provider_subscription_id = $1', [subscriptionId]))[0]!.status).toBe('canceled');
  });
});

describe('load', () => {
  it('takes 50 concurrent checkouts of one pattern by different buyers', async () => {
    const buyers = Object.values(
      await signedInPeople(
        stack,
        Array.from({ length: 50 }, (_, i) => `crowd${i}`),
      ),
    );
    const results = await Promise.all(buyers.map((b) => call('checkout', b, { items: [{ pattern_id: P.b, quantity: 1, kind: 'digital' }], country: 'FR' })));
    expect(results.map((r) => r.status)).toEqual(buyers.map(() => 200));
    const orderIds = results.map((r) => r.body.order_id as string);
    expect(new Set(orderIds).size).toBe(50);
    expect(new Set(results.map((r) => r.body.url)).size).toBe(50);
    expect(new Set(results.map((r) => r.body.quote.total_cents))).toEqual(new Set([900]));
    const sessions = await sql('select provider_session_id from public.orders where id = any($1::uuid[])', [orderIds]);
    await Promise.all(sessions.map((s) => pay(s.provider_session_id as string)));
    await waitFor(
      '50 paid orders',
      async () => (await sql(`select count(*)::int as n from public.orders where id = any($1::uuid[]) and status = 'paid'`, [orderIds]))[0]!.n === 50,
      60_000,
    );
    expect(
      (
        await sql(
          `select count(*)::int as n from public.entitlements where pattern_id = $1 and revoked_at is null
                         and user_id = any($2::uuid[])`,
          [P.b, buyers.map((b) => b.id)],
        )
      )[0]!.n,
    ).toBe(50);
    await idle();
  }, 120_000);
});
