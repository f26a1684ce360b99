// Test helper: what a page's content streams draw, decoded, so tests can find the stamp.
import { PDFArray, PDFDocument, PDFRawStream, PDFStream, decodePDFRawStream, type PDFPage } from 'pdf-lib';

export function pageContent(page: PDFPage): string {
  const contents = page.node.Contents();
  const streams: PDFStream[] = [];
  if (contents instanceof PDFArray) {
    for (let i = 0; i < contents.size(); i++) streams.push(contents.lookup(i, PDFStream));
  } else if (contents instanceof PDFStream) {
    streams.push(contents);
  }
  const decoder = new TextDecoder('latin1');
  return streams
    .map((stream) => decoder.decode(stream instanceof PDFRawStream ? decodePDFRawStream(stream).decode() : stream.getContents()))
    .join('\n');
}

/** Strings shown with Tj, decoded from hex (how pdf-lib writes standard-font text) as WinAnsi. */
export function shownText(page: PDFPage): string[] {
  const decoder = new TextDecoder('windows-1252');
  return [...pageContent(page).matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)].map((match) => {
    const hex = match[1]!;
    const bytes = new Uint8Array(hex.length / 2);
    for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
    return decoder.decode(bytes);
  });
}

/** The text matrices (a b c d e f Tm) used on a page. */
export function textMatrices(page: PDFPage): number[][] {
  return [...pageContent(page).matchAll(/((?:-?[\d.]+\s+){6})Tm/g)].map((match) => match[1]!.trim().split(/\s+/).map(Number));
}

export async function loadPdf(bytes: Uint8Array): Promise<PDFDocument> {
  return PDFDocument.load(bytes, { updateMetadata: false });
}

/** Font sizes set with Tf on a page, in order. */
export function fontSizes(page: PDFPage): number[] {
  return [...pageContent(page).matchAll(/\/\S+\s+([\d.]+)\s+Tf/g)].map((match) => Number(match[1]));
}
