import { describe, expect, it } from 'vitest';
import { formatDate } from './formatDate.ts';

describe('formatDate', () => {
  it('follows the viewer’s locale, month spelled out as the platform writes days', () => {
    expect(formatDate('2026-11-03T10:00:00Z', ['en-GB'])).toBe('3 Nov 2026');
    expect(formatDate('2026-11-03T10:00:00Z', ['en-US'])).toBe('Nov 3, 2026');
    expect(formatDate('2026-11-03T10:00:00Z', ['de-DE'])).toBe('3. Nov. 2026');
    expect(formatDate('2026-11-03T10:00:00Z', [])).toBe('3 Nov 2026');
  });

  it('leaves what is not a date as it is', () => {
    expect(formatDate('not a date', ['en-GB'])).toBe('not a date');
  });
});
