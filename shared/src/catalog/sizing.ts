// The "fits me" rule and the recommended size. The same rule exists in SQL (the schema's
// filtering RPC over bust/waist/hip_min/max_cm); see /work/notes/catalog-shapes.md.
// Everything here works in centimetres; inches are converted at the edge.
// zod/mini: the catalog and pattern pages load this, and the page's one zod flavour is the shell's mini.
import * as z from 'zod/mini';
import { cmToInches, formatDecimal, formatEighths, roundToStep, toCm, type LengthUnit } from './units.ts';

export const BODY_MEASUREMENTS = ['bust', 'waist', 'hip'] as const;
export type BodyMeasurement = (typeof BODY_MEASUREMENTS)[number];

/** A size is still recommended (and a chart still covers a person) within this much. */
export const FIT_TOLERANCE_CM = 2;

/** Plausible adult and child body measurements, in cm. Outside these, a typo is likelier than a body. */
export const MEASUREMENT_RANGES_CM: Record<BodyMeasurement, { min: number; max: number }> = {
  bust: { min: 40, max: 220 },
  waist: { min: 35, max: 220 },
  hip: { min: 45, max: 240 },
};

const MEASUREMENT_NAMES: Record<BodyMeasurement, string> = { bust: 'Bust', waist: 'Waist', hip: 'Hip' };

export type BodyMeasurementsCm = Partial<Record<BodyMeasurement, number>>;

export interface SizeChartEntry extends BodyMeasurementsCm {
  label: string;
  finished?: BodyMeasurementsCm;
}

export interface SizeChart {
  sizes: SizeChartEntry[];
}

const chartValue = z.number({ error: 'Size chart measurements must be numbers (cm)' }).check(
  z.positive({ error: 'Size chart measurements must be greater than 0 cm' }),
  z.lte(400, { error: 'Size chart measurements must be at most 400 cm' }),
);

const chartMeasurements = z.object({
  bust: z.optional(chartValue),
  waist: z.optional(chartValue),
  hip: z.optional(chartValue),
});

/** `patterns.size_chart`: sizes in grading order, unique non-empty labels. */
export const sizeChartSchema = z.object({
  sizes: z
    .array(
      z.extend(chartMeasurements, {
        label: z.string().check(z.trim(), z.minLength(1, { error: 'Every size needs a label' }), z.maxLength(20, { error: 'Size labels are at most 20 characters' })),
        finished: z.optional(chartMeasurements),
      }),
    )
    .check(z.maxLength(40, { error: 'A size chart has at most 40 sizes' }), z.superRefine((sizes, ctx) => {
      const seen = new Set<string>();
      sizes.forEach((size, index) => {
        const key = size.label.toLowerCase();
        if (seen.has(key)) {
          ctx.addIssue({ code: 'custom', path: [index, 'label'], message: `Size "${size.label}" appears twice` });
        }
        seen.add(key);
      });
    })),
});

function rangeMessage(measurement: BodyMeasurement, unit: LengthUnit): string {
  const { min, max } = MEASUREMENT_RANGES_CM[measurement];
  const show = (cm: number) => (unit === 'cm' ? `${cm} cm` : `${formatDecimal(cmToInches(cm))} in`);
  return `${MEASUREMENT_NAMES[measurement]} must be between ${show(min)} and ${show(max)}`;
}

/** zod/mini's transforms get the parse payload (classic wraps it with `ctx.addIssue`): a form message on it. */
function addIssue(ctx: z.core.ParsePayload, message: string, path: PropertyKey[] = []): void {
  ctx.issues.push({ code: 'custom', message, input: ctx.value, path });
}

const optionalNumber = (measurement: BodyMeasurement) =>
  z.pipe(
    z.optional(z.union([z.number(), z.string()])),
    z.transform((value: number | string | undefined, ctx): number | undefined => {
      if (value === undefined) return undefined;
      if (typeof value === 'string') {
        const trimmed = value.trim().replace(',', '.');
        if (trimmed === '') return undefined;
        const parsed = Number(trimmed);
        if (!Number.isFinite(parsed)) {
          addIssue(ctx, `${MEASUREMENT_NAMES[measurement]} must be a number`);
          return z.NEVER;
        }
        return parsed;
      }
      if (!Number.isFinite(value)) {
        addIssue(ctx, `${MEASUREMENT_NAMES[measurement]} must be a number`);
        return z.NEVER;
      }
      return value;
    }),
  );

/**
 * What a person types into the "fits me" form: any of bust/waist/hip, in cm or inches,
 * as numbers or form strings ("86", "33,5", ""). Parses to centimetres rounded to 0.1.
 */
