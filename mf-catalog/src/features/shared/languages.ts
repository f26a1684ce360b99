// Pattern languages offered in the filter (ISO 639-1, as patterns.languages stores them).
export const PATTERN_LANGUAGES = ['en', 'de', 'fr', 'es', 'it', 'nl', 'sv', 'da', 'pl', 'pt', 'ja'] as const;

// The offered languages' names, written out: building an Intl.DisplayNames loads the browser's
// language data (≈150 ms of a throttled phone's main thread when the catalog's module loaded).
const OFFERED_NAMES: Readonly<Record<(typeof PATTERN_LANGUAGES)[number], string>> = {
  en: 'English',
  de: 'German',
  fr: 'French',
  es: 'Spanish',
  it: 'Italian',
  nl: 'Dutch',
  sv: 'Swedish',
  da: 'Danish',
  pl: 'Polish',
  pt: 'Portuguese',
  ja: 'Japanese',
};

let displayNames: Intl.DisplayNames | null | undefined;

/** A language's English name; any other code than the offered ones asks Intl, built on first need. */
export function languageName(code: string): string {
  if (Object.hasOwn(OFFERED_NAMES, code)) return OFFERED_NAMES[code as keyof typeof OFFERED_NAMES];
  try {
    displayNames ??= typeof Intl.DisplayNames === 'function' ? new Intl.DisplayNames(['en'], { type: 'language' }) : null;
    return displayNames?.of(code) ?? code.toUpperCase();
  } catch {
    return code.toUpperCase();
  }
}
