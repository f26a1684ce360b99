import { describe, expect, it } from 'vitest';
import { resultCountLabel } from './resultCount.ts';

describe('resultCountLabel', () => {
  it('gives exact totals in full, singular for one', () => {
    expect(resultCountLabel(0, false)).toBe('0 patterns');
    expect(resultCountLabel(1, false, 'tote')).toBe('1 pattern for “tote”');
    expect(resultCountLabel(97, false)).toBe('97 patterns');
  });
  it('rounds estimates to two significant digits and says "about"', () => {
    expect(resultCountLabel(3036, true, 'wrap dress')).toBe('about 3,000 patterns for “wrap dress”');
    expect(resultCountLabel(158, true)).toBe('about 160 patterns');
    expect(resultCountLabel(92_210, true)).toBe('about 92,000 patterns');
  });
});
