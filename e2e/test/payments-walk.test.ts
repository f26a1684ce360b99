import type { Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeSaleExample, formatMoney, saleExample } from '@stitchhouse/shared/pricing.ts';
import { startE2EStack, type E2EStack } from '../src/harness.ts';
import { payOnHostedPage } from '../src/hostedCheckout.ts';
import { waitFor } from '@stitchhouse/shared/testing/kit.ts';
import { expectNoSeriousA11yIssues } from './auth-support.ts';
import { createPerson, insertRow, openScreen, publishedPattern, selectRows, signedInPage as signedInPageAs, type Backend } from './catalog-own.fixtures.ts';

// Payments in Chromium, as a designer and a buyer see them: the one worked example of a sale on
// every page that shows one, payout requirements in words, Pro switched between
// monthly and yearly on /payment/subscription, wallets on the hosted checkout page paying like a
// card, and the sandbox pages asking for no missing /favicon.ico.
let stack: E2EStack;
let backend: Backend;
const VISA = '4242 4242 4242 4242';

beforeAll(async () => {
  stack = await startE2EStack({ backend: true });
  if (!stack.backend?.stripe) throw new Error('the embedded backend runs no Stripe sandbox');
  backend = stack.backend as Backend;
});

afterAll(async () => {
  await stack?.stop();
});

const open = (page: Page, path: string) => openScreen(stack, page, path);

