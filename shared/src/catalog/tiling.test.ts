import { describe, expect, it } from 'vitest';
import {
  LABEL_BAND_PT,
  PAPERS,
  TEST_SQUARES,
  TILE_OVERLAP_PT,
  inkOnTile,
  layersOn,
  matchLayers,
  mm,
  pagesNeeded,
  planA0,
  planHomeTiles,
  planProjector,
  planRoll36,
  rowLetter,
  sizeLayersOf,
  smallerThanA3,
  tileLabel,
  whereOnPages,
  type ManifestPage,
} from './tiling.ts';

const A0 = { widthPt: mm(841), heightPt: mm(1189) };
const SHEET_36x48 = { widthPt: 36 * 72, heightPt: 48 * 72 };

describe('paper', () => {
  it('knows the page sizes in points', () => {
    expect(PAPERS.a4.widthPt).toBeCloseTo(595.28, 2);
    expect(PAPERS.a4.heightPt).toBeCloseTo(841.89, 2);
    expect([PAPERS.us_letter.widthPt, PAPERS.us_letter.heightPt]).toEqual([612, 792]);
    expect(PAPERS.a0.widthPt).toBeCloseTo(2383.94, 2);
    expect(PAPERS.a0.heightPt).toBeCloseTo(3370.39, 2);
    expect(PAPERS.roll36.widthPt).toBe(2592);
    expect(PAPERS.roll36.heightPt).toBeNull();
  });
  it('has a test square of exactly 100 mm and 4 in', () => {
    expect(TEST_SQUARES[0].sidePt / (72 / 25.4)).toBeCloseTo(100, 10);
    expect(TEST_SQUARES[1].sidePt / 72).toBe(4);
  });
  it('tells a master sheet from one smaller than A3', () => {
    expect(smallerThanA3({ widthPt: mm(297), heightPt: mm(420) })).toBe(true);
    expect(smallerThanA3({ widthPt: mm(420), heightPt: mm(297) })).toBe(true);
    expect(smallerThanA3(PAPERS.a4 as { widthPt: number; heightPt: number })).toBe(true);
    expect(smallerThanA3({ widthPt: mm(300), heightPt: mm(430) })).toBe(false);
    expect(smallerThanA3(A0)).toBe(false);
  });
});

describe('home tiles', () => {
  it('cuts an A0 sheet into 5 × 5 A4 tiles and 5 × 5 Letter tiles', () => {
    const a4 = planHomeTiles(A0, 'a4');
    expect([a4.rows, a4.cols, a4.tiles.length]).toEqual([5, 5, 25]);
    expect(a4.pageWidthPt).toBeCloseTo(595.28, 2);
    const letter = planHomeTiles(A0, 'us_letter');
    expect([letter.rows, letter.cols]).toEqual([5, 5]);
    expect(letter.pageHeightPt).toBe(792);
  });
  it('cuts a 36 × 48 in sheet into 5 rows × 6 columns of A4 tiles', () => {
    // 270 mm windows stepping 260 mm down 1,219 mm; 190 mm windows stepping 180 mm across 914 mm
    const plan = planHomeTiles(SHEET_36x48, 'a4');
    expect([plan.rows, plan.cols]).toEqual([5, 6]);
  });
  it('covers the whole sheet, neighbours overlapping by 10 mm', () => {
    const plan = planHomeTiles(A0, 'a4');
    const [a1, a2] = plan.tiles;
    expect(a2!.window.x0 - a1!.window.x0).toBeCloseTo(a1!.window.x1 - a1!.window.x0 - TILE_OVERLAP_PT, 6);
    expect(a1!.window.x1 - a2!.window.x0).toBeCloseTo(mm(10), 6);
    const last = plan.tiles.at(-1)!;
    expect(last.window.x1).toBeGreaterThanOrEqual(A0.widthPt);
    expect(last.window.y0).toBeLessThanOrEqual(0);
    // the window is the printable area less the label band
    expect(a1!.window.y1 - a1!.window.y0).toBeCloseTo(PAPERS.a4.heightPt! - 2 * PAPERS.a4.marginPt - LABEL_BAND_PT, 6);
  });
  it('labels rows by letter from the top and columns by number', () => {
    const plan = planHomeTiles(A0, 'a4');
    expect(plan.tiles.slice(0, 6).map((t) => t.label)).toEqual(['A1', 'A2', 'A3', 'A4', 'A5', 'B1']);
    expect(plan.tiles[0]!.window.y1).toBeCloseTo(A0.heightPt, 6);
    expect(tileLabel(1, 2, 3, 4)).toBe('2·C4');
    expect([rowLetter(0), rowLetter(25), rowLetter(26), rowLetter(27)]).toEqual(['A', 'Z', 'AA', 'AB']);
  });
  it('puts a known mark on the right tile at the right offset', () => {
    const plan = planHomeTiles(A0, 'a4');
    // 300 mm from the left, 100 mm from the top of the sheet: column 2, row A, and nowhere else
    const mark = { x: mm(300), y: A0.heightPt - mm(100) };
    const on = whereOnPages(plan, mark);
    expect(on.map((o) => plan.tiles[o.tile]!.label)).toEqual(['A2']);
    const tile = plan.tiles[on[0]!.tile]!;
    // on the page: the printable area's left edge + (300 mm − the window's left edge)
    expect(on[0]!.x).toBeCloseTo(PAPERS.a4.marginPt + mm(300) - tile.window.x0, 6);
    expect(on[0]!.y).toBeCloseTo(PAPERS.a4.marginPt + (mark.y - tile.window.y0), 6);
    expect(tile.window.x0).toBeCloseTo(mm(190) - mm(10), 6); // one step: the window's width less the overlap
    // a mark inside an overlap is on both tiles, 10 mm apart on the pages
    const shared = whereOnPages(plan, { x: tile.window.x0 + mm(5), y: mark.y });
    expect(shared.map((o) => plan.tiles[o.tile]!.label)).toEqual(['A1', 'A2']);
  });
});

