// One currency, reviews, favourites and follows in Chromium (desktop 1280 px and phone 390 px): one currency for the buyer (switch,
// converted "≈" prices, remembered, the price filter in that currency), a buyer reviews a
// pattern they bought and the average follows, a heart puts a pattern in the library's
// Favourites, following a store brings its patterns to the home page. axe on every screen.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { convertMinor, referenceRates, type CurrencyRate, type ReferenceRates } from '../../shared/src/currency/convert.ts';
import { startE2EStack, type E2EStack } from '../src/harness.ts';
import { expectNoSeriousA11yIssues } from './auth-support.ts';
import { buy, createPerson, insertRow, openScreen, selectRows, signedInPage as signedInPageAs, type Backend } from './catalog-own.fixtures.ts';

let stack: E2EStack;
let backend: Backend;
let rates: ReferenceRates;
let buyer: { id: string; email: string };
const store: Record<'eur' | 'gbp' | 'usd', { id: string; slug: string; name: string }> = {} as never;
const P: Record<'tee' | 'skirt' | 'vest' | 'bag', string> = {} as never;

const PHONE = { width: 390, height: 844 };
const open = (page: Page, path: string) => openScreen(stack, page, path);
const signedInPage = (email: string) => signedInPageAs(stack, backend, email);
const money = (cents: number, currency: string) =>
  new Intl.NumberFormat({ EUR: 'en-IE', GBP: 'en-GB', USD: 'en-US' }[currency], { style: 'currency', currency }).format(cents / 100);

async function newStore(ownerId: string, name: string, currency: string) {
  const slug = `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${Date.now().toString(36)}`;
  const row = await insertRow(backend, 'stores', { owner_id: ownerId, slug, kind: 'designer', name, currency });
  return { id: row.id, slug, name };
}

async function pattern(storeId: string, title: string, priceCents: number, currency: string, daysAgo: number) {
  const row = await insertRow(backend, 'patterns', {
    store_id: storeId,
    title,
    craft: 'sewing',
    category: 'tops',
    price_cents: priceCents,
    currency,
    status: 'published',
    cover_path: `${storeId}/cover.svg`,
    formats: ['a4'],
    published_at: new Date(Date.now() - daysAgo * 86_400_000).toISOString(),
  });
  return row.id;
}

/** The page is no wider than its viewport (nothing to scroll sideways). */
async function fitsViewport(page: Page) {
  const [scroll, client] = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
  expect(scroll).toBeLessThanOrEqual(client);
}

beforeAll(async () => {
  stack = await startE2EStack({ backend: true });
  if (!stack.backend) throw new Error('the embedded backend did not start');
  backend = stack.backend as Backend;
  const [designerEu, designerUk, designerUs, b] = await Promise.all([
    createPerson(backend, 'eu', 'Elin Eriksson'),
    createPerson(backend, 'uk', 'Una Kaye'),
    createPerson(backend, 'us', 'Uma Sands'),
    createPerson(backend, 'buyer', 'Bea Buyer'),
  ]);
  buyer = b;
  store.eur = await newStore(designerEu.id, 'Tidewater Euro Patterns', 'EUR');
  store.gbp = await newStore(designerUk.id, 'Tidewater Pound Patterns', 'GBP');
  store.usd = await newStore(designerUs.id, 'Tidewater Dollar Patterns', 'USD');
  // a mixed page: €6.90, £6.00, $7.00, and $4.00 outside €5–7
  P.tee = await pattern(store.eur.id, 'Tidewater Tee', 690, 'EUR', 1);
  P.skirt = await pattern(store.gbp.id, 'Tidewater Skirt', 600, 'GBP', 2);
  P.vest = await pattern(store.usd.id, 'Tidewater Vest', 700, 'USD', 3);
  P.bag = await pattern(store.usd.id, 'Tidewater Bag', 400, 'USD', 4);
  await buy(backend, buyer.id, P.tee, store.eur.id);
  rates = referenceRates(await selectRows<CurrencyRate>(backend, 'currency_rates?select=currency,per_eur,as_of'));
}, 240_000);

