// Payments in the buyer's language: a German phone (Accept-Language de, 390 px) buys a
// pattern: the cart, Stripe's hosted checkout (the sandbox's page in the locale the checkout
// function passed), /payment/success once the webhook marked the order paid, /payment and
// /payment/error are German with nothing in English and nothing wider than the screen; ?hl=fr
// shows /payment/error in French.
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInPerson } from '@stitchhouse/shared/testing/kit.ts';
import { settledRoute, startE2EStack, type E2EStack } from '../src/harness.ts';
import { englishOnlyTexts, overflowingElements, untranslatedTexts } from '../src/languages.ts';
import { PASSWORD, uniqueEmail, type Backend } from './auth-support.ts';
import { createPerson, createStore, publishedPattern } from './catalog-own.fixtures.ts';

let stack: E2EStack;
let backend: Backend;
let buyer: { email: string };
let pattern: { id: string };
let context: BrowserContext;

const lang = (page: Page) => page.evaluate(() => document.documentElement.lang);
const h1 = (page: Page) => page.locator('main h1').first();

/** The screen is German: its heading, one text of it, `<html lang>`, no English of any catalog, nothing wider than 390 px. */
async function expectGerman(page: Page, where: string, title: string, text: string | RegExp, english: Set<string>): Promise<void> {
  await settledRoute(page);
  await expect.poll(() => h1(page).textContent(), { message: where, timeout: 30_000 }).toBe(title);
  await page.locator('main').getByText(text).first().waitFor({ timeout: 30_000 });
  expect(await lang(page), where).toBe('de');
  expect(await untranslatedTexts(page, english), where).toEqual([]);
  expect(await overflowingElements(page), where).toEqual([]);
}

beforeAll(async () => {
  stack = await startE2EStack({ backend: true });
  if (!stack.backend?.stripe) throw new Error('the embedded backend with its Stripe sandbox did not start');
  backend = stack.backend as Backend;
  const designer = await createPerson(backend, 'nadel', 'Nadel Designerin');
  const store = await createStore(backend, designer.id, 'Nadel und Faden');
  pattern = await publishedPattern(backend, store.id, 'Sommerkleid');
  buyer = await signedInPerson(backend, uniqueEmail('kaeuferin'), PASSWORD, { display_name: 'Käthe Käuferin' });
  context = await stack.browser.newContext({ locale: 'de-DE', viewport: { width: 390, height: 844 } });
}, 240_000);

afterAll(async () => {
  await context?.close().catch(() => undefined);
  await stack?.stop();
});

describe('payments in German and French', () => {
  it('a German buyer pays in German: cart, Stripe’s hosted page, success, purchases and the error page', async () => {
    const english = englishOnlyTexts('de');
    const page = await context.newPage();
    await page.goto(`${stack.shellUrl}/sign-in?next=${encodeURIComponent('/payment')}`);
    await page.locator('#sign-in-email').fill(buyer.email);
    await page.locator('#sign-in-password').fill(PASSWORD);
    await page.locator('#sign-in-password').press('Enter');
    await page.waitForURL(`${stack.shellUrl}/payment`);
    await expectGerman(page, '/payment', 'Zahlungen', 'Einkäufe und Belege', english);

    // an old link's pattern goes into the cart; the cart in German, amounts and countries too
    await page.goto(`${stack.shellUrl}/payment/send?productId=${pattern.id}`);
    await page.getByText('Sommerkleid').first().waitFor({ timeout: 30_000 });
    await page.getByRole('combobox', { name: 'Dein Land' }).selectOption('DE');
    await page.getByText('MwSt. 19 % für Deutschland, enthalten').waitFor({ timeout: 30_000 });
    await expectGerman(page, '/payment/send', 'Kasse', 'Dein Warenkorb', english);

    // Stripe's page in the buyer's language: the checkout function passed locale=de
    await page.getByRole('button', { name: /bezahlen$/ }).click();
    await page.waitForURL(/\/checkout\/cs_test_/);
    expect(await lang(page)).toBe('de');
    await page.getByRole('heading', { name: 'An Stitchhouse bezahlen' }).waitFor();
    await page.getByRole('heading', { name: 'Zahlungsdaten' }).waitFor();
    await page.getByText('Testkarten: 4242 4242 4242 4242 zahlt').waitFor();
    expect(await page.locator('#country option[value="DE"]').textContent()).toBe('Deutschland');
    await page.locator('#number').fill('4242 4242 4242 4242');
    await page.locator('#expiry').fill('12 / 34');
    await page.locator('#cvc').fill('123');
    await page.locator('#name').fill('Käthe Käuferin');
    await page.getByRole('button', { name: /^\d+,\d\d\s\S+ bezahlen$/ }).click();

    await page.waitForURL(/\/payment\/success\?order=/, { timeout: 30_000 });
    await page.getByText(/^Danke! Bestellung .+ ist bezahlt\.$/).waitFor({ timeout: 60_000 });
    await expectGerman(page, '/payment/success', 'Zahlung eingegangen', 'Deine Schnittmuster', english);

    await page.goto(`${stack.shellUrl}/payment/error?reason=cancelled`);
    await expectGerman(page, '/payment/error', 'Die Zahlung ist nicht durchgegangen', 'Du hast die Bezahlseite verlassen, bevor du bezahlt hast', english);
    await page.close();
  });

  it('?hl=fr shows the error page in French in a German browser', async () => {
    const page = await context.newPage();
    await page.goto(`${stack.shellUrl}/payment/error?reason=expired&hl=fr`);
    await settledRoute(page);
    await expect.poll(() => h1(page).textContent(), { timeout: 30_000 }).toBe('Le paiement n’a pas abouti');
    await page.getByText('La page de paiement a expiré').waitFor();
    expect(await lang(page)).toBe('fr');
    expect(await untranslatedTexts(page, englishOnlyTexts('fr'))).toEqual([]);
    await page.close();
  });
});
