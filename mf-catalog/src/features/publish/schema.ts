// The pattern edit form: what the inputs hold (strings, as typed) and the zod schema that
// turns them into the `patterns` columns, with one message per field the person can act on
// (in the page's language: zod asks for each message when it finds the problem).
import { sizeChartSchema, yardageSchema, type SizeChart, type YardageEntry } from '@stitchhouse/shared/catalog/index.ts';
import * as z from '@stitchhouse/shared/zod.ts';
import { i18n } from '@stitchhouse/shared/i18n/index.ts';
import { CRAFTS } from '@stitchhouse/shared/catalog/labels.ts';
import { GAUGE_ROWS_RANGE, GAUGE_STITCHES_RANGE, YARN_METRES_RANGE, hasYarnFacets, isNeedleSize } from '@stitchhouse/shared/catalog/yarn.ts';
import type { EditablePattern, PatternFields } from '../../api/publish.ts';
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
const amount = /^\d{1,7}(\.\d{1,2})?$/;
const money = () =>
  z
    .string()
    .trim()
    .regex(amount, { error: () => i18n._('catalog.publish.form.priceAmount') })
    .transform((v) => Math.round(Number(v) * 100));
/** `column` is the column's message id (the size chart's heading, e.g. "Bust"). */
const optionalCm = (column: string) =>
  z
    .string()
    .trim()
    .refine((v) => v === '' || (/^\d{1,3}(\.\d)?$/.test(v) && Number(v) > 0), { error: () => i18n._('catalog.publish.form.cm', { column: i18n._(column) }) })
    .transform((v) => (v === '' ? undefined : Number(v)));

/** '' → null, else a number in range with at most one decimal. */
const optionalNumber = (message: () => string, range: { min: number; max: number }, decimals: RegExp) =>
  z
    .string()
    .trim()
    .refine((v) => v === '' || (decimals.test(v) && Number(v) >= range.min && Number(v) <= range.max), { error: message })
    .transform((v) => (v === '' ? null : Number(v)));

/** The size chart's column headings (message ids), shared by the editor's table and the messages. */
export const SIZE_COLUMNS: Record<keyof SizeRow, string> = {
  label: /*i18n*/ 'catalog.publish.col.size',
  bust: /*i18n*/ 'catalog.publish.col.bust',
  waist: /*i18n*/ 'catalog.publish.col.waist',
  hip: /*i18n*/ 'catalog.publish.col.hip',
  finishedBust: /*i18n*/ 'catalog.publish.col.finishedBust',
  finishedWaist: /*i18n*/ 'catalog.publish.col.finishedWaist',
  finishedHip: /*i18n*/ 'catalog.publish.col.finishedHip',
};

const sizeRowSchema = z.object({
  label: z
    .string()
    .trim()
    .min(1, { error: () => i18n._('catalog.publish.form.sizeLabel') })
    .max(20, { error: () => i18n._('catalog.publish.form.sizeLabelLength') }),
  bust: optionalCm(SIZE_COLUMNS.bust),
  waist: optionalCm(SIZE_COLUMNS.waist),
  hip: optionalCm(SIZE_COLUMNS.hip),
  finishedBust: optionalCm(SIZE_COLUMNS.finishedBust),
  finishedWaist: optionalCm(SIZE_COLUMNS.finishedWaist),
  finishedHip: optionalCm(SIZE_COLUMNS.finishedHip),
});

const yardageRowSchema = z.object({
  fabric: z
    .string()
    .trim()
    .min(1, { error: () => i18n._('catalog.publish.form.fabric') })
    .max(60, { error: () => i18n._('catalog.publish.form.fabricLength') }),
  widthCm: z
    .string()
    .trim()
    .regex(/^\d{2,3}$/, { error: () => i18n._('catalog.publish.form.width') })
    .transform(Number)
    .refine((w) => w >= 30 && w <= 330, { error: () => i18n._('catalog.publish.form.widthRange') }),
  size: z
    .string()
    .trim()
    .min(1, { error: () => i18n._('catalog.publish.form.yardageSize') }),
  metres: z
    .string()
    .trim()
    .regex(/^\d{1,2}(\.\d{1,2})?$/, { error: () => i18n._('catalog.publish.form.metres') })
    .transform(Number)
    .refine((m) => m > 0, { error: () => i18n._('catalog.publish.form.metresPositive') }),
});

