// The catalog's zod schemas: a size chart and fabric list a designer enters, a pattern file's
// format, what a person types into "fits me". Apart from the rules and constants (sizing.ts,
// yardage.ts, formats.ts) so that the pages that only show patterns do not download zod.
// zod/mini: the page's one zod flavour is the shell's mini.
import '../zodNoEval.ts';
import * as z from 'zod/mini';
import { PATTERN_FORMATS } from './formats.ts';
import { BODY_MEASUREMENTS, MEASUREMENT_RANGES_CM, type BodyMeasurement, type BodyMeasurementsCm } from './sizing.ts';
import { cmToInches, formatDecimal, roundToStep, toCm, type LengthUnit } from './units.ts';
import { FABRIC_WIDTH_RANGE_CM } from './yardage.ts';
import { i18n } from '../i18n/index.ts';
import '../form/messages.ts';
import { say, text } from '../zodMessage.ts';

/** The measurements' names in messages (shared's catalog). */
const NAME_IDS: Record<BodyMeasurement, string> = {
  bust: /*i18n*/ 'shared.measure.bust',
  waist: /*i18n*/ 'shared.measure.waist',
  hip: /*i18n*/ 'shared.measure.hip',
};
const measurementName = (measurement: BodyMeasurement) => i18n._(NAME_IDS[measurement]);

export const patternFormatSchema = z.enum(PATTERN_FORMATS, say(/*i18n*/ 'shared.catalogForm.format'));

const chartValue = z
  .number(say(/*i18n*/ 'shared.catalogForm.chartNumber'))
  .check(z.positive(say(/*i18n*/ 'shared.catalogForm.chartPositive')), z.lte(400, say(/*i18n*/ 'shared.catalogForm.chartMax', { max: 400 })));

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
          .check(
            z.trim(),
            z.minLength(1, say(/*i18n*/ 'shared.catalogForm.sizeLabel')),
            z.maxLength(20, say(/*i18n*/ 'shared.catalogForm.sizeLabelMax', { max: 20 })),
          ),
        finished: z.optional(chartMeasurements),
      }),
    )
    .check(
      z.maxLength(40, say(/*i18n*/ 'shared.catalogForm.sizesMax', { max: 40 })),
      z.superRefine((sizes, ctx) => {
        const seen = new Set<string>();
        sizes.forEach((size, index) => {
          const key = size.label.toLowerCase();
          if (seen.has(key)) {
            ctx.addIssue({ code: 'custom', path: [index, 'label'], message: text(/*i18n*/ 'shared.catalogForm.sizeTwice', { label: size.label }) });
          }
          seen.add(key);
        });
      }),
    ),
});

function rangeMessage(measurement: BodyMeasurement, unit: LengthUnit): string {
  const { min, max } = MEASUREMENT_RANGES_CM[measurement];
  const show = (cm: number) => (unit === 'cm' ? `${cm} cm` : `${formatDecimal(cmToInches(cm))} in`);
  return i18n._('shared.catalogForm.range', { name: measurementName(measurement), min: show(min), max: show(max) });
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
          addIssue(ctx, i18n._('shared.catalogForm.notNumber', { name: measurementName(measurement) }));
          return z.NEVER;
        }
        return parsed;
      }
      if (!Number.isFinite(value)) {
        addIssue(ctx, i18n._('shared.catalogForm.notNumber', { name: measurementName(measurement) }));
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
    unit: z._default(z.enum(['cm', 'in'], say(/*i18n*/ 'shared.catalogForm.unit')), 'cm'),
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
      addIssue(ctx, i18n._('shared.catalogForm.oneMeasurement'));
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
          z.minLength(1, say(/*i18n*/ 'shared.catalogForm.fabricName')),
          z.maxLength(80, say(/*i18n*/ 'shared.catalogForm.fabricNameMax', { max: 80 })),
        ),
      width_cm: z
        .number(say(/*i18n*/ 'shared.catalogForm.widthNumber'))
        .check(
          z.gte(FABRIC_WIDTH_RANGE_CM.min, say(/*i18n*/ 'shared.catalogForm.widthMin', { min: FABRIC_WIDTH_RANGE_CM.min })),
          z.lte(FABRIC_WIDTH_RANGE_CM.max, say(/*i18n*/ 'shared.catalogForm.widthMax', { max: FABRIC_WIDTH_RANGE_CM.max })),
        ),
      metres_by_size: z.record(
        z.string().check(z.trim(), z.minLength(1, say(/*i18n*/ 'shared.catalogForm.sizeLabelEmpty'))),
        z
          .number(say(/*i18n*/ 'shared.catalogForm.metresNumber'))
          .check(z.positive(say(/*i18n*/ 'shared.catalogForm.metresPositive')), z.lte(100, say(/*i18n*/ 'shared.catalogForm.metresMax', { max: 100 }))),
      ),
    }),
  )
  .check(
    z.superRefine((entries, ctx) => {
      const seen = new Set<string>();
      entries.forEach((entry, index) => {
        const key = `${entry.fabric.toLowerCase()}@${entry.width_cm}`;
        if (seen.has(key)) {
          ctx.addIssue({
            code: 'custom',
            path: [index, 'width_cm'],
            message: text(/*i18n*/ 'shared.catalogForm.fabricTwice', { fabric: entry.fabric, width: entry.width_cm }),
          });
        }
        seen.add(key);
      });
    }),
  );
