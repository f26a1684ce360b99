import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageTexts } from '../../supabase/test/catalog-own-pdf.ts';
import { makePatternPdf } from '../../supabase/test/catalog-own-pdf.ts';
import { startE2EStack, type E2EStack } from '../src/harness.ts';
import { expectNoSeriousA11yIssues, inbox } from './auth-support.ts';
import {
  buy,
  coverPng,
  createPerson,
  createStore,
  insertRow,
  openScreen,
  publishedPattern,
  selectRows,
  signedInPage as signedInPageAs,
  sha256,
  storageDownload,
  type Backend,
} from './catalog-own.fixtures.ts';

// Publish, own and download in Chromium against a fresh backend.
let stack: E2EStack;
let backend: Backend;
let designer: { id: string; email: string };
let store: { id: string; slug: string };

beforeAll(async () => {
  stack = await startE2EStack({ backend: true });
  if (!stack.backend) throw new Error('the embedded backend did not start');
  backend = stack.backend as Backend;
  designer = await createPerson(backend, 'designer', 'Dana Designer');
  store = await createStore(backend, designer.id, 'Dana Patterns');
});

afterAll(async () => {
  await stack?.stop();
});

const signedInPage = (email: string) => signedInPageAs(stack, backend, email);
const open = (page: Page, path: string) => openScreen(stack, page, path);

