// Every format from one master, and "print only my sizes", in Chromium against a fresh
// backend: the designer uploads one master PDF (an A0 sheet, one layer per size) in the editor
// and sees the formats made with their page counts, the first tile and which layer is which size;
// a buyer whose remembered measurements say size S finds S ticked on the download page, is told
// how many pages that saves, and gets an A4 copy with only size S's layers on and fewer pages.
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIT_STORAGE_KEY } from '@stitchhouse/shared/catalog/fitStorage.ts';
import { makeMasterPdf, pdfFacts } from '../../supabase/test/print-formats-pdf.ts';
import type { E2EStack } from '../src/harness.ts';
import {
  buy,
  createPerson,
  createStore,
  insertRow,
  openScreen,
  selectRows,
  signedInPage,
  startStackWithBackend,
  type Backend,
} from './catalog-own.fixtures.ts';

const SIZES = [
  { label: 'S', bust: 84, waist: 66, hip: 90 },
  { label: 'M', bust: 88, waist: 70, hip: 94 },
  { label: 'L', bust: 94, waist: 76, hip: 100 },
  { label: 'XL', bust: 100, waist: 82, hip: 106 },
];

let stack: E2EStack;
let backend: Backend;
let designer: { id: string; email: string };
let buyer: { id: string; email: string };
let patternId: string;

beforeAll(async () => {
  ({ stack, backend } = await startStackWithBackend());
  designer = await createPerson(backend, 'designer', 'Dana Designer');
  buyer = await createPerson(backend, 'buyer', 'Bea Buyer');
  const store = await createStore(backend, designer.id, 'Dana Patterns');
  const pattern = await insertRow(backend, 'patterns', {
    store_id: store.id,
    title: 'Harbour Wrap Dress',
    craft: 'sewing',
    category: 'dresses',
    price_cents: 1500,
    status: 'published',
    cover_path: `${store.id}/cover.svg`,
    size_range: 'S–XL',
    size_chart: { sizes: SIZES },
  });
  patternId = pattern.id;
  await buy(backend, buyer.id, patternId, store.id);
}, 300_000);

afterAll(async () => {
  await stack?.stop();
});

describe('one master, every format; the buyer prints only their sizes', () => {
  it('the designer uploads a master and sees every format made, with page counts, the first tile and the layers’ sizes', async () => {
    const { page, context, errors } = await signedInPage(stack, backend, designer.email);
    await openScreen(stack, page, `/patterns/${patternId}/edit`);
    const master = await makeMasterPdf({
      title: 'Harbour Wrap Dress',
      sizes: SIZES.map((s) => s.label),
      layerNames: ['Size S', 'Size M', 'Size L', 'Size XL'],
    });
    await page.getByLabel('Choose the master PDF').setInputFiles({ name: 'harbour-master.pdf', mimeType: 'application/pdf', buffer: Buffer.from(master) });
    await page.getByRole('button', { name: 'Make every format from harbour-master.pdf' }).click();
    await page.getByText('Formats made from harbour-master.pdf', { exact: false }).waitFor({ timeout: 120_000 });
    const table = page.getByTestId('generated-formats');
    await table.waitFor();
    const a4Row = await table.locator('tr[data-format="a4"]').innerText();
    const files = await selectRows<{ format: string; pages: number; generated: boolean }>(
      backend,
      `pattern_files?pattern_id=eq.${patternId}&select=format,pages,generated`,
    );
    const a4 = files.find((f) => f.format === 'a4')!;
    expect(a4.generated).toBe(true);
    expect(a4Row).toContain(`${a4.pages} pages`);
    expect(await table.locator('tr[data-format="a0"]').innerText()).toContain('36-inch roll: 1');
    expect(await table.locator('tr[data-format="projector"]').innerText()).toContain('dark background: 1');
    await page.getByTestId('first-tile').waitFor();
    expect(await page.getByTestId('first-tile').getAttribute('aria-label')).toContain('First A4 tile, A1');
    const layers = await page.getByTestId('layer-sizes').innerText();
    expect(layers).toContain('Layer “Size XL” is size XL');
    expect(await page.getByTestId('checklist-layers').innerText()).toContain('Size S → S');
    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);

  it('the buyer’s size is ticked from fits me, the page says how many pages that saves, and the copy has only that size', async () => {
    const { page, context, errors } = await signedInPage(stack, backend, buyer.email);
    // measurements this device remembers from "fits me": size S
    await page.evaluate(([key]) => localStorage.setItem(key!, JSON.stringify({ unit: 'cm', bust: '83', waist: '65', hip: '89' })), [FIT_STORAGE_KEY]);
    await openScreen(stack, page, `/patterns/${patternId}/download`);
    const choice = page.getByTestId('size-choice');
    await choice.waitFor();
    expect(await page.getByRole('checkbox', { name: 'Size S' }).isChecked()).toBe(true);
    expect(await page.getByRole('checkbox', { name: 'Size XL' }).isChecked()).toBe(false);
    const saving = await page.getByTestId('pages-a4').innerText();
    const [, kept, of] = /(\d+) pages instead of (\d+) for sizes S/.exec(saving) ?? [];
    expect(Number(kept)).toBeGreaterThan(0);
    expect(Number(kept)).toBeLessThan(Number(of));
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download A4 PDF' }).click()]);
    expect(download.suggestedFilename()).toBe('harbour-wrap-dress-a4-v1.pdf');
    const facts = await pdfFacts(new Uint8Array(await readFile((await download.path())!)));
    expect(facts.pages).toHaveLength(Number(kept));
    expect(facts.layers['Size S']).toEqual({ view: true, print: 'ON' });
    for (const other of ['Size M', 'Size L', 'Size XL']) expect(facts.layers[other]).toEqual({ view: false, print: 'OFF' });
    expect(facts.subject).toContain('Licensed to Bea Buyer');

    // ticking XL too: more pages, both layers on
    await page.getByRole('checkbox', { name: 'Size XL' }).check();
    const both = /(\d+) pages/.exec(await page.getByTestId('pages-a4').innerText())!;
    expect(Number(both[1])).toBeGreaterThan(Number(kept));
    const [second] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download 36-inch roll PDF' }).click()]);
    expect(second.suggestedFilename()).toBe('harbour-wrap-dress-a0-roll36-v1.pdf');
    const roll = await pdfFacts(new Uint8Array(await readFile((await second.path())!)));
    expect(roll.pages[0]!.width).toBe(2592);
    expect(roll.layers['Size XL']!.view).toBe(true);
    expect(roll.layers['Size M']!.view).toBe(false);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});
