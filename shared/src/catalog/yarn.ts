// Knitting and crochet facets: yarn weight, gauge, yarn amount and needle/hook size,
// in the words knitters and crocheters use. The database keeps the codes (patterns.yarn_weight
// 0–7, needle_mm one of public.needle_sizes_mm(), gauge per 10 cm, yarn in metres: migration
// 20261202008000_craft_facets.sql); supabase/test/migrations/craft-facets.test.ts holds the two lists equal.
// Names and labels are read at render in the page's language (English in the functions).
import { formatLocale, sharedText } from '../formatLocale.ts';

/** Crafts whose patterns carry the yarn facets (patterns_yarn_facets_knit_crochet). */
export const YARN_CRAFTS = ['knitting', 'crochet'] as const;

export function hasYarnFacets(craft: string | null | undefined): boolean {
  return craft === 'knitting' || craft === 'crochet';
}

/**
 * The Craft Yarn Council's standard weights (0 Lace … 7 Jumbo), with the names Ravelry and
 * yarn labels use for each. Index = the weight number stored.
 */
export const YARN_WEIGHTS = [
  {
    weight: 0,
    get name() {
      return sharedText(/*i18n*/ 'shared.yarn.weight.lace.name', 'Lace');
    },
    get also() {
      return sharedText(/*i18n*/ 'shared.yarn.weight.lace.also', 'lace, light fingering');
    },
  },
  {
    weight: 1,
    get name() {
      return sharedText(/*i18n*/ 'shared.yarn.weight.superFine.name', 'Super Fine');
    },
    get also() {
      return sharedText(/*i18n*/ 'shared.yarn.weight.superFine.also', 'fingering, sock');
    },
  },
  {
    weight: 2,
    get name() {
      return sharedText(/*i18n*/ 'shared.yarn.weight.fine.name', 'Fine');
    },
    get also() {
      return sharedText(/*i18n*/ 'shared.yarn.weight.fine.also', 'sport, baby');
    },
  },
  {
    weight: 3,
    get name() {
      return sharedText(/*i18n*/ 'shared.yarn.weight.light.name', 'Light');
    },
    get also() {
      return sharedText(/*i18n*/ 'shared.yarn.weight.light.also', 'DK, light worsted');
    },
  },
  {
    weight: 4,
    get name() {
      return sharedText(/*i18n*/ 'shared.yarn.weight.medium.name', 'Medium');
    },
    get also() {
      return sharedText(/*i18n*/ 'shared.yarn.weight.medium.also', 'worsted, aran');
    },
  },
  {
    weight: 5,
    get name() {
      return sharedText(/*i18n*/ 'shared.yarn.weight.bulky.name', 'Bulky');
    },
    get also() {
      return sharedText(/*i18n*/ 'shared.yarn.weight.bulky.also', 'chunky');
    },
  },
  {
    weight: 6,
    get name() {
      return sharedText(/*i18n*/ 'shared.yarn.weight.superBulky.name', 'Super Bulky');
    },
    get also() {
      return sharedText(/*i18n*/ 'shared.yarn.weight.superBulky.also', 'super chunky, roving');
    },
  },
  {
    weight: 7,
    get name() {
      return sharedText(/*i18n*/ 'shared.yarn.weight.jumbo.name', 'Jumbo');
    },
    get also() {
      return sharedText(/*i18n*/ 'shared.yarn.weight.jumbo.also', 'jumbo, roving');
    },
  },
] as const;

/** "3 Light (DK, light worsted)"; '' for anything that is not a standard weight. */
export function yarnWeightLabel(weight: number | null | undefined): string {
  const entry = weight === null || weight === undefined ? undefined : YARN_WEIGHTS[weight];
  return entry
    ? sharedText(/*i18n*/ 'shared.yarn.weightLabel', '{weight} {name} ({also})', { weight: number(entry.weight), name: entry.name, also: entry.also })
    : '';
}

/** "3 Light": the short form for a card. */
export function yarnWeightShort(weight: number | null | undefined): string {
  const entry = weight === null || weight === undefined ? undefined : YARN_WEIGHTS[weight];
  return entry ? sharedText(/*i18n*/ 'shared.yarn.weightShort', '{weight} {name}', { weight: number(entry.weight), name: entry.name }) : '';
}

/**
 * Standard metric needle and hook sizes with their US names (Craft Yarn Council tables);
 * null where that size has no US name. The same millimetres as public.needle_sizes_mm().
 */
