// The fee copy, the Pro billing switch and the wallets, through the real functions gateway, the official Stripe SDK
// and real tokens on the embedded Stripe sandbox:
// - the fee copy (saleExample / describeSaleExample of shared/src/pricing.ts) says what a real
//   checkout of that price to that country charges and pays each designer;
// - a Pro store switches monthly ↔ yearly through the billing function (subscriptions.update with
//   items[0][price] and proration_behavior, as Stripe's portal does): charged at once less the
//   unused time, a credit kept on the customer's balance the other way, the webhook moves the
//   row, a declined card changes nothing, only the owner may; the sandbox refuses what Stripe does;
//   the owner's change of language reaches the billing customer (preferred_locales);
// - checkout allows cards (with Apple Pay and Google Pay) and PayPal as Stripe's dynamic payment
//   methods take it (allowed_payment_method_types), and a wallet payment on the hosted page
//   fulfils the order like a card.
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../../../backend/test/harness.ts';
import { signedInPeople, stripeSandboxCall, type Person } from '../../../backend/test/payments-people.ts';
import { describeSaleExample, formatMoney, planPrice, saleExample } from '../../../shared/src/pricing.ts';
import * as kit from '../../../shared/src/testing/kit.ts';

let stack: TestStack;
let sdk: Stripe;
let people: Record<'buyer' | 'freeDesigner' | 'proDesigner' | 'stranger', Person>;
const S = { free: '', pro: '', strangers: '' };
const P = { free: '', pro: '', wallet: '', paypal: '' };

async function sql(text: string, values: unknown[] = []) {
  return (await stack.pool.query(text, values)).rows;
}
const call = (fn: string, who: Person | null, body: unknown) => kit.callFunction(stack, fn, who?.token ?? null, body);
const sandboxCall = (method: string, path: string, body?: unknown) => stripeSandboxCall(stack, method, path, body);
const idle = () => sandboxCall('GET', '/webhooks/idle?timeout_ms=30000');

async function stripeError(promise: Promise<unknown>): Promise<Stripe.errors.StripeError> {
  try {
    await promise;
  } catch (err) {
    return err as Stripe.errors.StripeError;
  }
  throw new Error('the Stripe call succeeded');
}

async function checkout(who: Person, patternIds: string[], country: string): Promise<{ orderId: string; sessionId: string }> {
  const res = await call('checkout', who, { items: patternIds.map((id) => ({ pattern_id: id, quantity: 1, kind: 'digital' })), country });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const [order] = await sql('select provider_session_id from public.orders where id = $1', [res.body.order_id]);
  return { orderId: res.body.order_id as string, sessionId: order!.provider_session_id as string };
}

const untilPaid = (orderId: string) =>
  kit.waitFor(`order ${orderId} paid`, async () => (await sql('select status from public.orders where id = $1', [orderId]))[0]!.status === 'paid');

/** A hosted page's form post, as the browser sends it (no redirects followed). */
async function postForm(url: string, fields: Record<string, string>): Promise<Response> {
  return fetch(url, { method: 'POST', body: new URLSearchParams(fields), redirect: 'manual' });
}

beforeAll(async () => {
  stack = await startTestStack({ seed: false, stripe: { retry: { baseMs: 200, maxMs: 1_000, maxAttempts: 12 } } });
  if (!stack.stripe) throw new Error('the test stack has no Stripe sandbox');
  const url = new URL(stack.stripe.url);
  sdk = new Stripe(stack.stripe.secretKey, { host: url.hostname, port: Number(url.port), protocol: 'http' });
  people = await signedInPeople(stack, ['buyer', 'freeDesigner', 'proDesigner', 'stranger']);
  const stores = await sql(
    `insert into public.stores (owner_id, slug, kind, name, currency, plan, country) values
      ($1, 'bs-free', 'designer', 'Free Studio', 'EUR', 'free', 'IE'), ($2, 'bs-pro', 'designer', 'Pro Studio', 'EUR', 'pro', 'DE'),
      ($3, 'bs-stranger', 'designer', 'Stranger Studio', 'EUR', 'free', 'FR')
    returning id`,
    [people.freeDesigner.id, people.proDesigner.id, people.stranger.id],
  );
  [S.free, S.pro, S.strangers] = stores.map((s) => s.id as string) as [string, string, string];
  const example = saleExample();
  const patterns = await sql(
    `insert into public.patterns (store_id, title, craft, category, status, price_cents, currency) values
      ($1, 'Example Dress', 'sewing', 'dress', 'published', $3, 'EUR'), ($2, 'Example Coat', 'sewing', 'coat', 'published', $3, 'EUR'),
      ($1, 'Wallet Top', 'sewing', 'top', 'published', 1500, 'EUR'), ($1, 'PayPal Skirt', 'sewing', 'skirt', 'published', 900, 'EUR')
    returning id`,
    [S.free, S.pro, example.amountCents],
  );
  [P.free, P.pro, P.wallet, P.paypal] = patterns.map((p) => p.id as string) as [string, string, string, string];
}, 180_000);

