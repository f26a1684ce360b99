// Every print format from one master, with pdf-lib: each master sheet is embedded once
// as a form XObject (its vectors, fonts and layers as they are: nothing is rasterised) and drawn
// on each page through a clipping window, so a 25-tile A0 costs 25 small content streams, not 25
// copies. The page maths is shared/src/catalog/tiling.ts.
//   a4, us_letter: page 1 is the assembly map and the 10 cm + 4 in test square; then one page per
//     tile with ink (blank tiles skipped), labelled, with alignment marks; the manifest says which
//     size layers each tile shows, so a download for some sizes leaves out the others' tiles.
//   a0: the copy-shop file on A0 sheets, and its variant `roll36` on the 36-inch roll.
//   projector: the whole pattern on one continuous page, and its variant `dark` (the colours
//     inverted by a Difference blend: light lines on black, for projecting onto a cutting mat).
// The layers (optional content groups) of the master are kept in every file.
import {
  BlendMode,
  PDFDict,
  PDFDocument,
  PDFName,
  PDFRef,
  StandardFonts,
  clip,
  degrees,
  endPath,
  grayscale,
  popGraphicsState,
  pushGraphicsState,
  rectangle,
  rgb,
  type PDFEmbeddedPage,
  type PDFFont,
  type PDFPage,
} from 'pdf-lib';
import {
  PAPERS,
  TEST_SQUARES,
  TILE_OVERLAP_PT,
  inkOnTile,
  mm,
  planA0,
  planHomeTiles,
  planProjector,
  planRoll36,
  sheetOffset,
  type LayerMatch,
  type ManifestPage,
  type SheetInk,
  type SheetPlan,
} from '@stitchhouse/shared/catalog/tiling.ts';
import type { Master } from './master.ts';
import { toFontSafeText } from './stamp.ts';

export const GENERATED_FORMATS = ['a4', 'us_letter', 'a0', 'projector'] as const;
export type GeneratedFormat = (typeof GENERATED_FORMATS)[number];
export type FormatVariant = 'roll36' | 'dark';

export interface GeneratedFile {
  variant: FormatVariant | null;
  bytes: Uint8Array;
  pages: number;
  /** Home tiles only: what each page shows. */
  manifest: ManifestPage[] | null;
}

interface Out {
  doc: PDFDocument;
  sheets: PDFEmbeddedPage[];
  font: PDFFont;
  bold: PDFFont;
  /** The title as Helvetica can draw it (the metadata keeps it exact). */
  title: string;
}

async function start(master: Master, title: string, format: string): Promise<Out> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.setTitle(`${title} — ${format}`);
  doc.setCreationDate(new Date());
  doc.setProducer('Stitchhouse');
  doc.setCreator('Stitchhouse print formats');
  const sheets = await doc.embedPages(master.doc.getPages());
  const font = await doc.embedFont(StandardFonts.Helvetica);
  return { doc, sheets, font, bold: await doc.embedFont(StandardFonts.HelveticaBold), title: toFontSafeText(title, font) };
}

/** The copied layers: every OCG the embedded sheets brought along, listed in the catalog, all on. */
function keepLayers(doc: PDFDocument): void {
  const groups: PDFRef[] = [];
  for (const [ref, obj] of doc.context.enumerateIndirectObjects()) {
    if (obj instanceof PDFDict && obj.get(PDFName.of('Type')) === PDFName.of('OCG')) groups.push(ref);
  }
  if (groups.length === 0) return;
  const ctx = doc.context;
  doc.catalog.set(
    PDFName.of('OCProperties'),
    ctx.obj({
      OCGs: groups,
      D: {
        Order: groups,
        ON: groups,
        OFF: [],
        AS: [
          { Event: 'View', OCGs: groups, Category: ['View'] },
          { Event: 'Print', OCGs: groups, Category: ['Print'] },
        ],
      },
    }),
  );
}

