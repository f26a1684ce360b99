// Patterns in many languages, through the real PostgREST with real tokens:
//   * a member saves their language on their profile (en, de, fr, es, nl or none), refused in
//     words otherwise; nobody else reads or writes it; the service role reads it for emails;
//   * a designer adds a translated title and description per language to their own pattern;
//     another designer and a buyer cannot write them; anyone reads those of a published pattern,
//     a draft's only its store; bad inputs (unknown language, the pattern's own language, an
//     empty or long title, a long description) are refused in words and nothing is written;
//   * search reads the words in the buyer's language (locale) plus as typed: German, French,
//     Spanish and Dutch stemming over patterns in those languages and over translations; typos
//     are still corrected ("Did you mean"); without a locale (or 'en') English search finds
//     exactly what it found before; an unknown locale is refused in words.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rpcAs, serviceClient, signedInPerson } from '../../../shared/src/testing/kit.ts';
import { startTestStack, type TestStack } from '../../../backend/test/harness.ts';

let stack: TestStack;
type Person = Awaited<ReturnType<typeof signedInPerson>>;
let owner: Person;
let other: Person;
let buyer: Person;
const P: Record<string, string> = {};
const PASSWORD = 'Languages-test-2026!';

async function rest(token: string | null, method: string, path: string, body?: unknown, key = stack.anonKey) {
  const res = await fetch(`${stack.url}/rest/v1/${path}`, {
    method,
    headers: { apikey: key, authorization: `Bearer ${token ?? key}`, 'content-type': 'application/json', prefer: 'return=representation' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}
const service = (method: string, path: string, body?: unknown) => rest(stack.serviceRoleKey, method, path, body, stack.serviceRoleKey);
const translationsOf = async (patternId: string) => (await service('GET', `pattern_translations?pattern_id=eq.${patternId}&order=locale`)).body as Row[];
type Row = Record<string, any>;

const search = (args: Record<string, unknown>) => rpcAs(stack, null, 'search_patterns', args);
async function titlesFound(args: Record<string, unknown>): Promise<string[]> {
  const res = await search(args);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body as { title: string }[]).map((r) => r.title).sort();
}

beforeAll(async () => {
  stack = await startTestStack({ seed: false });
  owner = await signedInPerson(stack, 'owner@languages.test', PASSWORD, { intent: 'designer' });
  other = await signedInPerson(stack, 'other@languages.test', PASSWORD, { intent: 'designer' });
  buyer = await signedInPerson(stack, 'buyer@languages.test', PASSWORD);
  const db = serviceClient(stack);
  const [a, b] = (
    await db
      .from('stores')
      .insert([
        { owner_id: owner.id, slug: 'atelier-lingua', kind: 'designer', name: 'Atelier Lingua' },
        { owner_id: other.id, slug: 'other-lingua', kind: 'designer', name: 'Other Lingua' },
      ])
      .select('id')
      .throwOnError()
  ).data!;
  const rows = [
    { key: 'wrap', store_id: a!.id, title: 'Wrap Dress', description: 'An easy wrap dress with pockets.', category: 'dress', languages: ['en', 'de'] },
    { key: 'trousers', store_id: a!.id, title: 'Linen Trousers', description: 'Wide legs, an elastic waist.', category: 'trousers', languages: ['en'] },
    { key: 'jacket', store_id: b!.id, title: 'Chore Jacket', description: 'Patch pockets and a camp collar.', category: 'jacket', languages: ['en'] },
    { key: 'kleid', store_id: a!.id, title: 'Kleid Emma', description: 'Ein leichtes Sommerkleid mit Taschen.', category: 'dress', languages: ['de'] },
    { key: 'robe', store_id: a!.id, title: 'Robe Lila', description: 'Une robe évasée pour l’été.', category: 'dress', languages: ['fr'] },
    { key: 'vestido', store_id: b!.id, title: 'Vestido Sol', description: 'Un vestido fresco de lino.', category: 'dress', languages: ['es'] },
    { key: 'jurk', store_id: b!.id, title: 'Jurk Mies', description: 'Een zomerse jurk met zakken.', category: 'dress', languages: ['nl'] },
    { key: 'draft', store_id: a!.id, title: 'Secret Kimono', description: 'Not out yet.', category: 'jacket', languages: ['en'], status: 'draft' },
  ];
  for (const { key, ...row } of rows) {
    const { data } = await db
      .from('patterns')
      .insert({ status: 'published', price_cents: 900, currency: 'EUR', craft: 'sewing', ...row })
      .select('id')
      .single()
      .throwOnError();
    P[key] = data!.id as string;
  }
});

afterAll(async () => {
  await stack?.stop();
});

describe('the member’s saved language', () => {
  it('a member saves a language, changes it and clears it; it is theirs alone', async () => {
    const saved = await rest(buyer.token, 'PATCH', `profiles?id=eq.${buyer.id}`, { locale: 'de' });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toEqual([expect.objectContaining({ id: buyer.id, locale: 'de' })]);
    expect((await rest(buyer.token, 'PATCH', `profiles?id=eq.${buyer.id}`, { locale: 'nl' })).body[0].locale).toBe('nl');
    // another member cannot read or change it, a visitor cannot read profiles
    expect((await rest(other.token, 'GET', `profiles?id=eq.${buyer.id}&select=locale`)).body).toEqual([]);
    const foreign = await rest(other.token, 'PATCH', `profiles?id=eq.${buyer.id}`, { locale: 'fr' });
    expect(foreign.body).toEqual([]);
    const visitor = await rest(null, 'GET', `profiles?id=eq.${buyer.id}&select=locale`);
    expect(visitor.status === 401 || visitor.status === 403 || (visitor.status === 200 && visitor.body.length === 0), JSON.stringify(visitor)).toBe(true);
    // what an email reads, with the service role
    expect((await service('GET', `profiles?id=eq.${buyer.id}&select=locale`)).body).toEqual([{ locale: 'nl' }]);
    const cleared = await rest(buyer.token, 'PATCH', `profiles?id=eq.${buyer.id}`, { locale: null });
    expect(cleared.body[0].locale).toBeNull();
  });

  it('an unknown language is refused in words and nothing changes', async () => {
    await rest(buyer.token, 'PATCH', `profiles?id=eq.${buyer.id}`, { locale: 'es' });
    for (const locale of ['it', 'DE', '']) {
      const res = await rest(buyer.token, 'PATCH', `profiles?id=eq.${buyer.id}`, { locale });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(`Unknown language "${locale}"`);
      expect(res.body.hint).toMatch(/en, de, fr, es or nl/);
    }
    expect((await service('GET', `profiles?id=eq.${buyer.id}&select=locale`)).body).toEqual([{ locale: 'es' }]);
  });
});

describe('translated titles and descriptions', () => {
  it('the pattern’s store adds, edits and removes a translation; a visitor reads it with the pattern', async () => {
    const added = await rest(owner.token, 'POST', 'pattern_translations', {
      pattern_id: P.wrap,
      locale: 'fr',
      title: 'Robe portefeuille',
      description: 'Une robe portefeuille facile, avec poches.',
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const edited = await rest(owner.token, 'PATCH', `pattern_translations?pattern_id=eq.${P.wrap}&locale=eq.fr`, { title: 'Robe cache-cœur' });
    expect(edited.body).toEqual([expect.objectContaining({ locale: 'fr', title: 'Robe cache-cœur' })]);
    const page = await rest(null, 'GET', `patterns?id=eq.${P.wrap}&select=title,pattern_translations(locale,title,description)`);
    expect(page.body).toEqual([
      { title: 'Wrap Dress', pattern_translations: [{ locale: 'fr', title: 'Robe cache-cœur', description: 'Une robe portefeuille facile, avec poches.' }] },
    ]);
    const removed = await rest(owner.token, 'DELETE', `pattern_translations?pattern_id=eq.${P.wrap}&locale=eq.fr`);
    expect(removed.body).toHaveLength(1);
    expect(await translationsOf(P.wrap!)).toEqual([]);
  });

  it('another designer and a buyer cannot add, change or remove a store’s translations', async () => {
    await service('POST', 'pattern_translations', { pattern_id: P.trousers, locale: 'de', title: 'Leinenhose', description: 'Weite Beine.' });
    for (const person of [other, buyer]) {
      const insert = await rest(person.token, 'POST', 'pattern_translations', { pattern_id: P.trousers, locale: 'fr', title: 'Pantalon en lin' });
      expect(insert.status, JSON.stringify(insert.body)).toBe(403);
      expect(insert.body.code).toBe('42501');
      expect((await rest(person.token, 'PATCH', `pattern_translations?pattern_id=eq.${P.trousers}`, { title: 'Hijacked' })).body).toEqual([]);
      expect((await rest(person.token, 'DELETE', `pattern_translations?pattern_id=eq.${P.trousers}`)).body).toEqual([]);
    }
    const visitor = await rest(null, 'POST', 'pattern_translations', { pattern_id: P.trousers, locale: 'fr', title: 'Pantalon en lin' });
    expect([401, 403]).toContain(visitor.status);
    expect(await translationsOf(P.trousers!)).toEqual([expect.objectContaining({ locale: 'de', title: 'Leinenhose' })]);
  });

  it('a draft’s translations are read by its store only; a published pattern’s by everyone', async () => {
    const added = await rest(owner.token, 'POST', 'pattern_translations', { pattern_id: P.draft, locale: 'de', title: 'Geheimer Kimono' });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect((await rest(owner.token, 'GET', `pattern_translations?pattern_id=eq.${P.draft}&select=title`)).body).toEqual([{ title: 'Geheimer Kimono' }]);
    for (const token of [null, other.token, buyer.token]) {
      expect((await rest(token, 'GET', `pattern_translations?pattern_id=eq.${P.draft}`)).body).toEqual([]);
      expect((await rest(token, 'GET', `pattern_translations?pattern_id=eq.${P.trousers}&select=title`)).body).toEqual([{ title: 'Leinenhose' }]);
    }
  });

  it('refuses bad translations in words and writes nothing', async () => {
    const cases: [Row, RegExp][] = [
      [{ locale: 'it', title: 'Abito' }, /^Unknown language "it" for a translation$/],
      [{ locale: 'en', title: 'Kleid Emma in English' }, /written in "en" already/],
      [{ locale: 'de', title: '   ' }, /^A translated title needs 1 to 200 characters \(got 0\)$/],
      [{ locale: 'de', title: 'x'.repeat(201) }, /^A translated title needs 1 to 200 characters \(got 201\)$/],
      [{ locale: 'de', title: 'Lang', description: 'x'.repeat(20_001) }, /^A translated description holds at most 20000 characters/],
    ];
    for (const [body, message] of cases) {
      const res = await rest(owner.token, 'POST', 'pattern_translations', { pattern_id: P.wrap, ...body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toMatch(message);
      expect(res.body.hint).toBeTruthy();
    }
    // the pattern's own first language (German here)
    const own = await rest(owner.token, 'POST', 'pattern_translations', { pattern_id: P.kleid, locale: 'de', title: 'Kleid Emma' });
    expect(own.status).toBe(400);
    expect(own.body.message).toBe('This pattern is written in "de" already: its own title and description are that language');
    expect(await translationsOf(P.wrap!)).toEqual([]);
    expect(await translationsOf(P.kleid!)).toEqual([]);
  });
});

describe('search in the buyer’s language', () => {
  it('stems German, French, Spanish and Dutch words in the buyer’s language', async () => {
    expect(await titlesFound({ q: 'Kleider', locale: 'de' })).toContain('Kleid Emma');
    expect(await titlesFound({ q: 'robes', locale: 'fr' })).toEqual(['Robe Lila']);
    expect(await titlesFound({ q: 'vestidos', locale: 'es' })).toEqual(['Vestido Sol']);
    expect(await titlesFound({ q: 'jurken', locale: 'nl' })).toEqual(['Jurk Mies']);
    // the description, in its language: "Taschen" (German) ← "Tasche"
    expect(await titlesFound({ q: 'Tasche', locale: 'de' })).toEqual(['Kleid Emma']);
  });

  it('finds a translation in its language and carries the translated titles', async () => {
    const added = await rest(owner.token, 'POST', 'pattern_translations', {
      pattern_id: P.wrap,
      locale: 'de',
      title: 'Wickelkleid',
      description: 'Ein einfaches Wickelkleid mit Taschen.',
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const res = await search({ q: 'Wickelkleider', locale: 'de' });
    expect(res.body.map((r: Row) => [r.title, r.title_translations, r.rank])).toEqual([['Wrap Dress', { de: 'Wickelkleid' }, 1]]);
    // the original still finds it, and a change of the translation is found at once
    expect(await titlesFound({ q: 'wrap dress', locale: 'de' })).toEqual(['Wrap Dress']);
    await rest(owner.token, 'PATCH', `pattern_translations?pattern_id=eq.${P.wrap}&locale=eq.de`, { title: 'Jerseykleid' });
    expect(await titlesFound({ q: 'Wickelkleider', locale: 'de' })).toEqual(['Wrap Dress']); // still in the description
    expect((await search({ q: 'Jerseykleider', locale: 'de' })).body.map((r: Row) => r.title_translations)).toEqual([{ de: 'Jerseykleid' }]);
    await rest(owner.token, 'DELETE', `pattern_translations?pattern_id=eq.${P.wrap}&locale=eq.de`);
    expect(await titlesFound({ q: 'Jerseykleider', locale: 'de' })).toEqual([]);
  });

  it('English search finds what it found before, with or without the locale', async () => {
    for (const q of ['wrap dress', 'dresses', 'pockets', 'linen trousers', '"camp collar"', 'jacket -linen', 'Kleid', 'robe']) {
      const before = await stack.pool.query(
        `select p.title from catalog_search.documents d join public.patterns p on p.id = d.pattern_id
          where d.search_vector @@ websearch_to_tsquery('english', $1) order by 1`,
        [q],
      );
      const expected = before.rows.map((r) => r.title as string);
      expect(await titlesFound({ q }), q).toEqual(expected);
      expect(await titlesFound({ q, locale: 'en' }), q).toEqual(expected);
    }
    expect(await titlesFound({ q: 'pockets' })).toEqual(['Chore Jacket', 'Wrap Dress']);
  });

  it('corrects typos in the buyer’s language and in English', async () => {
    const typo = await search({ q: 'Kleidr', locale: 'de' });
    expect(typo.body.map((r: Row) => [r.title, r.matched_by])).toEqual([['Kleid Emma', 'similar']]);
    expect((await rpcAs(stack, null, 'suggest_patterns', { q: 'jurl', locale: 'nl' })).body).toEqual([
      expect.objectContaining({ suggestion: 'jurk', kind: 'query' }),
    ]);
    const english = await search({ q: 'jaket' });
    expect(english.body.map((r: Row) => [r.title, r.matched_by])).toEqual([['Chore Jacket', 'similar']]);
    expect((await rpcAs(stack, null, 'suggest_patterns', { q: 'jaket' })).body).toEqual([expect.objectContaining({ suggestion: 'jacket' })]);
  });

  it('refuses an unknown locale in words', async () => {
    for (const fn of ['search_patterns', 'search_facet_counts', 'suggest_patterns']) {
      const res = await rpcAs(stack, null, fn, { q: 'dress', locale: 'it' });
      expect(res.status, fn).toBe(400);
      expect(res.body.message).toBe('Unknown language "it"');
      expect(res.body.hint).toMatch(/en, de, fr, es or nl/);
    }
    const counts = await rpcAs(stack, null, 'search_facet_counts', { q: 'robes', locale: 'fr' });
    expect(counts.status, JSON.stringify(counts.body)).toBe(200);
  });
});
