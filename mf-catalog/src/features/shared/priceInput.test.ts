import { describe, expect, it } from 'vitest';
import { formatPrice, priceInputToCents } from './formatPrice.ts';

describe('formatPrice', () => {
  it('says Free for zero and formats supported currencies', () => {
    expect(formatPrice(0, 'USD')).toBe('Free');
    expect(formatPrice(1200, 'USD')).toBe('$12.00');
    expect(formatPrice(850, 'EUR')).toBe('€8.50');
    expect(formatPrice(500, 'GBP')).toBe('£5.00');
  });
  it('still shows an amount for an unexpected currency and rejects negative prices', () => {
    expect(formatPrice(1999, 'CHF')).toBe('19.99 CHF');
    expect(() => formatPrice(-1, 'USD')).toThrow(RangeError);
  });
});

describe('priceInputToCents', () => {
  it('converts whole units typed by a person', () => {
    expect(priceInputToCents('')).toBeNull();
    expect(priceInputToCents(' 12 ')).toBe(1200);
    expect(priceInputToCents('12.5')).toBe(1250);
    expect(priceInputToCents('0.99')).toBe(99);
    expect(priceInputToCents('abc')).toBeNaN();
    expect(priceInputToCents('-3')).toBeNaN();
  });
});
