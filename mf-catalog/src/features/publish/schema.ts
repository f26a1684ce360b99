// The pattern edit form: what the inputs hold (strings, as typed) and the zod schema that
// turns them into the `patterns` columns, with one message per field the person can act on.
import { sizeChartSchema, yardageSchema, type SizeChart, type YardageEntry } from '@stitchhouse/shared/catalog/index.ts';
import * as z from '@stitchhouse/shared/zod.ts';
import { CRAFTS } from '@stitchhouse/shared/catalog/labels.ts';
import { GAUGE_ROWS_RANGE, GAUGE_STITCHES_RANGE, YARN_METRES_RANGE, hasYarnFacets, isNeedleSize } from '@stitchhouse/shared/catalog/yarn.ts';
import type { EditablePattern, PatternFields } from '../../api/publishing.ts';
import { PATTERN_LICENCES } from '@stitchhouse/shared/statuses.ts';

export interface SizeRow {
  label: string;
  bust: string;
  waist: string;
  hip: string;
  finishedBust: string;
  finishedWaist: string;
  finishedHip: string;
}
export interface YardageRow {
  fabric: string;
  widthCm: string;
  size: string;
  metres: string;
}

export interface PatternFormValues {
  title: string;
  description: string;
  craft: string;
  category: string;
  difficulty: string;
  sizeRange: string;
  sizes: SizeRow[];
  yardage: YardageRow[];
  notions: string;
  languages: string;
  tags: string;
  price: string;
  wholesalePrice: string;
  licence: 'personal' | 'small_business';
  /** Knitting and crochet only: CYC weight 0–7 and needle/hook mm as chosen ('' = not given), gauge per 10 cm and yarn metres as typed. */
  yarnWeight: string;
  needleMm: string;
  gaugeStitches: string;
  gaugeRows: string;
  yarnMinM: string;
  yarnMaxM: string;
}

export const emptySizeRow = (): SizeRow => ({ label: '', bust: '', waist: '', hip: '', finishedBust: '', finishedWaist: '', finishedHip: '' });
export const emptyYardageRow = (): YardageRow => ({ fabric: 'Main fabric', widthCm: '150', size: '', metres: '' });

/** The editor of a pattern not saved yet ("New pattern"). */
export const NEW_PATTERN_VALUES: PatternFormValues = {
  title: '',
  description: '',
  craft: 'sewing',
  category: '',
  difficulty: '1',
  sizeRange: '',
  sizes: [],
  yardage: [],
  notions: '',
  languages: 'en',
  tags: '',
  price: '',
  wholesalePrice: '',
  licence: 'personal',
  yarnWeight: '',
  needleMm: '',
  gaugeStitches: '',
  gaugeRows: '',
  yarnMinM: '',
  yarnMaxM: '',
};

const text = (n: number | undefined) => (n === undefined || n === null ? '' : String(n));
const cents = (c: number) => (c === 0 ? '0' : (c / 100).toFixed(2));

export function formValuesOf(p: EditablePattern): PatternFormValues {
  return {
    title: p.title,
    description: p.description,
    craft: p.craft,
    category: p.category,
    difficulty: String(p.difficulty),
    sizeRange: p.sizeRange,
    sizes: p.sizeChart.sizes.map((s) => ({
      label: s.label,
      bust: text(s.bust),
      waist: text(s.waist),
      hip: text(s.hip),
      finishedBust: text(s.finished?.bust),
      finishedWaist: text(s.finished?.waist),
      finishedHip: text(s.finished?.hip),
    })),
    yardage: p.yardage.flatMap((e) =>
      Object.entries(e.metres_by_size).map(([size, m]) => ({ fabric: e.fabric, widthCm: String(e.width_cm), size, metres: String(m) })),
    ),
    notions: p.notions.join('\n'),
    languages: p.languages.join(', '),
    tags: p.tags.join(', '),
    price: cents(p.priceCents),
    wholesalePrice: p.wholesale ? cents(p.wholesale.priceCents) : '',
    licence: p.licence,
    yarnWeight: text(p.yarn.weight ?? undefined),
    needleMm: text(p.yarn.needleMm ?? undefined),
    gaugeStitches: text(p.yarn.gaugeStitches ?? undefined),
    gaugeRows: text(p.yarn.gaugeRows ?? undefined),
    yarnMinM: text(p.yarn.minM ?? undefined),
    yarnMaxM: text(p.yarn.maxM ?? undefined),
  };
}

