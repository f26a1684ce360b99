import { describe, expect, it } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import { makeCoverSvg, makePatternPdf, patternPdfPageCount, PT_PER_CM, tileGrid, wrapTitle } from '../seed/assets.ts';
import { stampPdf } from '../functions/_shared/stamp.ts';
import { pageContent, shownText } from './pdf-text.ts';

const base = { title: 'Juniper Wrap Dress', designer: 'Mira Okafor', sizes: ['XS', 'S', 'M', 'L', 'XL'] };

/** Widths of every rectangle (re) drawn on a page, rounded to 0.01 pt. */
function rectangles(content: string): Array<[number, number]> {
  return [...content.matchAll(/(-?[\d.]+) (-?[\d.]+) ([\d.]+) ([\d.]+) re/g)].map((m) => [Number(Number(m[3]).toFixed(2)), Number(Number(m[4]).toFixed(2))]);
}

describe('makePatternPdf', () => {
  it('A4: cover, instructions, 10 cm test square, then tiles A1… at 595 × 842', async () => {
    const doc = await PDFDocument.load(await makePatternPdf({ ...base, format: 'a4', pages: 6 }));
    const { columns, rows } = tileGrid(6);
    expect(doc.getPageCount()).toBe(3 + columns * rows);
    expect(doc.getPageCount()).toBe(patternPdfPageCount('a4', 6));
    for (const page of doc.getPages()) expect([page.getWidth(), page.getHeight()]).toEqual([595, 842]);
    const square = rectangles(pageContent(doc.getPage(2)));
    const side = Number((10 * PT_PER_CM).toFixed(2));
    expect(side).toBe(283.46);
    expect(square).toContainEqual([side, side]);
    expect(shownText(doc.getPage(2))).toContain('10 cm');
    expect(shownText(doc.getPage(3))).toContain('A1');
    expect(shownText(doc.getPage(3 + columns))).toContain('B1');
    // Tiles show one shared layout (a form XObject) through a clipped window.
    expect(pageContent(doc.getPage(3))).toMatch(/re\s+W\s+n/);
    expect(pageContent(doc.getPage(3))).toMatch(/\/\S+ Do/);
    expect(doc.getTitle()).toBe('Juniper Wrap Dress');
    expect(doc.getAuthor()).toBe('Mira Okafor');
  });

  it('US Letter: 612 × 792 with a 4 in test square; 20 tiles by default', async () => {
    const doc = await PDFDocument.load(await makePatternPdf({ ...base, format: 'us_letter' }));
    expect(doc.getPageCount()).toBe(patternPdfPageCount('us_letter'));
    expect(doc.getPageCount()).toBeGreaterThanOrEqual(23);
    for (const page of doc.getPages()) expect([page.getWidth(), page.getHeight()]).toEqual([612, 792]);
    expect(rectangles(pageContent(doc.getPage(2)))).toContainEqual([288, 288]);
    expect(shownText(doc.getPage(2))).toContain('4 in');
  });

  it('A0: the requested number of 2384 × 3370 sheets, each with pieces and a 10 cm square', async () => {
    const doc = await PDFDocument.load(await makePatternPdf({ ...base, format: 'a0', pages: 3 }));
    expect(doc.getPageCount()).toBe(3);
    const texts = doc.getPages().map((page) => shownText(page).join('\n'));
    doc.getPages().forEach((page, index) => {
      expect([page.getWidth(), page.getHeight()]).toEqual([2384, 3370]);
      expect(rectangles(pageContent(page))).toContainEqual([283.46, 283.46]);
      expect(texts[index]).toContain(`A0 sheet ${index + 1} of 3`);
      expect(texts[index]).toContain('GRAINLINE');
    });
    // Sheets continue the piece numbering rather than repeating sheet 1.
    expect(texts[0]).toContain('1  BODICE FRONT');
    expect(texts[1]).not.toContain('1  BODICE FRONT');
  });

  it('projector: one long 1:1 page with every piece', async () => {
    const doc = await PDFDocument.load(await makePatternPdf({ ...base, format: 'projector' }));
    expect(doc.getPageCount()).toBe(1);
    const page = doc.getPage(0);
    expect(page.getWidth()).toBeCloseTo(140 * PT_PER_CM, 3);
    expect(page.getHeight()).toBeGreaterThan(page.getWidth());
    const text = shownText(page).join('\n');
    for (const name of ['BODICE FRONT', 'SLEEVE', 'WAISTBAND', 'CUFF']) expect(text).toContain(name);
  });

  it('draws one line per size, and a single line for one-size patterns', async () => {
    const many = await PDFDocument.load(await makePatternPdf({ ...base, format: 'a0' }));
    const one = await PDFDocument.load(await makePatternPdf({ ...base, sizes: [], format: 'a0' }));
    const strokes = (doc: PDFDocument) => (pageContent(doc.getPage(0)).match(/\bS\b/g) ?? []).length;
    expect(strokes(many)).toBeGreaterThan(strokes(one) * 3);
    expect(shownText(one.getPage(0)).join('\n')).toContain('One size');
  });

  it('is deterministic: same input, same bytes; other text, other bytes', async () => {
    const a = await makePatternPdf({ ...base, format: 'a4', pages: 4 });
    const b = await makePatternPdf({ ...base, format: 'a4', pages: 4 });
    const c = await makePatternPdf({ ...base, title: 'Juniper Wrap Top', format: 'a4', pages: 4 });
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true);
    expect(Buffer.from(a).equals(Buffer.from(c))).toBe(false);
  });

  it('copes with names outside WinAnsi and can be stamped', async () => {
    const bytes = await makePatternPdf({ title: 'Платье «Весна»', designer: '山田 花子', format: 'a4', sizes: ['36', '38'], pages: 2 });
    const doc = await PDFDocument.load(bytes);
    expect(doc.getTitle()).toBe('Платье «Весна»');
    const stamped = await PDFDocument.load(await stampPdf(bytes, { buyerName: 'Ada', orderNumber: 'SH-1' }));
    expect(stamped.getPageCount()).toBe(doc.getPageCount());
  });

  it('rejects bad requests with clear messages', async () => {
    await expect(makePatternPdf({ ...base, format: 'a3' as never })).rejects.toThrow('Format must be one of a4, us_letter, a0, projector');
    await expect(makePatternPdf({ ...base, title: ' ', format: 'a4' })).rejects.toThrow('The pattern needs a title');
    await expect(makePatternPdf({ ...base, format: 'a4', pages: 0 })).rejects.toThrow('Pages must be at least 1');
    await expect(makePatternPdf({ ...base, format: 'a0', pages: 61 })).rejects.toThrow('at most 60 sheets');
  });
});

