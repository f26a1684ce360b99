import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CART_STORAGE_KEY } from '@stitchhouse/shared/cart/index.ts';
import { startE2EStack, type E2EStack } from '../src/harness.ts';
import { payOnHostedPage } from '../src/hostedCheckout.ts';
import { expectHeading, expectNoSeriousA11yIssues, inbox } from './auth-support.ts';
import {
  createPerson,
  createStore,
  insertRow,
  openScreen,
  publishedPattern,
  selectRows,
  signedInPage as signedInPageAs,
  type Backend,
} from './catalog-own.fixtures.ts';

// Payments end to end in Chromium: the shop's screens, the embedded Stripe sandbox's
// hosted pages and its signed webhooks, against a fresh backend. Entitlements come only from the
// webhook: every flow waits for the screens to catch up, never writes the outcome itself.
let stack: E2EStack;
let backend: Backend;
let sandbox: { url: string; secretKey: string };
let ada: { id: string; email: string };
let bo: { id: string; email: string };
let adaStore: { id: string; slug: string };
let boStore: { id: string; slug: string };
let tide: { id: string };
let harbour: { id: string };
let marsh: { id: string };

const VISA = '4242 4242 4242 4242';
const DECLINED = '4000 0000 0000 0002';
const THREE_D_SECURE = '4000 0025 0000 3155';

beforeAll(async () => {
  stack = await startE2EStack({ backend: true });
  if (!stack.backend) throw new Error('the embedded backend did not start');
  if (!stack.backend.stripe) throw new Error('the embedded backend runs no Stripe sandbox (Stack.stripe is null)');
  backend = stack.backend as Backend;
  sandbox = stack.backend.stripe;
  ada = await createPerson(backend, 'ada', 'Ada Designer');
  bo = await createPerson(backend, 'bo', 'Bo Designer');
  adaStore = await createStore(backend, ada.id, 'Ada Tide Patterns');
  boStore = await createStore(backend, bo.id, 'Bo Harbour Patterns');
  tide = await publishedPattern(backend, adaStore.id, 'Tide Dress');
  marsh = await publishedPattern(backend, adaStore.id, 'Marsh Jacket');
  harbour = await publishedPattern(backend, boStore.id, 'Harbour Shirt');
});

afterAll(async () => {
  await stack?.stop();
});

const signedInPage = (email: string) => signedInPageAs(stack, backend, email);
const open = (page: Page, path: string) => openScreen(stack, page, path);

async function cartLines(page: Page): Promise<{ patternId: string; kind: string; quantity: number }[]> {
  const raw = await page.evaluate((key) => localStorage.getItem(key), CART_STORAGE_KEY);
  return raw ? (JSON.parse(raw) as { patternId: string; kind: string; quantity: number }[]) : [];
}

/** Fills the sandbox's hosted checkout page with a test card and pays. */
async function waitFor<T>(what: string, read: () => Promise<T | null | undefined | false>, timeoutMs = 30_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((done) => setTimeout(done, 250));
  }
}

interface OrderRow {
  id: string;
  number: number;
  status: string;
  total_cents: number;
  vat_cents: number;
  failure_code: string | null;
}
const orderOf = (id: string) =>
  selectRows<OrderRow>(backend, `orders?id=eq.${id}&select=id,number,status,total_cents,vat_cents,failure_code`).then((rows) => rows[0]);
const orderIdIn = (url: string) => new URL(url).searchParams.get('order')!;

