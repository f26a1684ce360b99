import { AxeBuilder } from '@axe-core/playwright';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calculateYardage } from '@stitchhouse/shared/catalog/yardage.ts';
import { startE2EStack, type E2EStack } from '../src/harness.ts';
import {
  createCatalog,
  insertRows,
  passwordSession,
  sessionStorageKey,
  WRAP_DRESS_YARDAGE,
  type Backend,
  type CatalogFixture,
} from './catalog-find.fixtures.ts';

// Find and judge patterns in Chromium against a fresh backend holding
// only the patterns created here.
let stack: E2EStack;
let backend: Backend;
let data: CatalogFixture;
let context: BrowserContext;
let page: Page;
let pageErrors: string[];

beforeAll(async () => {
  stack = await startE2EStack({ backend: true });
  if (!stack.backend) throw new Error('the embedded backend did not start');
  backend = stack.backend as Backend;
  data = await createCatalog(backend);
  ({ context, page, errors: pageErrors } = await stack.newPage());
});

afterAll(async () => {
  await stack?.stop();
});

const cardTitles = async (p: Page = page) => {
  await p.waitForSelector('[data-testid="pattern-grid"], [data-testid="result-count"]:has-text("0 patterns")', { timeout: 30_000 });
  await p.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));
  return p.locator('[data-testid="pattern-card"] h3').allTextContents();
};

async function open(path: string, p: Page = page) {
  await p.goto(stack.shellUrl + path);
  await p.waitForFunction(
    () => !!document.querySelector('main h1') && !document.querySelector('main > [aria-busy="true"], main [aria-label^="Loading"]'),
    undefined,
    { timeout: 60_000 },
  );
}

async function signIn(email: string, ctx: BrowserContext = context) {
  const session = await passwordSession(backend, email);
  const key = sessionStorageKey(backend);
  const p = ctx.pages()[0]!;
  await p.goto(stack.shellUrl + '/about');
  await p.evaluate(([k, v]) => localStorage.setItem(k!, v!), [key, JSON.stringify(session)]);
}

