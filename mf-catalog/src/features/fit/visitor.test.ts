import { describe, expect, it } from 'vitest';
import { rememberedMeasurements } from './rememberedMeasurements.ts';
import { visitorMeasurements } from './visitor.ts';

describe('visitorMeasurements', () => {
  it('prefers the URL, in cm', () => {
    expect(visitorMeasurements(new URLSearchParams('hip=101&bust=90'), rememberedMeasurements({ unit: 'in', bust: '36', waist: '', hip: '' }))).toEqual({
      bust: 90,
      hip: 101,
    });
  });
  it('falls back to the remembered form, converting inches', () => {
    expect(visitorMeasurements(new URLSearchParams(''), rememberedMeasurements({ unit: 'in', bust: '36', waist: '', hip: '40' }))).toEqual({
      bust: 91.4,
      hip: 101.6,
    });
  });
  it('gives null without measurements or with an unusable form', () => {
    expect(visitorMeasurements(new URLSearchParams(''), rememberedMeasurements(null))).toBeNull();
    expect(visitorMeasurements(new URLSearchParams(''), rememberedMeasurements({ unit: 'cm', bust: 'abc', waist: '', hip: '' }))).toBeNull();
  });
});
