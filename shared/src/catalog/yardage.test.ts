import { describe, expect, it } from 'vitest';
import { calculateYardage, listedSizes, listedWidths, offeredWidths, sortSizes, type YardageEntry } from './yardage.ts';
import { yardageSchema } from './schemas.ts';
import { ceilToStep } from './units.ts';

const yardage: YardageEntry[] = [
  { fabric: 'Main fabric', width_cm: 110, metres_by_size: { XS: 1.8, S: 1.9, M: 2.05, L: 2.2 } },
  { fabric: 'Main fabric', width_cm: 150, metres_by_size: { XS: 1.3, S: 1.4, M: 1.5 } },
  { fabric: 'Lining', width_cm: 140, metres_by_size: { XS: 1.0, S: 1.0, M: 1.11, L: 1.2 } },
];

describe('ceilToStep', () => {
  it('rounds up without binary noise', () => {
    expect(ceilToStep(1.8, 0.1)).toBe(1.8);
    expect(ceilToStep(1.81, 0.1)).toBe(1.9);
    expect(ceilToStep(0.7, 0.1)).toBe(0.7);
    expect(ceilToStep(2.125, 0.125)).toBe(2.125);
    expect(ceilToStep(2.126, 0.125)).toBe(2.25);
  });
});

describe('calculateYardage', () => {
  it('gives metres and yards for an exact listed width', () => {
    const result = calculateYardage(yardage, 'S', 110);
    expect(result.sizeListed).toBe(true);
    expect(result.fabrics[0]).toEqual({
      fabric: 'Main fabric',
      status: 'ok',
      listedWidthCm: 110,
      exactWidth: true,
      metres: 1.9,
      yards: 2.125, // 1.9 m = 2.078 yd → 2⅛
      label: '1.9 m / 2⅛ yd',
    });
  });
  it('rounds metres up to 0.1 m and yards up to 1/8 yd', () => {
    const main = calculateYardage(yardage, 'M', 110).fabrics[0]!;
    if (main.status !== 'ok') throw new Error('expected ok');
    expect(main.metres).toBe(2.1); // 2.05 → 2.1
    expect(main.yards).toBe(2.25); // 2.05 m = 2.242 yd → 2¼
    expect(main.label).toBe('2.1 m / 2¼ yd');
  });
  it('an exact yard stays an exact yard', () => {
    const result = calculateYardage([{ fabric: 'Cotton', width_cm: 110, metres_by_size: { M: 0.9144 } }], 'M', 110);
    const cotton = result.fabrics[0]!;
    if (cotton.status !== 'ok') throw new Error('expected ok');
    expect(cotton.yards).toBe(1);
    expect(cotton.metres).toBe(1);
  });
  it('uses the next narrower listed width for an unlisted width (44 in = 111.76 cm → 110 cm)', () => {
    const result = calculateYardage(yardage, 'XS', 111.76);
    const main = result.fabrics[0]!;
    if (main.status !== 'ok') throw new Error('expected ok');
    expect(main.listedWidthCm).toBe(110);
    expect(main.exactWidth).toBe(false);
    expect(main.metres).toBe(1.8);
  });
  it('uses the widest listed width at or below a wide bolt', () => {
    const main = calculateYardage(yardage, 'XS', 160).fabrics[0]!;
    expect(main.status === 'ok' && main.listedWidthCm).toBe(150);
  });
  it('answers per fabric, in listed order', () => {
    const result = calculateYardage(yardage, 'M', 150);
    expect(result.fabrics.map((fabric) => fabric.fabric)).toEqual(['Main fabric', 'Lining']);
    const lining = result.fabrics[1]!;
    expect(lining.status === 'ok' && [lining.listedWidthCm, lining.metres, lining.yards]).toEqual([140, 1.2, 1.25]);
  });
  it('says so when the fabric is narrower than every listed width', () => {
    const result = calculateYardage(yardage, 'S', 90);
    expect(result.fabrics[0]).toEqual({
      fabric: 'Main fabric',
      status: 'width_too_narrow',
      narrowestListedCm: 110,
      message: 'Main fabric: no amount is listed for fabric 90 cm wide; the narrowest listed is 110 cm.',
    });
    expect(result.fabrics[1]?.status).toBe('width_too_narrow');
  });
  it('falls back to a narrower width that lists the size', () => {
    // L is not listed at 150 cm: 110 cm's amount is a safe answer for a 150 cm bolt.
    const main = calculateYardage(yardage, 'L', 150).fabrics[0]!;
    expect(main.status === 'ok' && [main.listedWidthCm, main.metres]).toEqual([110, 2.2]);
  });
  it('says so when a size is missing', () => {
    const result = calculateYardage(yardage, '3XL', 150);
    expect(result.sizeListed).toBe(false);
    expect(result.fabrics[0]).toEqual({ fabric: 'Main fabric', status: 'size_not_listed', message: 'Main fabric: no amount is listed for size 3XL.' });
  });
  it('a size missing from one fabric only is reported for that fabric', () => {
    const partial: YardageEntry[] = [
      { fabric: 'Main fabric', width_cm: 110, metres_by_size: { S: 1, M: 1.2 } },
      { fabric: 'Contrast', width_cm: 110, metres_by_size: { S: 0.3 } },
    ];
    const result = calculateYardage(partial, 'M', 110);
    expect(result.sizeListed).toBe(true);
    expect(result.fabrics.map((fabric) => fabric.status)).toEqual(['ok', 'size_not_listed']);
  });
  it('answers an empty list with no fabrics', () => {
    expect(calculateYardage([], 'M', 110)).toEqual({ size: 'M', widthCm: 110, sizeListed: false, fabrics: [] });
  });
  it('rejects impossible widths', () => {
    expect(() => calculateYardage(yardage, 'M', 0)).toThrow('Fabric width must be between 30 and 330 cm');
    expect(() => calculateYardage(yardage, 'M', Number.NaN)).toThrow(RangeError);
    expect(() => calculateYardage(yardage, 'M', 1000)).toThrow(RangeError);
  });
});

