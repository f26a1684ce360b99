// The sandbox's hosted pages as a browser uses them (form POSTs, 303 redirects): checkout with
// the test cards and 3-D Secure, expiry by the sandbox clock, Connect onboarding links (single
// use, expiring → refresh_url), the billing portal (switch, cancel, resume) and subscription
// periods ending on the clock (renewal → invoice.paid, cancel → customer.subscription.deleted).
import type Stripe from 'stripe';
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

const thisYear = new Date().getUTCFullYear();
const card = (number: string) => ({ number, expiry: `12 / ${String(thisYear + 2).slice(-2)}`, cvc: '123', name: 'Ada Buyer', country: 'FR' });

async function open(path: string): Promise<Response> {
  return fetch(`${h.pages}${path}`, { redirect: 'manual' });
}

async function submit(path: string, fields: Record<string, string>): Promise<Response> {
  return fetch(`${h.pages}${path}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields),
  });
}

describe('hosted checkout', () => {
  it('is an accessible page with a strict CSP', async () => {
    const session = await paymentSession(h.stripe, 1250);
    const res = await open(`/checkout/${session.id}`);
    expect(res.status).toBe(200);
    const csp = res.headers.get('content-security-policy')!;
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("form-action 'self' http://localhost:3000");
    const page = await res.text();
    expect(page).toContain('<html lang="en">');
    expect(page).toMatch(/<title>Pay Stitchhouse/);
    for (const id of ['number', 'expiry', 'cvc', 'name', 'country']) expect(page).toContain(`<label for="${id}">`);
    expect(page).toContain('Wrap dress pattern');
    expect(page).toContain('Pay €12.50');
    expect(page).toContain('Cancel and return to Stitchhouse');
    const style = await open('/assets/sandbox.css');
    expect(style.headers.get('content-type')).toContain('text/css');
  });

  it('4242 pays and redirects to success_url with the session id', async () => {
    const session = await paymentSession(h.stripe, 1250);
    const res = await submit(`/checkout/${session.id}`, card('4242 4242 4242 4242'));
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`http://localhost:3000/payment/success?order=order-1&session=${session.id}`);
    const paid = await h.stripe.checkout.sessions.retrieve(session.id);
    expect(paid).toMatchObject({
      status: 'complete',
      payment_status: 'paid',
      customer_details: { email: 'buyer@example.com', name: 'Ada Buyer', address: { country: 'FR' } },
    });
    expect((await open(`/checkout/${session.id}`)).status).toBe(200);
  });

  it('a declined card shows the error, focused, and the buyer can pay with another card', async () => {
    const session = await paymentSession(h.stripe, 990);
    const declined = await submit(`/checkout/${session.id}`, card('4000 0000 0000 0002'));
    expect(declined.status).toBe(402);
    const page = await declined.text();
    expect(page).toMatch(/<title>Error: /);
    expect(page).toMatch(/role="alert"[^>]*autofocus/);
    expect(page).toContain('Your card was declined.');
    const paid = await submit(`/checkout/${session.id}`, card('4242424242424242'));
    expect(paid.status).toBe(303);
    await h.receiver.waitFor(() =>
      h.receiver.received('payment_intent.payment_failed').some((e) => (e.data.object as Stripe.PaymentIntent).metadata.order_id === 'order-1'),
    );
  });

  it('bad input is reported on its field without charging', async () => {
    const session = await paymentSession(h.stripe, 990);
    const wrong = await submit(`/checkout/${session.id}`, card('4242 4242 4242 4241'));
    expect(wrong.status).toBe(400);
    const page = await wrong.text();
    expect(page).toMatch(/id="number"[^>]*aria-invalid="true" autofocus aria-describedby="number-hint number-error"/);
    expect(page).toContain('Your card number is invalid.');
    const expiry = await submit(`/checkout/${session.id}`, { ...card('4242424242424242'), expiry: '13/30' });
    expect(await expiry.text()).toMatch(/id="expiry"[^>]*aria-invalid="true"/);
    expect((await h.stripe.checkout.sessions.retrieve(session.id)).payment_intent).toBeNull();
  });

  it("asks for the email when the session has none, and shows the customer's when it has one", async () => {
    const anonymous = await paymentSession(h.stripe, 800, { customer_email: undefined });
    const page = await (await open(`/checkout/${anonymous.id}`)).text();
    expect(page).toContain('<label for="email">Email</label>');
    const noEmail = await submit(`/checkout/${anonymous.id}`, card('4242424242424242'));
    expect(noEmail.status).toBe(400);
    expect(await noEmail.text()).toMatch(/id="email"[^>]*aria-invalid="true" autofocus/);
    const paid = await submit(`/checkout/${anonymous.id}`, { ...card('4242424242424242'), email: 'walk-in@example.com' });
    expect(paid.status).toBe(303);
    expect((await h.stripe.checkout.sessions.retrieve(anonymous.id)).customer_details!.email).toBe('walk-in@example.com');

    const customer = await h.stripe.customers.create({ email: 'known@example.com' });
    const known = await paymentSession(h.stripe, 800, { customer_email: undefined, customer: customer.id });
    const knownPage = await (await open(`/checkout/${known.id}`)).text();
    expect(knownPage).not.toContain('<label for="email">');
    expect(knownPage).toContain('Receipt to <strong>known@example.com</strong>');
  });

  it('3-D Secure: Fail shows payment_intent_authentication_failure, Complete pays', async () => {
    const session = await paymentSession(h.stripe, 4400);
    const challenge = await submit(`/checkout/${session.id}`, card('4000 0025 0000 3155'));
    expect(challenge.status).toBe(303);
    expect(challenge.headers.get('location')).toBe(`/checkout/${session.id}/authenticate`);
    const page = await (await open(`/checkout/${session.id}/authenticate`)).text();
    expect(page).toContain('Complete authentication');
    expect(page).toContain('Fail authentication');
    const intentId = (await h.stripe.checkout.sessions.retrieve(session.id)).payment_intent as string;
    expect((await h.stripe.paymentIntents.retrieve(intentId)).status).toBe('requires_action');

    const failed = await submit(`/checkout/${session.id}/authenticate`, { outcome: 'fail' });
    expect(failed.status).toBe(402);
    expect(await failed.text()).toContain('We are unable to authenticate your payment method.');
    const intent = await h.stripe.paymentIntents.retrieve(intentId);
    expect(intent).toMatchObject({ status: 'requires_payment_method', last_payment_error: { code: 'payment_intent_authentication_failure' } });

    await submit(`/checkout/${session.id}`, card('4000002500003155'));
    const done = await submit(`/checkout/${session.id}/authenticate`, { outcome: 'complete' });
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toContain('/payment/success');
    const charge = await h.stripe.charges.retrieve((await h.stripe.paymentIntents.retrieve(intentId)).latest_charge as string);
    expect(charge.payment_method_details!.card!.three_d_secure).toMatchObject({ result: 'authenticated' });
  });

  it("a German session's page says every decline and card error in German; the API keeps Stripe's codes and English message", async () => {
    const session = await paymentSession(h.stripe, 1500, { locale: 'de' });
    const alert = async (res: Response) => /role="alert"[^>]*>([\s\S]*?)<\/div>/.exec(await res.text())?.[1] ?? '';
    const declined = await submit(`/checkout/${session.id}`, card('4000 0000 0000 0002'));
    expect(declined.status).toBe(402);
    const declinedAlert = await alert(declined);
    expect(declinedAlert).toContain('Deine Karte wurde abgelehnt.');
    expect(declinedAlert).not.toContain('declined');
    const intentId = (await h.stripe.checkout.sessions.retrieve(session.id)).payment_intent as string;
    expect((await h.stripe.paymentIntents.retrieve(intentId)).last_payment_error).toMatchObject({
      type: 'card_error',
      code: 'card_declined',
      decline_code: 'generic_decline',
      message: 'Your card was declined.',
    });
    for (const [number, words, code] of [
      ['4000 0000 0000 9995', 'Deine Karte ist nicht ausreichend gedeckt.', 'insufficient_funds'],
      ['4000 0000 0000 0069', 'Deine Karte ist abgelaufen.', 'expired_card'],
      ['4000 0000 0000 0127', 'Der Sicherheitscode deiner Karte ist falsch.', 'incorrect_cvc'],
      ['4000 0000 0000 0119', 'Beim Verarbeiten deiner Karte ist ein Fehler aufgetreten.', 'processing_error'],
      ['4111 1111 1111 1111', 'Diese Zahlung läuft im Testmodus, du hast aber eine echte Karte verwendet.', 'test_mode_live_card'],
    ] as const) {
      const res = await submit(`/checkout/${session.id}`, card(number));
      expect(res.status, number).toBe(402);
      expect(await alert(res), number).toContain(words);
      expect((await h.stripe.paymentIntents.retrieve(intentId)).last_payment_error, number).toMatchObject({ decline_code: code });
    }
    const fieldError = async (res: Response) => /class="field-error"[^>]*>([^<]*)</.exec(await res.text())?.[1];
    expect(await fieldError(await submit(`/checkout/${session.id}`, card('4242 4242 4242 4241')))).toBe('Deine Kartennummer ist ungültig.');
    expect(await fieldError(await submit(`/checkout/${session.id}`, card('4242 4242')))).toBe('Deine Kartennummer ist unvollständig.');
    expect(await fieldError(await submit(`/checkout/${session.id}`, { ...card('4242424242424242'), expiry: `12 / ${String(thisYear - 1).slice(-2)}` }))).toBe(
      'Das Ablaufjahr deiner Karte liegt in der Vergangenheit.',
    );
    expect(await fieldError(await submit(`/checkout/${session.id}`, { ...card('4242424242424242'), cvc: '1' }))).toBe(
      'Der Sicherheitscode deiner Karte ist unvollständig.',
    );

    // 3-D Secure failed: German on the page, payment_intent_authentication_failure in English through the API
    expect((await submit(`/checkout/${session.id}`, card('4000 0025 0000 3155'))).status).toBe(303);
    const failed = await submit(`/checkout/${session.id}/authenticate`, { outcome: 'fail' });
    expect(failed.status).toBe(402);
    expect(await alert(failed)).toContain('Wir konnten deine Zahlungsmethode nicht bestätigen.');
    expect((await h.stripe.paymentIntents.retrieve(intentId)).last_payment_error).toMatchObject({
      code: 'payment_intent_authentication_failure',
      message: expect.stringContaining('We are unable to authenticate your payment method.'),
    });

    const anonymous = await paymentSession(h.stripe, 800, { customer_email: undefined, locale: 'fr' });
    expect(await fieldError(await submit(`/checkout/${anonymous.id}`, card('4242424242424242')))).toBe('Saisissez votre adresse e-mail.');
  });

  it('a session past expires_at on the sandbox clock says it has expired and sends checkout.session.expired', async () => {
    const session = await paymentSession(h.stripe, 500, { expires_at: Math.floor(Date.now() / 1000) + 31 * 60 });
    const moved = await h.sandbox<{ expired_sessions: number }>('/clock/advance', { seconds: 32 * 60 });
    expect(moved.expired_sessions).toBeGreaterThanOrEqual(1);
    const page = await open(`/checkout/${session.id}`);
    expect(page.status).toBe(410);
    const text = await page.text();
    expect(text).toContain('This checkout has expired');
    expect(text).toContain('href="http://localhost:3000/payment/error?order=order-1&amp;reason=cancelled"');
    expect((await h.stripe.checkout.sessions.retrieve(session.id)).status).toBe('expired');
    await h.receiver.waitFor(() => h.receiver.received('checkout.session.expired').some((e) => (e.data.object as Stripe.Checkout.Session).id === session.id));
    // after the clock moved, the server's real-time expires_at still means 31 minutes from now
    const later = await paymentSession(h.stripe, 500, { expires_at: Math.floor(Date.now() / 1000) + 31 * 60 });
    expect((await h.stripe.checkout.sessions.retrieve(later.id)).status).toBe('open');
    await h.sandbox('/clock/advance', { seconds: 32 * 60 });
    expect((await h.stripe.checkout.sessions.retrieve(later.id)).status).toBe('expired');
    const tooSoon = paymentSession(h.stripe, 500, { expires_at: Math.floor(Date.now() / 1000) + 60 });
    await expect(tooSoon).rejects.toMatchObject({ statusCode: 400, param: 'expires_at' });
  });
});

