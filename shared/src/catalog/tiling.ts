// The print maths of a pattern master, in one place: paper sizes and their printable
// areas, how a large master sheet is cut into home-printer tiles (overlap, row/column labels), the
// copy-shop sheets (A0 and the 36-inch roll), the projector page, the test square, which tiles a
// set of size layers touches, and how PDF layer names match a pattern's sizes. The generator
// (supabase/functions/_shared/print-formats.ts), the download function and the pages read it.
// Everything is in PDF points (1/72 in), with y growing upwards as in a PDF.
// No zod here: the download page uses these rules without downloading it.

export const PT_PER_MM = 72 / 25.4;
export const PT_PER_IN = 72;

export const mm = (value: number): number => value * PT_PER_MM;

/** What a generated format is printed on. `heightPt` null: a roll, as long as the sheet needs. */
export interface Paper {
  name: PaperName;
  label: string;
  widthPt: number;
  heightPt: number | null;
  /** Printers cannot print to the edge: nothing is drawn closer to it than this. */
  marginPt: number;
}

export const PAPER_NAMES = ['a4', 'us_letter', 'a0', 'roll36'] as const;
export type PaperName = (typeof PAPER_NAMES)[number];

export const PAPERS: Record<PaperName, Paper> = {
  a4: { name: 'a4', label: 'A4', widthPt: mm(210), heightPt: mm(297), marginPt: mm(10) },
  us_letter: { name: 'us_letter', label: 'US Letter', widthPt: 8.5 * PT_PER_IN, heightPt: 11 * PT_PER_IN, marginPt: 0.4 * PT_PER_IN },
  a0: { name: 'a0', label: 'A0', widthPt: mm(841), heightPt: mm(1189), marginPt: mm(10) },
  roll36: { name: 'roll36', label: '36-inch roll', widthPt: 36 * PT_PER_IN, heightPt: null, marginPt: 0.5 * PT_PER_IN },
};

/** Home tiles share this much with their neighbours, for cutting and taping. */
export const TILE_OVERLAP_PT = mm(10);
/** Copy-shop tiles of a master larger than the sheet share more (a plotter's trim is rougher). */
export const SHEET_OVERLAP_PT = mm(20);
/** The band at the top of a home tile's printable area that carries its label. */
export const LABEL_BAND_PT = mm(7);

/** The test square on the first page: 10 cm and 4 in, exactly. */
export const TEST_SQUARES = [
  { label: '10 cm', sidePt: mm(100) },
  { label: '4 in', sidePt: 4 * PT_PER_IN },
] as const;

/** What a master may be: each sheet larger than A3 (one side over 297 mm or the other over 420 mm), at most this many sheets and bytes. */
export const A3_PT = { short: mm(297), long: mm(420) } as const;
export const MAX_MASTER_SHEETS = 40;
export const MAX_MASTER_BYTES = 60 * 1024 * 1024;
/** A PDF page may be at most 200 in on a side (14,400 pt); a longer projector page uses a larger /UserUnit. */
export const MAX_PAGE_SIDE_PT = 14_400;

export interface Size2 {
  widthPt: number;
  heightPt: number;
}

