// The account in the member's language: every account route of the contract in German
// at 390 px (nothing untranslated, nothing wider than the screen), the profile's Language setting
// (profiles.locale) switching the page at once and winning over the device's Accept-Language on
// reload and on a new sign-in elsewhere, and a language version by address (?hl=nl); a refusal
// of the database (too many messages in a minute) reaches a German member in German.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeHref, routesOf } from '@stitchhouse/shared/routes.ts';
import { callFunction, signedInPerson } from '@stitchhouse/shared/testing/kit.ts';
import { settledRoute, startE2EStack, type E2EStack } from '../src/harness.ts';
import { englishOnlyTexts, overflowingElements, untranslatedTexts } from '../src/languages.ts';
import { PASSWORD, uniqueEmail, type Backend } from './auth-support.ts';
import { createPerson, createStore, publishedPattern } from './catalog-own.fixtures.ts';

let stack: E2EStack;
let backend: Backend;
let member: { id: string; email: string; db: Awaited<ReturnType<typeof signedInPerson>>['db'] };
/** A member without a store. */
let maker: typeof member;
const contexts: BrowserContext[] = [];

/** A phone in Germany: the browser says German first (Accept-Language, navigator.languages). */
async function germanPhone(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ locale: 'de-DE', viewport: { width: 390, height: 844 } });
  contexts.push(context);
  return context.newPage();
}

async function signIn(page: Page, next: string, email = member.email): Promise<void> {
  await page.goto(`${stack.shellUrl}/sign-in?next=${encodeURIComponent(next)}`);
  await page.locator('#sign-in-email').fill(email);
  await page.locator('#sign-in-password').fill(PASSWORD);
  await page.locator('#sign-in-password').press('Enter');
  await page.waitForURL(`${stack.shellUrl}${next}`);
}

/** The billing function's requests this page makes from now on. */
function watchBillingCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/functions/v1/billing') calls.push(request.url());
  });
  return calls;
}

const lang = (page: Page) => page.evaluate(() => document.documentElement.lang);
const h1 = (page: Page) => page.locator('main h1').first();

/** What each account route shows in German once it settled: its heading and one text of the screen. */
const GERMAN: Record<string, { title: string; text: string }> = {
  '/account': { title: 'Dein Konto', text: 'Gefahrenbereich' },
  '/account/store': { title: 'Dein Shop', text: 'Auszahlungen und Tarif' },
  '/account/user': { title: 'Dein Profil und deine Sicherheit', text: 'Wo du angemeldet bist' },
  '/account/wholesale': { title: 'Großhandelskonto', text: 'Wiederverkäuferbescheinigung' },
  '/account/messages': { title: 'Nachrichten', text: 'Noch keine Nachrichten' },
  '/account/messages/:threadId': { title: 'Unterhaltung', text: 'Unterhaltung nicht gefunden' },
};

beforeAll(async () => {
  stack = await startE2EStack({ backend: true });
  if (!stack.backend) throw new Error('the embedded backend did not start');
  backend = stack.backend as Backend;
  member = await signedInPerson(backend, uniqueEmail('sprache'), PASSWORD, { display_name: 'Greta Garn', intent: 'designer' });
  maker = await signedInPerson(backend, uniqueEmail('sprache-maker'), PASSWORD, { display_name: 'Mia Masche', intent: 'maker' });
  // a store of their own, so the store screen shows its settings, pictures and payouts too
  const { error } = await member.db
    .from('stores')
    .insert({ kind: 'designer', name: 'Garn und Faden', slug: `garn-${Date.now().toString(36)}`, country: 'DE', currency: 'EUR' });
  if (error) throw new Error(`the store could not be opened: ${error.message}`);
}, 240_000);

afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
  await stack?.stop();
});

