import '../../messages.ts';
import '../../catalogs/owner/messages.ts';
import { describe, expect, it } from 'vitest';
import { emptySizeRow, publishGaps, validatePatternForm, type PatternFormValues } from './schema.ts';

const base = (): PatternFormValues => ({
  title: ' Harbour Wrap Dress ',
  description: 'A wrap dress.',
  craft: 'sewing',
  category: 'Dresses',
  difficulty: '3',
  sizeRange: 'XS–XL',
  yarnWeight: '',
  needleMm: '',
  gaugeStitches: '',
  gaugeRows: '',
  yarnMinM: '',
  yarnMaxM: '',
  sizes: [
    { ...emptySizeRow(), label: 'S', bust: '84', waist: '66', hip: '90', finishedBust: '92' },
    { ...emptySizeRow(), label: 'M', bust: '88', waist: '70', hip: '94' },
  ],
  yardage: [
    { fabric: 'Main fabric', widthCm: '150', size: 'S', metres: '2.1' },
    { fabric: 'Main fabric', widthCm: '150', size: 'M', metres: '2.3' },
    { fabric: 'Lining', widthCm: '110', size: 'S', metres: '1' },
  ],
  notions: 'Zip 40 cm\nInterfacing, thread',
  languages: 'en, FR',
  tags: 'wrap, summer, wrap',
  price: '12.50',
  wholesalePrice: '',
  licence: 'personal',
});

describe('pattern form', () => {
  it('turns the inputs into the agreed column shapes', () => {
    const result = validatePatternForm(base());
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.fields).toMatchObject({
      title: 'Harbour Wrap Dress',
      category: 'dresses',
      difficulty: 3,
      price_cents: 1250,
      languages: ['en', 'fr'],
      tags: ['wrap', 'summer'],
      notions: ['Zip 40 cm', 'Interfacing', 'thread'],
    });
    expect(result.fields.size_chart).toEqual({
      sizes: [
        { label: 'S', bust: 84, waist: 66, hip: 90, finished: { bust: 92 } },
        { label: 'M', bust: 88, waist: 70, hip: 94 },
      ],
    });
    expect(result.fields.yardage).toEqual([
      { fabric: 'Main fabric', width_cm: 150, metres_by_size: { S: 2.1, M: 2.3 } },
      { fabric: 'Lining', width_cm: 110, metres_by_size: { S: 1 } },
    ]);
    expect(result.wholesaleCents).toBeNull();
  });

  it('gives one message per field', () => {
    const values = { ...base(), title: ' ', price: '0.50', wholesalePrice: 'abc', languages: 'english' };
    values.sizes = [...values.sizes, { ...emptySizeRow(), label: 's', bust: 'wide' }];
    values.yardage = [...values.yardage, { fabric: 'Main fabric', widthCm: '20', size: 'XXL', metres: '0' }];
    const result = validatePatternForm(values);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toMatchObject({
      title: 'Give the pattern a title',
      price: 'Price: 0 for a free pattern, or at least 1.00',
      wholesalePrice: 'Wholesale price: enter an amount like 6 or 6.50, or leave it empty',
      'languages.0': 'Languages: two-letter codes such as en, fr, de',
      'sizes.2.bust': 'Bust: a number of cm, e.g. 88 or 88.5',
      'yardage.3.widthCm': 'Width: between 30 and 330 cm',
      'yardage.3.metres': 'Metres must be more than 0',
    });
  });

  it('lists what stops publishing', () => {
    expect(publishGaps({ title: 'x', coverPath: null, files: [] })).toEqual(['catalog.publish.gap.cover', 'catalog.publish.gap.file']);
    expect(publishGaps({ title: 'x', coverPath: 'c.png', files: [1] })).toEqual([]);
  });
});
