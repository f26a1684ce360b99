import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2EStack, type E2EStack } from '../src/harness.ts';
import { expectNoSeriousA11yIssues } from './auth-support.ts';
import { createPerson, createStore, insertRow, openScreen, publishedPattern, selectRows, signedInPage, type Backend } from './catalog-own.fixtures.ts';

// Reports in Chromium against a fresh backend: a visitor's pattern page opening is
// counted; a store owner opens /reports, opens Sales, sees totals compared with the period
// before, changes the range (kept in the URL), sorts the table and downloads the CSV.
let stack: E2EStack;
let backend: Backend;
let owner: { id: string; email: string };
let pattern: { id: string };

const DAY = 86_400_000;
const daysAgo = (n: number) => new Date(Date.now() - n * DAY).toISOString();

async function sale(buyerId: string, storeId: string, paidAt: string, unit: number, discount: number, vat: number, fee: number) {
  const total = unit - discount;
  const order = await insertRow(backend, 'orders', {
    buyer_id: buyerId,
    status: 'paid',
    paid_at: paidAt,
    currency: 'USD',
    subtotal_cents: unit,
    discount_cents: discount,
    vat_cents: vat,
    platform_fee_cents: fee,
    total_cents: total,
  });
  await insertRow(backend, 'order_items', {
    order_id: order.id,
    pattern_id: pattern.id,
    store_id: storeId,
    kind: 'wholesale_print',
    unit_price_cents: unit,
    discount_cents: discount,
    vat_cents: vat,
    platform_fee_cents: fee,
    currency: 'USD',
  });
}

beforeAll(async () => {
  stack = await startE2EStack({ backend: true });
  if (!stack.backend) throw new Error('the embedded backend did not start');
  backend = stack.backend as Backend;
  owner = await createPerson(backend, 'owner', 'Rita Reports');
  const buyer = await createPerson(backend, 'buyer', 'Bo Buyer');
  const store = await createStore(backend, owner.id, 'Rita Patterns');
  pattern = await publishedPattern(backend, store.id, 'Counted Coat', 1);
  await sale(buyer.id, store.id, daysAgo(2), 1500, 0, 250, 125); // net 11.25
  await sale(buyer.id, store.id, daysAgo(10), 2000, 500, 260, 120); // net 11.20
  await sale(buyer.id, store.id, daysAgo(40), 1000, 0, 0, 80); // the previous 30 days: net 9.20
});

afterAll(async () => {
  await stack?.stop();
});

const open = (page: Page, path: string) => openScreen(stack, page, path);

