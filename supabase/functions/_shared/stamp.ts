// Per-buyer stamping of pattern PDFs at download time: one small grey line on every page
// ("Licensed to <name> · Order <number> · personal use", in the buyer's language) plus the same
// facts in the document metadata. Stamping deters sharing without getting in the way of tracing.
// The stored original is only read: pdf-lib parses it and writes a new file.
// Names Helvetica can draw use it (nothing to embed); any other name is drawn as written in
// open Noto faces, embedded as subsets (./stamp-fonts.ts).
import { PDFDocument, ParseSpeeds, StandardFonts, degrees, grayscale, type PDFFont, type PDFPage } from 'pdf-lib';
import { splitIntoRuns, stampFontkit } from './stamp-fonts.ts';
import { z } from 'zod';
import { PATTERN_LICENCES } from '@stitchhouse/shared/statuses.ts';
import { LOCALES } from '@stitchhouse/shared/i18n/locales.ts';
import { mailI18n } from './i18n.ts';

export type StampErrorCode = 'invalid_input' | 'encrypted' | 'corrupt' | 'no_pages';

/** A file or request that cannot be stamped; `code` lets the download route pick its message. */
export class StampError extends Error {
  readonly code: StampErrorCode;
  constructor(code: StampErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StampError';
    this.code = code;
  }
}

// the functions' catalog (ids `email.…`: its one prefix) holds the stamp's words too
const LICENCE_TEXT = { personal: /*i18n*/ 'email.stamp.licence.personal', small_business: /*i18n*/ 'email.stamp.licence.smallBusiness' } as const;
export type Licence = keyof typeof LICENCE_TEXT;

const stampOptionsSchema = z.object({
  buyerName: z.string().trim().min(1, { error: 'The buyer name is empty' }).max(200, { error: 'The buyer name is longer than 200 characters' }),
  orderNumber: z.string().trim().min(1, { error: 'The order number is empty' }).max(64, { error: 'The order number is longer than 64 characters' }),
  licence: z.enum(PATTERN_LICENCES, { error: 'Licence must be personal or small_business' }).default('personal'),
  /** The buyer's language: the line and the metadata's subject are written in it. */
  locale: z.enum(LOCALES, { error: `Locale must be one of ${LOCALES.join(', ')}` }).default('en'),
});

export type StampOptions = z.input<typeof stampOptionsSchema>;

// For text set in a standard font (the seed's pattern sheets): letters with no decomposition
// into ASCII + accents, and whole scripts Helvetica lacks. Helvetica only encodes WinAnsi.
const TRANSLITERATION: Record<string, string> = {
  ł: 'l',
  Ł: 'L',
  đ: 'd',
  Đ: 'D',
  ı: 'i',
  ħ: 'h',
  Ħ: 'H',
  ŧ: 't',
  Ŧ: 'T',
  ŋ: 'ng',
  Ŋ: 'NG',
  ĸ: 'k',
  ſ: 's',
  ə: 'e',
  Ə: 'E',
  '\u2010': '-',
  '\u2011': '-',
  '\u2012': '-',
  '\u2212': '-',
  '\u00a0': ' ',
  '\u2009': ' ',
  '\u202f': ' ',
  // Cyrillic (scholarly/passport style, simplified)
  А: 'A',
  Б: 'B',
  В: 'V',
  Г: 'G',
  Ґ: 'G',
  Д: 'D',
  Е: 'E',
  Ё: 'Yo',
  Є: 'Ye',
  Ж: 'Zh',
  З: 'Z',
  И: 'I',
  І: 'I',
  Ї: 'Yi',
  Й: 'Y',
  К: 'K',
  Л: 'L',
  М: 'M',
  Н: 'N',
  О: 'O',
  П: 'P',
  Р: 'R',
  С: 'S',
  Т: 'T',
  У: 'U',
  Ў: 'U',
  Ф: 'F',
  Х: 'Kh',
  Ц: 'Ts',
  Ч: 'Ch',
  Ш: 'Sh',
  Щ: 'Shch',
  Ъ: '',
  Ы: 'Y',
  Ь: '',
  Э: 'E',
  Ю: 'Yu',
  Я: 'Ya',
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'g',
  ґ: 'g',
  д: 'd',
  е: 'e',
  ё: 'yo',
  є: 'ye',
  ж: 'zh',
  з: 'z',
  и: 'i',
  і: 'i',
  ї: 'yi',
  й: 'y',
  к: 'k',
  л: 'l',
  м: 'm',
  н: 'n',
  о: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  у: 'u',
  ў: 'u',
  ф: 'f',
  х: 'kh',
  ц: 'ts',
  ч: 'ch',
  ш: 'sh',
  щ: 'shch',
  ъ: '',
  ы: 'y',
  ь: '',
  э: 'e',
  ю: 'yu',
  я: 'ya',
  // Greek
  Α: 'A',
  Β: 'V',
  Γ: 'G',
  Δ: 'D',
  Ε: 'E',
  Ζ: 'Z',
  Η: 'I',
  Θ: 'Th',
  Ι: 'I',
  Κ: 'K',
  Λ: 'L',
  Μ: 'M',
  Ν: 'N',
  Ξ: 'X',
  Ο: 'O',
  Π: 'P',
  Ρ: 'R',
  Σ: 'S',
  Τ: 'T',
  Υ: 'Y',
  Φ: 'F',
  Χ: 'Ch',
  Ψ: 'Ps',
  Ω: 'O',
  α: 'a',
  β: 'v',
  γ: 'g',
  δ: 'd',
  ε: 'e',
  ζ: 'z',
  η: 'i',
  θ: 'th',
  ι: 'i',
  κ: 'k',
  λ: 'l',
  μ: 'm',
  ν: 'n',
  ξ: 'x',
  ο: 'o',
  π: 'p',
  ρ: 'r',
  σ: 's',
  ς: 's',
  τ: 't',
  υ: 'y',
  φ: 'f',
  χ: 'ch',
  ψ: 'ps',
  ω: 'o',
};

