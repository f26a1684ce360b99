// Live screens through Realtime in Chromium, against the embedded backend:
//   - /payment/success turns into download buttons when the fulfilment commits, without polling
//     the order while the channel is joined; with the socket blocked it polls as before
//   - the designer's /payment hub shows the new sale and its list updates
//   - an operator's wholesale queue shows a new application without a reload
//   - the designer's open sales report takes in a sale as it is paid
//   - an operator's reseller queue shows an application the applicant sends through REST
//   - the library marks a pattern Updated when its designer attaches a new version
// Those three screens do not poll: each case checks that nothing read the data while the page
// sat open, and that the read which brought the change followed the socket's message.
import { createHash } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordToken, rpcAs } from '@stitchhouse/shared/testing/kit.ts';
import { makePatternPdf } from '../../supabase/test/catalog-own-pdf.ts';
import { startE2EStack, type E2EStack } from '../src/harness.ts';
import { payOnHostedPage } from '../src/hostedCheckout.ts';
import {
  buy,
  createPerson,
  createStore,
  insertRow,
  openScreen,
  PASSWORD,
  publishedPattern,
  signedInPage as signedInPageAs,
  type Backend,
} from './catalog-own.fixtures.ts';

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

/**
 * What reached a page over the Realtime socket and when it read `restPath` (attach before the
 * page opens): a screen updated by the socket reads only after a message, never on a timer.
 */
function liveTrace(page: Page, restPath: string) {
  const frames: Array<{ at: number; text: string }> = [];
  const reads: number[] = [];
  page.on('websocket', (ws) => {
    if (!ws.url().includes('/realtime/v1/websocket')) return;
    ws.on('framereceived', ({ payload }) => frames.push({ at: Date.now(), text: String(payload) }));
  });
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === restPath) reads.push(Date.now());
  });
  return {
    /** Waits until the page sat open this long with no read of restPath (nothing polls); returns when the quiet began. */
    async quiet(ms: number): Promise<void> {
      const before = reads.length;
      await page.waitForTimeout(ms);
      expect(reads.length - before, `reads of ${restPath} while nothing changed`).toBe(0);
    },
    /** After a change made at `since`: the socket carried a message naming `mark`, and the page read restPath only after it. */
    expectReadAfterMessage(since: number, mark: string): void {
      const message = frames.find((f) => f.at >= since && f.text.includes(mark));
      expect(message, `a socket message with ${mark}`).toBeDefined();
      const readsSince = reads.filter((at) => at >= since);
      expect(readsSince.length).toBeGreaterThan(0);
      expect(readsSince[0]!).toBeGreaterThanOrEqual(message!.at);
    },
    /** Resolves once a message on `topic` answered the join (the channel is open). */
    joined(topic: string): Promise<void> {
      return expect
        .poll(() => frames.some((f) => f.text.includes(`"realtime:${topic}`) && f.text.includes('phx_reply') && f.text.includes('"ok"')), { timeout: 30_000 })
        .toBe(true);
    },
  };
}

