// The storage service behind /storage/v1, driven by storage-js (supabase-js) the way the
// apps use it, with permissions from row-level security policies on storage.objects.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BackendConfig } from '../src/context.ts';
import { signJwt } from '../src/jwt.ts';
import { startTestStack, type TestStack } from './harness.ts';

const bucket = 'test-private';
/** A real 1×1 PNG: uploads are checked by their bytes, not only the declared type. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const alice = randomUUID();
const bob = randomUUID();

let stack: TestStack;
let pool: pg.Pool;
let url: string;
let config: BackendConfig;
let service: SupabaseClient;
let anon: SupabaseClient;
let asAlice: SupabaseClient;
let asBob: SupabaseClient;

function clientWith(token: string): SupabaseClient {
  return createClient(url, config.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    global: { headers: { Authorization: `Bearer ${token}` } },
  });
}

const userToken = (sub: string) => signJwt({ sub, role: 'authenticated', aud: 'authenticated' }, config.jwtSecret, 600);

/** Every stored version file under the bucket folder, relative to it. */
function filesOnDisk(): string[] {
  const root = path.join(config.dataDir, 'storage', bucket);
  if (!fs.existsSync(root)) return [];
  return (fs.readdirSync(root, { recursive: true }) as string[]).filter((f) => fs.statSync(path.join(root, f)).isFile()).sort();
}

function tempFiles(): string[] {
  const tmp = path.join(config.dataDir, 'storage-tmp');
  return fs.existsSync(tmp) ? fs.readdirSync(tmp) : [];
}

