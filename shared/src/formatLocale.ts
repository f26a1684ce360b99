// The language numbers, money and dates are written in when a caller names none: the page's
// active language (`i18n.locale`). Kept free of the i18n runtime itself, so money.ts and the
// route contract stay importable by the functions under Deno (they pass a recipient's locale):
// shared's catalog (i18n/catalog.ts) points this at the runtime when a page loads it; until then,
// and in the functions, it is English.

// One state for every copy of this module on the page: a remote that bundles its own copy (of a
// shared file it shares, such as plans.ts, instantiated by the remote's runtime) reads the
// language and catalog the shell's copy was pointed at, not English.
interface Follow {
  current: () => string;
  translate: ((id: string) => string) | null;
}
const KEY = Symbol.for('stitchhouse.formatLocale');
const state: Follow = ((globalThis as { [KEY]?: Follow })[KEY] ??= { current: () => 'en', translate: null });

/** The language formatters default to: the page's active language, else 'en'. */
export function formatLocale(): string {
  return state.current() || 'en';
}

/** Called once by the i18n runtime's shared catalog: formatters follow the active language and read its catalog. */
export function followLocale(get: () => string | undefined, read: (id: string) => string): void {
  state.current = () => get() ?? 'en';
  state.translate = read;
}

/**
 * A text of shared's catalog (its id marked for the extractor) in the active language, `values`
 * filling its ICU placeholders; where the runtime lacks the message, `english`, whose plain `{name}`
 * placeholders take the values (English fallbacks use no plural or select): in the functions (no
 * runtime), in a Node process that never loaded a page's catalog, and on an English page, whose
 * catalog leaves these out (scripts/i18n.mjs checks that `english` is the catalog's English).
 */
export function sharedText(id: string, english: string, values?: Record<string, unknown>): string {
  // The runtime's reader is Lingui's `i18n._`, which takes a message descriptor in an id's place
  // (the values travel in it: i18n/catalog.ts forwards what it is given) and answers the id itself
  // for a message it does not have.
  const { translate } = state;
  if (translate) {
    const said = values ? (translate as unknown as (message: { id: string; values: Record<string, unknown> }) => string)({ id, values }) : translate(id);
    if (said !== id) return said;
  }
  return values ? english.replace(/\{(\w+)\}/g, (whole, name: string) => (Object.hasOwn(values, name) ? String(values[name]) : whole)) : english;
}

/** An English locale ('en', 'en-GB'…): the written-out fast paths apply. */
export function isEnglish(locale: string): boolean {
  return locale === 'en' || locale.startsWith('en-');
}
