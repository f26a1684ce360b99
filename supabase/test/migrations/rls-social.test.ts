// One currency, reviews, favourites and follows through the real PostgREST with real sign-ins: one currency (the shared conversion and
// the database's agree; the price filter and sorts use the converted amount), reviews (only
// people who own the pattern, one per purchase, never the pattern's own store, editable by their
// author only, one reply from the store), favourites and follows role by role.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { convertMinor, referenceRates, type CurrencyRate, type ReferenceRates } from '../../../shared/src/currency/convert.ts';
import { startTestStack, type TestStack } from '../../../backend/test/harness.ts';
import { serviceClient, signedInMember, type Member } from '../../../backend/test/members.ts';

let stack: TestStack;
let designer: Member; // owns store A (EUR)
let other: Member; // owns store B (USD)
let buyer: Member;
let secondBuyer: Member;
let stranger: Member;
let rates: ReferenceRates;
const S: Record<'A' | 'B' | 'C', string> = { A: '', B: '', C: '' };
const P: Record<string, string> = {};

const sql = async (text: string, values: unknown[] = []) => (await stack.pool.query(text, values)).rows;

async function store(owner: Member, slug: string, currency: string): Promise<string> {
  const [row] = await sql(`insert into public.stores (owner_id, slug, kind, name, currency) values ($1, $2, 'designer', $3, $4) returning id`, [
    owner.id,
    `${slug}-${Date.now().toString(36)}`,
    `${slug} patterns`,
    currency,
  ]);
  return row!.id as string;
}

async function pattern(storeId: string, title: string, priceCents: number, currency: string, publishedDaysAgo = 1): Promise<string> {
  const [row] = await sql(
    `insert into public.patterns (store_id, title, craft, category, status, price_cents, currency, published_at)
     values ($1, $2, 'sewing', 'tops', 'published', $3, $4, now() - make_interval(days => $5)) returning id`,
    [storeId, title, priceCents, currency, publishedDaysAgo],
  );
  return row!.id as string;
}

async function entitle(who: Member, patternId: string, source = 'grant'): Promise<string> {
  const [row] = await sql(`insert into public.entitlements (user_id, pattern_id, source) values ($1, $2, $3) returning id`, [who.id, patternId, source]);
  return row!.id as string;
}

beforeAll(async () => {
  stack = await startTestStack({ seed: false });
  [designer, other, buyer, secondBuyer, stranger] = await Promise.all([
    signedInMember(stack, 'designer', 'Dana Designer'),
    signedInMember(stack, 'other', 'Olu Other'),
    signedInMember(stack, 'buyer', 'Bea Buyer'),
    signedInMember(stack, 'second', 'Sol Second'),
    signedInMember(stack, 'stranger', 'Sam Stranger'),
  ]);
  S.A = await store(designer, 'eurostitch', 'EUR');
  S.B = await store(other, 'dollarthread', 'USD');
  S.C = await store(other, 'poundpleat', 'GBP');
  // the mixed page: €6.90, £6.00 and $7.00 (and some around them)
  P.eur690 = await pattern(S.A, 'Quillon Tee', 690, 'EUR', 3);
  P.gbp600 = await pattern(S.C, 'Quillon Skirt', 600, 'GBP', 2);
  P.usd700 = await pattern(S.B, 'Quillon Vest', 700, 'USD', 1);
  P.usd580 = await pattern(S.B, 'Quillon Top', 580, 'USD', 4);
  P.eur400 = await pattern(S.A, 'Quillon Bag', 400, 'EUR', 5);
  P.free = await pattern(S.A, 'Quillon Scarf', 0, 'EUR', 6);
  const { data, error } = await buyer.db.from('currency_rates').select('currency, per_eur, as_of');
  if (error) throw error;
  rates = referenceRates(data as CurrencyRate[]);
}, 120_000);

afterAll(async () => {
  await stack?.stop();
});