const list = (value: string, separator: RegExp) =>
  value
    .split(separator)
    .map((s) => s.trim())
    .filter(Boolean);
const money = (label: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{1,7}(\.\d{1,2})?$/, { error: `${label}: enter an amount like 12 or 12.50` })
    .transform((v) => Math.round(Number(v) * 100));
const optionalCm = (label: string) =>
  z
    .string()
    .trim()
    .refine((v) => v === '' || (/^\d{1,3}(\.\d)?$/.test(v) && Number(v) > 0), { error: `${label}: a number of cm, e.g. 88 or 88.5` })
    .transform((v) => (v === '' ? undefined : Number(v)));

/** '' → null, else a number in range with at most one decimal. */
const optionalNumber = (message: string, range: { min: number; max: number }, decimals: RegExp) =>
  z
    .string()
    .trim()
    .refine((v) => v === '' || (decimals.test(v) && Number(v) >= range.min && Number(v) <= range.max), { error: message })
    .transform((v) => (v === '' ? null : Number(v)));

const sizeRowSchema = z.object({
  label: z.string().trim().min(1, { error: 'Every size needs a label' }).max(20, { error: 'Size labels are at most 20 characters' }),
  bust: optionalCm('Bust'),
  waist: optionalCm('Waist'),
  hip: optionalCm('Hip'),
  finishedBust: optionalCm('Finished bust'),
  finishedWaist: optionalCm('Finished waist'),
  finishedHip: optionalCm('Finished hip'),
});

const yardageRowSchema = z.object({
  fabric: z.string().trim().min(1, { error: 'Name the fabric, e.g. Main fabric' }).max(60, { error: 'Fabric names are at most 60 characters' }),
  widthCm: z
    .string()
    .trim()
    .regex(/^\d{2,3}$/, { error: 'Width: whole cm, e.g. 110 or 150' })
    .transform(Number)
    .refine((w) => w >= 30 && w <= 330, { error: 'Width: between 30 and 330 cm' }),
  size: z.string().trim().min(1, { error: 'Which size is this amount for?' }),
  metres: z
    .string()
    .trim()
    .regex(/^\d{1,2}(\.\d{1,2})?$/, { error: 'Metres: e.g. 2.4' })
    .transform(Number)
    .refine((m) => m > 0, { error: 'Metres must be more than 0' }),
});

