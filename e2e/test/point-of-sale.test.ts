import { execFile } from 'node:child_process';
import { tmpdir } from 'node:os';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { E2EStack } from '../src/harness.ts';
import { expectNoSeriousA11yIssues } from './auth-support.ts';
import {
  createPerson,
  designerWithPattern,
  insertRow,
  openScreen,
  publishedPattern,
  selectRows,
  signedInPage,
  startStackWithBackend,
  type Backend,
} from './catalog-own.fixtures.ts';

// Point of sale in Chromium against a fresh backend: a visitor reads what the
// integration does; a shop owner creates a till key (shown once, it works against the catalog
// feed), revokes another (it stops working), uploads a CSV with good and bad rows, sees each bad
// row's reason and imports only the good ones.
let stack: E2EStack;
let backend: Backend;
let owner: { id: string; email: string };
let shopId: string;
let carried: { id: string };
let othersPattern: { id: string };

beforeAll(async () => {
  ({ stack, backend } = await startStackWithBackend());
  const { store, pattern } = await designerWithPattern(backend, 'Harbour Wrap Dress');
  carried = pattern;
  othersPattern = await publishedPattern(backend, store.id, 'Tidal Tote', 1);
  owner = await createPerson(backend, 'shop', 'Gloria Shop');
  const shop = await insertRow(backend, 'stores', {
    owner_id: owner.id,
    slug: `cotton-${Date.now().toString(36)}`,
    kind: 'retailer',
    name: 'The Cotton Reel',
    plan: 'pro',
    currency: 'GBP',
    address_line1: '1 High Street',
    city: 'Leeds',
    postal_code: 'LS1 1AA',
  });
  shopId = shop.id;
  await insertRow(backend, 'store_stock', { store_id: shopId, pattern_id: carried.id, printed_copies: 3 });
  const other = await createPerson(backend, 'other', 'Otto Other');
  const otherShop = await insertRow(backend, 'stores', {
    owner_id: other.id,
    slug: `bobbin-${Date.now().toString(36)}`,
    kind: 'retailer',
    name: 'Bobbin',
    address_line1: '2 Low Street',
    city: 'York',
    postal_code: 'YO1 1AA',
  });
  await insertRow(backend, 'store_stock', { store_id: otherShop.id, pattern_id: othersPattern.id });
});

afterAll(async () => {
  await stack?.stop();
});

const open = (page: Page, path: string) => openScreen(stack, page, path);
const catalogWith = (key: string) => fetch(`${backend.url}/functions/v1/pos-catalog`, { headers: { authorization: `Bearer ${key}` } });