afterAll(async () => {
  await stack?.stop();
});

describe('one currency', () => {
  it('shows every price in the chosen currency, marks converted ones, remembers the choice and filters by it (desktop)', async () => {
    const { page, context, errors } = await stack.newPage();
    try {
      await page.setViewportSize({ width: 1280, height: 900 });
      await open(page, '/patterns/search?q=tidewater');
      const select = page.getByRole('combobox', { name: 'Show prices in' });
      await select.selectOption('EUR');
      const cardPrice = (title: string) => page.locator('[data-testid="pattern-card"]', { hasText: title }).getByTestId('pattern-price');
      // A card in the chosen currency shows it at once; converted ones follow when the search answers in it.
      await expect.poll(() => cardPrice('Tidewater Tee').textContent()).toBe('€6.90');
      expect(await cardPrice('Tidewater Tee').getAttribute('data-approximate')).toBeNull();
      const vestInEur = convertMinor(700, 'USD', 'EUR', rates);
      await expect.poll(() => cardPrice('Tidewater Vest').textContent()).toContain(`≈ ${money(vestInEur, 'EUR')}`);
      await expect.poll(() => cardPrice('Tidewater Skirt').textContent()).toContain(`≈ ${money(convertMinor(600, 'GBP', 'EUR', rates), 'EUR')}`);
      await expectNoSeriousA11yIssues(page);

      // remembered across visits; switching to pounds converts again
      await page.reload();
      await page.getByRole('combobox', { name: 'Show prices in' }).waitFor();
      expect(await page.getByRole('combobox', { name: 'Show prices in' }).inputValue()).toBe('EUR');
      await page.getByRole('combobox', { name: 'Show prices in' }).selectOption('GBP');
      await expect.poll(() => cardPrice('Tidewater Skirt').textContent()).toBe('£6.00');
      await expect.poll(() => cardPrice('Tidewater Tee').textContent()).toContain(`≈ ${money(convertMinor(690, 'EUR', 'GBP', rates), 'GBP')}`);

      // the price filter is in the shown currency: €5–7 is what costs €5–7 converted
      await page.getByRole('combobox', { name: 'Show prices in' }).selectOption('EUR');
      await page.getByRole('textbox', { name: 'Lowest price (EUR)' }).fill('5');
      await page.getByRole('textbox', { name: 'Highest price (EUR)' }).fill('7');
      await page.getByRole('button', { name: 'Apply price' }).click();
      const expected = [
        ['Tidewater Tee', 690, 'EUR'],
        ['Tidewater Skirt', 600, 'GBP'],
        ['Tidewater Vest', 700, 'USD'],
        ['Tidewater Bag', 400, 'USD'],
      ]
        .filter(([, cents, cur]) => {
          const eur = convertMinor(cents as number, cur as string, 'EUR', rates);
          return eur >= 500 && eur <= 700;
        })
        .map(([title]) => title as string)
        .sort();
      await page.waitForURL(/pmin=5&pmax=7/);
      await expect
        .poll(async () => (await page.locator('[data-testid="pattern-card"] :is(h2, h3)').allTextContents()).sort(), { timeout: 15_000 })
        .toEqual(expected);
      expect(expected).not.toContain('Tidewater Bag');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('on a phone the pattern page shows the converted price and says what the store charges', async () => {
    const { page, context } = await stack.newPage();
    try {
      await page.setViewportSize(PHONE);
      await page.goto(`${stack.shellUrl}/about`);
      await page.evaluate(() => localStorage.setItem('stitchhouse.currency', 'GBP'));
      await open(page, `/patterns/${P.vest}`);
      const price = page.getByTestId('detail-price');
      await expect.poll(() => price.textContent()).toContain(`≈ ${money(convertMinor(700, 'USD', 'GBP', rates), 'GBP')}`);
      expect(await price.textContent()).toContain('the store charges $7.00');
      await fitsViewport(page);
      await expectNoSeriousA11yIssues(page);
    } finally {
      await context.close();
    }
  });
});

describe('reviews, favourites and follows', () => {
  it('a buyer reviews a pattern they bought and the average updates; then edits it (phone)', async () => {
    const { page, context, errors } = await signedInPage(buyer.email);
    try {
      await page.setViewportSize(PHONE);
      await open(page, `/patterns/${P.tee}`);
      const reviews = page.getByTestId('pattern-reviews');
      await reviews.scrollIntoViewIfNeeded(); // reviews load as they come near the viewport
      await reviews.getByRole('heading', { name: 'Review this pattern' }).waitFor();
      await reviews.getByRole('button', { name: 'Post review' }).click();
      await reviews.getByText('Choose from 1 to 5 stars').waitFor();
      await reviews.getByRole('radio', { name: '4 stars' }).check();
      await reviews.getByRole('textbox', { name: 'Your review' }).fill('Sewed up in an afternoon; the neckband instructions are excellent.');
      await reviews.getByRole('button', { name: 'Post review' }).click();
      await expect.poll(() => reviews.getByTestId('review-average').textContent(), { timeout: 15_000 }).toContain('4.0(1 review)');
      await reviews.getByTestId('review').getByText('Bea Buyer').waitFor();
      await fitsViewport(page);
      await expectNoSeriousA11yIssues(page);

      await reviews.getByRole('button', { name: 'Edit your review' }).click();
      await reviews.getByRole('radio', { name: '5 stars' }).check();
      await reviews.getByRole('button', { name: 'Save changes' }).click();
      await expect.poll(() => reviews.getByTestId('review-average').textContent(), { timeout: 15_000 }).toContain('5.0(1 review)');
      const [row] = await selectRows<{ rating_avg: number; review_count: number }>(
        backend,
        `pattern_ratings?pattern_id=eq.${P.tee}&select=rating_avg,review_count`,
      );
      expect(row).toEqual({ rating_avg: 5, review_count: 1 });
      // the card in the catalog carries the average too
      await open(page, '/patterns/search?q=tidewater%20tee');
      await page.locator('[data-testid="pattern-card"]', { hasText: 'Tidewater Tee' }).getByTestId('rating-summary').waitFor();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("a heart (keyboard) puts a pattern in the library's Favourites (desktop)", async () => {
    const { page, context } = await signedInPage(buyer.email);
    try {
      await page.setViewportSize({ width: 1280, height: 900 });
      await open(page, `/patterns/${P.skirt}`);
      const heart = page.getByRole('button', { name: 'Save to favourites' });
      expect(await heart.getAttribute('aria-pressed')).toBe('false');
      await heart.focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => page.getByTestId('favourite-button').first().getAttribute('aria-pressed')).toBe('true');
      await open(page, '/patterns/my-patterns');
      const favourites = page.getByTestId('library-favourites');
      await favourites.getByRole('heading', { name: 'Tidewater Skirt' }).waitFor();
      await expectNoSeriousA11yIssues(page);
    } finally {
      await context.close();
    }
  });

  it('following a store brings its new patterns to the home page', async () => {
    const { page, context } = await signedInPage(buyer.email);
    try {
      await page.setViewportSize(PHONE);
      await open(page, `/stores/${store.usd.slug}`);
      const follow = page.getByRole('button', { name: `Follow ${store.usd.name}` });
      await follow.click();
      const following = page.getByRole('button', { name: `Following ${store.usd.name}` });
      await following.waitFor();
      expect(await following.getAttribute('aria-pressed')).toBe('true');
      expect(await page.getByTestId('follower-count').textContent()).toBe('1 follower');
      await fitsViewport(page);
      await expectNoSeriousA11yIssues(page);
      await open(page, '/');
      const row = page.getByTestId('followed-patterns');
      await row.getByRole('heading', { name: 'New from designers you follow' }).waitFor();
      await row.getByRole('link', { name: 'Tidewater Vest' }).waitFor();
      expect(await row.getByRole('link', { name: 'Tidewater Tee' }).count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