afterAll(async () => {
  await stack?.stop();
});

describe('the fee copy', () => {
  it('names the VAT, fee and share a real checkout of that price to that country charges and pays', async () => {
    const example = saleExample();
    expect(example).toMatchObject({ amountCents: 1200, currency: 'EUR', country: 'DE', countryName: 'Germany', vatRateBp: 1900 });
    const { orderId, sessionId } = await checkout(people.buyer, [P.free, P.pro], example.country);
    // the buyer pays on the hosted page from the example's country
    expect((await sandboxCall('POST', `/checkout/${sessionId}/pay`, { card: '4242424242424242', country: example.country })).status).toBe('succeeded');
    await untilPaid(orderId);
    const lines = await sql(
      `select i.store_id, i.vat_cents, i.platform_fee_cents, t.amount_cents as paid_to_designer
        from public.order_items i join public.payout_transfers t on t.order_item_id = i.id and t.kind = 'designer_share'
       where i.order_id = $1`,
      [orderId],
    );
    const byPlan = { free: lines.find((l) => l.store_id === S.free)!, pro: lines.find((l) => l.store_id === S.pro)! };
    const text = describeSaleExample(example);
    const m = (cents: number) => formatMoney(cents, example.currency);
    expect(text).toContain(`A ${m(1200)} sale to a buyer in Germany: VAT ${m(example.vatCents)} (19 %, included in the price)`);
    for (const plan of example.plans) {
      const line = byPlan[plan.planId];
      expect(line.vat_cents).toBe(example.vatCents);
      expect(line.platform_fee_cents).toBe(plan.platformFeeCents);
      expect(line.paid_to_designer).toBe(plan.designerShareCents);
      expect(text).toContain(m(plan.platformFeeCents));
      expect(text).toMatch(
        new RegExp(
          `${plan.planName}[^;]*keep ${m(plan.designerShareCents).replace('.', '\\.')}|keep ${m(plan.designerShareCents).replace('.', '\\.')} on ${plan.planName}`,
        ),
      );
    }
    // the Stripe charge is the price itself: VAT is inside it, not added
    const session = await sdk.checkout.sessions.retrieve(sessionId);
    expect(session.amount_total).toBe(2 * example.amountCents);
    expect(session.total_details?.amount_tax).toBe(2 * example.vatCents);
  });
});

