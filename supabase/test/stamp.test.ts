import { describe, expect, it } from 'vitest';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFStream, StandardFonts, degrees, type PDFPage } from 'pdf-lib';
import { StampError, stampPdf, toFontSafeText } from '../functions/_shared/stamp.ts';
import { fontSizes, loadPdf, shownRuns, shownText, textMatrices, toUnicode } from './pdf-text.ts';

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
    // Ć is not in WinAnsi: the line is drawn in the embedded Noto Sans, as written.
    expect(stampOf(doc.getPage(0))).toBe('Licensed to Zoë Ćirić · Order SH-7 · small business use');
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

  it('draws what no font has (emoji) as "?" and keeps the exact name in the metadata', async () => {
    const original = await makePdf([{ size: [595, 842] }]);
    const doc = await loadPdf(await stampPdf(original, { buyerName: 'Анна Петрова 山田花子 🧵', orderNumber: 'SH-9' }));
    expect(stampOf(doc.getPage(0))).toBe('Licensed to Анна Петрова 山田花子 ? · Order SH-9 · personal use');
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
    await expect(stampPdf(original, { buyerName: '  ', orderNumber: '1' })).rejects.toMatchObject({
      code: 'invalid_input',
      message: 'The buyer name is empty',
    });
    await expect(stampPdf(original, { buyerName: 'Ada', orderNumber: '' })).rejects.toMatchObject({ message: 'The order number is empty' });
  });

  it("writes the line and the metadata's subject in the buyer's language", async () => {
    const german = await loadPdf(
      await stampPdf(await makePdf([{ size: [595, 842] }]), { buyerName: 'Jörg Weiß', orderNumber: '1042', licence: 'small_business', locale: 'de' }),
    );
    expect(stampOf(german.getPage(0))).toBe('Lizenziert für Jörg Weiß · Bestellung 1042 · Nutzung im Kleingewerbe');
    expect(german.getSubject()).toBe('Lizenziert für Jörg Weiß · Bestellung 1042 · Nutzung im Kleingewerbe');
    expect(german.getKeywords()).toContain('licence:small_business'); // the machine-read facts stay as they are
    const french = await loadPdf(await stampPdf(await makePdf([{ size: [595, 842] }]), { buyerName: 'Zoé', orderNumber: '7', locale: 'fr' }));
    expect(stampOf(french.getPage(0))).toBe('Licence accordée à Zoé · Commande 7 · usage personnel');
  });

  it('refuses a language the marketplace does not speak', async () => {
    const original = await makePdf([{ size: [595, 842] }]);
    await expect(stampPdf(original, { buyerName: 'Ada', orderNumber: '1', locale: 'ja' as 'en' })).rejects.toMatchObject({
      code: 'invalid_input',
      message: 'Locale must be one of en, de, fr, es, nl',
    });
  });
});

/** The stamp line as text extraction reads it: every run after the page's own "Pattern page N". */
function stampOf(page: PDFPage): string {
  return shownText(page).slice(1).join('');
}

/** Each embedded font on the page: its name and the size of its (subset) font program. */
function embeddedFonts(page: PDFPage): Array<{ name: string; programBytes: number }> {
  const fonts = page.node.Resources()!.lookup(PDFName.of('Font'), PDFDict);
  return fonts.keys().flatMap((key) => {
    const font = fonts.lookup(key, PDFDict);
    const descendants = font.lookupMaybe(PDFName.of('DescendantFonts'), PDFArray);
    if (!descendants) return [];
    const descriptor = descendants.lookup(0, PDFDict).lookup(PDFName.of('FontDescriptor'), PDFDict);
    const program = descriptor.lookupMaybe(PDFName.of('FontFile2'), PDFStream) ?? descriptor.lookup(PDFName.of('FontFile3'), PDFStream);
    return [{ name: font.lookup(PDFName.of('BaseFont'), PDFName).decodeText(), programBytes: program.getContentsSize() }];
  });
}

