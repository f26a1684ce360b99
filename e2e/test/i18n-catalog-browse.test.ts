// The buyer's side of the catalog in the visitor's language: /patterns, a search and a
// pattern page in German on a 390 px phone (no English left, nothing wider than the screen but the
// size chart in its scroller, prices and dates written the German way), the pattern page saying
// which language the instructions are in before the price (names in the visitor's language, the
// language filter too), the designer's German title and description with the original one click
// away, and a Dutch language version by address (?hl=nl).
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settledRoute, startE2EStack, type E2EStack } from '../src/harness.ts';
import { englishOnlyTexts, overflowingElements, untranslatedTexts } from '../src/languages.ts';
import { createCatalog, insert, type Backend, type CatalogFixture } from './catalog-find.fixtures.ts';
import { buy, createPerson, insertRow, selectRows } from './catalog-own.fixtures.ts';

let stack: E2EStack;
let backend: Backend;
let catalog: CatalogFixture;
const contexts: BrowserContext[] = [];

/** A phone whose browser says `locale` first (Accept-Language, navigator.languages). */
async function phone(browser: Browser, locale: string): Promise<Page> {
  const context = await browser.newContext({ locale, viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  contexts.push(context);
  return context.newPage();
}

const lang = (page: Page) => page.evaluate(() => document.documentElement.lang);
const h1 = (page: Page) => page.locator('main h1').first();

/** The page once settled: in `locale`, no English of any catalog on it, nothing sticking out. */
async function expectClean(page: Page, locale: string, where: string): Promise<void> {
  await settledRoute(page);
  expect(await lang(page), where).toBe(locale);
  expect(await untranslatedTexts(page, englishOnlyTexts(locale)), where).toEqual([]);
  expect(await overflowingElements(page), where).toEqual([]);
}

beforeAll(async () => {
  stack = await startE2EStack({ backend: true });
  if (!stack.backend) throw new Error('the embedded backend did not start');
  backend = stack.backend as Backend;
  catalog = await createCatalog(backend);
  // The designer translated the wrap dress into German; a buyer reviewed it (a date on the page).
  await insert(backend, 'pattern_translations', {
    pattern_id: catalog.wrapDress,
    locale: 'de',
    title: 'Wickelkleid aus Leinen',
    description: 'Ein **luftiges** Wickelkleid mit Taschen.',
  });
  const maker = await createPerson(backend, 'macherin', 'Rosa Näherin');
  await buy(backend, maker.id, catalog.wrapDress, catalog.designerStore.id);
  const [entitlement] = await selectRows<{ id: string }>(backend, `entitlements?user_id=eq.${maker.id}&pattern_id=eq.${catalog.wrapDress}&select=id`);
  await insertRow(backend, 'reviews', {
    pattern_id: catalog.wrapDress,
    entitlement_id: entitlement!.id,
    author_id: maker.id,
    rating: 4,
    body: 'Sitzt wunderbar.',
  });
}, 240_000);

afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
  await stack?.stop();
});

