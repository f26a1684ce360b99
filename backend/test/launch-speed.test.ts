// Downloads at launch speed: a buyer's stamped copy of a file version is made once, kept in the
// private download-copies bucket and served again on re-download (the same bytes, the same
// stamp), while record_download still counts every download against the hourly limit. Nobody
// reads a copy but through the function; a revoked entitlement takes the copies away.
// Anonymous catalog reads are cacheable: validators and lifetimes a CDN could honour, and the
// gateway's own shared cache for them; nothing with a user token is ever cached or shared.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePatternPdf } from '../../supabase/test/catalog-own-pdf.ts';
import { startTestStack, type TestStack } from './harness.ts';
import * as kit from '../../shared/src/testing/kit.ts';
import { RPC_GET_MAX_QUERY, rpcAsGet, rpcQuery } from '../../shared/src/pageReads.mjs';
import { serviceClient, signedInMember, storeWithPattern, type Member, paidOrder } from './members.ts';

let stack: TestStack;
let designer: Member;
let buyer: Member;
let other: Member;
let storeId: string;
let patternId: string;

const sha256 = (bytes: Uint8Array) => crypto.createHash('sha256').update(bytes).digest('hex');

interface Downloaded {
  status: number;
  copy: string | null;
  bytes: Uint8Array;
  body: string;
  /** A kept copy's redirect: the signed storage URL, and what storage named the file. */
  location: string | null;
  disposition: string | null;
}

/** The function's answer; a kept copy's 302 followed as a browser does, with nothing but the signed URL. */
async function download(token: string, query = 'format=a4'): Promise<Downloaded> {
  const res = await fetch(`${stack.url}/functions/v1/download/${patternId}?${query}`, {
    headers: { authorization: `Bearer ${token}`, apikey: stack.anonKey },
    redirect: 'manual',
  });
  const location = res.status === 302 ? res.headers.get('location') : null;
  const copy = res.headers.get('x-download-copy');
  const answer = location ? (await res.arrayBuffer(), await fetch(location)) : res;
  const bytes = new Uint8Array(await answer.arrayBuffer());
  return {
    status: answer.status,
    copy,
    bytes,
    body: answer.status === 200 ? '' : new TextDecoder().decode(bytes),
    location,
    disposition: answer.headers.get('content-disposition'),
  };
}

async function rows(text: string, values: unknown[]): Promise<Array<Record<string, unknown>>> {
  return (await stack.pool.query(text, values)).rows;
}

async function attach(version: number): Promise<void> {
  const original = await makePatternPdf('Harbour Wrap Dress', 2);
  const path = `${storeId}/${patternId}/a4/v${version}.pdf`;
  const up = await designer.db.storage.from('pattern-files').upload(path, original, { contentType: 'application/pdf' });
  if (up.error) throw up.error;
  const attached = await designer.db.rpc('attach_pattern_file', {
    pattern_id: patternId,
    format: 'a4',
    version,
    size_bytes: original.byteLength,
    sha256: sha256(original),
  });
  if (attached.error) throw attached.error;
}

beforeAll(async () => {
  // the gateway's catalog cache with short lifetimes, so a write is seen within a second or two here
  stack = await startTestStack({ seed: false, publicCache: { maxAgeS: 1, staleS: 1 } });
  [designer, buyer, other] = await Promise.all([
    signedInMember(stack, 'designer', 'Dana Designer'),
    signedInMember(stack, 'buyer', 'Zoë Buyer'),
    signedInMember(stack, 'other', 'Olga Other'),
  ]);
  ({ storeId, patternId } = await storeWithPattern(designer, 'launch'));
  await attach(1);
  await paidOrder(stack, buyer, storeId, patternId);
}, 120_000);

afterAll(async () => {
  await stack?.stop();
});

