// The shell in the visitor's language: every shell route of the contract in German at
// 390 px (nothing left in English, nothing wider than the screen, <html lang="de">, the page title
// too; the legal pages say the English version prevails), the header's account menu and the
// not-found page in German, a language version by address (?hl=fr), and the footer's language
// control: switching keeps the page and what is typed into it, and a reload stays in the choice.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeHref, routesOf } from '@stitchhouse/shared/routes.ts';
import { signedInPerson } from '@stitchhouse/shared/testing/kit.ts';
import { settledRoute, startE2EStack, type E2EStack } from '../src/harness.ts';
import { englishOnlyTexts, overflowingElements, untranslatedTexts } from '../src/languages.ts';
import { PASSWORD, uniqueEmail, type Backend } from './auth-support.ts';

let stack: E2EStack;
let member: { email: string };
const contexts: BrowserContext[] = [];

/** A phone whose browser says `locale` first (Accept-Language, navigator.languages). */
async function phone(browser: Browser, locale: string): Promise<Page> {
  const context = await browser.newContext({ locale, viewport: { width: 390, height: 844 } });
  contexts.push(context);
  return context.newPage();
}

const lang = (page: Page) => page.evaluate(() => document.documentElement.lang);
const h1 = (page: Page) => page.locator('main h1').first();

/** Each shell route's German heading, its page title and one German text of the screen. */
const GERMAN: Record<string, { heading: string; title: string; text: string }> = {
  '/': {
    heading: 'Schnittmuster direkt von denen, die sie entwerfen',
    title: 'Schnittmuster und Anleitungen zum Nähen und Handarbeiten',
    text: 'So funktioniert der Kauf',
  },
  '/about': { heading: 'Ein faireres Zuhause für unabhängige Schnittmuster', title: 'Über uns', text: 'Was wir versprechen' },
  '/app': { heading: 'Deine Schnittmuster auf dem Bildschirm neben der Nähmaschine', title: 'Die App', text: 'Arbeiten ohne Verbindung' },
  '/designers': {
    heading: 'Verkauf deine Schnittmuster und behalte das Vertrauen deiner Kundschaft',
    title: 'Für Designerinnen',
    text: 'So legst du los',
  },
  '/retailers': { heading: 'Indie-Schnittmuster in deinen Laden', title: 'Für Läden', text: 'Was es kostet' },
  '/pricing': { heading: 'Behalte mehr von jedem verkauften Schnittmuster', title: 'Preise', text: 'Fragen zu den Preisen' },
  '/newsletter': { heading: 'Der Stitchhouse-Newsletter', title: 'Newsletter', text: 'Was drinsteht' },
  '/legal/privacy-policy': { heading: 'Datenschutzerklärung', title: 'Datenschutzerklärung', text: 'Wer deine Daten sieht' },
  '/legal/terms-of-use': { heading: 'Nutzungsbedingungen', title: 'Nutzungsbedingungen', text: '1. Dein Konto' },
};

beforeAll(async () => {
  stack = await startE2EStack({ backend: true });
  if (!stack.backend) throw new Error('the embedded backend did not start');
  member = await signedInPerson(stack.backend as Backend, uniqueEmail('naehen'), PASSWORD, { display_name: 'Nele Naht', intent: 'designer' });
}, 240_000);

afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
  await stack?.stop();
});

