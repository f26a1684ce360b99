import { describe, expect, it } from 'vitest';
import { PDFDocument, PDFName, StandardFonts, degrees } from 'pdf-lib';
import { StampError, stampPdf, toFontSafeText } from '../functions/_shared/stamp.ts';
import { fontSizes, loadPdf, shownText, textMatrices } from './pdf-text.ts';

async function makePdf(pages: Array<{ size: [number, number]; rotate?: number }>): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.TimesRoman);
  pages.forEach(({ size, rotate }, index) => {
    const page = doc.addPage(size);
    if (rotate !== undefined) page.setRotation(degrees(rotate));
    page.drawText(`Pattern page ${index + 1}`, { x: 50, y: size[1] / 2, size: 12, font });
  });
  doc.setKeywords(['sewing', 'dress']);
  return doc.save();
}

const STAMP = 'Licensed to Ada Lovelace · Order SH-1042 · personal use';

describe('stampPdf', () => {
  it('stamps every page, keeps the page count and leaves the original untouched', async () => {
    const original = await makePdf([{ size: [595, 842] }, { size: [595, 842] }, { size: [612, 792] }]);
    const copy = original.slice();
    const stamped = await stampPdf(original, { buyerName: 'Ada Lovelace', orderNumber: 'SH-1042' });
    expect(original).toEqual(copy);
    expect(stamped).not.toBe(original);
    const doc = await loadPdf(stamped);
    expect(doc.getPageCount()).toBe(3);
    for (const [index, page] of doc.getPages().entries()) {
      const texts = shownText(page);
      expect(texts).toContain(STAMP);
      expect(texts.join()).not.toContain(`Pattern page ${index + 2}`); // own content kept, nothing mixed
    }
  });

  it('writes the exact buyer and order into the metadata, keeping earlier keywords', async () => {
    const stamped = await stampPdf(await makePdf([{ size: [595, 842] }]), { buyerName: 'Zoë Ćirić', orderNumber: 'SH-7', licence: 'small_business' });
    const doc = await loadPdf(stamped);
    expect(doc.getSubject()).toBe('Licensed to Zoë Ćirić · Order SH-7 · small business use');
    const keywords = doc.getKeywords() ?? '';
    expect(keywords).toContain('sewing');
    expect(keywords).toContain('order:SH-7');
    expect(keywords).toContain('licensed-to:Zoë Ćirić');
    // Ć is not in WinAnsi: the visible line carries it as C, ë stays.
    expect(shownText(doc.getPage(0))).toContain('Licensed to Zoë Ciric · Order SH-7 · small business use');
  });

  it('sits on the bottom edge as the reader sees it, for each page rotation', async () => {
    const [w, h] = [595, 842];
    const original = await makePdf([0, 90, 180, 270].map((rotate) => ({ size: [w, h] as [number, number], rotate })));
    const doc = await loadPdf(await stampPdf(original, { buyerName: 'Ada Lovelace', orderNumber: 'SH-1042' }));
    const matrices = doc.getPages().map((page) => textMatrices(page).at(-1)!);
    const rounded = (m: number[]) => m.map((v) => Math.round(v * 1000) / 1000 + 0);
    // [cos, sin, -sin, cos, x, y]
    const [m0, m90, m180, m270] = matrices.map((m) => rounded(m!));
    expect(m0!.slice(0, 4)).toEqual([1, 0, 0, 1]);
    expect(m0![5]).toBeLessThan(30); // near the bottom
    expect(m90!.slice(0, 4)).toEqual([0, 1, -1, 0]);
    expect(m90![4]).toBeGreaterThan(w - 30); // shown bottom = unrotated right edge
    expect(m180!.slice(0, 4)).toEqual([-1, 0, 0, -1]);
    expect(m180![5]).toBeGreaterThan(h - 30); // shown bottom = unrotated top edge
    expect(m270!.slice(0, 4)).toEqual([0, -1, 1, 0]);
    expect(m270![4]).toBeLessThan(30); // shown bottom = unrotated left edge
  });

  it('scales the line up for A0 sheets and down to fit narrow pages', async () => {
    const original = await makePdf([{ size: [595, 842] }, { size: [2384, 3370] }, { size: [144, 400] }]);
    const doc = await loadPdf(await stampPdf(original, { buyerName: 'Ada Lovelace', orderNumber: 'SH-1042' }));
    const stampSize = (index: number) => fontSizes(doc.getPage(index)).at(-1)!;
    const x = textMatrices(doc.getPage(2)).at(-1)![4]!;
    const fontSizesAll = [0, 1, 2].map(stampSize);
    expect(fontSizesAll[0]).toBe(6.5);
    expect(fontSizesAll[1]! / fontSizesAll[0]!).toBeCloseTo(2, 1);
    expect(fontSizesAll[2]!).toBeLessThan(fontSizesAll[0]!);
    expect(x).toBeGreaterThan(0);
  });

  it('draws names outside WinAnsi without crashing', async () => {
    const original = await makePdf([{ size: [595, 842] }]);
    const doc = await loadPdf(await stampPdf(original, { buyerName: 'Анна Петрова 山田花子 🧵', orderNumber: 'SH-9' }));
    expect(shownText(doc.getPage(0))).toContain('Licensed to Anna Petrova ???? ? · Order SH-9 · personal use');
    expect(doc.getSubject()).toBe('Licensed to Анна Петрова 山田花子 🧵 · Order SH-9 · personal use');
  });

  it('stamps pages whose box does not start at the origin', async () => {
    const doc = await PDFDocument.create();
    const page = doc.addPage([600, 800]);
    page.setMediaBox(100, 200, 600, 800);
    const doc2 = await loadPdf(await stampPdf(await doc.save(), { buyerName: 'Ada', orderNumber: '1' }));
    const m = textMatrices(doc2.getPage(0)).at(-1)!;
    expect(m[4]!).toBeGreaterThan(100);
    expect(m[5]!).toBeGreaterThan(200);
    expect(m[5]!).toBeLessThan(230);
  });

  it('rejects an encrypted PDF with a clear error', async () => {
    const doc = await PDFDocument.create();
    doc.addPage();
    const encrypt = doc.context.obj({ Filter: PDFName.of('Standard'), V: 1, R: 2, O: 'x', U: 'y', P: -4 });
    doc.context.trailerInfo.Encrypt = doc.context.register(encrypt);
    const bytes = await doc.save({ useObjectStreams: false });
    await expect(stampPdf(bytes, { buyerName: 'Ada', orderNumber: '1' })).rejects.toMatchObject({
      name: 'StampError',
      code: 'encrypted',
      message: expect.stringContaining('encrypted'),
    });
  });

  it('rejects corrupt and empty input with a clear error', async () => {
    const garbage = new TextEncoder().encode('this is not a pdf at all');
    await expect(stampPdf(garbage, { buyerName: 'Ada', orderNumber: '1' })).rejects.toMatchObject({ code: 'corrupt' });
    await expect(stampPdf(new Uint8Array(), { buyerName: 'Ada', orderNumber: '1' })).rejects.toMatchObject({ code: 'invalid_input' });
    const truncated = (await makePdf([{ size: [595, 842] }])).slice(0, 300);
    await expect(stampPdf(truncated, { buyerName: 'Ada', orderNumber: '1' })).rejects.toBeInstanceOf(StampError);
  });

  it('rejects an empty buyer name or order number', async () => {
    const original = await makePdf([{ size: [595, 842] }]);
    await expect(stampPdf(original, { buyerName: '  ', orderNumber: '1' })).rejects.toMatchObject({ code: 'invalid_input', message: 'The buyer name is empty' });
    await expect(stampPdf(original, { buyerName: 'Ada', orderNumber: '' })).rejects.toMatchObject({ message: 'The order number is empty' });
  });
});

describe('toFontSafeText', () => {
  it('keeps WinAnsi, strips accents it lacks and transliterates Cyrillic and Greek', async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    expect(toFontSafeText('Renée Müller-Øster', font)).toBe('Renée Müller-Øster');
    expect(toFontSafeText('Łucja Ștefănescu', font)).toBe('Lucja Stefanescu');
    expect(toFontSafeText('Юлия', font)).toBe('Yuliya');
    expect(toFontSafeText('Σοφία', font)).toBe('Sofia');
    expect(toFontSafeText('a\tb\n c', font)).toBe('a b c');
  });
});
