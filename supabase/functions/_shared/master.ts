// A pattern master: the pattern drafted on large sheets, optionally with one PDF layer
// (optional content group) per size. readMaster checks it (readable, unencrypted, 1–40 sheets,
// each larger than A3, at most MAX_MASTER_BYTES), lists its layers in the file's order and finds
// where each layer has ink on each sheet, so the generator can skip blank tiles and the download
// can leave out tiles only other sizes need.
//
// Where the ink is: the sheet's content stream is read operator by operator (paths under the
// current transformation, text at the text matrix, images and form XObjects, marked-content
// sections /OC <layer> BDC … EMC and forms with an /OC entry) and every mark is put on a 10 mm
// grid per layer. A cell is marked when ink may be in it, so a tile is only ever kept too often,
// never left out while it holds ink. pdf-lib parses the file and decodes the streams; it has no
// reader of content operators, so the small one below walks them.
import {
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFNumber,
  PDFRawStream,
  PDFRef,
  PDFStream,
  PDFString,
  ParseSpeeds,
  PDFContentStream,
  decodePDFRawStream,
  type PDFObject,
  type PDFPage,
} from 'pdf-lib';
import { MAX_MASTER_BYTES, MAX_MASTER_SHEETS, mm, smallerThanA3, type Rect, type SheetInk, type Size2 } from '@stitchhouse/shared/catalog/tiling.ts';

export type MasterErrorCode = 'master_unreadable' | 'master_encrypted' | 'master_too_small' | 'master_too_many_sheets' | 'master_too_large';

/** A master that cannot be turned into formats, with words for the designer and the figures the editor words it with. */
export class MasterError extends Error {
  constructor(
    readonly code: MasterErrorCode,
    message: string,
    readonly details: Record<string, number> | null = null,
  ) {
    super(message);
    this.name = 'MasterError';
  }
}

export interface Master {
  doc: PDFDocument;
  sheets: Size2[];
  /** Each page's box origin (the sheet's lower-left corner in page space). */
  origins: { x: number; y: number }[];
  /** The optional content groups' names, in the file's order (duplicates once). */
  layers: string[];
}

const round = (n: number) => Math.round(n * 100) / 100;

export function checkMasterSize(bytes: number): void {
  if (bytes > MAX_MASTER_BYTES) {
    throw new MasterError(
      'master_too_large',
      `The master is ${Math.round(bytes / 1048576)} MB; formats can be made from a master of at most ${MAX_MASTER_BYTES / 1048576} MB. Save it without embedded previews or unused layers, or upload each format yourself.`,
      { mb: Math.round(bytes / 1048576), max_mb: MAX_MASTER_BYTES / 1048576 },
    );
  }
}

/** Loads and checks a master; throws MasterError with the designer's words. */
export async function readMaster(bytes: Uint8Array): Promise<Master> {
  checkMasterSize(bytes.byteLength);
  let doc: PDFDocument;
  try {
    doc = await PDFDocument.load(bytes, { parseSpeed: ParseSpeeds.Fastest, updateMetadata: false, ignoreEncryption: true, throwOnInvalidObject: false });
  } catch (error) {
    throw new MasterError(
      'master_unreadable',
      `The master is not a readable PDF (${error instanceof Error ? error.message : String(error)}). Export it again as PDF.`,
    );
  }
  if (doc.isEncrypted)
    throw new MasterError('master_encrypted', 'The master is encrypted (password-protected). Save it without a password and upload it again.');
  let pages: PDFPage[];
  try {
    pages = doc.getPages();
  } catch (error) {
    throw new MasterError(
      'master_unreadable',
      `The master is not a readable PDF: its page tree is broken (${error instanceof Error ? error.message : String(error)}). Export it again as PDF.`,
    );
  }
  if (pages.length === 0) throw new MasterError('master_unreadable', 'The master has no pages.');
  if (pages.length > MAX_MASTER_SHEETS) {
    throw new MasterError(
      'master_too_many_sheets',
      `The master has ${pages.length} sheets; formats can be made from at most ${MAX_MASTER_SHEETS}. Split the pattern into two masters or upload each format yourself.`,
      { sheets: pages.length, max: MAX_MASTER_SHEETS },
    );
  }
  const sheets: Size2[] = [];
  const origins: { x: number; y: number }[] = [];
  pages.forEach((page, index) => {
    const box = page.getMediaBox();
    const sheet = { widthPt: round(box.width), heightPt: round(box.height) };
    if (smallerThanA3(sheet)) {
      throw new MasterError(
        'master_too_small',
        `Sheet ${index + 1} of the master is ${Math.round(box.width / mm(1))} × ${Math.round(box.height / mm(1))} mm, no larger than A3. A master is drafted on large sheets (A0, or anything larger than A3, e.g. 36 × 48 in); upload a file of A4 or Letter pages as that format instead.`,
        { sheet: index + 1, width_mm: Math.round(box.width / mm(1)), height_mm: Math.round(box.height / mm(1)) },
      );
    }
    sheets.push(sheet);
    origins.push({ x: box.x, y: box.y });
  });
  return { doc, sheets, origins, layers: layerNames(doc) };
}