async function sandboxPost(path: string, body: unknown = {}) {
  const response = await fetch(`${sandbox.url}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${sandbox.secretKey}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`sandbox ${path} → ${response.status}: ${await response.text()}`);
}

async function buyOne(buyerEmail: string, patternId: string, title: string): Promise<{ page: Page; orderId: string }> {
  const { page } = await signedInPage(buyerEmail);
  await open(page, `/patterns/${patternId}`);
  await page.getByRole('button', { name: 'Buy', exact: true }).click();
  await page.waitForURL(/\/payment\/send$/);
  await page.getByRole('button', { name: /^Pay \$/ }).click();
  await payOnHostedPage(page, { card: VISA });
  await page.waitForURL(/\/payment\/success\?order=/);
  await page.getByRole('link', { name: `Download ${title}` }).waitFor({ timeout: 30_000 });
  return { page, orderId: orderIdIn(page.url()) };
}

describe('buying', () => {
  let buyer: { id: string; email: string };
  beforeAll(async () => {
    buyer = await createPerson(backend, 'buyer', 'Rosa Maker');
  });

  it('single purchase: Buy → checkout with VAT → hosted page (4242) → confirming → download; receipt mailed, cart emptied', async () => {
    const { page, errors } = await signedInPage(buyer.email);
    await open(page, `/patterns/${tide.id}`);
    await page.getByRole('button', { name: 'Buy', exact: true }).click();
    await page.waitForURL(/\/payment\/send$/);
    await expectHeading(page, 'Checkout');
    expect(await cartLines(page)).toMatchObject([{ patternId: tide.id, kind: 'digital', quantity: 1 }]);
    await page.getByRole('link', { name: 'Cart, 1 pattern' }).waitFor(); // the header's count

    await page.getByRole('combobox', { name: 'Your country' }).selectOption('DE');
    await page.getByText('VAT 19 % for Germany, included').waitFor();
    expect(await page.getByTestId('checkout-total').textContent()).toBe('$15.00'); // prices are tax-inclusive
    await expectNoSeriousA11yIssues(page);

    await page.getByRole('button', { name: 'Pay $15.00' }).click();
    await payOnHostedPage(page, { card: VISA });
    await page.waitForURL(/\/payment\/success\?order=/);
    const orderId = orderIdIn(page.url());
    const download = page.getByRole('link', { name: 'Download Tide Dress' });
    await download.waitFor({ timeout: 30_000 });
    await page.getByText(`A receipt was sent to ${buyer.email}.`).waitFor();
    expect(await cartLines(page)).toEqual([]);
    await page.getByRole('link', { name: /^Cart, / }).waitFor({ state: 'detached' });
    await expectNoSeriousA11yIssues(page);

    const order = await orderOf(orderId);
    expect(order).toMatchObject({ status: 'paid', total_cents: 1500 });
    expect(order!.vat_cents).toBe(Math.floor((1500 * 1900 * 2 + 11_900) / (2 * 11_900))); // 19 % contained in $15.00
    const receipt = await waitFor('the receipt email', async () => (await inbox(backend, buyer.email)).find((m) => m.text.includes(`/download/${tide.id}`)));
    expect(receipt.text).toMatch(/VAT/);
    // Every link in the receipt opens a real screen (the library link once pointed at /library: a 404).
    const links = [...new Set(receipt.links.filter((link) => link.startsWith(stack.apps.urls.shell)))];
    expect(links.map((link) => new URL(link).pathname).sort()).toEqual([`/download/${tide.id}`, '/patterns/my-patterns', '/payment']);
    for (const link of links) {
      const opened = await page.context().newPage();
      await opened.goto(link);
      await opened.locator('main h1').first().waitFor();
      expect(await opened.locator('main h1').first().textContent(), link).not.toBe('We could not find that page');
      await opened.close();
    }

    const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
    expect(file.suggestedFilename()).toMatch(/^tide-dress-a4-v1\.pdf$/);
    expect(errors).toEqual([]);
  });

  it('two designers in one cart: one payment; downloads only once the webhook confirmed it; each designer’s share recorded', async () => {
    const second = await createPerson(backend, 'cart', 'Cato Maker');
    const { page } = await signedInPage(second.email);
    await open(page, `/patterns/${marsh.id}`);
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await page.getByText('In your cart.').waitFor();
    await open(page, `/patterns/${harbour.id}`);
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await page.getByRole('link', { name: 'Go to checkout' }).click();
    await page.waitForURL(/\/payment\/send$/);
    await page.getByRole('button', { name: 'Remove Marsh Jacket from the cart' }).waitFor();
    // With the webhook held back, coming back from the payment page proves nothing: no download yet.
    await sandboxPost('/_sandbox/webhooks/pause');
    try {
      await page.getByRole('button', { name: 'Pay $30.00' }).click();
      await payOnHostedPage(page, { card: VISA });
      await page.waitForURL(/\/payment\/success\?order=/);
      await page.getByText('Confirming your payment…').first().waitFor();
      await page.waitForTimeout(2000);
      expect(await page.getByRole('link', { name: /^Download / }).count()).toBe(0);
      expect(await selectRows(backend, `entitlements?user_id=eq.${second.id}&select=id`)).toEqual([]);
    } finally {
      await sandboxPost('/_sandbox/webhooks/resume');
    }
    await page.getByRole('link', { name: 'Download Marsh Jacket' }).waitFor({ timeout: 30_000 });
    await page.getByRole('link', { name: 'Download Harbour Shirt' }).waitFor();
    const orderId = orderIdIn(page.url());
    const transfers = await waitFor('a transfer per designer', async () => {
      const rows = await selectRows<{ recipient_id: string; store_id: string; status: string }>(
        backend,
        `payout_transfers?order_id=eq.${orderId}&select=recipient_id,store_id,status`,
      );
      return rows.length === 2 ? rows : null;
    });
    expect(transfers.map((t) => t.recipient_id).sort()).toEqual([ada.id, bo.id].sort());
    // Neither designer has finished payout onboarding: their money is held for them.
    expect(transfers.every((t) => t.status === 'held')).toBe(true);
  });

  it('a declined card lands on the error page with the reason and Retry; the cart is kept', async () => {
    const third = await createPerson(backend, 'declined', 'Dee Maker');
    const { page } = await signedInPage(third.email);
    await open(page, `/patterns/${harbour.id}`);
    await page.getByRole('button', { name: 'Buy', exact: true }).click();
    await page.getByRole('button', { name: 'Pay $15.00' }).click();
    await payOnHostedPage(page, { card: DECLINED });
    await page.getByRole('alert').filter({ hasText: 'Payment failed.' }).waitFor();
    const sessionUrl = page.url();
    const orders = await waitFor('the failure recorded by the webhook', async () => {
      const rows = await selectRows<OrderRow & { buyer_id: string }>(backend, `orders?buyer_id=eq.${third.id}&select=id,status,failure_code`);
      return rows.find((o) => o.failure_code) ? rows : null;
    });
    expect(orders[0]!.failure_code).toBe('card_declined');
    expect(sessionUrl).toMatch(/\/checkout\/cs_test_/);
    await page.getByRole('link', { name: 'Cancel and return to Stitchhouse' }).click();
    await page.waitForURL(/\/payment\/error\?order=.*reason=cancelled/);
    await expectHeading(page, 'The payment did not go through');
    await page.getByText('Your card was declined').waitFor();
    await expectNoSeriousA11yIssues(page);
    expect(await cartLines(page)).toMatchObject([{ patternId: harbour.id }]);
    await page.getByRole('link', { name: 'Try again' }).click();
    await page.waitForURL(/\/payment\/send$/);
    await page.getByRole('button', { name: 'Remove Harbour Shirt from the cart' }).waitFor();
    expect((await selectRows(backend, `entitlements?user_id=eq.${third.id}&select=id`)).length).toBe(0);
  });

  it('3-D Secure refused: the bank check fails, the error page says so', async () => {
    const fourth = await createPerson(backend, 'threeds', 'Tess Maker');
    const { page } = await signedInPage(fourth.email);
    await open(page, `/patterns/${tide.id}`);
    await page.getByRole('button', { name: 'Buy', exact: true }).click();
    await page.getByRole('button', { name: 'Pay $15.00' }).click();
    await payOnHostedPage(page, { card: THREE_D_SECURE });
    await page.getByRole('heading', { name: '3-D Secure authentication' }).waitFor();
    await page.getByRole('button', { name: 'Fail authentication' }).click();
    await page.getByRole('alert').filter({ hasText: 'Payment failed.' }).waitFor();
    await waitFor('the failure recorded by the webhook', async () =>
      (await selectRows<OrderRow>(backend, `orders?buyer_id=eq.${fourth.id}&select=failure_code`)).some(
        (o) => o.failure_code === 'payment_intent_authentication_failure',
      ),
    );
    await page.getByRole('link', { name: 'Cancel and return to Stitchhouse' }).click();
    await page.waitForURL(/\/payment\/error\?/);
    await page.getByText('Your bank could not confirm it was you').waitFor();
    expect(await cartLines(page)).toMatchObject([{ patternId: tide.id }]);
  });

  it('an old “/payment/send?productId=” link puts that pattern in the cart; an empty cart says how to fill it', async () => {
    const someone = await createPerson(backend, 'oldlink', 'Lin Maker');
    const { page } = await signedInPage(someone.email);
    await open(page, '/payment/send');
    await page.getByRole('heading', { name: 'Your cart is empty' }).waitFor();
    await open(page, `/payment/send?productId=${tide.id}`);
    await page.waitForURL(/\/payment\/send$/);
    await page.getByRole('button', { name: 'Remove Tide Dress from the cart' }).click();
    await page.getByRole('heading', { name: 'Your cart is empty' }).waitFor();
    expect(await cartLines(page)).toEqual([]);
  });

  it('a cart in two currencies is paid in one checkout per currency, and says so', async () => {
    const euro = await createPerson(backend, 'euro', 'Eli Designer');
    const euroStore = await insertRow(backend, 'stores', {
      owner_id: euro.id,
      slug: `eli-linen-${euro.id.slice(0, 6)}`,
      kind: 'designer',
      name: 'Eli Linen',
      currency: 'EUR',
    });
    const smock = await publishedPattern(backend, euroStore.id, 'Linen Smock');
    await fetch(`${backend.url}/rest/v1/patterns?id=eq.${smock.id}`, {
      method: 'PATCH',
      headers: { apikey: backend.serviceRoleKey, authorization: `Bearer ${backend.serviceRoleKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ currency: 'EUR' }),
    });
    const shopper = await createPerson(backend, 'twocur', 'Mo Maker');
    const { page } = await signedInPage(shopper.email);
    for (const id of [tide.id, smock.id]) {
      await open(page, `/patterns/${id}`);
      await page.getByRole('button', { name: 'Add to cart' }).click();
      await page.getByText('In your cart.').waitFor();
    }
    await open(page, '/payment/send');
    await page.getByText('Your cart has patterns priced in USD and EUR').waitFor();
    await page.getByRole('heading', { name: 'Pay in USD' }).waitFor();
    await page.getByRole('heading', { name: 'Pay in EUR' }).waitFor();
    await page.getByRole('button', { name: 'Pay $15.00' }).waitFor();
    await page.getByRole('button', { name: 'Pay €15.00' }).waitFor();
    await expectNoSeriousA11yIssues(page);
  });

  it('a price changed or a pattern withdrawn since it went in the cart: the checkout says so and offers the way forward', async () => {
    const fifth = await createPerson(backend, 'changes', 'Cy Maker');
    const jumper = await publishedPattern(backend, boStore.id, 'Dune Jumper');
    const vest = await publishedPattern(backend, boStore.id, 'Reed Vest');
    const { page } = await signedInPage(fifth.email);
    for (const id of [jumper.id, vest.id]) {
      await open(page, `/patterns/${id}`);
      await page.getByRole('button', { name: 'Add to cart' }).click();
      await page.getByText('In your cart.').waitFor();
    }
    await fetch(`${backend.url}/rest/v1/patterns?id=eq.${jumper.id}`, {
      method: 'PATCH',
      headers: { apikey: backend.serviceRoleKey, authorization: `Bearer ${backend.serviceRoleKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ price_cents: 1800 }),
    });
    await fetch(`${backend.url}/rest/v1/patterns?id=eq.${vest.id}`, {
      method: 'PATCH',
      headers: { apikey: backend.serviceRoleKey, authorization: `Bearer ${backend.serviceRoleKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ status: 'archived' }),
    });
    await open(page, '/payment/send');
    await page.getByText('Some patterns are no longer sold').waitFor();
    await page.getByRole('button', { name: 'Remove this pattern' }).click();
    await page.getByText('Prices changed since you added these patterns').waitFor();
    expect((await cartLines(page)).map((l) => l.patternId)).toEqual([jumper.id]);
    await page.getByRole('button', { name: 'Confirm new total and pay $18.00' }).waitFor();
    expect(await cartLines(page)).toMatchObject([{ patternId: jumper.id, unitPriceCents: 1800 }]);
  });
});