describe('catalog: find patterns', () => {
  it('lists published patterns only, and filters change the results and the URL', async () => {
    await open('/patterns');
    expect(await page.locator('h1').textContent()).toBe('Patterns');
    expect((await cardTitles()).sort()).toEqual(['Linen Wrap Dress', 'Market Tote Bag', 'Plus Size Jumpsuit']);
    await expect.poll(() => page.locator('[data-testid="result-count"]').textContent()).toBe('3 patterns');

    await page.getByLabel('Craft').selectOption('bags');
    await page.waitForURL(/craft=bags/);
    await expect.poll(() => cardTitles()).toEqual(['Market Tote Bag']);
    expect(await page.locator('[data-testid="pattern-price"]').first().textContent()).toBe('Free');

    await page.getByLabel('Craft').selectOption('sewing');
    await page.waitForURL(/craft=sewing/);
    await page.getByLabel('Sort by').selectOption('price_desc');
    await page.waitForURL(/sort=price_desc/);
    await expect.poll(() => cardTitles()).toEqual(['Plus Size Jumpsuit', 'Linen Wrap Dress']);

    await page.getByLabel('Difficulty').selectOption('2');
    await page.waitForURL(/dmax=2/);
    await expect.poll(() => cardTitles()).toEqual(['Linen Wrap Dress']);

    // back/forward walk the history of views
    await page.goBack();
    await page.waitForURL((url) => !url.search.includes('dmax'));
    await expect.poll(() => cardTitles()).toEqual(['Plus Size Jumpsuit', 'Linen Wrap Dress']);
    await page.goForward();
    await expect.poll(() => cardTitles()).toEqual(['Linen Wrap Dress']);

    await page.getByRole('button', { name: /Clear all filters/ }).click();
    await expect.poll(() => cardTitles()).toHaveLength(3);
    expect(new URL(page.url()).search).toBe('?sort=price_desc');
    expect(pageErrors).toEqual([]);
  });

  it('restores a shared view from its URL in a fresh browser', async () => {
    const shared = await stack.newPage();
    try {
      await open('/patterns?craft=sewing&format=a0&lang=en&pmax=15', shared.page);
      await expect.poll(() => cardTitles(shared.page)).toEqual(['Linen Wrap Dress']);
      expect(await shared.page.getByLabel('Craft').inputValue()).toBe('sewing');
      expect(await shared.page.getByLabel('Format').inputValue()).toBe('a0');
      expect(await shared.page.getByLabel('Highest price').inputValue()).toBe('15');
      await open('/patterns?free=1', shared.page);
      await expect.poll(() => cardTitles(shared.page)).toEqual(['Market Tote Bag']);
      expect(await shared.page.getByLabel('Free patterns only').isChecked()).toBe(true);
    } finally {
      await shared.context.close();
    }
  });

  it('shows an empty state with a way to clear the filters', async () => {
    await open('/patterns?craft=knitting');
    await page.getByRole('heading', { name: 'No patterns match' }).waitFor();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect.poll(() => cardTitles()).toHaveLength(3);
  });

  it('search tolerates a typo and suggests the right words; the catalog search box lands there', async () => {
    await open('/patterns/search?q=jumsuit');
    await expect.poll(() => cardTitles()).toEqual(['Plus Size Jumpsuit']);
    const didYouMean = page.locator('[data-testid="did-you-mean"] a');
    await didYouMean.waitFor();
    expect((await didYouMean.textContent())?.toLowerCase()).toContain('jumpsuit');

    await open('/patterns');
    await page.getByRole('searchbox', { name: 'Search patterns' }).fill('wrap dress');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForURL(/\/patterns\/search\?q=wrap\+dress/);
    await expect.poll(() => cardTitles()).toEqual(['Linen Wrap Dress']);
    await expect.poll(() => page.locator('[data-testid="pattern-card"] h3 mark').allTextContents()).toEqual(['Wrap', 'Dress']);
    expect(await page.getByLabel('Sort by').inputValue()).toBe('relevance');
  });

  it('"fits me" keeps only patterns whose chart covers the measurements and shows the size', async () => {
    await open('/patterns');
    const panel = page.locator('[data-testid="fits-me"]');
    await panel.getByLabel('Hip (cm)').fill('140');
    await panel.getByRole('button', { name: 'Show patterns that fit' }).click();
    await page.waitForURL(/hip=140/);
    await expect.poll(() => cardTitles()).toEqual(['Plus Size Jumpsuit']);
    // hips 112, 118, 124, 130, 136, 142 …: the first size reaching 140 − 2 cm is 26
    expect(await page.locator('[data-testid="recommended-size"]').textContent()).toBe('Your size: 26');

    await panel.getByLabel('Inches').check();
    await panel.getByLabel('Hip (in)').fill('40');
    await panel.getByRole('button', { name: 'Show patterns that fit' }).click();
    await page.waitForURL(/hip=101.6/);
    await expect.poll(() => cardTitles()).toEqual(['Linen Wrap Dress']);
    expect(await page.locator('[data-testid="recommended-size"]').textContent()).toBe('Your size: L');

    // remembered on this device, but only used when asked: a new visit shows the unit and
    // empty fields (nothing filters what the address does not say), and offers the saved measurements
    await open('/patterns');
    expect(await page.locator('[data-testid="fits-me"]').getByLabel('Hip (in)').inputValue()).toBe('');
    await page.getByTestId('use-saved-fit').click();
    await page.waitForURL(/hip=101.6/);
    expect(await page.locator('[data-testid="fits-me"]').getByLabel('Hip (in)').inputValue()).toBe('40');
    await open('/patterns?hip=300');
    expect(new URL(page.url()).search).toBe('?hip=300'); // unreadable values are ignored, not fatal
    await expect.poll(() => cardTitles()).toHaveLength(3);
    await page.locator('[data-testid="fits-me"]').getByLabel('Hip (in)').fill('9');
    await page.locator('[data-testid="fits-me"]').getByRole('button', { name: 'Show patterns that fit' }).click();
    expect(await page.locator('[data-testid="fits-me"] [aria-invalid="true"]').count()).toBe(1);
  });
});

