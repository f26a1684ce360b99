// Unit conversion shared by sizing and yardage. Both factors are exact by definition
// (international inch and yard, 1959), so conversions never drift.
export const CM_PER_INCH = 2.54;
export const METRES_PER_YARD = 0.9144;

export type LengthUnit = 'cm' | 'in';

export function inchesToCm(inches: number): number {
  return inches * CM_PER_INCH;
}

export function cmToInches(cm: number): number {
  return cm / CM_PER_INCH;
}

export function toCm(value: number, unit: LengthUnit): number {
  return unit === 'cm' ? value : inchesToCm(value);
}

export function metresToYards(metres: number): number {
  return metres / METRES_PER_YARD;
}

/** Rounds up to the next multiple of `step`, ignoring binary noise (1.8 * 10 = 18.000000000000004). */
export function ceilToStep(value: number, step: number): number {
  const units = Number((value / step).toFixed(6));
  return Number((Math.ceil(units) * step).toFixed(6));
}

/** Rounds to the nearest multiple of `step`. */
export function roundToStep(value: number, step: number): number {
  const units = Number((value / step).toFixed(6));
  return Number((Math.round(units) * step).toFixed(6));
}

const EIGHTHS = ['', '⅛', '¼', '⅜', '½', '⅝', '¾', '⅞'];

/** 2.125 → "2⅛": sewists read inches and yards in eighths, not decimals. */
export function formatEighths(value: number): string {
  const eighths = Math.round(value * 8);
  const whole = Math.floor(eighths / 8);
  const rest = eighths - whole * 8;
  if (rest === 0) return String(whole);
  return whole === 0 ? EIGHTHS[rest]! : `${whole}${EIGHTHS[rest]}`;
}

/** 86 → "86", 86.45 → "86.5": centimetres to one decimal, no trailing zero. */
export function formatDecimal(value: number, decimals = 1): string {
  return String(Number(value.toFixed(decimals)));
}
