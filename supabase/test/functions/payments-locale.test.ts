// Stripe's hosted pages in the buyer's language, through the real functions gateway, the
// official Stripe SDK and real tokens on the embedded Stripe sandbox:
// - the checkout and billing functions pass the page's language (the contract's optional `locale`,
//   one of en/de/fr/es/nl) to Checkout Sessions and billing portal sessions, else the member's saved
//   profiles.locale, else none (Stripe's auto: the browser's); another value is refused;
// - the sandbox takes `locale` only with the values Stripe takes (parameter_invalid otherwise, as
//   Stripe answers) and renders its checkout and portal pages in that language (auto: Accept-Language).
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../../../backend/test/harness.ts';
import { signedInPeople, type Person } from '../../../backend/test/payments-people.ts';
import * as kit from '../../../shared/src/testing/kit.ts';

let stack: TestStack;
let sdk: Stripe;
let people: Record<'buyer' | 'owner' | 'shop', Person>;
let patternId = '';
let storeId = '';
let skirtId = '';

async function sql(text: string, values: unknown[] = []) {
  return (await stack.pool.query(text, values)).rows;
}
const call = (fn: string, who: Person, body: unknown) => kit.callFunction(stack, fn, who.token, body);

/** The checkout function's order for the buyer, and the locale of the Checkout Session it made. */
async function checkoutLocale(extra: Record<string, unknown>): Promise<{ locale: string | null; url: string }> {
  const res = await call('checkout', people.buyer, { items: [{ pattern_id: patternId, quantity: 1, kind: 'digital' }], country: 'DE', ...extra });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const [order] = await sql('select provider_session_id from public.orders where id = $1', [res.body.order_id]);
  const session = await sdk.checkout.sessions.retrieve(order!.provider_session_id as string);
  return { locale: session.locale, url: res.body.url as string };
}

async function page(url: string, acceptLanguage?: string): Promise<string> {
  const res = await fetch(url, { headers: acceptLanguage ? { 'accept-language': acceptLanguage } : {} });
  expect(res.status).toBe(200);
  return res.text();
}

beforeAll(async () => {
  stack = await startTestStack({ seed: false });
  if (!stack.stripe) throw new Error('the test stack has no Stripe sandbox');
  const url = new URL(stack.stripe.url);
  sdk = new Stripe(stack.stripe.secretKey, { host: url.hostname, port: Number(url.port), protocol: 'http' });
  people = await signedInPeople(stack, ['buyer', 'owner', 'shop']);
  const [store] = await sql(
    `insert into public.stores (owner_id, slug, kind, name, currency, plan, country) values ($1, 'pl-atelier', 'designer', 'Atelier Sprache', 'EUR', 'free', 'DE') returning id`,
    [people.owner.id],
  );
  storeId = store!.id as string;
  const [pattern] = await sql(
    `insert into public.patterns (store_id, title, craft, category, status, price_cents, currency) values ($1, 'Wickelkleid', 'sewing', 'dress', 'published', 1200, 'EUR') returning id`,
    [storeId],
  );
  patternId = pattern!.id as string;
  // a pattern written in English with its store's German title, sold as print licences too
  const [skirt] = await sql(
    `insert into public.patterns (store_id, title, craft, category, status, price_cents, currency) values ($1, 'Pleated Skirt', 'sewing', 'skirt', 'published', 900, 'EUR') returning id`,
    [storeId],
  );
  skirtId = skirt!.id as string;
  await sql(`insert into public.pattern_translations (pattern_id, locale, title) values ($1, 'de', 'Faltenrock')`, [skirtId]);
  await sql(`insert into public.pattern_wholesale_prices (pattern_id, store_id, price_cents, currency, min_quantity) values ($1, $2, 500, 'EUR', 3)`, [
    skirtId,
    storeId,
  ]);
  const [shop] = await sql(
    `insert into public.stores (owner_id, slug, kind, name, currency, address_line1, city, postal_code) values ($1, 'pl-laden', 'retailer', 'Stoffladen', 'EUR', 'Hauptstraße 1', 'Köln', '50667') returning id`,
    [people.shop.id],
  );
  await sql(
    `insert into public.wholesale_accounts (user_id, store_id, business_name, tax_id, address_line1, city, postal_code, country, status)
    values ($1, $2, 'Stoffladen GmbH', 'DE123456789', 'Hauptstraße 1', 'Köln', '50667', 'DE', 'approved')`,
    [people.shop.id, shop!.id],
  );
}, 180_000);