/** Draws sheet `index` so that its point (0, 0) lands at (x, y) of the page, clipped to `clipRect`. */
function drawSheet(
  out: Out,
  page: PDFPage,
  master: Master,
  index: number,
  x: number,
  y: number,
  clipRect: [number, number, number, number] | null,
  scale = 1,
  rotate = false,
): void {
  if (clipRect) page.pushOperators(pushGraphicsState(), rectangle(...clipRect), clip(), endPath());
  const embedded = out.sheets[index]!;
  const origin = master.origins[index]!;
  // the form's own space is the sheet's page space: shift its box origin onto (x, y)
  if (rotate) {
    // a quarter turn anticlockwise: the sheet's left edge along the page's bottom
    page.drawPage(embedded, {
      x: x + master.sheets[index]!.heightPt * scale + origin.y * scale,
      y: y - origin.x * scale,
      xScale: scale,
      yScale: scale,
      rotate: degrees(90),
    });
  } else {
    page.drawPage(embedded, { x: x - origin.x * scale, y: y - origin.y * scale, xScale: scale, yScale: scale });
  }
  if (clipRect) page.pushOperators(popGraphicsState());
}

const GREY = grayscale(0.45);

/** Label, frame and alignment marks of a tile page. */
function decorate(out: Out, page: PDFPage, plan: SheetPlan, tileIndex: number, note: string): void {
  const tile = plan.tiles[tileIndex]!;
  const { x, y } = plan.origin;
  const w = tile.window.x1 - tile.window.x0;
  const h = tile.window.y1 - tile.window.y0;
  const top = y + h;
  page.drawText(tile.label, { x, y: top + mm(1.5), size: 14, font: out.bold, color: rgb(0, 0, 0) });
  page.drawText(`row ${tile.label.replace(/^\d+·/, '').replace(/\d+$/, '')}, column ${tile.col + 1}${note}`, {
    x: x + mm(16),
    y: top + mm(2),
    size: 7,
    font: out.font,
    color: GREY,
  });
  page.drawRectangle({ x, y, width: w, height: h, borderColor: GREY, borderWidth: 0.4 });
  // the overlap: where the neighbour's window begins, dashed, with its label
  const neighbour = (dr: number, dc: number) => plan.tiles.find((t) => t.sheet === tile.sheet && t.row === tile.row + dr && t.col === tile.col + dc);
  const right = neighbour(0, 1),
    below = neighbour(1, 0);
  const o = TILE_OVERLAP_PT;
  if (right) {
    page.drawLine({ start: { x: x + w - o, y }, end: { x: x + w - o, y: top }, thickness: 0.4, color: GREY, dashArray: [4, 3] });
    page.drawText(`to ${right.label}`, { x: x + w - o - mm(12), y: y + h / 2, size: 8, font: out.font, color: GREY });
  }
  if (below) {
    page.drawLine({ start: { x, y: y + o }, end: { x: x + w, y: y + o }, thickness: 0.4, color: GREY, dashArray: [4, 3] });
    page.drawText(`to ${below.label}`, { x: x + w / 2, y: y + o + mm(1.5), size: 8, font: out.font, color: GREY });
  }
  // alignment marks: a diamond at the middle of each edge, matched by the neighbour's
  for (const [mx, my] of [
    [x + w / 2, y],
    [x + w / 2, top],
    [x, y + h / 2],
    [x + w, y + h / 2],
  ] as const) {
    const d = mm(2.5);
    page.drawSvgPath(`M 0 ${-d} L ${d} 0 L 0 ${d} L ${-d} 0 Z`, { x: mx, y: my, borderColor: rgb(0, 0, 0), borderWidth: 0.5 });
  }
}

function testSquares(out: Out, page: PDFPage, x: number, y: number): number {
  let at = y;
  for (const square of [...TEST_SQUARES].reverse()) {
    page.drawRectangle({ x, y: at, width: square.sidePt, height: square.sidePt, borderColor: rgb(0, 0, 0), borderWidth: 0.75 });
    page.drawText(`Test square: ${square.label} × ${square.label}`, { x: x + mm(5), y: at + square.sidePt / 2, size: 11, font: out.bold });
    page.drawText('Measure it before printing the rest.', { x: x + mm(5), y: at + square.sidePt / 2 - 14, size: 8, font: out.font, color: GREY });
    at += square.sidePt + mm(6);
  }
  return at;
}