describe('point of sale', () => {
  it('a visitor sees what the integration does, how to start, and the endpoints of this instance', async () => {
    const { page } = await stack.newPage();
    await open(page, '/point-of-sale-integration');
    await page.getByRole('heading', { level: 1, name: 'Point-of-sale integration' }).waitFor();
    await page.getByRole('heading', { name: 'How to start' }).waitFor();
    await page.getByRole('link', { name: 'Sign in to connect your shop' }).waitFor();
    expect(await page.getByTestId('example-catalog-json').textContent()).toContain(`${backend.url}/functions/v1/pos-catalog`);
    expect(await page.getByText('coming soon', { exact: false }).count()).toBe(0);
    await expectNoSeriousA11yIssues(page);
  });

  it('a shop creates a key shown once, revokes one, and imports the good rows of a CSV', async () => {
    const { page, errors } = await signedInPage(stack, backend, owner.email);
    await open(page, '/point-of-sale-integration');
    const keys = page.getByTestId('till-keys');
    await keys.getByText('No keys yet.', { exact: false }).waitFor();
    // the examples name a pattern this shop carries
    expect(await page.getByTestId('example-sales').textContent()).toContain(carried.id);

    // an empty name is refused at the field
    await keys.getByRole('button', { name: 'Create key' }).click();
    await keys.getByText('Name the key (1 to 60 characters)', { exact: false }).waitFor();

    await keys.getByRole('textbox', { name: 'Key name' }).fill('Back office');
    await keys.getByRole('button', { name: 'Create key' }).click();
    const oldKey = (await page.getByTestId('new-key-value').textContent())!;
    await page.getByRole('button', { name: 'I have stored it' }).click();
    await keys.getByRole('textbox', { name: 'Key name' }).fill('Front counter till');
    await keys.getByRole('button', { name: 'Create key' }).click();
    const newKey = page.getByTestId('new-key-value');
    await newKey.waitFor();
    const key = (await newKey.textContent())!;
    expect(key).toMatch(/^shpos_[0-9a-f]{48}$/);
    expect(key).not.toBe(oldKey);
    await page.getByText('this is the only time it is shown').waitFor();
    await expectNoSeriousA11yIssues(page);
    expect((await catalogWith(key)).status).toBe(200);
    expect((await catalogWith(oldKey)).status).toBe(200);

    // the page's own examples, copied from the screen, work with real curl and the new key
    const run = (command: string) =>
      promisify(execFile)('bash', ['-eo', 'pipefail', '-c', command], { env: { ...process.env, STITCHHOUSE_TILL_KEY: key }, cwd: tmpdir(), timeout: 20_000 });
    const feed = JSON.parse((await run((await page.getByTestId('example-catalog-json').textContent())!)).stdout);
    expect(feed.patterns.map((p: { pattern_id: string }) => p.pattern_id)).toEqual([carried.id]);
    const sold = JSON.parse((await run((await page.getByTestId('example-sales').textContent())!)).stdout);
    expect(sold).toMatchObject({ accepted: 1, results: [{ external_id: 'receipt-1042-1', status: 'accepted' }] });

    // the list shows prefix and last use; the plain key is never shown again
    const row = keys.getByRole('row', { name: /Front counter till/ });
    await row.getByText(`${key.slice(0, 12)}…`).waitFor();
    await page.reload();
    await page
      .getByTestId('till-keys')
      .getByRole('row', { name: /Back office/ })
      .waitFor();
    expect(await page.getByText(key).count()).toBe(0);
    const backOffice = page.getByTestId('till-keys').getByRole('row', { name: /Back office/ });
    expect(await backOffice.getByText('Never').count()).toBe(0);

    await backOffice.getByRole('button', { name: 'Revoke Back office' }).click();
    await backOffice.getByRole('button', { name: 'Yes, revoke Back office' }).click();
    await page.getByText('“Back office” is revoked.', { exact: false }).waitFor();
    await backOffice.getByText(/^Revoked/).waitFor();
    expect((await catalogWith(oldKey)).status).toBe(401);
    expect((await catalogWith(key)).status).toBe(200);

    // a CSV with good and bad rows
    const csv = [
      'external_id,pattern_id,quantity,unit_price,currency,sold_at',
      `till-1,${carried.id},2,18.00,,2026-11-02`,
      `till-2,11111111-1111-4111-8111-111111111111,1,18.00,,2026-11-02`,
      `till-3,${carried.id},1,18.00,,02/11/2026`,
      `till-4,${carried.id},-1,18.00,,2026-11-02`,
      `till-5,${othersPattern.id},1,12.00,,2026-11-02`,
      `till-6,${carried.id},1,"12,50",EUR,2026-11-03T10:15:00Z`,
    ].join('\n');
    const upload = page.getByTestId('sales-upload');
    await upload.getByLabel('Sales file (CSV)').setInputFiles({ name: 'november.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await upload.getByText('november.csv: 6 rows checked').waitFor();
    const preview = upload.getByTestId('upload-preview');
    const reasonOf = async (line: number) => (await preview.getByRole('row').nth(line).getByRole('cell').last().textContent())!;
    expect(await reasonOf(1)).toBe('OK');
    expect(await reasonOf(2)).toContain('No pattern has this id');
    expect(await reasonOf(3)).toContain('sold_at must be a date');
    expect(await reasonOf(4)).toContain('quantity must be a whole number');
    expect(await reasonOf(5)).toContain('does not carry this pattern');
    expect(await reasonOf(6)).toBe('OK');
    await expectNoSeriousA11yIssues(page);

    await upload.getByRole('button', { name: 'Import 2 good rows' }).click();
    await upload.getByText('Imported 2 sales; 4 rows with problems skipped.').waitFor();
    const imported = await selectRows<{ external_id: string; source: string; quantity: number }>(
      backend,
      `pos_sales?store_id=eq.${shopId}&select=external_id,source,quantity&order=external_id`,
    );
    expect(imported).toEqual([
      { external_id: 'receipt-1042-1', source: 'api', quantity: 1 },
      { external_id: 'till-1', source: 'csv', quantity: 2 },
      { external_id: 'till-6', source: 'csv', quantity: 1 },
    ]);

    // what the shop owes shows in its statement at once
    const statement = page.getByTestId('settlement-shop');
    await statement.getByRole('row', { name: /November 2026 Dana Patterns/ }).waitFor();
    expect(errors).toEqual([]);
  });
});
