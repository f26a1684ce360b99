import { describe, expect, it } from 'vitest';
import { chartRange, fitsMe, formatMeasurement, recommendedSize, sizeRangeLabel, type SizeChart } from './sizing.ts';
import { parseBodyMeasurements, sizeChartSchema } from './schemas.ts';
import { cmToInches, inchesToCm } from './units.ts';

const chart: SizeChart = {
  sizes: [
    { label: 'XS', bust: 80, waist: 62, hip: 86, finished: { bust: 88, waist: 70, hip: 96 } },
    { label: 'S', bust: 84, waist: 66, hip: 90 },
    { label: 'M', bust: 90, waist: 72, hip: 96 },
    { label: 'L', bust: 96, waist: 78, hip: 102 },
    { label: 'XL', bust: 104, waist: 86, hip: 110 },
  ],
};

describe('units', () => {
  it('converts inches exactly (1 in = 2.54 cm)', () => {
    expect(inchesToCm(1)).toBe(2.54);
    expect(inchesToCm(51)).toBeCloseTo(129.54, 10);
    expect(cmToInches(254)).toBeCloseTo(100, 10);
  });
});

describe('chartRange', () => {
  it('spans the smallest and largest value', () => {
    expect(chartRange(chart, 'hip')).toEqual({ min: 86, max: 110 });
  });
  it('is null when no size gives the measurement (bags)', () => {
    expect(chartRange({ sizes: [{ label: 'One size' }] }, 'bust')).toBeNull();
    expect(chartRange({ sizes: [] }, 'bust')).toBeNull();
  });
});

describe('fitsMe', () => {
  it('accepts values inside the chart', () => {
    expect(fitsMe(chart, { bust: 92, waist: 70, hip: 100 })).toBe(true);
  });
  it('accepts up to 2 cm beyond either end, inclusive', () => {
    expect(fitsMe(chart, { hip: 84 })).toBe(true);
    expect(fitsMe(chart, { hip: 112 })).toBe(true);
    expect(fitsMe(chart, { bust: 78 })).toBe(true);
  });
  it('rejects values more than 2 cm beyond', () => {
    expect(fitsMe(chart, { hip: 83.9 })).toBe(false);
    expect(fitsMe(chart, { hip: 112.1 })).toBe(false);
  });
  it('requires every given measurement to fit', () => {
    expect(fitsMe(chart, { bust: 92, hip: 130 })).toBe(false);
  });
  it('does not cover a measurement the chart lacks', () => {
    const bag: SizeChart = { sizes: [{ label: 'One size' }] };
    expect(fitsMe(bag, { hip: 100 })).toBe(false);
    const hipOnly: SizeChart = {
      sizes: [
        { label: 'S', hip: 90 },
        { label: 'L', hip: 110 },
      ],
    };
    expect(fitsMe(hipOnly, { hip: 100 })).toBe(true);
    expect(fitsMe(hipOnly, { hip: 100, bust: 90 })).toBe(false);
  });
  it('asks for at least one measurement', () => {
    expect(fitsMe(chart, {})).toBe(false);
  });
  it('works on a chart that is not sorted by measurement', () => {
    const odd: SizeChart = {
      sizes: [
        { label: 'B', hip: 120 },
        { label: 'A', hip: 90 },
      ],
    };
    expect(fitsMe(odd, { hip: 88 })).toBe(true);
  });
  it('handles a 51-inch hip entered in inches (129.5 cm)', () => {
    const parsed = parseBodyMeasurements({ unit: 'in', hip: 51 });
    if (!parsed.ok) throw new Error('should parse');
    expect(parsed.value.hip).toBe(129.5);
    expect(fitsMe(chart, parsed.value)).toBe(false);
    expect(fitsMe({ sizes: [...chart.sizes, { label: '4XL', hip: 130 }] }, parsed.value)).toBe(true);
  });
});

describe('recommendedSize', () => {
  it('picks the first size that reaches every measurement minus 2 cm', () => {
    expect(recommendedSize(chart, { bust: 86, waist: 68, hip: 92 })?.label).toBe('S'); // each exactly 2 cm over S
    expect(recommendedSize(chart, { bust: 86, waist: 68.5, hip: 92 })?.label).toBe('M');
    expect(recommendedSize(chart, { bust: 86 })?.label).toBe('S'); // 84 >= 86 - 2
    expect(recommendedSize(chart, { bust: 86.1 })?.label).toBe('M');
  });
  it('picks the smallest size for small bodies', () => {
    expect(recommendedSize(chart, { bust: 70, hip: 80 })?.label).toBe('XS');
  });
  it('lets the largest measurement decide', () => {
    expect(recommendedSize(chart, { bust: 82, waist: 62, hip: 104.5 })?.label).toBe('XL');
  });
  it('falls back to the largest size beyond the chart', () => {
    expect(recommendedSize(chart, { hip: 140 })?.label).toBe('XL');
  });
  it('is null without sizes', () => {
    expect(recommendedSize({ sizes: [] }, { hip: 90 })).toBeNull();
  });
  it('ignores measurements the size does not list', () => {
    const hipOnly: SizeChart = {
      sizes: [
        { label: 'S', hip: 90 },
        { label: 'L', hip: 110 },
      ],
    };
    expect(recommendedSize(hipOnly, { bust: 120, hip: 95 })?.label).toBe('L');
  });
});

