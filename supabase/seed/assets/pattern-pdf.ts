// Real, printable demo pattern PDFs per format, drawn with pdf-lib:
// - A4 / US Letter: cover, instructions, a test square page (10 cm / 4 in), then tiled pattern
//   pages (A1, A2, … row by row) cut from one 1:1 layout, with trim lines and match marks;
// - A0: copy-shop sheets with pieces at 1:1, a test square on each sheet;
// - projector: one long 1:1 page with a calibration grid.
// Every piece has nested size lines, a grainline, notches and a label.
import {
  PDFDocument,
  StandardFonts,
  degrees,
  closePath,
  concatTransformationMatrix,
  appendBezierCurve,
  clip,
  endPath,
  fill,
  lineTo,
  moveTo,
  popGraphicsState,
  pushGraphicsState,
  rectangle,
  rgb,
  setDashPattern,
  setFillingRgbColor,
  setLineWidth,
  setStrokingRgbColor,
  stroke,
  type PDFFont,
  type PDFOperator,
  type PDFPage,
} from 'pdf-lib';
import { z } from 'zod';
import { toFontSafeText } from '../../functions/_shared/stamp.ts';
import { GRADING_ALLOWANCE, PIECE_LIBRARY, layoutBottom, packPieces, type PathCommand, type PlacedPiece } from './pieces.ts';
import { patternFormatSchema } from '../../../shared/src/catalog/schemas.ts';

export const PT_PER_CM = 72 / 2.54;
export const PAGE_SIZES = {
  a4: [595, 842],
  us_letter: [612, 792],
  a0: [2384, 3370],
} as const;
/** Width of the projector page: wide enough for a 140 cm fabric. */
export const PROJECTOR_WIDTH_CM = 140;
const MARGIN = 36; // half an inch: inside every home printer's printable area
/** Cover, instructions, test square. */
export const FRONT_PAGES = 3;

const formatSchema = patternFormatSchema;

const patternPdfSchema = z
  .object({
    title: z.string().trim().min(1, { error: 'The pattern needs a title' }).max(200, { error: 'The title is longer than 200 characters' }),
    designer: z.string().trim().min(1, { error: 'The pattern needs a designer' }).max(120, { error: 'The designer name is longer than 120 characters' }),
    format: formatSchema,
    sizes: z
      .array(z.string().trim().min(1, { error: 'Size labels cannot be empty' }).max(20))
      .max(16, { error: 'At most 16 sizes can be drawn' })
      .default([]),
    pages: z
      .number()
      .int({ error: 'Pages must be a whole number' })
      .min(1, { error: 'Pages must be at least 1' })
      .max(120, { error: 'Pages must be at most 120' })
      .optional(),
  })
  .strict();

export type PatternPdfInput = z.input<typeof patternPdfSchema>;
type Input = z.output<typeof patternPdfSchema>;

/** Rows × columns of tiles for at least `tiles` pattern pages, as square as a portrait page allows. */
export function tileGrid(tiles: number): { columns: number; rows: number } {
  const columns = Math.max(1, Math.round(Math.sqrt(tiles * 1.2)));
  return { columns, rows: Math.ceil(tiles / columns) };
}

/** Pages a PDF will have for a format and `pages` option: for planning storage and for tests. */
export function patternPdfPageCount(format: Input['format'], pages?: number): number {
  if (format === 'projector') return 1;
  if (format === 'a0') return pages ?? 1;
  const { columns, rows } = tileGrid(pages ?? 20);
  return FRONT_PAGES + columns * rows;
}

const SIZE_COLOURS = [
  rgb(0.75, 0.16, 0.16),
  rgb(0.12, 0.35, 0.7),
  rgb(0.1, 0.55, 0.3),
  rgb(0.5, 0.2, 0.6),
  rgb(0.85, 0.45, 0.05),
  rgb(0.05, 0.5, 0.55),
  rgb(0.45, 0.3, 0.15),
  rgb(0.8, 0.2, 0.55),
];
const SIZE_DASHES: number[][] = [[], [7, 3], [2, 2], [9, 3, 2, 3]];

interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
}

function sizeStyle(index: number) {
  const colour = SIZE_COLOURS[index % SIZE_COLOURS.length]!;
  const dash = SIZE_DASHES[Math.floor(index / SIZE_COLOURS.length) % SIZE_DASHES.length]!;
  return { colour, dash };
}

function pathOps(path: PathCommand[]): PDFOperator[] {
  return path.map((command) => {
    switch (command[0]) {
      case 'M':
        return moveTo(command[1], command[2]);
      case 'L':
        return lineTo(command[1], command[2]);
      case 'C':
        return appendBezierCurve(command[1], command[2], command[3], command[4], command[5], command[6]);
      case 'Z':
        return closePath();
    }
  });
}

/** Size lines, notches and grainline of one piece, positioned at (ox, oy) points. */
function pieceOperators({ piece, x, y }: PlacedPiece, sizeCount: number, ox: number, oy: number): PDFOperator[] {
  const ops: PDFOperator[] = [];
  const outline = pathOps(piece.path);
  const baseX = ox + x * PT_PER_CM;
  const baseY = oy + y * PT_PER_CM;
  for (let i = 0; i < sizeCount; i++) {
    // Nested sizes grow from the corner at the fold, like a graded multi-size pattern.
    const k = PT_PER_CM * (1 + (GRADING_ALLOWANCE * i) / Math.max(1, sizeCount - 1));
    const { colour, dash } = sizeStyle(i);
    ops.push(
      pushGraphicsState(),
      concatTransformationMatrix(k, 0, 0, k, baseX, baseY),
      setLineWidth(0.9 / k),
      setDashPattern(
        dash.map((d) => d / k),
        0,
      ),
      setStrokingRgbColor(colour.red, colour.green, colour.blue),
      ...outline,
      stroke(),
      // Notches: a 6 mm tick into the piece at each notch point of this size.
      setDashPattern([], 0),
      ...piece.notches.flatMap((n) => [moveTo(n.x, n.y), lineTo(n.x + n.dx * 0.6 * (PT_PER_CM / k), n.y + n.dy * 0.6 * (PT_PER_CM / k))]),
      stroke(),
      popGraphicsState(),
    );
  }
  // Grainline: a double-headed arrow.
  const gx = baseX + piece.grain.x * PT_PER_CM;
  const g1 = baseY + piece.grain.y1 * PT_PER_CM;
  const g2 = baseY + piece.grain.y2 * PT_PER_CM;
  const head = 0.4 * PT_PER_CM;
  ops.push(
    pushGraphicsState(),
    setLineWidth(0.8),
    setStrokingRgbColor(0.15, 0.15, 0.15),
    moveTo(gx, g1),
    lineTo(gx, g2),
    moveTo(gx - head * 0.6, g2 - head),
    lineTo(gx, g2),
    lineTo(gx + head * 0.6, g2 - head),
    moveTo(gx - head * 0.6, g1 + head),
    lineTo(gx, g1),
    lineTo(gx + head * 0.6, g1 + head),
    stroke(),
    popGraphicsState(),
  );
  return ops;
}

