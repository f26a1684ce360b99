import { describe, expect, it } from 'vitest';
import { i18n, activateLocale } from '@stitchhouse/shared/i18n/index.ts';
import '../../messages.ts';
import { resultCountLabel, showResultsLabel } from './resultCount.ts';

describe('resultCountLabel', () => {
  it('gives exact totals in full, singular for one', () => {
    expect(resultCountLabel(i18n, 0, false)).toBe('0 patterns');
    expect(resultCountLabel(i18n, 1, false, 'tote')).toBe('1 pattern for “tote”');
    expect(resultCountLabel(i18n, 97, false)).toBe('97 patterns');
    expect(showResultsLabel(i18n, 24, false)).toBe('Show 24 patterns');
  });
  it('rounds estimates to two significant digits and says "about"', () => {
    expect(resultCountLabel(i18n, 3036, true, 'wrap dress')).toBe('about 3,000 patterns for “wrap dress”');
    expect(resultCountLabel(i18n, 158, true)).toBe('about 160 patterns');
    expect(resultCountLabel(i18n, 92_210, true)).toBe('about 92,000 patterns');
    expect(showResultsLabel(i18n, 3036, true)).toBe('Show about 3,000 patterns');
  });
  it('speaks the page’s language, numbers in its convention', async () => {
    await activateLocale('de');
    try {
      expect(resultCountLabel(i18n, 1, false, 'Kleid')).toBe('1 Schnittmuster für „Kleid“');
      expect(resultCountLabel(i18n, 92_210, true)).toBe('etwa 92.000 Schnittmuster');
      await activateLocale('fr');
      expect(resultCountLabel(i18n, 2, false)).toBe('2 patrons');
    } finally {
      await activateLocale('en');
    }
  });
});