describe('makeCoverSvg', () => {
  it('is deterministic per seed and varies between seeds and crafts', () => {
    const one = makeCoverSvg({ title: 'Juniper Wrap Dress', craft: 'sewing', seed: 1 });
    expect(makeCoverSvg({ title: 'Juniper Wrap Dress', craft: 'sewing', seed: 1 })).toBe(one);
    const covers = new Set(Array.from({ length: 12 }, (_, seed) => makeCoverSvg({ title: 'Juniper Wrap Dress', craft: 'sewing', seed })));
    expect(covers.size).toBe(12);
    const fills = new Set(
      Array.from(
        { length: 24 },
        (_, seed) => /<rect width="600" height="800" fill="(#[0-9a-f]{6})"/.exec(makeCoverSvg({ title: 'T', craft: 'quilting', seed }))![1],
      ),
    );
    expect(fills.size).toBeGreaterThan(4);
  });

  it('uses a motif that suits the craft', () => {
    expect(makeCoverSvg({ title: 'Granny Blanket', craft: 'crochet', seed: 3 })).toMatch(/<rect x="[\d.]+" y="[\d.]+" width="[\d.]+" height="[\d.]+" rx=/);
    expect(makeCoverSvg({ title: 'Star Quilt', craft: 'quilting', seed: 3 })).toContain('<polygon');
    expect(makeCoverSvg({ title: 'Cable Hat', craft: 'knitting', seed: 3 })).toContain('stroke-linecap="round"');
  });

  it('escapes the title and stays well-formed', () => {
    const svg = makeCoverSvg({ title: 'Tote & <script>alert("x")</script>', craft: 'bags', seed: 'x' });
    expect(svg).not.toContain('<script>');
    expect(svg).toContain('Tote &amp; &lt;script&gt;alert(&quot;x&quot;)');
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg.endsWith('</svg>')).toBe(true);
    const opened = (svg.match(/<(?!\/)[a-z]+[^>]*[^/]>/g) ?? []).length;
    const closed = (svg.match(/<\/[a-z]+>/g) ?? []).length;
    expect(opened).toBe(closed);
  });

  it('wraps long titles to at most three lines', () => {
    expect(wrapTitle('A Very Long Pattern Title For Testing Wrapping Behaviour', 18, 3)).toEqual(['A Very Long', 'Pattern Title For', 'Testing Wrapping…']);
    expect(wrapTitle('Supercalifragilisticexpialidocious', 10, 3)).toEqual(['Supercalif', 'ragilistic', 'expialido…']);
  });
});