export const patternFormSchema = z
  .object({
    title: z.string().trim().min(1, { error: 'Give the pattern a title' }).max(120, { error: 'Titles are at most 120 characters' }),
    description: z.string().max(20000, { error: 'The description is at most 20,000 characters' }),
    craft: z.enum(CRAFTS, { error: 'Choose a craft' }),
    category: z
      .string()
      .trim()
      .toLowerCase()
      .regex(/^[a-z][a-z0-9-]{0,39}$/, { error: 'Category: lowercase words joined by hyphens, e.g. dresses or baby-clothes' }),
    difficulty: z.coerce.number().int().min(1, { error: 'Choose a difficulty' }).max(5, { error: 'Choose a difficulty' }),
    sizeRange: z.string().trim().max(40, { error: 'The size range is at most 40 characters, e.g. XS–3XL' }),
    sizes: z.array(sizeRowSchema).max(40, { error: 'A size chart has at most 40 sizes' }),
    yardage: z.array(yardageRowSchema).max(200, { error: 'At most 200 fabric rows' }),
    notions: z
      .string()
      .transform((v) => list(v, /\n|,/))
      .pipe(z.array(z.string().max(100, { error: 'Each notion is at most 100 characters' })).max(50, { error: 'At most 50 notions' })),
    languages: z
      .string()
      .transform((v) => list(v.toLowerCase(), /[,\s]+/))
      .pipe(
        z
          .array(z.string().regex(/^[a-z]{2}$/, { error: 'Languages: two-letter codes such as en, fr, de' }))
          .min(1, { error: 'Name at least one language, e.g. en' }),
      ),
    tags: z
      .string()
      .transform((v) => list(v.toLowerCase(), /,/))
      .pipe(z.array(z.string().max(40, { error: 'Each tag is at most 40 characters' })).max(20, { error: 'At most 20 tags' })),
    price: money('Price').refine((c) => c === 0 || c >= 100, { error: 'Price: 0 for a free pattern, or at least 1.00' }),
    wholesalePrice: z
      .string()
      .trim()
      .transform((v, ctx) => {
        if (v === '') return null;
        const parsed = money('Wholesale price').safeParse(v);
        if (!parsed.success) {
          ctx.addIssue({ code: 'custom', message: 'Wholesale price: enter an amount like 6 or 6.50, or leave it empty' });
          return z.NEVER;
        }
        return parsed.data;
      }),
    licence: z.enum(PATTERN_LICENCES, { error: 'Choose a licence' }),
    yarnWeight: z
      .string()
      .refine((v) => v === '' || /^[0-7]$/.test(v), { error: 'Choose a yarn weight from 0 Lace to 7 Jumbo' })
      .transform((v) => (v === '' ? null : Number(v))),
    needleMm: z
      .string()
      .refine((v) => v === '' || isNeedleSize(Number(v)), { error: 'Choose a standard needle or hook size' })
      .transform((v) => (v === '' ? null : Number(v))),
    gaugeStitches: optionalNumber(
      `Gauge: stitches over 10 cm (4 in), ${GAUGE_STITCHES_RANGE.min}–${GAUGE_STITCHES_RANGE.max}, e.g. 22 or 22.5`,
      GAUGE_STITCHES_RANGE,
      /^\d{1,2}(\.\d)?$/,
    ),
    gaugeRows: optionalNumber(`Gauge: rows over 10 cm (4 in), ${GAUGE_ROWS_RANGE.min}–${GAUGE_ROWS_RANGE.max}, e.g. 30`, GAUGE_ROWS_RANGE, /^\d{1,3}(\.\d)?$/),
    yarnMinM: optionalNumber('Yarn: whole metres for the smallest size, e.g. 900', YARN_METRES_RANGE, /^\d{1,6}$/),
    yarnMaxM: optionalNumber('Yarn: whole metres for the largest size, e.g. 1600', YARN_METRES_RANGE, /^\d{1,6}$/),
  })
  .superRefine((v, ctx) => {
    if (hasYarnFacets(v.craft)) {
      if (v.gaugeRows !== null && v.gaugeStitches === null)
        ctx.addIssue({ code: 'custom', path: ['gaugeStitches'], message: 'Gauge: give the stitches as well as the rows' });
      if ((v.yarnMinM === null) !== (v.yarnMaxM === null)) {
        ctx.addIssue({
          code: 'custom',
          path: [v.yarnMinM === null ? 'yarnMinM' : 'yarnMaxM'],
          message: 'Yarn: give the metres for the smallest and the largest size (the same for one size)',
        });
      } else if (v.yarnMinM !== null && v.yarnMaxM !== null && v.yarnMinM > v.yarnMaxM) {
        ctx.addIssue({ code: 'custom', path: ['yarnMaxM'], message: 'Yarn: the largest size needs at least as much as the smallest' });
      }
    }
    const labels = new Set<string>();
    v.sizes.forEach((s, i) => {
      if (labels.has(s.label.toLowerCase())) ctx.addIssue({ code: 'custom', path: ['sizes', i, 'label'], message: `Size "${s.label}" appears twice` });
      labels.add(s.label.toLowerCase());
    });
    v.yardage.forEach((row, i) => {
      if (labels.size > 0 && !labels.has(row.size.toLowerCase())) {
        ctx.addIssue({ code: 'custom', path: ['yardage', i, 'size'], message: `Size "${row.size}" is not in the size chart` });
      }
    });
  });

export type FieldErrors = Record<string, string>;

/** The pattern's parsed form values (what patternFormSchema turns the inputs into). */
export type PatternFormOutput = z.output<typeof patternFormSchema>;