describe('wholesale print licences', () => {
  it('an approved shop orders printed copies: the number is checked in the cart, the licence is paid', async () => {
    const shop = await createPerson(backend, 'shop', 'Gloria Shop');
    await insertRow(backend, 'wholesale_accounts', {
      user_id: shop.id,
      business_name: 'Cotton Reel',
      tax_id: 'IE1234567X',
      address_line1: '1 Main Street',
      city: 'Dublin',
      postal_code: 'D01 F5P2',
      country: 'IE',
      status: 'approved',
    });
    await insertRow(backend, 'pattern_wholesale_prices', { pattern_id: marsh.id, store_id: adaStore.id, price_cents: 400, currency: 'USD', min_quantity: 5 });
    const { page } = await signedInPage(shop.email);
    await open(page, `/patterns/${marsh.id}`);
    await page.getByRole('textbox', { name: 'Copies' }).fill('12');
    await page.getByRole('button', { name: 'Add copies to cart' }).click();
    await page.getByText('12 printed copies in your cart.').waitFor();
    await page.getByRole('link', { name: 'Go to checkout' }).click();
    await page.waitForURL(/\/payment\/send$/);
    const copies = page.getByRole('textbox', { name: 'Copies of Marsh Jacket' });
    await copies.fill('3');
    await page.getByText('The wholesale price starts at 5 copies.').waitFor();
    expect(await cartLines(page)).toMatchObject([{ patternId: marsh.id, kind: 'wholesale_print', quantity: 12 }]); // nothing lost
    await copies.fill('10');
    await page.getByRole('button', { name: 'Pay $40.00' }).click();
    await payOnHostedPage(page, { card: VISA });
    await page.waitForURL(/\/payment\/success\?order=/);
    await page.getByText('Marsh Jacket: 10 printed copies').waitFor({ timeout: 30_000 });
    const [item] = await selectRows<{ kind: string; quantity: number; unit_price_cents: number }>(
      backend,
      `order_items?order_id=eq.${orderIdIn(page.url())}&select=kind,quantity,unit_price_cents`,
    );
    expect(item).toEqual({ kind: 'wholesale_print', quantity: 10, unit_price_cents: 400 });
  });
});

