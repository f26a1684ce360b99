import { describe, expect, it } from 'vitest';
import { PATTERN_LANGUAGES, languageName } from './languages.ts';

describe('languageName', () => {
  it('names every offered language as Intl does, without building Intl.DisplayNames for them', () => {
    const intl = new Intl.DisplayNames(['en'], { type: 'language' });
    for (const code of PATTERN_LANGUAGES) expect(languageName(code)).toBe(intl.of(code));
  });

  it('asks Intl for any other code, and falls back to the code itself', () => {
    expect(languageName('fi')).toBe('Finnish');
    expect(languageName('not a code')).toBe('NOT A CODE');
  });
});