describe('catalog: judge a pattern', () => {
  it('shows the size chart, recommended size, yardage calculator, formats and licence', async () => {
    await open(`/patterns/${data.wrapDress}?hip=99`);
    expect(await page.locator('h1').textContent()).toBe('Linen Wrap Dress');
    expect(await page.title()).toContain('Linen Wrap Dress');
    expect(await page.locator('[data-testid="detail-recommended-size"]').textContent()).toBe('L'); // M's hip 96 < 99 − 2; L's 104 reaches it
    const chart = page.locator('[data-testid="size-chart"]');
    expect(await chart.locator('tbody tr').count()).toBe(4);
    expect(await chart.locator('tbody tr').first().textContent()).toContain('80 cm');
    await page.getByRole('button', { name: 'inches' }).click();
    // the unit switch re-renders the chart; under load that comes a frame after the click
    await expect.poll(async () => chart.locator('tbody tr').first().textContent()).toMatch(/31.*in/);

    const calculator = page.locator('[data-testid="yardage-calculator"]');
    await calculator.getByLabel('Size').selectOption('S');
    await calculator.getByLabel('Fabric width').selectOption('140');
    const expected = calculateYardage(WRAP_DRESS_YARDAGE, 'S', 140);
    const shown = await calculator.locator('[data-testid="yardage-result"]').textContent();
    const main = expected.fabrics.find((f) => f.fabric === 'Main fabric');
    const lining = expected.fabrics.find((f) => f.fabric === 'Lining');
    expect(main?.status === 'ok' && shown).toContain(main?.status === 'ok' ? main.label : 'missing');
    expect(lining?.status === 'ok' && shown).toContain(lining?.status === 'ok' ? lining.label : 'missing');
    expect(shown).toContain('112 cm'); // 140 cm uses the next narrower listed width of the main fabric

    const text = await page.locator('main').textContent();
    expect(text).toContain('A0 (copy shop)');
    expect(text).toContain('You may sell handmade items');
    expect(text).toContain('1 m fusible interfacing');
    // The markdown renderer loads as the description comes near the viewport (plain paragraphs until then).
    await page.locator('[data-testid="description"]').scrollIntoViewIfNeeded();
    await page.locator('[data-testid="description"] strong').waitFor();
    expect(await page.locator('[data-testid="description"] strong').textContent()).toBe('breezy');
    expect(await page.locator('[data-testid="description"] li').count()).toBe(2);
    expect(await page.locator('[data-testid="description"] script, [data-testid="description"] img').count()).toBe(0);
    expect(await page.evaluate(() => (window as { __pwned?: boolean }).__pwned)).toBeUndefined();

    // Buy puts the pattern in the cart and opens the checkout (e2e/test/payments.test.ts follows it).
    await page.getByRole('button', { name: 'Buy', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Add to cart' }).waitFor();
    expect(await page.locator('[data-testid="wholesale-price"]').count()).toBe(0);
    const store = page.getByRole('link', { name: 'Blue Thimble Studio' });
    expect(await store.getAttribute('href')).toBe('/stores/blue-thimble-studio');
  });

  it('unknown, malformed and draft ids give the same not-found screen', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000099', 'not-a-uuid', data.draft]) {
      await open(`/patterns/${id}`);
      await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));
      expect(await page.locator('h1').textContent(), id).toBe('Pattern not found');
      expect(await page.locator('main').textContent()).not.toContain('Secret Draft');
    }
  });

  it('free pattern: signed out goes to sign-in, then Get adds it to the library and offers Download', async () => {
    await open(`/patterns/${data.tote}`);
    await page.getByRole('button', { name: 'Sign in to get it for free' }).click();
    await page.waitForURL((url) => url.pathname === '/sign-in');
    expect(new URL(page.url()).searchParams.get('next')).toBe(`/patterns/${data.tote}`);

    await signIn(data.buyerEmail);
    await open(`/patterns/${data.tote}`);
    await page.getByRole('button', { name: 'Get for free' }).click();
    await page.getByText('This pattern is in your library.').waitFor();
    expect(await page.getByRole('link', { name: 'Download' }).getAttribute('href')).toBe(`/patterns/${data.tote}/download`);
    await open(`/patterns/${data.tote}`);
    await page.getByText('This pattern is in your library.').waitFor();
    await page.evaluate(() => localStorage.clear());
  });

  it('shows the wholesale price to an approved wholesale account only', async () => {
    const wholesale = await stack.newPage();
    try {
      await signIn(data.wholesaleEmail, wholesale.context);
      await open(`/patterns/${data.wrapDress}`, wholesale.page);
      const price = wholesale.page.locator('[data-testid="wholesale-price"]');
      await price.waitFor();
      expect(await price.textContent()).toContain('$6.50');
      expect(await price.textContent()).toContain('from 5 copies');
    } finally {
      await wholesale.context.close();
    }
  });
});