describe('switching between monthly and yearly', () => {
  let subscriptionId = '';
  let customerId = '';

  it('refuses a switch without a subscription, and anyone but the owner', async () => {
    const none = await call('billing', people.stranger, { action: 'switch', store_id: S.strangers, interval: 'year' });
    expect(none.status, JSON.stringify(none.body)).toBe(409);
    expect(none.body.error.code).toBe('no_subscription');
    const bad = await call('billing', people.stranger, { action: 'switch', store_id: S.strangers, interval: 'weekly' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('invalid_request');
  });

  it('charges the yearly price less the unused month at once, and the webhook moves the plan to yearly', async () => {
    // a German owner: the billing customer gets preferred_locales ['de'], and Stripe writes its invoice lines in German
    await sql(`update public.profiles set locale = 'de' where id = $1`, [people.freeDesigner.id]);
    const res = await call('billing', people.freeDesigner, { action: 'subscribe', store_id: S.free, plan: 'pro', interval: 'month' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const sessionId = /\/checkout\/(cs_[A-Za-z0-9_]+)/.exec(res.body.url)![1]!;
    expect((await sandboxCall('POST', `/checkout/${sessionId}/pay`, { card: '4242424242424242', country: 'IE' })).status).toBe('succeeded');
    subscriptionId = (await sdk.checkout.sessions.retrieve(sessionId)).subscription as string;
    await kit.waitFor(
      'the monthly subscription row',
      async () =>
        (await sql(`select "interval" from public.subscriptions where provider_subscription_id = $1 and status = 'active'`, [subscriptionId]))[0]?.interval ===
        'month',
    );

    expect((await call('billing', people.stranger, { action: 'switch', store_id: S.free, interval: 'year' })).status).toBe(403);
    const same = await call('billing', people.freeDesigner, { action: 'switch', store_id: S.free, interval: 'month' });
    expect(same.status).toBe(409);
    expect(same.body.error.code).toBe('same_interval');

    // a declined card changes nothing and says so: the owner saves a card that attaches but whose
    // charges fail (4000 0000 0000 0341) in the portal, then one that pays
    const portal = await call('billing', people.freeDesigner, { action: 'portal', store_id: S.free });
    expect(portal.status).toBe(200);
    const card = (number: string) => postForm(`${portal.body.url}/card`, { number, expiry: '12 / 40', cvc: '123', name: 'Studio Owner' });
    expect((await card('4000000000000341')).status).toBe(303);
    const refused = await call('billing', people.freeDesigner, { action: 'switch', store_id: S.free, interval: 'year' });
    expect(refused.status, JSON.stringify(refused.body)).toBe(402);
    expect(refused.body.error.code).toBe('card_declined');
    expect(refused.body.error.message).toMatch(/declined/i);
    const unchanged = await sdk.subscriptions.retrieve(subscriptionId);
    expect(unchanged.items.data[0]!.price.recurring?.interval).toBe('month');
    expect(unchanged.status).toBe('active');
    expect((await card('4242424242424242')).status).toBe(303);

    // ten days into the month
    await sandboxCall('POST', '/clock/advance', { seconds: 10 * 86400 });
    const before = await sdk.subscriptions.retrieve(subscriptionId);
    const item = before.items.data[0]!;
    const { now } = await sandboxCall('GET', '/clock');
    const monthly = planPrice('pro', 'month', 'EUR');
    const yearly = planPrice('pro', 'year', 'EUR');
    const unused = Math.round((monthly * (item.current_period_end - now)) / (item.current_period_end - item.current_period_start));

    const switched = await call('billing', people.freeDesigner, { action: 'switch', store_id: S.free, interval: 'year' });
    expect(switched.status, JSON.stringify(switched.body)).toBe(200);
    expect(switched.body).toMatchObject({ interval: 'year', currency: 'EUR' });
    expect(Math.abs(switched.body.credit_cents - unused)).toBeLessThanOrEqual(1);
    expect(switched.body.charged_cents).toBe(yearly - switched.body.credit_cents);

    const after = await sdk.subscriptions.retrieve(subscriptionId, { expand: ['latest_invoice'] });
    customerId = after.customer as string;
    expect(after.items.data[0]!.price.recurring?.interval).toBe('year');
    expect(after.items.data[0]!.id).toBe(item.id);
    expect(after.billing_cycle_anchor).toBeGreaterThanOrEqual(now);
    expect(Date.parse(switched.body.current_period_end) / 1000).toBe(after.items.data[0]!.current_period_end);
    const invoice = after.latest_invoice as Stripe.Invoice;
    expect(invoice).toMatchObject({ billing_reason: 'subscription_update', status: 'paid', amount_paid: switched.body.charged_cents });
    const credit = invoice.lines.data.find((l) => l.amount < 0)!;
    expect(credit.amount).toBe(-switched.body.credit_cents);
    expect(credit.parent?.subscription_item_details?.proration).toBe(true);
    expect(credit.description).toMatch(/^Nicht genutzte Zeit für 1 × .+ nach dem \d{1,2}\. \p{L}+\.? \d{4}$/u);
    expect(invoice.lines.data.find((l) => l.amount > 0)!.amount).toBe(yearly);

    await kit.waitFor(
      'the subscription row on yearly',
      async () => (await sql('select "interval" from public.subscriptions where provider_subscription_id = $1', [subscriptionId]))[0]?.interval === 'year',
    );
    expect(await sql('select plan from public.stores where id = $1', [S.free])).toEqual([{ plan: 'pro' }]);
  });

  it('back to monthly: nothing is charged, the unused year stays as credit on the customer', async () => {
    const back = await call('billing', people.freeDesigner, { action: 'switch', store_id: S.free, interval: 'month' });
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    expect(back.body).toMatchObject({ interval: 'month', charged_cents: 0 });
    const monthly = planPrice('pro', 'month', 'EUR');
    const customer = (await sdk.customers.retrieve(customerId)) as Stripe.Customer;
    expect(customer.balance).toBe(monthly - back.body.credit_cents);
    expect(customer.balance).toBeLessThan(0);
    const after = await sdk.subscriptions.retrieve(subscriptionId, { expand: ['latest_invoice'] });
    expect(after.latest_invoice as Stripe.Invoice).toMatchObject({ amount_due: 0, status: 'paid', ending_balance: customer.balance });
    await kit.waitFor(
      'the subscription row on monthly',
      async () => (await sql('select "interval" from public.subscriptions where provider_subscription_id = $1', [subscriptionId]))[0]?.interval === 'month',
    );
    await idle();
  });

  it('the sandbox takes Stripe’s update parameters and refuses what Stripe refuses', async () => {
    const sub = await sdk.subscriptions.retrieve(subscriptionId);
    const item = sub.items.data[0]!;
    const unknown = await stripeError(
      sdk.subscriptions.update(subscriptionId, {
        items: [{ id: item.id, price: item.price.id, colour: 'blue' }],
      } as unknown as Stripe.SubscriptionUpdateParams),
    );
    expect(unknown).toMatchObject({ statusCode: 400, code: 'parameter_unknown', param: 'items[0][colour]' });
    const behaviour = await stripeError(sdk.subscriptions.update(subscriptionId, { proration_behavior: 'sometimes' as 'none' }));
    expect(behaviour).toMatchObject({ statusCode: 400, param: 'proration_behavior' });
    const payment = await stripeError(sdk.subscriptions.update(subscriptionId, { payment_behavior: 'sometimes' as 'allow_incomplete' }));
    expect(payment).toMatchObject({ statusCode: 400, param: 'payment_behavior' });
    const otherCurrency = await sdk.prices.create({ currency: 'gbp', unit_amount: 800, recurring: { interval: 'year' }, product_data: { name: 'GBP plan' } });
    const currency = await stripeError(sdk.subscriptions.update(subscriptionId, { items: [{ id: item.id, price: otherCurrency.id }] }));
    expect(currency).toMatchObject({ statusCode: 400, param: 'items[0][price]' });
  });

  it('the owner changing language moves their billing customer to it: the next invoice Stripe writes is in French', async () => {
    // as the language control saves it: the member's own profile row under row-level security, then the billing function
    const saved = await people.freeDesigner.db.from('profiles').update({ locale: 'fr' }).eq('id', people.freeDesigner.id);
    expect(saved.error).toBeNull();
    const followed = await call('billing', people.freeDesigner, { action: 'language' });
    expect(followed.status, JSON.stringify(followed.body)).toBe(200);
    expect(followed.body).toEqual({ customers: 1 });
    expect(((await sdk.customers.retrieve(customerId)) as Stripe.Customer).preferred_locales).toEqual(['fr']);
    // a member without a store on a plan has nothing to follow; a visitor is refused
    expect((await call('billing', people.buyer, { action: 'language' })).body).toEqual({ customers: 0 });
    expect((await call('billing', null, { action: 'language' })).status).toBe(401);

    await sandboxCall('POST', '/clock/advance', { seconds: 3 * 86400 });
    const switched = await call('billing', people.freeDesigner, { action: 'switch', store_id: S.free, interval: 'year' });
    expect(switched.status, JSON.stringify(switched.body)).toBe(200);
    const invoice = (await sdk.subscriptions.retrieve(subscriptionId, { expand: ['latest_invoice'] })).latest_invoice as Stripe.Invoice;
    expect(invoice.lines.data.find((l) => l.amount < 0)!.description).toMatch(/^Temps non utilisé sur 1 × /);
    await idle();
  });
});

describe('wallets at checkout', () => {
  it('allows cards (Apple Pay, Google Pay) and PayPal as Stripe’s dynamic payment methods take them', async () => {
    const { sessionId } = await checkout(people.buyer, [P.wallet], 'FR');
    const session = await sdk.checkout.sessions.retrieve(sessionId);
    expect(session.allowed_payment_method_types).toEqual(['card', 'paypal']);
    expect(session.payment_method_types).toEqual(['card', 'paypal']);
    expect(session.payment_method_configuration_details?.id).toMatch(/^pmc_/);
    // the hosted page offers the wallets above the card form, as Stripe's does
    const page = await (await fetch(session.url!)).text();
    expect(page).toMatch(/Apple Pay/);
    expect(page).toMatch(/Google Pay/);
    expect(page).toMatch(/PayPal/);
  });

  it('a Google Pay payment on the hosted page fulfils the order like a card', async () => {
    const { orderId, sessionId } = await checkout(people.buyer, [P.wallet], 'FR');
    const session = await sdk.checkout.sessions.retrieve(sessionId);
    const paid = await postForm(`${session.url}/wallet`, { wallet: 'google_pay', country: 'FR' });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toContain('/payment/success');
    await untilPaid(orderId);
    const done = await sdk.checkout.sessions.retrieve(sessionId, { expand: ['payment_intent.latest_charge'] });
    const charge = (done.payment_intent as Stripe.PaymentIntent).latest_charge as Stripe.Charge;
    expect(charge.payment_method_details?.type).toBe('card');
    expect(charge.payment_method_details?.card?.wallet?.type).toBe('google_pay');
    expect(done.customer_details?.address?.country).toBe('FR');
    expect(
      await sql('select count(*)::int as n from public.entitlements where user_id = $1 and pattern_id = $2 and revoked_at is null', [
        people.buyer.id,
        P.wallet,
      ]),
    ).toEqual([{ n: 1 }]);
  });

  it('PayPal: approved on PayPal’s page, then fulfilled; cancelled there, nothing is charged', async () => {
    const { orderId, sessionId } = await checkout(people.buyer, [P.paypal], 'DE');
    const session = await sdk.checkout.sessions.retrieve(sessionId);
    const toPaypal = await postForm(`${session.url}/wallet`, { wallet: 'paypal', country: 'DE' });
    expect(toPaypal.status).toBe(303);
    const approveUrl = new URL(toPaypal.headers.get('location')!, session.url!).toString();
    const paypalPage = await (await fetch(approveUrl)).text();
    expect(paypalPage).toMatch(/Approve and pay/);
    // the page's form carries the country the buyer chose on the payment page
    expect(paypalPage).toMatch(/name="country" value="DE"/);
    const cancelled = await postForm(approveUrl, { outcome: 'cancel', country: 'DE' });
    expect(cancelled.status).toBe(303);
    expect((await sdk.checkout.sessions.retrieve(sessionId)).status).toBe('open');
    const approved = await postForm(approveUrl, { outcome: 'approve', country: 'DE' });
    expect(approved.status).toBe(303);
    expect(approved.headers.get('location')).toContain('/payment/success');
    await untilPaid(orderId);
    const done = await sdk.checkout.sessions.retrieve(sessionId, { expand: ['payment_intent.latest_charge'] });
    const charge = (done.payment_intent as Stripe.PaymentIntent).latest_charge as Stripe.Charge;
    expect(charge.payment_method_details?.type).toBe('paypal');
    expect(charge.payment_method_details?.paypal?.payer_email).toBe(people.buyer.email);
    expect(done.total_details?.amount_tax).toBe(saleExample(900, 'EUR', 'DE').vatCents);
  });

  it('the sandbox refuses payment method types it does not know or offer', async () => {
    const base = {
      mode: 'payment' as const,
      success_url: 'http://localhost/ok',
      line_items: [{ quantity: 1, price_data: { currency: 'eur', unit_amount: 500, product_data: { name: 'x' } } }],
    };
    const bogus = await stripeError(sdk.checkout.sessions.create({ ...base, allowed_payment_method_types: ['bogus'] }));
    expect(bogus).toMatchObject({ statusCode: 400, param: 'allowed_payment_method_types[0]' });
    const none = await stripeError(sdk.checkout.sessions.create({ ...base, allowed_payment_method_types: ['card'], excluded_payment_method_types: ['card'] }));
    expect(none).toMatchObject({ statusCode: 400 });
    const pmc = await stripeError(sdk.checkout.sessions.create({ ...base, payment_method_configuration: 'pmc_nope' }));
    expect(pmc).toMatchObject({ statusCode: 404, param: 'payment_method_configuration' });
    const cardOnly = await sdk.checkout.sessions.create({ ...base, excluded_payment_method_types: ['paypal'] });
    expect(cardOnly.payment_method_types).toEqual(['card']);
    expect(await (await fetch(cardOnly.url!)).text()).not.toMatch(/PayPal/);
  });

  it('the hosted pages have an icon: no /favicon.ico 404', async () => {
    const icon = await fetch(`${stack.stripe!.url}/favicon.ico`);
    expect(icon.status).toBe(200);
    expect(icon.headers.get('content-type')).toMatch(/^image\//);
  });
});
