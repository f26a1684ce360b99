// A whole visit in each of the marketplace's other languages: a visitor
// whose browser speaks German (French, Spanish, Dutch) browses, signs up, buys, downloads, opens a
// store, publishes a pattern and reads a report, on a phone, without meeting English. Every step is
// found by the messages' ids in that language (wordsIn), and every page it passes is checked: its
// <html lang>, no text of the English catalogs left, nothing wider than the screen. The stamp on the
// downloaded PDF is in the buyer's language too.
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextMail, verifyLink } from '@stitchhouse/shared/testing/kit.ts';
import { makePatternPdf, pageTexts } from '../../supabase/test/catalog-own-pdf.ts';
import { settledRoute, startE2EStack, type E2EStack } from '../src/harness.ts';
import { payOnHostedPage } from '../src/hostedCheckout.ts';
import { ANY_VALUE, englishOnlyTexts, overflowingElements, saidPattern, untranslatedTexts, wordsIn } from '../src/languages.ts';
import { PASSWORD, uniqueEmail } from './auth-support.ts';
import { coverPng, createPerson, createStore, publishedPattern, type Backend } from './catalog-own.fixtures.ts';

/** Each language with the browser locale of a visitor who reads it first. */
const VISITORS = [
  { language: 'German', locale: 'de', browser: 'de-DE', name: 'Jörg Näher' },
  { language: 'French', locale: 'fr', browser: 'fr-FR', name: 'Zoé Couturière' },
  { language: 'Spanish', locale: 'es', browser: 'es-ES', name: 'Begoña Costura' },
  { language: 'Dutch', locale: 'nl', browser: 'nl-NL', name: 'Anouk de Naaister' },
] as const;
const ON_SALE = 'Harbour Wrap Dress';

let stack: E2EStack;
let backend: Backend;
let onSale: { id: string };

beforeAll(async () => {
  stack = await startE2EStack({ backend: true });
  if (!stack.backend?.stripe) throw new Error('the embedded backend runs no Stripe sandbox');
  backend = stack.backend as Backend;
  const designer = await createPerson(backend, 'journey-designer', 'Dana Designer');
  const store = await createStore(backend, designer.id, 'Dana Patterns');
  onSale = await publishedPattern(backend, store.id, ON_SALE);
}, 240_000);

afterAll(async () => {
  await stack?.stop();
});

