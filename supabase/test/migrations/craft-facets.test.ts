// Knitting and crochet facets and "did you mean" through the real PostgREST with
// real tokens: a designer sets yarn weight, gauge, yarn amount and needle size on their own
// knitting/crochet pattern (the patterns table's policies, unchanged), values out of range are
// refused with words and nothing is written, another designer cannot touch them; the search
// filters by each facet, its rows carry weight and needle, search_facet_counts counts per value
// under the other filters; the shared needle list equals the database's; suggest_patterns
// answers the corrected query ("wrpa dres" → "wrap dress", "cardigen" → "cardigan") and nothing
// when nothing needs correcting or no correction finds a published pattern.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NEEDLE_SIZES, YARN_WEIGHTS } from '../../../shared/src/catalog/yarn.ts';
import { rpcAs, serviceClient, signedInPerson } from '../../../shared/src/testing/kit.ts';
import { startTestStack, type TestStack } from '../../../backend/test/harness.ts';

let stack: TestStack;
let designer: Awaited<ReturnType<typeof signedInPerson>>;
let other: Awaited<ReturnType<typeof signedInPerson>>;
const P: Record<string, string> = {};

async function rest(token: string | null, method: string, path: string, body?: unknown) {
  const res = await fetch(`${stack.url}/rest/v1/${path}`, {
    method,
    headers: { apikey: stack.anonKey, authorization: `Bearer ${token ?? stack.anonKey}`, 'content-type': 'application/json', prefer: 'return=representation' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

const search = (args: Record<string, unknown>) => rpcAs(stack, null, 'search_patterns', args);
const titles = (rows: { title: string }[]) => rows.map((r) => r.title).sort();

beforeAll(async () => {
  stack = await startTestStack({ seed: false });
  designer = await signedInPerson(stack, 'knitter-designer@facets.test', 'Facets-test-2026!', { intent: 'designer' });
  other = await signedInPerson(stack, 'other-designer@facets.test', 'Facets-test-2026!', { intent: 'designer' });
  const service = serviceClient(stack);
  const [a, b] = (
    await service
      .from('stores')
      .insert([
        { owner_id: designer.id, slug: 'yarn-studio', kind: 'designer', name: 'Yarn Studio' },
        { owner_id: other.id, slug: 'other-studio', kind: 'designer', name: 'Other Studio' },
      ])
      .select('id')
      .throwOnError()
  ).data!;
  const rows = [
    {
      key: 'yoke',
      store_id: a!.id,
      title: 'Colourwork Yoke Sweater',
      craft: 'knitting',
      category: 'sweater',
      tags: ['colourwork', 'yoke'],
      yarn_weight: 3,
      needle_mm: 4,
      gauge_stitches_10cm: 22,
      gauge_rows_10cm: 28,
      yarn_min_m: 1000,
      yarn_max_m: 1700,
    },
    {
      key: 'cardigan',
      store_id: a!.id,
      title: 'Raglan Cardigan',
      craft: 'knitting',
      category: 'cardigan',
      tags: ['raglan'],
      yarn_weight: 3,
      needle_mm: 4,
      gauge_stitches_10cm: 21.6,
      yarn_min_m: 900,
      yarn_max_m: 1600,
    },
    {
      key: 'socks',
      store_id: a!.id,
      title: 'Everyday Socks',
      craft: 'knitting',
      category: 'socks',
      tags: ['socks'],
      yarn_weight: 1,
      needle_mm: 2.5,
      gauge_stitches_10cm: 32,
      gauge_rows_10cm: 44,
      yarn_min_m: 300,
      yarn_max_m: 420,
    },
    {
      key: 'blanket',
      store_id: b!.id,
      title: 'Ripple Blanket',
      craft: 'crochet',
      category: 'blanket',
      tags: ['ripple'],
      yarn_weight: 4,
      needle_mm: 5,
      gauge_stitches_10cm: 15,
      yarn_min_m: 1200,
      yarn_max_m: 2400,
    },
    { key: 'dress', store_id: b!.id, title: 'Linen Wrap Dress', craft: 'sewing', category: 'dress', tags: ['wrap', 'summer'] },
    { key: 'draft', store_id: a!.id, title: 'Secret Kimono Jacket', craft: 'knitting', category: 'jacket', status: 'draft', yarn_weight: 3, needle_mm: 4 },
  ];
  for (const { key, ...row } of rows) {
    const { data } = await service
      .from('patterns')
      .insert({ status: 'published', price_cents: 900, currency: 'EUR', ...row })
      .select('id')
      .single()
      .throwOnError();
    P[key] = data!.id as string;
  }
});

afterAll(async () => {
  await stack?.stop();
});

describe('a designer edits the craft facets of their own patterns', () => {
  it('sets yarn weight, gauge, yarn amount and needle size on a knitting pattern, and a visitor reads them', async () => {
    const res = await rest(designer.token, 'PATCH', `patterns?id=eq.${P.socks}`, {
      yarn_weight: 2,
      needle_mm: 2.75,
      gauge_stitches_10cm: 28,
      gauge_rows_10cm: 36,
      yarn_min_m: 350,
      yarn_max_m: 500,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const read = await rest(null, 'GET', `patterns?id=eq.${P.socks}&select=yarn_weight,needle_mm,gauge_stitches_10cm,gauge_rows_10cm,yarn_min_m,yarn_max_m`);
    expect(read.body).toEqual([{ yarn_weight: 2, needle_mm: 2.75, gauge_stitches_10cm: 28, gauge_rows_10cm: 36, yarn_min_m: 350, yarn_max_m: 500 }]);
    // back as it was for the searches below
    await rest(designer.token, 'PATCH', `patterns?id=eq.${P.socks}`, {
      yarn_weight: 1,
      needle_mm: 2.5,
      gauge_stitches_10cm: 32,
      gauge_rows_10cm: 44,
      yarn_min_m: 300,
      yarn_max_m: 420,
    });
  });

  it.each([
    [{ yarn_weight: 9 }, /Unknown yarn weight 9/, /0 \(Lace\) to 7 \(Jumbo\)/],
    [{ needle_mm: 4.2 }, /4\.2 mm is not a standard needle or hook size/, /Use one of 1\.5, .*25 \(mm\)/],
    [{ gauge_stitches_10cm: 0 }, /Gauge of 0 stitches per 10 cm is out of range/, /from 1 to 60/],
    [{ gauge_stitches_10cm: null, gauge_rows_10cm: 30 }, /Gauge rows need the stitches too/, /stitches and the rows/],
    [{ yarn_min_m: 900, yarn_max_m: 400 }, /Yarn amount 900 to 400 m is not a range/, /smallest first/],
    [{ yarn_min_m: 400, yarn_max_m: null }, /Yarn amount 400 to \? m is not a range/, /smallest and the largest/],
  ])('refuses %j with a readable message and hint, writing nothing', async (change, message, hint) => {
    const res = await rest(designer.token, 'PATCH', `patterns?id=eq.${P.socks}`, change);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(message);
    expect(res.body.hint).toMatch(hint);
    const read = await rest(null, 'GET', `patterns?id=eq.${P.socks}&select=yarn_weight,needle_mm,gauge_stitches_10cm,yarn_min_m,yarn_max_m`);
    expect(read.body).toEqual([{ yarn_weight: 1, needle_mm: 2.5, gauge_stitches_10cm: 32, yarn_min_m: 300, yarn_max_m: 420 }]);
  });

  it('refuses yarn facets on a pattern that is not knitting or crochet', async () => {
    const res = await rest(other.token, 'PATCH', `patterns?id=eq.${P.dress}`, { yarn_weight: 3 });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/are for knitting and crochet patterns, not sewing/);
  });

  it('another designer cannot change them (row-level security as before: nothing updated)', async () => {
    const res = await rest(other.token, 'PATCH', `patterns?id=eq.${P.yoke}`, { yarn_weight: 6 });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
    const anon = await rest(null, 'PATCH', `patterns?id=eq.${P.yoke}`, { yarn_weight: 6 });
    expect([401, 403]).toContain(anon.status);
    const read = await rest(null, 'GET', `patterns?id=eq.${P.yoke}&select=yarn_weight`);
    expect(read.body).toEqual([{ yarn_weight: 3 }]);
  });

  it('the shared lists are the database’s: every needle size of shared/src/catalog/yarn.ts, weights 0–7', async () => {
    const sizes = await rpcAs(stack, null, 'needle_sizes_mm', {});
    expect(sizes.body.map(Number)).toEqual(NEEDLE_SIZES.map((s) => s.mm));
    expect(YARN_WEIGHTS.map((w) => w.weight)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
  });
});

describe('search by the craft facets', () => {
  it('filters by yarn weight and needle size; rows carry both; drafts never appear', async () => {
    const res = await search({ craft: 'knitting', yarn_weight: 3, needle_mm: 4 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(titles(res.body)).toEqual(['Colourwork Yoke Sweater', 'Raglan Cardigan']);
    expect(res.body[0]).toMatchObject({ yarn_weight: 3, needle_mm: 4 });
    expect(titles((await search({ needle_mm: 5 })).body)).toEqual(['Ripple Blanket']);
  });

  it('filters by gauge (to the whole stitch per 10 cm) and by the yarn a buyer has', async () => {
    expect(titles((await search({ gauge_stitches: 22 })).body)).toEqual(['Colourwork Yoke Sweater', 'Raglan Cardigan']);
    expect(titles((await search({ yarn_max_m: 950 })).body)).toEqual(['Everyday Socks', 'Raglan Cardigan']);
    expect(titles((await search({ q: 'sweater', yarn_max_m: 950 })).body)).toEqual([]);
  });

  it('refuses facet filters no pattern can have, with words', async () => {
    const weight = await search({ yarn_weight: 8 });
    expect(weight.status).toBe(400);
    expect(weight.body).toMatchObject({ message: 'Unknown yarn weight "8"', hint: expect.stringMatching(/0 \(Lace\) to 7 \(Jumbo\)/) });
    const needle = await search({ needle_mm: 4.1 });
    expect(needle.status).toBe(400);
    expect(needle.body.message).toBe('Unknown needle or hook size "4.1 mm"');
    const counts = await rpcAs(stack, null, 'search_facet_counts', { gauge_stitches: 0 });
    expect(counts.status).toBe(400);
    expect(counts.body.message).toBe('Gauge "0" is out of range');
  });

  it('counts matches per facet value under the other filters, leaving a facet’s own choice out of its counts', async () => {
    const res = await rpcAs(stack, null, 'search_facet_counts', { craft: 'knitting', yarn_weight: 3, yarn_steps: [400, 1000, 2000] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const counts = (facet: string) =>
      Object.fromEntries(
        res.body.filter((r: { facet: string }) => r.facet === facet).map((r: { value: number; patterns: number }) => [String(r.value), Number(r.patterns)]),
      );
    // yarn weight: all knitting weights (the weight chosen does not narrow its own list); the draft is not counted
    expect(counts('yarn_weight')).toEqual({ 1: 1, 3: 2 });
    // the others: within weight 3
    expect(counts('needle_mm')).toEqual({ 4: 2 });
    expect(counts('gauge_stitches')).toEqual({ 22: 2 });
    expect(counts('yarn_max_m')).toEqual({ 400: 0, 1000: 2, 2000: 2 });
    const words = await rpcAs(stack, null, 'search_facet_counts', { q: 'ripple' });
    expect(
      words.body
        .filter((r: { facet: string }) => r.facet === 'yarn_weight')
        .map((r: { value: number; patterns: number }) => [Number(r.value), Number(r.patterns)]),
    ).toEqual([[4, 1]]);
  });
});

describe('did you mean: the corrected query', () => {
  const suggest = async (q: string) => (await rpcAs(stack, null, 'suggest_patterns', { q })).body.map((s: { suggestion: string }) => s.suggestion);

  it('corrects each word against the catalog’s words and keeps the right ones', async () => {
    expect(await suggest('wrpa dres')).toEqual(['wrap dress']);
    expect(await suggest('cardigen')).toEqual(['cardigan']);
    expect(await suggest('linen wrpa dress')).toEqual(['linen wrap dress']);
  });

  it('suggests nothing when nothing needs correcting, nothing is close, or the correction finds nothing', async () => {
    expect(await suggest('wrap dress')).toEqual([]);
    expect(await suggest('qzxv plmk')).toEqual([]);
    // a draft's words are not the catalog's
    expect(await suggest('kimon')).toEqual([]);
    // each word corrects, but no published pattern has both
    expect(await suggest('ripple sockss')).toEqual([]);
  });

  it('the suggestion finds what it promises', async () => {
    const res = await search({ q: 'wrap dress' });
    expect(titles(res.body)).toEqual(['Linen Wrap Dress']);
    expect(res.body[0].matched_by).toBe('text');
  });
});