/** Page 1 of a tiled file: how the tiles go together, which are left out, and the test squares. */
function assemblyMap(out: Out, paper: 'a4' | 'us_letter', plans: SheetPlan[], printed: Set<string>): PDFPage {
  const p = PAPERS[paper];
  const page = out.doc.addPage([p.widthPt, p.heightPt!]);
  const m = p.marginPt;
  const top = p.heightPt! - m;
  page.drawText(out.title, { x: m, y: top - 14, size: 14, font: out.bold });
  page.drawText(`${p.label} tiles · print at 100 % (“actual size”), then check the test square`, { x: m, y: top - 28, size: 8, font: out.font, color: GREY });
  page.drawText('Assembly map: tape the tiles by their labels, overlapping to the dashed lines. Grey tiles are blank: not printed.', {
    x: m,
    y: top - 40,
    size: 7,
    font: out.font,
    color: GREY,
  });
  const squaresTop = testSquares(out, page, m, m);
  // the map: every sheet's grid, scaled into the space left
  const areaTop = top - 52;
  const areaBottom = squaresTop + mm(4);
  const areaHeight = Math.max(mm(30), areaTop - areaBottom);
  const areaWidth = p.widthPt - 2 * m;
  const per = areaHeight / plans.length;
  plans.forEach((plan, s) => {
    const cell = Math.min((areaWidth - mm(12)) / plan.cols, (per - mm(6)) / plan.rows, mm(14));
    const y0 = areaTop - per * s;
    if (plans.length > 1) page.drawText(`Sheet ${s + 1}`, { x: m, y: y0 - 9, size: 8, font: out.bold });
    for (const tile of plan.tiles) {
      const x = m + mm(12) + tile.col * cell;
      const y = y0 - mm(4) - (tile.row + 1) * cell;
      const shown = printed.has(tile.label);
      page.drawRectangle({ x, y, width: cell, height: cell, borderColor: GREY, borderWidth: 0.4, color: shown ? undefined : grayscale(0.88) });
      if (shown && cell > 9) page.drawText(tile.label, { x: x + 2, y: y + 2, size: Math.min(7, cell / 3), font: out.font });
    }
  });
  return page;
}

async function finish(out: Out): Promise<Uint8Array> {
  keepLayers(out.doc);
  return out.doc.save({ useObjectStreams: false, objectsPerTick: Infinity, updateFieldAppearances: false });
}

/** A4 or US Letter tiles, blank tiles skipped, with the manifest. `matches` names the size layers. */
export async function homeTiles(master: Master, ink: SheetInk[], paper: 'a4' | 'us_letter', title: string, matches: LayerMatch[]): Promise<GeneratedFile> {
  const sizeLayers = new Set(matches.filter((m) => m.size !== null).map((m) => m.name));
  const plans = master.sheets.map((sheet, i) => planHomeTiles(sheet, paper, i, master.sheets.length));
  const shown: { plan: SheetPlan; tile: number; page: ManifestPage }[] = [];
  plans.forEach((plan, s) => {
    plan.tiles.forEach((tile, t) => {
      const on = inkOnTile(tile.window, ink[s]!);
      if (!on) return;
      // a layer that is no size (notes, a common layer) prints with every size
      const layers = on.layers.filter((l) => sizeLayers.has(l));
      const common = on.common || on.layers.some((l) => !sizeLayers.has(l));
      shown.push({ plan, tile: t, page: { kind: 'tile', sheet: s, label: tile.label, layers, common } });
    });
  });
  const out = await start(master, title, PAPERS[paper].label);
  assemblyMap(out, paper, plans, new Set(shown.map((s) => (s.page as { label: string }).label)));
  for (const item of shown) {
    const { plan } = item;
    const tile = plan.tiles[item.tile]!;
    const page = out.doc.addPage([plan.pageWidthPt, plan.pageHeightPt]);
    const offset = sheetOffset(plan, tile);
    drawSheet(out, page, master, tile.sheet, offset.x, offset.y, [
      plan.origin.x,
      plan.origin.y,
      tile.window.x1 - tile.window.x0,
      tile.window.y1 - tile.window.y0,
    ]);
    decorate(out, page, plan, item.tile, master.sheets.length > 1 ? ` · sheet ${tile.sheet + 1}` : '');
  }
  const manifest: ManifestPage[] = [{ kind: 'map' }, ...shown.map((s) => s.page)];
  return { variant: null, bytes: await finish(out), pages: manifest.length, manifest };
}

