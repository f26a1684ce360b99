// The partner side in the reader's language: every contract route of mf-partners in
// German at 390 px, each as the role it is for (an approved reseller, an approved supplier, an
// operator with an application to review, a designer who also runs a Pro retail shop), with
// nothing in English and nothing wider than the screen; the sales report's rows in German number
// and date format; and one route as its Spanish language version (?hl=es).
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeHref, routesOf } from '@stitchhouse/shared/routes.ts';
import { settledRoute, type E2EStack } from '../src/harness.ts';
import { englishOnlyTexts, overflowingElements, untranslatedTexts } from '../src/languages.ts';
import {
  createPerson,
  createStore,
  insertRow,
  passwordSession,
  publishedPattern,
  sessionStorageKey,
  startStackWithBackend,
  type Backend,
} from './catalog-own.fixtures.ts';

let stack: E2EStack;
let backend: Backend;
let maker: { id: string; email: string };
let reseller: { id: string; email: string };
let supplier: { id: string; email: string };
let operator: { id: string; email: string };
const contexts: BrowserContext[] = [];

const DAY = 86_400_000;
const daysAgo = (n: number) => new Date(Date.now() - n * DAY).toISOString();

/** A paid order line of `pattern` in `storeId`, in euros. */
async function sale(buyerId: string, storeId: string, patternId: string, paidAt: string, unit: number, vat: number, fee: number) {
  const order = await insertRow(backend, 'orders', {
    buyer_id: buyerId,
    status: 'paid',
    paid_at: paidAt,
    currency: 'EUR',
    subtotal_cents: unit,
    discount_cents: 0,
    vat_cents: vat,
    platform_fee_cents: fee,
    total_cents: unit,
  });
  await insertRow(backend, 'order_items', {
    order_id: order.id,
    pattern_id: patternId,
    store_id: storeId,
    kind: 'wholesale_print',
    unit_price_cents: unit,
    discount_cents: 0,
    vat_cents: vat,
    platform_fee_cents: fee,
    currency: 'EUR',
  });
}

/** A phone whose browser reads German first (Accept-Language, navigator.languages), signed in as `email`. */
async function germanPhone(browser: Browser, email: string): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext({ locale: 'de-DE', viewport: { width: 390, height: 844 } });
  contexts.push(context);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const session = await passwordSession(backend, email);
  await page.goto(`${stack.shellUrl}/about`);
  await page.evaluate(([k, v]) => localStorage.setItem(k!, v!), [sessionStorageKey(backend), JSON.stringify(session)]);
  return { page, errors };
}

const lang = (page: Page) => page.evaluate(() => document.documentElement.lang);
const h1 = (page: Page) => page.locator('main h1').first();

beforeAll(async () => {
  ({ stack, backend } = await startStackWithBackend());
  // a designer with sales in the last 30 days, who also runs a Pro retail shop (till keys, statement)
  maker = await createPerson(backend, 'maker', 'Hanna Näherin');
  const store = await createStore(backend, maker.id, 'Hannas Schnitte');
  const pattern = await publishedPattern(backend, store.id, 'Sommerkleid Mohn', 1);
  const buyer = await createPerson(backend, 'buyer', 'Bea Käuferin');
  await sale(buyer.id, store.id, pattern.id, daysAgo(2), 1500, 250, 125); // net 11.25
  await sale(buyer.id, store.id, pattern.id, daysAgo(10), 123400, 0, 0); // 1,234.00: grouping
  await insertRow(backend, 'stores', {
    owner_id: maker.id,
    slug: `faden-${Date.now().toString(36)}`,
    kind: 'retailer',
    name: 'Fadenladen',
    plan: 'pro',
    currency: 'EUR',
    address_line1: 'Hauptstraße 1',
    city: 'Köln',
    postal_code: '50667',
  });
  // an approved reseller and an approved supplier (the review trigger grants their roles)
  reseller = await createPerson(backend, 'reseller', 'Rieke Reseller');
  await insertRow(backend, 'partner_applications', {
    user_id: reseller.id,
    kind: 'reseller',
    company: 'Nähblog Rieke',
    website: 'https://naehblog.example',
    status: 'approved',
  });
  supplier = await createPerson(backend, 'supplier', 'Stoffe Sieglinde');
  await insertRow(backend, 'partner_applications', {
    user_id: supplier.id,
    kind: 'supplier',
    company: 'Sieglindes Stoffe',
    website: 'https://sieglinde.example',
    status: 'approved',
  });
  await insertRow(backend, 'kits', {
    supplier_id: supplier.id,
    pattern_id: pattern.id,
    title: 'Leinen und Perlmuttknöpfe',
    price_cents: 2450,
    currency: 'EUR',
    url: 'https://sieglinde.example/kits/mohn',
  });
  // an operator, with a reseller application waiting for them
  operator = await createPerson(backend, 'operator', 'Olga Operator');
  await insertRow(backend, 'user_roles', { user_id: operator.id, role: 'operator' });
  const applicant = await createPerson(backend, 'applicant', 'Anton Antrag');
  await insertRow(backend, 'partner_applications', {
    user_id: applicant.id,
    kind: 'reseller',
    company: 'Strickschule Anton',
    website: 'https://strickschule.example',
    status: 'pending',
  });
}, 240_000);

afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
  await stack?.stop();
});

/** Opens a route, waits for its German heading and one German text of the screen, and checks the language pass. */
async function germanRoute(page: Page, path: string, title: string, text: string, english: Set<string>) {
  await page.goto(`${stack.shellUrl}${path}`);
  await settledRoute(page);
  await expect.poll(() => h1(page).textContent(), { message: path }).toBe(title);
  await page.locator('main').getByText(text, { exact: true }).first().waitFor();
  expect(await lang(page), path).toBe('de');
  expect(await untranslatedTexts(page, english), path).toEqual([]);
  expect(await overflowingElements(page), path).toEqual([]);
}

describe('the partner side in German and Spanish', () => {
  it('every partners route of the contract is German at 390 px for the role it is for; the sales report writes German numbers and dates', async () => {
    const english = englishOnlyTexts('de');
    const routes = routesOf('mf_partners');
    const href = (path: string) => routeHref(routes.find((route) => route.path === path)!);
    expect(routes.map((route) => route.path).sort()).toEqual(
      ['/partners', '/partners/resellers', '/partners/suppliers', '/point-of-sale-integration', '/reports', '/reports/:reportSlug'].sort(),
    );

    const shop = await germanPhone(stack.browser, maker.email);
    await germanRoute(shop.page, href('/partners'), 'Partnerprogramm', 'Für wen es ist', english);
    await germanRoute(shop.page, href('/reports'), 'Berichte', 'Schnittmuster-Performance', english);
    await germanRoute(shop.page, href('/reports/:reportSlug'), 'Verkäufe', 'Netto (EUR)', english);
    // totals and rows in German: "1.245,25 €", a day like "30. Nov. 2026", the change in percent
    const net = shop.page.locator('div', { has: shop.page.getByRole('term').filter({ hasText: /^Netto \(EUR\)$/ }) }).last();
    await net.getByText(/^1\.245,25\s€$/).waitFor();
    await net.getByText(/^▲ Plus 1\.245,25\s€ gegenüber 0,00\s€$/).waitFor();
    await shop.page.getByText('Die Zahlen des Diagramms als Tabelle').click();
    const table = shop.page.getByRole('table', { name: /^Verkäufe, / });
    await expect.poll(() => table.getByRole('row').count()).toBe(3);
    const firstRow = table.getByRole('row').nth(1);
    expect(await firstRow.getByRole('cell').first().textContent()).toMatch(/^\d{1,2}\. \S+ \d{4}$/);
    expect(await firstRow.getByRole('cell').last().textContent()).toMatch(/^1\.234,00\s€$/);
    expect(await shop.page.getByText(/\(Tage in UTC\), verglichen mit/).count()).toBe(1);
    await germanRoute(shop.page, href('/point-of-sale-integration'), 'Kassenanbindung', 'Kassenschlüssel', english);
    await shop.page.getByRole('button', { name: 'Schlüssel erstellen' }).waitFor();
    expect(shop.errors).toEqual([]);

    const partner = await germanPhone(stack.browser, reseller.email);
    await germanRoute(partner.page, href('/partners/resellers'), 'Wiederverkäufer', 'Deine Provisionen', english);
    await partner.page.getByRole('heading', { name: 'Deine Partnerschaft' }).waitFor();

    const fabric = await germanPhone(stack.browser, supplier.email);
    await germanRoute(fabric.page, href('/partners/suppliers'), 'Lieferanten', 'Meine Kits', english);
    await fabric.page
      .getByTestId('my-kits')
      .getByText(/^24,50\s€$/)
      .waitFor();

    const review = await germanPhone(stack.browser, operator.email);
    await germanRoute(review.page, href('/partners/resellers'), 'Wiederverkäufer', 'Zu prüfende Bewerbungen', english);
    await review.page.getByText('Strickschule Anton').first().waitFor();
    await review.page.locator('main h3').filter({ hasText: 'Strickschule Anton · wartet auf Prüfung' }).waitFor();
    expect([...partner.errors, ...fabric.errors, ...review.errors]).toEqual([]);
  });

  it('?hl=es shows the sales report in Spanish in a German browser', async () => {
    const { page, errors } = await germanPhone(stack.browser, maker.email);
    await page.goto(`${stack.shellUrl}/reports/sales?hl=es`);
    await settledRoute(page);
    await expect.poll(() => h1(page).textContent()).toBe('Ventas');
    expect(await lang(page)).toBe('es');
    await page
      .getByRole('term')
      .filter({ hasText: /^Neto \(EUR\)$/ })
      .waitFor();
    await page
      .getByText(/^1245,25\s€$|^1\.245,25\s€$/)
      .first()
      .waitFor();
    await page.getByRole('combobox', { name: 'Periodo' }).waitFor();
    expect(await untranslatedTexts(page, englishOnlyTexts('es'))).toEqual([]);
    expect(await overflowingElements(page)).toEqual([]);
    expect(errors).toEqual([]);
  });
});