afterAll(async () => {
  await stack?.stop();
});

describe('the checkout in the buyer’s language', () => {
  it('passes the page’s language to Stripe, else the saved profiles.locale, else none; the hosted page speaks it', async () => {
    const german = await checkoutLocale({ locale: 'de' });
    expect(german.locale).toBe('de');
    const html = await page(german.url, 'en-GB,en;q=0.9');
    expect(html).toContain('<html lang="de">');
    expect(html).toContain('<h1>An Stitchhouse bezahlen</h1>');
    expect(html).toContain('Zahlungsdaten');
    expect(html).toMatch(/12,00\s€/); // amounts in the page's language
    expect(html).toContain('>Deutschland</option>');

    // nothing sent: the member's saved language
    await sql(`update public.profiles set locale = 'fr' where id = $1`, [people.buyer.id]);
    const saved = await checkoutLocale({});
    expect(saved.locale).toBe('fr');
    expect(await page(saved.url)).toContain('<h1>Payer Stitchhouse</h1>');

    // neither: Stripe's auto, the browser's language; English as before without one
    await sql(`update public.profiles set locale = null where id = $1`, [people.buyer.id]);
    const auto = await checkoutLocale({});
    expect(auto.locale).toBeNull();
    expect(await page(auto.url, 'nl-BE,nl;q=0.9,en;q=0.5')).toContain('<h1>Betalen aan Stitchhouse</h1>');
    const english = await page(auto.url);
    expect(english).toContain('<html lang="en">');
    expect(english).toContain('<h1>Pay Stitchhouse</h1>');
    expect(english).toContain('€12.00');
  });

  it('names the lines in the buyer’s language: the store’s translated title, else the pattern’s own; print licences in words of that language', async () => {
    const names = async (who: Person, items: unknown[], locale: string) => {
      const res = await call('checkout', who, { items, country: 'DE', locale });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const [order] = await sql('select provider_session_id from public.orders where id = $1', [res.body.order_id]);
      const session = await sdk.checkout.sessions.retrieve(order!.provider_session_id as string, { expand: ['customer'] });
      const lines = await sdk.checkout.sessions.listLineItems(session.id);
      return { names: lines.data.map((l) => l.description), customer: session.customer as Stripe.Customer, html: await page(res.body.url as string) };
    };
    const digital = (id: string) => ({ pattern_id: id, quantity: 1, kind: 'digital' });
    const german = await names(people.buyer, [digital(skirtId), digital(patternId)], 'de');
    expect(german.names).toEqual(['Faltenrock', 'Wickelkleid']);
    expect(german.html).toContain('Faltenrock');
    expect(german.html).not.toContain('Pleated Skirt');
    // Stripe writes the receipt in it too
    expect(german.customer.preferred_locales).toEqual(['de']);
    // no French title: the pattern's own
    expect((await names(people.buyer, [digital(skirtId)], 'fr')).names).toEqual(['Pleated Skirt']);

    const print = { pattern_id: skirtId, quantity: 3, kind: 'wholesale_print' };
    expect((await names(people.shop, [print], 'de')).names).toEqual(['Faltenrock (Drucklizenz)']);
    expect((await names(people.shop, [print], 'es')).names).toEqual(['Pleated Skirt (licencia de impresión)']);
    expect((await names(people.shop, [print], 'en')).names).toEqual(['Pleated Skirt (print licence)']);
  });

  it('refuses a language the marketplace does not speak', async () => {
    const res = await call('checkout', people.buyer, { items: [{ pattern_id: patternId, quantity: 1, kind: 'digital' }], country: 'DE', locale: 'it' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: { code: 'invalid_request' } });
    expect(JSON.stringify(res.body)).toContain('locale must be one of en, de, fr, es, nl');
  });
});

