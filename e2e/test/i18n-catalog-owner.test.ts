// The designer's and owner's side of the catalog in their language: My store, My
// patterns, the pattern editor (with its Translations section), a storefront, and for a buyer the
// download page of a bought pattern, the e-mail download link and /download/error, all in German
// on a 390 px phone (nothing in English, nothing wider than the screen); a language version by
// address (?hl=fr). The designer adds a German title and description (a refusal of the database
// keeps what was typed), the pattern page shows it in German, then edits and removes it.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settledRoute, startE2EStack, type E2EStack } from '../src/harness.ts';
import { englishOnlyTexts, overflowingElements, untranslatedTexts } from '../src/languages.ts';
import { passwordSession, sessionStorageKey } from './catalog-find.fixtures.ts';
import { readFile } from 'node:fs/promises';
import { pageTexts } from '../../supabase/test/catalog-own-pdf.ts';
import { insertRows } from './catalog-find.fixtures.ts';
import { buy, createPerson, createStore, publishedPattern, selectRows, type Backend } from './catalog-own.fixtures.ts';

let stack: E2EStack;
let backend: Backend;
let designer: { id: string; email: string };
let buyer: { id: string; email: string };
let store: { id: string; slug: string };
let pattern: { id: string };
const contexts: BrowserContext[] = [];