describe('non-Latin buyer names', () => {
  const cases = [
    { name: 'Ирина Петрова', font: /^NotoSans-Regular/ },
    { name: 'Γιώργος Παπαδόπουλος', font: /^NotoSans-Regular/ },
    { name: '山田 花子', font: /^NotoSansHans-Regular/ },
    { name: '王小明', font: /^NotoSansHans-Regular/ },
    { name: '김민준', font: /^NotoSansKR-Regular/ },
  ];

  it.each(cases)('stamps $name as written, in an embedded font subset', async ({ name, font }) => {
    const doc = await loadPdf(await stampPdf(await makePdf([{ size: [595, 842] }, { size: [2384, 3370] }]), { buyerName: name, orderNumber: 'SH-12' }));
    for (const page of doc.getPages()) {
      expect(stampOf(page)).toBe(`Licensed to ${name} · Order SH-12 · personal use`);
      const embedded = embeddedFonts(page);
      expect(embedded.map((f) => f.name)).toContainEqual(expect.stringMatching(font));
      // A subset: the glyphs of one line, not the 0.6–8 MB font file.
      for (const f of embedded) expect(f.programBytes).toBeLessThan(100_000);
    }
  });

  it('shapes Arabic: joined letter forms, right to left, between left-to-right text', async () => {
    const name = 'فاطمة الزهراء';
    const doc = await loadPdf(await stampPdf(await makePdf([{ size: [595, 842] }]), { buyerName: name, orderNumber: 'SH-12' }));
    const page = doc.getPage(0);
    const runs = shownRuns(page).slice(1);
    expect(runs.map((run) => run.font.replace(/-\d+$/, ''))).toEqual(['NotoSans-Regular', 'NotoNaskhArabic', 'NotoSans-Regular']);
    const [before, arabic, after] = runs.map((run) => run.glyphs);
    expect(before!.join('')).toBe('Licensed to ');
    expect(after!.join('')).toBe(' · Order SH-12 · personal use');
    // Drawn in visual order: read backwards, the glyphs spell the name.
    expect([...arabic!].reverse().join('')).toBe(name);
    expect(arabic![0]).toBe('ء'); // the leftmost glyph is the name's last letter
    // Alef after Feh joins (final form), alef of "al-" stands alone: two different glyphs.
    expect(arabic!.filter((glyph) => glyph === 'ا').length).toBe(3);
    const arabicFont = embeddedFonts(page).find((f) => f.name.startsWith('NotoNaskhArabic'));
    expect(arabicFont!.programBytes).toBeLessThan(40_000);
    expect(distinctGlyphsFor(page, 'NotoNaskhArabic', 'ا')).toBeGreaterThanOrEqual(2);
  });

  it('mixes scripts in one name, each in its own face', async () => {
    const name = 'Maria Иванова 山田 فاطمة';
    const doc = await loadPdf(await stampPdf(await makePdf([{ size: [595, 842] }]), { buyerName: name, orderNumber: 'SH-3' }));
    const runs = shownRuns(doc.getPage(0)).slice(1);
    const logical = runs.map((run) => (run.font.startsWith('NotoNaskhArabic') ? [...run.glyphs].reverse() : run.glyphs).join('')).join('');
    expect(logical).toBe(`Licensed to ${name} · Order SH-3 · personal use`);
    expect(new Set(runs.map((run) => run.font.replace(/-\d+$/, '')))).toEqual(new Set(['NotoSans-Regular', 'NotoSansHans-Regular', 'NotoNaskhArabic']));
  });

  it('keeps Helvetica (nothing embedded) for names WinAnsi can draw', async () => {
    const doc = await loadPdf(await stampPdf(await makePdf([{ size: [595, 842] }]), { buyerName: 'Renée Müller-Øster', orderNumber: 'SH-1' }));
    expect(embeddedFonts(doc.getPage(0))).toEqual([]);
    expect(stampOf(doc.getPage(0))).toBe('Licensed to Renée Müller-Øster · Order SH-1 · personal use');
  });
});

/** How many different glyph ids of a font's ToUnicode map to `text` (contextual forms share a character). */
function distinctGlyphsFor(page: PDFPage, fontPrefix: string, text: string): number {
  const fonts = page.node.Resources()!.lookup(PDFName.of('Font'), PDFDict);
  for (const key of fonts.keys()) {
    const font = fonts.lookup(key, PDFDict);
    if (!font.lookup(PDFName.of('BaseFont'), PDFName).decodeText().startsWith(fontPrefix)) continue;
    return [...toUnicode(font)!.values()].filter((value) => value === text).length;
  }
  return 0;
}

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