function text(obj: PDFObject | undefined): string | null {
  if (obj instanceof PDFString || obj instanceof PDFHexString) return obj.decodeText().trim();
  return null;
}

/** The names of the document's optional content groups (its layers). */
export function layerNames(doc: PDFDocument): string[] {
  const props = doc.catalog.lookupMaybe(PDFName.of('OCProperties'), PDFDict);
  const groups = props?.lookupMaybe(PDFName.of('OCGs'), PDFArray);
  const names: string[] = [];
  if (!groups) return names;
  for (let i = 0; i < groups.size(); i++) {
    const group = groups.lookupMaybe(i, PDFDict);
    const name = text(group?.get(PDFName.of('Name')));
    if (name && !names.includes(name)) names.push(name);
  }
  return names;
}

/** The layer an /OC entry names: an OCG's name, or an OCMD's first group's. */
function ocName(doc: PDFDocument, ref: PDFObject | undefined): string | null {
  const dict = ref instanceof PDFRef ? doc.context.lookup(ref) : ref;
  if (!(dict instanceof PDFDict)) return null;
  const type = dict.get(PDFName.of('Type'));
  if (type === PDFName.of('OCMD')) {
    const groups = dict.lookup(PDFName.of('OCGs'));
    const first = groups instanceof PDFArray ? groups.get(0) : groups;
    return ocName(doc, first ?? undefined);
  }
  return text(dict.get(PDFName.of('Name')));
}

function streamBytes(stream: PDFObject | undefined): Uint8Array {
  if (stream instanceof PDFRawStream) return decodePDFRawStream(stream).decode();
  if (stream instanceof PDFContentStream) return stream.getUnencodedContents();
  return new Uint8Array();
}

type Matrix = [number, number, number, number, number, number];
const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];
/** m × n, PDF order (a point is transformed by m, then n). */
const times = (m: Matrix, n: Matrix): Matrix => [
  m[0] * n[0] + m[1] * n[2],
  m[0] * n[1] + m[1] * n[3],
  m[2] * n[0] + m[3] * n[2],
  m[2] * n[1] + m[3] * n[3],
  m[4] * n[0] + m[5] * n[2] + n[4],
  m[4] * n[1] + m[5] * n[3] + n[5],
];
const apply = (m: Matrix, x: number, y: number): [number, number] => [m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]];

const CELL = mm(10);

