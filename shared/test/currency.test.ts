import { describe, expect, it } from 'vitest';
import { CurrencyError, convertMinor, rateMicros, referenceRates, showPrice } from '../src/currency/convert.ts';
import { currencyForLocale } from '../src/currency/preference.ts';

const rates = referenceRates([
  { currency: 'EUR', per_eur: 1, as_of: '2026-11-20' },
  { currency: 'USD', per_eur: 1.1584, as_of: '2026-11-20' },
  { currency: 'GBP', per_eur: '0.879100', as_of: '2026-11-19' },
]);

describe('reference rates and conversion (the SQL agrees: supabase/test/migrations/rls-social.test.ts)', () => {
  it('reads rates exactly, as numbers or numeric text', () => {
    expect(rateMicros(1.1584)).toBe(1_158_400n);
    expect(rateMicros('0.879100')).toBe(879_100n);
    expect(() => rateMicros('-1')).toThrow(CurrencyError);
    expect(() => rateMicros('0')).toThrow(CurrencyError);
    expect(rates.asOf).toBe('2026-11-20');
  });

  it('rounds half up in minor units and leaves the same currency alone', () => {
    expect(convertMinor(700, 'USD', 'EUR', rates)).toBe(604); // 604.28…
    expect(convertMinor(600, 'GBP', 'EUR', rates)).toBe(683); // 682.52…
    expect(convertMinor(690, 'EUR', 'EUR', rates)).toBe(690);
    expect(convertMinor(0, 'GBP', 'USD', rates)).toBe(0);
    // exactly half a cent goes up: 1 EUR cent at 1.5 per euro is 1.5 → 2
    const half = referenceRates([
      { currency: 'EUR', per_eur: 1, as_of: 'x' },
      { currency: 'XXX', per_eur: 1.5, as_of: 'x' },
    ]);
    expect(convertMinor(1, 'EUR', 'XXX', half)).toBe(2);
    expect(() => convertMinor(1.5, 'EUR', 'USD', rates)).toThrow(CurrencyError);
    expect(() => convertMinor(100, 'EUR', 'JPY', rates)).toThrow(/No reference rate for JPY/);
  });

  it("shows converted prices as approximate, the store's own as they are, and without rates the store's", () => {
    expect(showPrice(700, 'USD', 'EUR', rates)).toMatchObject({ text: '≈ €6.04', approximate: true, original: '$7.00', currency: 'EUR' });
    expect(showPrice(690, 'EUR', 'EUR', rates)).toMatchObject({ text: '€6.90', approximate: false });
    expect(showPrice(0, 'USD', 'EUR', rates)).toMatchObject({ text: 'Free', approximate: false });
    expect(showPrice(700, 'USD', 'EUR', null)).toMatchObject({ text: '$7.00', approximate: false });
  });
});

describe("the buyer's currency from their locale", () => {
  it.each([
    ['en-GB', 'GBP'],
    ['en-US', 'USD'],
    ['de-DE', 'EUR'],
    ['fr', 'EUR'],
    ['en-IE', 'EUR'],
    ['ja-JP', 'USD'],
    ['en', 'USD'],
    [undefined, 'USD'],
  ])('%s → %s', (locale, currency) => {
    expect(currencyForLocale(locale)).toBe(currency);
  });
});