/** A phone in Germany, signed in as `email`: the browser says German first (Accept-Language, navigator.languages). */
async function germanPhone(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext({ locale: 'de-DE', viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  contexts.push(context);
  const page = await context.newPage();
  const session = await passwordSession(backend, email);
  await page.goto(`${stack.shellUrl}/about`);
  await page.evaluate(([key, value]) => localStorage.setItem(key!, value!), [sessionStorageKey(backend), JSON.stringify(session)]);
  return page;
}

const lang = (page: Page) => page.evaluate(() => document.documentElement.lang);
const h1 = (page: Page) => page.locator('main h1').first();

/** Opens `path`, waits for its German heading and one German text, then: in German, no English of any catalog, nothing too wide. */
async function expectGerman(page: Page, path: string, heading: string, text: string | RegExp): Promise<void> {
  await page.goto(`${stack.shellUrl}${path}`);
  await settledRoute(page);
  await expect.poll(() => h1(page).textContent(), { message: path, timeout: 20_000 }).toBe(heading);
  await page.locator('main').getByText(text).first().waitFor();
  expect(await lang(page), path).toBe('de');
  expect(await untranslatedTexts(page, englishOnlyTexts('de')), path).toEqual([]);
  expect(await overflowingElements(page), path).toEqual([]);
}

async function setLanguages(languages: string[]): Promise<void> {
  const response = await fetch(`${backend.url}/rest/v1/patterns?id=eq.${pattern.id}`, {
    method: 'PATCH',
    headers: { apikey: backend.serviceRoleKey, authorization: `Bearer ${backend.serviceRoleKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ languages }),
  });
  if (!response.ok) throw new Error(`patterns languages → ${response.status}: ${await response.text()}`);
}

beforeAll(async () => {
  stack = await startE2EStack({ backend: true });
  if (!stack.backend) throw new Error('the embedded backend did not start');
  backend = stack.backend as Backend;
  designer = await createPerson(backend, 'designerin', 'Dana Designerin');
  store = await createStore(backend, designer.id, 'Nadel und Faden');
  pattern = await publishedPattern(backend, store.id, 'Harbour Wrap Dress');
  await setLanguages(['en']);
  buyer = await createPerson(backend, 'kaeuferin', 'Rosa Näherin');
  await buy(backend, buyer.id, pattern.id, store.id);
}, 240_000);

afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
  await stack?.stop();
});

describe('the owner’s side of the catalog in German', () => {
  it('My store, My patterns, the new-pattern editor, the pattern editor and the storefront are German at 390 px', async () => {
    const page = await germanPhone(stack.browser, designer.email);
    await expectGerman(page, '/patterns/my-store', 'Mein Shop', '1 Schnittmuster in Nadel und Faden');
    await page.getByRole('button', { name: 'Neues Schnittmuster' }).waitFor();
    await expectGerman(page, '/patterns/my-patterns', 'Meine Schnittmuster', 'Gemacht von Nadel und Faden');
    await page.getByRole('heading', { name: 'Deine Bibliothek ist leer' }).waitFor();
    await expectGerman(page, '/patterns/new/edit', 'Neues Schnittmuster', 'Über das Schnittmuster');
    await expectGerman(page, `/patterns/${pattern.id}/edit`, '„Harbour Wrap Dress“ bearbeiten', 'Vor dem Veröffentlichen');
    await page.getByRole('heading', { name: 'Übersetzungen' }).waitFor();
    expect(await page.title()).toContain('Harbour Wrap Dress bearbeiten');
    await expectGerman(page, `/stores/${store.slug}`, 'Nadel und Faden', 'Schnittmuster-Designerin · ');
    await page.getByTestId('follower-count').getByText('0 Follower').waitFor();
  });

  it('the designer adds a German title and description (a refusal keeps what was typed), the pattern page shows it in German, then edits and removes it', async () => {
    const page = await germanPhone(stack.browser, designer.email);
    await page.goto(`${stack.shellUrl}/patterns/${pattern.id}/edit`);
    await settledRoute(page);
    const section = page.getByTestId('pattern-translations');
    await section.getByText('Noch keine Übersetzungen.').waitFor();
    // every language but the pattern's own (English), named in German
    const choices = await section.getByRole('combobox', { name: 'Übersetzung hinzufügen' }).locator('option').allTextContents();
    expect(choices).toEqual(['Sprache wählen', 'Deutsch', 'Französisch', 'Spanisch', 'Niederländisch']);
    await section.getByRole('combobox', { name: 'Übersetzung hinzufügen' }).selectOption('de');
    await section.getByRole('button', { name: 'Übersetzen' }).click();
    const title = section.getByRole('textbox', { name: 'Titel auf Deutsch' });
    const description = section.getByRole('textbox', { name: 'Beschreibung auf Deutsch' });

    // the form's own check, inline, in German
    await section.getByRole('button', { name: 'Übersetzung (Deutsch) hinzufügen' }).click();
    await section.getByText('Gib den Titel in dieser Sprache an').waitFor();
    expect(await untranslatedTexts(page, englishOnlyTexts('de'))).toEqual([]);
    expect(await overflowingElements(page)).toEqual([]);

    // the database refuses (meanwhile the pattern became a German one): said beside the form, nothing typed is lost
    await title.fill('Wickelkleid Hafen');
    await description.fill('Ein **luftiges** Wickelkleid mit Taschen.');
    await setLanguages(['de', 'en']);
    await section.getByRole('button', { name: 'Übersetzung (Deutsch) hinzufügen' }).click();
    await section.getByText('Die Übersetzung wurde nicht gespeichert').waitFor();
    await section.getByText(/ist schon in „de“ geschrieben/).waitFor();
    expect(await title.inputValue()).toBe('Wickelkleid Hafen');
    expect(await description.inputValue()).toBe('Ein **luftiges** Wickelkleid mit Taschen.');
    expect(await selectRows(backend, `pattern_translations?pattern_id=eq.${pattern.id}&select=locale`)).toEqual([]);

    // back to English: the same click saves what was typed
    await setLanguages(['en']);
    await section.getByRole('button', { name: 'Übersetzung (Deutsch) hinzufügen' }).click();
    await section.getByText('Übersetzung (Deutsch) hinzugefügt.').waitFor();
    await section.locator('li[data-locale="de"]').getByText('Wickelkleid Hafen').waitFor();
    expect(await selectRows(backend, `pattern_translations?pattern_id=eq.${pattern.id}&select=locale,title`)).toEqual([
      { locale: 'de', title: 'Wickelkleid Hafen' },
    ]);
    expect(await untranslatedTexts(page, englishOnlyTexts('de'))).toEqual([]);
    expect(await overflowingElements(page)).toEqual([]);

    // a German buyer's pattern page: the German title and description
    await page.goto(`${stack.shellUrl}/patterns/${pattern.id}`);
    await settledRoute(page);
    await expect.poll(() => h1(page).textContent(), { timeout: 20_000 }).toBe('Wickelkleid Hafen');
    await page.getByTestId('description').getByText('luftiges').waitFor();

    // edit: the new title is saved; remove: the row is gone
    await page.goto(`${stack.shellUrl}/patterns/${pattern.id}/edit`);
    await settledRoute(page);
    await section.getByRole('button', { name: 'Übersetzung (Deutsch) bearbeiten' }).click();
    await expect.poll(() => title.inputValue()).toBe('Wickelkleid Hafen');
    await title.fill('Wickelkleid „Hafen“');
    await section.getByRole('button', { name: 'Übersetzung speichern' }).click();
    await section.getByText('Übersetzung (Deutsch) gespeichert.').waitFor();
    await section.locator('li[data-locale="de"]').getByText('Wickelkleid „Hafen“').waitFor();
    await section.getByRole('button', { name: 'Übersetzung (Deutsch) entfernen' }).click();
    await section.getByText('Übersetzung (Deutsch) entfernt.').waitFor();
    await section.getByText('Noch keine Übersetzungen.').waitFor();
    expect(await selectRows(backend, `pattern_translations?pattern_id=eq.${pattern.id}&select=locale`)).toEqual([]);
  });

  it('a buyer’s download page, the e-mail link and /download/error are German at 390 px; ?hl=fr shows the French version', async () => {
    const page = await germanPhone(stack.browser, buyer.email);
    await expectGerman(
      page,
      `/patterns/${pattern.id}/download`,
      '„Harbour Wrap Dress“ herunterladen',
      'Bisherige Downloads: 0. Noch 10 von 10 in dieser Stunde.',
    );
    await page.getByRole('button', { name: 'PDF A4 herunterladen' }).waitFor();
    await expectGerman(page, '/patterns/my-patterns', 'Meine Schnittmuster', /^von Nadel und Faden$/);

    // the short link of an e-mail starts the download at once
    const download = page.waitForEvent('download');
    await page.goto(`${stack.shellUrl}/download/${pattern.id}?format=a4`);
    // stamped in the buyer's language (the browser's: she saved none)
    const stamped = await pageTexts(new Uint8Array(await readFile((await (await download).path())!)));
    expect(stamped[0]!.join(' ')).toMatch(/Lizenziert für Rosa Näherin · Bestellung \d+ · private Nutzung/);
    await expect.poll(() => h1(page).textContent()).toBe('Dein Download');
    await page.getByText('Dein Download hat begonnen').waitFor();
    expect(await lang(page)).toBe('de');
    expect(await untranslatedTexts(page, englishOnlyTexts('de'))).toEqual([]);
    expect(await overflowingElements(page)).toEqual([]);

    await expectGerman(
      page,
      `/download/error?reason=rate_limited&minutes=12&productId=${pattern.id}`,
      'Download-Limit erreicht',
      'Du kannst jedes Schnittmuster 10-mal pro Stunde herunterladen. Versuch es in etwa 12 Minuten noch einmal; dein Kauf bleibt in deiner Bibliothek.',
    );
    await expectGerman(page, '/download/error?reason=link_expired', 'Dieser Download-Link ist abgelaufen', 'Was du tun kannst');

    await page.goto(`${stack.shellUrl}/download/error?reason=link_expired&hl=fr`);
    await settledRoute(page);
    await expect.poll(() => h1(page).textContent()).toBe('Ce lien de téléchargement a expiré');
    expect(await lang(page)).toBe('fr');
    await page.getByText('Ce que vous pouvez faire').waitFor();
    expect(await untranslatedTexts(page, englishOnlyTexts('fr'))).toEqual([]);
    expect(await overflowingElements(page)).toEqual([]);
  });

  it('a bulk publish the database refuses says why in German, naming what the pattern still needs', async () => {
    await insertRows(backend, 'patterns', [
      { store_id: store.id, title: 'Leinenschürze', craft: 'sewing', category: 'dresses', price_cents: 900, status: 'draft' },
    ]);
    const page = await germanPhone(stack.browser, designer.email);
    await page.goto(`${stack.shellUrl}/patterns/my-store`);
    await settledRoute(page);
    await page.getByRole('checkbox', { name: 'Leinenschürze auswählen' }).check();
    await page.getByRole('button', { name: 'Auswahl veröffentlichen' }).click();
    await page
      .locator('main')
      .getByText('Dieses Schnittmuster braucht noch ein Titelbild und mindestens eine Schnittmusterdatei, bevor es veröffentlicht werden kann', {
        exact: false,
      })
      .waitFor();
    expect(await untranslatedTexts(page, englishOnlyTexts('de'))).toEqual([]);
    expect(await overflowingElements(page)).toEqual([]);
  });
});
