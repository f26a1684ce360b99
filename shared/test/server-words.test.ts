// The database's and the functions' words reach a person in their language (server/words.ts): every
// `raise exception` text and hint of supabase/migrations and every refusal a function writes is read
// from the sources here, so a new English sentence fails until it has an id in all five languages
// (or is listed below as words only a program reads).
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { describeError, serverMessage } from '../src/errors.ts';
import { activateLocale, i18n, LOCALES } from '../src/i18n/index.ts';
import { SERVER_VALUES, SERVER_WORDS } from '../src/server/ids.ts';
import english from '../src/server/locales/en.json';
import { fetchWithServerWords } from '../src/server/refusals.ts';
import { loadServerWords, matchServerWords, serverWords } from '../src/server/words.ts';

const root = join(import.meta.dirname, '..', '..');

/** Words only a program reads (a till, Stripe's webhook, the digest's cron, a wrong request no screen sends): English for API callers. */
const API_ONLY = new Set([
  'Use %', // 405: a method no page uses
  'Send your till key as "Authorization: Bearer shpos_…"',
  'The key could not be checked. Please try again',
  'This till key is wrong or has been revoked',
  'Too many requests with this key: at most % a minute',
  'The point-of-sale API is part of the Pro plan. Upgrade the shop’s plan, or upload sales as CSV on the point-of-sale page',
  'The catalog could not be read. Please try again',
  'Send an "Idempotency-Key" header (1–255 visible characters, e.g. a UUID) so a resent request is recorded once',
  'The body must be JSON: {"lines": [...]}',
  'The sales could not be recorded; nothing was saved. Send the same request again',
  'This Idempotency-Key was already used for a different request',
  'Use a new key for new sales; resend the same body to repeat a request',
  'The webhook signature could not be verified: %',
  'The event could not be applied; Stripe will retry',
  'Only the platform sends the digest',
  'Use POST /newsletter/subscribe, /newsletter/confirm or /newsletter/unsubscribe',
  'The body must be JSON: {} to start an export, {"step": "mail", "path": …} to mail its link',
  'Pass p_thread_id, p_pattern_id or p_store_id',
  'yarn_steps takes at most 12 amounts from 1 to 100000 m',
  'Unknown sort "%"',
  'Use relevance, newest, price_asc, price_desc or best_selling',
  "Give the buyer's language as en, de, fr, es or nl (default en)",
  'VAT for % is % %% (% bp), not % bp', // checkout's own consistency check, never a person's mistake
]);

const walk = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });

/** A SQL text starting at the quote at `at`: 'words' || expression || 'words', each expression as %. */
function sqlText(src: string, at: number): string {
  let i = at;
  let text = '';
  for (;;) {
    while (/\s/.test(src[i]!)) i++;
    if (src[i] === "'") {
      let j = i + 1;
      for (; j < src.length; j++) {
        if (src[j] === "'") {
          if (src[j + 1] !== "'") break;
          j++;
        }
        text += src[j];
      }
      i = j + 1;
    } else {
      let depth = 0;
      for (; i < src.length; i++) {
        const c = src[i];
        if (c === "'") i = src.indexOf("'", i + 1);
        else if (c === '(') depth++;
        else if (c === ')' && depth) depth--;
        else if (!depth && (c === ')' || c === ',' || c === ';' || (c === '|' && src[i + 1] === '|'))) break;
      }
      text += '%';
    }
    while (/\s/.test(src[i]!)) i++;
    if (src[i] !== '|' || src[i + 1] !== '|') return text;
    i += 2;
  }
}

/** The arguments of a call whose `(` ends at `from`, as written. */
function callArguments(src: string, from: number): string {
  let depth = 1;
  let i = from;
  for (let quote: string | null = null; i < src.length && depth; i++) {
    const c = src[i];
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = null;
    } else if (c === "'" || c === '"' || c === '`') quote = c;
    else if (c === '(') depth++;
    else if (c === ')') depth--;
  }
  return src.slice(from, i);
}