describe('copy shop', () => {
  it('prints an A0 sheet whole on one A0 page, a larger sheet tiled onto A0', () => {
    const whole = planA0(A0);
    expect([whole.tiled, whole.tiles.length, whole.pageWidthPt]).toEqual([false, 1, PAPERS.a0.widthPt]);
    const landscape = planA0({ widthPt: A0.heightPt, heightPt: A0.widthPt });
    expect(landscape.pageWidthPt).toBeCloseTo(PAPERS.a0.heightPt!, 6);
    const big = planA0({ widthPt: 60 * 72, heightPt: 48 * 72 });
    expect(big.tiled).toBe(true);
    expect([big.rows, big.cols]).toEqual([2, 2]); // 1,524 × 1,219 mm onto 1,169 × 814 mm windows
  });
  it('lays a 36 × 48 in sheet across the 36-inch roll, an A0 turned or not as it fits', () => {
    const roll = planRoll36(SHEET_36x48);
    // 36 in wide on a roll with 0.5 in margins: strips
    expect(roll.pageWidthPt).toBe(2592);
    expect(roll.tiled).toBe(true);
    const a0 = planRoll36(A0);
    expect([a0.tiled, a0.rotate, a0.tiles.length]).toEqual([false, false, 1]);
    expect(a0.pageHeightPt).toBeCloseTo(A0.heightPt + 72, 6);
    const wide = planRoll36({ widthPt: mm(1189), heightPt: mm(841) });
    expect(wide.rotate).toBe(true);
    expect(wide.pageHeightPt).toBeCloseTo(mm(1189) + 72, 6);
  });
});

describe('projector', () => {
  it('puts every sheet on one page at 1:1, in rows no wider than 400 in, with a user unit past 200 in', () => {
    const one = planProjector([A0]);
    expect([one.widthPt, one.heightPt, one.userUnit]).toEqual([A0.widthPt, A0.heightPt, 1]);
    const ten = planProjector(Array.from({ length: 10 }, () => A0));
    expect(ten.placements).toHaveLength(10);
    expect(ten.widthPt).toBeLessThanOrEqual(28_800);
    expect(ten.userUnit).toBe(2);
    expect(new Set(ten.placements.map((p) => `${p.x},${p.y}`)).size).toBe(10);
  });
});

describe('sizes and layers', () => {
  const sizes = ['XS', 'S', 'M', '10', '12'];
  it('matches layer names to the pattern’s sizes and flags the rest', () => {
    const matches = matchLayers(['Size XS', 's', 'SZ M', 'size-10', '12', 'Notes', 'Size 14'], sizes);
    expect(matches.map((m) => m.size)).toEqual(['XS', 'S', 'M', '10', '12', null, null]);
    expect(layersOn(matches, ['S'])).toEqual(['s', 'Notes', 'Size 14']);
    expect(sizeLayersOf(matches, ['S', '12'])).toEqual(['s', '12']);
  });
  it('finds the layers a tile shows and leaves out tiles only other sizes need', () => {
    const ink = {
      common: [{ x0: 0, y0: 0, x1: 10, y1: 10 }],
      layers: { 'Size S': [{ x0: 100, y0: 100, x1: 120, y1: 120 }], 'Size M': [{ x0: 100, y0: 100, x1: 220, y1: 120 }] },
    };
    expect(inkOnTile({ x0: 0, y0: 0, x1: 50, y1: 50 }, ink)).toEqual({ layers: [], common: true });
    expect(inkOnTile({ x0: 110, y0: 90, x1: 150, y1: 130 }, ink)).toEqual({ layers: ['Size M', 'Size S'], common: false });
    expect(inkOnTile({ x0: 200, y0: 90, x1: 250, y1: 130 }, ink)).toEqual({ layers: ['Size M'], common: false });
    expect(inkOnTile({ x0: 500, y0: 500, x1: 550, y1: 550 }, ink)).toBeNull();
    // touching is not overlapping
    expect(inkOnTile({ x0: 10, y0: 0, x1: 20, y1: 10 }, ink)).toBeNull();
    const manifest: ManifestPage[] = [
      { kind: 'map' },
      { kind: 'tile', sheet: 0, label: 'A1', layers: [], common: true },
      { kind: 'tile', sheet: 0, label: 'A2', layers: ['Size M', 'Size S'], common: false },
      { kind: 'tile', sheet: 0, label: 'A3', layers: ['Size M'], common: false },
    ];
    expect(pagesNeeded(manifest, ['Size S'])).toEqual([0, 1, 2]);
    expect(pagesNeeded(manifest, ['Size M'])).toEqual([0, 1, 2, 3]);
    expect(pagesNeeded(manifest, [])).toEqual([0, 1]);
    expect(pagesNeeded(manifest, null)).toEqual([0, 1, 2, 3]);
  });
});
