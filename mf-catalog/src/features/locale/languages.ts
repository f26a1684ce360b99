// Pattern languages offered in the filter (ISO 639-1, as patterns.languages stores them), and
// their names in the visitor's language.
export const PATTERN_LANGUAGES = ['en', 'de', 'fr', 'es', 'it', 'nl', 'sv', 'da', 'pl', 'pt', 'ja'] as const;

// The offered languages' English names, written out: building an Intl.DisplayNames loads the
// browser's language data (≈150 ms of a throttled phone's main thread when the catalog's module
// loaded), and most visits are in English. Other languages ask Intl, built on first need.
const ENGLISH_NAMES: Readonly<Record<(typeof PATTERN_LANGUAGES)[number], string>> = {
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

const displayNames = new Map<string, Intl.DisplayNames | null>();
function namesIn(locale: string): Intl.DisplayNames | null {
  let names = displayNames.get(locale);
  if (names === undefined) {
    try {
      names = typeof Intl.DisplayNames === 'function' ? new Intl.DisplayNames([locale], { type: 'language' }) : null;
    } catch {
      names = null;
    }
    displayNames.set(locale, names);
  }
  return names;
}

/**
 * A language's name in `locale` (the visitor's: `i18n.locale`), as Intl writes it mid-sentence
 * ("German", "Deutsch", "allemand"); the code in capitals when Intl does not know it.
 */
export function languageName(code: string, locale = 'en'): string {
  if (locale === 'en' && Object.hasOwn(ENGLISH_NAMES, code)) return ENGLISH_NAMES[code as keyof typeof ENGLISH_NAMES];
  try {
    return namesIn(locale)?.of(code) ?? code.toUpperCase();
  } catch {
    return code.toUpperCase();
  }
}

/** The name as a label starts ("Allemand", "Alemán" in a list of choices). */
export function languageLabel(code: string, locale = 'en'): string {
  const name = languageName(code, locale);
  return name.charAt(0).toLocaleUpperCase(locale) + name.slice(1);
}

/** The language filter's choices (in the offered order), named in the visitor's language. */
export function languageOptions(locale: string): { value: string; label: string }[] {
  return PATTERN_LANGUAGES.map((code) => ({ value: code, label: languageLabel(code, locale) }));
}

const lists = new Map<string, Intl.ListFormat>();
/** "English and German", "Englisch und Deutsch", "anglais et allemand": the pattern's languages in one phrase. */
export function languageList(codes: readonly string[], locale = 'en'): string {
  const names = codes.map((code) => languageName(code, locale));
  if (names.length < 2 || typeof Intl.ListFormat !== 'function') return names.join(', ');
  let list = lists.get(locale);
  if (!list) lists.set(locale, (list = new Intl.ListFormat([locale], { type: 'conjunction' })));
  return list.format(names);
}
