import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildIfNeeded, root } from '../src/harness.ts';

// The static servers (scripts/serve-apps.mjs, sirv) send the build's precompressed files
// (shared/build/precompress.mjs) by Accept-Encoding, say so in Content-Encoding and Vary, keep
// hashed files a year and make everything named the same on every deploy revalidate.
interface Served {
  urls: Record<string, string>;
  stop(): Promise<void>;
}
let apps: Served;
const shellDist = join(root, 'shell', 'dist');
const mainJs = () => readdirSync(shellDist).find((f) => /^main\.[0-9a-f]{8}\.js$/.test(f))!;

beforeAll(async () => {
  await buildIfNeeded();
  const { serveApps } = (await import(/* @vite-ignore */ join(root, 'scripts', 'serve-apps.mjs'))) as { serveApps(o: object): Promise<Served> };
  apps = await serveApps({ ports: 'free', supabaseUrl: 'http://127.0.0.1:9', supabaseAnonKey: 'static-test' });
}, 300_000);

afterAll(async () => {
  await apps?.stop();
});

const get = (url: string, encoding: string, method = 'GET') => fetch(url, { method, headers: { 'accept-encoding': encoding } });

describe('static servers', () => {
  it('send brotli, else gzip, else the file itself, with Vary and the same bytes', async () => {
    const url = `${apps.urls.shell}/${mainJs()}`;
    const original = readFileSync(join(shellDist, mainJs()));

    const br = await get(url, 'gzip, deflate, br');
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(br.headers.get('content-type')).toMatch(/^text\/javascript/);
    // fetch decodes the body itself: the wire size is Content-Length.
    expect(Number(br.headers.get('content-length'))).toBeLessThan(original.length / 2);
    expect(Buffer.from(await br.arrayBuffer()).equals(original)).toBe(true);
    expect(brotliDecompressSync(readFileSync(join(shellDist, `${mainJs()}.br`))).equals(original)).toBe(true);

    const gz = await get(url, 'gzip');
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(Number(gz.headers.get('content-length'))).toBe(readFileSync(join(shellDist, `${mainJs()}.gz`)).length);
    expect(Buffer.from(await gz.arrayBuffer()).equals(original)).toBe(true);
    expect(gunzipSync(readFileSync(join(shellDist, `${mainJs()}.gz`))).equals(original)).toBe(true);

    const plain = await get(url, 'identity');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(Buffer.from(await plain.arrayBuffer()).equals(original)).toBe(true);
  });

  it('sends the shell’s main.js with V8’s compile hint as its first line (compiled off the main thread while it streams in), and no other file (not main.css)', () => {
    expect(readFileSync(join(shellDist, mainJs()), 'utf8').startsWith('//# allFunctionsCalledOnLoad\n')).toBe(true);
    // Lazy chunks run only in part, or later: compiling all of them up front would be wasted work;
    // and in a stylesheet (main.css is the same entry's) the line would swallow the first rule.
    const others = readdirSync(shellDist).filter((f) => /\.(js|css)$/.test(f) && f !== mainJs());
    expect(others.filter((f) => f.startsWith('main.') && f.endsWith('.css'))).toHaveLength(1);
    expect(others.length).toBeGreaterThan(5);
    for (const file of others) expect(readFileSync(join(shellDist, file), 'utf8').includes('allFunctionsCalledOnLoad'), file).toBe(false);
  });

  it('keep hashed files a year and revalidate pages, manifests and entries', async () => {
    expect((await get(`${apps.urls.shell}/${mainJs()}`, 'br')).headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    for (const url of [
      `${apps.urls.shell}/`,
      `${apps.urls.shell}/patterns/search`,
      `${apps.urls.mf_catalog}/mf-manifest.json`,
      `${apps.urls.mf_catalog}/remoteEntry.js`,
      `${apps.urls.shell}/env.json`,
    ]) {
      const response = await get(url, 'br, gzip');
      expect(response.status, url).toBe(200);
      expect(response.headers.get('cache-control'), url).toBe('no-cache');
    }
    const remoteEntry = await get(`${apps.urls.mf_catalog}/remoteEntry.js`, 'br');
    expect(remoteEntry.headers.get('content-encoding')).toBe('br');
    expect(remoteEntry.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('answer deep links with the page, and a missing file with 404', async () => {
    const page = await get(`${apps.urls.shell}/stores/linen-and-thread`, 'identity');
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    // index.html as built, with the page's own head in place of the built title and description
    // (scripts/page-head.mjs), the route's hints and env/remotes inline (scripts/route-hints.mjs).
    const html = await page.text();
    const built = readFileSync(join(shellDist, 'index.html'), 'utf8');
    expect(html.startsWith(built.slice(0, built.indexOf('>', built.indexOf('name="viewport"')) + 1))).toBe(true);
    expect(html).toContain(built.slice(built.indexOf('<link rel="manifest"'), built.indexOf('</head>')));
    expect(html.endsWith(built.slice(built.indexOf('</head>')))).toBe(true);
    expect(html).toContain('id="stitchhouse-env"');
    const compressed = await get(`${apps.urls.shell}/stores/linen-and-thread`, 'br, gzip');
    expect(compressed.headers.get('content-encoding')).toBe('br');
    expect(compressed.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(await compressed.text()).toBe(html);
    const gzipped = await get(`${apps.urls.shell}/stores/linen-and-thread`, 'gzip');
    expect(gzipped.headers.get('content-encoding')).toBe('gzip');
    expect(await gzipped.text()).toBe(html);
    // A remote's landing page goes out in two parts (its hints ask the backend), so it has no ETag;
    // a shell page is known whole and is revalidated.
    expect(compressed.headers.get('etag')).toBeNull();
    const pricing = await get(`${apps.urls.shell}/pricing`, 'br, gzip');
    const etag = pricing.headers.get('etag')!;
    expect(etag).toMatch(/^W\//);
    const again = await fetch(`${apps.urls.shell}/pricing`, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(page.headers.get('link')).toContain('rel=preconnect');
    expect((await get(`${apps.urls.shell}/missing.0123abcd.js`, 'br')).status).toBe(404);
    expect((await get(`${apps.urls.shell}/../package.json`, 'br')).status).not.toBe(200);
    expect((await get(`${apps.urls.shell}/`, 'br', 'POST')).status).toBe(405);
  });
});

describe('a backend without image transformations (hosted Supabase on the free plan)', () => {
  it('is said in env.json when IMAGE_TRANSFORMS=off; any other setting than on or off is refused, naming it', async () => {
    const { serveApps, imageTransformsFromEnv } = (await import(/* @vite-ignore */ join(root, 'scripts', 'serve-apps.mjs'))) as {
      serveApps(o: object): Promise<Served>;
      imageTransformsFromEnv(value: string | undefined): boolean | undefined;
    };
    expect([undefined, '', 'on', ' ON '].map(imageTransformsFromEnv)).toEqual([undefined, undefined, undefined, undefined]);
    expect(imageTransformsFromEnv('off')).toBe(false);
    expect(() => imageTransformsFromEnv('no')).toThrow('IMAGE_TRANSFORMS must be "on" or "off", not "no"');
    await expect(serveApps({ ports: 'free', imageTransforms: 'off' })).rejects.toThrow('imageTransforms must be true or false');

    const envOf = async (served: Served) => (await fetch(`${served.urls.shell}/env.json`)).json() as Promise<Record<string, unknown>>;
    expect(await envOf(apps)).not.toHaveProperty('imageTransforms');
    // A shell folder of its own: the server writes env.json beside the shell's index.html.
    const shellDir = mkdtempSync(join(tmpdir(), 'stitchhouse-static-'));
    writeFileSync(join(shellDir, 'index.html'), '<!doctype html><title>t</title>');
    const plain = await serveApps({
      ports: 'free',
      dirs: { shell: shellDir },
      supabaseUrl: 'http://127.0.0.1:9',
      supabaseAnonKey: 'static-test',
      imageTransforms: imageTransformsFromEnv('off'),
    });
    try {
      expect(await envOf(plain)).toMatchObject({ imageTransforms: false });
      expect(JSON.parse(readFileSync(join(shellDir, 'env.json'), 'utf8'))).toMatchObject({ imageTransforms: false });
    } finally {
      await plain.stop();
      rmSync(shellDir, { recursive: true, force: true });
    }
  });
});