describe('getting paid', () => {
  it('onboarding with an expired link goes through /payment/refresh and continues to the end', async () => {
    const { page } = await signedInPage(bo.email);
    await open(page, '/payment/receive');
    await page.getByText('Not connected').waitFor();
    await expectNoSeriousA11yIssues(page);
    await page.getByRole('button', { name: 'Connect a payout account' }).click();
    await page.waitForURL(/\/connect\/onboarding\//);
    await sandboxPost('/_sandbox/clock/advance', { seconds: 600 }); // account links last 5 minutes
    await page.reload();
    // The expired link sends the browser to /payment/refresh, which makes a new link and continues.
    await page.waitForURL(/\/payment\/refresh$/, { timeout: 30_000, waitUntil: 'commit' });
    await page.waitForURL(/\/connect\/onboarding\//, { timeout: 30_000 });
    await page.locator('#legal_name').fill('Bo Harbour');
    await page.locator('#account_number').fill('DE89370400440532013000');
    await page.getByRole('button', { name: 'Agree and submit' }).click();
    await page.waitForURL(/\/payment\/receive\?return=1/);
    await page.getByText('Your payout account is ready').waitFor({ timeout: 30_000 });
    // The status check releases what was held for Bo (the two-designer cart above).
    await waitFor('Bo’s held money paid out', async () => {
      const rows = await selectRows<{ status: string }>(backend, `payout_transfers?recipient_id=eq.${bo.id}&select=status`);
      return rows.length > 0 && rows.every((r) => r.status === 'paid');
    });
  });

  it('/payment/refresh without a payout account offers Connect instead of opening one', async () => {
    const { page } = await signedInPage(ada.email);
    await open(page, '/payment/refresh');
    await page.getByText('You have not started a payout setup yet').waitFor();
    await expectNoSeriousA11yIssues(page);
    await page.getByRole('button', { name: 'Connect a payout account' }).click();
    await page.waitForURL(/\/connect\/onboarding\//, { timeout: 30_000 });
    await page.getByRole('heading', { name: 'Get paid by Stitchhouse' }).waitFor();
  });
});

describe('store plan', () => {
  it('upgrade to Pro (yearly) through the hosted checkout, then cancel through the billing portal', async () => {
    const { page } = await signedInPage(ada.email);
    await open(page, '/payment/subscription');
    expect(await page.getByTestId('current-plan').textContent()).toBe('Free');
    await expectNoSeriousA11yIssues(page);
    await page.getByRole('radio', { name: /Yearly/ }).check();
    await page.getByRole('button', { name: 'Upgrade to Pro' }).click();
    await payOnHostedPage(page, { card: VISA });
    await page.waitForURL(/\/payment\/subscription\?status=success/);
    await page.getByText('Ada Tide Patterns is on Pro').waitFor({ timeout: 30_000 });
    expect(await selectRows(backend, `stores?id=eq.${adaStore.id}&select=plan`)).toEqual([{ plan: 'pro' }]);

    await page.getByRole('button', { name: 'Manage billing' }).click();
    await page.waitForURL(/\/billing\/bps_/);
    await page.getByRole('button', { name: 'Cancel plan at period end' }).click();
    await page.getByRole('link', { name: /Return to Stitchhouse/ }).click();
    await page.waitForURL(/\/payment\/subscription$/);
    await page.getByText(/^Pro ends on /).waitFor({ timeout: 30_000 });
    // Pro lasts until the period end that was paid for.
    expect(await selectRows(backend, `stores?id=eq.${adaStore.id}&select=plan`)).toEqual([{ plan: 'pro' }]);
  });
});

describe('refunds', () => {
  it('the store refunds an order from /payment; the webhook revokes the buyer’s access and the library says refunded', async () => {
    const buyer = await createPerson(backend, 'refunded', 'Ray Maker');
    const { page: buyerPage, orderId } = await buyOne(buyer.email, harbour.id, 'Harbour Shirt');
    const order = await orderOf(orderId);

    const { page } = await signedInPage(bo.email);
    await open(page, '/payment');
    await page.getByRole('heading', { name: 'Recent sales' }).waitFor();
    await expectNoSeriousA11yIssues(page);
    await page.getByRole('button', { name: `Refund order ${order!.number}` }).click();
    const dialog = page.getByRole('dialog', { name: `Refund order ${order!.number}?` });
    await dialog.getByRole('combobox', { name: 'Reason' }).selectOption('requested_by_customer');
    await dialog.getByRole('button', { name: 'Refund $15.00' }).click();
    await page.getByText(/Refund of \$15\.00 sent/).waitFor();
    await page.locator(`[data-order-id="${orderId}"]`).getByText('Refunded', { exact: true }).first().waitFor({ timeout: 30_000 });
    expect((await orderOf(orderId))!.status).toBe('refunded');
    expect(await selectRows(backend, `entitlements?user_id=eq.${buyer.id}&pattern_id=eq.${harbour.id}&select=revoke_reason`)).toEqual([
      { revoke_reason: 'refunded' },
    ]);

    await open(buyerPage, '/patterns/my-patterns');
    await buyerPage
      .getByRole('list', { name: 'Refunded patterns' })
      .getByText(/Harbour Shirt — refunded/)
      .waitFor();
    await open(buyerPage, '/payment');
    await buyerPage.locator(`[data-order-id="${orderId}"]`).getByText('Refunded', { exact: true }).waitFor();
  });
});

describe('discount codes', () => {
  it('a store owner creates a code through REST under RLS; the checkout applies it', async () => {
    const { page } = await signedInPage(ada.email);
    await open(page, '/payment');
    const form = page.getByRole('form', { name: 'New discount code for Ada Tide Patterns' });
    await form.getByRole('textbox', { name: 'Code' }).fill('spring20');
    await form.getByRole('textbox', { name: 'Percent off' }).fill('20');
    await form.getByRole('button', { name: 'Create code' }).click();
    await page.getByText('Code SPRING20 created.').waitFor();
    await page.getByRole('cell', { name: 'SPRING20', exact: true }).waitFor();

    const buyer = await createPerson(backend, 'coupon', 'Cody Maker');
    const shopper = await signedInPage(buyer.email);
    await open(shopper.page, `/patterns/${tide.id}`);
    await shopper.page.getByRole('button', { name: 'Buy', exact: true }).click();
    await shopper.page.getByRole('textbox', { name: 'Discount code' }).fill('spring20');
    await shopper.page.getByRole('button', { name: 'Apply' }).click();
    await shopper.page.getByText('Discount (SPRING20)').waitFor();
    expect(await shopper.page.getByTestId('checkout-total').textContent()).toBe('$12.00');
    await shopper.page.getByRole('textbox', { name: 'Discount code' }).fill('NOPE99');
    await shopper.page.getByRole('button', { name: 'Apply' }).click();
    await shopper.page.getByText(/That discount code does not work here/).waitFor();
  });
});