describe('one currency', () => {
  it('anyone reads the reference rates, nobody but the service role writes them', async () => {
    expect(Object.keys(rates.micros).sort()).toEqual(['EUR', 'GBP', 'USD']);
    expect(rates.asOf).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const write = await buyer.db.from('currency_rates').update({ per_eur: 2 }).eq('currency', 'USD').select();
    expect(write.data ?? []).toEqual([]);
    const [{ per_eur }] = await sql(`select per_eur::text from public.currency_rates where currency = 'USD'`);
    expect(per_eur).not.toBe('2.000000');
  });

  it('the shared conversion and the database agree, amount by amount (half-unit cases included)', async () => {
    // every amount up to €/$/£30.00 and some larger, for each pair: rounding ties included
    const amounts = [...Array.from({ length: 3001 }, (_, i) => i), 12345, 99999, 250000, 1_000_000];
    const pairs = [
      ['USD', 'EUR'],
      ['EUR', 'USD'],
      ['GBP', 'USD'],
      ['USD', 'GBP'],
      ['EUR', 'GBP'],
      ['GBP', 'EUR'],
      ['EUR', 'EUR'],
    ];
    for (const [from, to] of pairs) {
      const [{ got }] = await sql(`select array_agg(public.convert_price(a, $2, $3) order by n) as got from unnest($1::int[]) with ordinality as x(a, n)`, [
        amounts,
        from,
        to,
      ]);
      expect(got, `${from}→${to}`).toEqual(amounts.map((a) => convertMinor(a, from!, to!, rates)));
    }
    // and through REST as a visitor would call it
    const one = await stranger.db.rpc('convert_price', { amount_cents: 700, from_currency: 'USD', to_currency: 'EUR' });
    expect(one.data).toBe(convertMinor(700, 'USD', 'EUR', rates));
  });

  it("the price filter uses the buyer's currency: €5–7 is what costs €5–7 once converted", async () => {
    const want = Object.entries(P)
      .filter(([k]) => k !== 'free')
      .filter(([k]) => {
        const [, cur, cents] = /^(eur|gbp|usd)(\d+)$/.exec(k)!;
        const inEur = convertMinor(Number(cents), cur!.toUpperCase(), 'EUR', rates);
        return inEur >= 500 && inEur <= 700;
      })
      .map(([, id]) => id);
    const res = await stranger.db.rpc('search_patterns', { q: 'quillon', price_min_cents: 500, price_max_cents: 700, currency: 'EUR', sort: 'price_asc' });
    expect(res.error).toBeNull();
    const ids = (res.data as { id: string }[]).map((h) => h.id);
    expect(new Set(ids)).toEqual(new Set(want));
    // $7.00 ≈ €6.04 is in; £6.00 ≈ €6.83 is in; €6.90 is in; $5.80 ≈ €5.01 is in; €4.00 is out
    expect(ids).not.toContain(P.eur400);
  });

  it('the same filter in dollars returns the patterns worth $5–7', async () => {
    const res = await stranger.db.rpc('search_patterns', { q: 'quillon', price_min_cents: 500, price_max_cents: 700, currency: 'USD' });
    const ids = new Set((res.data as { id: string }[]).map((h) => h.id));
    for (const [key, id] of Object.entries(P)) {
      if (key === 'free') continue;
      const [, cur, cents] = /^(eur|gbp|usd)(\d+)$/.exec(key)!;
      const usd = convertMinor(Number(cents), cur!.toUpperCase(), 'USD', rates);
      expect(ids.has(id), `${key} = $${usd / 100}`).toBe(usd >= 500 && usd <= 700);
    }
  });

  it("price sorts order by the converted amount, whatever the store's currency", async () => {
    const res = await stranger.db.rpc('search_patterns', { q: 'quillon', sort: 'price_desc', currency: 'GBP' });
    const hits = res.data as { id: string; price_cents: number; currency: string }[];
    const inGbp = hits.map((h) => convertMinor(h.price_cents, h.currency, 'GBP', rates));
    expect(inGbp).toEqual([...inGbp].sort((a, b) => b - a));
    expect(hits).toHaveLength(Object.keys(P).length);
  });

  it('an unknown currency is a clear error', async () => {
    const res = await stranger.db.rpc('search_patterns', { currency: 'JPY' });
    expect(res.error?.message).toMatch(/Unknown currency "JPY"/);
  });

  it('a new reference rate re-prices the search rows of that currency', async () => {
    await sql(`update public.currency_rates set per_eur = 2 where currency = 'USD'`);
    try {
      const res = await stranger.db.rpc('search_patterns', { q: 'quillon vest', price_max_cents: 360, currency: 'EUR' });
      expect((res.data as { id: string }[]).map((h) => h.id)).toEqual([P.usd700]); // $7.00 at 2 per € = €3.50
    } finally {
      await sql(`update public.currency_rates set per_eur = $1 where currency = 'USD'`, [Number(rates.micros.USD) / 1e6]);
    }
  });
});