function drawPieces(page: PDFPage, placed: readonly PlacedPiece[], input: Input, fonts: Fonts, ox: number, oy: number, title: string): void {
  const sizeCount = Math.max(1, input.sizes.length);
  for (const p of placed) {
    page.pushOperators(...pieceOperators(p, sizeCount, ox, oy));
    const cx = ox + (p.x + p.piece.grain.x) * PT_PER_CM + 6;
    const cy = oy + (p.y + p.piece.height * 0.45) * PT_PER_CM;
    page.drawText(`${p.number}  ${p.piece.name.toUpperCase()}`, { x: cx, y: cy, size: 11, font: fonts.bold });
    page.drawText(p.piece.cut, { x: cx, y: cy - 13, size: 8.5, font: fonts.regular });
    page.drawText(title, { x: cx, y: cy - 24, size: 7, font: fonts.regular, color: rgb(0.35, 0.35, 0.35) });
    page.drawText('GRAINLINE', {
      x: ox + (p.x + p.piece.grain.x) * PT_PER_CM - 3,
      y: oy + (p.y + p.piece.grain.y1) * PT_PER_CM + 16,
      size: 6,
      font: fonts.regular,
      rotate: degrees(90),
    });
  }
}

function drawSizeLegend(page: PDFPage, sizes: string[], fonts: Fonts, x: number, y: number): number {
  const labels = sizes.length > 0 ? sizes : ['One size'];
  labels.forEach((label, i) => {
    const { colour, dash } = sizeStyle(i);
    const rowY = y - i * 14;
    page.pushOperators(
      pushGraphicsState(),
      setLineWidth(1.4),
      setDashPattern(dash, 0),
      setStrokingRgbColor(colour.red, colour.green, colour.blue),
      moveTo(x, rowY + 3),
      lineTo(x + 40, rowY + 3),
      stroke(),
      popGraphicsState(),
    );
    page.drawText(label, { x: x + 48, y: rowY, size: 9, font: fonts.regular });
  });
  return y - labels.length * 14;
}

/** A square of exactly `sidePt`, with its label: the print-scale check. */
function drawTestSquare(page: PDFPage, fonts: Fonts, x: number, y: number, sidePt: number, label: string): void {
  page.pushOperators(pushGraphicsState(), setLineWidth(0.75), setStrokingRgbColor(0, 0, 0), rectangle(x, y, sidePt, sidePt), stroke(), popGraphicsState());
  const size = Math.max(10, sidePt / 12);
  const width = fonts.bold.widthOfTextAtSize(label, size);
  page.drawText(label, { x: x + (sidePt - width) / 2, y: y + sidePt / 2 - size / 3, size, font: fonts.bold });
}

// Most paragraphs are the same in every file: measuring words once saves a third of the time.
const wrapCache = new Map<string, string[]>();

function wrap(text: string, font: PDFFont, size: number, maxWidth: number): string[] {
  const key = `${font.name}|${size}|${maxWidth}|${text}`;
  const cached = wrapCache.get(key);
  if (cached) return cached;
  if (wrapCache.size > 5000) wrapCache.clear();
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    const candidate = line ? `${line} ${word}` : word;
    if (line && font.widthOfTextAtSize(candidate, size) > maxWidth) {
      lines.push(line);
      line = word;
    } else line = candidate;
  }
  if (line) lines.push(line);
  wrapCache.set(key, lines);
  return lines;
}

function drawParagraphs(page: PDFPage, fonts: Fonts, blocks: Array<{ heading?: string; lines: string[] }>, x: number, top: number, maxWidth: number): number {
  let y = top;
  for (const block of blocks) {
    if (block.heading) {
      y -= 18;
      page.drawText(block.heading, { x, y, size: 12, font: fonts.bold });
      y -= 4;
    }
    for (const paragraph of block.lines) {
      for (const line of wrap(paragraph, fonts.regular, 9.5, maxWidth)) {
        y -= 13;
        page.drawText(line, { x, y, size: 9.5, font: fonts.regular });
      }
      y -= 3;
    }
  }
  return y;
}

function tileLabel(row: number, column: number): string {
  const letters = row < 26 ? String.fromCharCode(65 + row) : `${String.fromCharCode(64 + Math.floor(row / 26))}${String.fromCharCode(65 + (row % 26))}`;
  return `${letters}${column + 1}`;
}

function cuttingList(placed: readonly PlacedPiece[]): string[] {
  const seen = new Map<string, string>();
  for (const p of placed) if (!seen.has(p.piece.name)) seen.set(p.piece.name, `${p.number}. ${p.piece.name}: ${p.piece.cut}.`);
  return [...seen.values()];
}

