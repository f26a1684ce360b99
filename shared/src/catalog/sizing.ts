// The "fits me" rule and the recommended size. The same rule exists in SQL (the schema's
// filtering RPC over bust/waist/hip_min/max_cm).
// Everything here works in centimetres; inches are converted at the edge.
// No zod here: the catalog and store pages use these rules and constants without downloading
// it; the schemas (a chart a designer enters, what a person types into "fits me") are in schemas.ts.
import { cmToInches, formatDecimal, formatEighths, type LengthUnit } from './units.ts';

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

export type BodyMeasurementsCm = Partial<Record<BodyMeasurement, number>>;

export interface SizeChartEntry extends BodyMeasurementsCm {
  label: string;
  finished?: BodyMeasurementsCm;
}

export interface SizeChart {
  sizes: SizeChartEntry[];
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