describe('reviews', () => {
  let buyerEntitlement: string;
  let reviewId: string;

  it('someone who does not own the pattern cannot review it', async () => {
    const fake = await stranger.db.from('reviews').insert({ pattern_id: P.eur690, entitlement_id: crypto.randomUUID(), rating: 5, body: 'Great!' });
    expect(fake.error?.code).toBe('42501');
    // nor with someone else's entitlement
    const theirs = await entitle(secondBuyer, P.eur690);
    const stolen = await stranger.db.from('reviews').insert({ pattern_id: P.eur690, entitlement_id: theirs, rating: 5, body: 'Great!' });
    expect(stolen.error?.code).toBe('42501');
    const anon = await fetch(`${stack.url}/rest/v1/reviews`, {
      method: 'POST',
      headers: { apikey: stack.anonKey, authorization: `Bearer ${stack.anonKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ pattern_id: P.eur690, entitlement_id: theirs, rating: 5, body: 'x' }),
    });
    expect(anon.status).toBe(401);
  });

  it('a buyer reviews a pattern they bought; the average and count follow', async () => {
    buyerEntitlement = await entitle(buyer, P.eur690, 'grant');
    const res = await buyer.db
      .from('reviews')
      .insert({ pattern_id: P.eur690, entitlement_id: buyerEntitlement, rating: 4, body: 'Clear instructions, fits as charted.' })
      .select('id')
      .single();
    expect(res.error).toBeNull();
    reviewId = res.data!.id as string;
    const second = await sql(`select id from public.entitlements where user_id = $1 and pattern_id = $2`, [secondBuyer.id, P.eur690]);
    const r2 = await secondBuyer.db.from('reviews').insert({ pattern_id: P.eur690, entitlement_id: second[0]!.id, rating: 5, body: 'Lovely.' });
    expect(r2.error).toBeNull();
    const hit = await stranger.db.rpc('search_patterns', { q: 'quillon tee' });
    expect(hit.data[0]).toMatchObject({ id: P.eur690, review_count: 2, rating_avg: 4.5 });
    const shown = await stranger.db.rpc('pattern_reviews', { p_pattern_id: P.eur690 });
    expect(shown.data.map((r: { author_name: string }) => r.author_name).sort()).toEqual(['Bea Buyer', 'Sol Second']);
  });

  it('one review per purchase', async () => {
    const again = await buyer.db.from('reviews').insert({ pattern_id: P.eur690, entitlement_id: buyerEntitlement, rating: 1, body: 'Again' });
    expect(again.error?.code).toBe('23505');
  });

  it('the author edits stars, text and photos; nobody else can, and nobody moves it to another pattern', async () => {
    const edit = await buyer.db.from('reviews').update({ rating: 2, body: 'Sleeves ran short.' }).eq('id', reviewId).select('rating').single();
    expect(edit.data).toEqual({ rating: 2 });
    const [{ rating_avg, review_count }] = await sql(
      `select rating_avg::float8 as rating_avg, review_count from public.pattern_ratings where pattern_id = $1`,
      [P.eur690],
    );
    expect({ rating_avg, review_count }).toEqual({ rating_avg: 3.5, review_count: 2 });
    const hijack = await stranger.db.from('reviews').update({ rating: 1 }).eq('id', reviewId).select();
    expect(hijack.data).toEqual([]);
    const owner = await designer.db.from('reviews').update({ body: 'Best pattern ever' }).eq('id', reviewId).select();
    expect(owner.data).toEqual([]);
    const move = await buyer.db.from('reviews').update({ pattern_id: P.gbp600 }).eq('id', reviewId);
    expect(move.error?.code).toBe('42501');
    const badPhoto = await buyer.db
      .from('reviews')
      .update({ photo_paths: [`${P.eur690}/${stranger.id}/x.jpg`] })
      .eq('id', reviewId);
    expect(badPhoto.error?.message).toMatch(/reviews_photos_own_folder/);
    const goodPhoto = await buyer.db
      .from('reviews')
      .update({ photo_paths: [`${P.eur690}/${buyer.id}/make.jpg`] })
      .eq('id', reviewId);
    expect(goodPhoto.error).toBeNull();
    const badRating = await buyer.db.from('reviews').update({ rating: 6 }).eq('id', reviewId);
    expect(badRating.error?.code).toBe('23514');
  });

  it('a store cannot review its own pattern, even holding a right to it', async () => {
    const own = await entitle(designer, P.eur400);
    const res = await designer.db.from('reviews').insert({ pattern_id: P.eur400, entitlement_id: own, rating: 5, body: 'Mine is great' });
    expect(res.error?.code).toBe('42501');
  });

  it("the pattern's store replies once; other stores and buyers cannot", async () => {
    const byOther = await other.db.from('review_replies').insert({ review_id: reviewId, store_id: S.B, body: 'Try ours' });
    expect(byOther.error?.code).toBe('42501');
    const byOtherPosing = await other.db.from('review_replies').insert({ review_id: reviewId, store_id: S.A, body: 'Posing' });
    expect(byOtherPosing.error?.code).toBe('42501');
    const byBuyer = await buyer.db.from('review_replies').insert({ review_id: reviewId, store_id: S.A, body: 'Me again' });
    expect(byBuyer.error?.code).toBe('42501');
    const reply = await designer.db.from('review_replies').insert({ review_id: reviewId, store_id: S.A, body: 'Thank you! Add 2 cm to the sleeve.' });
    expect(reply.error).toBeNull();
    const twice = await designer.db.from('review_replies').insert({ review_id: reviewId, store_id: S.A, body: 'And another thing' });
    expect(twice.error?.code).toBe('23505');
    const edit = await designer.db.from('review_replies').update({ body: 'Changed my mind' }).eq('review_id', reviewId).select();
    expect(edit.error?.code).toBe('42501');
    const shown = await stranger.db.rpc('pattern_reviews', { p_pattern_id: P.eur690 });
    expect(shown.data.find((r: { id: string }) => r.id === reviewId)).toMatchObject({ reply_body: 'Thank you! Add 2 cm to the sleeve.', mine: false });
  });

  it('a refund takes the review with it', async () => {
    await sql(`update public.entitlements set revoked_at = now(), revoke_reason = 'refunded' where id = $1`, [buyerEntitlement]);
    const left = await sql(`select count(*)::int as n from public.reviews where id = $1`, [reviewId]);
    expect(left[0]!.n).toBe(0);
    const [{ rating_avg, review_count }] = await sql(
      `select rating_avg::float8 as rating_avg, review_count from public.pattern_ratings where pattern_id = $1`,
      [P.eur690],
    );
    expect({ rating_avg, review_count }).toEqual({ rating_avg: 5, review_count: 1 });
  });

  it('photos of makes go only into the folder of a pattern the member owns', async () => {
    const png = new Uint8Array([
      137, 80, 78, 71, 13, 10, 26, 10, 0, 0, 0, 13, 73, 72, 68, 82, 0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0, 31, 21, 196, 137, 0, 0, 0, 13, 73, 68, 65, 84, 120,
      156, 99, 0, 1, 0, 0, 5, 0, 1, 13, 10, 45, 180, 0, 0, 0, 0, 73, 69, 78, 68, 174, 66, 96, 130,
    ]);
    const ok = await secondBuyer.db.storage.from('review-photos').upload(`${P.eur690}/${secondBuyer.id}/make.png`, png, { contentType: 'image/png' });
    expect(ok.error).toBeNull();
    const notOwned = await stranger.db.storage.from('review-photos').upload(`${P.eur690}/${stranger.id}/make.png`, png, { contentType: 'image/png' });
    expect(notOwned.error).not.toBeNull();
    const othersFolder = await secondBuyer.db.storage.from('review-photos').upload(`${P.eur690}/${buyer.id}/make.png`, png, { contentType: 'image/png' });
    expect(othersFolder.error).not.toBeNull();
  });
});

describe('favourites and follows', () => {
  it('a member favourites a published pattern; only they see it; visitors cannot', async () => {
    const add = await buyer.db.from('favourites').insert({ pattern_id: P.usd700 });
    expect(add.error).toBeNull();
    expect((await buyer.db.from('favourites').select('pattern_id')).data).toEqual([{ pattern_id: P.usd700 }]);
    expect((await stranger.db.from('favourites').select('pattern_id')).data).toEqual([]);
    expect((await designer.db.from('favourites').select('pattern_id')).data).toEqual([]);
    const forSomeone = await stranger.db.from('favourites').insert({ user_id: buyer.id, pattern_id: P.gbp600 });
    expect(forSomeone.error?.code).toBe('42501');
    const anon = await fetch(`${stack.url}/rest/v1/favourites?select=*`, { headers: { apikey: stack.anonKey, authorization: `Bearer ${stack.anonKey}` } });
    expect(anon.status).toBe(401);
    const [{ id: draft }] = await sql(
      `insert into public.patterns (store_id, title, craft, category, price_cents) values ($1, 'Secret Draft', 'sewing', 'tops', 500) returning id`,
      [S.B],
    );
    const drafted = await buyer.db.from('favourites').insert({ pattern_id: draft });
    expect(drafted.error?.code).toBe('42501');
    const removeOthers = await stranger.db.from('favourites').delete().eq('user_id', buyer.id).select();
    expect(removeOthers.data).toEqual([]);
    const remove = await buyer.db.from('favourites').delete().eq('pattern_id', P.usd700).select();
    expect(remove.data).toHaveLength(1);
  });

  it('a member follows a store, sees its new patterns; the store sees only a count; nobody follows their own store', async () => {
    expect((await buyer.db.from('follows').insert({ store_id: S.B })).error).toBeNull();
    expect((await secondBuyer.db.from('follows').insert({ store_id: S.B })).error).toBeNull();
    expect((await other.db.from('follows').select('follower_id')).data).toEqual([]);
    expect((await stranger.db.rpc('store_follower_count', { p_store_id: S.B })).data).toBe(2);
    const self = await other.db.from('follows').insert({ store_id: S.B });
    expect(self.error?.code).toBe('42501');
    const forSomeone = await stranger.db.from('follows').insert({ follower_id: buyer.id, store_id: S.A });
    expect(forSomeone.error?.code).toBe('42501');
    const fresh = await buyer.db.rpc('followed_new_patterns', { p_limit: 10 });
    expect(fresh.data.map((h: { id: string }) => h.id)).toEqual([P.usd700, P.usd580]);
    expect((await stranger.db.rpc('followed_new_patterns', {})).data).toEqual([]);
    const dup = await buyer.db.from('follows').insert({ store_id: S.B });
    expect(dup.error?.code).toBe('23505');
  });

  it("the newsletter digest lists followed stores' new patterns for confirmed subscribers (service role only)", async () => {
    await sql(`insert into public.newsletter_subscribers (email, confirmed_at) values ($1, now())`, [buyer.email.toLowerCase()]);
    const refused = await buyer.db.rpc('newsletter_follow_digest', { p_since: new Date(Date.now() - 7 * 864e5).toISOString() });
    expect(refused.error).not.toBeNull();
    const digest = await serviceClient(stack).rpc('newsletter_follow_digest', { p_since: new Date(Date.now() - 7 * 864e5).toISOString() });
    expect(digest.error).toBeNull();
    const mine = digest.data.filter((d: { email: string }) => d.email === buyer.email.toLowerCase());
    expect(mine).toHaveLength(1);
    expect(mine[0].patterns.map((p: { id: string }) => p.id)).toEqual([P.usd700, P.usd580]);
    // secondBuyer follows too but never subscribed
    expect(digest.data.some((d: { email: string }) => d.email === secondBuyer.email.toLowerCase())).toBe(false);
  });

  it('the newsletter function mails the digest when the platform asks, and refuses anyone else', async () => {
    const call = (key: string) =>
      fetch(`${stack.url}/functions/v1/newsletter/digest`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, apikey: stack.anonKey, 'content-type': 'application/json' },
        body: '{}',
      });
    expect((await call(stack.anonKey)).status).toBe(403);
    expect((await call(buyer.token)).status).toBe(403);
    const res = await call(stack.serviceRoleKey);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ sent: 1, recipients: 1 });
    const mails = (await (await fetch(`${stack.url}/mail/api/messages?to=${encodeURIComponent(buyer.email.toLowerCase())}`)).json()) as {
      subject: string;
      text: string;
      links: string[];
    }[];
    const mail = mails.find((m) => /from designers you follow/.test(m.subject));
    expect(mail?.subject).toBe('2 new patterns from designers you follow');
    expect(mail?.text).toContain('Quillon Vest ($7.00)');
    expect(mail?.links.some((l) => l.endsWith(`/patterns/${P.usd700}`))).toBe(true);
    expect(mail?.links.some((l) => new URL(l).searchParams.has('unsubscribe'))).toBe(true);
  });
});