/** A request to the backend as a signed-in person (their access token), as their browser would send it. */
async function asPerson(token: string, method: string, path: string, body: BodyInit, contentType = 'application/json'): Promise<Response> {
  return fetch(`${backend.url}${path}`, {
    method,
    headers: { apikey: backend.anonKey, authorization: `Bearer ${token}`, 'content-type': contentType },
    body,
  });
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

  it('the designer’s open sales report takes in a sale as it is paid, without a reload', async () => {
    const report = await signedInPage(designer.email);
    const trace = liveTrace(report.page, '/rest/v1/rpc/report_sales');
    await open(report.page, '/reports/sales');
    await report.page.getByRole('heading', { level: 1, name: 'Sales' }).waitFor();
    await trace.joined(`store-sales:${store.id}`);
    const orderLines = report.page.locator('div:has(> dt:text-is("Order lines")) > dd').first();
    await orderLines.waitFor();
    const before = Number((await orderLines.textContent())!.replace(/\D/g, ''));
    await trace.quiet(3000);

    const buyer = await createPerson(backend, 'report-buyer', 'Rae Buyer');
    const { page } = await signedInPage(buyer.email);
    const since = Date.now();
    await payFor(page, marsh.id);
    await page.getByRole('link', { name: 'Download Marsh Jacket' }).waitFor({ timeout: 30_000 });

    await report.page.getByRole('status').getByText('A new sale just arrived: the report is up to date.').waitFor({ timeout: 15_000 });
    await expect.poll(async () => Number((await orderLines.textContent())!.replace(/\D/g, '')), { timeout: 15_000 }).toBe(before + 1);
    trace.expectReadAfterMessage(since, '"sale"');
    expect(report.errors).toEqual([]);
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

  it('the reseller queue shows an application the applicant sends, without a reload', async () => {
    const operator = await createPerson(backend, 'live-partner-operator', 'Pia Operator');
    await insertRow(backend, 'user_roles', { user_id: operator.id, role: 'operator' });
    const { page, errors } = await signedInPage(operator.email);
    const trace = liveTrace(page, '/rest/v1/partner_applications');
    await open(page, '/partners/resellers');
    await page.getByRole('heading', { name: 'Applications to review' }).waitFor();
    await trace.joined('partner-queue-reseller');
    await trace.quiet(3000);

    // the applicant applies as the programme's form does: their own insert through PostgREST
    const applicant = await createPerson(backend, 'live-reseller', 'Ravi Reseller');
    const token = await passwordToken(backend, applicant.email, PASSWORD);
    const since = Date.now();
    const sent = await asPerson(
      token,
      'POST',
      '/rest/v1/partner_applications',
      JSON.stringify({
        kind: 'reseller',
        company: 'Stitch Live Weekly',
        website: 'https://stitchlive.example',
        audience: 'A podcast for 5,000 quilters',
        country: 'IE',
        message: '',
      }),
    );
    expect(sent.status, await sent.text()).toBe(201);

    const item = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: /Stitch Live Weekly · / }) });
    await item.getByText('A podcast for 5,000 quilters').waitFor({ timeout: 15_000 });
    await item.getByRole('button', { name: 'Approve Stitch Live Weekly' }).waitFor();
    trace.expectReadAfterMessage(since, '"partner_applications"');
    expect(errors).toEqual([]);
  });
});

describe('library', () => {
  it('marks a pattern Updated with what changed when its designer attaches a new version, without a reload', async () => {
    const fjord = await publishedPattern(backend, store.id, 'Fjord Cardigan');
    const reader = await createPerson(backend, 'live-reader', 'Mo Maker');
    await buy(backend, reader.id, fjord.id, store.id);
    const { page, errors } = await signedInPage(reader.email);
    const trace = liveTrace(page, '/rest/v1/rpc/my_library');
    await open(page, '/patterns/my-patterns');
    const item = page.locator(`li[data-pattern-id="${fjord.id}"]`);
    await item.getByRole('heading', { name: 'Fjord Cardigan' }).waitFor();
    expect(await item.getByText('Updated', { exact: true }).count()).toBe(0);
    await trace.joined('library');
    await trace.quiet(3000);

    // the designer's new A4 file, uploaded and attached as the edit page does (their own token)
    const token = await passwordToken(backend, designer.email, PASSWORD);
    const pdf = await makePatternPdf('Fjord Cardigan (corrected)', 3);
    const upload = await asPerson(token, 'POST', `/storage/v1/object/pattern-files/${store.id}/${fjord.id}/a4/v2.pdf`, Buffer.from(pdf), 'application/pdf');
    expect(upload.status, await upload.text()).toBe(200);
    const since = Date.now();
    const attached = await rpcAs(backend, token, 'attach_pattern_file', {
      pattern_id: fjord.id,
      format: 'a4',
      version: 2,
      size_bytes: pdf.byteLength,
      sha256: createHash('sha256').update(pdf).digest('hex'),
      changes: 'Lengthened the sleeves by 2 cm.',
    });
    expect(attached.status, JSON.stringify(attached.body)).toBe(200);

    await item.getByText('Updated', { exact: true }).waitFor({ timeout: 15_000 });
    await item.getByText('What changed: Lengthened the sleeves by 2 cm.').waitFor();
    trace.expectReadAfterMessage(since, fjord.id);
    expect(errors).toEqual([]);
  });
});
