// Test helper: what a page's content streams draw, decoded, so tests can find the stamp.
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, PDFStream, StandardFonts, decodePDFRawStream, type PDFPage } from 'pdf-lib';

export function pageContent(page: PDFPage): string {
  const contents = page.node.Contents();
  const streams: PDFStream[] = [];
  if (contents instanceof PDFArray) {
    for (let i = 0; i < contents.size(); i++) streams.push(contents.lookup(i, PDFStream));
  } else if (contents instanceof PDFStream) {
    streams.push(contents);
  }
  const decoder = new TextDecoder('latin1');
  return streams.map((stream) => decoder.decode(stream instanceof PDFRawStream ? decodePDFRawStream(stream).decode() : stream.getContents())).join('\n');
}

function streamText(stream: PDFStream): string {
  return new TextDecoder('latin1').decode(stream instanceof PDFRawStream ? decodePDFRawStream(stream).decode() : stream.getContents());
}

/** A Type0 font's ToUnicode map (pdf-lib writes bfchar lines: <glyph> <UTF-16BE>), or undefined for a simple font. */
export function toUnicode(font: PDFDict): Map<string, string> | undefined {
  const stream = font.lookupMaybe(PDFName.of('ToUnicode'), PDFStream);
  if (!stream) return undefined;
  const map = new Map<string, string>();
  for (const [, code, utf16] of streamText(stream).matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g)) {
    const units = utf16!.match(/.{4}/g)!.map((unit) => parseInt(unit, 16));
    map.set(code!.toLowerCase(), String.fromCharCode(...units));
  }
  return map;
}

export interface ShownRun {
  /** BaseFont of the font it is drawn in. */
  font: string;
  /** One entry per glyph, in drawing (visual) order: its text per ToUnicode, or the WinAnsi character. */
  glyphs: string[];
}

/**
 * What each Tj on the page draws, decoded: standard-font text (hex, as pdf-lib writes it) as
 * WinAnsi, embedded Type0 text (2-byte glyph ids) through the font's ToUnicode map — what a
 * viewer's text extraction or copy-paste gives.
 */
export function shownRuns(page: PDFPage): ShownRun[] {
  const fonts = page.node.Resources()?.lookupMaybe(PDFName.of('Font'), PDFDict);
  const winAnsi = new TextDecoder('windows-1252');
  const runs: ShownRun[] = [];
  let current: { name: string; unicode: Map<string, string> | undefined } | undefined;
  for (const match of pageContent(page).matchAll(/\/(\S+)\s+[\d.]+\s+Tf|<([0-9A-Fa-f]*)>\s*Tj/g)) {
    if (match[1] !== undefined) {
      const font = fonts?.lookup(PDFName.of(match[1]), PDFDict);
      if (!font) throw new Error(`font ${match[1]} is not in the page resources`);
      const baseFont = font.lookup(PDFName.of('BaseFont'), PDFName).decodeText();
      current = { name: baseFont, unicode: toUnicode(font) };
      continue;
    }
    const hex = match[2]!.toLowerCase();
    if (!current) throw new Error('text shown before a font was set');
    const unicode = current.unicode;
    const glyphs = unicode
      ? (hex.match(/.{4}/g) ?? []).map((code) => unicode.get(code) ?? '\ufffd')
      : (hex.match(/.{2}/g) ?? []).map((byte) => winAnsi.decode(new Uint8Array([parseInt(byte, 16)])));
    runs.push({ font: current.name, glyphs });
  }
  return runs;
}

/** Strings shown with Tj, decoded (see shownRuns). */
export function shownText(page: PDFPage): string[] {
  return shownRuns(page).map((run) => run.glyphs.join(''));
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

/**
 * WinAnsi's bytes 0x80–0x9f (€, ’, –, …) as pdf-lib's Helvetica encodes them: a Node whose
 * TextDecoder reads windows-1252 as Latin-1 (small ICU) gives C1 controls there instead.
 */
let winAnsiHigh: Promise<Map<string, string>> | undefined;
function winAnsiC1(): Promise<Map<string, string>> {
  winAnsiHigh ??= PDFDocument.create()
    .then((doc) => doc.embedFont(StandardFonts.Helvetica))
    .then((font) => {
      const map = new Map<string, string>();
      for (const code of font.getCharacterSet()) {
        const byte = parseInt(font.encodeText(String.fromCodePoint(code)).toString().slice(1, -1), 16);
        if (byte >= 0x80 && byte <= 0x9f) map.set(String.fromCharCode(byte), String.fromCodePoint(code));
      }
      return map;
    });
  return winAnsiHigh;
}

/** A whole document's text as a viewer extracts it: each shown string on a line, page after page. */
export async function documentText(bytes: Uint8Array): Promise<string> {
  const doc = await loadPdf(bytes);
  const c1 = await winAnsiC1();
  return doc
    .getPages()
    .map((page) => shownText(page).join('\n'))
    .join('\n')
    .replace(/[\u0080-\u009f]/g, (c) => c1.get(c) ?? c);
}