export const patternFormSchema = z
  .object({
    title: z
      .string()
      .trim()
      .min(1, { error: () => i18n._('catalog.publish.form.title') })
      .max(120, { error: () => i18n._('catalog.publish.form.titleLength') }),
    description: z.string().max(20000, { error: () => i18n._('catalog.publish.form.descriptionLength') }),
    craft: z.enum(CRAFTS, { error: () => i18n._('catalog.publish.form.craft') }),
    category: z
      .string()
      .trim()
      .toLowerCase()
      .regex(/^[a-z][a-z0-9-]{0,39}$/, { error: () => i18n._('catalog.publish.form.category') }),
    difficulty: z.coerce
      .number()
      .int()
      .min(1, { error: () => i18n._('catalog.publish.form.difficulty') })
      .max(5, { error: () => i18n._('catalog.publish.form.difficulty') }),
    sizeRange: z
      .string()
      .trim()
      .max(40, { error: () => i18n._('catalog.publish.form.sizeRange') }),
    sizes: z.array(sizeRowSchema).max(40, { error: () => i18n._('catalog.publish.form.sizesMax') }),
    yardage: z.array(yardageRowSchema).max(200, { error: () => i18n._('catalog.publish.form.yardageMax') }),
    notions: z
      .string()
      .transform((v) => list(v, /\n|,/))
      .pipe(
        z
          .array(z.string().max(100, { error: () => i18n._('catalog.publish.form.notionLength') }))
          .max(50, { error: () => i18n._('catalog.publish.form.notionsMax') }),
      ),
    languages: z
      .string()
      .transform((v) => list(v.toLowerCase(), /[,\s]+/))
      .pipe(
        z
          .array(z.string().regex(/^[a-z]{2}$/, { error: () => i18n._('catalog.publish.form.languageCode') }))
          .min(1, { error: () => i18n._('catalog.publish.form.languagesMin') }),
      ),
    tags: z
      .string()
      .transform((v) => list(v.toLowerCase(), /,/))
      .pipe(
        z.array(z.string().max(40, { error: () => i18n._('catalog.publish.form.tagLength') })).max(20, { error: () => i18n._('catalog.publish.form.tagsMax') }),
      ),
    price: money().refine((c) => c === 0 || c >= 100, { error: () => i18n._('catalog.publish.form.priceMin') }),
    wholesalePrice: z
      .string()
      .trim()
      .transform((v, ctx) => {
        if (v === '') return null;
        if (!amount.test(v)) {
          ctx.addIssue({ code: 'custom', message: i18n._('catalog.publish.form.wholesaleAmount') });
          return z.NEVER;
        }
        return Math.round(Number(v) * 100);
      }),
    licence: z.enum(PATTERN_LICENCES, { error: () => i18n._('catalog.publish.form.licence') }),
    yarnWeight: z
      .string()
      .refine((v) => v === '' || /^[0-7]$/.test(v), { error: () => i18n._('catalog.publish.form.yarnWeight') })
      .transform((v) => (v === '' ? null : Number(v))),
    needleMm: z
      .string()
      .refine((v) => v === '' || isNeedleSize(Number(v)), { error: () => i18n._('catalog.publish.form.needle') })
      .transform((v) => (v === '' ? null : Number(v))),
    gaugeStitches: optionalNumber(() => i18n._('catalog.publish.form.gaugeStitches', GAUGE_STITCHES_RANGE), GAUGE_STITCHES_RANGE, /^\d{1,2}(\.\d)?$/),
    gaugeRows: optionalNumber(() => i18n._('catalog.publish.form.gaugeRows', GAUGE_ROWS_RANGE), GAUGE_ROWS_RANGE, /^\d{1,3}(\.\d)?$/),
    yarnMinM: optionalNumber(() => i18n._('catalog.publish.form.yarnMin'), YARN_METRES_RANGE, /^\d{1,6}$/),
    yarnMaxM: optionalNumber(() => i18n._('catalog.publish.form.yarnMax'), YARN_METRES_RANGE, /^\d{1,6}$/),
  })
  .superRefine((v, ctx) => {
    if (hasYarnFacets(v.craft)) {
      if (v.gaugeRows !== null && v.gaugeStitches === null)
        ctx.addIssue({ code: 'custom', path: ['gaugeStitches'], message: i18n._('catalog.publish.form.gaugeBoth') });
      if ((v.yarnMinM === null) !== (v.yarnMaxM === null)) {
        ctx.addIssue({
          code: 'custom',
          path: [v.yarnMinM === null ? 'yarnMinM' : 'yarnMaxM'],
          message: i18n._('catalog.publish.form.yarnBoth'),
        });
      } else if (v.yarnMinM !== null && v.yarnMaxM !== null && v.yarnMinM > v.yarnMaxM) {
        ctx.addIssue({ code: 'custom', path: ['yarnMaxM'], message: i18n._('catalog.publish.form.yarnOrder') });
      }
    }
    const labels = new Set<string>();
    v.sizes.forEach((s, i) => {
      if (labels.has(s.label.toLowerCase()))
        ctx.addIssue({ code: 'custom', path: ['sizes', i, 'label'], message: i18n._('catalog.publish.form.sizeTwice', { size: s.label }) });
      labels.add(s.label.toLowerCase());
    });
    v.yardage.forEach((row, i) => {
      if (labels.size > 0 && !labels.has(row.size.toLowerCase())) {
        ctx.addIssue({ code: 'custom', path: ['yardage', i, 'size'], message: i18n._('catalog.publish.form.sizeUnknown', { size: row.size }) });
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

/** What still stops publishing (the database checks the same list), as message ids: `i18n._(gap)`. */
export function publishGaps(p: { title: string; coverPath: string | null; files: readonly unknown[] }): string[] {
  const gaps: string[] = [];
  if (!p.title.trim()) gaps.push(/*i18n*/ 'catalog.publish.gap.title');
  if (!p.coverPath) gaps.push(/*i18n*/ 'catalog.publish.gap.cover');
  if (p.files.length === 0) gaps.push(/*i18n*/ 'catalog.publish.gap.file');
  return gaps;
}