/** Sheets for a copy shop: A0 (whole when the sheet fits, tiled when larger), or the 36-inch roll. */
export async function copyShop(master: Master, title: string, paper: 'a0' | 'roll36'): Promise<GeneratedFile> {
  const out = await start(master, title, PAPERS[paper].label);
  const plans = master.sheets.map((sheet, i) => (paper === 'a0' ? planA0(sheet, i, master.sheets.length) : planRoll36(sheet, i, master.sheets.length)));
  let pages = 0;
  for (const plan of plans) {
    plan.tiles.forEach((tile, t) => {
      const page = out.doc.addPage([plan.pageWidthPt, plan.pageHeightPt]);
      pages++;
      const w = tile.window.x1 - tile.window.x0,
        h = tile.window.y1 - tile.window.y0;
      if (plan.rotate) {
        drawSheet(out, page, master, tile.sheet, plan.origin.x, plan.origin.y, null, 1, true);
      } else {
        const offset = sheetOffset(plan, tile);
        drawSheet(out, page, master, tile.sheet, offset.x, offset.y, plan.tiled ? [plan.origin.x, plan.origin.y, w, h] : null);
      }
      if (plan.tiled) decorate(out, page, plan, t, ` · ${PAPERS[paper].label}`);
      else
        page.drawText(`${out.title} · sheet ${tile.sheet + 1} of ${master.sheets.length} · ${PAPERS[paper].label} · print at 100 %`, {
          x: mm(5),
          y: mm(3),
          size: 9,
          font: out.font,
          color: GREY,
        });
    });
  }
  return { variant: paper === 'roll36' ? 'roll36' : null, bytes: await finish(out), pages, manifest: null };
}

/** The whole pattern on one page at 1:1; `dark` inverts the colours for projecting onto a dark mat. */
export async function projector(master: Master, title: string, dark: boolean): Promise<GeneratedFile> {
  const out = await start(master, title, 'projector');
  const plan = planProjector(master.sheets);
  const u = plan.userUnit;
  const page = out.doc.addPage([plan.widthPt / u, plan.heightPt / u]);
  if (u > 1) page.node.set(PDFName.of('UserUnit'), out.doc.context.obj(u));
  for (const place of plan.placements) drawSheet(out, page, master, place.sheet, place.x / u, place.y / u, null, 1 / u);
  if (dark) page.drawRectangle({ x: 0, y: 0, width: plan.widthPt / u, height: plan.heightPt / u, color: rgb(1, 1, 1), blendMode: BlendMode.Difference });
  return { variant: dark ? 'dark' : null, bytes: await finish(out), pages: 1, manifest: null };
}

/** The files of one format: the main file first, then its variant. */
export async function generateFormat(
  master: Master,
  ink: SheetInk[] | null,
  format: GeneratedFormat,
  title: string,
  matches: LayerMatch[],
): Promise<GeneratedFile[]> {
  switch (format) {
    case 'a4':
    case 'us_letter':
      if (!ink) throw new Error('home tiles need the master’s ink');
      return [await homeTiles(master, ink, format, title, matches)];
    case 'a0':
      return [await copyShop(master, title, 'a0'), await copyShop(master, title, 'roll36')];
    case 'projector':
      return [await projector(master, title, false), await projector(master, title, true)];
  }
}
