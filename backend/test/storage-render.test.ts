// Image transformations (GET /storage/v1/render/image/...) through the real gateway, with the
// URLs storage-js writes for getPublicUrl/download with `transform`: sizes, WebP by Accept,
// format=origin, parameter errors, the same access rules as /object, cache headers and 304.
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import sharp, { type Metadata } from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BackendConfig } from '../src/context.ts';
import { signJwt } from '../src/jwt.ts';
import { startTestStack, type TestStack } from './harness.ts';

/** Node 20 has no WebSocket of its own and realtime-js 2.119 wants one when a client is made (ws ships no types). */
const WebSocket: unknown = createRequire(import.meta.url)('ws');
const publicBucket = 'render-public';
const privateBucket = 'render-private';
const owner = randomUUID();
const stranger = randomUUID();
const WEBP_ACCEPT = 'image/avif,image/webp,image/apng,image/*,*/*;q=0.8'; // Chromium's <img> Accept

let stack: TestStack;
let url: string;
let config: BackendConfig;
let service: SupabaseClient;
let asOwner: SupabaseClient;
let asStranger: SupabaseClient;
let png: Buffer;
let jpeg: Buffer;
const svg = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="500" viewBox="0 0 400 500">' +
    '<rect width="400" height="500" fill="#c9533a"/><circle cx="200" cy="250" r="120" fill="#f6efe6"/></svg>',
);

function clientWith(token: string): SupabaseClient {
  return createClient(url, config.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    global: { headers: { Authorization: `Bearer ${token}` } },
    realtime: { transport: WebSocket as never },
  });
}

/** What an <img> does: no apikey, the browser's Accept. */
async function get(address: string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(address, { headers: { accept: WEBP_ACCEPT, ...headers } });
}

async function imageOf(res: Response): Promise<Metadata> {
  return sharp(Buffer.from(await res.arrayBuffer())).metadata();
}

const publicUrl = (path: string, transform?: Parameters<ReturnType<SupabaseClient['storage']['from']>['getPublicUrl']>[1]) =>
  service.storage.from(publicBucket).getPublicUrl(path, transform).data.publicUrl;

beforeAll(async () => {
  stack = await startTestStack();
  ({ config, url } = stack);
  await stack.pool.query(`
    create policy "render test read" on storage.objects for select to anon, authenticated
      using (bucket_id = '${publicBucket}');
    create policy "render test own read" on storage.objects for select to authenticated
      using (bucket_id = '${privateBucket}' and (storage.foldername(name))[1] = auth.uid()::text);`);
  service = clientWith(config.serviceRoleKey);
  asOwner = clientWith(await signJwt({ sub: owner, role: 'authenticated', aud: 'authenticated' }, config.jwtSecret, 600));
  asStranger = clientWith(await signJwt({ sub: stranger, role: 'authenticated', aud: 'authenticated' }, config.jwtSecret, 600));
  expect((await service.storage.createBucket(publicBucket, { public: true })).error).toBeNull();
  expect((await service.storage.createBucket(privateBucket, { public: false })).error).toBeNull();

  const photo = { create: { width: 800, height: 1000, channels: 3 as const, background: { r: 180, g: 90, b: 60 } } };
  png = await sharp(photo).png().toBuffer();
  jpeg = await sharp(photo).jpeg().toBuffer();
  const uploads: Array<[string, string, Buffer, string]> = [
    [publicBucket, 'store/p1/cover.png', png, 'image/png'],
    [publicBucket, 'store/p1/cover.jpg', jpeg, 'image/jpeg'],
    [publicBucket, 'store/p1/cover.svg', svg, 'image/svg+xml'],
    [publicBucket, 'store/p1/notes.txt', Buffer.from('not an image'), 'text/plain'],
    [privateBucket, `${owner}/cover.png`, png, 'image/png'],
  ];
  for (const [bucket, path, body, contentType] of uploads) {
    const { error } = await service.storage.from(bucket).upload(path, body, { contentType, cacheControl: '86400' });
    expect(error, path).toBeNull();
  }
}, 180_000);