describe('the billing pages in the owner’s language', () => {
  it('subscribe and portal pass the locale; the portal page speaks it', async () => {
    const subscribe = await call('billing', people.owner, { action: 'subscribe', store_id: storeId, plan: 'pro', interval: 'month', locale: 'es' });
    expect(subscribe.status, JSON.stringify(subscribe.body)).toBe(200);
    const sessionId = new URL(subscribe.body.url as string).pathname.split('/').pop()!;
    const session = await sdk.checkout.sessions.retrieve(sessionId, { expand: ['customer'] });
    expect(session.locale).toBe('es');
    // Stripe writes the owner's invoices and receipts in it
    expect((session.customer as Stripe.Customer).preferred_locales).toEqual(['es']);
    const subscriptionPage = await page(subscribe.body.url as string);
    expect(subscriptionPage).toContain('Resumen del pedido (suscripción)');
    // the plan's name is the same in every language; Stripe's page says the interval in the page's
    const [line] = (await sdk.checkout.sessions.listLineItems(sessionId)).data;
    expect(line!.description).toBe('Stitchhouse Pro');
    expect(subscriptionPage).toContain('Stitchhouse Pro · al mes');
    expect(subscriptionPage).not.toMatch(/monthly|yearly/);

    // the portal needs the store's billing customer (made by subscribe)
    const portal = await call('billing', people.owner, { action: 'portal', store_id: storeId, locale: 'nl' });
    expect(portal.status, JSON.stringify(portal.body)).toBe(200);
    const html = await page(portal.body.url as string, 'de-DE');
    expect(html).toContain('<html lang="nl">');
    expect(html).toContain('<h1>Je Stitchhouse-abonnement beheren</h1>');
    expect(html).toContain('Je hebt geen actief abonnement.');
  });
});

describe('the sandbox takes locale as Stripe does', () => {
  it('accepts Stripe’s locales (es-419 shows Spanish, it shows English) and refuses any other value', async () => {
    const price = await sdk.prices.create({ currency: 'eur', unit_amount: 900, product_data: { name: 'Locale test' } });
    const create = (locale: string) =>
      sdk.checkout.sessions.create({
        mode: 'payment',
        line_items: [{ price: price.id, quantity: 1 }],
        success_url: 'http://localhost:3000/payment/success',
        locale: locale as Stripe.Checkout.SessionCreateParams.Locale,
      });
    const latam = await create('es-419');
    expect(latam.locale).toBe('es-419');
    expect(await page(latam.url!)).toContain('<h1>Pagar a Stitchhouse</h1>');
    const italian = await create('it');
    expect(await page(italian.url!)).toContain('<h1>Pay Stitchhouse</h1>');

    const refused = await create('klingon').catch((err: Stripe.errors.StripeError) => err);
    expect(refused).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(refused).toMatchObject({ param: 'locale' });
    expect((refused as Stripe.errors.StripeError).message).toContain('must be one of auto, bg, cs');

    const customer = await sdk.customers.create({ email: 'portal@stitchhouse.test' });
    const portal = await sdk.billingPortal.sessions.create({ customer: customer.id, locale: 'fr' });
    expect(portal.locale).toBe('fr');
    expect(await page(portal.url)).toContain('<h1>Gérer votre formule Stitchhouse</h1>');
    // no locale (or auto): the customer's preferred locale, as Stripe's portal does, before the browser's
    const preferring = await sdk.customers.create({ email: 'portal-de@stitchhouse.test', preferred_locales: ['de'] });
    expect(preferring.preferred_locales).toEqual(['de']);
    const auto = await sdk.billingPortal.sessions.create({ customer: preferring.id });
    expect(await page(auto.url, 'en-GB,en;q=0.9')).toContain('<h1>Deinen Stitchhouse-Tarif verwalten</h1>');
    await expect(
      sdk.billingPortal.sessions.create({ customer: customer.id, locale: 'xx' as Stripe.BillingPortal.SessionCreateParams.Locale }),
    ).rejects.toMatchObject({
      param: 'locale',
    });
  });
});
