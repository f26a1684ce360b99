// Test helper for the publish/download suites (backend and e2e import it by path, so pdf-lib
// resolves from this package): real multi-page pattern PDFs and the text drawn on each page.
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { shownText } from './pdf-text.ts';

/** A small A4 pattern PDF with `pages` pages, each naming the pattern and its page number. */
export async function makePatternPdf(title: string, pages = 3): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(title);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 1; i <= pages; i++) {
    const page = doc.addPage([595.28, 841.89]);
    page.drawText(`${title} - page ${i} of ${pages}`, { x: 60, y: 780, size: 14, font });
    page.drawRectangle({ x: 60, y: 100, width: 475, height: 600, borderWidth: 1 });
  }
  return doc.save();
}

/** The strings drawn on every page, one array per page. */
export async function pageTexts(bytes: Uint8Array): Promise<string[][]> {
  const doc = await PDFDocument.load(bytes);
  return doc.getPages().map((page) => shownText(page));
}
