import { AxeBuilder } from '@axe-core/playwright';
import type { BrowserContextOptions, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// the one conversion (shared/src/currency/convert.ts; not on the package surface, and its index brings CSS modules)
import { referenceRates, showPrice, type CurrencyRate } from '../../shared/src/currency/convert.ts';
import type { E2EStack } from '../src/harness.ts';
import {
  createPerson,
  createStore,
  insertRow,
  openScreen,
  passwordSession,
  selectRows,
  sessionStorageKey,
  startStackWithBackend,
  type Backend,
} from './catalog-own.fixtures.ts';

// What a person sees on a 390×844 phone. A store's Markdown bio
// is rendered (bold is bold, no asterisks), a kit priced in pounds on a dollar pattern shows in
// the buyer's currency, the Reviews block lines up with the rest of the pattern page, the store
// name does not sit on the banner, the till-keys table fits the screen, and the catalog's search
// placeholder fits its box.
let stack: E2EStack;
let backend: Backend;
let designer: { id: string; email: string };
let store: { id: string; slug: string };
let pattern: { id: string };
let shopOwner: { id: string; email: string };

const PHONE: BrowserContextOptions = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, locale: 'en-US' };
// Markdown a designer writes, with raw HTML and a script link the renderer must not pass on.
const BIO =
  'Bags drafted **for testing** the walk.\n\nEvery pattern is *tested* by three makers.\n\n' +
  '<img src="x" onerror="window.__bioScript = 1"> [Our mill](javascript:window.__bioScript=2) and [our blog](https://blue-thimble.example/blog).';

