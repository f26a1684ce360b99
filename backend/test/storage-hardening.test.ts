// Attacks from the storage review, replayed through the running stack with real
// sessions (supabase-js): a buyer taking the unstamped original, signed URLs that outlive the
// right that made them, active content (SVG with script, HTML posing as a PDF) served from the
// API origin, and uploads over the bucket limit that the server had to read to the end.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePatternPdf, pageTexts } from '../../supabase/test/catalog-own-pdf.ts';
import { makeCoverSvg } from '../../supabase/seed/assets.ts';
import { signJwt } from '../src/jwt.ts';
import { startTestStack, type TestStack } from './harness.ts';
import { paidOrder, serviceClient, signedInMember, storeWithPattern, type Member } from './members.ts';

let stack: TestStack;

let designer: Member;
let buyer: Member;
let storeId: string;
let patternId: string;
let original: Uint8Array;
let orderId: string;

const service = () => serviceClient(stack);
const sha256 = (bytes: Uint8Array) => crypto.createHash('sha256').update(bytes).digest('hex');
const originalPath = () => `${storeId}/${patternId}/a4/v1.pdf`;

const person = (label: string, name: string) => signedInMember(stack, label, name);

/** A raw storage request with the caller's session, as curl would send it. */
function storageFetch(token: string, route: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set('apikey', stack.anonKey);
  headers.set('authorization', `Bearer ${token}`);
  return fetch(`${stack.url}/storage/v1${route}`, { ...init, headers });
}

function tempFiles(): string[] {
  const tmp = path.join(stack.dataDir, 'storage-tmp');
  return fs.existsSync(tmp) ? fs.readdirSync(tmp) : [];
}

beforeAll(async () => {
  stack = await startTestStack({ seed: false });
  [designer, buyer] = await Promise.all([person('designer', 'Dana Designer'), person('buyer', 'Zoë Buyer')]);
  ({ storeId, patternId } = await storeWithPattern(designer, 'hard'));
  original = await makePatternPdf('Harbour Wrap Dress', 2);
  const up = await designer.db.storage.from('pattern-files').upload(originalPath(), original, { contentType: 'application/pdf' });
  if (up.error) throw up.error;
  const attached = await designer.db.rpc('attach_pattern_file', {
    pattern_id: patternId,
    format: 'a4',
    version: 1,
    size_bytes: original.byteLength,
    sha256: sha256(original),
    changes: '',
  });
  if (attached.error) throw attached.error;
  orderId = (await paidOrder(stack, buyer, storeId, patternId)).id;
  const db = service();
  // A bucket whose policy still lets entitled buyers read (as pattern-files did before):
  // proves a signed URL dies with the entitlement that made it, whatever the bucket.
  await db.storage.createBucket('hardening-entitled', { public: false });
  await stack.pool.query(`create policy hardening_entitled_read on storage.objects for select to authenticated
    using (bucket_id = 'hardening-entitled' and public.has_entitlement(public.path_uuid(name, 2)))`);
  await db.storage.from('hardening-entitled').upload(originalPath(), original, { contentType: 'application/pdf' });
  await db.storage.createBucket('hardening-small', { public: false, fileSizeLimit: 64 * 1024 });
}, 120_000);

afterAll(async () => {
  await stack?.stop();
});