/** What the schema checks: the yarn fields are hidden for other crafts, so what they still hold is not checked, and is cleared. */
export function checkedValues(values: PatternFormValues): PatternFormValues {
  return hasYarnFacets(values.craft) ? values : { ...values, yarnWeight: '', needleMm: '', gaugeStitches: '', gaugeRows: '', yarnMinM: '', yarnMaxM: '' };
}

/** The columns to save, or the first message for each field (keys like "title", "sizes.2.bust"). */
export function validatePatternForm(
  values: PatternFormValues,
): { ok: true; fields: PatternFields; wholesaleCents: number | null } | { ok: false; errors: FieldErrors } {
  const parsed = patternFormSchema.safeParse(checkedValues(values));
  if (!parsed.success) {
    const errors: FieldErrors = {};
    for (const issue of parsed.error.issues) {
      const key = issue.path.join('.');
      errors[key] ??= issue.message;
    }
    return { ok: false, errors };
  }
  return patternFieldsOf(parsed.data);
}

/** The columns of checked values, once the shared catalog rules (size chart, yardage) accept them. */
export function patternFieldsOf(v: PatternFormOutput): { ok: true; fields: PatternFields; wholesaleCents: number | null } | { ok: false; errors: FieldErrors } {
  const chart = sizeChartSchema.safeParse({
    sizes: v.sizes.map((s) => {
      const finished = { bust: s.finishedBust, waist: s.finishedWaist, hip: s.finishedHip };
      const hasFinished = Object.values(finished).some((x) => x !== undefined);
      return JSON.parse(JSON.stringify({ label: s.label, bust: s.bust, waist: s.waist, hip: s.hip, finished: hasFinished ? finished : undefined }));
    }),
  });
  const grouped = new Map<string, YardageEntry>();
  for (const row of v.yardage) {
    const key = `${row.fabric.toLowerCase()}|${row.widthCm}`;
    const entry = grouped.get(key) ?? { fabric: row.fabric, width_cm: row.widthCm, metres_by_size: {} };
    entry.metres_by_size[row.size] = row.metres;
    grouped.set(key, entry);
  }
  const yardage = yardageSchema.safeParse([...grouped.values()]);
  if (!chart.success || !yardage.success) {
    // the shared catalog rules (ranges the fit filter relies on) have the last word
    const errors: FieldErrors = {};
    if (!chart.success) errors.sizes = chart.error.issues[0]!.message;
    if (!yardage.success) errors.yardage = yardage.error.issues[0]!.message;
    return { ok: false, errors };
  }
  return {
    ok: true,
    wholesaleCents: v.wholesalePrice,
    fields: {
      title: v.title,
      description: v.description,
      craft: v.craft,
      category: v.category,
      difficulty: v.difficulty,
      size_range: v.sizeRange,
      size_chart: chart.data as SizeChart,
      yardage: yardage.data as YardageEntry[],
      notions: v.notions,
      languages: v.languages,
      tags: [...new Set(v.tags)],
      licence: v.licence,
      price_cents: v.price,
      // only knitting and crochet carry yarn facets: another craft clears them
      ...(hasYarnFacets(v.craft)
        ? {
            yarn_weight: v.yarnWeight,
            needle_mm: v.needleMm,
            gauge_stitches_10cm: v.gaugeStitches,
            gauge_rows_10cm: v.gaugeRows,
            yarn_min_m: v.yarnMinM,
            yarn_max_m: v.yarnMaxM,
          }
        : { yarn_weight: null, needle_mm: null, gauge_stitches_10cm: null, gauge_rows_10cm: null, yarn_min_m: null, yarn_max_m: null }),
    },
  };
}

/** What still stops publishing (the database checks the same list). */
export function publishGaps(p: { title: string; coverPath: string | null; files: readonly unknown[] }): string[] {
  const gaps: string[] = [];
  if (!p.title.trim()) gaps.push('a title');
  if (!p.coverPath) gaps.push('a cover image');
  if (p.files.length === 0) gaps.push('at least one pattern file');
  return gaps;
}
