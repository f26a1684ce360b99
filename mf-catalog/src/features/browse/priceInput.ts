// What a person types into a price box, in minor units (prices are shown by formatPrice in @stitchhouse/shared/money.ts).
/** Whole units for filter inputs: "12.5" or "12,5" (the decimal comma of de, fr, es, nl) → 1250 cents; empty → null; invalid → NaN. */
export function priceInputToCents(value: string): number | null {
  const trimmed = value.trim();
  if (trimmed === '') return null;
  if (!/^\d+([.,]\d{1,2})?$/.test(trimmed)) return Number.NaN;
  return Math.round(Number(trimmed.replace(',', '.')) * 100);
}