/** The string literals of `code`, a template's ${…} as %. */
function literals(code: string): string[] {
  const found: string[] = [];
  for (let i = 0; i < code.length; i++) {
    const quote = code[i];
    if (quote !== "'" && quote !== '"' && quote !== '`') continue;
    let text = '';
    let j = i + 1;
    while (j < code.length && code[j] !== quote) {
      if (code[j] === '\\') {
        text += code[j + 1];
        j += 2;
      } else if (quote === '`' && code[j] === '$' && code[j + 1] === '{') {
        let depth = 1;
        for (j += 2; j < code.length && depth; j++) depth += code[j] === '{' ? 1 : code[j] === '}' ? -1 : 0;
        text += '%';
      } else text += code[j++];
    }
    found.push(text);
    i = j;
  }
  return found;
}

interface Said {
  text: string;
  where: string;
}

/** Every `raise exception` text and hint of the migrations. */
function sqlWords(): Said[] {
  const said: Said[] = [];
  for (const file of walk(join(root, 'supabase', 'migrations')).filter((f) => f.endsWith('.sql'))) {
    const src = readFileSync(file, 'utf8');
    for (const m of src.matchAll(/raise exception\s+'/gi)) said.push({ text: sqlText(src, m.index + m[0].length - 1), where: file });
    for (const m of src.matchAll(/\bhint\s*=\s*'/gi)) said.push({ text: sqlText(src, m.index + m[0].length - 1), where: file });
  }
  return said;
}

/** Every sentence a function refuses with (FunctionError and its kin, the member check, the contracts' default messages, why an export leaves a pattern out). */
function functionWords(): Said[] {
  const said: Said[] = [];
  const files = [...walk(join(root, 'supabase', 'functions')), ...walk(join(root, 'shared', 'src', 'contracts'))].filter(
    (f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f) && !f.includes('/locales/'),
  );
  for (const file of files) {
    const src = readFileSync(file, 'utf8');
    for (const m of src.matchAll(/(?:new \w*(?:Failure|FunctionError)|\bposError|\bfail|\brefuse|\berrorResponse|\.member)\(/g)) {
      for (const text of literals(callArguments(src, m.index + m[0].length))) said.push({ text, where: file });
    }
    for (const m of src.matchAll(/\b(?:serverErrorMessage|message|reason):\s*(['"`])/g))
      said.push({ text: literals(src.slice(m.index + m[0].length - 1))[0]!, where: file });
  }
  return said;
}

/** What pattern_publish_gaps (its last definition) lists as a pattern's gaps: the values of "This pattern needs %…". */
function publishGaps(): string[] {
  const files = walk(join(root, 'supabase', 'migrations'))
    .filter((f) => f.endsWith('.sql'))
    .sort();
  const src = files.map((f) => readFileSync(f, 'utf8')).findLast((text) => text.includes('function public.pattern_publish_gaps'))!;
  const body = src.slice(src.indexOf('function public.pattern_publish_gaps'));
  return [...body.slice(0, body.indexOf('$$;')).matchAll(/\bthen '([^']+)'/g)].map((m) => m[1]!);
}

const stop = (text: string) => text.trim().replace(/\.$/, '');
/** Words for people: a sentence, not a code ('discount_invalid'), an example value ('{"sizes":…}') or only the values of others ('%. %'). */
const forPeople = (text: string) => / /.test(text.trim()) && !/^[[{]/.test(text.trim()) && !/^[%.\s]*$/.test(text);

const sources = [...sqlWords(), ...functionWords()].filter((said) => forPeople(said.text));
const sentences = [...new Set(sources.map((said) => stop(said.text)))];

/** The sentence with its placeholders filled by distinct values, and those values. */
function filled(template: string): { text: string; values: string[] } {
  const values: string[] = [];
  const text = template.replace(/%%|%/g, (mark) => {
    if (mark === '%%') return '%';
    values.push(`X${values.length + 1}y`);
    return values.at(-1)!;
  });
  return { text, values };
}

const messages = english.messages as Record<string, unknown>;
/** An id's English as the server writes it: the catalog's text with % for each value. */
function englishOf(id: string): string {
  const parts = messages[id] as Array<string | [string]>;
  return parts.map((part) => (typeof part === 'string' ? part : '%')).join('');
}

afterAll(() => activateLocale('en'));

/** The page in `locale` with the server's words loaded, as after the first refusal it received. */
async function withServerWords(locale: Parameters<typeof activateLocale>[0]) {
  await activateLocale(locale);
  await loadServerWords();
}

// First in this file: nothing has loaded the server's words yet.
describe('the server’s words load with the first refusal', () => {
  const answer = (status: number) => fetchWithServerWords(() => Promise.resolve(new Response('{}', { status })));

  it('loads nothing for an answer that is ok, and waits for them before handing a refusal over', async () => {
    await activateLocale('de');
    await answer(200)('http://backend.invalid/rest/v1/patterns');
    expect(serverWords('The code SPRING25 has expired.')).toBeUndefined();
    const refusal = await answer(400)('http://backend.invalid/functions/v1/checkout');
    expect(refusal.status).toBe(400);
    expect(serverWords('The code SPRING25 has expired.')).toBe('Der Code SPRING25 ist abgelaufen.');
  });

  it('loads them with a switch of language once the page has them', async () => {
    await activateLocale('fr');
    expect(serverWords('The code SPRING25 has expired.')).toBe('Le code SPRING25 a expiré.');
  });
});

describe('the server’s words', () => {
  it('reads every raise, hint and function refusal from the sources', () => {
    expect(sentences.length).toBeGreaterThan(250);
    expect(sentences).toContain('The code % has expired');
    expect(sentences).toContain('Version % is in their library now; you can email them about it after % UTC');
    expect(sentences).toContain('Sign in to add free patterns to your library');
  });

  it('knows each sentence a person can meet, with the values where the server put them', async () => {
    await withServerWords('de'); // the English it matches against loads with another language
    const unknown: string[] = [];
    for (const sentence of sentences.filter((s) => !API_ONLY.has(s))) {
      const { text, values } = filled(sentence);
      const found = matchServerWords(text);
      if (!found || stop(englishOf(found.id)) !== sentence) {
        unknown.push(sentence);
        continue;
      }
      expect(Object.values(found.values), sentence).toEqual(values);
    }
    expect(unknown, 'add these to SERVER_WORDS (shared/src/server/ids.ts) and to the catalogs in all five languages').toEqual([]);
  });

  it('lists only what the server still says, and only sentences it says as API words', () => {
    const said = new Set(sentences);
    expect(SERVER_WORDS.filter((id) => !said.has(stop(englishOf(id))))).toEqual([]);
    expect([...API_ONLY].filter((sentence) => !said.has(sentence))).toEqual([]);
    expect(new Set(SERVER_WORDS).size).toBe(SERVER_WORDS.length);
  });

  it('says every one of them in German, French, Spanish and Dutch with the server’s values', async () => {
    for (const locale of LOCALES.filter((l) => l !== 'en')) {
      await withServerWords(locale);
      for (const id of SERVER_WORDS) {
        const { text, values } = filled(englishOf(id));
        const said = serverWords(text);
        expect(said, `${locale} ${id}`).toBeTruthy();
        expect(said, `${locale} ${id}`).not.toBe(text);
        expect(said, `${locale} ${id}`).not.toMatch(/shared\.server\./);
        for (const value of values) expect(said, `${locale} ${id}`).toContain(value);
      }
    }
  });

  it('says the values the server lists (what a pattern still needs) in each language, as a list', async () => {
    const gaps = publishGaps();
    expect(gaps).toEqual(SERVER_VALUES.map(englishOf));
    const needs = (values: string[]) => `This pattern needs ${values.join(', ')} before it can be published`;
    await withServerWords('de');
    expect(serverWords(needs(gaps.slice(1)))).toBe(
      'Dieses Schnittmuster braucht noch ein Titelbild und mindestens eine Schnittmusterdatei, bevor es veröffentlicht werden kann',
    );
    for (const locale of LOCALES.filter((l) => l !== 'en')) {
      await withServerWords(locale);
      const said = serverWords(needs(gaps))!;
      for (const id of SERVER_VALUES) expect(said, `${locale} ${id}`).toContain(i18n._(id));
      for (const gap of gaps) expect(said, `${locale} ${gap}`).not.toContain(gap);
    }
    // a value that is not the server's own words is left as the server wrote it
    await withServerWords('de');
    expect(serverWords(needs(['a ribbon']))).toBe('Dieses Schnittmuster braucht noch a ribbon, bevor es veröffentlicht werden kann');
  });

  it('leaves English as the server wrote it, and words it does not know alone', async () => {
    await activateLocale('en');
    expect(serverWords('The code SPRING25 has expired.')).toBeUndefined();
    await withServerWords('de');
    expect(serverWords('A sentence no server writes')).toBeUndefined();
    expect(serverWords('The code SPRING25 has expired.')).toBe('Der Code SPRING25 ist abgelaufen.');
  });
});

describe('errors in the page’s language', () => {
  // What PostgREST answers for a raise in add_free_pattern and in the designer messages (code, message, hint as SQL wrote them).
  const notFree = { code: 'PT402', message: 'This pattern is not free', details: null, hint: 'Buy it from the pattern page.' };
  const tooLong = {
    code: '23514',
    message: 'A message can be at most 4000 characters (this one has 4123)',
    details: null,
    hint: 'Shorten it, or send it in two messages.',
  };

  it('keeps the English words on an English page', async () => {
    await activateLocale('en');
    expect(serverMessage(notFree).message).toBe('This pattern is not free. Buy it from the pattern page.');
    expect(describeError({ code: 'P0001', message: 'Write a message first', details: null, hint: null }).message).toBe('Write a message first');
  });

  it('says a refusal of the database with its hint in German, French, Spanish and Dutch', async () => {
    await withServerWords('de');
    expect(serverMessage(notFree).message).toBe('Dieses Schnittmuster ist nicht kostenlos. Kauf es auf der Seite des Schnittmusters.');
    expect(serverMessage(tooLong).message).toBe(
      'Eine Nachricht darf höchstens 4000 Zeichen lang sein (diese hat 4123). Kürze sie oder schick sie in zwei Nachrichten.',
    );
    expect(describeError({ code: 'P0001', message: 'Write a message first', details: null, hint: null }).message).toBe('Schreib zuerst eine Nachricht');
    // A hint no person is meant to read is left out rather than shown in English.
    expect(
      serverMessage({ code: '22023', message: 'Say which pattern or store the question is about', hint: 'Pass p_thread_id, p_pattern_id or p_store_id.' })
        .message,
    ).toBe('Gib an, um welches Schnittmuster oder welchen Shop es geht');
    await withServerWords('fr');
    expect(serverMessage(notFree).message).toBe('Ce patron n’est pas gratuit. Achetez-le depuis la page du patron.');
    await withServerWords('es');
    expect(serverMessage(notFree).message).toBe('Este patrón no es gratuito. Cómpralo en la página del patrón.');
    await withServerWords('nl');
    expect(serverMessage(notFree).message).toBe('Dit patroon is niet gratis. Koop het op de pagina van het patroon.');
  });

  it('says a function’s refusal in German, a joined "message. hint" too', async () => {
    await withServerWords('de');
    const expired = { error: { code: 'discount_expired', message: 'The code SPRING25 has expired.', details: null } };
    expect(describeError(expired, 400)).toMatchObject({ kind: 'validation', code: 'discount_expired', message: 'Der Code SPRING25 ist abgelaufen.' });
    const joined = {
      error: {
        code: 'rate_limited',
        message: 'You have sent too many messages in a short time. At most 10 messages a minute and 60 an hour. Wait a minute and send it again.',
        details: null,
      },
    };
    expect(describeError(joined, 429).message).toBe(
      'Du hast in kurzer Zeit zu viele Nachrichten geschickt. Höchstens 10 Nachrichten pro Minute und 60 pro Stunde. Warte eine Minute und schick sie noch einmal.',
    );
    const thrown = Object.assign(new Error('That is not your current password.'), { name: 'FunctionCallError', code: 'wrong_password', status: 403 });
    expect(describeError(thrown).message).toBe('Das ist nicht dein aktuelles Passwort.');
  });
});

describe('auth errors in the page’s language', () => {
  // The embedded auth server (like GoTrue) answers codes auth-js does not list, e.g. for features Stitchhouse does not offer.
  const unlisted = { __isAuthError: true, name: 'AuthApiError', code: 'feature_disabled', status: 404, message: 'OAuth server is disabled' };

  it('shows an unlisted code’s English words on an English page and the general line in German', async () => {
    await activateLocale('en');
    expect(describeError(unlisted).message).toBe('OAuth server is disabled');
    await withServerWords('de');
    const shown = describeError(unlisted).message;
    expect(shown).not.toBe('OAuth server is disabled');
    expect(shown).toBe(describeError({ __isAuthError: true, name: 'AuthApiError', code: 'unexpected_failure', status: 500 }).message);
  });
});