describe('a designer publishes a pattern', () => {
  it('creates a draft, fills every field, uploads a photo and a PDF (with progress, resuming after a failure) and publishes', async () => {
    const { page, context, errors } = await signedInPage(designer.email);
    await open(page, '/patterns/my-store');
    const before = await selectRows(backend, `patterns?store_id=eq.${store.id}&select=id`);
    await page.getByRole('button', { name: 'New pattern' }).click();
    await page.waitForURL(/\/patterns\/new\/edit$/);
    await page.getByRole('heading', { level: 1, name: 'New pattern' }).waitFor();
    await expectNoSeriousA11yIssues(page);
    // Nothing is stored before the first save.
    expect(await selectRows(backend, `patterns?store_id=eq.${store.id}&select=id`)).toHaveLength(before.length);

    // Invalid input gets a message per field and saves nothing.
    await page.getByRole('textbox', { name: 'Title', exact: true }).fill(' ');
    await page.getByRole('textbox', { name: 'Price (USD)' }).fill('0.5');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Give the pattern a title', { exact: true }).first().waitFor();
    await page.getByText('Price: 0 for a free pattern, or at least 1.00', { exact: true }).first().waitFor();

    await page.getByRole('textbox', { name: 'Title', exact: true }).fill('Lighthouse Shirt Dress');
    await page.getByRole('textbox', { name: 'Description' }).fill('A shirt dress with a **collar stand** and pockets.');
    await page.getByRole('combobox', { name: 'Craft' }).selectOption('sewing');
    await page.getByRole('textbox', { name: 'Category' }).fill('dresses');
    await page.getByRole('combobox', { name: 'Difficulty' }).selectOption('4');
    await page.getByRole('textbox', { name: 'Size range' }).fill('S–M');
    for (const [label, bust, waist, hip, finished] of [
      ['S', '84', '66', '90', '92'],
      ['M', '88', '70', '94', '96'],
    ] as const) {
      await page.getByRole('button', { name: 'Add size' }).click();
      const rows = await page.getByRole('textbox', { name: /^Size, / }).count();
      await page.getByRole('textbox', { name: `Size, row ${rows}`, exact: true }).fill(label);
      await page.getByRole('textbox', { name: `Bust, ${label}`, exact: true }).fill(bust);
      await page.getByRole('textbox', { name: `Waist, ${label}`, exact: true }).fill(waist);
      await page.getByRole('textbox', { name: `Hip, ${label}`, exact: true }).fill(hip);
      await page.getByRole('textbox', { name: `Finished bust, ${label}`, exact: true }).fill(finished);
    }
    await page.getByRole('button', { name: 'Add fabric row' }).click();
    await page.getByRole('textbox', { name: 'Metres, Main fabric 150 cm S' }).fill('2.4');
    await page.getByRole('textbox', { name: 'Notions' }).fill('Buttons x 9\nInterfacing');
    await page.getByRole('textbox', { name: 'Languages' }).fill('en, fr');
    await page.getByRole('textbox', { name: 'Tags' }).fill('shirt dress, collar');
    await page.getByRole('textbox', { name: 'Price (USD)' }).fill('14.50');
    await page.getByRole('textbox', { name: /Wholesale price/ }).fill('6');
    await page.getByRole('combobox', { name: 'Licence' }).selectOption('small_business');
    await page.getByRole('button', { name: 'Save changes' }).click();
    // The first save creates the draft and moves to its own edit page.
    await page.waitForURL(/\/patterns\/[0-9a-f-]{36}\/edit$/);
    await page.getByText('Saved as a draft.', { exact: false }).waitFor();
    await page.getByRole('heading', { level: 1, name: /Edit “Lighthouse Shirt Dress”/ }).waitFor();
    const patternId = /patterns\/([0-9a-f-]{36})\/edit/.exec(page.url())![1]!;

    const [saved] = await selectRows<Record<string, unknown>>(
      backend,
      `patterns?id=eq.${patternId}&select=title,difficulty,price_cents,size_chart,yardage,notions,languages,tags,licence`,
    );
    expect(saved).toEqual({
      title: 'Lighthouse Shirt Dress',
      difficulty: 4,
      price_cents: 1450,
      licence: 'small_business',
      size_chart: {
        sizes: [
          { label: 'S', bust: 84, waist: 66, hip: 90, finished: { bust: 92 } },
          { label: 'M', bust: 88, waist: 70, hip: 94, finished: { bust: 96 } },
        ],
      },
      yardage: [{ fabric: 'Main fabric', width_cm: 150, metres_by_size: { S: 2.4 } }],
      notions: ['Buttons x 9', 'Interfacing'],
      languages: ['en', 'fr'],
      tags: ['shirt dress', 'collar'],
    });
    expect(await selectRows(backend, `pattern_wholesale_prices?pattern_id=eq.${patternId}&select=price_cents`)).toEqual([{ price_cents: 600 }]);

    // Publishing waits for the checklist.
    await expect(page.getByRole('button', { name: 'Publish', exact: true }).isDisabled()).resolves.toBe(true);

    await page.getByLabel('Add photos (JPEG, PNG or WebP, up to 10 MB each)').setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: coverPng() });
    await page.getByText('1 photo added.').waitFor();
    await page.getByRole('img', { name: 'Cover of Lighthouse Shirt Dress' }).waitFor();
    // A second photo, then reorder with the keyboard: it becomes the cover.
    await page.getByLabel('Add photos (JPEG, PNG or WebP, up to 10 MB each)').setInputFiles({ name: 'detail.png', mimeType: 'image/png', buffer: coverPng() });
    await page.getByRole('img', { name: 'Photo 2 of Lighthouse Shirt Dress' }).waitFor();
    const [twoPhotos] = await selectRows<{ cover_path: string; gallery_paths: string[] }>(
      backend,
      `patterns?id=eq.${patternId}&select=cover_path,gallery_paths`,
    );
    expect(twoPhotos!.gallery_paths).toHaveLength(1);
    await page.getByRole('button', { name: 'Move photo 2 up' }).focus();
    await page.keyboard.press('Enter');
    await page.getByText('Photo 2 moved up.').waitFor();
    expect(await selectRows(backend, `patterns?id=eq.${patternId}&select=cover_path,gallery_paths`)).toEqual([
      { cover_path: twoPhotos!.gallery_paths[0], gallery_paths: [twoPhotos!.cover_path] },
    ]);

    // The first transfer drops; the file is kept and the upload resumes without choosing it again.
    let puts = 0;
    await page.route('**/storage/v1/object/upload/sign/**', (route) => {
      if (route.request().method() === 'PUT' && puts++ === 0) return route.abort('connectionreset');
      return route.continue();
    });
    await page.evaluate(() => {
      const w = window as unknown as { sawProgress: boolean };
      w.sawProgress = false;
      new MutationObserver(() => {
        if (document.querySelector('li[data-format="a4"] progress')) w.sawProgress = true;
      }).observe(document.body, { childList: true, subtree: true });
    });
    const pdf = await makePatternPdf('Lighthouse Shirt Dress', 3);
    // Choosing the PDF uploads it at once, as photos do.
    await page.getByLabel('Choose the A4 PDF').setInputFiles({ name: 'lighthouse-a4.pdf', mimeType: 'application/pdf', buffer: Buffer.from(pdf) });
    await page.getByText(/The connection dropped during the upload\. Your file is kept/).waitFor();
    await page.getByRole('button', { name: 'Resume upload' }).click();
    await page.getByText('A4 file uploaded.').waitFor();
    expect(await page.evaluate(() => (window as unknown as { sawProgress: boolean }).sawProgress)).toBe(true);
    expect(puts).toBe(2);

    // A wrong type is refused before any upload.
    await page.getByLabel('Choose the A0 PDF').setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: coverPng() });
    await page.getByText('photo.png is not a PDF. Export the pattern as PDF and upload that.').waitFor();

    await page.getByRole('button', { name: 'Preview' }).click();
    await page.getByTestId('pattern-preview').getByRole('heading', { name: 'Preview: Lighthouse Shirt Dress' }).waitFor();

    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await page.getByText('Published. It is now in the catalog.').waitFor();
    const [file] = await selectRows<{ sha256: string; storage_path: string }>(backend, `pattern_files?pattern_id=eq.${patternId}&select=sha256,storage_path`);
    expect(file!.sha256).toBe(sha256(pdf));

    await open(page, '/patterns');
    await page.getByText('Lighthouse Shirt Dress').first().waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it("the edit page of someone else's pattern is the not-found page", async () => {
    const other = await createPerson(backend, 'other', 'Olive Other');
    const { page, context } = await signedInPage(other.email);
    const draft = await insertRow(backend, 'patterns', { store_id: store.id, title: 'Secret Draft', craft: 'sewing', category: 'dresses' });
    await open(page, `/patterns/${draft.id}/edit`);
    expect(await page.locator('main h1').textContent()).toBe('Pattern not found');
    expect(await page.locator('[data-catalog-not-found="pattern"]').count()).toBe(1);
    expect(await page.getByText('Secret Draft').count()).toBe(0);
    await context.close();
  });
});

