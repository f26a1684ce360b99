// Live screens through Realtime in Chromium, against the embedded backend:
//   - /payment/success turns into download buttons when the fulfilment commits, without polling
//     the order while the channel is joined; with the socket blocked it polls as before
//   - the designer's /payment hub shows the new sale and its list updates
//   - an operator's wholesale queue shows a new application without a reload
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2EStack, type E2EStack } from '../src/harness.ts';
import { payOnHostedPage } from '../src/hostedCheckout.ts';
import { createPerson, createStore, insertRow, openScreen, publishedPattern, signedInPage as signedInPageAs, type Backend } from './catalog-own.fixtures.ts';

let stack: E2EStack;
let backend: Backend;
let sandbox: { url: string; secretKey: string };
let designer: { id: string; email: string };
let store: { id: string; slug: string };
let tide: { id: string };
let marsh: { id: string };

const VISA = '4242 4242 4242 4242';

beforeAll(async () => {
  stack = await startE2EStack({ backend: true });
  if (!stack.backend?.stripe) throw new Error('the embedded backend with its Stripe sandbox did not start');
  backend = stack.backend as Backend;
  sandbox = stack.backend.stripe;
  designer = await createPerson(backend, 'live-designer', 'Lia Designer');
  store = await createStore(backend, designer.id, 'Lia Live Patterns');
  tide = await publishedPattern(backend, store.id, 'Tide Dress');
  marsh = await publishedPattern(backend, store.id, 'Marsh Jacket');
}, 240_000);

afterAll(async () => {
  await stack?.stop();
});

const signedInPage = (email: string) => signedInPageAs(stack, backend, email);
const open = (page: Page, path: string) => openScreen(stack, page, path);

async function sandboxPost(path: string) {
  const response = await fetch(`${sandbox.url}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${sandbox.secretKey}`, 'content-type': 'application/json' },
    body: '{}',
  });
  if (!response.ok) throw new Error(`sandbox ${path} → ${response.status}: ${await response.text()}`);
}

/** The page's reads of the orders table (the success page's confirmation read). */
function countOrderReads(page: Page): { count: () => number } {
  let n = 0;
  page.on('request', (r) => {
    if (r.method() === 'GET' && new URL(r.url()).pathname === '/rest/v1/orders') n++;
  });
  return { count: () => n };
}

async function payFor(page: Page, patternId: string) {
  await open(page, `/patterns/${patternId}`);
  await page.getByRole('button', { name: 'Buy', exact: true }).click();
  await page.waitForURL(/\/payment\/send$/);
  await page.getByRole('button', { name: /^Pay \$/ }).click();
  await payOnHostedPage(page, { card: VISA });
  await page.waitForURL(/\/payment\/success\?order=/);
}

describe('payments', () => {
  it('success page: downloads appear on the fulfilment’s commit with no polling; the designer sees the sale arrive', async () => {
    const hub = await signedInPage(designer.email);
    const hubSockets: string[] = [];
    hub.page.on('websocket', (ws) => hubSockets.push(ws.url()));
    await open(hub.page, '/payment');
    await hub.page.getByRole('heading', { name: 'Recent sales' }).waitFor();

    const buyer = await createPerson(backend, 'live-buyer', 'Lou Buyer');
    const { page, errors } = await signedInPage(buyer.email);
    const sockets: string[] = [];
    page.on('websocket', (ws) => sockets.push(ws.url()));
    await sandboxPost('/_sandbox/webhooks/pause');
    let reads: { count: () => number };
    try {
      await payFor(page, tide.id);
      await page.getByText('Confirming your payment…').first().waitFor();
      reads = countOrderReads(page);
      // the channel joins, then nothing reads the order again while the webhook is held back
      await page.waitForTimeout(1500);
      const settled = reads.count();
      await page.waitForTimeout(4500); // three polls' worth at 1.5 s
      expect(reads.count() - settled).toBe(0);
      expect(await page.getByRole('link', { name: /^Download / }).count()).toBe(0);
    } finally {
      await sandboxPost('/_sandbox/webhooks/resume');
    }
    await page.getByRole('link', { name: 'Download Tide Dress' }).waitFor({ timeout: 30_000 });
    expect(sockets.some((u) => u.includes('/realtime/v1/websocket') && u.includes('apikey='))).toBe(true);
    expect(errors).toEqual([]);

    expect(hubSockets.some((u) => u.includes('/realtime/v1/websocket'))).toBe(true);
    await hub.page.getByRole('status').getByText('A new sale just arrived: the list below is up to date.').waitFor({ timeout: 15_000 });
    await hub.page.getByRole('list', { name: 'Sales of your patterns' }).getByText('Tide Dress').first().waitFor();
    expect(hub.errors).toEqual([]);
  });

  it('with the socket blocked, the success page polls as before', async () => {
    const buyer = await createPerson(backend, 'poll-buyer', 'Pat Buyer');
    const { page } = await signedInPage(buyer.email);
    await page.routeWebSocket(/\/realtime\/v1\/websocket/, (ws) => ws.close());
    await sandboxPost('/_sandbox/webhooks/pause');
    try {
      await payFor(page, marsh.id);
      const reads = countOrderReads(page);
      await page.waitForTimeout(5000);
      expect(reads.count()).toBeGreaterThanOrEqual(2);
    } finally {
      await sandboxPost('/_sandbox/webhooks/resume');
    }
    await page.getByRole('link', { name: 'Download Marsh Jacket' }).waitFor({ timeout: 30_000 });
  });
});

describe('operators', () => {
  it('the wholesale queue shows a new application without a reload', async () => {
    const operator = await createPerson(backend, 'live-operator', 'Ona Operator');
    await insertRow(backend, 'user_roles', { user_id: operator.id, role: 'operator' });
    const { page, errors } = await signedInPage(operator.email);
    const joined = page.waitForEvent('websocket', { predicate: (ws) => ws.url().includes('/realtime/v1/websocket'), timeout: 30_000 });
    await open(page, '/account/wholesale');
    await page.getByRole('heading', { name: 'Wholesale applications' }).waitFor();
    await joined;
    await page.waitForTimeout(1000);
    const shop = await createPerson(backend, 'live-shop', 'Sina Shop');
    await insertRow(backend, 'wholesale_accounts', {
      user_id: shop.id,
      business_name: 'Stoffladen Live',
      tax_id: 'DE298765432',
      address_line1: 'Torstraße 1',
      city: 'Berlin',
      postal_code: '10119',
      country: 'DE',
    });
    await page.getByRole('button', { name: /Stoffladen Live \(DE\) · pending/ }).waitFor({ timeout: 15_000 });
    expect(errors).toEqual([]);
  });
});