describe('finding 1: originals are for the download function only', () => {
  it('a buyer cannot read the unstamped original from storage', async () => {
    const res = await storageFetch(buyer.token, `/object/authenticated/pattern-files/${originalPath()}`);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(sha256(bytes)).not.toBe(sha256(original));
    expect(res.status).toBe(400);
    expect(JSON.parse(Buffer.from(bytes).toString())).toMatchObject({ statusCode: '404', code: 'NoSuchKey' });
    expect((await buyer.db.storage.from('pattern-files').download(originalPath())).error).not.toBeNull();
    expect((await buyer.db.storage.from('pattern-files').list(`${storeId}/${patternId}/a4`)).data ?? []).toEqual([]);
  });

  it('a buyer cannot sign a URL to the original, for ten years or one minute', async () => {
    for (const seconds of [315_360_000, 60]) {
      const signed = await buyer.db.storage.from('pattern-files').createSignedUrl(originalPath(), seconds);
      expect(signed.error, `expiresIn ${seconds}`).not.toBeNull();
    }
  });

  it('the buyer still gets the stamped copy from the download function, recorded', async () => {
    const res = await fetch(`${stack.url}/functions/v1/download/${patternId}?format=a4`, {
      headers: { authorization: `Bearer ${buyer.token}`, apikey: stack.anonKey },
    });
    expect(res.status).toBe(200);
    const stamped = new Uint8Array(await res.arrayBuffer());
    expect(sha256(stamped)).not.toBe(sha256(original));
    expect((await pageTexts(stamped))[0]!.join(' ')).toContain('Licensed to Zoë Buyer');
    expect((await buyer.db.from('downloads').select('format').eq('pattern_id', patternId)).data).toEqual([{ format: 'a4' }]);
  });

  it('the store owner still reads and signs their own original, for at most an hour', async () => {
    const own = await designer.db.storage.from('pattern-files').download(originalPath());
    expect(sha256(new Uint8Array(await own.data!.arrayBuffer()))).toBe(sha256(original));
    const long = await designer.db.storage.from('pattern-files').createSignedUrl(originalPath(), 315_360_000);
    expect(long.error).toMatchObject({ statusCode: '400', message: expect.stringMatching(/at most 3600 seconds/) });
    const many = await storageFetch(designer.token, '/object/sign/pattern-files', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ expiresIn: 7200, paths: [originalPath()] }),
    });
    expect(many.status).toBe(400);
    const hour = await designer.db.storage.from('pattern-files').createSignedUrl(originalPath(), 3600);
    expect(hour.error).toBeNull();
    const res = await fetch(hour.data!.signedUrl);
    expect(res.status).toBe(200);
    expect(sha256(new Uint8Array(await res.arrayBuffer()))).toBe(sha256(original));
  });

  it('a signed URL dies with the right that made it (refund), and old-style long tokens are refused', async () => {
    const signed = await buyer.db.storage.from('hardening-entitled').createSignedUrl(originalPath(), 600);
    expect(signed.error).toBeNull();
    expect((await fetch(signed.data!.signedUrl)).status).toBe(200);
    // A token as the old server issued it: just the url, valid ten years.
    const legacy = await signJwt({ url: `hardening-entitled/${originalPath()}` }, stack.config.jwtSecret, 315_360_000);
    const legacyRes = await fetch(`${stack.url}/storage/v1/object/sign/hardening-entitled/${originalPath()}?token=${legacy}`);
    expect(legacyRes.status).toBe(400);
    expect(await legacyRes.json()).toMatchObject({ code: 'InvalidSignature' });

    await service().from('orders').update({ status: 'refunded' }).eq('id', orderId).throwOnError();
    try {
      const after = await fetch(signed.data!.signedUrl);
      expect(after.status).toBe(400);
      expect(await after.json()).toMatchObject({ statusCode: '404', code: 'NoSuchKey' });
    } finally {
      await service().from('orders').update({ status: 'paid' }).eq('id', orderId).throwOnError();
    }
  });
});

describe('finding 9 (storage): files are checked by their bytes and served inert', () => {
  const imagePath = (file: string) => `${storeId}/${patternId}/${file}`;
  const attacks: Array<[string, string]> = [
    ['script element', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.domain)</script></svg>'],
    ['event handler', '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="4" height="4"/></svg>'],
    [
      'foreignObject',
      '<svg xmlns="http://www.w3.org/2000/svg"><foreignObject><body xmlns="http://www.w3.org/1999/xhtml"><iframe src="javascript:alert(1)"/></body></foreignObject></svg>',
    ],
    [
      'javascript: link',
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"><a xlink:href="javascript:alert(1)"><text>x</text></a></svg>',
    ],
    ['entity trick', '<!DOCTYPE svg [<!ENTITY x "&#60;script&#62;">]><svg xmlns="http://www.w3.org/2000/svg">&x;</svg>'],
    ['not SVG at all', '<html><body><script>alert(1)</script></body></html>'],
  ];
  for (const [what, svg] of attacks) {
    it(`refuses an SVG cover with ${what} (415)`, async () => {
      const name = imagePath(`${what.replace(/\W+/g, '-')}.svg`);
      const res = await designer.db.storage.from('pattern-images').upload(name, new Blob([svg], { type: 'image/svg+xml' }));
      expect(res.error).toMatchObject({ statusCode: '415' });
      expect((await fetch(`${stack.url}/storage/v1/object/public/pattern-images/${name}`)).status).toBe(400);
    });
  }

  it('refuses HTML declared as a PDF, directly and through a signed upload URL', async () => {
    const html = new TextEncoder().encode('<html><script>fetch("/auth/v1/user")</script></html>');
    const direct = await designer.db.storage.from('pattern-files').upload(`${storeId}/${patternId}/a0/v1.pdf`, html, { contentType: 'application/pdf' });
    expect(direct.error).toMatchObject({ statusCode: '415', message: expect.stringMatching(/content does not match its type application\/pdf/) });
    const target = await designer.db.storage.from('pattern-files').createSignedUploadUrl(`${storeId}/${patternId}/a0/v1.pdf`, { upsert: true });
    const put = await fetch(`${stack.url}/storage/v1/object/upload/sign/pattern-files/${storeId}/${patternId}/a0/v1.pdf?token=${target.data!.token}`, {
      method: 'PUT',
      headers: { apikey: stack.anonKey, 'content-type': 'application/pdf', 'x-upsert': 'true' },
      body: html,
    });
    expect(put.status).toBe(400);
    expect(await put.json()).toMatchObject({ statusCode: '415', code: 'InvalidMimeType' });
    const jpegAsPng = await designer.db.storage
      .from('pattern-images')
      .upload(imagePath('photo.png'), new Blob([Uint8Array.of(0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1)], { type: 'image/png' }));
    expect(jpegAsPng.error).toMatchObject({ statusCode: '415' });
    expect(tempFiles()).toEqual([]);
  });

  it('refuses pages and other XML documents outright, whatever the bucket allows', async () => {
    for (const type of ['text/html', 'application/xhtml+xml', 'text/xml', 'application/rss+xml', 'text/javascript']) {
      const res = await service()
        .storage.from('hardening-small')
        .upload(`page-${type.replace(/\W+/g, '-')}`, new Blob(['<b>hi</b>'], { type }));
      expect(res.error, type).toMatchObject({ statusCode: '415' });
    }
    expect(
      (
        await service()
          .storage.from('hardening-small')
          .upload('notes.txt', new Blob(['plain notes'], { type: 'text/plain' }))
      ).error,
    ).toBeNull();
  });

  it('keeps generated covers working, and serves every file with a sandbox CSP and nosniff', async () => {
    const cover = makeCoverSvg({ title: 'Harbour <Wrap> & Dress', craft: 'sewing', seed: patternId });
    const up = await designer.db.storage.from('pattern-images').upload(imagePath('cover.svg'), new Blob([cover], { type: 'image/svg+xml' }));
    expect(up.error).toBeNull();
    const pub = await fetch(`${stack.url}/storage/v1/object/public/pattern-images/${imagePath('cover.svg')}`);
    expect(pub.status).toBe(200);
    expect(pub.headers.get('content-type')).toBe('image/svg+xml');
    expect(await pub.text()).toBe(cover);
    const own = await storageFetch(designer.token, `/object/authenticated/pattern-files/${originalPath()}`);
    const signed = await designer.db.storage.from('pattern-files').createSignedUrl(originalPath(), 60);
    const viaSigned = await fetch(signed.data!.signedUrl);
    for (const res of [pub, own, viaSigned]) {
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('content-security-policy')).toMatch(/(^|; )sandbox(;|$)/);
      expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
    }
  });
});

