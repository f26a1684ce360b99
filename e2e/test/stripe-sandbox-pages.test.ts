import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2EStack, type E2EStack } from '../src/harness.ts';
import { expectNoSeriousA11yIssues } from './auth-support.ts';

// The embedded Stripe sandbox's hosted pages in Chromium, by keyboard only: axe finds no
// serious issue (labels, contrast, landmarks), Tab walks the fields in order, a failure moves
// focus to its message, and the forms' redirects pass the pages' CSP.
let stack: E2EStack;
let sandbox: { url: string; secretKey: string };

beforeAll(async () => {
  stack = await startE2EStack({ backend: true });
  if (!stack.backend?.stripe) throw new Error('the embedded backend runs no Stripe sandbox');
  sandbox = stack.backend.stripe;
});

afterAll(async () => {
  await stack?.stop();
});

/** A Stripe API call as the server makes it (form-encoded, secret key). */
async function stripe<T>(path: string, form: Record<string, string>): Promise<T> {
  const res = await fetch(`${sandbox.url}/v1${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${sandbox.secretKey}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form),
  });
  if (!res.ok) throw new Error(`${path} → ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

function checkoutSession(locale?: string): Promise<{ id: string; url: string }> {
  return stripe('/checkout/sessions', {
    ...(locale ? { locale } : {}),
    mode: 'payment',
    customer_email: 'keys@example.com',
    'line_items[0][quantity]': '1',
    'line_items[0][price_data][currency]': 'eur',
    'line_items[0][price_data][unit_amount]': '1500',
    'line_items[0][price_data][product_data][name]': 'Keyboard Coat',
    success_url: `${stack.shellUrl}/payment/success?order=keys`,
    cancel_url: `${stack.shellUrl}/payment/error?order=keys&reason=cancelled`,
  });
}

// `autofocus` is applied when the browser next renders, which can come after `load`: after a
// navigation the tests wait for focus to arrive (it still fails when it never does).
const focusedId = (page: Page) => page.evaluate(() => document.activeElement?.id || document.activeElement?.textContent?.trim() || '');

/** Tabs to the element with this id (at most 15 presses), as a keyboard user would. */
async function tabTo(page: Page, id: string): Promise<void> {
  for (let i = 0; i < 15; i++) {
    if ((await focusedId(page)) === id) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached #${id} (at ${await focusedId(page)})`);
}

async function typeCard(page: Page, number: string, pay = /^Pay €15\.00$/): Promise<void> {
  await tabTo(page, 'number');
  // Tab moves through the fields in reading order, then country, then Pay
  for (const [id, text] of [
    ['number', number],
    ['expiry', '12 / 34'],
    ['cvc', '123'],
    ['name', 'Kay Board'],
  ] as const) {
    expect(await focusedId(page)).toBe(id);
    await page.keyboard.press('Control+A');
    await page.keyboard.type(text);
    await page.keyboard.press('Tab');
  }
  expect(await focusedId(page)).toBe('country');
  await page.keyboard.press('Tab');
  expect(await focusedId(page)).toMatch(pay);
}

describe('hosted checkout by keyboard', () => {
  it('declined → focus on the error; 3-D Secure fail → focus on the error; then pays and lands on success_url', async () => {
    const session = await checkoutSession();
    const { page } = await stack.newPage();
    await page.goto(session.url);
    expect(await page.title()).toBe('Pay Stitchhouse · Stitchhouse sandbox');
    await expectNoSeriousA11yIssues(page);

    await typeCard(page, '4000 0000 0000 0002');
    await Promise.all([page.waitForLoadState('load'), page.keyboard.press('Enter')]);
    await page.locator('#payment-error').waitFor();
    await expect.poll(() => focusedId(page)).toBe('payment-error');
    expect(await page.locator('#payment-error').textContent()).toContain('Your card was declined.');
    expect(await page.title()).toMatch(/^Error: /);
    await expectNoSeriousA11yIssues(page);

    await typeCard(page, '4000 0025 0000 3155');
    await Promise.all([page.waitForURL(/\/authenticate$/), page.keyboard.press('Enter')]);
    await expect.poll(() => focusedId(page)).toBe('Complete authentication');
    await expectNoSeriousA11yIssues(page);
    await page.keyboard.press('Tab');
    expect(await focusedId(page)).toBe('Fail authentication');
    await Promise.all([page.waitForLoadState('load'), page.keyboard.press('Enter')]);
    await page.locator('#payment-error').waitFor();
    await expect.poll(() => focusedId(page)).toBe('payment-error');
    expect(await page.locator('#payment-error').textContent()).toContain('unable to authenticate');

    await typeCard(page, '4242 4242 4242 4242');
    await Promise.all([page.waitForURL(`${stack.shellUrl}/payment/success?order=keys`), page.keyboard.press('Enter')]);
  });

  it('in German (the session’s locale): the declines, a bad number and a failed 3-D Secure are said in German', async () => {
    const session = await checkoutSession('de');
    const { page } = await stack.newPage();
    await page.goto(session.url);
    expect(await page.title()).toBe('An Stitchhouse bezahlen · Stitchhouse-Sandbox');
    const pay = /^15,00\s€ bezahlen$/;
    const failure = async (number: string) => {
      await typeCard(page, number, pay);
      await Promise.all([page.waitForLoadState('load'), page.keyboard.press('Enter')]);
      await page.locator('#payment-error').waitFor();
      await expect.poll(() => focusedId(page)).toBe('payment-error');
      return (await page.locator('#payment-error').innerText()).replace(/\s+/g, ' ');
    };
    expect(await failure('4000 0000 0000 0002')).toBe(
      'Zahlung fehlgeschlagen. Deine Karte wurde abgelehnt. Versuch es mit einer anderen Karte oder brich ab und kehre zurück.',
    );
    expect(await page.title()).toBe('Fehler: An Stitchhouse bezahlen · Stitchhouse-Sandbox');
    expect(await failure('4000 0000 0000 9995')).toContain('Deine Karte ist nicht ausreichend gedeckt.');
    expect(await failure('4000 0000 0000 0069')).toContain('Deine Karte ist abgelaufen.');

    await typeCard(page, '4242 4242 4242 4241', pay);
    await Promise.all([page.waitForLoadState('load'), page.keyboard.press('Enter')]);
    await expect.poll(() => focusedId(page)).toBe('number');
    expect(await page.locator('#number-error').innerText()).toBe('Deine Kartennummer ist ungültig.');

    await typeCard(page, '4000 0025 0000 3155', pay);
    await Promise.all([page.waitForURL(/\/authenticate$/), page.keyboard.press('Enter')]);
    await expect.poll(() => focusedId(page)).toBe('Bestätigung abschließen');
    await page.keyboard.press('Tab');
    await Promise.all([page.waitForLoadState('load'), page.keyboard.press('Enter')]);
    await page.locator('#payment-error').waitFor();
    expect(await page.locator('#payment-error').innerText()).toContain(
      'Wir konnten deine Zahlungsmethode nicht bestätigen. Wähle eine andere Zahlungsmethode und versuch es noch einmal.',
    );
    await expectNoSeriousA11yIssues(page);
  });

  it('a bad card number is announced on its field, which gets focus', async () => {
    const session = await checkoutSession();
    const { page } = await stack.newPage();
    await page.goto(session.url);
    await typeCard(page, '4242 4242 4242 4241');
    await Promise.all([page.waitForLoadState('load'), page.keyboard.press('Enter')]);
    await page.locator('#number-error').waitFor();
    await expect.poll(() => focusedId(page)).toBe('number');
    expect(await page.locator('#number').getAttribute('aria-invalid')).toBe('true');
    await expectNoSeriousA11yIssues(page);
  });
});

describe('onboarding and billing portal pages', () => {
  it('onboarding is labelled, keyboard-submittable and returns to return_url', async () => {
    const account = await stripe<{ id: string }>('/accounts', { type: 'express', country: 'IE', email: 'kb@example.com' });
    const link = await stripe<{ url: string }>('/account_links', {
      account: account.id,
      type: 'account_onboarding',
      refresh_url: `${stack.shellUrl}/payment/refresh`,
      return_url: `${stack.shellUrl}/payment/receive?return=1`,
    });
    const { page } = await stack.newPage();
    await page.goto(link.url);
    expect(await page.title()).toBe('Payout details · Stitchhouse sandbox');
    await expectNoSeriousA11yIssues(page);
    await tabTo(page, 'legal_name');
    await page.keyboard.type('Kay Board');
    await tabTo(page, 'Agree and submit');
    await Promise.all([page.waitForURL(`${stack.shellUrl}/payment/receive?return=1`), page.keyboard.press('Enter')]);
  });

  it('the portal has no serious axe issue', async () => {
    const customer = await stripe<{ id: string }>('/customers', { email: 'portal-kb@example.com' });
    const portal = await stripe<{ url: string }>('/billing_portal/sessions', { customer: customer.id, return_url: `${stack.shellUrl}/payment/subscription` });
    const { page } = await stack.newPage();
    await page.goto(portal.url);
    expect(await page.title()).toBe('Billing · Stitchhouse sandbox');
    await expectNoSeriousA11yIssues(page);
    await page.getByRole('link', { name: 'Return to Stitchhouse' }).waitFor();
  });
});
