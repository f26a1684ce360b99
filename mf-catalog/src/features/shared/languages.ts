// Pattern languages offered in the filter (ISO 639-1, as patterns.languages stores them).
export const PATTERN_LANGUAGES = ['en', 'de', 'fr', 'es', 'it', 'nl', 'sv', 'da', 'pl', 'pt', 'ja'] as const;

const names = typeof Intl.DisplayNames === 'function' ? new Intl.DisplayNames(['en'], { type: 'language' }) : null;

export function languageName(code: string): string {
  try {
    return names?.of(code) ?? code.toUpperCase();
  } catch {
    return code.toUpperCase();
  }
}