/** Every answer of the sandbox's origin that failed (a missing /favicon.ico shows as a 404 in the console). */
function sandboxFailures(page: Page): string[] {
  const failed: string[] = [];
  const origin = new URL(stack.backend!.stripe!.url).origin;
  page.on('response', (response: Response) => {
    if (response.url().startsWith(origin) && response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
  });
  page.on('console', (message) => {
    if (message.type() === 'error' && page.url().startsWith(origin)) failed.push(`console: ${message.text()}`);
  });
  return failed;
}

describe('the fee copy', () => {
  it('/designers, /pricing, /payment/receive and /partners show the one worked example, in checkout’s figures', async () => {
    const example = saleExample();
    const sentence = describeSaleExample(example);
    // what checkout pays: VAT of Germany out of the €12.00, the fee on the rest (the backend test buys it for real)
    expect(sentence).toBe(
      `A €12.00 sale to a buyer in Germany: VAT ${formatMoney(example.vatCents, 'EUR')} (19 %, included in the price), Stitchhouse fee ${formatMoney(example.plans[0]!.platformFeeCents, 'EUR')}, you keep ${formatMoney(example.plans[0]!.designerShareCents, 'EUR')} on Free; on Pro the fee is ${formatMoney(example.plans[1]!.platformFeeCents, 'EUR')} and you keep ${formatMoney(example.plans[1]!.designerShareCents, 'EUR')}.`,
    );
    expect(example.plans[0]!.designerShareCents).toBe(933);

    const { page, errors } = await stack.newPage();
    for (const path of ['/designers', '/pricing']) {
      await open(page, path);
      await page.getByText(sentence).first().waitFor();
      expect(await page.locator('main').textContent(), path).not.toMatch(/Keep €11\.15|before any VAT the buyer/);
    }
    await open(page, '/partners');
    await page.getByText(describeSaleExample(example, 'partner')).waitFor();
    // the table's figures are the sentence's
    await page
      .getByRole('cell', { name: formatMoney(example.plans[0]!.designerShareCents, 'EUR') })
      .first()
      .waitFor();

    const designer = await createPerson(backend, 'copy', 'Cora Designer');
    const signedIn = await signedInPageAs(stack, backend, designer.email);
    await open(signedIn.page, '/payment/receive');
    await signedIn.page.getByText(sentence).waitFor();
    expect(await signedIn.page.locator('main').textContent()).not.toContain('before any VAT the buyer’s country adds');
    expect([...errors, ...signedIn.errors]).toEqual([]);
  });
});

describe('payout setup', () => {
  it('says what Stripe still needs in words, not field codes', async () => {
    const designer = await createPerson(backend, 'payout', 'Pia Designer');
    await insertRow(backend, 'stores', {
      owner_id: designer.id,
      slug: `pia-${designer.id.slice(0, 6)}`,
      kind: 'designer',
      name: 'Pia Patterns',
      currency: 'EUR',
      country: 'DE',
    });
    const { page } = await signedInPageAs(stack, backend, designer.email);
    const failed = sandboxFailures(page);
    await open(page, '/payment/receive');
    await page.getByRole('button', { name: 'Connect a payout account' }).click();
    await page.waitForURL(/\/connect\/onboarding\//, { timeout: 30_000 });
    // the designer leaves Stripe's onboarding before the end
    await open(page, '/payment/receive');
    const needed = page.getByTestId('payout-requirements');
    await needed.waitFor({ timeout: 30_000 });
    const text = (await needed.textContent())!;
    expect(text).toBe(
      'Still needed: your business’s website, a bank account for payouts, your first name, your last name and your acceptance of Stripe’s services agreement.',
    );
    expect(text).not.toMatch(/tos|acceptance ip|individual|external account|_/);
    await expectNoSeriousA11yIssues(page);
    expect(failed).toEqual([]);
  });
});

describe('Pro billed monthly or yearly', () => {
  it('switches from monthly to yearly on /payment/subscription, charged less the unused month, and back', async () => {
    const designer = await createPerson(backend, 'switch', 'Sol Designer');
    const store = await insertRow<{ id: string }>(backend, 'stores', {
      owner_id: designer.id,
      slug: `sol-${designer.id.slice(0, 6)}`,
      kind: 'designer',
      name: 'Sol Patterns',
      currency: 'EUR',
      country: 'IE',
    });
    const { page, errors } = await signedInPageAs(stack, backend, designer.email);
    const failed = sandboxFailures(page);
    await open(page, '/payment/subscription');
    await page.getByText('On Pro, switch between monthly and yearly on this page; cancel or change your card any time in billing.').waitFor();
    await page.getByRole('radio', { name: /Monthly/ }).check();
    await page.getByRole('button', { name: 'Upgrade to Pro' }).click();
    await payOnHostedPage(page, { card: VISA, name: 'Sol Designer' });
    await page.waitForURL(/\/payment\/subscription\?status=success/);
    await page.getByText('Sol Patterns is on Pro').waitFor({ timeout: 30_000 });
    await open(page, '/payment/subscription');
    await page.getByRole('heading', { name: 'Billing: monthly, €9.00 a month' }).waitFor({ timeout: 30_000 });
    await expectNoSeriousA11yIssues(page);

    await page.getByRole('button', { name: 'Switch to yearly (€90.00 a year)' }).click();
    await page.getByText('Switch to yearly: €90.00 a year, charged now to your card, less the unused part of this month.').waitFor();
    await page.getByRole('button', { name: 'Switch to yearly', exact: true }).click();
    const done = page.getByRole('alert').filter({ hasText: 'Pro is now billed yearly' }).or(page.getByText('Pro is now billed yearly'));
    await done.first().waitFor({ timeout: 30_000 });
    // moments into the month: almost all of €9.00 is unused
    await page.getByText(/Charged €81\.\d\d now \(€90\.00 less €(8\.9\d|9\.00) for the unused time\)/).waitFor();
    await waitFor(
      'the subscription row on yearly',
      async () => (await selectRows<{ interval: string }>(backend, `subscriptions?store_id=eq.${store.id}&select=interval`))[0]?.interval === 'year',
      30_000,
    );
    await open(page, '/payment/subscription');
    await page.getByRole('heading', { name: 'Billing: yearly, €90.00 a year' }).waitFor();

    await page.getByRole('button', { name: 'Switch to monthly (€9.00 a month)' }).click();
    await page.getByRole('button', { name: 'Switch to monthly', exact: true }).click();
    await page.getByText(/Nothing was charged: the unused €(89|90)\.\d\d is credit that pays your next invoices\./).waitFor({ timeout: 30_000 });
    await waitFor(
      'the subscription row on monthly',
      async () => (await selectRows<{ interval: string }>(backend, `subscriptions?store_id=eq.${store.id}&select=interval`))[0]?.interval === 'month',
      30_000,
    );
    expect(await selectRows(backend, `stores?id=eq.${store.id}&select=plan`)).toEqual([{ plan: 'pro' }]);

    // the portal is what the copy says it is: cancel or resume, and the card; its page has an icon
    await page.getByRole('button', { name: 'Manage billing' }).click();
    await page.waitForURL(/\/billing\/bps_/);
    await page.getByRole('button', { name: 'Cancel plan at period end' }).waitFor();
    await page.getByRole('button', { name: 'Update card' }).waitFor();
    expect(await page.locator('link[rel="icon"]').getAttribute('href')).toBe('/favicon.svg');
    for (const path of ['/favicon.svg', '/favicon.ico']) expect((await fetch(`${stack.backend!.stripe!.url}${path}`)).status, path).toBe(200);
    expect(failed).toEqual([]);
    expect(errors).toEqual([]);
  });
});

describe('wallets at checkout', () => {
  it('the hosted page offers Apple Pay, Google Pay and PayPal; Google Pay pays the order like a card', async () => {
    const designer = await createPerson(backend, 'wallet', 'Wren Designer');
    const store = await insertRow<{ id: string }>(backend, 'stores', {
      owner_id: designer.id,
      slug: `wren-${designer.id.slice(0, 6)}`,
      kind: 'designer',
      name: 'Wren Patterns',
      currency: 'EUR',
      country: 'IE',
    });
    const pattern = await publishedPattern(backend, store.id, 'Wren Wrap Top');
    await fetch(`${backend.url}/rest/v1/patterns?id=eq.${pattern.id}`, {
      method: 'PATCH',
      headers: { apikey: backend.serviceRoleKey, authorization: `Bearer ${backend.serviceRoleKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ currency: 'EUR', price_cents: 1200 }),
    });
    const buyer = await createPerson(backend, 'walletbuyer', 'Gale Maker');
    const { page, errors } = await signedInPageAs(stack, backend, buyer.email);
    const failed = sandboxFailures(page);
    await open(page, `/patterns/${pattern.id}`);
    await page.getByRole('button', { name: 'Buy', exact: true }).click();
    await page.waitForURL(/\/payment\/send$/);
    await page.getByRole('combobox', { name: 'Your country' }).selectOption('DE');
    await page.getByRole('button', { name: 'Pay €12.00' }).click();
    await page.waitForURL(/\/checkout\/cs_test_/);
    const express = page.getByRole('form', { name: 'Express checkout' });
    for (const name of ['Apple Pay', 'Google Pay', 'PayPal']) await express.getByRole('button', { name, exact: true }).waitFor();
    await page.getByText('Or pay with card').waitFor();
    await expectNoSeriousA11yIssues(page);
    await express.getByRole('button', { name: 'Google Pay', exact: true }).click();
    await page.waitForURL(/\/payment\/success\?order=/);
    await page.getByRole('link', { name: 'Download Wren Wrap Top' }).waitFor({ timeout: 30_000 });
    const orderId = new URL(page.url()).searchParams.get('order')!;
    const [order] = await selectRows<{ status: string; total_cents: number; vat_cents: number }>(
      backend,
      `orders?id=eq.${orderId}&select=status,total_cents,vat_cents`,
    );
    expect(order).toEqual({ status: 'paid', total_cents: 1200, vat_cents: saleExample().vatCents });
    const [transfer] = await selectRows<{ amount_cents: number }>(
      backend,
      `payout_transfers?order_id=eq.${orderId}&kind=eq.designer_share&select=amount_cents`,
    );
    // the designer is paid what the copy says a €12.00 sale to Germany pays on Free
    expect(transfer!.amount_cents).toBe(saleExample().plans.find((p) => p.planId === 'free')!.designerShareCents);
    expect(failed).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('PayPal: approve on PayPal’s page and the order is paid', async () => {
    const designer = await createPerson(backend, 'paypal', 'Pam Designer');
    const store = await insertRow<{ id: string }>(backend, 'stores', {
      owner_id: designer.id,
      slug: `pam-${designer.id.slice(0, 6)}`,
      kind: 'designer',
      name: 'Pam Patterns',
      currency: 'EUR',
      country: 'IE',
    });
    const pattern = await publishedPattern(backend, store.id, 'Pam Pinafore');
    await fetch(`${backend.url}/rest/v1/patterns?id=eq.${pattern.id}`, {
      method: 'PATCH',
      headers: { apikey: backend.serviceRoleKey, authorization: `Bearer ${backend.serviceRoleKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ currency: 'EUR' }),
    });
    const buyer = await createPerson(backend, 'paypalbuyer', 'Pat Maker');
    const { page } = await signedInPageAs(stack, backend, buyer.email);
    const failed = sandboxFailures(page);
    await open(page, `/patterns/${pattern.id}`);
    await page.getByRole('button', { name: 'Buy', exact: true }).click();
    await page.waitForURL(/\/payment\/send$/);
    await page.getByRole('button', { name: /^Pay €/ }).click();
    await page.waitForURL(/\/checkout\/cs_test_/);
    await page.getByRole('button', { name: 'PayPal', exact: true }).click();
    await page.getByRole('heading', { name: 'PayPal' }).waitFor();
    await page.getByRole('button', { name: 'Approve and pay' }).click();
    await page.waitForURL(/\/payment\/success\?order=/);
    await page.getByRole('link', { name: 'Download Pam Pinafore' }).waitFor({ timeout: 30_000 });
    expect(failed).toEqual([]);
  });
});