export const bodyMeasurementsInputSchema = z.pipe(
  z.object({
    unit: z._default(z.enum(['cm', 'in'], { error: 'Unit must be cm or in' }), 'cm'),
    bust: optionalNumber('bust'),
    waist: optionalNumber('waist'),
    hip: optionalNumber('hip'),
  }),
  z.transform((input, ctx): BodyMeasurementsCm => {
    const result: BodyMeasurementsCm = {};
    let outOfRange = false;
    for (const measurement of BODY_MEASUREMENTS) {
      const value = input[measurement];
      if (value === undefined) continue;
      const cm = toCm(value, input.unit);
      const { min, max } = MEASUREMENT_RANGES_CM[measurement];
      if (cm < min || cm > max) {
        addIssue(ctx, rangeMessage(measurement, input.unit), [measurement]);
        outOfRange = true;
        continue;
      }
      result[measurement] = roundToStep(cm, 0.1);
    }
    if (Object.keys(result).length === 0 && !outOfRange) {
      addIssue(ctx, 'Enter at least one measurement: bust, waist or hip');
    }
    return result;
  }),
);

export type BodyMeasurementsInput = z.input<typeof bodyMeasurementsInputSchema>;

export type ParsedMeasurements =
  | { ok: true; value: BodyMeasurementsCm }
  | { ok: false; errors: Partial<Record<BodyMeasurement | 'form', string>> };

/** Form-friendly wrapper: centimetres, or one clear message per field. */
export function parseBodyMeasurements(input: unknown): ParsedMeasurements {
  const parsed = bodyMeasurementsInputSchema.safeParse(input);
  if (parsed.success) return { ok: true, value: parsed.data };
  const errors: Partial<Record<BodyMeasurement | 'form', string>> = {};
  for (const issue of parsed.error.issues) {
    const head = issue.path[0];
    const key = head === 'bust' || head === 'waist' || head === 'hip' ? head : 'form';
    errors[key] ??= issue.message;
  }
  return { ok: false, errors };
}

/** Smallest and largest value of a measurement across the chart, or null if no size gives it. */
export function chartRange(chart: SizeChart, measurement: BodyMeasurement): { min: number; max: number } | null {
  let min = Infinity;
  let max = -Infinity;
  for (const size of chart.sizes) {
    const value = size[measurement];
    if (value === undefined || value === null) continue;
    min = Math.min(min, value);
    max = Math.max(max, value);
  }
  return min === Infinity ? null : { min, max };
}

/**
 * The chart covers a person when every measurement they gave lies within
 * [smallest − 2 cm, largest + 2 cm]. A chart that does not list a measurement the person
 * gave does not cover them (we cannot promise a fit), matching SQL's NULL comparison.
 */
export function fitsMe(chart: SizeChart, person: BodyMeasurementsCm): boolean {
  let asked = 0;
  for (const measurement of BODY_MEASUREMENTS) {
    const value = person[measurement];
    if (value === undefined) continue;
    asked++;
    const range = chartRange(chart, measurement);
    if (!range) return false;
    if (value < range.min - FIT_TOLERANCE_CM || value > range.max + FIT_TOLERANCE_CM) return false;
  }
  return asked > 0;
}

/**
 * First size in grading order whose bust, waist and hip each reach the person's value − 2 cm
 * (a measurement either side leaves out is not compared); the largest size when none does;
 * null for a chart without sizes.
 */
export function recommendedSize(chart: SizeChart, person: BodyMeasurementsCm): SizeChartEntry | null {
  const { sizes } = chart;
  if (sizes.length === 0) return null;
  const found = sizes.find((size) =>
    BODY_MEASUREMENTS.every((measurement) => {
      const wanted = person[measurement];
      const offered = size[measurement];
      return wanted === undefined || offered === undefined || offered === null || offered >= wanted - FIT_TOLERANCE_CM;
    }),
  );
  return found ?? sizes[sizes.length - 1]!;
}

/**
 * "86 cm" or "33⅞ in" (inches to the nearest eighth, as tape measures read).
 * `value` is always centimetres.
 */
export function formatMeasurement(valueCm: number, unit: LengthUnit = 'cm'): string {
  if (!Number.isFinite(valueCm)) throw new RangeError(`Not a measurement: ${valueCm}`);
  return unit === 'cm' ? `${formatDecimal(valueCm)} cm` : `${formatEighths(cmToInches(valueCm))} in`;
}

/** Size range label for cards: "XS–4XL", "M", or "" when the chart has no sizes. */
export function sizeRangeLabel(chart: SizeChart): string {
  const { sizes } = chart;
  if (sizes.length === 0) return '';
  if (sizes.length === 1) return sizes[0]!.label;
  return `${sizes[0]!.label}–${sizes[sizes.length - 1]!.label}`;
}
