// Payments hardening: a single-use discount code is reserved when the order is made (row lock on
// the code; reservations + redemptions never above max_redemptions), released when the checkout
// expires or is replaced, and a checkout cannot outlive its code; a reseller earns nothing on
// their own purchase (their id, their email also as a guest, and a guest order whose email later
// becomes the reseller's account); checkout takes only countries the VAT table knows; a Pro
// subscription whose renewal keeps failing follows Stripe's retry schedule to its end and puts the
// store back on Free, with the mails a store owner expects. All through the real checkout and
// billing functions, the Stripe sandbox, its webhooks and real tokens.
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../../../backend/test/harness.ts';
import { signedInPeople, stripeSandboxCall, type Person } from '../../../backend/test/payments-people.ts';
import * as kit from '../../../shared/src/testing/kit.ts';

let stack: TestStack;
let sdk: Stripe;
type Who = 'designer' | 'a' | 'b' | 'c' | 'd' | 'reseller' | 'operator' | 'owner';
let people: Record<Who, Person>;
let storeId = '';
let ownerStore = '';
const P = { dress: '', skirt: '', coat: '', top: '', scarf: '', apron: '', bag: '' };

async function sql(text: string, values: unknown[] = []) {
  return (await stack.pool.query(text, values)).rows;
}
const call = (fn: string, who: Person | { token: string } | null, body: unknown) => kit.callFunction(stack, fn, who?.token ?? null, body);
const sandboxCall = (method: string, path: string, body?: unknown) => stripeSandboxCall(stack, method, path, body);
const idle = () => sandboxCall('GET', '/webhooks/idle?timeout_ms=30000');
const waitFor = kit.waitFor;
const cart = (patternId: string, extra: Record<string, unknown> = {}) => ({
  items: [{ pattern_id: patternId, quantity: 1, kind: 'digital' }],
  country: 'DE',
  ...extra,
});
const orderOf = async (id: string) => (await sql('select * from public.orders where id = $1', [id]))[0]!;
const untilStatus = (id: string, status: string) => waitFor(`order ${id} ${status}`, async () => (await orderOf(id)).status === status);