describe('catalog: storefronts', () => {
  it("a designer's storefront lists its published patterns", async () => {
    await open('/stores/blue-thimble-studio');
    expect(await page.locator('h1').textContent()).toBe('Blue Thimble Studio');
    expect((await cardTitles()).sort()).toEqual(['Linen Wrap Dress', 'Market Tote Bag', 'Plus Size Jumpsuit']);
    expect(await page.locator('main').textContent()).toContain('drafted for real bodies');
  });

  it("a shop's storefront shows its address and the patterns it stocks; unknown slugs are not found", async () => {
    await open('/stores/corner-fabrics');
    expect(await page.locator('h1').textContent()).toBe('Corner Fabrics');
    expect(await page.locator('[data-testid="store-address"]').textContent()).toContain('Stoffgasse 12');
    const stocked = page.locator('section[aria-labelledby="stocked-patterns"]');
    await stocked.locator('[data-testid="pattern-card"]').first().waitFor();
    expect(await stocked.locator('[data-testid="pattern-card"] h3').allTextContents()).toEqual(['Linen Wrap Dress']);
    expect(await stocked.textContent()).toContain('4 printed copies');

    await open('/stores/no-such-store');
    await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));
    expect(await page.locator('h1').textContent()).toBe('Store not found');
  });
});

describe('catalog: accessibility', () => {
  for (const path of ['/patterns', 'detail']) {
    it(`${path} has no serious or critical axe violations`, async () => {
      await open(path === 'detail' ? `/patterns/${data.wrapDress}` : path);
      if (path === '/patterns') await cardTitles();
      else await page.locator('[data-testid="size-chart"]').waitFor();
      const results = await new AxeBuilder({ page }).analyze();
      const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    });
  }
});

// Last in the file: it adds 130 patterns the tests above do not expect.
describe('catalog: long result lists', () => {
  it('says "about" above the 100 matches counted exactly, and pages by full and short pages', async () => {
    await insertRows(
      backend,
      'patterns',
      Array.from({ length: 130 }, (_, i) => ({
        store_id: data.designerStore.id,
        currency: 'USD',
        status: 'published',
        languages: ['en'],
        title: `Heirloom Sampler ${i + 1}`,
        craft: 'embroidery',
        category: 'hoop-art',
        difficulty: 1,
        price_cents: 500,
        formats: ['a4'],
        published_at: new Date(Date.UTC(2026, 0, 1) + i * 86_400_000).toISOString(),
      })),
    );
    await open('/patterns?q=sampler');
    expect(await cardTitles()).toHaveLength(24);
    expect(await page.locator('[data-testid="result-count"]').textContent()).toMatch(/^about [\d,]+ patterns for “sampler”$/);
    const pages = page.getByRole('navigation', { name: 'Pages' });
    expect(await pages.textContent()).toMatch(/Page 1 of about \d+/);
    await pages.getByRole('link', { name: 'Next →' }).click();
    await page.waitForURL(/page=2/);
    await expect.poll(async () => (await cardTitles())[0]).toBe('Heirloom Sampler 106');

    // 130 = five full pages and a short sixth: the sixth is the last whatever the estimate said
    await open('/patterns?q=sampler&page=6');
    expect(await cardTitles()).toHaveLength(10);
    expect(await pages.textContent()).toMatch(/Page 6 of about 6/);
    expect(await pages.getByRole('link', { name: 'Next →' }).count()).toBe(0);
  });
});