describe.each(VISITORS)('a visitor whose browser reads $language first', ({ locale, browser, name }) => {
  it('browses, signs up, buys, downloads, opens a store, publishes a pattern and reads a report without meeting English', async () => {
    const say = wordsIn(locale);
    const english = englishOnlyTexts(locale);
    const context = await stack.browser.newContext({
      locale: browser,
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const open = async (path: string) => {
      await page.goto(`${stack.shellUrl}${path}`);
      await settledRoute(page);
    };
    /** The page as it is now: in the language, with nothing of English and nothing wider than the phone. */
    const inLanguage = async (step: string) => {
      await settledRoute(page);
      expect(await page.evaluate(() => document.documentElement.lang), step).toBe(locale);
      expect(await untranslatedTexts(page, english), step).toEqual([]);
      expect(await overflowingElements(page), step).toEqual([]);
    };
    const heading = (text: string | RegExp) => page.getByRole('heading', { level: 1, name: text }).waitFor({ timeout: 30_000 });

    try {
      // browse: the catalog, then the pattern's page
      await open('/patterns');
      await inLanguage('the catalog');
      await page.locator('main').getByRole('link', { name: ON_SALE }).first().click();
      await heading(ON_SALE);
      await page.getByRole('button', { name: say('catalog.detail.actions.buy'), exact: true }).waitFor();
      await inLanguage('the pattern page');

      // sign up as a designer, confirm from the e-mail
      const email = uniqueEmail(`journey-${locale}`);
      await open('/sign-up');
      await page.locator('#sign-up-name').fill(name);
      await page.locator('#sign-up-email').fill(email);
      await page.locator('#sign-up-password').fill(PASSWORD);
      await page.locator('#sign-up-intent-designer').check();
      await inLanguage('sign-up');
      await page.getByRole('button', { name: say('auth.signUp.submit'), exact: true }).click();
      await page.waitForURL(/\/sign-up\/thank-you$/);
      await inLanguage('sign-up: check your inbox');
      await page.goto(verifyLink(await nextMail(backend, email)));
      await heading(say('auth.welcome.headingNamed', { name }));
      await inLanguage('welcome');

      // buy the pattern on the sandbox's hosted page, in the language too
      await open(`/patterns/${onSale.id}`);
      await page.getByRole('button', { name: say('catalog.detail.actions.buy'), exact: true }).click();
      await page.waitForURL(/\/payment\/send$/);
      await inLanguage('checkout');
      await page.getByRole('button', { name: saidPattern(say('payments.pay.amount', { amount: ANY_VALUE })) }).click();
      await page.waitForURL(/\/checkout\/cs_test_/);
      expect(await page.evaluate(() => document.documentElement.lang), 'the hosted payment page').toBe(locale);
      // the sandbox's own words in the page's language: the button with the amount, not in English
      await payOnHostedPage(page, { name, payLabel: /^(?!Pay )(?=.*\d)/ });
      await page.waitForURL(/\/payment\/success\?order=/);
      const downloadLink = page.getByRole('link', { name: say('payments.success.downloadLabel', { title: ON_SALE }) });
      await downloadLink.waitFor({ timeout: 30_000 });
      await inLanguage('payment received');

      // download: the stamp on every page is in the buyer's language
      const download = page.waitForEvent('download');
      await downloadLink.click();
      const stamped = await pageTexts(new Uint8Array(await readFile((await (await download).path())!)));
      const licence = say('email.stamp.licence.personal');
      for (const texts of stamped)
        expect(texts.join(' ')).toMatch(saidPattern(say('email.stamp.line', { buyer: name, order: ANY_VALUE, licence }), { whole: false }));

      // open a store
      await open('/account/store');
      await page.getByLabel(say('account.storeForm.name')).fill(`${name} Schnitte`);
      await page.locator('[data-slug-status="available"]').waitFor();
      await inLanguage('opening a store');
      await page.getByRole('button', { name: say('account.storeForm.submitOpen'), exact: true }).click();
      await page.getByRole('heading', { name: say('account.storeForm.details') }).waitFor();
      await inLanguage('the store opened');

      // publish a pattern: a draft, a photo and the A4 file, then Publish
      const title = `Leinenkleid ${locale}`;
      await open('/patterns/my-store');
      await page.getByRole('button', { name: say('catalog.publish.store.new'), exact: true }).click();
      await page.waitForURL(/\/patterns\/new\/edit$/);
      await page.getByRole('textbox', { name: say('catalog.publish.field.title'), exact: true }).fill(title);
      await page.getByRole('combobox', { name: say('catalog.publish.field.craft'), exact: true }).selectOption('sewing');
      await page.getByRole('textbox', { name: say('catalog.publish.field.category'), exact: true }).fill('dresses');
      await page.getByRole('textbox', { name: saidPattern(say('catalog.publish.form.priceLabel', { currency: ANY_VALUE })) }).fill('12');
      await inLanguage('a new pattern');
      await page.getByRole('button', { name: say('catalog.publish.form.save'), exact: true }).click();
      await page.waitForURL(/\/patterns\/[0-9a-f-]{36}\/edit$/);
      await page.getByText(say('catalog.publish.edit.createdText'), { exact: false }).first().waitFor();
      await page.getByLabel(say('catalog.publish.photos.add')).setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: coverPng() });
      await page.getByText(say('catalog.publish.photos.added', { count: 1 })).waitFor();
      const pdf = await makePatternPdf(title, 2);
      await page
        .getByLabel(say('catalog.publish.files.choose', { format: 'A4' }))
        .setInputFiles({ name: 'kleid-a4.pdf', mimeType: 'application/pdf', buffer: Buffer.from(pdf) });
      await page.getByText(say('catalog.publish.files.uploaded', { format: 'A4' })).waitFor();
      await page.getByRole('button', { name: say('catalog.publish.panel.publish'), exact: true }).click();
      await page.getByText(say('catalog.publish.panel.changed', { status: 'published' })).waitFor();
      await inLanguage('the pattern published');

      // read the sales report of the new store
      await open('/reports/sales');
      await heading(say('partners.report.sales.title'));
      await page.getByText(say('partners.report.empty.noSalesInThisPeriod')).first().waitFor({ timeout: 30_000 });
      await inLanguage('the sales report');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