describe('reports', () => {
  it('a visitor opening a pattern page is counted for its designer', async () => {
    const visitor = await stack.newPage();
    await open(visitor.page, `/patterns/${pattern.id}`);
    await expect
      .poll(async () => (await selectRows<{ views: number }>(backend, `pattern_views?pattern_id=eq.${pattern.id}`))[0]?.views, { timeout: 10_000 })
      .toBe(1);
  });

  it('a store owner reads sales for a period, compares, sorts and downloads the CSV', async () => {
    const { page, errors } = await signedInPage(stack, backend, owner.email);
    await open(page, '/reports');
    await page.getByRole('link', { name: 'Pattern performance' }).waitFor();
    await expectNoSeriousA11yIssues(page);

    await page.getByRole('link', { name: 'Sales', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Sales', exact: true }).waitFor();
    await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));
    const totals = page.getByRole('definition').filter({ hasText: /Up|Down|No change/ });
    const net = page.locator('div', { has: page.getByRole('term').filter({ hasText: /^Net \(USD\)$/ }) }).last();
    await net.getByText('$22.45', { exact: true }).waitFor();
    await net.getByText('Up $13.25 (144 %) from $9.20').waitFor();
    expect(await totals.count()).toBeGreaterThan(3);
    // the chart's figures as a table, and the sortable table
    await page.getByText("The chart's figures as a table").click();
    const table = page.getByRole('table', { name: /^Sales, / });
    await expect.poll(() => table.getByRole('row').count()).toBe(3);
    await expectNoSeriousA11yIssues(page);

    const netHeader = table.getByRole('columnheader', { name: /^Net/ });
    await netHeader.getByRole('button').click();
    expect(await netHeader.getAttribute('aria-sort')).toBe('ascending');
    expect(await table.getByRole('row').nth(1).getByRole('cell').last().textContent()).toBe('$11.20');
    await netHeader.getByRole('button').click();
    expect(await netHeader.getAttribute('aria-sort')).toBe('descending');
    expect(await table.getByRole('row').nth(1).getByRole('cell').last().textContent()).toBe('$11.25');

    // last 7 days: one sale; the range is in the URL
    await page.getByRole('combobox', { name: 'Period' }).selectOption('last-7');
    await page.waitForURL(/range=last-7/);
    await net.getByText('$11.25', { exact: true }).waitFor();
    await expect.poll(() => table.getByRole('row').count()).toBe(2);
    // a custom range that holds only the older sale; an upside-down one is refused in words
    await page.getByRole('combobox', { name: 'Period' }).selectOption('custom');
    const from = daysAgo(45).slice(0, 10);
    const to = daysAgo(35).slice(0, 10);
    await page.getByRole('textbox', { name: /^From\b/ }).fill(to);
    await page.getByRole('textbox', { name: /^To\b/ }).fill(from);
    await page.getByRole('button', { name: 'Show this range' }).click();
    await page.getByText('The end date is before the start date.').waitFor();
    await page.getByRole('textbox', { name: /^From\b/ }).fill(from);
    await page.getByRole('textbox', { name: /^To\b/ }).fill(to);
    await page.getByRole('button', { name: 'Show this range' }).click();
    await page.waitForURL(new RegExp(`range=custom&from=${from}&to=${to}`));
    await net.getByText('$9.20', { exact: true }).waitFor();

    // the CSV of the range: its one line
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
    expect(download.suggestedFilename()).toBe(`stitchhouse-sales-${from}-to-${to}.csv`);
    const csv = (await readFile((await download.path())!, 'utf8')).trim().split('\r\n');
    expect(csv[0]).toBe(
      'order_number,sold_at,title,kind,quantity,currency,gross_cents,discount_cents,vat_cents,fee_cents,net_cents,refunded_at,order_item_id,pattern_id,store_id',
    );
    expect(csv).toHaveLength(2);
    expect(csv[1]).toContain(',wholesale_print,1,USD,1000,0,0,80,920,');
    await page.getByRole('status').filter({ hasText: 'is downloaded' }).waitFor();
    expect(errors).toEqual([]);
  });

  it('a retail shop sees its own in-shop sales; an empty period offers the last 12 months', async () => {
    const shopOwner = await createPerson(backend, 'shop', 'Sam Shop');
    const shop = await insertRow(backend, 'stores', {
      owner_id: shopOwner.id,
      slug: `sam-shop-${Date.now().toString(36)}`,
      kind: 'retailer',
      name: 'Sam Fabrics',
      currency: 'GBP',
      address_line1: '1 Mill Lane',
      city: 'Bath',
      postal_code: 'BA1 1AA',
    });
    await insertRow(backend, 'pos_sales', {
      store_id: shop.id,
      pattern_id: pattern.id,
      quantity: 3,
      unit_price_cents: 1250,
      royalty_cents: 450,
      royalty_fee_cents: 45,
      royalty_currency: 'USD',
      currency: 'GBP',
      source: 'csv',
      external_id: 'e2e-1',
      sold_at: daysAgo(60),
    });
    const { page, errors } = await signedInPage(stack, backend, shopOwner.email);
    await open(page, '/reports');
    await page.getByRole('link', { name: 'In-shop sales' }).waitFor();
    // a retailer-only owner is not shown the designers' online-sales reports
    expect(await page.getByRole('link', { name: 'Pattern performance' }).count()).toBe(0);
    await page.getByRole('link', { name: 'In-shop sales' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: /The last 12 months .* have 1 row/ })
      .waitFor();
    await page.getByRole('button', { name: 'Show the last 12 months' }).click();
    await page
      .getByRole('term')
      .filter({ hasText: /^Takings \(GBP\)$/ })
      .waitFor();
    await page.getByText('£37.50', { exact: true }).first().waitFor();
    await page.getByText("The chart's figures as a table").click();
    const table = page.getByRole('table', { name: /^In-shop sales, / });
    await expect.poll(() => table.getByRole('row').count()).toBe(2);
    expect(await table.getByRole('row').nth(1).textContent()).toContain('In your shop');
    await expectNoSeriousA11yIssues(page);
    expect(errors).toEqual([]);
  });
});
