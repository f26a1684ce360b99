// The catalog's zod schemas: a size chart and fabric list a designer enters, a pattern file's
// format, what a person types into "fits me". Apart from the rules and constants (sizing.ts,
// yardage.ts, formats.ts) so that the pages that only show patterns do not download zod.
// zod/mini: the page's one zod flavour is the shell's mini.
import '../zodNoEval.ts';
import * as z from 'zod/mini';
import { PATTERN_FORMATS } from './formats.ts';
import { BODY_MEASUREMENTS, MEASUREMENT_NAMES, MEASUREMENT_RANGES_CM, type BodyMeasurement, type BodyMeasurementsCm } from './sizing.ts';
import { cmToInches, formatDecimal, roundToStep, toCm, type LengthUnit } from './units.ts';
import { FABRIC_WIDTH_RANGE_CM } from './yardage.ts';

export const patternFormatSchema = z.enum(PATTERN_FORMATS, { error: 'Format must be one of a4, us_letter, a0, projector' });

const chartValue = z
  .number({ error: 'Size chart measurements must be numbers (cm)' })
  .check(z.positive({ error: 'Size chart measurements must be greater than 0 cm' }), z.lte(400, { error: 'Size chart measurements must be at most 400 cm' }));

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
        label: z
          .string()
          .check(z.trim(), z.minLength(1, { error: 'Every size needs a label' }), z.maxLength(20, { error: 'Size labels are at most 20 characters' })),
        finished: z.optional(chartMeasurements),
      }),
    )
    .check(
      z.maxLength(40, { error: 'A size chart has at most 40 sizes' }),
      z.superRefine((sizes, ctx) => {
        const seen = new Set<string>();
        sizes.forEach((size, index) => {
          const key = size.label.toLowerCase();
          if (seen.has(key)) {
            ctx.addIssue({ code: 'custom', path: [index, 'label'], message: `Size "${size.label}" appears twice` });
          }
          seen.add(key);
        });
      }),
    ),
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

export type ParsedMeasurements = { ok: true; value: BodyMeasurementsCm } | { ok: false; errors: Partial<Record<BodyMeasurement | 'form', string>> };

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

export const yardageSchema = z
  .array(
    z.object({
      fabric: z
        .string()
        .check(
          z.trim(),
          z.minLength(1, { error: 'Name the fabric (e.g. Main fabric, Lining)' }),
          z.maxLength(80, { error: 'Fabric names are at most 80 characters' }),
        ),
      width_cm: z
        .number({ error: 'Fabric width must be a number of cm' })
        .check(
          z.gte(FABRIC_WIDTH_RANGE_CM.min, { error: `Fabric width must be at least ${FABRIC_WIDTH_RANGE_CM.min} cm` }),
          z.lte(FABRIC_WIDTH_RANGE_CM.max, { error: `Fabric width must be at most ${FABRIC_WIDTH_RANGE_CM.max} cm` }),
        ),
      metres_by_size: z.record(
        z.string().check(z.trim(), z.minLength(1, { error: 'Size labels cannot be empty' })),
        z
          .number({ error: 'Metres must be a number' })
          .check(z.positive({ error: 'Metres must be greater than 0' }), z.lte(100, { error: 'Metres must be at most 100' })),
      ),
    }),
  )
  .check(
    z.superRefine((entries, ctx) => {
      const seen = new Set<string>();
      entries.forEach((entry, index) => {
        const key = `${entry.fabric.toLowerCase()}@${entry.width_cm}`;
        if (seen.has(key)) {
          ctx.addIssue({ code: 'custom', path: [index, 'width_cm'], message: `${entry.fabric} at ${entry.width_cm} cm is listed twice` });
        }
        seen.add(key);
      });
    }),
  );
