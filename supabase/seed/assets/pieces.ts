// Pattern pieces for demo PDFs, in centimetres with y up and the piece's bounding box at the
// origin. Shapes follow real garment blocks closely enough to look right when printed.

export type PathCommand = ['M', number, number] | ['L', number, number] | ['C', number, number, number, number, number, number] | ['Z'];

export interface Piece {
  name: string;
  cut: string;
  width: number;
  height: number;
  path: PathCommand[];
  /** Grainline from (x, y1) to (x, y2). */
  grain: { x: number; y1: number; y2: number };
  /** Notch points on the outline, with the direction into the piece (unit vector). */
  notches: Array<{ x: number; y: number; dx: number; dy: number }>;
}

export const PIECE_LIBRARY: readonly Piece[] = [
  {
    name: 'Bodice front',
    cut: 'Cut 1 on fold',
    width: 26,
    height: 44,
    path: [['M', 0, 0], ['L', 24, 0], ['L', 25, 24], ['C', 19, 27, 18, 33, 19, 40], ['L', 7, 44], ['C', 7, 38, 3, 35, 0, 35], ['Z']],
    grain: { x: 10, y1: 6, y2: 30 },
    notches: [
      { x: 24.6, y: 14, dx: -1, dy: 0 },
      { x: 19.3, y: 30, dx: -1, dy: 0 },
    ],
  },
  {
    name: 'Bodice back',
    cut: 'Cut 2',
    width: 25,
    height: 45,
    path: [['M', 0, 0], ['L', 23, 0], ['L', 24, 25], ['C', 19.5, 28, 19, 35, 20, 41], ['L', 7, 45], ['C', 6, 43, 3, 42, 0, 42], ['Z']],
    grain: { x: 9, y1: 6, y2: 32 },
    notches: [
      { x: 23.6, y: 14, dx: -1, dy: 0 },
      { x: 19.4, y: 32, dx: -1, dy: 0 },
      { x: 19.4, y: 34, dx: -1, dy: 0 },
    ],
  },
  {
    name: 'Sleeve',
    cut: 'Cut 2',
    width: 40,
    height: 54,
    path: [['M', 5, 0], ['L', 35, 0], ['L', 40, 40], ['C', 33, 42, 28, 54, 20, 54], ['C', 12, 54, 7, 42, 0, 40], ['Z']],
    grain: { x: 20, y1: 6, y2: 44 },
    notches: [
      { x: 20, y: 54, dx: 0, dy: -1 },
      { x: 8.5, y: 46, dx: 0.6, dy: -0.8 },
      { x: 31.5, y: 46, dx: -0.6, dy: -0.8 },
    ],
  },
  {
    name: 'Skirt front',
    cut: 'Cut 1 on fold',
    width: 40,
    height: 62,
    path: [['M', 0, 0], ['L', 40, 0], ['L', 22, 62], ['L', 0, 62], ['Z']],
    grain: { x: 8, y1: 8, y2: 54 },
    notches: [{ x: 28, y: 41.4, dx: -0.96, dy: -0.28 }],
  },
  {
    name: 'Skirt back',
    cut: 'Cut 2',
    width: 40,
    height: 63,
    path: [['M', 0, 0], ['L', 40, 0], ['L', 22, 63], ['L', 0, 63], ['Z']],
    grain: { x: 10, y1: 8, y2: 55 },
    notches: [
      { x: 28, y: 42, dx: -0.96, dy: -0.28 },
      { x: 26.5, y: 47.3, dx: -0.96, dy: -0.28 },
    ],
  },
  {
    name: 'Pocket',
    cut: 'Cut 4',
    width: 18,
    height: 24,
    path: [['M', 0, 24], ['L', 0, 8], ['C', 0, 2, 4, 0, 9, 0], ['C', 14, 0, 18, 2, 18, 8], ['L', 18, 24], ['Z']],
    grain: { x: 9, y1: 5, y2: 20 },
    notches: [{ x: 0, y: 20, dx: 1, dy: 0 }],
  },
  {
    name: 'Neck facing',
    cut: 'Cut 1 on fold, interface',
    width: 22,
    height: 19,
    path: [['M', 0, 5], ['C', 5, 5, 9, 9, 9, 15], ['L', 22, 19], ['L', 22, 14], ['L', 13, 11], ['C', 12, 6, 6, 0, 0, 0], ['Z']],
    grain: { x: 2.5, y1: 2, y2: 12 },
    notches: [{ x: 17.5, y: 17.6, dx: 0, dy: -1 }],
  },
  {
    name: 'Waistband',
    cut: 'Cut 1, interface',
    width: 10,
    height: 76,
    path: [['M', 0, 0], ['L', 10, 0], ['L', 10, 76], ['L', 0, 76], ['Z']],
    grain: { x: 5, y1: 8, y2: 68 },
    notches: [
      { x: 0, y: 38, dx: 1, dy: 0 },
      { x: 10, y: 38, dx: -1, dy: 0 },
    ],
  },
  {
    name: 'Collar',
    cut: 'Cut 2, interface 1',
    width: 24,
    height: 9,
    path: [['M', 0, 0], ['C', 8, 1, 16, 2, 24, 5], ['L', 22, 9], ['C', 15, 7, 8, 6, 0, 6], ['Z']],
    grain: { x: 4, y1: 1, y2: 5 },
    notches: [{ x: 12, y: 1.4, dx: 0, dy: 1 }],
  },
  {
    name: 'Cuff',
    cut: 'Cut 2',
    width: 26,
    height: 12,
    path: [['M', 0, 0], ['L', 26, 0], ['L', 26, 12], ['L', 0, 12], ['Z']],
    grain: { x: 3, y1: 2, y2: 10 },
    notches: [{ x: 13, y: 0, dx: 0, dy: 1 }],
  },
];