describe('the catalog in the buyer’s language', () => {
  it('/patterns in German at 390 px does not move as its results arrive: "Filter" and the sort stay where the loading screen put them', async () => {
    const page = await phone(stack.browser, 'de-DE');
    await page.addInitScript(() => {
      const seen = ((window as { shifts?: string[] }).shifts = [] as string[]);
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
          if (!entry.hadRecentInput && entry.value > 0) seen.push(`${entry.value.toFixed(3)} at ${Math.round(entry.startTime)} ms`);
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto(`${stack.shellUrl}/patterns`);
    await page
      .getByTestId('result-count')
      .getByText(/^\d+ Schnittmuster$/)
      .waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => (window as { shifts?: string[] }).shifts)).toEqual([]);
  });

  it('/patterns and a search in German at 390 px: German words and numbers, the language filter in German, nothing in English or too wide', async () => {
    const page = await phone(stack.browser, 'de-DE');
    await page.goto(`${stack.shellUrl}/patterns`);
    await expect.poll(() => h1(page).textContent()).toBe('Schnittmuster');
    await page
      .getByTestId('result-count')
      .getByText(/^\d+ Schnittmuster$/)
      .waitFor();
    await page.getByRole('combobox', { name: 'Sortieren nach' }).waitFor();
    await expectClean(page, 'de', '/patterns');

    // the filters sheet: "fits me" and the filters in German, the pattern languages named in German
    await page.getByTestId('filters-button').click();
    const sheet = page.getByRole('dialog');
    const language = sheet.getByRole('combobox', { name: 'Sprache', exact: true });
    await language.waitFor();
    const names = await language.locator('option').allTextContents();
    expect(names).toEqual(expect.arrayContaining(['Alle Sprachen', 'Englisch', 'Deutsch', 'Französisch', 'Niederländisch']));
    await sheet.getByRole('heading', { name: 'Passt mir' }).waitFor();
    expect(await untranslatedTexts(page, englishOnlyTexts('de')), 'filters sheet').toEqual([]);
    expect(await overflowingElements(page), 'filters sheet').toEqual([]);
    await language.selectOption('de');
    await sheet.getByRole('button', { name: /^1 Schnittmuster zeigen$/ }).click();
    await expect.poll(() => page.getByTestId('pattern-card').count()).toBe(1);
    await page.getByTestId('pattern-card').getByText('Market Tote Bag').waitFor();

    await page.goto(`${stack.shellUrl}/patterns/search?q=${encodeURIComponent('wrap dress')}`);
    await expect.poll(() => h1(page).textContent()).toBe('Schnittmuster suchen');
    await page
      .getByTestId('result-count')
      .getByText(/^\d+ Schnittmuster für „wrap dress“$/)
      .waitFor();
    // the designer's German title in the results
    await page.getByTestId('pattern-card').getByText('Wickelkleid aus Leinen').waitFor();
    await expectClean(page, 'de', '/patterns/search');
    expect(await page.title()).toContain('Suche: wrap dress');
  });

  it('a pattern page in German: the instructions’ language before the price, the German title with “Original anzeigen”, German prices and dates', async () => {
    const page = await phone(stack.browser, 'de-DE');
    await page.goto(`${stack.shellUrl}/patterns/${catalog.wrapDress}`);
    await expect.poll(() => h1(page).textContent()).toBe('Wickelkleid aus Leinen');
    const languages = page.getByTestId('instruction-languages');
    await expect.poll(() => languages.textContent()).toBe('Anleitung auf Englisch Nicht auf Deutsch erhältlich.');
    // before the price and the buttons: a buyer reads it before buying
    const [noteTop, priceTop] = await Promise.all([languages.boundingBox(), page.getByTestId('detail-price').boundingBox()]);
    expect(noteTop!.y).toBeLessThan(priceTop!.y);
    await page.getByRole('button', { name: 'Kaufen', exact: true }).waitFor();
    // money in German: a decimal comma ("12,00 $", "≈ 11,40 €")
    expect(await page.getByTestId('detail-price').innerText()).toMatch(/\d,\d{2}/);
    expect(await page.getByTestId('detail-price').innerText()).not.toMatch(/\d\.\d{2}/);
    await page.getByRole('heading', { name: 'Über dieses Schnittmuster' }).scrollIntoViewIfNeeded();
    await page.getByTestId('description').getByText('luftiges').waitFor();
    // below the fold: the size chart (in its own scroller), kits and reviews with a German date
    await page.getByRole('heading', { name: 'Bewertungen' }).scrollIntoViewIfNeeded();
    const review = page.getByTestId('review').first();
    await review.waitFor();
    const day = new Intl.DateTimeFormat('de', { day: 'numeric', month: 'short', year: 'numeric' }).format(new Date());
    expect(await review.innerText()).toContain(day);
    await page.getByRole('heading', { name: 'Materialpakete für dieses Schnittmuster' }).waitFor();
    await page.getByTestId('size-chart').getByRole('columnheader', { name: 'Brust', exact: true }).waitFor();
    await expectClean(page, 'de', 'pattern page');
    expect(await page.title()).toContain('Wickelkleid aus Leinen');

    // the original, one click away, and back
    await page.getByTestId('show-original').scrollIntoViewIfNeeded();
    await page.getByRole('button', { name: 'Original anzeigen' }).click();
    await expect.poll(() => h1(page).textContent()).toBe('Linen Wrap Dress');
    expect(await h1(page).getAttribute('lang')).toBe('en');
    await page.getByTestId('description').getByText('breezy').waitFor();
    await page.getByRole('button', { name: 'Übersetzung anzeigen' }).click();
    await expect.poll(() => h1(page).textContent()).toBe('Wickelkleid aus Leinen');

    // a pattern that does not exist, in German
    await page.goto(`${stack.shellUrl}/patterns/00000000-0000-4000-8000-000000000000`);
    await expect.poll(() => h1(page).textContent()).toBe('Schnittmuster nicht gefunden');
    await expectClean(page, 'de', 'not found');
  });

  it('?hl=nl: the Dutch version of a pattern page in an English browser, the instructions’ languages in Dutch', async () => {
    const page = await phone(stack.browser, 'en-GB');
    await page.goto(`${stack.shellUrl}/patterns/${catalog.tote}?hl=nl`);
    await expect.poll(() => h1(page).textContent()).toBe('Market Tote Bag');
    await expect
      .poll(() => page.getByTestId('instruction-languages').textContent())
      .toBe('Handleiding in het Engels en Duits Niet beschikbaar in het Nederlands.');
    await page.getByRole('button', { name: 'Log in om het gratis te krijgen' }).waitFor();
    await page.getByRole('heading', { name: 'Over dit patroon' }).waitFor();
    await expectClean(page, 'nl', 'pattern page ?hl=nl');

    // the same page in English is as it was, with the languages said in English
    await page.goto(`${stack.shellUrl}/patterns/${catalog.tote}?hl=en`);
    await expect.poll(() => page.getByTestId('instruction-languages').textContent()).toBe('Instructions in English and German');
    await page.getByRole('button', { name: 'Sign in to get it for free' }).waitFor();
    expect(await lang(page)).toBe('en');
  });
});