describe('listing helpers', () => {
  it('lists widths sorted and sizes in size order', () => {
    expect(listedWidths(yardage)).toEqual([110, 140, 150]);
    expect(listedSizes(yardage)).toEqual(['XS', 'S', 'M', 'L']);
  });
});

describe('yardageSchema', () => {
  it('accepts the agreed shape', () => {
    expect(yardageSchema.safeParse(yardage).success).toBe(true);
    expect(yardageSchema.safeParse([]).success).toBe(true);
  });
  it('rejects bad widths, amounts and duplicates with clear messages', () => {
    const narrow = yardageSchema.safeParse([{ fabric: 'Main', width_cm: 5, metres_by_size: { S: 1 } }]);
    expect(narrow.error?.issues[0]?.message).toBe('Fabric width must be at least 30 cm');
    const negative = yardageSchema.safeParse([{ fabric: 'Main', width_cm: 110, metres_by_size: { S: -1 } }]);
    expect(negative.error?.issues[0]?.message).toBe('Metres must be greater than 0');
    const dup = yardageSchema.safeParse([
      { fabric: 'Main', width_cm: 110, metres_by_size: { S: 1 } },
      { fabric: 'main', width_cm: 110, metres_by_size: { S: 1 } },
    ]);
    expect(dup.error?.issues[0]?.message).toBe('main at 110 cm is listed twice');
    expect(yardageSchema.safeParse([{ fabric: '', width_cm: 110, metres_by_size: {} }]).success).toBe(false);
  });
});

describe('size order and offered widths', () => {
  it('orders letter sizes as sizes, not alphabetically (stored JSON comes back L, M, S, XL, XS, 2XL)', () => {
    expect(sortSizes(['L', 'M', 'S', 'XL', 'XS', '2XL'])).toEqual(['XS', 'S', 'M', 'L', 'XL', '2XL']);
    expect(sortSizes(['XXL', '3XL', 'XXS', 'M', '2XS'])).toEqual(['XXS', '2XS', 'M', 'XXL', '3XL']);
    expect(sortSizes(['16', '8', '10', '30'])).toEqual(['8', '10', '16', '30']);
    expect(sortSizes(['Child', 'M', '12', 'Adult'])).toEqual(['M', '12', 'Child', 'Adult']);
  });

  it('follows the size chart’s grading order first', () => {
    expect(sortSizes(['Petite', 'Tall', 'Regular'], ['Petite', 'Regular', 'Tall'])).toEqual(['Petite', 'Regular', 'Tall']);
    const stored: YardageEntry[] = [{ fabric: 'Main', width_cm: 140, metres_by_size: { L: 2.2, M: 2.1, S: 2, XL: 2.3, XS: 1.9, '2XL': 2.4 } }];
    expect(listedSizes(stored)).toEqual(['XS', 'S', 'M', 'L', 'XL', '2XL']);
  });

  it('offers only widths with an amount for every fabric in the chosen size', () => {
    // Main fabric is listed from 110 cm, lining from 140 cm: 90 and 112 cm have no lining amount.
    expect(offeredWidths(yardage, 'M')).toEqual([140, 150, 275]);
    const oneFabric: YardageEntry[] = [{ fabric: 'Main', width_cm: 112, metres_by_size: { S: 2 } }];
    expect(offeredWidths(oneFabric, 'S')).toEqual([112, 140, 150, 275]);
    expect(offeredWidths(oneFabric, 'M')).toEqual([]);
  });
});
