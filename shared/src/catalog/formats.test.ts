import { describe, expect, it } from 'vitest';
import { FORMATS, PATTERN_FORMATS, formatLabel, patternFilePath } from './formats.ts';
import { patternFormatSchema } from './schemas.ts';

describe('formats', () => {
  it('has the four agreed formats with labels and descriptions', () => {
    expect(PATTERN_FORMATS).toEqual(['a4', 'us_letter', 'a0', 'projector']);
    for (const format of PATTERN_FORMATS) {
      expect(FORMATS[format].format).toBe(format);
      expect(FORMATS[format].description.length).toBeGreaterThan(40);
    }
    expect(formatLabel('a0')).toBe('A0 (copy shop)');
  });
  it('knows the sheet sizes in points', () => {
    expect(FORMATS.a4.sheet).toEqual({ widthPt: 595, heightPt: 842 });
    expect(FORMATS.us_letter.sheet).toEqual({ widthPt: 612, heightPt: 792 });
    expect(FORMATS.a0.sheet).toEqual({ widthPt: 2384, heightPt: 3370 });
    expect(FORMATS.projector.sheet).toBeNull();
  });
  it('validates format names', () => {
    expect(patternFormatSchema.parse('us_letter')).toBe('us_letter');
    const bad = patternFormatSchema.safeParse('letter');
    expect(bad.error?.issues[0]?.message).toBe('Format must be one of a4, us_letter, a0, projector');
  });
  it('builds the agreed storage path', () => {
    expect(patternFilePath('s1', 'p1', 'a0', 3)).toBe('s1/p1/a0/v3.pdf');
    expect(() => patternFilePath('s1', 'p1', 'a0', 0)).toThrow(RangeError);
  });
});
