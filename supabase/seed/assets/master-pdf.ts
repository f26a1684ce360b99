// A demo pattern master: large sheets (A0 by default) with one PDF layer (optional
// content group) per size, as Illustrator, Inkscape and Affinity export them. On every sheet:
// a title block and grainlines outside the layers (printed for every size), and per size the
// pieces' cutting lines, larger sizes reaching further right and down, so that a buyer who prints
// only the small sizes needs fewer home tiles. Used by the demo seed, the tests and bench/formats.
import {
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFOperator,
  PDFOperatorNames,
  StandardFonts,
  closePath,
  appendBezierCurve,
  fill,
  lineTo,
  moveTo,
  popGraphicsState,
  pushGraphicsState,
  rectangle,
  rgb,
  setFillingRgbColor,
  setLineWidth,
  setStrokingRgbColor,
  stroke,
  type PDFRef,
} from 'pdf-lib';
import { mm } from '../../../shared/src/catalog/tiling.ts';

export interface MasterPdfInput {
  title: string;
  sizes: string[];
  sheets?: number;
  /** Sheet size in points; A0 portrait by default. */
  sheet?: { widthPt: number; heightPt: number };
  /** Layer names; by default "Size <label>". */
  layerNames?: string[];
  /** A small filled square (2 mm) outside the layers at this point of the first sheet, for tests. */
  mark?: { x: number; y: number };
  /** Draw every piece with more points (a heavier file, as real exports are). */
  detail?: number;
  /** Draw only these sizes' layers (indices into `sizes`), at the places they have in the full master. */
  only?: number[];
}

const COLOURS = [
  [0.75, 0.16, 0.16],
  [0.12, 0.35, 0.7],
  [0.1, 0.55, 0.3],
  [0.5, 0.2, 0.6],
  [0.85, 0.45, 0.05],
  [0.05, 0.5, 0.55],
  [0.45, 0.3, 0.15],
  [0.8, 0.2, 0.55],
  [0.3, 0.3, 0.3],
  [0.6, 0.6, 0.1],
  [0.2, 0.2, 0.8],
  [0.9, 0.3, 0.3],
] as const;

/** The outline of one size of a piece: a rectangle with a curved side, `grow` larger per size. */
function piece(x: number, top: number, width: number, height: number, detail: number): PDFOperator[] {
  const ops: PDFOperator[] = [moveTo(x, top), lineTo(x + width * 0.7, top)];
  // the curved side, in `detail` pieces
  const steps = Math.max(1, detail);
  for (let s = 0; s < steps; s++) {
    const t0 = s / steps,
      t1 = (s + 1) / steps;
    const y0 = top - height * t0,
      y1 = top - height * t1;
    const bulge = width * 0.3;
    ops.push(
      appendBezierCurve(
        x + width * 0.7 + bulge * Math.sin(Math.PI * t0),
        y0 - (y0 - y1) / 3,
        x + width * 0.7 + bulge * Math.sin(Math.PI * t1),
        y1 + (y0 - y1) / 3,
        x + width * 0.7 + bulge * Math.sin(Math.PI * t1) * 0.9,
        y1,
      ),
    );
  }
  ops.push(lineTo(x, top - height), closePath());
  return ops;
}

export async function makeMasterPdf(input: MasterPdfInput): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`${input.title} — master`);
  doc.setCreator('Stitchhouse demo');
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const sheet = input.sheet ?? { widthPt: mm(841), heightPt: mm(1189) };
  const names = input.layerNames ?? input.sizes.map((s) => `Size ${s}`);
  const groups: PDFRef[] = names.map((name) => doc.context.register(doc.context.obj({ Type: 'OCG', Name: PDFHexString.fromText(name) })));
  if (groups.length) doc.catalog.set(PDFName.of('OCProperties'), doc.context.obj({ OCGs: groups, D: { Order: groups, ON: groups, OFF: [] } }));
  const detail = input.detail ?? 4;
  const sheets = input.sheets ?? 1;
  for (let s = 0; s < sheets; s++) {
    const page = doc.addPage([sheet.widthPt, sheet.heightPt]);
    const top = sheet.heightPt;
    if (groups.length) {
      const properties = doc.context.obj(Object.fromEntries(groups.map((ref, i) => [`L${i}`, ref])));
      page.node.normalizedEntries().Resources.set(PDFName.of('Properties'), properties);
    }
    // outside the layers: title block, sheet number, grainlines
    page.drawText(input.title, { x: mm(30), y: top - mm(40), size: 28, font: bold });
    page.drawText(`Sheet ${s + 1} of ${sheets} · print at 100 %`, { x: mm(30), y: top - mm(55), size: 14, font });
    page.pushOperators(
      pushGraphicsState(),
      setLineWidth(1.5),
      setStrokingRgbColor(0, 0, 0),
      moveTo(mm(60), top - mm(140)),
      lineTo(mm(60), top - mm(420)),
      stroke(),
      popGraphicsState(),
    );
    if (s === 0 && input.mark) {
      page.pushOperators(
        pushGraphicsState(),
        setFillingRgbColor(0, 0, 0),
        rectangle(input.mark.x - mm(1), input.mark.y - mm(1), mm(2), mm(2)),
        fill(),
        popGraphicsState(),
      );
    }
    // one layer per size: three pieces, each size larger
    names.forEach((name, i) => {
      if (input.only && !input.only.includes(i)) return;
      const [r, g, b] = COLOURS[i % COLOURS.length]!;
      const grow = mm(38) * i;
      page.pushOperators(
        PDFOperator.of(PDFOperatorNames.BeginMarkedContentSequence, [PDFName.of('OC'), PDFName.of(`L${i}`)]),
        pushGraphicsState(),
        setLineWidth(1),
        setStrokingRgbColor(r, g, b),
        ...piece(mm(80), top - mm(100), mm(260) + grow, mm(380) + grow * 0.8, detail),
        stroke(),
        ...piece(mm(80), top - mm(560) - grow * 0.8, mm(200) + grow * 0.7, mm(300) + grow * 0.5, detail),
        stroke(),
        popGraphicsState(),
      );
      page.drawText(`${input.sizes[i] ?? name}`, { x: mm(90) + i * mm(12), y: top - mm(120), size: 10, font, color: rgb(r, g, b) });
      page.pushOperators(PDFOperator.of(PDFOperatorNames.EndMarkedContent));
    });
  }
  return doc.save({ useObjectStreams: false });
}
