import { describe, expect, it } from 'vitest';
import { formatCount, formatMoney, SUPPORTED_CURRENCIES } from '../src/money.ts';

// formatMoney and formatCount write amounts out instead of asking Intl (a page's first Intl number
// format costs tens of milliseconds of main thread): they must say exactly what Intl says.
const LOCALE = { EUR: 'en-IE', GBP: 'en-GB', USD: 'en-US' } as const;
const withNegative = (a: number) => (a === 0 ? [0] : [a, -a]);
const AMOUNTS = [0, 1, 9, 10, 99, 100, 101, 999, 1000, 1250, 99_999, 100_000, 123_456, 1_000_000, 12_345_678, 100_000_000_000, 999_999_999_999];

describe('amounts written out', () => {
  it('formats whole cents in each currency exactly as Intl does, negatives included', () => {
    for (const currency of SUPPORTED_CURRENCIES) {
      const intl = new Intl.NumberFormat(LOCALE[currency], { style: 'currency', currency });
      for (const cents of AMOUNTS.flatMap(withNegative)) expect(formatMoney(cents, currency), `${cents} ${currency}`).toBe(intl.format(cents / 100));
    }
  });

  it('leaves fractions of a cent and non-finite amounts to Intl', () => {
    expect(formatMoney(1234.5, 'EUR')).toBe(new Intl.NumberFormat('en-IE', { style: 'currency', currency: 'EUR' }).format(12.345));
    expect(formatMoney(Number.NaN, 'USD')).toBe('$NaN');
    // where Intl says "-€0.00" for a negative zero (a refund's rounding), we say what it is
    expect(formatMoney(-0, 'EUR')).toBe('€0.00');
  });

  it('groups whole numbers as English Intl does', () => {
    const intl = new Intl.NumberFormat('en');
    for (const n of [...AMOUNTS, 12, 123, 1234, 12_345, Number.MAX_SAFE_INTEGER].flatMap(withNegative)) expect(formatCount(n), String(n)).toBe(intl.format(n));
    expect(formatCount(1.5)).toBe('1.5');
  });
});
