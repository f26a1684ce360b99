import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { E2EStack } from '../src/harness.ts';
import { expectNoSeriousA11yIssues } from './auth-support.ts';
import {
  createPerson,
  designerWithPattern,
  insertRow,
  openScreen,
  selectRows,
  signedInPage,
  startStackWithBackend,
  type Backend,
} from './catalog-own.fixtures.ts';

// Suppliers in Chromium against a fresh backend: an approved supplier lists a kit
// from /partners/suppliers, a visitor sees it under "Kits for this pattern" and clicks through
// to the shop (new tab), and the supplier sees the counted click.
let stack: E2EStack;
let backend: Backend;
let supplier: { id: string; email: string };
let pattern: { id: string };

const SHOP = 'https://meadow-mill.example';

beforeAll(async () => {
  ({ stack, backend } = await startStackWithBackend());
  ({ pattern } = await designerWithPattern(backend, 'Harbour Wrap Dress'));
  supplier = await createPerson(backend, 'supplier', 'Meadow Mill');
  // approved by an operator earlier: the review trigger grants the supplier role
  await insertRow(backend, 'partner_applications', {
    user_id: supplier.id,
    kind: 'supplier',
    company: 'Meadow Mill Fabrics',
    website: SHOP,
    status: 'approved',
  });
});

afterAll(async () => {
  await stack?.stop();
});

const open = (page: Page, path: string) => openScreen(stack, page, path);

describe('supplier kits', () => {
  it('an approved supplier adds a kit, a visitor clicks through from the pattern page, the supplier sees the click', async () => {
    const { page, errors } = await signedInPage(stack, backend, supplier.email);
    await open(page, '/partners/suppliers');
    const myKits = page.getByTestId('my-kits');
    await myKits.getByText('You have no kits yet.', { exact: false }).waitFor();
    await expectNoSeriousA11yIssues(page);

    await page.getByRole('button', { name: 'Add a kit' }).click();
    // wrong input: a message per field, nothing saved
    await page.getByRole('textbox', { name: 'Kit title' }).fill('Washed linen and shell buttons');
    await page.getByRole('textbox', { name: 'Price' }).fill('0');
    await page.getByRole('textbox', { name: 'Link to the kit in your shop' }).fill('http://meadow-mill.example/kits/harbour');
    await page.getByRole('button', { name: 'Add the kit' }).click();
    const summary = page.getByRole('alert').filter({ hasText: 'There is a problem' });
    await summary.getByText('Pick the pattern this kit is for.').waitFor();
    await summary.getByText('A kit price must be more than 0 and at most 100000.00.').waitFor();
    await summary.getByText(/The shop link must be a full https:\/\/ address/).waitFor();
    expect(await selectRows(backend, `kits?supplier_id=eq.${supplier.id}`)).toEqual([]);

    await page.getByRole('searchbox', { name: 'Pattern' }).fill('Harbour');
    await page.getByRole('button', { name: /Choose Harbour Wrap Dress/ }).click();
    await page.getByRole('textbox', { name: 'Price' }).fill('48.50');
    await page.getByRole('combobox', { name: 'Currency' }).selectOption('GBP');
    await page.getByRole('textbox', { name: 'Link to the kit in your shop' }).fill(`${SHOP}/kits/harbour`);
    await page.getByRole('button', { name: 'Add the kit' }).click();
    await page.getByText('Saved “Washed linen and shell buttons”.').waitFor();
    const row = myKits.getByRole('row', { name: /Washed linen and shell buttons/ });
    await row.getByText('£48.50').waitFor();
    expect(await row.getByTestId('kit-clicks').textContent()).toBe('0');

    // a signed-out visitor on the pattern page
    const visitor = await stack.newPage();
    await visitor.context.route(`${SHOP}/**`, (route) => route.fulfill({ contentType: 'text/html', body: '<title>Meadow Mill</title><h1>Harbour kit</h1>' }));
    await open(visitor.page, `/patterns/${pattern.id}`);
    const kits = visitor.page.getByRole('region', { name: 'Kits for this pattern' });
    await kits.scrollIntoViewIfNeeded(); // kits load as they come near the viewport
    await kits.getByRole('heading', { name: 'Washed linen and shell buttons' }).waitFor();
    await kits.getByText('from Meadow Mill Fabrics').waitFor();
    const link = kits.getByRole('link', { name: /Shop the kit “Washed linen and shell buttons” at Meadow Mill Fabrics/ });
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await link.getAttribute('rel')).toContain('noopener');
    const [shop] = await Promise.all([visitor.page.waitForEvent('popup'), link.click()]);
    await shop.waitForLoadState();
    expect(shop.url()).toBe(`${SHOP}/kits/harbour`);
    expect(await shop.evaluate(() => window.opener)).toBeNull();
    await expect.poll(async () => (await selectRows(backend, `kit_clicks?select=kit_id`)).length, { timeout: 10_000 }).toBe(1);
    await visitor.context.close();

    // the supplier sees the click
    await open(page, '/partners/suppliers');
    expect(
      await myKits
        .getByRole('row', { name: /Washed linen and shell buttons/ })
        .getByTestId('kit-clicks')
        .textContent(),
    ).toBe('1');
    expect(errors).toEqual([]);
  });

  it('a signed-out visitor reads the programme and the directory (axe)', async () => {
    const { page, context } = await stack.newPage();
    await open(page, '/partners/suppliers');
    await page.getByRole('heading', { level: 2, name: 'How the supplier programme works' }).waitFor();
    await page.getByRole('link', { name: 'Sign in to apply' }).waitFor();
    await page.getByRole('heading', { level: 3, name: 'Meadow Mill Fabrics' }).waitFor();
    await expectNoSeriousA11yIssues(page);
    await context.close();
  });
});
