// What the database and the functions say to people, in the page's language. SQL raises its
// refusals in English with a hint, and functions answer a code and English words: API callers read
// those as they are, and a screen (through errors.ts) finds them here by their English, which is
// each id's English in this folder's catalog ({0}, {1}… where the server fills in a value), and
// shows the same sentence from the catalog in the page's language with the server's values.
// An English page shows the server's words as they are, so the catalog (and the English it matches
// against) loads only with another language, and only with the first refusal the page receives
// (loadServerWords, called by the page's fetch in refusals.ts before the caller reads the answer):
// no page's first scripts carry the server's words.
// shared/test/server-words.test.ts reads every `raise exception`, hint and function refusal from
// supabase/ and fails when one of them has no id (ids.ts) or is not in the list of API-only words.
import { isEnglish } from '../formatLocale.ts';
import { catalogLocale, defineCatalog, i18n, loadCatalog, type CatalogModule, type Locale } from '../i18n/index.ts';

type Part = string | [string, ...unknown[]];
interface Pattern {
  id: string;
  match: RegExp;
  /** The placeholder each capture fills, in order. */
  names: string[];
  /** How much of the sentence is fixed words: the more, the surer the match. */
  weight: number;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

// One table for every copy of this module on the page (a remote may bundle its own copy of a shared
// file that imports it), as the i18n runtime's registry: the copy whose catalog loads fills it.
const TABLE = Symbol.for('stitchhouse.i18n.serverWords');
const table = globalThis as { [TABLE]?: Pattern[] };

/** Each id's English as a pattern: its words exactly, a value wherever the server fills one in, the final stop optional. */
function compile(ids: readonly string[], english: CatalogModule): Pattern[] {
  const messages = english.messages as Record<string, Part[] | string>;
  return ids
    .map((id) => {
      const message = messages[id];
      const parts = typeof message === 'string' ? [message] : (message ?? []);
      const names: string[] = [];
      let source = '';
      let weight = 0;
      for (const part of parts) {
        if (typeof part === 'string') {
          source += escape(part);
          weight += part.length;
        } else {
          names.push(String(part[0]));
          source += '(.+?)';
        }
      }
      return { id, match: new RegExp(`^${source.replace(/\\\.$/, '')}\\.?$`, 's'), names, weight };
    })
    .sort((a, b) => b.weight - a.weight);
}

// One import per language, written out: the context module of a `./locales/${locale}.json` import
// came out as three identical shell chunks, each fetched on /patterns.
const CATALOG: Record<Exclude<Locale, 'en'>, () => Promise<CatalogModule>> = {
  de: () => import('./locales/de.json'),
  fr: () => import('./locales/fr.json'),
  es: () => import('./locales/es.json'),
  nl: () => import('./locales/nl.json'),
};

async function loadLanguage(locale: Locale): Promise<CatalogModule> {
  if (locale === 'en') return { messages: {} }; // shown as the server wrote them
  const [messages, english] = await Promise.all([CATALOG[locale](), import('./locales/en.json')]);
  // the catalog's ids are ids.ts's (and the one message this module adds)
  table[TABLE] ??= compile(
    Object.keys(english.messages).filter((id) => id.startsWith('shared.server.')),
    english,
  );
  return messages;
}

/**
 * Loads the server's words in the language the page shows (or is switching to), nothing on an
 * English page. Once loaded, the catalog is registered: a later switch of language loads it too.
 */
export function loadServerWords(): Promise<void> {
  const locale = catalogLocale();
  if (isEnglish(locale)) return Promise.resolve();
  return loadCatalog(defineCatalog('shared.server', null, loadLanguage), locale);
}

/** The id and values of one of the server's sentences, or undefined for words it does not know. */
export function matchServerWords(text: string): { id: string; values: Record<string, string> } | undefined {
  const trimmed = text.trim();
  for (const { id, match, names } of table[TABLE] ?? []) {
    const found = match.exec(trimmed);
    if (found) return { id, values: Object.fromEntries(names.map((name, index) => [name, found[index + 1]!])) };
  }
  return undefined;
}

/** The id whose English is exactly `text` and has no values (a value the server fills in, such as "a cover image"). */
function valueId(text: string): string | undefined {
  const known = matchServerWords(text);
  return known && Object.keys(known.values).length === 0 ? known.id : undefined;
}

/**
 * A value the server filled in, in the page's language when it is a list of the server's own words
 * ("a title, a cover image" → "einen Titel und ein Titelbild"); anything else (a name, a number) as it is.
 */
function sayValue(value: string): string {
  const ids = value.split(', ').map(valueId);
  if (ids.some((id) => !id)) return value;
  return new Intl.ListFormat(i18n.locale, { type: 'conjunction' }).format(ids.map((id) => i18n._(id!)));
}

function sayOne(text: string): string | undefined {
  const known = matchServerWords(text);
  return known && i18n._(known.id, Object.fromEntries(Object.entries(known.values).map(([name, value]) => [name, sayValue(value)])));
}

/**
 * The server's English `text` in the page's language: one sentence of the database or a function,
 * or two joined by the function ("message. hint", zod's "a; b"). Undefined on an English page
 * (the server's words are shown as they are) and for words it does not know.
 */
export function serverWords(text: string | undefined): string | undefined {
  if (!text || !i18n.locale || isEnglish(i18n.locale)) return undefined;
  const whole = sayOne(text);
  if (whole) return whole;
  for (const joint of ['. ', '; ']) {
    for (let at = text.indexOf(joint); at > 0; at = text.indexOf(joint, at + 1)) {
      const first = sayOne(text.slice(0, at));
      const rest = first && serverWords(text.slice(at + joint.length));
      if (first && rest) return joint === '; ' ? `${first}; ${rest}` : i18n._('shared.error.withHint', { message: first.replace(/\.$/, ''), hint: rest });
    }
  }
  return undefined;
}
