import { describe, expect, it } from 'vitest';
import { CRAFTS, DIFFICULTY_LABELS, categoryLabel, craftLabel, difficultyLabel, isCraft } from '../src/catalog/labels.ts';
import { formatAmount, formatDay, formatDayTime, formatPrice } from '../src/money.ts';

describe('catalog words', () => {
  it('names the five difficulty levels the way buyers filter by them', () => {
    expect(DIFFICULTY_LABELS).toEqual(['Beginner', 'Easy', 'Intermediate', 'Advanced', 'Expert']);
    expect(difficultyLabel(1)).toBe('Beginner');
    expect(difficultyLabel(2)).toBe('Easy');
    expect(difficultyLabel(5)).toBe('Expert');
  });

  it('shows nothing for a level that is not one', () => {
    expect(difficultyLabel(0)).toBe('');
    expect(difficultyLabel(6)).toBe('');
    expect(difficultyLabel(2.5)).toBe('');
  });

  it('names crafts and categories', () => {
    expect(craftLabel('cross-stitch')).toBe('Cross-stitch');
    expect(craftLabel('sewing')).toBe('Sewing');
    expect(craftLabel('')).toBe('');
    expect(categoryLabel('home-decor')).toBe('Home decor');
    expect(isCraft('macrame')).toBe(true);
    expect(isCraft('painting')).toBe(false);
    expect(CRAFTS).toHaveLength(10);
  });
});

describe('money on screen', () => {
  it('says Free for zero and formats supported currencies', () => {
    expect(formatPrice(0, 'USD')).toBe('Free');
    expect(formatPrice(1200, 'USD')).toBe('$12.00');
    expect(formatPrice(850, 'EUR')).toBe('€8.50');
    expect(formatPrice(500, 'GBP')).toBe('£5.00');
  });

  it('still shows an amount for an unexpected currency and rejects negative prices', () => {
    expect(formatPrice(1999, 'CHF')).toBe('19.99 CHF');
    expect(formatPrice(450, 'QQ1')).toBe('4.50 QQ1');
    expect(() => formatPrice(-1, 'USD')).toThrow(RangeError);
    expect(() => formatPrice(Number.NaN, 'USD')).toThrow(RangeError);
  });

  it('formats order amounts, zero included, and days', () => {
    expect(formatAmount(0, 'EUR')).toBe('€0.00');
    expect(formatAmount(-250, 'GBP')).toBe('-£2.50');
    expect(formatDay('2026-01-03T10:00:00Z')).toBe('3 Jan 2026');
    expect(formatDay('2026-01-03')).toBe('3 Jan 2026');
    expect(formatDayTime('2026-11-23T15:31:00')).toBe('23 Nov 2026, 15:31');
    expect(formatDayTime(null)).toBe('');
    expect(formatDay(null)).toBe('');
  });
});