export interface Rect {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** A sheet fits inside A3 (in either orientation) when it is no larger than A3: too small for a master. */
export function smallerThanA3(sheet: Size2, tolerancePt = mm(1)): boolean {
  const short = Math.min(sheet.widthPt, sheet.heightPt);
  const long = Math.max(sheet.widthPt, sheet.heightPt);
  return short <= A3_PT.short + tolerancePt && long <= A3_PT.long + tolerancePt;
}

/** Row letters as on a map: A … Z, AA, AB … */
export function rowLetter(row: number): string {
  let n = row + 1;
  let out = '';
  while (n > 0) {
    const r = (n - 1) % 26;
    out = String.fromCharCode(65 + r) + out;
    n = Math.floor((n - 1) / 26);
  }
  return out;
}

/** "B3", or "2·B3" on the second sheet of a master with several. */
export function tileLabel(sheet: number, row: number, col: number, sheets: number): string {
  return `${sheets > 1 ? `${sheet + 1}·` : ''}${rowLetter(row)}${col + 1}`;
}

/** One piece of a master sheet printed on one page: the window of the sheet it shows (sheet coordinates). */
export interface TileWindow {
  sheet: number;
  row: number;
  col: number;
  label: string;
  window: Rect;
}

/**
 * How one master sheet becomes pages of one paper. `origin` is where the window's lower-left
 * corner sits on the page; `rotate` is true when the sheet is turned a quarter (roll only).
 */
export interface SheetPlan {
  paper: PaperName;
  pageWidthPt: number;
  pageHeightPt: number;
  origin: { x: number; y: number };
  rotate: boolean;
  rows: number;
  cols: number;
  /** Whether pages carry labels and alignment marks (false: the sheet is printed whole on one page). */
  tiled: boolean;
  tiles: TileWindow[];
}

function grid(sheet: Size2, index: number, sheets: number, window: Size2, overlap: number): { rows: number; cols: number; tiles: TileWindow[] } {
  const stepX = window.widthPt - overlap;
  const stepY = window.heightPt - overlap;
  const cols = Math.max(1, Math.ceil((sheet.widthPt - overlap - 0.01) / stepX));
  const rows = Math.max(1, Math.ceil((sheet.heightPt - overlap - 0.01) / stepY));
  const tiles: TileWindow[] = [];
  for (let row = 0; row < rows; row++) {
    for (let col = 0; col < cols; col++) {
      const x0 = col * stepX;
      const y1 = sheet.heightPt - row * stepY; // rows count from the top of the sheet
      tiles.push({ sheet: index, row, col, label: tileLabel(index, row, col, sheets), window: { x0, y0: y1 - window.heightPt, x1: x0 + window.widthPt, y1 } });
    }
  }
  return { rows, cols, tiles };
}

/** Home-printer tiles (A4, US Letter), portrait: printable area less the label band, overlapping by TILE_OVERLAP_PT. */
export function planHomeTiles(sheet: Size2, paperName: 'a4' | 'us_letter', index = 0, sheets = 1): SheetPlan {
  const paper = PAPERS[paperName];
  const page = { widthPt: paper.widthPt, heightPt: paper.heightPt! };
  const window = { widthPt: page.widthPt - 2 * paper.marginPt, heightPt: page.heightPt - 2 * paper.marginPt - LABEL_BAND_PT };
  const { rows, cols, tiles } = grid(sheet, index, sheets, window, TILE_OVERLAP_PT);
  return {
    paper: paperName,
    pageWidthPt: page.widthPt,
    pageHeightPt: page.heightPt,
    origin: { x: paper.marginPt, y: paper.marginPt },
    rotate: false,
    rows,
    cols,
    tiled: true,
    tiles,
  };
}

const fits = (inner: Size2, outer: Size2, tolerance = mm(1)) => inner.widthPt <= outer.widthPt + tolerance && inner.heightPt <= outer.heightPt + tolerance;

/** The copy shop's A0: a sheet that fits is printed whole on one A0 page (turned to fit); a larger one is tiled onto A0. */
export function planA0(sheet: Size2, index = 0, sheets = 1): SheetPlan {
  const a0 = PAPERS.a0;
  const portrait = { widthPt: a0.widthPt, heightPt: a0.heightPt! };
  const landscape = { widthPt: portrait.heightPt, heightPt: portrait.widthPt };
  for (const page of [portrait, landscape]) {
    if (fits(sheet, page)) {
      const origin = { x: Math.max(0, (page.widthPt - sheet.widthPt) / 2), y: Math.max(0, (page.heightPt - sheet.heightPt) / 2) };
      const tiles = [{ sheet: index, row: 0, col: 0, label: tileLabel(index, 0, 0, sheets), window: { x0: 0, y0: 0, x1: sheet.widthPt, y1: sheet.heightPt } }];
      return { paper: 'a0', pageWidthPt: page.widthPt, pageHeightPt: page.heightPt, origin, rotate: false, rows: 1, cols: 1, tiled: false, tiles };
    }
  }
  // larger than A0: the orientation that needs fewer sheets
  const options = [portrait, landscape].map((page) => {
    const window = { widthPt: page.widthPt - 2 * a0.marginPt, heightPt: page.heightPt - 2 * a0.marginPt - LABEL_BAND_PT };
    return { page, ...grid(sheet, index, sheets, window, SHEET_OVERLAP_PT) };
  });
  const best = options[0]!.tiles.length <= options[1]!.tiles.length ? options[0]! : options[1]!;
  return {
    paper: 'a0',
    pageWidthPt: best.page.widthPt,
    pageHeightPt: best.page.heightPt,
    origin: { x: a0.marginPt, y: a0.marginPt },
    rotate: false,
    rows: best.rows,
    cols: best.cols,
    tiled: true,
    tiles: best.tiles,
  };
}

/** The US copy shop's 36-inch roll: the sheet across the roll (turned if only its height fits), or in strips when neither side fits. */
export function planRoll36(sheet: Size2, index = 0, sheets = 1): SheetPlan {
  const roll = PAPERS.roll36;
  const across = roll.widthPt - 2 * roll.marginPt;
  const tile = (rotate: boolean, along: number) => {
    const w = rotate ? sheet.heightPt : sheet.widthPt;
    return {
      paper: 'roll36' as const,
      pageWidthPt: roll.widthPt,
      pageHeightPt: along + 2 * roll.marginPt,
      origin: { x: roll.marginPt + (across - w) / 2, y: roll.marginPt },
      rotate,
      rows: 1,
      cols: 1,
      tiled: false,
      tiles: [{ sheet: index, row: 0, col: 0, label: tileLabel(index, 0, 0, sheets), window: { x0: 0, y0: 0, x1: sheet.widthPt, y1: sheet.heightPt } }],
    };
  };
  if (sheet.widthPt <= across + 0.01) return tile(false, sheet.heightPt);
  if (sheet.heightPt <= across + 0.01) return tile(true, sheet.widthPt);
  // strips the roll's width across, the sheet's height along
  const window = { widthPt: across, heightPt: sheet.heightPt + LABEL_BAND_PT };
  const { rows, cols, tiles } = grid(sheet, index, sheets, { widthPt: window.widthPt, heightPt: sheet.heightPt }, SHEET_OVERLAP_PT);
  return {
    paper: 'roll36',
    pageWidthPt: roll.widthPt,
    pageHeightPt: window.heightPt + 2 * roll.marginPt,
    origin: { x: roll.marginPt, y: roll.marginPt },
    rotate: false,
    rows,
    cols,
    tiled: true,
    tiles,
  };
}

/** Where each sheet sits on the one projector page: side by side, a new row past 200 in; /UserUnit grows the page past it. */
export interface ProjectorPlan {
  widthPt: number;
  heightPt: number;
  /** Multiply page units by this to get points (PDF /UserUnit); 1 for pages up to 200 in. */
  userUnit: number;
  placements: { sheet: number; x: number; y: number }[];
}

export function planProjector(sheets: Size2[]): ProjectorPlan {
  const gap = mm(20);
  const rowLimit = MAX_PAGE_SIDE_PT * 2;
  const rows: { sheets: number[]; width: number; height: number }[] = [];
  sheets.forEach((sheet, index) => {
    const row = rows.at(-1);
    if (row && row.width + gap + sheet.widthPt <= rowLimit) {
      row.sheets.push(index);
      row.width += gap + sheet.widthPt;
      row.height = Math.max(row.height, sheet.heightPt);
    } else rows.push({ sheets: [index], width: sheet.widthPt, height: sheet.heightPt });
  });
  const width = Math.max(...rows.map((r) => r.width));
  const height = rows.reduce((sum, r) => sum + r.height, 0) + gap * (rows.length - 1);
  const placements: ProjectorPlan['placements'] = [];
  let top = height;
  for (const row of rows) {
    let x = 0;
    for (const index of row.sheets) {
      placements.push({ sheet: index, x, y: top - sheets[index]!.heightPt });
      x += sheets[index]!.widthPt + gap;
    }
    top -= row.height + gap;
  }
  const userUnit = Math.max(1, Math.ceil(Math.max(width, height) / MAX_PAGE_SIDE_PT));
  return { widthPt: width, heightPt: height, userUnit, placements };
}

/** Where the sheet is drawn on a tile's page: the sheet's origin, so that the window lands on the page's printable area. */
export function sheetOffset(plan: SheetPlan, tile: TileWindow): { x: number; y: number } {
  return { x: plan.origin.x - tile.window.x0, y: plan.origin.y - tile.window.y0 };
}

/** The tiles (indices into plan.tiles) a point of the sheet is printed on, with where it lands on each page. */
export function whereOnPages(plan: SheetPlan, point: { x: number; y: number }): { tile: number; x: number; y: number }[] {
  const out: { tile: number; x: number; y: number }[] = [];
  plan.tiles.forEach((tile, index) => {
    const w = tile.window;
    if (point.x >= w.x0 && point.x <= w.x1 && point.y >= w.y0 && point.y <= w.y1) {
      const offset = sheetOffset(plan, tile);
      out.push({ tile: index, x: point.x + offset.x, y: point.y + offset.y });
    }
  });
  return out;
}

/** Whether two rectangles share an area (touching edges do not count). */
export function overlaps(a: Rect, b: Rect): boolean {
  return a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;
}

/** Where a master has ink, per sheet: `layers[name]` for each size layer, `common` for what no layer holds. */
export interface SheetInk {
  common: Rect[];
  layers: Record<string, Rect[]>;
}

/** The layers a tile shows something of, and whether it shows anything outside the layers. Null: a blank tile. */
export function inkOnTile(window: Rect, ink: SheetInk): { layers: string[]; common: boolean } | null {
  const common = ink.common.some((r) => overlaps(r, window));
  const layers = Object.keys(ink.layers)
    .filter((name) => ink.layers[name]!.some((r) => overlaps(r, window)))
    .sort();
  return common || layers.length > 0 ? { layers, common } : null;
}

/** One page of a generated tiled file as its manifest records it (pattern_files.tiles). */
export type ManifestPage = { kind: 'map' } | { kind: 'tile'; sheet: number; label: string; layers: string[]; common: boolean };

/**
 * The pages (0-based) a buyer who prints only `layers` needs: the assembly map, every tile with
 * ink outside the size layers, and every tile with ink of a chosen layer. Null: every page.
 */
export function pagesNeeded(manifest: readonly ManifestPage[], layers: readonly string[] | null): number[] {
  const chosen = layers ? new Set(layers) : null;
  const kept: number[] = [];
  manifest.forEach((page, index) => {
    if (!chosen || page.kind === 'map' || page.common || page.layers.some((l) => chosen.has(l))) kept.push(index);
  });
  return kept;
}

/** A layer of the master and the size it was matched to (null: not a size, printed with every size). */
export interface LayerMatch {
  name: string;
  size: string | null;
}

/** "Size 12", "size-12", "SZ 12" and "12" are all size 12; "XS" and "xs" are one size. */
export function sizeKey(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/^\s*(sizes?|sz|taille|gr(ö|o)(ss|ß)e|gr\.?|talla|maat)\b[\s.:#_-]*/u, '')
    .replace(/[^a-z0-9]+/g, '');
}

/** Each layer with the pattern size its name names, in the master's order. */
export function matchLayers(layerNames: readonly string[], sizeLabels: readonly string[]): LayerMatch[] {
  const byKey = new Map(sizeLabels.map((label) => [sizeKey(label), label] as const));
  return layerNames.map((name) => ({ name, size: byKey.get(sizeKey(name)) ?? null }));
}

/** Which layers are on for a buyer who prints `sizes`: the chosen sizes' layers and every layer that is not a size. */
export function layersOn(matches: readonly LayerMatch[], sizes: readonly string[]): string[] {
  const chosen = new Set(sizes);
  return matches.filter((m) => m.size === null || chosen.has(m.size)).map((m) => m.name);
}

/** The size layers of the master that `sizes` turn on (what pagesNeeded takes). */
export function sizeLayersOf(matches: readonly LayerMatch[], sizes: readonly string[]): string[] {
  const chosen = new Set(sizes);
  return matches.filter((m) => m.size !== null && chosen.has(m.size)).map((m) => m.name);
}