async function tiledPdf(doc: PDFDocument, input: Input, fonts: Fonts, title: string, designer: string): Promise<void> {
  const format = input.format as 'a4' | 'us_letter';
  const [pageW, pageH] = PAGE_SIZES[format];
  const tileW = pageW - 2 * MARGIN;
  const tileH = pageH - 2 * MARGIN;
  const { columns, rows } = tileGrid(input.pages ?? 20);
  const layoutW = columns * tileW;
  const layoutH = rows * tileH;
  const placed = packPieces(layoutW / PT_PER_CM, layoutH / PT_PER_CM);
  const totalPages = FRONT_PAGES + columns * rows;
  const paperName = format === 'a4' ? 'A4' : 'US Letter';
  const sizes = input.sizes.length > 0 ? input.sizes.join(', ') : 'One size';

  // 1. Cover
  const cover = doc.addPage([pageW, pageH]);
  cover.drawRectangle({ x: 0, y: pageH - 150, width: pageW, height: 150, color: rgb(0.16, 0.19, 0.28) });
  let y = pageH - 70;
  for (const line of wrap(title, fonts.bold, 24, pageW - 2 * MARGIN - 20).slice(0, 3)) {
    cover.drawText(line, { x: MARGIN + 10, y, size: 24, font: fonts.bold, color: rgb(1, 1, 1) });
    y -= 28;
  }
  cover.drawText(`by ${designer}`, { x: MARGIN + 10, y: pageH - 140, size: 12, font: fonts.regular, color: rgb(0.9, 0.9, 0.9) });
  y = drawParagraphs(
    cover,
    fonts,
    [
      {
        heading: 'This file',
        lines: [
          `${paperName} print-at-home pattern, ${totalPages} pages: this cover, instructions, a test square and ${columns * rows} pattern pages (${columns} across, ${rows} down).`,
          `Sizes: ${sizes}.`,
        ],
      },
      { heading: 'Size lines', lines: ['Each size has its own line colour and style. Trace or cut along your size.'] },
    ],
    MARGIN + 10,
    pageH - 170,
    pageW - 2 * MARGIN - 20,
  );
  y = drawSizeLegend(cover, input.sizes, fonts, MARGIN + 10, y - 18);
  // Assembly map: where each tile goes.
  const mapCell = Math.min(22, (pageW - 2 * MARGIN) / columns, (y - MARGIN - 40) / rows);
  const mapTop = y - 30;
  cover.drawText('Page layout', { x: MARGIN + 10, y: mapTop + 8, size: 12, font: fonts.bold });
  for (let r = 0; r < rows; r++)
    for (let c = 0; c < columns; c++) {
      const cellX = MARGIN + 10 + c * mapCell;
      const cellY = mapTop - (r + 1) * mapCell * (tileH / tileW);
      cover.drawRectangle({ x: cellX, y: cellY, width: mapCell, height: mapCell * (tileH / tileW), borderColor: rgb(0.4, 0.4, 0.4), borderWidth: 0.5 });
      cover.drawText(tileLabel(r, c), { x: cellX + 2, y: cellY + 3, size: Math.min(7, mapCell / 3), font: fonts.regular });
    }

  // 2. Instructions
  const instructions = doc.addPage([pageW, pageH]);
  instructions.drawText(`${title}: instructions`, { x: MARGIN, y: pageH - MARGIN - 14, size: 16, font: fonts.bold });
  drawParagraphs(
    instructions,
    fonts,
    [
      {
        heading: 'Printing',
        lines: [
          'Print at 100 % ("actual size"), never "fit to page". Print page 3 first and measure the test square; if it is not the stated size, check your printer settings before printing the rest.',
        ],
      },
      {
        heading: 'Assembling the pages',
        lines: [
          `Trim each pattern page along the left and bottom border lines. Lay the pages out by their labels: row A at the top, column 1 on the left (${tileLabel(0, 0)} to ${tileLabel(rows - 1, columns - 1)}). Match the diamonds where pages meet and tape them together.`,
        ],
      },
      {
        heading: 'Cutting',
        lines: [...cuttingList(placed), 'Transfer notches and the grainline to the fabric. Seam allowance of 1.5 cm is included unless stated.'],
      },
      {
        heading: 'Sewing',
        lines: [
          '1. Staystitch the neckline of the bodice pieces 1 cm from the edge so it does not stretch.',
          '2. Interface the facing and waistband. Sew the bodice shoulder seams, right sides together, and press them open.',
          '3. Set in the sleeves, matching the notch at the top of the sleeve cap to the shoulder seam.',
          '4. Sew the side seams from the sleeve hem to the waist in one pass. Finish the seam allowances.',
          '5. Sew the skirt panels together, attach the pockets at the notches, then join the skirt to the bodice at the waist.',
          '6. Attach the facing, understitch it and press it to the inside. Hem the sleeves and skirt.',
        ],
      },
    ],
    MARGIN,
    pageH - MARGIN - 24,
    pageW - 2 * MARGIN,
  );

  // 3. Test square
  const squarePage = doc.addPage([pageW, pageH]);
  const side = format === 'a4' ? 10 * PT_PER_CM : 4 * 72;
  const squareLabel = format === 'a4' ? '10 cm' : '4 in';
  squarePage.drawText('Test square', { x: MARGIN, y: pageH - MARGIN - 14, size: 16, font: fonts.bold });
  drawParagraphs(
    squarePage,
    fonts,
    [
      {
        lines: [
          `Printed at 100 %, this square measures exactly ${squareLabel === '10 cm' ? '10 cm x 10 cm' : '4 in x 4 in'}. Measure it before printing the pattern pages.`,
        ],
      },
    ],
    MARGIN,
    pageH - MARGIN - 24,
    pageW - 2 * MARGIN,
  );
  drawTestSquare(squarePage, fonts, (pageW - side) / 2, (pageH - side) / 2, side, squareLabel);

  // 4. The layout, drawn once as a form XObject in a scratch document, shown through each tile's window.
  const scratch = await PDFDocument.create({ updateMetadata: false });
  const layoutPage = scratch.addPage([layoutW, layoutH]);
  const scratchFonts = { regular: await scratch.embedFont(StandardFonts.Helvetica), bold: await scratch.embedFont(StandardFonts.HelveticaBold) };
  // The layout's own caption also keeps it non-empty when no piece fits on very few pages.
  layoutPage.drawText(`${title} | layout ${columns} x ${rows}`, { x: 6, y: 6, size: 6, font: scratchFonts.regular, color: rgb(0.5, 0.5, 0.5) });
  drawPieces(layoutPage, placed, input, scratchFonts, 0, 0, title);
  const layout = await doc.embedPage(layoutPage);

  for (let r = 0; r < rows; r++)
    for (let c = 0; c < columns; c++) {
      const page = doc.addPage([pageW, pageH]);
      const label = tileLabel(r, c);
      page.pushOperators(pushGraphicsState(), rectangle(MARGIN, MARGIN, tileW, tileH), clip(), endPath());
      page.drawPage(layout, { x: MARGIN - c * tileW, y: MARGIN - (layoutH - (r + 1) * tileH) });
      page.pushOperators(popGraphicsState());
      // Large, faint tile label in the middle; small one in the corner.
      const big = fonts.bold.widthOfTextAtSize(label, 72);
      page.drawText(label, { x: (pageW - big) / 2, y: pageH / 2 - 24, size: 72, font: fonts.bold, color: rgb(0.85, 0.85, 0.85), opacity: 0.6 });
      page.drawRectangle({ x: MARGIN, y: MARGIN, width: tileW, height: tileH, borderColor: rgb(0.3, 0.3, 0.3), borderWidth: 0.5, borderDashArray: [4, 3] });
      page.drawText(`${title} | ${paperName} | page ${FRONT_PAGES + r * columns + c + 1} of ${totalPages}`, {
        x: MARGIN,
        y: pageH - MARGIN + 10,
        size: 7,
        font: fonts.regular,
      });
      page.drawText(label, { x: pageW - MARGIN - fonts.bold.widthOfTextAtSize(label, 12), y: pageH - MARGIN + 10, size: 12, font: fonts.bold });
      // Match marks: half a diamond each side of every shared edge; the neighbour's label beside it.
      const diamond = (x: number, yy: number) =>
        page.pushOperators(
          pushGraphicsState(),
          setFillingRgbColor(0.2, 0.2, 0.2),
          moveTo(x, yy + 7),
          lineTo(x + 7, yy),
          lineTo(x, yy - 7),
          lineTo(x - 7, yy),
          closePath(),
          fill(),
          popGraphicsState(),
        );
      if (c > 0) {
        diamond(MARGIN, pageH / 2);
        page.drawText(`< ${tileLabel(r, c - 1)}`, { x: MARGIN + 10, y: pageH / 2 + 10, size: 8, font: fonts.regular });
      }
      if (c < columns - 1) {
        diamond(pageW - MARGIN, pageH / 2);
        page.drawText(`${tileLabel(r, c + 1)} >`, { x: pageW - MARGIN - 30, y: pageH / 2 + 10, size: 8, font: fonts.regular });
      }
      if (r > 0) {
        diamond(pageW / 2, pageH - MARGIN);
        page.drawText(`^ ${tileLabel(r - 1, c)}`, { x: pageW / 2 + 10, y: pageH - MARGIN - 14, size: 8, font: fonts.regular });
      }
      if (r < rows - 1) {
        diamond(pageW / 2, MARGIN);
        page.drawText(`v ${tileLabel(r + 1, c)}`, { x: pageW / 2 + 10, y: MARGIN + 6, size: 8, font: fonts.regular });
      }
    }
}