describe('the shell in German, French and on a switch', () => {
  it('every shell route of the contract is German at 390 px: nothing in English, nothing wider than the screen', async () => {
    const page = await phone(stack.browser, 'de-DE');
    const english = englishOnlyTexts('de');
    const routes = routesOf('shell');
    const left: Record<string, { untranslated: string[]; overflowing: string[] }> = {};
    expect(routes.map((route) => route.path).sort()).toEqual(Object.keys(GERMAN).sort());
    for (const route of routes) {
      const expected = GERMAN[route.path]!;
      await page.goto(`${stack.shellUrl}${routeHref(route)}`);
      await settledRoute(page);
      await expect.poll(() => h1(page).textContent(), { message: route.path }).toBe(expected.heading);
      await page.locator('main').getByText(expected.text, { exact: true }).first().waitFor();
      expect(await lang(page), route.path).toBe('de');
      expect(await page.title(), route.path).toContain(expected.title);
      if (route.path.startsWith('/legal/')) {
        // a translation says which version binds, and links to the English one
        expect(await page.locator('[data-legal-prevails]').textContent(), route.path).toContain('Verbindlich ist allein die englische Fassung');
        expect(await page.locator('[data-legal-prevails] a').getAttribute('href'), route.path).toBe(`${route.path}?hl=en`);
      }
      // every route is visited before failing, so one run names every page's leftovers
      left[route.path] = { untranslated: await untranslatedTexts(page, english), overflowing: await overflowingElements(page) };
    }
    const problems = Object.entries(left).filter(([, found]) => found.untranslated.length > 0 || found.overflowing.length > 0);
    expect(Object.fromEntries(problems)).toEqual({});

    // an address the contract does not know
    await page.goto(`${stack.shellUrl}/gibt-es-nicht`);
    await expect.poll(() => h1(page).textContent()).toBe('Diese Seite gibt es nicht');
    await expect.poll(() => page.title()).toContain('Seite nicht gefunden');
    expect(await untranslatedTexts(page, english)).toEqual([]);

    // a member's header: the account menu and the followed designers' shelf
    await page.goto(`${stack.shellUrl}/sign-in?next=${encodeURIComponent('/')}`);
    await page.locator('#sign-in-email').fill(member.email);
    await page.locator('#sign-in-password').fill(PASSWORD);
    await page.locator('#sign-in-password').press('Enter');
    await page.waitForURL(`${stack.shellUrl}/`);
    await page.getByRole('heading', { name: 'Neu von Designerinnen, denen du folgst' }).waitFor();
    await page.getByRole('button', { name: 'Menü' }).click();
    await page.getByRole('button', { name: /Kontomenü für Nele Naht/ }).click();
    await page.getByRole('menuitem', { name: 'Abmelden' }).waitFor();
    await page.getByRole('menuitem', { name: 'Meine Schnittmuster' }).waitFor();
    await settledRoute(page);
    expect(await untranslatedTexts(page, english)).toEqual([]);
    expect(await overflowingElements(page)).toEqual([]);
  });

  it('?hl=fr is the French version of a page, whatever the browser says', async () => {
    const page = await phone(stack.browser, 'de-DE');
    await page.goto(`${stack.shellUrl}/pricing?hl=fr`);
    await settledRoute(page);
    await expect.poll(() => h1(page).textContent()).toBe('Gardez davantage sur chaque patron vendu');
    expect(await lang(page)).toBe('fr');
    await page.getByText('Questions sur les tarifs').waitFor();
    expect(await untranslatedTexts(page, englishOnlyTexts('fr'))).toEqual([]);
    expect(await overflowingElements(page)).toEqual([]);
  });

  it('the footer’s language control switches English to German at once, keeps the page and the typed address, and a reload stays German', async () => {
    const page = await phone(stack.browser, 'en-GB');
    await page.goto(`${stack.shellUrl}/newsletter`);
    await settledRoute(page);
    await expect.poll(() => h1(page).textContent()).toBe('The Stitchhouse newsletter');
    expect(await lang(page)).toBe('en');
    const email = page.getByRole('textbox', { name: 'Your e-mail address' });
    await email.fill('nele@example.com');

    await page.getByRole('combobox', { name: 'Language' }).selectOption('de');
    await expect.poll(() => h1(page).textContent()).toBe('Der Stitchhouse-Newsletter');
    expect(await lang(page)).toBe('de');
    expect(new URL(page.url()).pathname).toBe('/newsletter');
    // the same input, with what was typed into it: the form was not remounted
    expect(await page.getByRole('textbox', { name: 'Deine E-Mail-Adresse' }).inputValue()).toBe('nele@example.com');
    expect(await page.getByRole('combobox', { name: 'Sprache' }).inputValue()).toBe('de');
    expect(await untranslatedTexts(page, englishOnlyTexts('de'))).toEqual([]);

    // the choice is remembered on this device (a cookie) and wins over the browser's English
    expect((await page.context().cookies()).find((cookie) => cookie.name === 'sh_locale')?.value).toBe('de');
    await page.reload();
    await settledRoute(page);
    await expect.poll(() => h1(page).textContent()).toBe('Der Stitchhouse-Newsletter');
    expect(await lang(page)).toBe('de');
    await page.getByRole('button', { name: 'Abonnieren' }).waitFor();
  });
});