/** The sandbox's hosted payment, as the buyer's browser would submit it; body.status says the outcome ('succeeded', 'expired', …). */
async function pay(orderId: string, card = '4242424242424242') {
  const { provider_session_id: session } = await orderOf(orderId);
  const res = await fetch(`${stack.stripe!.url}/_sandbox/checkout/${session}/pay`, {
    method: 'POST',
    headers: { authorization: `Bearer ${stack.stripe!.secretKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ card }),
  });
  return { status: res.status, body: (await res.json()) as any };
}

async function newCode(fields: Record<string, unknown>) {
  const { data, error } = await people.designer.db
    .from('discount_codes')
    .insert({ store_id: storeId, ...fields })
    .select('*')
    .single();
  expect(error).toBeNull();
  return data as { id: string; code: string };
}
const redemptions = async (id: string) => (await sql('select redemptions from public.discount_codes where id = $1', [id]))[0]!.redemptions as number;

async function guest(): Promise<{ id: string; token: string }> {
  const { data, error } = await kit.anonClient(stack).auth.signInAnonymously();
  if (error) throw error;
  return { id: data.user!.id, token: data.session!.access_token };
}

beforeAll(async () => {
  stack = await startTestStack({ seed: false, emailMinInterval: 0, stripe: { retry: { baseMs: 200, maxMs: 1_000, maxAttempts: 12 } } });
  const url = new URL(stack.stripe!.url);
  sdk = new Stripe(stack.stripe!.secretKey, { host: url.hostname, port: Number(url.port), protocol: 'http' });
  people = await signedInPeople(stack, ['designer', 'a', 'b', 'c', 'd', 'reseller', 'operator', 'owner']);
  await sql(`insert into public.user_roles (user_id, role) values ($1, 'operator')`, [people.operator.id]);
  const [store, other] = await sql(
    `insert into public.stores (owner_id, slug, kind, name, currency, plan, country) values
      ($1, 'hard-studio', 'designer', 'Hardening Studio', 'EUR', 'free', 'IE'), ($2, 'owner-studio', 'designer', 'Owner Studio', 'EUR', 'free', 'NL') returning id`,
    [people.designer.id, people.owner.id],
  );
  storeId = store!.id;
  ownerStore = other!.id;
  const patterns = await sql(
    `insert into public.patterns (store_id, title, craft, category, status, price_cents, currency) values
      ($1, 'Wrap Dress', 'sewing', 'dress', 'published', 2000, 'EUR'), ($1, 'Pleated Skirt', 'sewing', 'skirt', 'published', 1000, 'EUR'),
      ($1, 'Harbour Coat', 'sewing', 'coat', 'published', 3000, 'EUR'), ($1, 'Linen Top', 'sewing', 'top', 'published', 1500, 'EUR'),
      ($1, 'Gift Scarf', 'knitting', 'scarf', 'published', 800, 'EUR'), ($1, 'Dock Apron', 'sewing', 'apron', 'published', 700, 'EUR'),
      ($1, 'Market Bag', 'sewing', 'bag', 'published', 900, 'EUR') returning id`,
    [storeId],
  );
  [P.dress, P.skirt, P.coat, P.top, P.scarf, P.apron, P.bag] = patterns.map((p) => p.id as string) as [string, string, string, string, string, string, string];
}, 180_000);

afterAll(async () => {
  await stack?.stop();
});

describe('a single-use discount code', () => {
  it('three concurrent checkouts: exactly one gets the discount, the others a clear error, and it is redeemed once', async () => {
    const code = await newCode({ code: 'ONCE50', percent_off: 50, max_redemptions: 1 });
    const results = await Promise.all([people.a, people.b, people.c].map((who) => call('checkout', who, cart(P.dress, { discount_code: 'once50' }))));
    const ok = results.filter((r) => r.status === 200);
    const refused = results.filter((r) => r.status !== 200);
    expect(ok, JSON.stringify(results.map((r) => r.body))).toHaveLength(1);
    expect(ok[0]!.body.quote).toMatchObject({ discount_cents: 1000, total_cents: 1000 });
    expect(refused.map((r) => r.status)).toEqual([400, 400]);
    for (const r of refused) {
      expect(r.body.error).toMatchObject({ code: 'discount_exhausted', message: 'The code ONCE50 has been used as many times as the store allows.' });
    }
    expect(await sql('select count(*)::int as n from public.orders where discount_code_id = $1', [code.id])).toEqual([{ n: 1 }]);
    // the reservation also shows in a preview: nobody is quoted a discount they cannot get
    const preview = await call('checkout', people.d, cart(P.dress, { discount_code: 'ONCE50', preview: true }));
    expect(preview.body.error?.code).toBe('discount_exhausted');

    expect((await pay(ok[0]!.body.order_id)).body.status).toBe('succeeded');
    await untilStatus(ok[0]!.body.order_id, 'paid');
    expect(await redemptions(code.id)).toBe(1);
    const late = await call('checkout', people.d, cart(P.dress, { discount_code: 'ONCE50' }));
    expect(late.body.error?.code).toBe('discount_exhausted');
  });

  it('a store cannot lower the limit below what is already redeemed or reserved', async () => {
    const code = await newCode({ code: 'TWICE', percent_off: 10, max_redemptions: 3 });
    for (const who of [people.a, people.b]) expect((await call('checkout', who, cart(P.skirt, { discount_code: 'TWICE' }))).status).toBe(200);
    const lower = await people.designer.db.from('discount_codes').update({ max_redemptions: 1 }).eq('id', code.id).select('max_redemptions');
    expect(lower.data ?? []).toEqual([]);
    expect(lower.error?.message).toBe('This code is already redeemed or reserved 2 times: its limit cannot go below 2');
    const fine = await people.designer.db.from('discount_codes').update({ max_redemptions: 2 }).eq('id', code.id).select('max_redemptions');
    expect(fine.data).toEqual([{ max_redemptions: 2 }]);
  });

  it('is released when the checkout holding it expires, and when the same buyer replaces their checkout', async () => {
    const code = await newCode({ code: 'SOLO', amount_off_cents: 300, max_redemptions: 1 });
    const first = await call('checkout', people.b, cart(P.coat, { discount_code: 'SOLO' }));
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect((await call('checkout', people.c, cart(P.coat, { discount_code: 'SOLO' }))).body.error?.code).toBe('discount_exhausted');

    // the buyer clicks Buy again: the earlier checkout is expired and its reservation goes with it
    const again = await call('checkout', people.b, cart(P.coat, { discount_code: 'SOLO' }));
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect((await orderOf(first.body.order_id)).status).toBe('expired');
    expect((await pay(first.body.order_id)).body.status).toBe('expired');

    // 25 hours on the provider's clock: the open checkout expires, the webhook releases the code
    await sandboxCall('POST', '/clock/advance', { seconds: 25 * 3600 });
    await untilStatus(again.body.order_id, 'expired');
    const taken = await call('checkout', people.c, cart(P.coat, { discount_code: 'SOLO' }));
    expect(taken.status, JSON.stringify(taken.body)).toBe(200);
    expect(taken.body.quote).toMatchObject({ discount_cents: 300, total_cents: 2700 });
    expect((await pay(taken.body.order_id)).body.status).toBe('succeeded');
    await untilStatus(taken.body.order_id, 'paid');
    expect(await redemptions(code.id)).toBe(1);
  });

  it('is released when the buyer leaves the payment page (the cancel link), by the buyer only', async () => {
    const code = await newCode({ code: 'LEAVER', percent_off: 15, max_redemptions: 1 });
    const held = await call('checkout', people.d, cart(P.bag, { discount_code: 'LEAVER' }));
    expect(held.status, JSON.stringify(held.body)).toBe(200);
    expect((await call('checkout', people.a, cart(P.bag, { discount_code: 'LEAVER' }))).body.error?.code).toBe('discount_exhausted');
    // someone else cannot close it
    const other = await call('checkout', people.a, { cancel_order: held.body.order_id });
    expect(other.status).toBe(404);
    expect(other.body.error).toMatchObject({ code: 'order_not_found' });
    expect((await orderOf(held.body.order_id)).status).toBe('pending');

    const left = await call('checkout', people.d, { cancel_order: held.body.order_id });
    expect(left.status, JSON.stringify(left.body)).toBe(200);
    expect(left.body).toEqual({ order_id: held.body.order_id, status: 'expired' });
    expect(await orderOf(held.body.order_id)).toMatchObject({ status: 'expired', failure_code: 'cancelled' });
    expect((await pay(held.body.order_id)).body.status).toBe('expired');
    const taken = await call('checkout', people.a, cart(P.bag, { discount_code: 'LEAVER' }));
    expect(taken.status, JSON.stringify(taken.body)).toBe(200);
    expect(taken.body.quote.discount_cents).toBe(135);
    // a paid order is left as it is
    expect((await pay(taken.body.order_id)).body.status).toBe('succeeded');
    await untilStatus(taken.body.order_id, 'paid');
    expect((await call('checkout', people.a, { cancel_order: taken.body.order_id })).body).toEqual({ order_id: taken.body.order_id, status: 'paid' });
    expect(await redemptions(code.id)).toBe(1);
  });

  it('a checkout does not outlive its code: after the code expires the discounted checkout can no longer be paid', async () => {
    const expires = new Date(Date.now() + 2 * 3600 * 1000);
    const code = await newCode({ code: 'TWOHOURS', percent_off: 20, expires_at: expires.toISOString() });
    const res = await call('checkout', people.a, cart(P.top, { discount_code: 'TWOHOURS' }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const order = await orderOf(res.body.order_id);
    const session = await sdk.checkout.sessions.retrieve(order.provider_session_id);
    const { now } = await sandboxCall('GET', '/clock');
    // on the provider's clock the session ends when the code does (not 24 h later)
    expect(session.expires_at - now).toBeLessThanOrEqual(Math.ceil((expires.getTime() - Date.now()) / 1000) + 5);
    await sandboxCall('POST', '/clock/advance', { seconds: 2 * 3600 + 120 });
    await untilStatus(order.id, 'expired');
    expect((await pay(order.id)).body.status).toBe('expired');
    expect((await orderOf(order.id)).status).toBe('expired');
    expect(await redemptions(code.id)).toBe(0);
  });

  it('a code that expires while its checkout is paid (within Stripe’s 30-minute floor) is honoured at the price shown and counted once', async () => {
    const code = await newCode({ code: 'LASTCALL', percent_off: 25, max_redemptions: 5, expires_at: new Date(Date.now() + 3000).toISOString() });
    const res = await call('checkout', people.b, cart(P.scarf, { discount_code: 'LASTCALL' }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    await waitFor(
      'the code to expire',
      async () => (await sql('select expires_at < now() as gone from public.discount_codes where id = $1', [code.id]))[0]!.gone,
    );
    expect((await call('checkout', people.c, cart(P.scarf, { discount_code: 'LASTCALL', preview: true }))).body.error?.code).toBe('discount_expired');
    expect((await pay(res.body.order_id)).body.status).toBe('succeeded');
    await untilStatus(res.body.order_id, 'paid');
    expect(await orderOf(res.body.order_id)).toMatchObject({ total_cents: 600, discount_cents: 200 });
    expect(await redemptions(code.id)).toBe(1);
  });
});

describe('a reseller buying for themselves', () => {
  let code = '';
  beforeAll(async () => {
    const { data, error } = await people.reseller.db
      .from('partner_applications')
      .insert({
        kind: 'reseller',
        company: 'Self Shop',
        website: 'https://example.com/self',
        country: 'NL',
        audience: 'A sewing newsletter read by 12,000 home dressmakers',
        message: 'We review patterns.',
      })
      .select('id')
      .single();
    expect(error).toBeNull();
    const review = await call('partner-review', people.operator, { application_id: data!.id, decision: 'approve' });
    expect(review.status, JSON.stringify(review.body)).toBe(200);
    code = (await sql('select code from public.referral_codes where reseller_id = $1', [people.reseller.id]))[0]!.code as string;
  });
  const click = async () => (await kit.rpcAs(stack, null, 'record_referral_click', { code, path: '/patterns' })).body as string;
  const commissions = async (orderId: string) => sql(`select kind, status from public.payout_transfers where order_id = $1 and kind = 'commission'`, [orderId]);

  it('as a guest with their own email: the typed code is refused and a link click earns nothing, through checkout and the webhook', async () => {
    const g = await guest();
    const typed = await call('checkout', g, cart(P.apron, { email: people.reseller.email.toUpperCase(), partner_code: code }));
    expect(typed.status).toBe(400);
    expect(typed.body.error).toMatchObject({ code: 'partner_code_own' });

    const linked = await call('checkout', g, cart(P.apron, { email: people.reseller.email, referral: { code, click_id: await click() } }));
    expect(linked.status, JSON.stringify(linked.body)).toBe(200);
    expect((await orderOf(linked.body.order_id)).reseller_id).toBeNull();
    await pay(linked.body.order_id);
    await untilStatus(linked.body.order_id, 'paid');
    expect(await commissions(linked.body.order_id)).toEqual([]);
  });

  it('signed in: their own link earns nothing', async () => {
    const res = await call('checkout', people.reseller, cart(P.bag, { referral: { code, click_id: await click() } }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    await pay(res.body.order_id);
    await untilStatus(res.body.order_id, 'paid');
    expect((await orderOf(res.body.order_id)).reseller_id).toBeNull();
    expect(await commissions(res.body.order_id)).toEqual([]);
  });

  it('a guest order under another address earns commission until that address becomes the reseller’s account', async () => {
    const g = await guest();
    const address = `later-${crypto.randomUUID().slice(0, 8)}@payments.test`;
    const res = await call('checkout', g, cart(P.skirt, { email: address, partner_code: code }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await orderOf(res.body.order_id)).reseller_id).toBe(people.reseller.id);
    await pay(res.body.order_id);
    await untilStatus(res.body.order_id, 'paid');
    expect(await commissions(res.body.order_id)).toEqual([{ kind: 'commission', status: 'held' }]);
    const before = await people.reseller.db.from('reseller_commissions').select('order_id').eq('order_id', res.body.order_id);
    expect(before.data).toHaveLength(1);

    const { error } = await kit.serviceClient(stack).auth.admin.updateUserById(people.reseller.id, { email: address, email_confirm: true });
    expect(error).toBeNull();
    expect(await commissions(res.body.order_id)).toEqual([{ kind: 'commission', status: 'reversed' }]);
    expect((await sql('select sum(commission_cents)::int as c from public.order_items where order_id = $1', [res.body.order_id]))[0]!.c).toBe(0);
    const after = await people.reseller.db.from('reseller_commissions').select('order_id').eq('order_id', res.body.order_id);
    expect(after.data).toEqual([]);
  });
});

describe('the buyer’s country', () => {
  it('is refused unless the VAT table knows it, with a clear 400, and nothing is recorded', async () => {
    const before = (await sql('select count(*)::int as n from public.orders'))[0]!.n;
    for (const country of ['XX', 'ZZ', 'EU', 'UK']) {
      for (const preview of [true, false]) {
        const res = await call('checkout', people.a, cart(P.apron, { country, preview }));
        expect(res.status, country).toBe(400);
        expect(res.body.error.code).toBe('invalid_request');
        const message = `Stitchhouse does not sell to "${country}"; choose one of the countries in the list (an ISO code such as "DE")`;
        // the person reads the schema's words; the field is named in details (the one 400 shape)
        expect(res.body.error).toMatchObject({ message, details: { issues: [{ path: 'country', message }] } });
      }
    }
    expect((await sql('select count(*)::int as n from public.orders'))[0]!.n).toBe(before);
  });

  it('records the VAT of the table for every country it sells to, 0 % only where the table says so', async () => {
    const rows = (await (
      await fetch(`${stack.url}/rest/v1/vat_rates?select=country,rate_bp&country=in.(GB,US,NO,CH,DE)&order=country`, { headers: { apikey: stack.anonKey } })
    ).json()) as any[];
    expect(rows).toEqual([
      { country: 'CH', rate_bp: 810 },
      { country: 'DE', rate_bp: 1900 },
      { country: 'GB', rate_bp: 2000 },
      { country: 'NO', rate_bp: 2500 },
      { country: 'US', rate_bp: 0 },
    ]);
    for (const row of rows) {
      const res = await call('checkout', people.a, cart(P.apron, { country: row.country, preview: true }));
      expect(res.body.quote.vat_rate_bp, row.country).toBe(row.rate_bp);
    }
    // the database refuses an order whose country or rate the table does not hold
    const forged = await kit.serviceClient(stack).rpc('create_checkout_order', {
      p_order: {
        buyer_id: people.a.id,
        currency: 'EUR',
        subtotal_cents: 700,
        platform_fee_cents: 0,
        total_cents: 700,
        provider: 'stripe',
        vat_cents: 0,
        vat_rate_bp: 0,
        buyer_country: 'GB',
        discount_cents: 0,
      },
      p_items: [],
    });
    expect(forged.error?.message).toBe('VAT for GB is 20 % (2000 bp), not 0 bp');
  });
});

describe('a Pro plan whose card keeps failing', () => {
  /** Subscribes the store to Pro with 4242, then puts Stripe's 0341 (every charge declined) on file through the portal. */
  async function proWithFailingCard(who: Person, store: string): Promise<{ subscriptionId: string; portalUrl: string }> {
    const sub = await call('billing', who, { action: 'subscribe', store_id: store, plan: 'pro', interval: 'month' });
    expect(sub.status, JSON.stringify(sub.body)).toBe(200);
    const sessionId = /\/checkout\/(cs_[A-Za-z0-9_]+)/.exec(sub.body.url)![1]!;
    await sandboxCall('POST', `/checkout/${sessionId}/pay`, { card: '4242424242424242' });
    await waitFor('Pro', async () => (await sql('select plan from public.stores where id = $1', [store]))[0]!.plan === 'pro');
    const subscriptionId = (await sdk.checkout.sessions.retrieve(sessionId)).subscription as string;
    const portal = await call('billing', who, { action: 'portal', store_id: store });
    expect(await saveCard(portal.body.url, '4000000000000341')).toBe(303);
    return { subscriptionId, portalUrl: portal.body.url };
  }
  const saveCard = async (portalUrl: string, number: string) =>
    (
      await fetch(`${portalUrl}/card`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ number, expiry: `12 / ${String(new Date().getUTCFullYear() + 2).slice(-2)}`, cvc: '123', name: 'Owner' }),
      })
    ).status;
  const toPeriodEnd = async (subscriptionId: string) => {
    const end = (await sdk.subscriptions.retrieve(subscriptionId)).items.data[0]!.current_period_end;
    await sandboxCall('POST', '/clock/advance', { seconds: end - (await sandboxCall('GET', '/clock')).now + 60 });
    await idle();
  };

  it('a card updated after the failure pays at the next retry: active again, still Pro, no plan-ended mail', async () => {
    const { subscriptionId, portalUrl } = await proWithFailingCard(people.designer, storeId);
    await toPeriodEnd(subscriptionId);
    expect((await sdk.subscriptions.retrieve(subscriptionId)).status).toBe('past_due');
    await waitFor('the payment-failed mail', async () =>
      (await kit.inbox(stack, people.designer.email)).find((m) => m.subject === 'Hardening Studio: the payment for your Pro plan failed'),
    );
    expect(await saveCard(portalUrl, '4242424242424242')).toBe(303);
    await sandboxCall('POST', '/clock/advance', { seconds: 86400 + 60 });
    await idle();
    const recovered = await sdk.subscriptions.retrieve(subscriptionId, { expand: ['latest_invoice'] });
    expect(recovered.status).toBe('active');
    expect(recovered.latest_invoice).toMatchObject({ status: 'paid', attempt_count: 2, next_payment_attempt: null });
    expect((await sql('select plan from public.stores where id = $1', [storeId]))[0]!.plan).toBe('pro');
    expect((await kit.inbox(stack, people.designer.email)).filter((m) => /Free plan again/.test(m.subject))).toEqual([]);
  });

  it('follows Stripe’s retries to the end: payment-failed mail with a link to update the card, then canceled, Free and a plan-ended mail', async () => {
    const { subscriptionId } = await proWithFailingCard(people.owner, ownerStore);
    await toPeriodEnd(subscriptionId);
    const overdue = await sdk.subscriptions.retrieve(subscriptionId, { expand: ['latest_invoice'] });
    expect(overdue.status).toBe('past_due');
    const invoice = overdue.latest_invoice as Stripe.Invoice;
    expect(invoice).toMatchObject({ status: 'open', attempt_count: 1, next_payment_attempt: expect.any(Number) });
    expect((await sql('select plan from public.stores where id = $1', [ownerStore]))[0]!.plan).toBe('pro');
    const failedMail = await waitFor('the payment-failed mail', async () =>
      (await kit.inbox(stack, people.owner.email)).find((m) => /payment for your Pro plan failed/.test(m.subject)),
    );
    expect(failedMail.subject).toBe('Owner Studio: the payment for your Pro plan failed');
    expect(failedMail.text).toContain('http://localhost:3000/payment/subscription');
    expect(failedMail.text).toMatch(/update your card/i);

    // two weeks of retries on the sandbox's clock
    for (let day = 0; day < 15; day++) await sandboxCall('POST', '/clock/advance', { seconds: 86400 });
    await idle();
    const ended = await sdk.subscriptions.retrieve(subscriptionId, { expand: ['latest_invoice'] });
    expect(ended).toMatchObject({ status: 'canceled', cancellation_details: { reason: 'payment_failed' } });
    expect(ended.latest_invoice as Stripe.Invoice).toMatchObject({ attempt_count: 8, next_payment_attempt: null });
    const failures = (await sdk.events.list({ type: 'invoice.payment_failed', limit: 100 })).data.filter(
      (e) => (e.data.object as Stripe.Invoice).id === invoice.id,
    );
    expect(failures).toHaveLength(8);
    const updates = (await sdk.events.list({ type: 'customer.subscription.updated', limit: 100 })).data
      .filter((e) => (e.data.object as Stripe.Subscription).id === subscriptionId)
      .map((e) => (e.data.object as Stripe.Subscription).status);
    expect(updates).toContain('past_due');
    expect(
      (await sdk.events.list({ type: 'customer.subscription.deleted', limit: 100 })).data.some(
        (e) => (e.data.object as Stripe.Subscription).id === subscriptionId,
      ),
    ).toBe(true);

    await waitFor('Free', async () => (await sql('select plan from public.stores where id = $1', [ownerStore]))[0]!.plan === 'free');
    expect((await sql('select status from public.subscriptions where provider_subscription_id = $1', [subscriptionId]))[0]!.status).toBe('canceled');
    const endedMail = await waitFor('the plan-ended mail', async () =>
      (await kit.inbox(stack, people.owner.email)).find((m) => /Free plan again/.test(m.subject)),
    );
    expect(endedMail.subject).toBe('Owner Studio is on the Free plan again');
    expect(endedMail.text).toMatch(/payments .*failed/i);
    expect(endedMail.text).toContain('http://localhost:3000/payment/subscription');
    // one of each, whatever Stripe redelivered
    const mails = await kit.inbox(stack, people.owner.email);
    expect(mails.filter((m) => m.subject === failedMail.subject)).toHaveLength(1);
    expect(mails.filter((m) => m.subject === endedMail.subject)).toHaveLength(1);
  }, 120_000);
});