function sheetHeader(page: PDFPage, fonts: Fonts, input: Input, title: string, designer: string, right: string, width: number, top: number): void {
  page.drawText(title, { x: MARGIN, y: top - 40, size: 36, font: fonts.bold });
  page.drawText(`by ${designer} | sizes: ${input.sizes.length > 0 ? input.sizes.join(', ') : 'One size'} | print at 100 % scale`, {
    x: MARGIN,
    y: top - 66,
    size: 16,
    font: fonts.regular,
  });
  page.drawText(right, { x: width - MARGIN - fonts.bold.widthOfTextAtSize(right, 20) - 10 * PT_PER_CM - 20, y: top - 40, size: 20, font: fonts.bold });
  drawTestSquare(page, fonts, width - MARGIN - 10 * PT_PER_CM, top - 10 * PT_PER_CM - 10, 10 * PT_PER_CM, '10 cm');
  drawSizeLegend(page, input.sizes, fonts, MARGIN, top - 100);
}

const HEADER_CM = 18; // test square, title and size legend above the pieces

function a0Pdf(doc: PDFDocument, input: Input, fonts: Fonts, title: string, designer: string): void {
  const [w, h] = PAGE_SIZES.a0;
  const sheets = input.pages ?? 1;
  const areaW = (w - 2 * MARGIN) / PT_PER_CM;
  const legendCm = Math.max(HEADER_CM, (110 + Math.max(1, input.sizes.length) * 14) / PT_PER_CM);
  const areaH = (h - 2 * MARGIN) / PT_PER_CM - legendCm;
  let next = 0;
  for (let sheet = 0; sheet < sheets; sheet++) {
    const page = doc.addPage([w, h]);
    sheetHeader(page, fonts, input, title, designer, `A0 sheet ${sheet + 1} of ${sheets}`, w, h - MARGIN);
    const placed = packPieces(areaW, areaH, { start: next });
    next += placed.length;
    drawPieces(page, placed, input, fonts, MARGIN, MARGIN, title);
  }
}