describe('the account in German, French and Dutch', () => {
  it('every account route of the contract is German at 390 px: nothing in English, nothing wider than the screen', async () => {
    const page = await germanPhone(stack.browser);
    await signIn(page, '/account');
    const english = englishOnlyTexts('de');
    const routes = routesOf('mf_account');
    expect(routes.map((route) => route.path).sort()).toEqual(Object.keys(GERMAN).sort());
    for (const route of routes) {
      const expected = GERMAN[route.path]!;
      await page.goto(`${stack.shellUrl}${routeHref(route)}`);
      await settledRoute(page);
      await expect.poll(() => h1(page).textContent(), { message: route.path }).toBe(expected.title);
      await page.locator('main').getByText(expected.text, { exact: true }).first().waitFor();
      expect(await lang(page), route.path).toBe('de');
      expect(await untranslatedTexts(page, english), route.path).toEqual([]);
      expect(await overflowingElements(page), route.path).toEqual([]);
    }
  });

  it('a refusal of the database reaches a German member in German: the eleventh message in a minute', async () => {
    const designer = await createPerson(backend, 'schnitt', 'Svea Schnitt');
    const store = await createStore(backend, designer.id, 'Svea Schnittmuster');
    const pattern = await publishedPattern(backend, store.id, 'Wickelkleid');
    const asker = await signedInPerson(backend, uniqueEmail('fragende'), PASSWORD, { display_name: 'Frieda Frage' });
    const first = await callFunction(backend, 'designer-message', asker.token, { pattern_id: pattern.id, body: 'Gibt es das Wickelkleid auch in Petite?' });
    expect(first.status).toBe(200);
    const threadId = first.body.thread_id as string;

    const page = await germanPhone(stack.browser);
    await signIn(page, `/account/messages/${threadId}`, asker.email);
    await page.getByLabel('Deine Nachricht an Svea Schnittmuster').waitFor();
    // nine more within the minute (send_designer_message allows ten), then the eleventh from the screen
    for (let i = 2; i <= 10; i++) {
      const sent = await callFunction(backend, 'designer-message', asker.token, { thread_id: threadId, body: `Nachtrag ${i}` });
      expect(sent.status, `message ${i}`).toBe(200);
    }
    await page.getByLabel('Deine Nachricht an Svea Schnittmuster').fill('Und noch eine Frage zur Nahtzugabe.');
    await page.getByRole('button', { name: 'Senden' }).click();
    const refusal = page.getByRole('alert').filter({ hasText: 'Die Nachricht wurde nicht gesendet' });
    await refusal.waitFor();
    // the function answers the database's English words (for API callers); the page says them in German
    expect(await refusal.textContent()).toContain(
      'Du hast in kurzer Zeit zu viele Nachrichten geschickt. Höchstens 10 Nachrichten pro Minute und 60 pro Stunde. Warte eine Minute und schick sie noch einmal.',
    );
    expect(await page.getByLabel('Deine Nachricht an Svea Schnittmuster').inputValue()).toBe('Und noch eine Frage zur Nahtzugabe.');
    expect(await untranslatedTexts(page, englishOnlyTexts('de'))).toEqual([]);
    expect(await overflowingElements(page)).toEqual([]);
  });

  it('saving "Français" switches the page to French; it stays after a reload and on a new sign-in in a German browser; ?hl=nl shows Dutch', async () => {
    const page = await germanPhone(stack.browser);
    await signIn(page, '/account/user');
    await expect.poll(() => h1(page).textContent()).toBe('Dein Profil und deine Sicherheit');
    const billingCalls = watchBillingCalls(page);
    await page.locator('#profile-locale').selectOption('fr');
    await page.getByRole('button', { name: 'Sprache speichern' }).click();
    // the page switches at once, without a reload: the same screen, in French
    await expect.poll(() => h1(page).textContent()).toBe('Votre profil et votre sécurité');
    await page.getByText('Votre langue est enregistrée : Français.').waitFor();
    // a store owner's billing customer follows the language
    await expect.poll(() => billingCalls.length).toBe(1);
    expect(await lang(page)).toBe('fr');
    const saved = await member.db.from('profiles').select('locale').eq('id', member.id).single();
    expect(saved.data?.locale).toBe('fr');

    await page.reload();
    await settledRoute(page);
    await expect.poll(() => h1(page).textContent()).toBe('Votre profil et votre sécurité');
    expect(await lang(page)).toBe('fr');
    expect(await page.locator('#profile-locale').inputValue()).toBe('fr');
    expect(await untranslatedTexts(page, englishOnlyTexts('fr'))).toEqual([]);

    // another device, German browser, no cookie: the profile's language wins once signed in
    const elsewhere = await germanPhone(stack.browser);
    await signIn(elsewhere, '/account');
    await expect.poll(() => h1(elsewhere).textContent(), { timeout: 15_000 }).toBe('Votre compte');
    expect(await lang(elsewhere)).toBe('fr');
    await elsewhere.getByRole('heading', { name: 'Zone de danger' }).waitFor();

    // a language version by address wins over the saved choice, for this page
    await elsewhere.goto(`${stack.shellUrl}/account/store?hl=nl`);
    await settledRoute(elsewhere);
    await expect.poll(() => h1(elsewhere).textContent()).toBe('Je winkel');
    expect(await lang(elsewhere)).toBe('nl');
    await elsewhere.getByRole('heading', { name: 'Uitbetalingen en abonnement' }).waitFor();
    expect(await untranslatedTexts(elsewhere, englishOnlyTexts('nl'))).toEqual([]);
    expect(await overflowingElements(elsewhere)).toEqual([]);
    // and the saved choice is still French
    const after = await member.db.from('profiles').select('locale').eq('id', member.id).single();
    expect(after.data?.locale).toBe('fr');
  });

  it('a member without a store saves a language without a call to billing', async () => {
    const page = await germanPhone(stack.browser);
    await signIn(page, '/account/user', maker.email);
    await expect.poll(() => h1(page).textContent()).toBe('Dein Profil und deine Sicherheit');
    const billingCalls = watchBillingCalls(page);
    await page.locator('#profile-locale').selectOption('es');
    await page.getByRole('button', { name: 'Sprache speichern' }).click();
    await page.getByText(/^Tu idioma está guardado: /).waitFor();
    const saved = await maker.db.from('profiles').select('locale').eq('id', maker.id).single();
    expect(saved.data?.locale).toBe('es');
    expect(billingCalls).toEqual([]);
  });
});
