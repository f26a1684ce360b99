// Every format from one master, and "print only my sizes", in Chromium against a fresh
// backend: the designer uploads one master PDF (an A0 sheet, one layer per size) in the editor
// and sees the formats made with their page counts, the first A4 and Letter tiles drawn from the
// generated files by PDF.js (its worker a blob: worker under the pages' CSP, no violation) and
// which layer is which size; a buyer whose remembered measurements say size S finds S ticked on
// the download page, is told how many pages that saves, and gets an A4 copy with only size S's
// layers on and fewer pages. Bad masters (no larger than A3, encrypted, broken, layers that match
// no size, 41 sheets, over 60 MB) are refused in the designer's language (German here) and the
// pattern's formats stay as they were.
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIT_STORAGE_KEY } from '@stitchhouse/shared/catalog/fitStorage.ts';
import { PAPERS, mm, planHomeTiles } from '@stitchhouse/shared/catalog/tiling.ts';
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

/** CSP violations of the page (as console errors, with the directive), and the workers it started. */
async function watch(page: Page): Promise<{ violations: string[]; workers: string[]; warnings: string[] }> {
  const seen = { violations: [] as string[], workers: [] as string[], warnings: [] as string[] };
  await page.context().addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => console.error(`CSP violation: ${e.effectiveDirective} blocked ${e.blockedURI}`));
  });
  page.on('console', (message) => {
    if (/CSP violation|Content Security Policy/i.test(message.text())) seen.violations.push(message.text());
    if (/fake worker/i.test(message.text())) seen.warnings.push(message.text());
  });
  page.on('worker', (worker) => seen.workers.push(worker.url()));
  return seen;
}

type Box = { x0: number; y0: number; x1: number; y1: number };

/**
 * What a preview canvas drew: the share of dark pixels (luma < 128) on the whole tile, and the share
 * of inked pixels (luma < 200) in each box, boxes in points of the page from its top-left corner.
 */
async function drawnPixels(page: Page, testId: string, pageWidthPt: number, boxes: Record<string, Box>) {
  return page
    .getByTestId(testId)
    .locator('canvas')
    .evaluate(
      (canvas: HTMLCanvasElement, [widthPt, regions]) => {
        const { data, width, height } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
        const luma = (i: number) => 0.2126 * data[i]! + 0.7152 * data[i + 1]! + 0.0722 * data[i + 2]!;
        let dark = 0;
        for (let i = 0; i < data.length; i += 4) if (luma(i) < 128) dark++;
        const scale = width / widthPt;
        const inked = Object.fromEntries(
          Object.entries(regions).map(([name, b]) => {
            let n = 0,
              all = 0;
            for (let y = Math.floor(b.y0 * scale); y < Math.min(height, Math.ceil(b.y1 * scale)); y++)
              for (let x = Math.floor(b.x0 * scale); x < Math.min(width, Math.ceil(b.x1 * scale)); x++, all++) if (luma((y * width + x) * 4) < 200) n++;
            return [name, n / all];
          }),
        );
        return { width, height, dark: dark / (width * height), inked };
      },
      [pageWidthPt, boxes] as const,
    );
}