/** Ink cells per layer ('' for ink outside every layer) of one sheet. */
class InkGrid {
  readonly cols: number;
  readonly rows: number;
  readonly cells = new Map<string, Set<number>>();
  constructor(
    readonly sheet: Size2,
    readonly origin: { x: number; y: number },
  ) {
    this.cols = Math.ceil(sheet.widthPt / CELL);
    this.rows = Math.ceil(sheet.heightPt / CELL);
  }
  /** Marks the cells under a box given in page space. */
  box(layer: string, x0: number, y0: number, x1: number, y1: number): void {
    const c0 = Math.max(0, Math.floor((Math.min(x0, x1) - this.origin.x) / CELL));
    const c1 = Math.min(this.cols - 1, Math.floor((Math.max(x0, x1) - this.origin.x) / CELL));
    const r0 = Math.max(0, Math.floor((Math.min(y0, y1) - this.origin.y) / CELL));
    const r1 = Math.min(this.rows - 1, Math.floor((Math.max(y0, y1) - this.origin.y) / CELL));
    if (c0 > c1 || r0 > r1) return;
    let set = this.cells.get(layer);
    if (!set) this.cells.set(layer, (set = new Set()));
    for (let r = r0; r <= r1; r++) for (let c = c0; c <= c1; c++) set.add(r * this.cols + c);
  }
  /** Marks a line from a to b, cell by cell (a long diagonal does not mark its whole box). */
  line(layer: string, ax: number, ay: number, bx: number, by: number, pad: number): void {
    const steps = Math.max(1, Math.ceil(Math.hypot(bx - ax, by - ay) / (CELL / 2)));
    for (let i = 0; i < steps; i++) {
      const x0 = ax + ((bx - ax) * i) / steps,
        y0 = ay + ((by - ay) * i) / steps;
      const x1 = ax + ((bx - ax) * (i + 1)) / steps,
        y1 = ay + ((by - ay) * (i + 1)) / steps;
      this.box(layer, Math.min(x0, x1) - pad, Math.min(y0, y1) - pad, Math.max(x0, x1) + pad, Math.max(y0, y1) + pad);
    }
  }
  /** The marked cells as rectangles in sheet space (runs along each row). */
  toInk(): SheetInk {
    const rects = (set: Set<number>): Rect[] => {
      const out: Rect[] = [];
      const sorted = [...set].sort((a, b) => a - b);
      let start = -1,
        prev = -2;
      const flush = () => {
        if (start < 0) return;
        const row = Math.floor(start / this.cols);
        const c0 = start % this.cols,
          c1 = prev % this.cols;
        out.push({
          x0: round(c0 * CELL),
          y0: round(row * CELL),
          x1: round(Math.min((c1 + 1) * CELL, this.sheet.widthPt)),
          y1: round(Math.min((row + 1) * CELL, this.sheet.heightPt)),
        });
      };
      for (const cell of sorted) {
        if (cell === prev + 1 && Math.floor(cell / this.cols) === Math.floor(prev / this.cols)) prev = cell;
        else {
          flush();
          start = prev = cell;
        }
      }
      flush();
      return out;
    };
    const layers: Record<string, Rect[]> = {};
    for (const [layer, set] of this.cells) if (layer !== '') layers[layer] = rects(set);
    return { common: rects(this.cells.get('') ?? new Set()), layers };
  }
}

type Operand = number | { name: string } | { string: number } | { array: number } | { dict: true };

const WHITE = new Uint8Array(256);
for (const c of [0, 9, 10, 12, 13, 32]) WHITE[c] = 1;
const DELIM = new Uint8Array(256);
for (const c of '()<>[]{}/%') DELIM[c.charCodeAt(0)] = 1;