const encodableCache = new WeakMap<PDFFont, Set<number>>();

/**
 * The text as a standard font can draw it: kept where encodable, accents stripped (Ș → S),
 * Cyrillic and Greek transliterated, anything else (CJK, emoji) shown as "?". The stamp does
 * not use this: it draws names outside WinAnsi with embedded fonts.
 */
export function toFontSafeText(text: string, font: PDFFont): string {
  let encodable = encodableCache.get(font);
  if (!encodable) {
    encodable = new Set(font.getCharacterSet());
    encodableCache.set(font, encodable);
  }
  let out = '';
  for (const char of text.normalize('NFC')) {
    const code = char.codePointAt(0)!;
    if (code < 0x20 || (code >= 0x7f && code < 0xa0)) {
      out += ' ';
    } else if (encodable.has(code)) {
      out += char;
    } else {
      // Ș → S + comma below → S; ί → ι + tonos → i; then the table; else "?".
      for (const part of char.normalize('NFKD').replace(/\p{M}/gu, '')) {
        const partCode = part.codePointAt(0)!;
        out += encodable.has(partCode) ? part : (TRANSLITERATION[part] ?? '?');
      }
    }
  }
  return out.replace(/\s+/g, ' ').trim();
}

/** The stamp's line in `locale` ("Licensed to Ada · Order 1042 · personal use"). */
export function stampLine(buyerName: string, orderNumber: string, licence: Licence = 'personal', locale = 'en'): string {
  const i18n = mailI18n(locale);
  return i18n._('email.stamp.line', { buyer: buyerName, order: orderNumber, licence: i18n._(LICENCE_TEXT[licence]) });
}

const BASE_FONT_SIZE = 6.5; // on an A4 page: readable when printed, easy to overlook
const A4_SHORT_SIDE = 595;

/** A piece of the stamp line in one font, in reading order (a right-to-left run is shaped by the font). */
interface StampRun {
  text: string;
  font: PDFFont;
}

/** Control characters as spaces, runs of white space as one: a name is drawn on one line. */
function oneLine(text: string): string {
  const controlsAsSpaces = Array.from(text.normalize('NFC'), (ch) => (ch <= '\u001f' || (ch >= '\u007f' && ch <= '\u009f') ? ' ' : ch)).join('');
  return controlsAsSpaces.replace(/\s+/g, ' ').trim();
}

let helveticaCharacters: Promise<Set<number>> | undefined;

/** Whether Helvetica (WinAnsi) can draw every character of `text`. */
async function helveticaCanDraw(text: string): Promise<boolean> {
  helveticaCharacters ??= PDFDocument.create()
    .then((doc) => doc.embedFont(StandardFonts.Helvetica))
    .then((font) => new Set(font.getCharacterSet()));
  const encodable = await helveticaCharacters;
  for (const char of text) if (!encodable.has(char.codePointAt(0)!)) return false;
  return true;
}