beforeAll(async () => {
  ({ stack, backend } = await startStackWithBackend());
  designer = await createPerson(backend, 'designer', 'Dana Designer');
  store = await createStore(backend, designer.id, 'Blue Thimble Pattern Studio');
  await fetch(`${backend.url}/rest/v1/stores?id=eq.${store.id}`, {
    method: 'PATCH',
    headers: { apikey: backend.serviceRoleKey, authorization: `Bearer ${backend.serviceRoleKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ bio: BIO, currency: 'USD' }),
  }).then((r) => {
    if (!r.ok) throw new Error(`store bio → ${r.status}`);
  });
  pattern = await insertRow(backend, 'patterns', {
    store_id: store.id,
    title: 'Harbour Tote',
    craft: 'sewing',
    category: 'bags',
    price_cents: 700,
    currency: 'USD',
    status: 'published',
    formats: ['a4'],
    languages: ['en'],
  });
  // An approved supplier's kit, priced in pounds (the walk's "£48.50" on a $7.00 pattern).
  const supplier = await createPerson(backend, 'supplier', 'Meadow Mill');
  await insertRow(backend, 'partner_applications', {
    user_id: supplier.id,
    kind: 'supplier',
    company: 'Meadow Mill Fabrics',
    website: 'https://meadow-mill.example',
    status: 'approved',
  });
  await insertRow(backend, 'kits', {
    supplier_id: supplier.id,
    pattern_id: pattern.id,
    title: 'Waxed canvas and webbing',
    price_cents: 4850,
    currency: 'GBP',
    url: 'https://meadow-mill.example/kits/tote',
  });
  // A Pro shop for the till keys.
  shopOwner = await createPerson(backend, 'shop', 'Gloria Shop');
  const shop = await insertRow(backend, 'stores', {
    owner_id: shopOwner.id,
    slug: `cotton-${Date.now().toString(36)}`,
    kind: 'retailer',
    name: 'The Cotton Reel',
    plan: 'pro',
    currency: 'GBP',
    address_line1: '1 High Street',
    city: 'Leeds',
    postal_code: 'LS1 1AA',
  });
  // the demo shop's retired tablet (supabase/seed/point-of-sale.ts): used, then revoked
  await insertRow(backend, 'pos_keys', {
    store_id: shop.id,
    name: 'Old market stall tablet',
    prefix: 'shpos_0ld5ta',
    key_hash: 'a'.repeat(64),
    created_by: shopOwner.id,
    created_at: '2026-05-15T09:00:00Z',
    last_used_at: '2026-10-02T16:45:00Z',
    revoked_at: '2026-10-17T10:00:00Z',
  });
});

afterAll(async () => {
  await stack?.stop();
});

async function phonePage(email?: string) {
  const context = await stack.browser.newContext(PHONE);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  if (email) {
    const session = await passwordSession(backend, email);
    await page.goto(`${stack.shellUrl}/about`);
    await page.evaluate(([k, v]) => localStorage.setItem(k!, v!), [sessionStorageKey(backend), JSON.stringify(session)]);
  }
  return { context, page, errors };
}

const box = async (locator: Locator) => {
  const b = await locator.boundingBox();
  if (!b) throw new Error(`${locator} has no box`);
  return b;
};
const intersects = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

describe('a walk on a phone (390×844)', () => {
  it('the storefront renders the bio as Markdown: bold is bold, no asterisks', async () => {
    const { page, context, errors } = await phonePage();
    await openScreen(stack, page, `/stores/${store.slug}`);
    const article = page.locator('main article').first();
    const text = (await article.textContent())!;
    expect(text).toContain('Bags drafted for testing the walk.');
    expect(text).not.toContain('*');
    const bold = article.getByText('for testing', { exact: true });
    expect(await bold.evaluate((el) => el.tagName)).toBe('STRONG');
    expect(Number(await bold.evaluate((el) => getComputedStyle(el).fontWeight))).toBeGreaterThanOrEqual(600);
    const italic = article.getByText('tested', { exact: true });
    expect(await italic.evaluate((el) => getComputedStyle(el).fontStyle)).toBe('italic');
    // safe: no raw HTML, a script link is plain text, a web link opens in a new tab
    expect(await article.locator('img[onerror], [onerror]').count()).toBe(0);
    expect(text).not.toContain('<img');
    expect(await article.getByText('Our mill', { exact: true }).evaluate((el) => el.tagName)).toBe('SPAN');
    expect(await article.getByRole('link', { name: 'our blog' }).getAttribute('href')).toBe('https://blue-thimble.example/blog');
    expect(await page.evaluate(() => (window as { __bioScript?: number }).__bioScript)).toBeUndefined();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the store name sits clear of the banner', async () => {
    const { page, context, errors } = await phonePage();
    await openScreen(stack, page, `/stores/${store.slug}`);
    const name = page.getByRole('heading', { level: 1, name: 'Blue Thimble Pattern Studio' });
    const banner = page.locator('main article header > :first-child');
    const nameBox = await box(name);
    const bannerBox = await box(banner);
    expect(bannerBox.height).toBeGreaterThan(100);
    expect(intersects(nameBox, bannerBox), `name ${JSON.stringify(nameBox)} on banner ${JSON.stringify(bannerBox)}`).toBe(false);
    expect(await pageWidth(page)).toBeLessThanOrEqual(390);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the owner’s bio preview renders the same Markdown as the storefront', async () => {
    const { page, context, errors } = await phonePage(designer.email);
    await openScreen(stack, page, '/account/store');
    await page.getByRole('button', { name: 'Preview bio' }).click();
    const preview = page.getByRole('region', { name: 'Bio preview' });
    await preview.getByText('for testing', { exact: true }).waitFor();
    const previewHtml = await preview.evaluate((el) => el.innerHTML);
    await openScreen(stack, page, `/stores/${store.slug}`);
    const bio = page.getByTestId('store-bio');
    await bio.waitFor();
    expect(await bio.evaluate((el) => el.innerHTML)).toBe(previewHtml);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the pattern page: the kit’s price is in the buyer’s currency, converted as pattern prices are', async () => {
    const rates = referenceRates(await selectRows<CurrencyRate>(backend, 'currency_rates?select=currency,per_eur,as_of'));
    const expected = showPrice(4850, 'GBP', 'USD', rates);
    expect(expected.approximate).toBe(true);

    const { page, context, errors } = await phonePage();
    await openScreen(stack, page, `/patterns/${pattern.id}`);
    expect(await page.getByTestId('detail-price').textContent()).toBe('$7.00');
    const kits = page.getByRole('region', { name: 'Kits for this pattern' });
    await kits.scrollIntoViewIfNeeded(); // kits load as they come near the viewport
    await kits.getByRole('heading', { name: 'Waxed canvas and webbing' }).waitFor();
    const kitPrice = kits.getByTestId('kit-price');
    await kitPrice.waitFor();
    expect(await kitPrice.evaluate((el) => el.firstChild?.textContent)).toBe(expected.text); // "≈ $…"
    expect(expected.text).toMatch(/^≈ \$\d+\.\d\d$/);
    expect(await kitPrice.textContent()).toContain('£48.50'); // the supplier's own price, for screen readers
    expect(await kits.textContent()).not.toMatch(/^[^≈]*£48\.50/);

    // A buyer who chooses euros sees both the pattern and the kit in euros, by the one conversion.
    await page.evaluate(() => localStorage.setItem('stitchhouse.currency', 'EUR'));
    await openScreen(stack, page, `/patterns/${pattern.id}`);
    expect(await page.getByTestId('detail-price').evaluate((el) => el.firstChild?.textContent)).toBe(showPrice(700, 'USD', 'EUR', rates).text);
    await kits.scrollIntoViewIfNeeded();
    await kitPrice.waitFor();
    expect(await kitPrice.evaluate((el) => el.firstChild?.textContent)).toBe(showPrice(4850, 'GBP', 'EUR', rates).text);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the pattern page: Reviews and Kits start where the rest of the page does', async () => {
    const { page, context, errors } = await phonePage();
    await openScreen(stack, page, `/patterns/${pattern.id}`);
    const kits = page.getByRole('region', { name: 'Kits for this pattern' });
    await kits.scrollIntoViewIfNeeded();
    await kits.getByRole('heading', { name: 'Waxed canvas and webbing' }).waitFor();
    const reviews = page.getByTestId('pattern-reviews');
    await reviews.scrollIntoViewIfNeeded();
    await reviews.getByText('No reviews yet').waitFor();
    // The content's left edge (inside any padding), and each block's heading, against the page's.
    const contentLeft = (locator: Locator) => locator.evaluate((el) => el.getBoundingClientRect().left + parseFloat(getComputedStyle(el).paddingLeft));
    const about = page.getByRole('region', { name: 'About this pattern' });
    const pageLeft = await contentLeft(about);
    expect(pageLeft).toBeGreaterThan(0);
    expect(await contentLeft(reviews)).toBe(pageLeft);
    expect(await contentLeft(kits)).toBe(pageLeft);
    const headingLeft = async (name: string) => (await box(page.getByRole('heading', { level: 2, name, exact: true }))).x;
    expect(await headingLeft('Reviews')).toBe(pageLeft);
    expect(await headingLeft('Kits for this pattern')).toBe(pageLeft);
    expect(await headingLeft('About this pattern')).toBe(pageLeft);
    expect(await pageWidth(page)).toBeLessThanOrEqual(390);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the till-keys table shows State and Revoke on the screen, with no scrolling region axe would flag', async () => {
    const { page, context, errors } = await phonePage(shopOwner.email);
    await openScreen(stack, page, '/point-of-sale-integration');
    const keys = page.getByTestId('till-keys');
    for (const name of ['Back office laptop', 'Front counter till']) {
      await keys.getByRole('textbox', { name: 'Key name' }).fill(name);
      await keys.getByRole('button', { name: 'Create key' }).click();
      await page.getByTestId('new-key-value').waitFor();
      await page.getByRole('button', { name: 'I have stored it' }).click();
      await keys.getByRole('row', { name: new RegExp(name) }).waitFor();
    }
    const backOffice = keys.getByRole('row', { name: /Back office laptop/ });
    await backOffice.getByRole('button', { name: 'Revoke Back office laptop' }).click();
    await backOffice.getByRole('button', { name: 'Yes, revoke Back office laptop' }).click();
    await backOffice.getByText(/^Revoked/).waitFor();

    // On the screen as a person sees it: scrolled to vertically only (Playwright's own clicks scroll
    // a sideways scroller; a person would have to), inside the viewport and not clipped away.
    const inView = (locator: Locator) =>
      locator.evaluate((el) => {
        for (const node of document.querySelectorAll('*')) node.scrollLeft = 0;
        window.scrollBy(0, el.getBoundingClientRect().top - window.innerHeight / 2);
        const r = el.getBoundingClientRect();
        const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        return r.left >= 0 && r.right <= window.innerWidth && !!hit && (el === hit || el.contains(hit));
      });
    const front = keys.getByRole('row', { name: /Front counter till/ });
    const revoke = front.getByRole('button', { name: 'Revoke Front counter till' });
    expect(await inView(front.getByText('Active', { exact: true }))).toBe(true);
    expect(await inView(revoke)).toBe(true);
    expect(await inView(backOffice.getByText(/^Revoked/))).toBe(true);
    expect(await inView(keys.getByRole('row', { name: /Old market stall tablet/ }).getByText(/^Revoked/))).toBe(true);
    // What each value is stays said: the column headers are the table's, read with each cell.
    expect(await keys.getByRole('columnheader', { name: 'State' }).count()).toBe(1);
    // and the button does what it says from where it is
    await revoke.click();
    expect(await inView(front.getByRole('button', { name: 'Yes, revoke Front counter till' }))).toBe(true);
    expect(await inView(front.getByRole('button', { name: 'Keep it' }))).toBe(true);
    await front.getByRole('button', { name: 'Keep it' }).click();

    const axe = async () =>
      (await new AxeBuilder({ page }).withRules(['scrollable-region-focusable']).analyze()).violations.map(
        (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
      );
    expect(await axe()).toEqual([]);
    // and with every key revoked (no button left in the table)
    await revoke.click();
    await front.getByRole('button', { name: 'Yes, revoke Front counter till' }).click();
    await front.getByText(/^Revoked/).waitFor();
    expect(await axe()).toEqual([]);
    expect(await pageWidth(page)).toBeLessThanOrEqual(390);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the search placeholder fits its box', async () => {
    const { page, context, errors } = await phonePage();
    await openScreen(stack, page, '/patterns');
    const input = page.getByRole('searchbox', { name: 'Search patterns' });
    await input.waitFor();
    const placeholder = (await input.getAttribute('placeholder'))!;
    expect(placeholder.length).toBeGreaterThan(5);
    // The placeholder's own text, put in the box as a value: scrollWidth is what it needs.
    const fit = await input.evaluate((el: HTMLInputElement) => {
      const before = el.value;
      el.value = el.placeholder;
      const size = { scroll: el.scrollWidth, client: el.clientWidth };
      el.value = before;
      return size;
    });
    expect(fit.scroll, `"${placeholder}" needs ${fit.scroll}px in a ${fit.client}px box`).toBeLessThanOrEqual(fit.client);
    expect(errors).toEqual([]);
    await context.close();
  });
});