describe('bulk actions in my store', () => {
  it('publishes what is ready, explains what is not, then archives', async () => {
    const ready = await publishedPattern(backend, store.id, 'Bulk Ready Tote');
    await fetch(`${backend.url}/rest/v1/patterns?id=eq.${ready.id}`, {
      method: 'PATCH',
      headers: { apikey: backend.serviceRoleKey, authorization: `Bearer ${backend.serviceRoleKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ status: 'draft' }),
    });
    await insertRow(backend, 'patterns', { store_id: store.id, title: 'Bulk Coverless Apron', craft: 'sewing', category: 'aprons' });
    const { page, context } = await signedInPage(designer.email);
    await open(page, '/patterns/my-store');
    await page.getByRole('checkbox', { name: 'Select Bulk Ready Tote' }).check();
    await page.getByRole('checkbox', { name: 'Select Bulk Coverless Apron' }).check();
    await page.getByRole('button', { name: 'Publish selected' }).click();
    await page.getByText(/1 pattern published\. 1 could not be: Bulk Coverless Apron — This pattern needs a cover image/).waitFor();
    await page
      .getByRole('row', { name: /Bulk Ready Tote/ })
      .getByText('Published')
      .waitFor();

    await page.getByRole('checkbox', { name: 'Select Bulk Coverless Apron' }).uncheck();
    await page.getByRole('checkbox', { name: 'Select Bulk Ready Tote' }).check();
    await page.getByRole('button', { name: 'Archive selected' }).click();
    await page.getByText('1 pattern archived.').waitFor();
    expect(await selectRows(backend, `patterns?id=eq.${ready.id}&select=status`)).toEqual([{ status: 'archived' }]);
    await context.close();
  });

  it('someone without a store is sent to open one', async () => {
    const maker = await createPerson(backend, 'maker', 'Mia Maker');
    const { page, context } = await signedInPage(maker.email);
    await open(page, '/patterns/my-store');
    await page.getByText('You have no store yet').waitFor();
    expect(await page.getByRole('link', { name: 'Open your store' }).getAttribute('href')).toBe('/account/store');
    await context.close();
  });
});

describe('buyers own and download', () => {
  let pattern: Awaited<ReturnType<typeof publishedPattern>>;
  let buyer: { id: string; email: string };
  let orderNumber: string;

  beforeAll(async () => {
    pattern = await publishedPattern(backend, store.id, 'Harbour Wrap Dress', 3);
    buyer = await createPerson(backend, 'buyer', 'Wren Buyer');
    orderNumber = await buy(backend, buyer.id, pattern.id, store.id);
  });

  it('the library lists the pattern; its download is stamped on every page; the original is untouched', async () => {
    const { page, context } = await signedInPage(buyer.email);
    await open(page, '/patterns/my-patterns');
    await page.getByRole('heading', { name: 'Harbour Wrap Dress' }).waitFor();
    await expectNoSeriousA11yIssues(page);
    await page.getByRole('link', { name: 'Download Harbour Wrap Dress' }).click();
    await page.getByRole('heading', { level: 1, name: /Download “Harbour Wrap Dress”/ }).waitFor();
    await page.getByText('Downloads so far: 0. 10 of 10 left this hour.').waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download A4 PDF' }).click()]);
    expect(download.suggestedFilename()).toBe('harbour-wrap-dress-a4-v1.pdf');
    const bytes = new Uint8Array(await readFile((await download.path())!));
    const pages = await pageTexts(bytes);
    expect(pages).toHaveLength(3);
    for (const texts of pages) expect(texts.join(' ')).toContain(`Licensed to Wren Buyer · Order ${orderNumber} · personal use`);
    expect(sha256(await storageDownload(backend, pattern.path))).toBe(sha256(pattern.pdf));
    await page.getByText('Downloads so far: 1. 9 of 10 left this hour.').waitFor();
    await context.close();
  });

  it('a new version shows as Updated in the library and emails the changelog', async () => {
    const { page, context } = await signedInPage(designer.email);
    await open(page, `/patterns/${pattern.id}/edit`);
    const corrected = await makePatternPdf('Harbour Wrap Dress (corrected)', 4);
    await page.getByLabel('Replace the A4 PDF').setInputFiles({ name: 'harbour-v2.pdf', mimeType: 'application/pdf', buffer: Buffer.from(corrected) });
    await page.getByText('Describe what changed: buyers get this note by email.').waitFor();
    await page.getByRole('textbox', { name: 'What changed in this A4 file' }).fill('Corrected the pocket notch on page 3.');
    await page
      .getByRole('button', { name: 'Resume upload' })
      .or(page.getByRole('button', { name: 'Upload harbour-v2.pdf' }))
      .click();
    await page.getByText('Version 2 published; 1 buyer notified.').waitFor();
    await context.close();

    const mail = (await inbox(backend, buyer.email)).find((m) => m.subject === 'Updated: Harbour Wrap Dress (version 2)');
    expect(mail?.text).toContain('Corrected the pocket notch on page 3.');
    expect(await storageDownload(backend, pattern.path)).toEqual(pattern.pdf);

    const buyerView = await signedInPage(buyer.email);
    await open(buyerView.page, '/patterns/my-patterns');
    const item = buyerView.page.locator(`li[data-pattern-id="${pattern.id}"]`);
    await item.getByText('Updated', { exact: true }).waitFor();
    await item.getByText('What changed: Corrected the pocket notch on page 3.').waitFor();
    await buyerView.context.close();
  });

  it('someone who does not own it lands on the error page with the reason', async () => {
    const stranger = await createPerson(backend, 'stranger', 'Sam Stranger');
    const { page, context } = await signedInPage(stranger.email);
    await page.goto(`${stack.shellUrl}/download/${pattern.id}`);
    await page.waitForURL(/\/download\/error\?/);
    const url = new URL(page.url());
    expect(url.searchParams.get('reason')).toBe('not_owned');
    expect(url.searchParams.get('productId')).toBe(pattern.id);
    await page.getByRole('heading', { level: 1, name: 'This pattern is not in your library' }).waitFor();
    expect(await page.getByRole('link', { name: 'See the pattern and buy it' }).getAttribute('href')).toBe(`/patterns/${pattern.id}`);
    await context.close();
  });

  it('the short link starts the download, and past the hourly limit explains how long to wait', async () => {
    const { page, context } = await signedInPage(buyer.email);
    const [download] = await Promise.all([page.waitForEvent('download'), page.goto(`${stack.shellUrl}/download/${pattern.id}`)]);
    expect(download.suggestedFilename()).toBe('harbour-wrap-dress-a4-v2.pdf');
    await page.getByText('Your download started').waitFor();

    const recent = new Date(Date.now() - 20 * 60_000).toISOString();
    for (let i = 0; i < 10; i++)
      await insertRow(backend, 'downloads', { user_id: buyer.id, pattern_id: pattern.id, format: 'a4', version: 2, created_at: recent });
    await page.goto(`${stack.shellUrl}/download/${pattern.id}?format=a4`);
    await page.waitForURL(/\/download\/error\?/);
    expect(new URL(page.url()).searchParams.get('reason')).toBe('rate_limited');
    await page.getByRole('heading', { level: 1, name: 'Download limit reached' }).waitFor();
    await page.getByText(/Try again in about (39|40|41) minutes/).waitFor();
    await context.close();
  });

  it('an expired email link says so and points to the library', async () => {
    const { page, context } = await signedInPage(buyer.email);
    await page.goto(`${stack.shellUrl}/download/${pattern.id}?expires=${Math.floor(Date.now() / 1000) - 10}`);
    await page.waitForURL(/reason=link_expired/);
    await page.getByRole('heading', { level: 1, name: 'This download link has expired' }).waitFor();
    await context.close();
  });
});