describe('finding 2 (storage): uploads stream to disk and stop at the bucket limit', () => {
  /** A multipart body that sends `sent` bytes of the file and then stalls (never ends). */
  function stallingMultipart(sent: number): { body: ReadableStream<Uint8Array>; contentType: string; cancel(): void } {
    const boundary = `----hardening${crypto.randomUUID()}`;
    let timer: NodeJS.Timeout | undefined;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(
          new TextEncoder().encode(
            `--${boundary}\r\nContent-Disposition: form-data; name="cacheControl"\r\n\r\n3600\r\n` +
              `--${boundary}\r\nContent-Disposition: form-data; name=""; filename="big.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.7\n`,
          ),
        );
        for (let i = 0; i < sent; i += 16 * 1024) controller.enqueue(new Uint8Array(16 * 1024).fill(0x41));
        timer = setInterval(() => undefined, 1000); // keeps the body open, as a slow client would
      },
      cancel() {
        clearInterval(timer);
      },
    });
    return { body, contentType: `multipart/form-data; boundary=${boundary}`, cancel: () => clearInterval(timer) };
  }

  it('answers 413 for a multipart upload over the limit before the body ends', async () => {
    const upload = stallingMultipart(256 * 1024);
    try {
      const res = await storageFetch(stack.serviceRoleKey, '/object/hardening-small/big.pdf', {
        method: 'POST',
        headers: { 'content-type': upload.contentType },
        body: upload.body,
        duplex: 'half',
        signal: AbortSignal.timeout(10_000),
      } as RequestInit);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ statusCode: '413', code: 'EntityTooLarge' });
    } finally {
      upload.cancel();
    }
    expect((await service().storage.from('hardening-small').list()).data?.map((o) => o.name)).not.toContain('big.pdf');
    await expect.poll(tempFiles).toEqual([]);
  });

  it('answers 413 for a raw chunked upload over the limit before the body ends', async () => {
    let timer: NodeJS.Timeout | undefined;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('%PDF-1.7\n'));
        for (let i = 0; i < 16; i++) controller.enqueue(new Uint8Array(16 * 1024).fill(0x41));
        timer = setInterval(() => undefined, 1000);
      },
      cancel: () => clearInterval(timer),
    });
    try {
      const res = await storageFetch(stack.serviceRoleKey, '/object/hardening-small/raw.pdf', {
        method: 'POST',
        headers: { 'content-type': 'application/pdf' },
        body,
        duplex: 'half',
        signal: AbortSignal.timeout(10_000),
      } as RequestInit);
      expect(await res.json()).toMatchObject({ statusCode: '413', code: 'EntityTooLarge' });
    } finally {
      clearInterval(timer);
    }
    await expect.poll(tempFiles).toEqual([]);
  });

  it('streams a multipart upload within the limit to disk and back', async () => {
    const bytes = new Uint8Array(60 * 1024).fill(0x42);
    bytes.set(new TextEncoder().encode('%PDF-1.7\n'));
    const res = await service()
      .storage.from('hardening-small')
      .upload('ok.pdf', new Blob([bytes], { type: 'application/pdf' }));
    expect(res.error).toBeNull();
    const back = await service().storage.from('hardening-small').download('ok.pdf');
    expect(sha256(new Uint8Array(await back.data!.arrayBuffer()))).toBe(sha256(bytes));
  });
});