describe('Connect onboarding', () => {
  const urls = { refresh_url: 'http://localhost:3000/payment/refresh', return_url: 'http://localhost:3000/payment/receive?return=1' };

  it('a link opens once; the form completes the account and returns; reopening goes to refresh_url', async () => {
    const account = await h.stripe.accounts.create({
      type: 'express',
      country: 'DE',
      email: 'designer@example.com',
      capabilities: { transfers: { requested: true } },
    });
    const link = await h.stripe.accountLinks.create({ account: account.id, type: 'account_onboarding', ...urls });
    const path = new URL(link.url).pathname;
    const first = await open(path);
    expect(first.status).toBe(200);
    const page = await first.text();
    for (const id of ['legal_name', 'country', 'account_number']) expect(page).toContain(`<label for="${id}">`);
    const token = /name="token" value="([^"]+)"/.exec(page)![1]!;

    const again = await open(path);
    expect(again.status).toBe(303);
    expect(again.headers.get('location')).toBe(urls.refresh_url);

    const missing = await submit(path, { token, legal_name: '', country: 'DE', account_number: 'DE89 3704 0044 0532 0130 00' });
    expect(missing.status).toBe(400);
    expect(await missing.text()).toMatch(/id="legal_name"[^>]*aria-invalid="true" autofocus/);

    const done = await submit(path, { token, legal_name: 'Grete Schneider', country: 'DE', account_number: 'DE89 3704 0044 0532 0130 00' });
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe(urls.return_url);
    const onboarded = await h.stripe.accounts.retrieve(account.id);
    expect(onboarded).toMatchObject({ details_submitted: true, charges_enabled: true, payouts_enabled: true, requirements: { currently_due: [] } });
    expect(problemsOf(onboarded)).toEqual([]);
    const replay = await submit(path, { token, legal_name: 'Grete Schneider', country: 'DE', account_number: 'DE89370400440532013000' });
    expect(replay.headers.get('location')).toBe(urls.refresh_url);
  });

  it("speaks the browser's language, as Stripe's hosted onboarding: every word, the refusal and the countries in German", async () => {
    const account = await h.stripe.accounts.create({ type: 'express', country: 'DE', email: 'grete@example.com' });
    const link = await h.stripe.accountLinks.create({ account: account.id, type: 'account_onboarding', ...urls });
    const path = new URL(link.url).pathname;
    const german = { 'accept-language': 'de-DE,de;q=0.9,en;q=0.5' };
    const first = await fetch(`${h.pages}${path}`, { redirect: 'manual', headers: german });
    const page = await first.text();
    expect(page).toContain('<html lang="de">');
    expect(page).toContain('<title>Auszahlungsdaten · Stitchhouse-Sandbox</title>');
    expect(page).toContain('<h1>Geld von Stitchhouse bekommen</h1>');
    expect(page).toContain('(Konto von <strong>grete@example.com</strong>)');
    for (const label of ['Rechtlicher Name', 'Land', 'IBAN oder Kontonummer']) expect(page).toMatch(new RegExp(`<label for="[a-z_]+">${label}</label>`));
    expect(page).toMatch(/<option value="DE" selected>Deutschland<\/option>/);
    expect(page).toContain('Zustimmen und absenden');
    for (const english of ['Get paid', 'Legal name', 'Agree and submit', 'Test value', 'Germany']) expect(page).not.toContain(english);
    const token = /name="token" value="([^"]+)"/.exec(page)![1]!;

    const wrong = await fetch(`${h.pages}${path}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { ...german, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token, legal_name: 'Grete Schneider', country: 'DE', account_number: '12' }),
    });
    expect(wrong.status).toBe(400);
    const refused = await wrong.text();
    expect(refused).toContain('<title>Fehler: Auszahlungsdaten · Stitchhouse-Sandbox</title>');
    expect(refused).toContain('Bitte korrigiere das markierte Feld.');
    expect(refused).toContain('Gib eine IBAN (z. B. IE29 AIBK …) oder eine 6- bis 17-stellige Kontonummer ein.');
    expect(refused).toContain('value="Grete Schneider"');

    const unknown = await fetch(`${h.pages}/connect/onboarding/acctlink_unknown`, { headers: german });
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain('<h1>Link nicht gefunden</h1>');
  });

  it('an expired link goes to refresh_url', async () => {
    const account = await h.stripe.accounts.create({ type: 'express', country: 'IE' });
    const link = await h.stripe.accountLinks.create({ account: account.id, type: 'account_onboarding', ...urls });
    await h.sandbox('/clock/advance', { seconds: 121 });
    const res = await open(new URL(link.url).pathname);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(urls.refresh_url);
    expect((await h.stripe.accounts.retrieve(account.id)).details_submitted).toBe(false);
  });
});

describe('subscriptions and the billing portal', () => {
  let month: Stripe.Price;
  let year: Stripe.Price;

  beforeAll(async () => {
    const product = await h.stripe.products.create({ name: 'Stitchhouse Pro', metadata: { plan: 'pro' } });
    month = await h.stripe.prices.create({
      product: product.id,
      currency: 'eur',
      unit_amount: 1200,
      recurring: { interval: 'month' },
      lookup_key: 'pro_month_eur',
    });
    year = await h.stripe.prices.create({
      product: product.id,
      currency: 'eur',
      unit_amount: 12000,
      recurring: { interval: 'year' },
      lookup_key: 'pro_year_eur',
    });
  });

  async function subscribe(email: string): Promise<Stripe.Subscription> {
    const session = await h.stripe.checkout.sessions.create({
      mode: 'subscription',
      line_items: [{ price: month.id, quantity: 1 }],
      customer_email: email,
      subscription_data: { metadata: { store_id: 'store-1', plan: 'pro', interval: 'month' } },
      success_url: 'http://localhost:3000/payment/subscription?status=success',
      cancel_url: 'http://localhost:3000/payment/subscription',
    });
    expect((await submit(`/checkout/${session.id}`, card('4242424242424242'))).status).toBe(303);
    const done = await h.stripe.checkout.sessions.retrieve(session.id, { expand: ['subscription'] });
    expect(done).toMatchObject({ status: 'complete', mode: 'subscription', payment_intent: null, customer: expect.stringMatching(/^cus_/) });
    return done.subscription as Stripe.Subscription;
  }

  it('subscription checkout creates the subscription, its paid invoice and the events', async () => {
    const sub = await subscribe('pro@example.com');
    expect(problemsOf(sub)).toEqual([]);
    expect(sub).toMatchObject({ status: 'active', metadata: { store_id: 'store-1', plan: 'pro' }, cancel_at_period_end: false });
    const item = sub.items.data[0]!;
    expect(problemsOf(item as unknown as { object: string })).toEqual([]);
    expect(item.price.recurring!.interval).toBe('month');
    expect(item.current_period_end - item.current_period_start).toBeGreaterThanOrEqual(28 * 86400);
    const invoice = await h.stripe.invoices.retrieve(sub.latest_invoice as string);
    // pricing.price_details is optional in the OpenAPI sample but present on real subscription lines
    expect(problemsOf(invoice, ['$.lines.data[0].pricing.price_details'])).toEqual([]);
    expect(invoice).toMatchObject({
      status: 'paid',
      amount_paid: 1200,
      billing_reason: 'subscription_create',
      parent: { subscription_details: { subscription: sub.id } },
    });
    await h.receiver.waitFor(() =>
      ['customer.subscription.created', 'invoice.paid', 'checkout.session.completed'].every((type) =>
        h.receiver.received(type).some((e) => JSON.stringify(e.data.object).includes(sub.id)),
      ),
    );
  });

  it('the portal switches monthly ↔ yearly, cancels at period end and resumes; the clock ends the period', async () => {
    const sub = await subscribe('portal@example.com');
    const portal = await h.stripe.billingPortal.sessions.create({ customer: sub.customer as string, return_url: 'http://localhost:3000/payment/subscription' });
    expect(portal.id).toMatch(/^bps_/);
    expect(problemsOf(portal)).toEqual([]);
    const path = new URL(portal.url).pathname;
    const page = await (await open(path)).text();
    expect(page).toContain('<legend>Change plan</legend>');
    expect(page).toContain('Cancel plan at period end');
    expect(page).toContain('href="http://localhost:3000/payment/subscription"');

    const switched = await submit(`${path}/subscriptions/${sub.id}/price`, { price: year.id });
    expect(switched.status).toBe(303);
    const yearly = await h.stripe.subscriptions.retrieve(sub.id);
    expect(yearly.items.data[0]!.price.id).toBe(year.id);
    expect(yearly.items.data[0]!.id).toBe(sub.items.data[0]!.id);
    await h.receiver.waitFor(() =>
      h.receiver
        .received('customer.subscription.updated')
        .some((e) => (e.data.object as Stripe.Subscription).id === sub.id && (e.data.previous_attributes as { items?: unknown })?.items !== undefined),
    );

    expect((await submit(`${path}/subscriptions/${sub.id}/cancel`, {})).status).toBe(303);
    expect(await h.stripe.subscriptions.retrieve(sub.id)).toMatchObject({ cancel_at_period_end: true, status: 'active' });
    expect(await (await open(`${path}?notice=cancel`)).text()).toContain("Don't cancel — keep my plan");
    expect((await submit(`${path}/subscriptions/${sub.id}/resume`, {})).status).toBe(303);
    expect((await h.stripe.subscriptions.retrieve(sub.id)).cancel_at_period_end).toBe(false);

    const viaApi = await h.stripe.subscriptions.update(sub.id, { cancel_at_period_end: true });
    expect(viaApi.cancel_at).toBe(viaApi.items.data[0]!.current_period_end);
    await h.sandbox('/clock/advance', { seconds: 366 * 86400 });
    const ended = await h.stripe.subscriptions.retrieve(sub.id);
    expect(ended).toMatchObject({ status: 'canceled', ended_at: viaApi.cancel_at });
    await h.receiver.waitFor(() => h.receiver.received('customer.subscription.deleted').some((e) => (e.data.object as Stripe.Subscription).id === sub.id));
  });

  it('a period end renews with invoice.paid; a declined card on file gives invoice.payment_failed and past_due', async () => {
    const sub = await subscribe('renew@example.com');
    const end = sub.items.data[0]!.current_period_end;
    await h.sandbox('/clock/advance', { seconds: end - (await h.sandbox<{ now: number }>('/clock')).now + 60 });
    const renewed = await h.stripe.subscriptions.retrieve(sub.id);
    expect(renewed.status).toBe('active');
    expect(renewed.items.data[0]!.current_period_start).toBe(end);
    expect(renewed.latest_invoice).not.toBe(sub.latest_invoice);
    await h.receiver.waitFor(() => h.receiver.received('invoice.paid').some((e) => (e.data.object as Stripe.Invoice).id === renewed.latest_invoice));

    const portal = await h.stripe.billingPortal.sessions.create({ customer: sub.customer as string });
    const path = new URL(portal.url).pathname;
    const refused = await submit(`${path}/card`, { number: '4000000000000002', expiry: `12 / ${String(thisYear + 2).slice(-2)}`, cvc: '123', name: 'R' });
    expect(refused.status).toBe(402);
    expect(await refused.text()).toContain('Your card was not updated: Your card was declined.');
    const dutch = new URL((await h.stripe.billingPortal.sessions.create({ customer: sub.customer as string, locale: 'nl' })).url).pathname;
    const expired = await submit(`${dutch}/card`, { number: '4000000000000069', expiry: `12 / ${String(thisYear + 2).slice(-2)}`, cvc: '123', name: 'R' });
    expect(expired.status).toBe(402);
    expect(await expired.text()).toContain('Je kaart is niet bijgewerkt: Je kaart is verlopen.');
    const shortCvc = await submit(`${dutch}/card`, { number: '4242424242424242', expiry: `12 / ${String(thisYear + 2).slice(-2)}`, cvc: '1', name: 'R' });
    expect(await shortCvc.text()).toContain('De beveiligingscode van je kaart is onvolledig.');
    // Stripe's 0341 card saves fine; charges to it are declined
    const saved = await submit(`${path}/card`, { number: '4000 0000 0000 0341', expiry: `12 / ${String(thisYear + 2).slice(-2)}`, cvc: '123', name: 'R' });
    expect(saved.status).toBe(303);
    const nextEnd = renewed.items.data[0]!.current_period_end;
    await h.sandbox('/clock/advance', { seconds: nextEnd - (await h.sandbox<{ now: number }>('/clock')).now + 60 });
    const overdue = await h.stripe.subscriptions.retrieve(sub.id);
    expect(overdue.status).toBe('past_due');
    await h.receiver.waitFor(() => h.receiver.received('invoice.payment_failed').some((e) => (e.data.object as Stripe.Invoice).id === overdue.latest_invoice));
    const updatedCard = await submit(`${path}/card`, {
      number: '4242 4242 4242 4242',
      expiry: `12 / ${String(thisYear + 3).slice(-2)}`,
      cvc: '123',
      name: 'R',
    });
    expect(updatedCard.headers.get('location')).toBe(`${path}?notice=card`);
    expect(await (await open(`${path}?notice=card`)).text()).toContain('Card ending in 4242');
  });

  it('the API switches the price, cancels now (customer.subscription.deleted) and expires open sessions', async () => {
    const sub = await subscribe('api@example.com');
    const switched = await h.stripe.subscriptions.update(sub.id, {
      items: [{ id: sub.items.data[0]!.id, price: year.id }],
      proration_behavior: 'create_prorations',
    });
    expect(switched.items.data[0]!.price.recurring!.interval).toBe('year');
    expect(problemsOf(switched)).toEqual([]);
    const wrongItem = h.stripe.subscriptions.update(sub.id, { items: [{ id: 'si_missing', price: year.id }] });
    await expect(wrongItem).rejects.toMatchObject({ statusCode: 404, code: 'resource_missing' });
    const canceled = await h.stripe.subscriptions.cancel(sub.id);
    expect(canceled).toMatchObject({ status: 'canceled', ended_at: expect.any(Number) });
    await expect(h.stripe.subscriptions.cancel(sub.id)).rejects.toMatchObject({ statusCode: 400 });
    await h.receiver.waitFor(() => h.receiver.received('customer.subscription.deleted').some((e) => (e.data.object as Stripe.Subscription).id === sub.id));
    const deleted = h.receiver.received('customer.subscription.deleted').find((e) => (e.data.object as Stripe.Subscription).id === sub.id)!;
    expect(problemsOf(await h.stripe.events.retrieve(deleted.id))).toEqual([]);
    expect(deleted.data.previous_attributes).toMatchObject({ status: 'active' });

    const open = await paymentSession(h.stripe, 300);
    const expired = await h.stripe.checkout.sessions.expire(open.id);
    expect(expired).toMatchObject({ status: 'expired', url: null });
    await expect(h.stripe.checkout.sessions.expire(open.id)).rejects.toMatchObject({ statusCode: 400 });
    await h.receiver.waitFor(() => h.receiver.received('checkout.session.expired').some((e) => (e.data.object as Stripe.Checkout.Session).id === open.id));
    expect((await submit(`/checkout/${open.id}`, card('4242424242424242'))).status).toBe(410);
  });

  it('a card that always asks for 3-D Secure pays at checkout but its renewal fails with authentication_required', async () => {
    const session = await h.stripe.checkout.sessions.create({
      mode: 'subscription',
      line_items: [{ price: month.id, quantity: 1 }],
      customer_email: 'auth@example.com',
      success_url: 'http://localhost:3000/payment/subscription?status=success',
    });
    expect((await submit(`/checkout/${session.id}`, card('4000 0027 6000 3184'))).headers.get('location')).toBe(`/checkout/${session.id}/authenticate`);
    expect((await submit(`/checkout/${session.id}/authenticate`, { outcome: 'complete' })).status).toBe(303);
    const sub = await h.stripe.subscriptions.retrieve((await h.stripe.checkout.sessions.retrieve(session.id)).subscription as string);
    await h.sandbox('/clock/advance', { seconds: sub.items.data[0]!.current_period_end - (await h.sandbox<{ now: number }>('/clock')).now + 60 });
    const overdue = await h.stripe.subscriptions.retrieve(sub.id, { expand: ['latest_invoice'] });
    expect(overdue.status).toBe('past_due');
    const invoice = overdue.latest_invoice as Stripe.Invoice;
    expect(invoice.status).toBe('open');
    const { rows } = await h.stack.pool.query<{ intent: string }>(`select internal->>'payment_intent' as intent from _stripe_sandbox.objects where id = $1`, [
      invoice.id,
    ]);
    expect((await h.stripe.paymentIntents.retrieve(rows[0]!.intent)).last_payment_error).toMatchObject({
      code: 'authentication_required',
      decline_code: 'authentication_required',
    });
  });
});