function projectorPdf(doc: PDFDocument, input: Input, fonts: Fonts, title: string, designer: string): void {
  const widthPt = PROJECTOR_WIDTH_CM * PT_PER_CM;
  // Every library piece once, packed into the fabric width; the page is as long as they need.
  const trial = packPieces(PROJECTOR_WIDTH_CM - 4, 1000, { limit: PIECE_LIBRARY.length });
  const usedCm = 1000 - layoutBottom(trial);
  const legendCm = Math.max(HEADER_CM, (110 + Math.max(1, input.sizes.length) * 14) / PT_PER_CM);
  const heightPt = Math.ceil((usedCm + legendCm + 4) * PT_PER_CM + 2 * MARGIN);
  const page = doc.addPage([widthPt, heightPt]);
  // 5 cm calibration grid under everything: project it and check the squares with a ruler.
  const gridOps: PDFOperator[] = [pushGraphicsState(), setLineWidth(0.4), setStrokingRgbColor(0.8, 0.85, 0.9)];
  for (let x = 0; x <= widthPt; x += 5 * PT_PER_CM) gridOps.push(moveTo(x, 0), lineTo(x, heightPt));
  for (let yy = 0; yy <= heightPt; yy += 5 * PT_PER_CM) gridOps.push(moveTo(0, yy), lineTo(widthPt, yy));
  gridOps.push(stroke(), popGraphicsState());
  page.pushOperators(...gridOps);
  sheetHeader(page, fonts, input, title, designer, 'Projector file, 1:1', widthPt, heightPt - MARGIN);
  const placed = trial.map((p) => ({ ...p, y: p.y - (1000 - usedCm) }));
  drawPieces(page, placed, input, fonts, 2 * PT_PER_CM, MARGIN, title);
}