export const NEEDLE_SIZES: readonly { mm: number; usKnitting: string | null; usCrochet: string | null }[] = [
  { mm: 1.5, usKnitting: '000', usCrochet: null },
  { mm: 1.75, usKnitting: '00', usCrochet: null },
  { mm: 2, usKnitting: '0', usCrochet: null },
  { mm: 2.25, usKnitting: '1', usCrochet: 'B-1' },
  { mm: 2.5, usKnitting: '1½', usCrochet: null },
  { mm: 2.75, usKnitting: '2', usCrochet: 'C-2' },
  { mm: 3, usKnitting: '2½', usCrochet: null },
  { mm: 3.25, usKnitting: '3', usCrochet: 'D-3' },
  { mm: 3.5, usKnitting: '4', usCrochet: 'E-4' },
  { mm: 3.75, usKnitting: '5', usCrochet: 'F-5' },
  { mm: 4, usKnitting: '6', usCrochet: 'G-6' },
  { mm: 4.5, usKnitting: '7', usCrochet: '7' },
  { mm: 5, usKnitting: '8', usCrochet: 'H-8' },
  { mm: 5.5, usKnitting: '9', usCrochet: 'I-9' },
  { mm: 6, usKnitting: '10', usCrochet: 'J-10' },
  { mm: 6.5, usKnitting: '10½', usCrochet: 'K-10½' },
  { mm: 7, usKnitting: null, usCrochet: null },
  { mm: 8, usKnitting: '11', usCrochet: 'L-11' },
  { mm: 9, usKnitting: '13', usCrochet: 'M/N-13' },
  { mm: 10, usKnitting: '15', usCrochet: 'N/P-15' },
  { mm: 12, usKnitting: '17', usCrochet: null },
  { mm: 15, usKnitting: '19', usCrochet: 'P/Q' },
  { mm: 19, usKnitting: '35', usCrochet: 'S' },
  { mm: 25, usKnitting: '50', usCrochet: 'T/U/X' },
];

export function isNeedleSize(mm: number): boolean {
  return NEEDLE_SIZES.some((size) => size.mm === mm);
}

/** "4 mm (US 6)" for knitting, "5 mm (US H-8)" for crochet; without a US name just "7 mm". */
export function needleLabel(mm: number | null | undefined, craft?: string | null): string {
  if (mm === null || mm === undefined) return '';
  const size = NEEDLE_SIZES.find((s) => s.mm === mm);
  const us = size ? (craft === 'crochet' ? size.usCrochet : craft === 'knitting' ? size.usKnitting : (size.usKnitting ?? size.usCrochet)) : null;
  return us ? `${number(mm, 2)} mm (US ${us})` : `${number(mm, 2)} mm`;
}

/** What the needle is called for a craft: "Needle size" or "Hook size". */
export function needleName(craft: string | null | undefined): string {
  return craft === 'crochet'
    ? sharedText(/*i18n*/ 'shared.yarn.hookSize', 'Hook size')
    : craft === 'knitting'
      ? sharedText(/*i18n*/ 'shared.yarn.needleSize', 'Needle size')
      : sharedText(/*i18n*/ 'shared.yarn.needleOrHookSize', 'Needle or hook size');
}

const number = (n: number, digits = 0) => n.toLocaleString(formatLocale(), { maximumFractionDigits: digits });

/** "22 sts × 28 rows = 10 cm (4 in)"; rows are optional. */
export function gaugeLabel(stitches: number | null | undefined, rows?: number | null): string {
  if (stitches === null || stitches === undefined) return '';
  return rows
    ? sharedText(/*i18n*/ 'shared.yarn.gauge', '{stitches} sts × {rows} rows = 10 cm (4 in)', { stitches: number(stitches, 1), rows: number(rows, 1) })
    : sharedText(/*i18n*/ 'shared.yarn.gaugeStitches', '{stitches} sts = 10 cm (4 in)', { stitches: number(stitches, 1) });
}

export const METRES_PER_YARD = 0.9144;
export const metresToYards = (m: number) => Math.round(m / METRES_PER_YARD);
export const yardsToMetres = (yd: number) => Math.round(yd * METRES_PER_YARD);

/** "1,000–1,700 m (1,094–1,859 yd)", or one amount when both ends are equal. */
export function yarnAmountLabel(minM: number | null | undefined, maxM: number | null | undefined): string {
  if (minM === null || minM === undefined || maxM === null || maxM === undefined) return '';
  const metres = minM === maxM ? number(minM) : `${number(minM)}–${number(maxM)}`;
  const yards = minM === maxM ? number(metresToYards(minM)) : `${number(metresToYards(minM))}–${number(metresToYards(maxM))}`;
  return `${metres} m (${yards} yd)`;
}

/** The "I have this much yarn" choices of the catalog filter (metres): patterns whose smallest size needs at most that. */
export const YARN_STEPS_M = [200, 400, 800, 1200, 2000] as const;

/** Gauges a designer may give and a buyer may filter by (stitches / rows per 10 cm). */
export const GAUGE_STITCHES_RANGE = { min: 1, max: 60 } as const;
export const GAUGE_ROWS_RANGE = { min: 1, max: 100 } as const;
export const YARN_METRES_RANGE = { min: 1, max: 100000 } as const;