describe('parseBodyMeasurements', () => {
  it('parses cm numbers and form strings, comma decimals included', () => {
    expect(parseBodyMeasurements({ unit: 'cm', bust: 92, waist: '74,5', hip: '' })).toEqual({ ok: true, value: { bust: 92, waist: 74.5 } });
  });
  it('defaults to cm', () => {
    expect(parseBodyMeasurements({ hip: 100 })).toEqual({ ok: true, value: { hip: 100 } });
  });
  it('converts inches to cm, rounded to 0.1', () => {
    expect(parseBodyMeasurements({ unit: 'in', bust: 36, waist: 28.5 })).toEqual({ ok: true, value: { bust: 91.4, waist: 72.4 } });
  });
  it('rejects implausible values with a message in the unit typed', () => {
    const cm = parseBodyMeasurements({ unit: 'cm', bust: 900 });
    expect(cm).toEqual({ ok: false, errors: { bust: 'Bust must be between 40 cm and 220 cm' } });
    const inches = parseBodyMeasurements({ unit: 'in', hip: 10 });
    expect(inches).toEqual({ ok: false, errors: { hip: 'Hip must be between 17.7 in and 94.5 in' } });
  });
  it('rejects cm typed while inches are selected (and vice versa) when out of range', () => {
    expect(parseBodyMeasurements({ unit: 'in', bust: 100 }).ok).toBe(false);
    expect(parseBodyMeasurements({ unit: 'cm', bust: 34 }).ok).toBe(false);
  });
  it('rejects text that is not a number', () => {
    expect(parseBodyMeasurements({ waist: 'abc' })).toEqual({ ok: false, errors: { waist: 'Waist must be a number' } });
    expect(parseBodyMeasurements({ waist: Number.NaN }).ok).toBe(false);
  });
  it('asks for at least one measurement', () => {
    expect(parseBodyMeasurements({ unit: 'cm', bust: '  ' })).toEqual({
      ok: false,
      errors: { form: 'Enter at least one measurement: bust, waist or hip' },
    });
  });
  it('rejects an unknown unit', () => {
    const parsed = parseBodyMeasurements({ unit: 'mm', bust: 90 });
    expect(parsed).toEqual({ ok: false, errors: { form: 'Unit must be cm or in' } });
  });
});

describe('sizeChartSchema', () => {
  it('accepts the agreed shape, with and without measurements', () => {
    expect(sizeChartSchema.safeParse(chart).success).toBe(true);
    expect(sizeChartSchema.safeParse({ sizes: [] }).success).toBe(true);
    expect(sizeChartSchema.safeParse({ sizes: [{ label: 'One size' }] }).success).toBe(true);
  });
  it('rejects duplicate labels, empty labels and negative values', () => {
    const dup = sizeChartSchema.safeParse({ sizes: [{ label: 'S' }, { label: 's' }] });
    expect(dup.success).toBe(false);
    expect(dup.error?.issues[0]?.message).toBe('Size "s" appears twice');
    expect(sizeChartSchema.safeParse({ sizes: [{ label: ' ' }] }).success).toBe(false);
    expect(sizeChartSchema.safeParse({ sizes: [{ label: 'S', hip: -1 }] }).success).toBe(false);
  });
});

describe('formatMeasurement', () => {
  it('shows cm to one decimal without trailing zeros', () => {
    expect(formatMeasurement(86)).toBe('86 cm');
    expect(formatMeasurement(86.45, 'cm')).toBe('86.5 cm');
    expect(formatMeasurement(86.04, 'cm')).toBe('86 cm');
  });
  it('shows inches to the nearest eighth', () => {
    expect(formatMeasurement(86, 'in')).toBe('33⅞ in'); // 33.858
    expect(formatMeasurement(2.54 * 36, 'in')).toBe('36 in');
    expect(formatMeasurement(2.54 * 40.5, 'in')).toBe('40½ in');
    expect(formatMeasurement(0.635, 'in')).toBe('¼ in');
    expect(formatMeasurement(2.54 * 39.97, 'in')).toBe('40 in');
  });
  it('throws on a non-number', () => {
    expect(() => formatMeasurement(Number.NaN)).toThrow(RangeError);
  });
});

describe('sizeRangeLabel', () => {
  it('joins the first and last size', () => {
    expect(sizeRangeLabel(chart)).toBe('XS–XL');
    expect(sizeRangeLabel({ sizes: [{ label: 'One size' }] })).toBe('One size');
    expect(sizeRangeLabel({ sizes: [] })).toBe('');
  });
});
