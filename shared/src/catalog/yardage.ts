// The yardage calculator: how much of each fabric to buy for a size and the width of the
// fabric the maker has. Designers list metres per size for a few widths (`patterns.yardage`);
// a width they did not list uses the next narrower listed one, which never under-buys
// (a narrower bolt needs at least as much length).
// Its zod schema (what a designer enters) is in schemas.ts.
import { ceilToStep, formatDecimal, formatEighths, metresToYards } from './units.ts';

export interface YardageEntry {
  fabric: string;
  width_cm: number;
  metres_by_size: Record<string, number>;
}

/** Fabric widths on real bolts span ~70 cm (some silks) to ~320 cm (sheeting, wide backing). */
export const FABRIC_WIDTH_RANGE_CM = { min: 30, max: 330 } as const;

/** Widths sold in shops, for the calculator's picker: the usual cm value and its inch name. */
export const COMMON_FABRIC_WIDTHS: ReadonlyArray<{ cm: number; inches: number; label: string }> = [
  { cm: 90, inches: 36, label: '90 cm / 36 in' },
  { cm: 112, inches: 44, label: '112 cm / 44 in' },
  { cm: 140, inches: 55, label: '140 cm / 55 in' },
  { cm: 150, inches: 60, label: '150 cm / 60 in' },
  { cm: 275, inches: 108, label: '275 cm / 108 in (quilt backing)' },
];

export type FabricRequirement =
  | {
      fabric: string;
      status: 'ok';
      /** The listed width the amount comes from: the asked width, or the next narrower listed one. */
      listedWidthCm: number;
      exactWidth: boolean;
      /** Rounded up to the next 0.1 m. */
      metres: number;
      /** Rounded up to the next 1/8 yd. */
      yards: number;
      label: string;
    }
  | { fabric: string; status: 'width_too_narrow'; narrowestListedCm: number; message: string }
  | { fabric: string; status: 'size_not_listed'; message: string };

export interface YardageResult {
  size: string;
  widthCm: number;
  /** False when no fabric lists this size at any width: the pattern does not come in it. */
  sizeListed: boolean;
  fabrics: FabricRequirement[];
}

function fabricsInOrder(entries: YardageEntry[]): string[] {
  const names: string[] = [];
  for (const entry of entries) if (!names.includes(entry.fabric)) names.push(entry.fabric);
  return names;
}

/** Every fabric's widths, in listed order; for the calculator's width picker. */
export function listedWidths(entries: YardageEntry[]): number[] {
  return [...new Set(entries.map((entry) => entry.width_cm))].sort((a, b) => a - b);
}

/** XS < S < M < L < XL, with XXL = 2XL and so on; null for labels that are not letter sizes. */
function letterSizeRank(label: string): number | null {
  const l = label.trim().toUpperCase();
  if (l === 'M') return 0;
  const counted = /^(\d)X([SL])$/.exec(l);
  const lettered = /^(X*)([SL])$/.exec(l);
  const xs = counted ? Number(counted[1]) : lettered ? lettered[1]!.length : null;
  const end = counted?.[2] ?? lettered?.[2];
  if (xs === null || !end) return null;
  return end === 'S' ? -(xs + 1) : xs + 1;
}

/**
 * Size labels in size order: the pattern's grading order (its size chart) first, then letter
 * sizes (XS, S, M, L, XL, 2XL…), then numeric sizes by number, then anything else as given.
 * Stored yardage is JSON whose object keys come back sorted by length and letter (L, M, S, XL…).
 */
export function sortSizes(labels: readonly string[], gradingOrder: readonly string[] = []): string[] {
  const key = (label: string, index: number): [number, number, number] => {
    const graded = gradingOrder.indexOf(label);
    if (graded >= 0) return [0, graded, index];
    const letter = letterSizeRank(label);
    if (letter !== null) return [1, letter, index];
    const numeric = /^\d+(\.\d+)?$/.test(label.trim()) ? Number(label) : null;
    if (numeric !== null) return [2, numeric, index];
    return [3, 0, index];
  };
  return labels
    .map((label, index) => ({ label, key: key(label, index) }))
    .sort((a, b) => a.key[0] - b.key[0] || a.key[1] - b.key[1] || a.key[2] - b.key[2])
    .map((entry) => entry.label);
}

/** Sizes that appear in any fabric, in size order (`gradingOrder`: the size chart's labels). */
export function listedSizes(entries: YardageEntry[], gradingOrder: readonly string[] = []): string[] {
  const sizes: string[] = [];
  for (const entry of entries) for (const size of Object.keys(entry.metres_by_size)) if (!sizes.includes(size)) sizes.push(size);
  return sortSizes(sizes, gradingOrder);
}

/**
 * The widths the calculator offers for a size: the listed ones and the shops' common ones
 * (COMMON_FABRIC_WIDTHS), but only those with an amount for every fabric — never a width
 * the page then has no answer for.
 */
export function offeredWidths(entries: YardageEntry[], size: string): number[] {
  const candidates = [...new Set([...listedWidths(entries), ...COMMON_FABRIC_WIDTHS.map((w) => w.cm)])].sort((a, b) => a - b);
  return candidates.filter((width) => calculateYardage(entries, size, width).fabrics.every((fabric) => fabric.status === 'ok'));
}

/**
 * Metres and yards of each fabric for `size` on fabric `widthCm` wide.
 * Throws a RangeError for a width no bolt has (a typo), never for missing data:
 * missing sizes and widths come back as statuses the page can explain.
 */
export function calculateYardage(entries: YardageEntry[], size: string, widthCm: number): YardageResult {
  if (!Number.isFinite(widthCm) || widthCm < FABRIC_WIDTH_RANGE_CM.min || widthCm > FABRIC_WIDTH_RANGE_CM.max) {
    throw new RangeError(`Fabric width must be between ${FABRIC_WIDTH_RANGE_CM.min} and ${FABRIC_WIDTH_RANGE_CM.max} cm`);
  }
  const sizeListed = entries.some((entry) => entry.metres_by_size[size] !== undefined);
  const fabrics = fabricsInOrder(entries).map((fabric): FabricRequirement => {
    const widths = entries.filter((entry) => entry.fabric === fabric).sort((a, b) => b.width_cm - a.width_cm);
    const usable = widths.filter((entry) => entry.width_cm <= widthCm);
    if (usable.length === 0) {
      const narrowest = widths[widths.length - 1]!.width_cm;
      return {
        fabric,
        status: 'width_too_narrow',
        narrowestListedCm: narrowest,
        message: `${fabric}: no amount is listed for fabric ${formatDecimal(widthCm)} cm wide; the narrowest listed is ${narrowest} cm.`,
      };
    }
    // Widest usable width that lists the size; an even narrower one is still a safe amount.
    const chosen = usable.find((entry) => entry.metres_by_size[size] !== undefined);
    if (!chosen) {
      return { fabric, status: 'size_not_listed', message: `${fabric}: no amount is listed for size ${size}.` };
    }
    const needed = chosen.metres_by_size[size]!;
    const metres = ceilToStep(needed, 0.1);
    const yards = ceilToStep(metresToYards(needed), 0.125);
    return {
      fabric,
      status: 'ok',
      listedWidthCm: chosen.width_cm,
      exactWidth: chosen.width_cm === widthCm,
      metres,
      yards,
      label: `${metres.toFixed(1)} m / ${formatEighths(yards)} yd`,
    };
  });
  return { size, widthCm, sizeListed, fabrics };
}