function stampPage(page: PDFPage, runs: StampRun[]): void {
  const box = page.getCropBox();
  const angle = (((page.getRotation().angle % 360) + 360) % 360) as number;
  const quarterTurns = Math.round(angle / 90) % 4;
  const sideways = quarterTurns % 2 === 1;
  // Width and height as the reader sees the page.
  const shownWidth = sideways ? box.height : box.width;
  const shortSide = Math.min(box.width, box.height);
  // Grow with the page (A0 is 4× A4's short side → 2× the type), but never shout.
  const scale = Math.sqrt(Math.max(shortSide, 1) / A4_SHORT_SIDE);
  const margin = Math.min(16 * scale, shortSide * 0.05);
  let size = Math.min(18, Math.max(6, BASE_FONT_SIZE * scale));
  const widthAt = (at: number) => runs.reduce((sum, run) => sum + run.font.widthOfTextAtSize(run.text, at), 0);
  let width = widthAt(size);
  const room = shownWidth - 2 * margin;
  if (width > room && room > 0) {
    size = Math.max(2, (size * room) / width);
    width = widthAt(size);
  }
  // Centred on the bottom edge of the page as shown, mapped back into unrotated page space.
  const shownX = Math.max(margin, (shownWidth - width) / 2);
  const shownY = margin;
  const { x: bx, y: by, width: w, height: h } = box;
  const [x, y] = [
    [bx + shownX, by + shownY],
    [bx + w - shownY, by + shownX],
    [bx + w - shownX, by + h - shownY],
    [bx + shownY, by + h - shownX],
  ][quarterTurns]!;
  // Runs follow each other along the (rotated) baseline.
  const [dx, dy] = [
    [1, 0],
    [0, 1],
    [-1, 0],
    [0, -1],
  ][quarterTurns]!;
  let advance = 0;
  for (const run of runs) {
    page.drawText(run.text, {
      x: x + dx! * advance,
      y: y + dy! * advance,
      size,
      font: run.font,
      color: grayscale(0.35),
      opacity: 0.85,
      rotate: degrees(quarterTurns * 90),
    });
    advance += run.font.widthOfTextAtSize(run.text, size);
  }
}

async function load(original: Uint8Array): Promise<PDFDocument> {
  if (!(original instanceof Uint8Array) || original.length === 0) {
    throw new StampError('invalid_input', 'The pattern file is empty');
  }
  let doc: PDFDocument;
  try {
    // Fastest: parse in one go instead of yielding every 100 objects (this is a request handler, not a UI).
    // Encryption is checked after loading: pdf-lib's EncryptedPDFError fails `instanceof` (ES5 build).
    doc = await PDFDocument.load(original, { parseSpeed: ParseSpeeds.Fastest, updateMetadata: false, ignoreEncryption: true });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new StampError('corrupt', `The pattern file is not a readable PDF (${reason})`, { cause: error });
  }
  if (doc.isEncrypted) {
    throw new StampError(
      'encrypted',
      'The pattern file is encrypted (password-protected) and cannot be stamped; the designer needs to upload an unprotected PDF',
    );
  }
  return doc;
}

/**
 * Stamps every page of `original` for one buyer and returns a new PDF. `prepare` may change the
 * document first (print only some sizes: ./layers.ts); every page left is stamped.
 * Throws StampError for bad options, encrypted, unreadable or empty files.
 */
export async function stampPdf(original: Uint8Array, options: StampOptions, prepare?: (doc: PDFDocument) => void): Promise<Uint8Array> {
  const parsed = stampOptionsSchema.safeParse(options);
  if (!parsed.success) throw new StampError('invalid_input', parsed.error.issues.map((issue) => issue.message).join('; '));
  const { buyerName, orderNumber, licence, locale } = parsed.data;

  const doc = await load(original);
  if (doc.getPageCount() === 0) throw new StampError('no_pages', 'The pattern file has no pages');
  try {
    prepare?.(doc);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new StampError('corrupt', `The pattern file could not be prepared (${reason})`, { cause: error });
  }
  const pages = doc.getPages();

  const visible = stampLine(oneLine(buyerName), oneLine(orderNumber), licence, locale);
  // Outside the try: a missing font file is the server's fault, not the pattern file's.
  const faceRuns = (await helveticaCanDraw(visible)) ? undefined : await splitIntoRuns(visible);

  try {
    let runs: StampRun[];
    if (!faceRuns) {
      runs = [{ text: visible, font: await doc.embedFont(StandardFonts.Helvetica) }];
    } else {
      doc.registerFontkit(stampFontkit);
      const embedded = new Map<Uint8Array, PDFFont>();
      runs = [];
      for (const run of faceRuns) {
        let font = embedded.get(run.face.bytes);
        if (!font) {
          font = await doc.embedFont(run.face.bytes, { subset: true });
          embedded.set(run.face.bytes, font);
        }
        runs.push({ text: run.text, font });
      }
    }
    for (const page of pages) stampPage(page, runs);

    // Exact (Unicode) name and order in the metadata, for tracing a shared copy.
    doc.setSubject(stampLine(buyerName, orderNumber, licence, locale));
    const previous = doc.getKeywords();
    doc.setKeywords([...(previous ? [previous] : []), `order:${orderNumber}`, `licensed-to:${buyerName}`, `licence:${licence}`]);
    doc.setModificationDate(new Date());

    // Object streams off: faster to write, and a stamped copy is not stored.
    return await doc.save({ useObjectStreams: false, objectsPerTick: Infinity, updateFieldAppearances: false });
  } catch (error) {
    if (error instanceof StampError) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    throw new StampError('corrupt', `The pattern file could not be stamped (${reason})`, { cause: error });
  }
}
