import { describe, expect, it } from 'vitest';
import { priceInputToCents } from './priceInput.ts';

describe('priceInputToCents', () => {
  it('converts whole units typed by a person', () => {
    expect(priceInputToCents('')).toBeNull();
    expect(priceInputToCents(' 12 ')).toBe(1200);
    expect(priceInputToCents('12.5')).toBe(1250);
    expect(priceInputToCents('0.99')).toBe(99);
    expect(priceInputToCents('12,50')).toBe(1250);
    expect(priceInputToCents('1.234,5')).toBeNaN();
    expect(priceInputToCents('abc')).toBeNaN();
    expect(priceInputToCents('-3')).toBeNaN();
  });
});