afterAll(async () => {
  await stack?.stop();
});

describe('render/image/public', () => {
  it('gives a WebP at the asked width to a browser that accepts WebP, keeping the aspect ratio', async () => {
    const address = publicUrl('store/p1/cover.png', { transform: { width: 200 } });
    expect(address).toBe(`${url}/storage/v1/render/image/public/${publicBucket}/store/p1/cover.png?width=200`);
    const res = await get(address);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    const meta = await imageOf(res);
    expect(meta).toMatchObject({ format: 'webp', width: 200, height: 250 });
  });

  it('keeps the stored format with format=origin or when the browser does not accept WebP', async () => {
    const origin = await get(publicUrl('store/p1/cover.png', { transform: { width: 200, format: 'origin' } }));
    expect(origin.headers.get('content-type')).toBe('image/png');
    expect(await imageOf(origin)).toMatchObject({ format: 'png', width: 200 });

    const noWebp = await get(publicUrl('store/p1/cover.jpg', { transform: { width: 200, quality: 60 } }), { accept: 'image/jpeg,image/*' });
    expect(noWebp.headers.get('content-type')).toBe('image/jpeg');
    expect(await imageOf(noWebp)).toMatchObject({ format: 'jpeg', width: 200, height: 250 });
    const webp = await get(publicUrl('store/p1/cover.jpg', { transform: { width: 200 } }));
    expect(await imageOf(webp)).toMatchObject({ format: 'webp', width: 200 });
  });

  it('rasterises an SVG at the asked size (sharp, not an upscaled 400 px raster); origin gives a PNG', async () => {
    const big = await get(publicUrl('store/p1/cover.svg', { transform: { width: 960 } }));
    expect(big.status).toBe(200);
    expect(await imageOf(big)).toMatchObject({ format: 'webp', width: 960, height: 1200 });
    const origin = await get(publicUrl('store/p1/cover.svg', { transform: { width: 200, format: 'origin' } }));
    expect(origin.headers.get('content-type')).toBe('image/png');
    expect(await imageOf(origin)).toMatchObject({ format: 'png', width: 200, height: 250 });
  });

  it('fits both sides per resize: cover crops to the box, contain fits inside it, fill stretches', async () => {
    const box = { width: 300, height: 200 };
    expect(await imageOf(await get(publicUrl('store/p1/cover.png', { transform: { ...box, resize: 'cover' } })))).toMatchObject(box);
    expect(await imageOf(await get(publicUrl('store/p1/cover.png', { transform: { ...box, resize: 'contain' } })))).toMatchObject({ width: 160, height: 200 });
    expect(await imageOf(await get(publicUrl('store/p1/cover.png', { transform: { ...box, resize: 'fill' } })))).toMatchObject(box);
  });

  it('refuses bad parameters with a 400 naming the parameter, in Storage’s error shape', async () => {
    const base = `${url}/storage/v1/render/image/public/${publicBucket}/store/p1/cover.png`;
    const cases: Array<[string, RegExp]> = [
      ['width=0', /^width must be from 1 to 2500, got 0$/],
      ['width=2501', /^width must be from 1 to 2500/],
      ['height=abc', /^height must be a whole number from 1 to 2500/],
      ['width=100&quality=10', /^quality must be from 20 to 100, got 10$/],
      ['width=100&resize=stretch', /^resize must be one of cover, contain, fill/],
      ['width=100&format=gif', /^format must be origin/],
    ];
    for (const [query, message] of cases) {
      const res = await get(`${base}?${query}`);
      expect(res.status, query).toBe(400);
      const body = await res.json();
      expect(body, query).toMatchObject({ statusCode: '400', code: 'InvalidRequest', error: 'Invalid Input' });
      expect(body.message, query).toMatch(message);
    }
  });

  it('answers a missing object, a private bucket and a non-image like the object route would', async () => {
    const objectRoute = (bucket: string, path: string) => `${url}/storage/v1/object/public/${bucket}/${path}`;
    const renderRoute = (bucket: string, path: string) => `${url}/storage/v1/render/image/public/${bucket}/${path}?width=200`;
    for (const [bucket, path] of [
      [publicBucket, 'store/p1/missing.png'],
      [privateBucket, `${owner}/cover.png`],
      ['no-such-bucket', 'a.png'],
    ] as const) {
      const expected = await get(objectRoute(bucket, path));
      const actual = await get(renderRoute(bucket, path));
      expect(actual.status, `${bucket}/${path}`).toBe(expected.status);
      expect(await actual.json()).toEqual(await expected.json());
    }
    const text = await get(renderRoute(publicBucket, 'store/p1/notes.txt'));
    expect(text.status).toBe(400);
    expect(await text.json()).toMatchObject({
      statusCode: '415',
      code: 'InvalidMimeType',
      message: expect.stringMatching(/text\/plain cannot be transformed/),
    });
  });

  it('sends the object’s Cache-Control, Vary: Accept and an ETag per variant, and 304 on If-None-Match', async () => {
    const address = publicUrl('store/p1/cover.png', { transform: { width: 320 } });
    const first = await get(address);
    expect(first.headers.get('cache-control')).toBe('max-age=86400');
    expect(first.headers.get('vary')).toMatch(/accept/i);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[0-9a-f]{40}"$/);
    const again = await get(address, { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(await again.arrayBuffer()).toHaveProperty('byteLength', 0);
    // Another encoding, another ETag: a cache must not answer a JPEG-only browser with WebP.
    const png = await get(address, { accept: 'image/png', 'if-none-match': etag });
    expect(png.status).toBe(200);
    expect(png.headers.get('etag')).not.toBe(etag);
  });

  it('renders the new bytes after an overwrite (cached results are keyed by the object version)', async () => {
    const path = 'store/p2/cover.png';
    const upload = (width: number) =>
      sharp({ create: { width, height: width, channels: 3, background: '#336699' } })
        .png()
        .toBuffer()
        .then((body) => service.storage.from(publicBucket).upload(path, body, { contentType: 'image/png', upsert: true }));
    expect((await upload(600)).error).toBeNull();
    const address = publicUrl(path, { transform: { width: 300, height: 200 } });
    const before = await get(address);
    expect(await imageOf(before)).toMatchObject({ width: 300, height: 200 });
    expect((await upload(100)).error).toBeNull();
    const after = await get(address);
    expect(after.headers.get('etag')).not.toBe(before.headers.get('etag'));
    // The new 100 px original, not the old 600 px one; it is never enlarged (the page scales it).
    expect(await imageOf(after)).toMatchObject({ width: 100, height: 100 });
  });
});

describe('render/image/authenticated', () => {
  it('follows row-level security like /object/authenticated: storage-js download with transform', async () => {
    const { data, error } = await asOwner.storage.from(privateBucket).download(`${owner}/cover.png`, { transform: { width: 200 } });
    expect(error).toBeNull();
    const meta = await sharp(Buffer.from(await data!.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ width: 200, height: 250 });

    const denied = await asStranger.storage.from(privateBucket).download(`${owner}/cover.png`, { transform: { width: 200 } });
    const plain = await asStranger.storage.from(privateBucket).download(`${owner}/cover.png`);
    expect(plain.error).toMatchObject({ statusCode: '404' });
    expect(denied.error).toMatchObject({ statusCode: '404', status: 400 });
    expect(denied.error?.message).toBe(plain.error?.message);
  });

  it('needs the apikey like every non-public route', async () => {
    const res = await fetch(`${url}/storage/v1/render/image/authenticated/${privateBucket}/${owner}/cover.png?width=200`);
    expect(res.status).toBe(401);
  });
});