/** A request outside storage-js; the gateway wants the apikey like Supabase's. */
async function rawFetch(pathAndQuery: string, init: RequestInit = {}): Promise<{ status: number; body: any }> {
  const headers = new Headers(init.headers);
  if (!pathAndQuery.startsWith('/object/sign/')) headers.set('apikey', config.anonKey);
  const res = await fetch(`${url}/storage/v1${pathAndQuery}`, { ...init, headers });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

beforeAll(async () => {
  stack = await startTestStack();
  ({ config, pool, url } = stack);
  // The documented Supabase pattern: each user reads and writes only under their own uid folder.
  await pool.query(`
    create policy "test own folder read" on storage.objects for select to authenticated
      using (bucket_id = '${bucket}' and (storage.foldername(name))[1] = auth.uid()::text);
    create policy "test own folder write" on storage.objects for insert to authenticated
      with check (bucket_id = '${bucket}' and (storage.foldername(name))[1] = auth.uid()::text);
    create policy "test own folder update" on storage.objects for update to authenticated
      using (bucket_id = '${bucket}' and (storage.foldername(name))[1] = auth.uid()::text);
    create policy "test own folder delete" on storage.objects for delete to authenticated
      using (bucket_id = '${bucket}' and (storage.foldername(name))[1] = auth.uid()::text);
    create policy "test public read" on storage.objects for select to anon, authenticated
      using (bucket_id = 'test-public');`);
  service = clientWith(config.serviceRoleKey);
  anon = clientWith(config.anonKey);
  asAlice = clientWith(await userToken(alice));
  asBob = clientWith(await userToken(bob));
}, 180_000);

afterAll(async () => {
  await stack?.stop();
});

describe('buckets', () => {
  it('lets the service role create, read, update and list buckets', async () => {
    const created = await service.storage.createBucket(bucket, {
      public: false,
      fileSizeLimit: 1024,
      allowedMimeTypes: ['application/pdf', 'text/plain', 'image/*'],
    });
    expect(created).toEqual({ data: { name: bucket }, error: null });
    expect((await service.storage.createBucket('test-public', { public: true })).error).toBeNull();

    const { data } = await service.storage.getBucket(bucket);
    expect(data).toMatchObject({ id: bucket, public: false, file_size_limit: 1024, allowed_mime_types: ['application/pdf', 'text/plain', 'image/*'] });
    const list = await service.storage.listBuckets();
    expect(list.data?.map((b) => b.id)).toEqual(expect.arrayContaining(['test-public', bucket]));

    const dup = await service.storage.createBucket(bucket);
    expect(dup.error).toMatchObject({ statusCode: '409' });
  });

  it('denies bucket creation to users (no policy on storage.buckets) and hides buckets from them', async () => {
    const { error } = await asAlice.storage.createBucket('alice-own');
    expect(error).toMatchObject({ statusCode: '403', status: 400 });
    expect((await asAlice.storage.listBuckets()).data).toEqual([]);
    expect((await asAlice.storage.getBucket(bucket)).error).toMatchObject({ statusCode: '404' });
  });

  it('rejects bad bucket input with a clear message', async () => {
    const bad = await rawFetch('/bucket', {
      method: 'POST',
      headers: { authorization: `Bearer ${config.serviceRoleKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'x', file_size_limit: 'lots' }),
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ statusCode: '400', code: 'InvalidRequest' });
    expect(bad.body.message).toMatch(/file_size_limit/);
    const badJson = await rawFetch('/bucket', {
      method: 'POST',
      headers: { authorization: `Bearer ${config.serviceRoleKey}`, 'content-type': 'application/json' },
      body: '{"name":',
    });
    expect(badJson.body).toMatchObject({ statusCode: '400', message: 'The request body is not valid JSON' });
  });
});

describe('objects under row-level security', () => {
  it("uploads a raw body and a multipart Blob into the caller's own folder, and downloads them", async () => {
    const raw = await asAlice.storage.from(bucket).upload(`${alice}/notes.txt`, Buffer.from('Seam allowance 1.5 cm'), {
      contentType: 'text/plain',
    });
    expect(raw.error).toBeNull();
    expect(raw.data).toMatchObject({ path: `${alice}/notes.txt`, fullPath: `${bucket}/${alice}/notes.txt` });
    expect(raw.data?.id).toMatch(/^[0-9a-f-]{36}$/);

    const pdf = new Blob(['%PDF-1.7 wrap dress A4'], { type: 'application/pdf' });
    const multipart = await asAlice.storage.from(bucket).upload(`${alice}/wrap-dress/a4.pdf`, pdf, { cacheControl: '60' });
    expect(multipart.error).toBeNull();

    const text = await asAlice.storage.from(bucket).download(`${alice}/notes.txt`);
    expect(await text.data?.text()).toBe('Seam allowance 1.5 cm');
    const file = await asAlice.storage.from(bucket).download(`${alice}/wrap-dress/a4.pdf`);
    expect(file.data?.type).toBe('application/pdf');
    expect(await file.data?.text()).toBe('%PDF-1.7 wrap dress A4');

    const res = await fetch(`${url}/storage/v1/object/authenticated/${bucket}/${alice}/wrap-dress/a4.pdf`, {
      headers: { authorization: `Bearer ${await userToken(alice)}`, apikey: config.anonKey },
    });
    expect(res.headers.get('cache-control')).toBe('max-age=60');
    expect(res.headers.get('etag')).toMatch(/^"[0-9a-f]{32}"$/);
    expect(res.headers.get('content-length')).toBe('22');

    const info = await asAlice.storage.from(bucket).info(`${alice}/wrap-dress/a4.pdf`);
    expect(info.data).toMatchObject({ name: `${alice}/wrap-dress/a4.pdf`, size: 22, contentType: 'application/pdf', bucketId: bucket });
    expect((await asAlice.storage.from(bucket).exists(`${alice}/wrap-dress/a4.pdf`)).data).toBe(true);
    expect((await asAlice.storage.from(bucket).exists(`${alice}/missing.pdf`)).data).toBe(false);
  });

  it('refuses to overwrite without upsert, overwrites with upsert and drops the old bytes', async () => {
    const path = `${alice}/notes.txt`;
    const again = await asAlice.storage.from(bucket).upload(path, Buffer.from('v2'), { contentType: 'text/plain' });
    expect(again.error).toMatchObject({ statusCode: '409' });
    expect(await (await asAlice.storage.from(bucket).download(path)).data?.text()).toBe('Seam allowance 1.5 cm');

    const upsert = await asAlice.storage.from(bucket).upload(path, Buffer.from('Seam allowance 1 cm'), {
      contentType: 'text/plain',
      upsert: true,
    });
    expect(upsert.error).toBeNull();
    expect(await (await asAlice.storage.from(bucket).download(path)).data?.text()).toBe('Seam allowance 1 cm');
    expect(filesOnDisk().filter((f) => f.startsWith(`${alice}/notes.txt/`))).toHaveLength(1);

    const update = await asAlice.storage.from(bucket).update(path, Buffer.from('Seam allowance 6 mm'), { contentType: 'text/plain' });
    expect(update.error).toBeNull();
    expect(await (await asAlice.storage.from(bucket).download(path)).data?.text()).toBe('Seam allowance 6 mm');
  });

  it('lists one folder level, folders first with a null id', async () => {
    const { data, error } = await asAlice.storage.from(bucket).list(alice);
    expect(error).toBeNull();
    expect(data?.map((e) => [e.name, e.id === null])).toEqual([
      ['wrap-dress', true],
      ['notes.txt', false],
    ]);
    expect(data?.[1]?.metadata).toMatchObject({ size: 19, mimetype: 'text/plain', eTag: expect.stringMatching(/^"/) });

    const top = await asAlice.storage.from(bucket).list();
    expect(top.data?.map((e) => e.name)).toEqual([alice]);
    const searched = await asAlice.storage.from(bucket).list(`${alice}/wrap-dress`, { search: 'a4' });
    expect(searched.data?.map((e) => e.name)).toEqual(['a4.pdf']);
    // Bob sees nothing of Alice's folder.
    expect((await asBob.storage.from(bucket).list(alice)).data).toEqual([]);
    expect((await asBob.storage.from(bucket).list()).data).toEqual([]);
  });

  it('denies other users and anon: reads look like missing objects, writes are forbidden', async () => {
    const path = `${alice}/notes.txt`;
    expect((await asBob.storage.from(bucket).download(path)).error).toMatchObject({ statusCode: '404' });
    expect((await anon.storage.from(bucket).download(path)).error).toMatchObject({ statusCode: '404' });
    expect((await asBob.storage.from(bucket).createSignedUrl(path, 60)).error).toMatchObject({ statusCode: '404' });

    const intoAlice = await asBob.storage.from(bucket).upload(`${alice}/bob.txt`, Buffer.from('x'), { contentType: 'text/plain' });
    expect(intoAlice.error).toMatchObject({ statusCode: '403', message: 'new row violates row-level security policy' });
    const overwrite = await asBob.storage.from(bucket).upload(path, Buffer.from('x'), { contentType: 'text/plain', upsert: true });
    expect(overwrite.error).toMatchObject({ statusCode: '403' });
    const anonUpload = await anon.storage.from(bucket).upload(`${alice}/anon.txt`, Buffer.from('x'), { contentType: 'text/plain' });
    expect(anonUpload.error).toMatchObject({ statusCode: '403' });

    // Remove silently skips what the caller cannot delete.
    expect(await asBob.storage.from(bucket).remove([path])).toEqual({ data: [], error: null });
    expect(await (await asAlice.storage.from(bucket).download(path)).data?.text()).toBe('Seam allowance 6 mm');
    expect(filesOnDisk().some((f) => f.includes('bob.txt') || f.includes('anon.txt'))).toBe(false);

    // Bob's own folder works.
    expect((await asBob.storage.from(bucket).upload(`${bob}/mine.txt`, Buffer.from('ok'), { contentType: 'text/plain' })).error).toBeNull();
  });

  it('verifies the bearer JWT: forged and expired tokens are InvalidJWT', async () => {
    const forged = clientWith(await signJwt({ sub: alice, role: 'authenticated' }, 'not-the-project-secret-but-long-enough-123', 600));
    expect((await forged.storage.from(bucket).download(`${alice}/notes.txt`)).error).toMatchObject({
      status: 400,
      statusCode: '400',
      message: 'invalid signature',
    });
    const expired = clientWith(await signJwt({ sub: alice, role: 'authenticated', iat: 1_600_000_000, exp: 1_600_000_600 }, config.jwtSecret));
    const res = await expired.storage.from(bucket).download(`${alice}/notes.txt`);
    expect(res.error).toMatchObject({ statusCode: '400', message: 'jwt expired' });
    const raw = await rawFetch(`/object/${bucket}/${alice}/notes.txt`, { headers: { authorization: 'Bearer nonsense' } });
    expect(raw).toEqual({ status: 400, body: { statusCode: '400', code: 'InvalidJWT', error: 'InvalidJWT', message: 'jwt malformed' } });
  });
});

describe('bucket rules', () => {
  it('rejects oversized uploads (413) and leaves nothing behind', async () => {
    const before = filesOnDisk();
    const big = await asAlice.storage.from(bucket).upload(`${alice}/big.txt`, Buffer.alloc(2048, 65), { contentType: 'text/plain' });
    expect(big.error).toMatchObject({ statusCode: '413' });
    const bigBlob = await asAlice.storage.from(bucket).upload(`${alice}/big.pdf`, new Blob([Buffer.alloc(4096, 66)], { type: 'application/pdf' }));
    expect(bigBlob.error).toMatchObject({ statusCode: '413' });
    // A chunked body with no length announced is cut off while streaming.
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 8; i++) controller.enqueue(new Uint8Array(512).fill(67));
        controller.close();
      },
    });
    const chunked = await asAlice.storage.from(bucket).upload(`${alice}/stream.txt`, stream as unknown as Blob, {
      contentType: 'text/plain',
      duplex: 'half',
    });
    expect(chunked.error).toMatchObject({ statusCode: '413' });
    expect(filesOnDisk()).toEqual(before);
    expect(tempFiles()).toEqual([]);
    expect((await asAlice.storage.from(bucket).list(alice)).data?.map((e) => e.name)).toEqual(['wrap-dress', 'notes.txt']);
  });

  it('rejects types the bucket does not allow (415), honours wildcards', async () => {
    const zip = await asAlice.storage.from(bucket).upload(`${alice}/pattern.zip`, Buffer.from('PK'), { contentType: 'application/zip' });
    expect(zip.error).toMatchObject({ statusCode: '415', message: 'mime type application/zip is not supported' });
    const png = await asAlice.storage.from(bucket).upload(`${alice}/cover.png`, new Blob([PNG], { type: 'image/png' }));
    expect(png.error).toBeNull();
    expect((await asAlice.storage.from(bucket).list(alice)).data?.some((e) => e.name === 'pattern.zip')).toBe(false);
  });

  it('rejects path traversal and malformed names before touching the disk', async () => {
    const token = await userToken(alice);
    const names = [
      `${alice}%2F..%2F..%2F..%2Fescape.txt`,
      `${alice}%2F%2E%2E%2Fescape.txt`,
      `${alice}%5C..%5Cescape.txt`,
      `${alice}/a%00b.txt`,
      `${alice}/a%0Ab.txt`,
      `${alice}//double.txt`,
      `%2F${alice}/abs.txt`,
    ];
    for (const name of names) {
      const res = await rawFetch(`/object/${bucket}/${name}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'text/plain' },
        body: 'x',
      });
      expect(res, name).toMatchObject({ status: 400, body: { statusCode: '400', code: 'InvalidKey' } });
    }
    const sdk = await asAlice.storage.from(bucket).upload(`${alice}/..\\..\\escape.txt`, Buffer.from('x'), { contentType: 'text/plain' });
    expect(sdk.error).toMatchObject({ statusCode: '400' });
    expect(fs.existsSync(path.join(config.dataDir, 'escape.txt'))).toBe(false);
    expect(fs.existsSync(path.join(config.dataDir, 'storage', 'escape.txt'))).toBe(false);
    expect(filesOnDisk().some((f) => f.includes('escape') || f.includes('double') || f.includes('abs'))).toBe(false);
  });
});

describe('signed URLs', () => {
  it('serves the object to anyone holding a valid signed URL, with ?download', async () => {
    const { data, error } = await asAlice.storage.from(bucket).createSignedUrl(`${alice}/wrap-dress/a4.pdf`, 60);
    expect(error).toBeNull();
    const res = await fetch(data!.signedUrl);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('%PDF-1.7 wrap dress A4');

    const named = await asAlice.storage.from(bucket).createSignedUrl(`${alice}/wrap-dress/a4.pdf`, 60, { download: 'Wrap Dress A4.pdf' });
    const dl = await fetch(named.data!.signedUrl);
    expect(dl.headers.get('content-disposition')).toBe(`attachment; filename="Wrap Dress A4.pdf"; filename*=UTF-8''Wrap%20Dress%20A4.pdf`);

    const many = await asAlice.storage.from(bucket).createSignedUrls([`${alice}/notes.txt`, `${bob}/mine.txt`], 60);
    expect(many.data?.[0]).toMatchObject({ error: null, path: `${alice}/notes.txt` });
    expect(many.data?.[1]).toMatchObject({ error: 'Either the object does not exist or you do not have access to it', signedUrl: null });
    expect(await (await fetch(many.data![0]!.signedUrl!)).text()).toBe('Seam allowance 6 mm');
  });

  it('rejects tampered tokens, tokens for another path and expired tokens', async () => {
    // A token that outlives a slow machine for the tampering checks; one of a second for expiry
    // (a 1 s token for both expired before the second check under a full CI run's load).
    const { data } = await asAlice.storage.from(bucket).createSignedUrl(`${alice}/notes.txt`, 60);
    const token = new URL(data!.signedUrl).searchParams.get('token')!;
    const { data: brief } = await asAlice.storage.from(bucket).createSignedUrl(`${alice}/notes.txt`, 1);
    const briefToken = new URL(brief!.signedUrl).searchParams.get('token')!;

    const tampered = token.slice(0, -3) + (token.endsWith('AAA') ? 'BBB' : 'AAA');
    const bad = await rawFetch(`/object/sign/${bucket}/${alice}/notes.txt?token=${tampered}`);
    expect(bad).toMatchObject({ status: 400, body: { statusCode: '400', code: 'InvalidJWT' } });

    const other = await rawFetch(`/object/sign/${bucket}/${alice}/wrap-dress/a4.pdf?token=${token}`);
    expect(other).toMatchObject({ status: 400, body: { code: 'InvalidSignature' } });
    // The anon API key is signed with the same secret but grants no object.
    const apiKey = await rawFetch(`/object/sign/${bucket}/${alice}/notes.txt?token=${config.anonKey}`);
    expect(apiKey.body).toMatchObject({ code: 'InvalidSignature' });

    await new Promise((resolve) => setTimeout(resolve, 2100));
    const expired = await rawFetch(`/object/sign/${bucket}/${alice}/notes.txt?token=${briefToken}`);
    expect(expired).toEqual({ status: 400, body: { statusCode: '400', code: 'InvalidJWT', error: 'InvalidJWT', message: 'jwt expired' } });
  });
});

describe('signed upload URLs', () => {
  it('lets the holder upload one object the signer may write, and nothing else', async () => {
    const path = `${alice}/signed/a0.pdf`;
    const signed = await asAlice.storage.from(bucket).createSignedUploadUrl(path);
    expect(signed.error).toBeNull();
    const up = await anon.storage.from(bucket).uploadToSignedUrl(path, signed.data!.token, new Blob(['%PDF A0'], { type: 'application/pdf' }));
    expect(up.error).toBeNull();
    expect(up.data).toMatchObject({ path, fullPath: `${bucket}/${path}` });
    expect(await (await asAlice.storage.from(bucket).download(path)).data?.text()).toBe('%PDF A0');

    // Not for someone else's folder, not for another path, not as a download token.
    expect((await asBob.storage.from(bucket).createSignedUploadUrl(`${alice}/signed/bob.pdf`)).error).toMatchObject({ statusCode: '403' });
    const elsewhere = await anon.storage
      .from(bucket)
      .uploadToSignedUrl(`${alice}/signed/other.pdf`, signed.data!.token, new Blob(['x'], { type: 'application/pdf' }));
    expect(elsewhere.error).toMatchObject({ statusCode: '400' });
    const asDownload = await rawFetch(`/object/sign/${bucket}/${path}?token=${signed.data!.token}`);
    expect(asDownload.body).toMatchObject({ code: 'InvalidSignature' });
    const download = await asAlice.storage.from(bucket).createSignedUrl(path, 60);
    const downloadToken = new URL(download.data!.signedUrl).searchParams.get('token')!;
    const asUpload = await anon.storage.from(bucket).uploadToSignedUrl(path, downloadToken, new Blob(['x'], { type: 'application/pdf' }));
    expect(asUpload.error).toMatchObject({ statusCode: '400' });
    expect(await (await asAlice.storage.from(bucket).download(path)).data?.text()).toBe('%PDF A0');
    expect((await asAlice.storage.from(bucket).remove([path])).data).toHaveLength(1);
  });
});

describe('public buckets, move, copy and remove', () => {
  it('serves public buckets without auth, and never private ones', async () => {
    expect((await service.storage.from('test-public').upload('wrap-dress.png', new Blob([PNG], { type: 'image/png' }))).error).toBeNull();
    const publicUrl = anon.storage.from('test-public').getPublicUrl('wrap-dress.png').data.publicUrl;
    const res = await fetch(publicUrl);
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(PNG)).toBe(true);
    const privateUrl = anon.storage.from(bucket).getPublicUrl(`${alice}/notes.txt`).data.publicUrl;
    const denied = await fetch(privateUrl);
    expect(denied.status).toBe(400);
    expect(await denied.json()).toMatchObject({ statusCode: '404', code: 'NoSuchBucket' });
  });

  it("moves and copies within the caller's folder, never into someone else's", async () => {
    const files = asAlice.storage.from(bucket);
    expect((await files.copy(`${alice}/notes.txt`, `${alice}/notes-copy.txt`)).error).toBeNull();
    expect(await (await files.download(`${alice}/notes-copy.txt`)).data?.text()).toBe('Seam allowance 6 mm');
    expect((await files.move(`${alice}/notes-copy.txt`, `${alice}/archive/notes.txt`)).error).toBeNull();
    expect((await files.download(`${alice}/notes-copy.txt`)).error).toMatchObject({ statusCode: '404' });
    expect(await (await files.download(`${alice}/archive/notes.txt`)).data?.text()).toBe('Seam allowance 6 mm');

    expect((await files.move(`${alice}/archive/notes.txt`, `${bob}/stolen.txt`)).error).toMatchObject({ statusCode: '403' });
    expect((await files.copy(`${alice}/archive/notes.txt`, `${bob}/stolen.txt`)).error).toMatchObject({ statusCode: '403' });
    expect((await asBob.storage.from(bucket).move(`${alice}/archive/notes.txt`, `${bob}/stolen.txt`)).error).toMatchObject({ statusCode: '404' });
    expect(filesOnDisk().some((f) => f.includes('stolen'))).toBe(false);

    // Into another bucket, that bucket's rules apply.
    expect((await service.storage.createBucket('test-images', { public: false, allowedMimeTypes: ['image/*'] })).error).toBeNull();
    const across = await service.storage.from(bucket).copy(`${alice}/archive/notes.txt`, 'notes.txt', { destinationBucket: 'test-images' });
    expect(across.error).toMatchObject({ statusCode: '415' });
    expect((await service.storage.from('test-images').list()).data).toEqual([]);
  });

  it('removes objects and their bytes', async () => {
    const files = asAlice.storage.from(bucket);
    const { data, error } = await files.remove([`${alice}/archive/notes.txt`, `${alice}/cover.png`, `${alice}/not-there.txt`]);
    expect(error).toBeNull();
    expect(data?.map((o) => o.name).sort()).toEqual([`${alice}/archive/notes.txt`, `${alice}/cover.png`]);
    expect((await files.download(`${alice}/cover.png`)).error).toMatchObject({ statusCode: '404' });
    expect(filesOnDisk().some((f) => f.startsWith(`${alice}/archive`) || f.startsWith(`${alice}/cover.png`))).toBe(false);
  });

  it('empties and deletes buckets (service role), refusing to delete a non-empty one', async () => {
    expect((await service.storage.deleteBucket(bucket)).error).toMatchObject({ statusCode: '409' });
    expect((await asAlice.storage.emptyBucket(bucket)).error).toMatchObject({ statusCode: '404' });
    expect((await service.storage.emptyBucket(bucket)).error).toBeNull();
    expect(filesOnDisk()).toEqual([]);
    expect((await service.storage.deleteBucket(bucket)).error).toBeNull();
    expect((await service.storage.getBucket(bucket)).error).toMatchObject({ statusCode: '404' });
  });
});

describe('gateway', () => {
  it('routes /functions/v1 to the functions runner (unknown function → 404 JSON)', async () => {
    const res = await fetch(`${url}/functions/v1/no-such-function`, { method: 'POST', headers: { authorization: `Bearer ${config.anonKey}` } });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ code: 'NOT_FOUND', message: 'Requested function was not found' });
  });
});