describe('one master, every format; the buyer prints only their sizes', () => {
  it('the designer uploads a master and sees every format made, with page counts, the first tiles drawn and the layers’ sizes', async () => {
    let { page, context, errors } = await signedInPage(stack, backend, designer.email);
    let seen = await watch(page);
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
    // the first A4 and Letter tiles, drawn from the generated files
    for (const format of ['a4', 'us_letter'] as const) {
      const file = files.find((f) => f.format === format)!;
      const paper = PAPERS[format];
      const canvas = page.getByTestId(`first-tile-${format}`).getByRole('img');
      await canvas.waitFor({ timeout: 60_000 });
      expect(await canvas.getAttribute('aria-label')).toBe(`First ${paper.label} tile, A1, as it prints: page 2 of ${file.pages} of the generated file`);
      expect(await page.getByTestId(`first-tile-${format}`).innerText()).toContain(`${paper.label}: tile A1 (page 2 of ${file.pages})`);
      // where things are on the tile (points from the page's top-left): the tile maths says where the window is
      const plan = planHomeTiles({ widthPt: mm(841), heightPt: mm(1189) }, format);
      const top = paper.heightPt! - (plan.origin.y + plan.tiles[0]!.window.y1 - plan.tiles[0]!.window.y0); // the window's top edge
      const pixels = await drawnPixels(page, `first-tile-${format}`, paper.widthPt, {
        // the tile's label "A1", 14 pt bold just above the window's top-left corner
        label: { x0: paper.marginPt, y0: top - mm(6.5), x1: paper.marginPt + mm(9), y1: top - mm(1.5) },
        // the master's title, 28 pt bold, 30 mm in and 40 mm down from the sheet's corner: the sheet itself is drawn
        title: { x0: paper.marginPt + mm(31), y0: top + mm(33), x1: paper.marginPt + mm(100), y1: top + mm(40) },
        // the page's corner outside the printable area: paper white
        corner: { x0: 0, y0: paper.heightPt! - paper.marginPt * 0.8, x1: paper.marginPt * 0.8, y1: paper.heightPt! },
      });
      expect(pixels.width).toBe(240); // 240 CSS pixels at this page's pixel ratio of 1
      expect(pixels.height).toBe(Math.ceil((240 * paper.heightPt!) / paper.widthPt));
      expect(pixels.dark, JSON.stringify(pixels)).toBeGreaterThan(0.002);
      expect(pixels.dark, JSON.stringify(pixels)).toBeLessThan(0.3);
      expect(pixels.inked.label, JSON.stringify(pixels)).toBeGreaterThan(0.1);
      expect(pixels.inked.title, JSON.stringify(pixels)).toBeGreaterThan(0.1);
      expect(pixels.inked.corner, JSON.stringify(pixels)).toBe(0);
    }
    // PDF.js ran in its own worker (a blob: module, the only kind the CSP allows), not on the page's thread
    expect(
      seen.workers.some((url) => url.startsWith('blob:')),
      seen.workers.join(' '),
    ).toBe(true);
    expect(seen.warnings).toEqual([]);
    expect(seen.violations).toEqual([]);
    const layers = await page.getByTestId('layer-sizes').innerText();
    expect(layers).toContain('Layer “Size XL” is size XL');
    expect(await page.getByTestId('checklist-layers').innerText()).toContain('Size S → S');

    // a file PDF.js cannot read: the preview says so in words, the other one still draws
    const { storage_path: letterPath } = (
      await selectRows<{ storage_path: string }>(backend, `pattern_files?pattern_id=eq.${patternId}&format=eq.us_letter&select=storage_path`)
    )[0]!;
    const broken = await fetch(`${backend.url}/storage/v1/object/pattern-files/${letterPath}`, {
      method: 'PUT',
      headers: { apikey: backend.serviceRoleKey, authorization: `Bearer ${backend.serviceRoleKey}`, 'content-type': 'application/pdf', 'x-upsert': 'true' },
      body: '%PDF-1.7\nnot a pattern any more',
    });
    expect(broken.ok, await broken.text()).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
    // a fresh browser: this one keeps the file it downloaded (a version's file never changes, so Storage lets it be cached)
    ({ page, context, errors } = await signedInPage(stack, backend, designer.email));
    seen = await watch(page);
    await openScreen(stack, page, `/patterns/${patternId}/edit`);
    await page.getByTestId('first-tile-a4').getByRole('img').waitFor({ timeout: 60_000 });
    const failed = page.getByTestId('first-tile-us_letter').getByRole('alert');
    await failed.waitFor({ timeout: 60_000 });
    expect(await failed.innerText()).toContain('The first US Letter tile could not be drawn');
    expect(await page.getByTestId('first-tile-us_letter').getByRole('button', { name: 'Try again' }).isVisible()).toBe(true);
    expect(seen.violations).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  }, 240_000);

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
    // again: the copy stamped the first time, which the page fetches through the function's redirect to its signed storage URL
    const redirects: string[] = [];
    page.on('response', (res) => {
      if (res.status() === 302 && res.url().includes('/functions/v1/download/')) redirects.push(res.headers()['location'] ?? '');
    });
    const [again] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download A4 PDF' }).click()]);
    expect(again.suggestedFilename()).toBe('harbour-wrap-dress-a4-v1.pdf');
    expect(await readFile((await again.path())!)).toEqual(await readFile((await download.path())!));
    expect(redirects).toEqual([expect.stringContaining('/storage/v1/object/sign/download-copies/')]);

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

  it('bad masters are refused in German words on the editor, and the pattern’s formats stay as they were', async () => {
    const { page, context, errors } = await signedInPage(stack, backend, designer.email);
    const seen = await watch(page);
    const formatsNow = async () => ({
      files: await selectRows(backend, `pattern_files?pattern_id=eq.${patternId}&select=format,version,generated,pages,storage_path,sha256&order=format`),
      master: await selectRows(backend, `pattern_masters?pattern_id=eq.${patternId}&select=version,applied_at,sha256`),
      pattern: await selectRows(backend, `patterns?id=eq.${patternId}&select=formats,current_version`),
    });
    const before = await formatsNow();
    expect(before.files).toHaveLength(4);
    await openScreen(stack, page, `/patterns/${patternId}/edit?hl=de`);
    const editor = page.getByTestId('master-formats');
    const refused = async (name: string, bytes: Uint8Array, words: string[]) => {
      await page.getByLabel('Master-PDF ersetzen').setInputFiles({ name, mimeType: 'application/pdf', buffer: Buffer.from(bytes) });
      // a published pattern's new master needs a note for the buyers
      await page.getByRole('textbox', { name: 'Was sich in diesem Master geändert hat' }).fill('Neue Größen');
      await page.getByRole('button', { name: `Alle Formate aus ${name} erstellen` }).click();
      // (the Letter preview's alert from the first test is there too: its file stays broken)
      const alert = editor.getByRole('alert').filter({ hasText: 'Es wurde nichts veröffentlicht.' });
      await alert.waitFor({ timeout: 60_000 });
      const text = await alert.innerText();
      for (const part of words) expect(text, name).toContain(part);
      expect(text, name).toContain('Es wurde nichts veröffentlicht.');
      expect(await formatsNow(), name).toEqual(before);
    };
    await refused('a3-master.pdf', await makeMasterPdf({ title: 'Klein', sizes: ['S'], sheet: { widthPt: mm(297), heightPt: mm(420) } }), [
      'Bogen 1 des Masters ist 297 × 420 mm groß und damit nicht größer als A3.',
    ]);
    const plain = Buffer.from(await makeMasterPdf({ title: 'Gesperrt', sizes: ['S'] })).toString('latin1');
    await refused(
      'locked-master.pdf',
      Buffer.from(plain.replace(/trailer\s*<</, 'trailer\n<<\n/Encrypt << /Filter /Standard /V 1 /R 2 /O <00> /U <00> /P -4 >>'), 'latin1'),
      ['Der Master ist verschlüsselt (mit Passwort geschützt).'],
    );
    await refused('broken-master.pdf', Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> garbage', 'latin1'), [
      'Der Master ist keine lesbare PDF-Datei. Exportiere ihn noch einmal als PDF.',
    ]);
    await refused('odd-layers.pdf', await makeMasterPdf({ title: 'Odd', sizes: ['Front', 'Back'] }), [
      'Keine Ebene des Masters (Size Front und Size Back) ist nach einer Größe dieses Schnittmusters (S, M, L und XL) benannt.',
    ]);
    await refused('long-master.pdf', await makeMasterPdf({ title: 'Lang', sizes: ['S'], sheets: 41, detail: 1 }), [
      'Der Master hat 41 Bögen; Formate lassen sich aus höchstens 40 erstellen.',
    ]);
    // over 60 MB: refused when chosen, before any upload (the file is made in the page, not sent over the wire)
    await page.getByLabel('Master-PDF ersetzen').evaluate((input: HTMLInputElement) => {
      const bytes = new Uint8Array(61 * 1024 * 1024);
      bytes.set(new TextEncoder().encode('%PDF-1.7\n'));
      const files = new DataTransfer();
      files.items.add(new File([bytes], 'huge-master.pdf', { type: 'application/pdf' }));
      input.files = files.files;
      input.dispatchEvent(new Event('change', { bubbles: true }));
    });
    const huge = editor.getByRole('alert').filter({ hasText: '61 MB' });
    await huge.waitFor();
    expect(await huge.innerText()).toContain('Der Master ist 61 MB groß; Formate lassen sich aus einem Master von höchstens 60 MB erstellen.');
    expect(await page.getByRole('button', { name: /^Alle Formate aus/ }).count()).toBe(0);
    // the formats on the page are still the first master's
    expect(await page.getByTestId('generated-formats').locator('tr[data-format="a4"]').innerText()).toContain('aus dem Master erstellt');
    expect(await formatsNow()).toEqual(before);
    expect(seen.violations).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  }, 240_000);
});
