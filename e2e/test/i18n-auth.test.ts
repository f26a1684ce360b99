// The access screens in the visitor's language: every mf-auth route of the contract in
// German at 390 px (nothing left in English, nothing wider than the screen, <html lang="de">, the
// page title too), a refused sign-in and a zod message in German, and a language version by
// address (?hl=es) in Spanish.
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeHref, routesOf } from '@stitchhouse/shared/routes.ts';
import { settledRoute, startE2EStack, type E2EStack } from '../src/harness.ts';
import { englishOnlyTexts, overflowingElements, untranslatedTexts } from '../src/languages.ts';
import { uniqueEmail } from './auth-support.ts';

let stack: E2EStack;
let context: BrowserContext;
let page: Page;

const lang = () => page.evaluate(() => document.documentElement.lang);
const h1 = () => page.locator('main h1').first();

/** Each access route's German heading and one German text of its screen. */
const GERMAN: Record<string, { title: string; text: string }> = {
  '/sign-in': { title: 'Anmelden', text: 'Passwort vergessen?' },
  '/sign-in/thank-you': { title: 'Schau in dein Postfach', text: 'Mit dem Code anmelden' },
  '/sign-in-magic': { title: 'Mit einem Magic Link anmelden', text: 'Link per E-Mail senden' },
  '/sign-up': { title: 'Konto erstellen', text: 'Was führt dich zu Stitchhouse?' },
  '/sign-up/error': { title: 'Wir konnten dein Konto nicht erstellen', text: 'Dein Konto wurde nicht erstellt' },
  '/sign-up/thank-you': { title: 'Bestätige deine E-Mail-Adresse', text: 'Oder gib den Code ein' },
  '/change-password': { title: 'Passwort ändern', text: 'Melde dich an, um dein Passwort zu ändern' },
  '/reset-password': { title: 'Passwort zurücksetzen', text: 'Link zum Zurücksetzen senden' },
  '/expired-link': { title: 'Dieser Link ist abgelaufen', text: 'Neuen Anmeldelink senden' },
};

beforeAll(async () => {
  stack = await startE2EStack({ backend: true });
  // a phone in Germany: the browser says German first (Accept-Language, navigator.languages)
  context = await stack.browser.newContext({ locale: 'de-DE', viewport: { width: 390, height: 844 } });
  page = await context.newPage();
}, 240_000);

afterAll(async () => {
  await context?.close().catch(() => undefined);
  await stack?.stop();
});

describe('the access screens in German and Spanish', () => {
  it('every mf-auth route of the contract is German at 390 px: nothing in English, nothing wider than the screen', async () => {
    const english = englishOnlyTexts('de');
    const routes = routesOf('mf_auth');
    expect(routes.map((route) => route.path).sort()).toEqual(Object.keys(GERMAN).sort());
    for (const route of routes) {
      const expected = GERMAN[route.path]!;
      await page.goto(`${stack.shellUrl}${routeHref(route)}`);
      await settledRoute(page);
      await expect.poll(() => h1().textContent(), { message: route.path }).toBe(expected.title);
      await page.locator('main').getByText(expected.text, { exact: true }).first().waitFor();
      expect(await lang(), route.path).toBe('de');
      expect(await page.title(), route.path).toContain(expected.title);
      expect(await untranslatedTexts(page, english), route.path).toEqual([]);
      expect(await overflowingElements(page), route.path).toEqual([]);
    }
  });

  it('says in German what a check found and why the server refused: zod messages, a wrong password, an auth code on /sign-up/error', async () => {
    await page.goto(`${stack.shellUrl}/sign-in`);
    await settledRoute(page);
    await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
    const summary = page.locator('[data-error-summary]');
    await summary.getByText('Gib deine E-Mail-Adresse ein.').waitFor();
    await summary.getByText('Gib dein Passwort ein.').waitFor();
    await expect.poll(() => summary.locator('h2').textContent()).toBe('Da stimmt etwas nicht');

    await page.locator('#sign-in-email').fill(uniqueEmail('niemand'));
    await page.locator('#sign-in-password').fill('Falsches Passwort 1');
    await page.locator('#sign-in-password').press('Enter');
    await summary.getByText('Diese E-Mail-Adresse und dieses Passwort passen zu keinem Konto.').waitFor();

    // the new password's rules and the check as you type, then zod's message on submit
    await page.goto(`${stack.shellUrl}/sign-up`);
    await settledRoute(page);
    await page.locator('#sign-up-password').fill('abc');
    await page.getByText('Mindestens 8 Zeichen').waitFor();
    await page.getByRole('button', { name: 'Konto erstellen' }).click();
    await summary.getByText('Dein Passwort braucht mindestens 8 Zeichen und eine Zahl.').waitFor();
    await summary.getByText('Wähle, was dich zu Stitchhouse führt.').waitFor();
    expect(await untranslatedTexts(page, englishOnlyTexts('de'))).toEqual([]);

    await page.goto(`${stack.shellUrl}/sign-up/error?reason=signup_disabled`);
    await settledRoute(page);
    await page.getByText('Neue Registrierungen sind gerade nicht möglich.').waitFor();
  });

  it('?hl=es is the Spanish version of a page, whatever the browser says', async () => {
    await page.goto(`${stack.shellUrl}/sign-up?hl=es`);
    await settledRoute(page);
    await expect.poll(() => h1().textContent()).toBe('Crea tu cuenta');
    expect(await lang()).toBe('es');
    await page.getByText('¿Qué te trae a Stitchhouse?').waitFor();
    expect(await untranslatedTexts(page, englishOnlyTexts('es'))).toEqual([]);
    expect(await overflowingElements(page)).toEqual([]);
  });
});
