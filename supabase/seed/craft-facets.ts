// Knitting and crochet facets for the demo patterns: yarn weight (Craft Yarn Council
// 0–7), the needle or hook size of the gauge, the gauge per 10 cm and the yarn for the smallest
// and largest size, per design (the generated titles end with the design's name). A separate
// step after the patterns, so the catalog's generator stays as it is; idempotent (an UPDATE
// to the same values).
import type { Queryable } from './db.ts';

interface YarnFacts {
  craft: 'knitting' | 'crochet';
  design: string;
  weight: number;
  needleMm: number;
  stitches: number;
  rows: number | null;
  metres: [number, number];
}

export const CRAFT_FACETS: readonly YarnFacts[] = [
  { craft: 'knitting', design: 'Cabled Sweater', weight: 4, needleMm: 4.5, stitches: 18, rows: 24, metres: [1100, 1900] },
  { craft: 'knitting', design: 'Colourwork Yoke Sweater', weight: 3, needleMm: 4, stitches: 22, rows: 28, metres: [1000, 1700] },
  { craft: 'knitting', design: 'Ribbed Beanie', weight: 4, needleMm: 4.5, stitches: 20, rows: 26, metres: [160, 230] },
  { craft: 'knitting', design: 'Lace Shawl', weight: 1, needleMm: 3.5, stitches: 22, rows: 32, metres: [700, 700] },
  { craft: 'knitting', design: 'Everyday Socks', weight: 1, needleMm: 2.5, stitches: 32, rows: 44, metres: [300, 420] },
  { craft: 'knitting', design: 'Raglan Cardigan', weight: 3, needleMm: 4, stitches: 22, rows: 30, metres: [900, 1600] },
  { craft: 'crochet', design: 'Granny Square Cardigan', weight: 4, needleMm: 5, stitches: 16, rows: 9, metres: [900, 1500] },
  { craft: 'crochet', design: 'Market Bag', weight: 3, needleMm: 4, stitches: 18, rows: 10, metres: [350, 350] },
  { craft: 'crochet', design: 'Amigurumi Whale', weight: 3, needleMm: 3, stitches: 24, rows: 26, metres: [150, 150] },
  { craft: 'crochet', design: 'Bucket Hat', weight: 4, needleMm: 4.5, stitches: 16, rows: 18, metres: [180, 260] },
  { craft: 'crochet', design: 'Ripple Blanket', weight: 4, needleMm: 5, stitches: 15, rows: 8, metres: [1200, 2400] },
  { craft: 'crochet', design: 'Textured Pullover', weight: 4, needleMm: 5.5, stitches: 14, rows: 12, metres: [1100, 1900] },
];

/** Sets the facets on every demo knitting and crochet pattern of a known design; returns how many. */
export async function insertCraftFacets(pool: Queryable): Promise<number> {
  const { rowCount } = await pool.query(
    `update public.patterns p
        set yarn_weight = f.weight, needle_mm = f.needle_mm, gauge_stitches_10cm = f.stitches, gauge_rows_10cm = f.rows,
            yarn_min_m = f.min_m, yarn_max_m = f.max_m
       from jsonb_to_recordset($1::jsonb) as f(craft text, design text, weight smallint, needle_mm numeric, stitches numeric, rows numeric, min_m integer, max_m integer)
      where p.craft = f.craft and (p.title like '%' || f.design or p.title like '%' || f.design || ' No. %')
        and (p.yarn_weight, p.needle_mm, p.gauge_stitches_10cm, p.gauge_rows_10cm, p.yarn_min_m, p.yarn_max_m)
            is distinct from (f.weight, f.needle_mm, f.stitches, f.rows, f.min_m, f.max_m)`,
    [
      JSON.stringify(
        CRAFT_FACETS.map((f) => ({
          craft: f.craft,
          design: f.design,
          weight: f.weight,
          needle_mm: f.needleMm,
          stitches: f.stitches,
          rows: f.rows,
          min_m: f.metres[0],
          max_m: f.metres[1],
        })),
      ),
    ],
  );
  return rowCount ?? 0;
}