export interface PlacedPiece {
  piece: Piece;
  number: number;
  /** Bottom-left of the piece's bounding box on the layout, in cm (with room for the largest size). */
  x: number;
  y: number;
}

/** How much larger than the base block the largest graded size is, on each side. */
export const GRADING_ALLOWANCE = 0.12;

/**
 * Shelf-packs pieces from the library (cycling through it from `start`) into a layout
 * `width` × `height` cm, top to bottom. A piece that does not fit is skipped for a smaller one;
 * packing stops after a whole library round places nothing, or at `limit` pieces.
 * Pieces are numbered on from `start`. Deterministic for the same arguments.
 */
export function packPieces(width: number, height: number, options: { start?: number; limit?: number; gap?: number } = {}): PlacedPiece[] {
  const { start = 0, limit = 400, gap = 3 } = options;
  const placed: PlacedPiece[] = [];
  let shelfTop = height - gap;
  let shelfHeight = 0;
  let cursorX = gap;
  let misses = 0;
  for (let i = 0; placed.length < limit && misses < PIECE_LIBRARY.length; i++) {
    const piece = PIECE_LIBRARY[(start + i) % PIECE_LIBRARY.length]!;
    const w = piece.width * (1 + GRADING_ALLOWANCE);
    const h = piece.height * (1 + GRADING_ALLOWANCE) + 3; // room for the label under the piece
    let x = cursorX;
    let top = shelfTop;
    let rowHeight = shelfHeight;
    if (x + w > width - gap) {
      top -= shelfHeight + gap;
      x = gap;
      rowHeight = 0;
    }
    if (w > width - 2 * gap || top - h < gap) {
      misses++;
      continue;
    }
    misses = 0;
    placed.push({ piece, number: start + placed.length + 1, x, y: top - h + 3 });
    cursorX = x + w + gap;
    shelfTop = top;
    shelfHeight = Math.max(rowHeight, h);
  }
  return placed;
}

/** Lowest y (cm) any placed piece reaches, label included: to crop a layout to its content. */
export function layoutBottom(placed: readonly PlacedPiece[]): number {
  return placed.reduce((lowest, p) => Math.min(lowest, p.y - 3), Infinity);
}
