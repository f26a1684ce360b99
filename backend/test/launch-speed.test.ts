// Downloads at launch speed: a buyer's stamped copy of a file version is made once, kept in the
// private download-copies bucket and served again on re-download (the same bytes, the same
// stamp), while record_download still counts every download against the hourly limit. Nobody
// reads a copy but through the function; a revoked entitlement takes the copies away.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePatternPdf } from '../../supabase/test/catalog-own-pdf.ts';
import { startTestStack, type TestStack } from './harness.ts';
import { serviceClient, signedInMember, storeWithPattern, type Member } from './members.ts';

let stack: TestStack;
let designer: Member;
let buyer: Member;
let other: Member;
let storeId: string;
let patternId: string;

const sha256 = (bytes: Uint8Array) => crypto.createHash('sha256').update(bytes).digest('hex');

async function download(token: string, query = 'format=a4'): Promise<{ status: number; copy: string | null; bytes: Uint8Array; body: string }> {
  const res = await fetch(`${stack.url}/functions/v1/download/${patternId}?${query}`, { headers: { authorization: `Bearer ${token}`, apikey: stack.anonKey } });
  const bytes = new Uint8Array(await res.arrayBuffer());
  return { status: res.status, copy: res.headers.get('x-download-copy'), bytes, body: res.status === 200 ? '' : new TextDecoder().decode(bytes) };
}

async function rows(text: string, values: unknown[]): Promise<Array<Record<string, unknown>>> {
  return (await stack.pool.query(text, values)).rows;
}

async function attach(version: number): Promise<void> {
  const original = await makePatternPdf('Harbour Wrap Dress', 2);
  const path = `${storeId}/${patternId}/a4/v${version}.pdf`;
  const up = await designer.db.storage.from('pattern-files').upload(path, original, { contentType: 'application/pdf' });
  if (up.error) throw up.error;
  const attached = await designer.db.rpc('attach_pattern_file', { pattern_id: patternId, format: 'a4', version, size_bytes: original.byteLength, sha256: sha256(original) });
  if (attached.error) throw attached.error;
}

beforeAll(async () => {
  stack = await startTestStack({ seed: false });
  [designer, buyer, other] = await Promise.all([
    signedInMember(stack, 'designer', 'Dana Designer'), signedInMember(stack, 'buyer', 'Zoë Buyer'), signedInMember(stack, 'other', 'Olga Other'),
  ]);
  ({ storeId, patternId } = await storeWithPattern(designer, 'launch'));
  await attach(1);
  const db = serviceClient(stack);
  const order = await db.from('orders').insert({ buyer_id: buyer.id, buyer_email: buyer.email, status: 'paid', currency: 'USD', subtotal_cents: 1400, total_cents: 1400 }).select('id').single();
  if (order.error) throw order.error;
  await db.from('order_items').insert({ order_id: order.data.id, pattern_id: patternId, store_id: storeId, unit_price_cents: 1400, currency: 'USD' }).throwOnError();
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
    const recorded = await rows('select format, version from public.downloads where user_id = $1 and pattern_id = $2', [buyer.id, patternId]);
    expect(recorded).toEqual([{ format: 'a4', version: 1 }, { format: 'a4', version: 1 }]);
    const copies = await rows('select storage_path from public.download_copies where user_id = $1', [buyer.id]);
    expect(copies).toHaveLength(1);
    const objects = await rows(`select name from storage.objects where bucket_id = 'download-copies' and name = $1`, [copies[0]!.storage_path]);
    expect(objects).toHaveLength(1);
  });

  it('the hourly limit counts kept copies like stamped ones', async () => {
    const { rows: [limit] } = await stack.pool.query('select public.download_limit_per_hour() as n');
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
    expect(await rows('select version, sizes from public.download_copies where user_id = $1 order by version, sizes', [buyer.id]))
      .toEqual([{ version: 1, sizes: '' }, { version: 1, sizes: '6,8' }, { version: 2, sizes: '' }]);
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

  it('a revoked entitlement takes the copies away: never served again, their bytes removed', async () => {
    const paths = (await rows('select storage_path from public.download_copies where user_id = $1', [buyer.id])).map((r) => r.storage_path);
    await stack.pool.query(`update public.entitlements set revoked_at = now(), revoke_reason = 'refunded' where user_id = $1 and pattern_id = $2`, [buyer.id, patternId]);
    expect((await download(buyer.token)).status).toBe(403);
    // the next first download anywhere removes revoked copies through the storage API
    const own = await download(designer.token);
    expect(own.status, own.body).toBe(200);
    expect(await rows('select id from public.download_copies where user_id = $1', [buyer.id])).toEqual([]);
    expect(await rows(`select name from storage.objects where bucket_id = 'download-copies' and name = any ($1)`, [paths])).toEqual([]);
  });

  it('close_account lists the person’s copies among the files that go with them', async () => {
    const [copy] = await rows('select storage_path from public.download_copies where user_id = $1', [designer.id]);
    expect(copy).toBeTruthy();
    const { rows: [closed] } = await stack.pool.query('select public.close_account($1) as r', [designer.id]);
    expect(closed.r.files).toContainEqual({ bucket: 'download-copies', name: copy!.storage_path });
    expect(await rows('select id from public.download_copies where user_id = $1', [designer.id])).toEqual([]);
  });
});