/** Walks one content stream, marking ink on `grid`. */
function scan(doc: PDFDocument, bytes: Uint8Array, resources: PDFDict | undefined, start: Matrix, startLayer: string, grid: InkGrid, depth: number): void {
  const n = bytes.length;
  let i = 0;
  const operands: Operand[] = [];
  let ctm = start;
  const stack: Matrix[] = [];
  let lineWidth = 1;
  const widths: number[] = [];
  const layers: string[] = [];
  let layer = startLayer;
  // current path: segments in page space, and its box
  let segments: number[] = [];
  let pathBox: number[] | null = null;
  let cx = 0,
    cy = 0,
    sx = 0,
    sy = 0;
  // text
  let tm: Matrix = IDENTITY,
    tlm: Matrix = IDENTITY,
    fontSize = 12,
    leading = 0;
  const props = resources?.lookupMaybe(PDFName.of('Properties'), PDFDict);
  const xobjects = resources?.lookupMaybe(PDFName.of('XObject'), PDFDict);

  const point = (x: number, y: number) => {
    const [px, py] = apply(ctm, x, y);
    if (!pathBox) pathBox = [px, py, px, py];
    else {
      pathBox[0] = Math.min(pathBox[0]!, px);
      pathBox[1] = Math.min(pathBox[1]!, py);
      pathBox[2] = Math.max(pathBox[2]!, px);
      pathBox[3] = Math.max(pathBox[3]!, py);
    }
    return [px, py] as const;
  };
  const segment = (x: number, y: number) => {
    const [ax, ay] = apply(ctm, cx, cy);
    const [bx, by] = point(x, y);
    segments.push(ax, ay, bx, by);
    cx = x;
    cy = y;
  };
  const paint = (stroke: boolean, fill: boolean) => {
    if (fill && pathBox) grid.box(layer, pathBox[0]!, pathBox[1]!, pathBox[2]!, pathBox[3]!);
    else if (stroke) {
      const scale = Math.sqrt(Math.abs(ctm[0] * ctm[3] - ctm[1] * ctm[2])) || 1;
      for (let s = 0; s < segments.length; s += 4)
        grid.line(layer, segments[s]!, segments[s + 1]!, segments[s + 2]!, segments[s + 3]!, (lineWidth * scale) / 2);
    }
    segments = [];
    pathBox = null;
  };
  const num = (k: number) => {
    const v = operands[operands.length - k];
    return typeof v === 'number' ? v : 0;
  };
  const showText = (chars: number) => {
    const trm = times(tm, ctm);
    const w = chars * fontSize * 0.6;
    const corners = [apply(trm, 0, -0.25 * fontSize), apply(trm, w, -0.25 * fontSize), apply(trm, 0, fontSize), apply(trm, w, fontSize)];
    grid.box(
      layer,
      Math.min(...corners.map((c) => c[0])),
      Math.min(...corners.map((c) => c[1])),
      Math.max(...corners.map((c) => c[0])),
      Math.max(...corners.map((c) => c[1])),
    );
    tm = times([1, 0, 0, 1, w, 0], tm);
  };
  const unitSquare = () => {
    const corners = [apply(ctm, 0, 0), apply(ctm, 1, 0), apply(ctm, 0, 1), apply(ctm, 1, 1)];
    grid.box(
      layer,
      Math.min(...corners.map((c) => c[0])),
      Math.min(...corners.map((c) => c[1])),
      Math.max(...corners.map((c) => c[0])),
      Math.max(...corners.map((c) => c[1])),
    );
  };

  // literal string: returns the index after it and its length in bytes
  const literal = (from: number): [number, number] => {
    let depthParen = 1,
      len = 0,
      k = from + 1;
    while (k < n && depthParen > 0) {
      const c = bytes[k]!;
      if (c === 0x5c) {
        k += 2;
        len++;
        continue;
      }
      if (c === 0x28) depthParen++;
      else if (c === 0x29) {
        depthParen--;
        if (depthParen === 0) break;
      }
      len++;
      k++;
    }
    return [k + 1, len];
  };

  // arrays and dictionaries: only TJ's array matters (its strings' length)
  let arrayDepth = 0,
    arrayChars = 0,
    dictDepth = 0;

  while (i < n) {
    const c = bytes[i]!;
    if (WHITE[c]) {
      i++;
      continue;
    }
    if (c === 0x25) {
      while (i < n && bytes[i] !== 10 && bytes[i] !== 13) i++;
      continue;
    }
    if (c === 0x28) {
      const [next, len] = literal(i);
      i = next;
      if (arrayDepth) arrayChars += len;
      else if (!dictDepth) operands.push({ string: len });
      continue;
    }
    if (c === 0x3c) {
      if (bytes[i + 1] === 0x3c) {
        dictDepth++;
        i += 2;
        continue;
      }
      let k = i + 1,
        digits = 0;
      while (k < n && bytes[k] !== 0x3e) {
        if (!WHITE[bytes[k]!]) digits++;
        k++;
      }
      i = k + 1;
      if (arrayDepth) arrayChars += digits / 2;
      else if (!dictDepth) operands.push({ string: digits / 2 });
      continue;
    }
    if (c === 0x3e && bytes[i + 1] === 0x3e) {
      dictDepth = Math.max(0, dictDepth - 1);
      i += 2;
      if (!dictDepth) operands.push({ dict: true });
      continue;
    }
    if (c === 0x5b) {
      arrayDepth++;
      i++;
      continue;
    }
    if (c === 0x5d) {
      arrayDepth = Math.max(0, arrayDepth - 1);
      i++;
      if (!arrayDepth && !dictDepth) {
        operands.push({ array: arrayChars });
        arrayChars = 0;
      }
      continue;
    }
    // a regular token
    let k = i + (c === 0x2f ? 1 : 0);
    while (k < n && !WHITE[bytes[k]!] && !DELIM[bytes[k]!]) k++;
    if (k === i) {
      i++;
      continue;
    } // a stray delimiter
    const token = String.fromCharCode(...bytes.subarray(i, k));
    i = k;
    if (arrayDepth || dictDepth) continue;
    if (c === 0x2f) {
      operands.push({ name: token.slice(1) });
      continue;
    }
    const value = Number(token);
    if (token !== '' && !Number.isNaN(value) && /^[+\-.0-9]/.test(token)) {
      operands.push(value);
      continue;
    }
    switch (token) {
      case 'q':
        stack.push(ctm);
        widths.push(lineWidth);
        break;
      case 'Q':
        ctm = stack.pop() ?? start;
        lineWidth = widths.pop() ?? 1;
        break;
      case 'cm':
        ctm = times([num(6), num(5), num(4), num(3), num(2), num(1)], ctm);
        break;
      case 'w':
        lineWidth = num(1);
        break;
      case 'm':
        cx = sx = num(2);
        cy = sy = num(1);
        point(cx, cy);
        break;
      case 'l':
        segment(num(2), num(1));
        break;
      case 'c': {
        const [x1, y1, x2, y2] = [num(6), num(5), num(4), num(3)];
        point(x1, y1);
        point(x2, y2);
        const [ax, ay] = apply(ctm, cx, cy);
        segment(num(2), num(1));
        extendCurve(segments, ax, ay, apply(ctm, x1, y1), apply(ctm, x2, y2));
        break;
      }
      case 'v':
      case 'y': {
        const [x1, y1] = [num(4), num(3)];
        point(x1, y1);
        const [ax, ay] = apply(ctm, cx, cy);
        segment(num(2), num(1));
        extendCurve(segments, ax, ay, apply(ctm, x1, y1), apply(ctm, x1, y1));
        break;
      }
      case 'h':
        segment(sx, sy);
        break;
      case 're': {
        const [x, y, w, h] = [num(4), num(3), num(2), num(1)];
        cx = sx = x;
        cy = sy = y;
        point(x, y);
        segment(x + w, y);
        segment(x + w, y + h);
        segment(x, y + h);
        segment(x, y);
        break;
      }
      case 'S':
      case 's':
        paint(true, false);
        break;
      case 'f':
      case 'F':
      case 'f*':
      case 'B':
      case 'B*':
      case 'b':
      case 'b*':
        paint(true, true);
        break;
      case 'n':
        segments = [];
        pathBox = null;
        break;
      case 'BT':
        tm = tlm = IDENTITY;
        break;
      case 'Tf':
        fontSize = Math.abs(num(1)) || 12;
        break;
      case 'TL':
        leading = num(1);
        break;
      case 'Td':
        tlm = times([1, 0, 0, 1, num(2), num(1)], tlm);
        tm = tlm;
        break;
      case 'TD':
        leading = -num(1);
        tlm = times([1, 0, 0, 1, num(2), num(1)], tlm);
        tm = tlm;
        break;
      case 'Tm':
        tlm = tm = [num(6), num(5), num(4), num(3), num(2), num(1)];
        break;
      case 'T*':
        tlm = times([1, 0, 0, 1, 0, -(leading || fontSize * 1.2)], tlm);
        tm = tlm;
        break;
      case 'Tj':
      case "'":
      case '"': {
        if (token !== 'Tj') {
          tlm = times([1, 0, 0, 1, 0, -(leading || fontSize * 1.2)], tlm);
          tm = tlm;
        }
        const s = operands[operands.length - 1];
        showText(typeof s === 'object' && 'string' in s ? s.string : 1);
        break;
      }
      case 'TJ': {
        const a = operands[operands.length - 1];
        showText(typeof a === 'object' && 'array' in a ? a.array : 1);
        break;
      }
      case 'BDC': {
        const tag = operands[operands.length - 2];
        const prop = operands[operands.length - 1];
        layers.push(layer);
        if (typeof tag === 'object' && 'name' in tag && tag.name === 'OC' && typeof prop === 'object' && 'name' in prop) {
          layer = ocName(doc, props?.get(PDFName.of(prop.name))) ?? layer;
        }
        break;
      }
      case 'BMC':
        layers.push(layer);
        break;
      case 'EMC':
        layer = layers.pop() ?? startLayer;
        break;
      case 'Do': {
        const name = operands[operands.length - 1];
        if (typeof name !== 'object' || !('name' in name)) break;
        const xobject = xobjects?.lookup(PDFName.of(name.name));
        if (!(xobject instanceof PDFStream)) break;
        const dict = xobject.dict;
        const own = dict.get(PDFName.of('OC'));
        const formLayer = own ? (ocName(doc, own) ?? layer) : layer;
        if (dict.get(PDFName.of('Subtype')) === PDFName.of('Form') && depth < 8) {
          const m = dict.lookupMaybe(PDFName.of('Matrix'), PDFArray);
          const matrix = (m ? [0, 1, 2, 3, 4, 5].map((j) => m.lookupMaybe(j, PDFNumber)?.asNumber() ?? (j === 0 || j === 3 ? 1 : 0)) : IDENTITY) as Matrix;
          scan(doc, streamBytes(xobject), dict.lookupMaybe(PDFName.of('Resources'), PDFDict) ?? resources, times(matrix, ctm), formLayer, grid, depth + 1);
        } else {
          const saved = layer;
          layer = formLayer;
          unitSquare();
          layer = saved;
        }
        break;
      }
      case 'BI': {
        // inline image: skip its data up to EI
        const at = findInlineEnd(bytes, i);
        i = at;
        unitSquare();
        break;
      }
      case 'sh':
        grid.box(layer, grid.origin.x, grid.origin.y, grid.origin.x + grid.sheet.widthPt, grid.origin.y + grid.sheet.heightPt);
        break;
      default:
        break;
    }
    operands.length = 0;
  }
}