// Fixed dates keep the output byte-for-byte reproducible.
const DEMO_DATE = new Date('2024-01-15T09:00:00Z');

/** A complete pattern PDF for the demo catalogue. Same input, same bytes. */
export async function makePatternPdf(options: PatternPdfInput): Promise<Uint8Array> {
  const parsed = patternPdfSchema.safeParse(options);
  if (!parsed.success) throw new Error(`Invalid pattern PDF request: ${parsed.error.issues.map((issue) => issue.message).join('; ')}`);
  const input = parsed.data;
  if (input.format === 'a0' && (input.pages ?? 1) > 60) throw new Error('Invalid pattern PDF request: an A0 file has at most 60 sheets');

  const doc = await PDFDocument.create({ updateMetadata: false });
  const fonts = { regular: await doc.embedFont(StandardFonts.Helvetica), bold: await doc.embedFont(StandardFonts.HelveticaBold) };
  const title = toFontSafeText(input.title, fonts.regular);
  const designer = toFontSafeText(input.designer, fonts.regular);
  input.sizes = input.sizes.map((size) => toFontSafeText(size, fonts.regular));

  if (input.format === 'a4' || input.format === 'us_letter') await tiledPdf(doc, input, fonts, title, designer);
  else if (input.format === 'a0') a0Pdf(doc, input, fonts, title, designer);
  else projectorPdf(doc, input, fonts, title, designer);

  doc.setTitle(input.title);
  doc.setAuthor(input.designer);
  doc.setSubject(`Sewing pattern, ${input.format} format`);
  doc.setCreator('Stitchhouse demo data');
  doc.setProducer('Stitchhouse (pdf-lib)');
  doc.setCreationDate(DEMO_DATE);
  doc.setModificationDate(DEMO_DATE);
  return doc.save({ objectsPerTick: Infinity, useObjectStreams: false });
}