describe('a buyer’s stamped copy is kept and served again', () => {
  let first: Uint8Array;

  it('the re-download is the copy stamped the first time; each one is still recorded and counted', async () => {
    const a = await download(buyer.token);
    expect(a.status, a.body).toBe(200);
    expect(a.copy).toBe('stamped');
    first = a.bytes;
    const b = await download(buyer.token);
    expect(b.status, b.body).toBe(200);
    expect(b.copy).toBe('kept');
    expect(sha256(b.bytes)).toBe(sha256(first));
    // a 302 to a signed storage URL of the copy, as Storage signs them, naming the saved file as the first answer did
    expect(a.disposition).toBe('attachment; filename="harbour-wrap-dress-a4-v1.pdf"');
    const url = new URL(b.location!);
    expect(`${url.origin}${url.pathname}`).toMatch(new RegExp(`^${stack.url}/storage/v1/object/sign/download-copies/${buyer.id}/[0-9a-f-]+\\.pdf$`));
    const fileName = /filename="([^"]+)"/.exec(a.disposition!)![1]!;
    expect(url.searchParams.get('download')).toBe(fileName);
    expect(b.disposition).toMatch(new RegExp(`^attachment; filename="${fileName.replace(/\./g, '\\.')}"`));
    // the link is short-lived: a minute
    const claims = JSON.parse(Buffer.from(url.searchParams.get('token')!.split('.')[1]!, 'base64url').toString()) as { iat: number; exp: number };
    expect(claims.exp - claims.iat).toBe(60);
    // and only that token opens it
    const forged = new URL(url);
    forged.searchParams.set('token', `${url.searchParams.get('token')!.slice(0, -4)}AAAA`);
    expect((await fetch(forged)).status).toBeGreaterThanOrEqual(400);
    const recorded = await rows('select format, version from public.downloads where user_id = $1 and pattern_id = $2', [buyer.id, patternId]);
    expect(recorded).toEqual([
      { format: 'a4', version: 1 },
      { format: 'a4', version: 1 },
    ]);
    const copies = await rows('select storage_path from public.download_copies where user_id = $1', [buyer.id]);
    expect(copies).toHaveLength(1);
    const objects = await rows(`select name from storage.objects where bucket_id = 'download-copies' and name = $1`, [copies[0]!.storage_path]);
    expect(objects).toHaveLength(1);
  });

  it('the hourly limit counts kept copies like stamped ones', async () => {
    const {
      rows: [limit],
    } = await stack.pool.query('select public.download_limit_per_hour() as n');
    for (let i = 2; i < Number(limit.n); i++) expect((await download(buyer.token)).copy).toBe('kept');
    const refused = await download(buyer.token);
    expect(refused.status).toBe(429);
    expect(JSON.parse(refused.body).error).toMatchObject({ code: 'rate_limited' });
    await stack.pool.query('delete from public.downloads where user_id = $1', [buyer.id]);
  });

  it('another size selection and a new file version make new copies', async () => {
    const sized = await download(buyer.token, 'format=a4&sizes=8,6');
    expect(sized.status, sized.body).toBe(200);
    expect(sized.copy).toBe('stamped');
    expect((await download(buyer.token, 'format=a4&sizes=6,8')).copy).toBe('kept');
    await attach(2);
    const fresh = await download(buyer.token);
    expect(fresh.status, fresh.body).toBe(200);
    expect(fresh.copy).toBe('stamped');
    expect(sha256(fresh.bytes)).not.toBe(sha256(first));
    expect(await rows('select version, sizes from public.download_copies where user_id = $1 order by version, sizes', [buyer.id])).toEqual([
      { version: 1, sizes: '' },
      { version: 1, sizes: '6,8' },
      { version: 2, sizes: '' },
    ]);
  });

  it('nobody reads a copy but through the function: not another member, not the buyer', async () => {
    const [copy] = await rows('select storage_path from public.download_copies where user_id = $1 limit 1', [buyer.id]);
    for (const person of [other, buyer]) {
      const read = await person.db.storage.from('download-copies').download(copy!.storage_path as string);
      expect(read.data).toBeNull();
      const listed = await person.db.storage.from('download-copies').list(buyer.id);
      expect(listed.data ?? []).toEqual([]);
      const table = await person.db.from('download_copies').select('storage_path');
      expect(table.data ?? []).toEqual([]);
    }
    const signed = await other.db.storage.from('download-copies').createSignedUrl(copy!.storage_path as string, 60);
    expect(signed.data).toBeNull();
    // and another member's download of the pattern is refused as before
    expect((await download(other.token)).status).toBe(403);
  });

  it('start_download and download_stamp_facts through REST: the anon key and another member are refused and record nothing; the buyer gets their own', async () => {
    const count = async () => Number((await rows('select count(*) as n from public.downloads where pattern_id = $1', [patternId]))[0]!.n);
    const before = await count();
    const rpc = (fn: string, token: string, body: unknown) =>
      fetch(`${stack.url}/rest/v1/rpc/${fn}`, {
        method: 'POST',
        headers: { apikey: stack.anonKey, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    for (const fn of ['start_download', 'download_stamp_facts']) {
      const anon = await rpc(fn, stack.anonKey, { pattern_id: patternId, format: 'a4' });
      expect(anon.status, fn).toBe(401);
      expect((await anon.json()).code, fn).toBe('42501');
      const stranger = await rpc(fn, other.token, { pattern_id: patternId, format: 'a4' });
      expect(stranger.status, fn).toBe(403);
      expect(await stranger.json(), fn).toMatchObject({ code: 'PT403', message: 'You have not purchased this pattern' });
    }
    expect(await count()).toBe(before);

    const facts = await buyer.db.rpc('download_stamp_facts', { pattern_id: patternId, format: 'a4' });
    expect(facts.error).toBeNull();
    expect(facts.data).toMatchObject({ buyer: { display_name: 'Zoë Buyer', licence: 'personal', order_number: expect.any(Number) } });
    expect(await count()).toBe(before);

    const started = await buyer.db.rpc('start_download', { pattern_id: patternId, format: 'a4' });
    expect(started.error).toBeNull();
    const answer = started.data as { download_id: number; version: number; copy: { storage_path: string; revoked: boolean } | null };
    expect(answer.copy).toMatchObject({ revoked: false, storage_path: expect.stringMatching(new RegExp(`^${buyer.id}/`)) });
    expect(answer).not.toHaveProperty('buyer');
    expect(await rows('select user_id::text, version from public.downloads where id = $1', [answer.download_id])).toEqual([
      { user_id: buyer.id, version: answer.version },
    ]);
    // no format: the first the pattern has, as the function picks it
    const picked = await buyer.db.rpc('start_download', { pattern_id: patternId });
    expect((picked.data as { format: string }).format).toBe('a4');
    // a variant the file does not have: the function's words, nothing recorded
    const n = await count();
    const roll = await buyer.db.rpc('start_download', { pattern_id: patternId, format: 'a4', variant: 'roll36' });
    expect(roll.error).toMatchObject({ code: 'PT404', message: 'This pattern has no 36-inch roll file.' });
    expect(await count()).toBe(n);
    await stack.pool.query('delete from public.downloads where user_id = $1', [buyer.id]);
  });

  it('a revoked entitlement takes the copies away: never served again, their bytes removed', async () => {
    const paths = (await rows('select storage_path from public.download_copies where user_id = $1', [buyer.id])).map((r) => r.storage_path);
    await stack.pool.query(`update public.entitlements set revoked_at = now(), revoke_reason = 'refunded' where user_id = $1 and pattern_id = $2`, [
      buyer.id,
      patternId,
    ]);
    expect((await download(buyer.token)).status).toBe(403);
    // the next first download anywhere removes revoked copies through the storage API
    const own = await download(designer.token);
    expect(own.status, own.body).toBe(200);
    expect(await rows('select id from public.download_copies where user_id = $1', [buyer.id])).toEqual([]);
    expect(await rows(`select name from storage.objects where bucket_id = 'download-copies' and name = any ($1)`, [paths])).toEqual([]);
  });
});

describe('anonymous catalog reads are cacheable, a member’s never', () => {
  const anon = { apikey: '', authorization: '' };
  const get = (path: string, headers: Record<string, string>) => fetch(`${stack.url}/rest/v1/${path}`, { headers });
  beforeAll(() => {
    anon.apikey = stack.anonKey;
    anon.authorization = `Bearer ${stack.anonKey}`;
  });

  it('an anonymous read carries an ETag and a public lifetime, and If-None-Match gets 304', async () => {
    const path = `stores?select=id,name&id=eq.${storeId}`;
    const first = await get(path, anon);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual([{ id: storeId, name: 'Dana Patterns' }]);
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers.get('cache-control')).toBe('public, max-age=1, stale-while-revalidate=1');
    const again = await get(path, { ...anon, 'if-none-match': etag! });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect(again.headers.get('etag')).toBe(etag);
    // another ETag: the whole answer
    const other = await get(path, { ...anon, 'if-none-match': '"not-it"' });
    expect(other.status).toBe(200);
    expect(await other.json()).toEqual([{ id: storeId, name: 'Dana Patterns' }]);
  });

  it('a request with a user token is never cached nor shared: private, no-store, its own answer', async () => {
    // the designer's draft pattern: theirs to see, nobody else's
    const path = `patterns?select=id,status&id=eq.${patternId}`;
    const mine = await get(path, { apikey: stack.anonKey, authorization: `Bearer ${designer.token}` });
    expect(await mine.json()).toEqual([{ id: patternId, status: 'draft' }]);
    expect(mine.headers.get('cache-control')).toBe('private, no-store');
    expect(mine.headers.get('etag')).toBeNull();
    const visitor = await get(path, anon);
    expect(await visitor.json()).toEqual([]);
    expect(visitor.headers.get('cache-control')).toMatch(/^public/);
    // and the visitor's kept answer is not what the designer gets next
    const mineAgain = await get(path, { apikey: stack.anonKey, authorization: `Bearer ${designer.token}`, 'if-none-match': visitor.headers.get('etag')! });
    expect(mineAgain.status).toBe(200);
    expect(await mineAgain.json()).toEqual([{ id: patternId, status: 'draft' }]);
    // nor is the service key's (it reads everything)
    const service = await get(path, { apikey: stack.serviceRoleKey, authorization: `Bearer ${stack.serviceRoleKey}` });
    expect(service.headers.get('cache-control')).toBe('private, no-store');
  });

  it('a write is seen by the next anonymous reads within the lifetime (max-age, then one stale answer)', async () => {
    const path = `stores?select=name&id=eq.${storeId}&limit=1`;
    expect(await (await get(path, anon)).json()).toEqual([{ name: 'Dana Patterns' }]);
    const renamed = await designer.db.from('stores').update({ name: 'Dana Patterns Studio' }).eq('id', storeId).select('name');
    expect(renamed.data).toEqual([{ name: 'Dana Patterns Studio' }]);
    const written = Date.now();
    let seen: number | null = null;
    while (Date.now() - written < 4000) {
      const res = await get(path, anon);
      const [row] = (await res.json()) as Array<{ name: string }>;
      if (row!.name === 'Dana Patterns Studio') {
        seen = Date.now() - written;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(seen, 'the new name reached anonymous readers').not.toBeNull();
    expect(seen!).toBeLessThan((1 + 1) * 1000 + 500);
    // the member sees it at once (never cached)
    const member = await get(path, { apikey: stack.anonKey, authorization: `Bearer ${designer.token}` });
    expect(await member.json()).toEqual([{ name: 'Dana Patterns Studio' }]);
  });

  it('a write through the gateway empties the cache: the very next anonymous read is fresh', async () => {
    const path = `stores?select=bio&id=eq.${storeId}&limit=1`;
    const before = (await (await get(path, anon)).json()) as Array<{ bio: string }>;
    const kept = await get(path, anon);
    expect(kept.headers.get('cache-control')).toBe('public, max-age=1, stale-while-revalidate=1');
    const bio = `${before[0]!.bio} Now with a shop in Leeds.`;
    const written = await designer.db.from('stores').update({ bio }).eq('id', storeId).select('bio');
    expect(written.data).toEqual([{ bio }]);
    expect(await (await get(path, anon)).json()).toEqual([{ bio }]);
  });
});

describe('an anonymous search is a GET the cache keeps, as the catalog asks it', () => {
  // Three published patterns of one store, newest last, as the catalog lists them.
  const titles = ['Tidewater Shirt', 'Tidewater Skirt', 'Tidewater Shorts'];
  const ids: string[] = [];
  let searchStore: string;
  const anonHeaders = () => ({ apikey: stack.anonKey, authorization: `Bearer ${stack.anonKey}` });
  /** The URL supabase-js asks for `rpc(fn, args, { get: true })`, taken from its own fetch. */
  async function getUrlOf(fn: string, args: Record<string, unknown>): Promise<string> {
    let asked = '';
    const { createClient } = await import('@supabase/supabase-js');
    const client = createClient(stack.url, stack.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      global: { fetch: (input, init) => ((asked = String(input)), fetch(input, init)) },
    });
    const { error } = await client.rpc(fn, args, { get: true });
    expect(error).toBeNull();
    return asked;
  }
  beforeAll(async () => {
    const service = serviceClient(stack);
    const { data: store } = await service
      .from('stores')
      .insert({ owner_id: designer.id, slug: `tide-${Date.now().toString(36)}`, kind: 'designer', name: 'Tidewater' })
      .select('id')
      .single()
      .throwOnError();
    searchStore = store!.id as string;
    for (const [i, title] of titles.entries()) {
      const { data } = await service
        .from('patterns')
        .insert({
          store_id: searchStore,
          title,
          craft: 'sewing',
          category: 'shirts',
          status: 'published',
          price_cents: 900 + i,
          currency: 'EUR',
          published_at: new Date(Date.UTC(2026, 10, 1 + i)).toISOString(),
        })
        .select('id')
        .single()
        .throwOnError();
      ids.push(data!.id as string);
    }
  });

  it('every argument reaches the function through the query string: a page past the first, a filter, a sort', async () => {
    const { data, error } = await kit
      .anonClient(stack)
      .rpc('search_patterns', { store_id: searchStore, sort: 'newest', page_size: 1, page_offset: 1, free_only: false, currency: 'EUR' }, { get: true });
    expect(error).toBeNull();
    // the second newest: page 2 of one-pattern pages (not PostgREST's own paging of the first page)
    expect((data as Array<{ title: string; total_count: number }>).map((row) => [row.title, Number(row.total_count)])).toEqual([['Tidewater Skirt', 3]]);
    const priced = await kit
      .anonClient(stack)
      .rpc('search_patterns', { store_id: searchStore, sort: 'price_asc', price_min_cents: 901, q: 'tidewater' }, { get: true });
    expect((priced.data as Array<{ title: string }>).map((row) => row.title)).toEqual(['Tidewater Skirt', 'Tidewater Shorts']);
    // an array argument (the facets' "I have this much yarn" steps) survives as well
    const facets = await kit.anonClient(stack).rpc('search_facet_counts', { store_id: searchStore, yarn_steps: [100, 500] }, { get: true });
    expect(facets.error).toBeNull();
  });

  it('carries an ETag and a public lifetime, 304 on If-None-Match, and is fresh after a write', async () => {
    const url = await getUrlOf('search_patterns', { store_id: searchStore, sort: 'newest', page_size: 24, page_offset: 0, free_only: false, currency: 'EUR' });
    expect(new URL(url).pathname).toBe('/rest/v1/rpc/search_patterns');
    const first = await fetch(url, { headers: anonHeaders() });
    expect(first.status).toBe(200);
    expect(((await first.json()) as Array<{ title: string }>).map((row) => row.title)).toEqual([...titles].reverse());
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers.get('cache-control')).toBe('public, max-age=1, stale-while-revalidate=1');
    const again = await fetch(url, { headers: { ...anonHeaders(), 'if-none-match': etag! } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    // the designer renames a pattern through the gateway: the very next anonymous search shows it
    const renamed = await designer.db.from('patterns').update({ title: 'Tidewater Shorts, lined' }).eq('id', ids[2]!).select('title');
    expect(renamed.error).toBeNull();
    const fresh = await fetch(url, { headers: { ...anonHeaders(), 'if-none-match': etag! } });
    expect(fresh.status).toBe(200);
    expect(((await fresh.json()) as Array<{ title: string }>)[0]!.title).toBe('Tidewater Shorts, lined');
    expect(fresh.headers.get('etag')).not.toBe(etag);
  });

  it('a search with a user token is the member’s own: private, no-store, never the visitor’s kept answer', async () => {
    const url = await getUrlOf('search_patterns', { store_id: searchStore, sort: 'newest' });
    const visitor = await fetch(url, { headers: anonHeaders() });
    expect(visitor.headers.get('cache-control')).toMatch(/^public/);
    const member = await fetch(url, {
      headers: { apikey: stack.anonKey, authorization: `Bearer ${buyer.token}`, 'if-none-match': visitor.headers.get('etag')! },
    });
    expect(member.status).toBe(200);
    expect(member.headers.get('cache-control')).toBe('private, no-store');
    expect(member.headers.get('etag')).toBeNull();
  });

  it('a search text too long gets the database’s clear answer, as a GET up to what a URL carries and as a POST past it', async () => {
    const tooLong = { q: 'wrap dress '.repeat(30), sort: 'relevance', page_size: 24, page_offset: 0 };
    expect(rpcAsGet(tooLong)).toBe(true);
    const asGet = await fetch(`${stack.url}/rest/v1/rpc/search_patterns?${rpcQuery(tooLong)}`, { headers: anonHeaders() });
    expect(asGet.status).toBe(400);
    expect(((await asGet.json()) as { message: string }).message).toBe('Search text is too long (200 characters at most)');
    expect(asGet.headers.get('etag')).toBeNull();
    // the longest arguments that still go as a GET reach the database through the gateway and PostgREST
    const longest = { q: 'ö'.repeat(Math.floor((RPC_GET_MAX_QUERY - 2) / 6)) };
    expect(rpcQuery(longest).length).toBeGreaterThan(RPC_GET_MAX_QUERY - 6);
    expect(rpcAsGet(longest)).toBe(true);
    const atLimit = await fetch(`${stack.url}/rest/v1/rpc/search_patterns?${rpcQuery(longest)}`, { headers: anonHeaders() });
    expect(atLimit.status).toBe(400);
    expect(((await atLimit.json()) as { message: string }).message).toMatch(/too long/);
    // far past a URL (a pasted page of text): a POST, with the same answer
    const pasted = { q: 'linen '.repeat(4000), page_size: 24 };
    expect(rpcAsGet(pasted)).toBe(false);
    const { error, status } = await kit.anonClient(stack).rpc('search_patterns', pasted, { get: rpcAsGet(pasted) });
    expect(status).toBe(400);
    expect(error?.message).toBe('Search text is too long (200 characters at most)');
  });
});

describe('account deletion', () => {
  it('close_account lists the person’s copies among the files that go with them', async () => {
    const [copy] = await rows('select storage_path from public.download_copies where user_id = $1', [designer.id]);
    expect(copy).toBeTruthy();
    const {
      rows: [closed],
    } = await stack.pool.query('select public.close_account($1) as r', [designer.id]);
    expect(closed.r.files).toContainEqual({ bucket: 'download-copies', name: copy!.storage_path });
    expect(await rows('select id from public.download_copies where user_id = $1', [designer.id])).toEqual([]);
  });
});