/** A curve's ink lies within its control points: mark the hull's edges as well. */
function extendCurve(segments: number[], ax: number, ay: number, p1: [number, number], p2: [number, number]): void {
  const bx = segments[segments.length - 2]!,
    by = segments[segments.length - 1]!;
  segments.push(ax, ay, p1[0], p1[1], p1[0], p1[1], p2[0], p2[1], p2[0], p2[1], bx, by);
}

function findInlineEnd(bytes: Uint8Array, from: number): number {
  let k = from;
  // to ID
  while (k + 1 < bytes.length && !(bytes[k] === 0x49 && bytes[k + 1] === 0x44 && WHITE[bytes[k + 2] ?? 32] && WHITE[bytes[k - 1] ?? 32])) k++;
  k += 3;
  while (k + 1 < bytes.length && !(WHITE[bytes[k - 1]!] && bytes[k] === 0x45 && bytes[k + 1] === 0x49 && (k + 2 >= bytes.length || WHITE[bytes[k + 2]!]))) k++;
  return k + 2;
}

/** Where each sheet has ink, per layer. */
export function inkOf(master: Master): SheetInk[] {
  return master.doc.getPages().map((page: PDFPage, index) => {
    const grid = new InkGrid(master.sheets[index]!, master.origins[index]!);
    const contents = page.node.Contents();
    const parts: Uint8Array[] = [];
    if (contents instanceof PDFArray) for (let j = 0; j < contents.size(); j++) parts.push(streamBytes(contents.lookup(j)));
    else if (contents) parts.push(streamBytes(contents));
    const total = parts.reduce((sum, p) => sum + p.length + 1, 0);
    const joined = new Uint8Array(total);
    let at = 0;
    for (const part of parts) {
      joined.set(part, at);
      at += part.length;
      joined[at++] = 10;
    }
    scan(master.doc, joined, page.node.Resources(), IDENTITY, '', grid, 0);
    return grid.toInk();
  });
}
