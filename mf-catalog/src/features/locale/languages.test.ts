import { describe, expect, it } from 'vitest';
import { PATTERN_LANGUAGES, languageLabel, languageList, languageName, languageOptions } from './languages.ts';

describe('languageName', () => {
  it('names every offered language as Intl does, without building Intl.DisplayNames for them in English', () => {
    const intl = new Intl.DisplayNames(['en'], { type: 'language' });
    for (const code of PATTERN_LANGUAGES) expect(languageName(code)).toBe(intl.of(code));
  });

  it('asks Intl for any other code, and falls back to the code itself', () => {
    expect(languageName('fi')).toBe('Finnish');
    expect(languageName('not a code')).toBe('NOT A CODE');
  });

  it('names languages in the visitor’s language', () => {
    expect(languageName('de', 'de')).toBe('Deutsch');
    expect(languageName('en', 'fr')).toBe('anglais');
    expect(languageLabel('en', 'fr')).toBe('Anglais');
    expect(languageName('nl', 'nl')).toBe('Nederlands');
    expect(languageList(['en', 'de'], 'es')).toBe('inglés y alemán');
    expect(languageList(['en', 'de'])).toBe('English and German');
    expect(languageOptions('de').map((o) => o.label)).toContain('Englisch');
    expect(languageOptions('fr').slice(0, 2)).toEqual([
      { value: 'en', label: 'Anglais' },
      { value: 'de', label: 'Allemand' },
    ]);
  });
});
