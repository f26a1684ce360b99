import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, root, startE2EStack, type E2EStack } from '../src/harness.ts';

// The shell's page is sent with its route's hints (scripts/route-hints.mjs): env.json
// and remotes.json inline, and preloads for what the route will load, so a phone fetches the
// chain (runtime → manifest → entry → screen → platform files) in parallel.
type RouteHints = typeof import('../../scripts/route-hints.mjs');
const hints = (await import(/* @vite-ignore */ join(root, 'scripts', 'route-hints.mjs'))) as RouteHints;

interface BootPlan {
  routes: { path: string; owner: string; module: string }[];
  pages: Record<string, string[]>;
  catalogs: Record<string, string[]>;
  pageCatalogs: Record<string, Record<string, string[]>>;
  federation: string[];
  provided: Record<string, string[]>;
}

/** An attribute's value in one tag, numeric entities decoded (enough for the tags the shell page writes). */
function tagAttribute(tag: string, name: string): string | null {
  const value = new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];
  return value === undefined ? null : value.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));
}

/**
 * The shell's page for `path` once it carries `hint`: the page server waits at most 300 ms for a
 * remote's manifest and sends the page without its hints meanwhile (on a busy machine the first
 * read can take longer), so a later load of the page has them.
 */
async function hintedPage(url: string, hint: string): Promise<string> {
  let html = '';
  await expect
    .poll(
      async () => {
        html = await (await fetch(url)).text();
        return html.includes(hint);
      },
      { timeout: 15_000, interval: 500 },
    )
    .toBe(true);
  return html;
}

const preloads = (html: string) => [...html.matchAll(/<link rel="preload" as="(\w+)" href="([^"]+)"/g)].map(([, as, href]) => ({ as: as!, href: href! }));

describe('route hints in the shell page', () => {
  let stack: E2EStack;
  let plan: BootPlan;

  beforeAll(async () => {
    stack = await startE2EStack();
    plan = JSON.parse(readFileSync(join(stack.apps.dirs.shell!, 'boot-plan.json'), 'utf8')) as BootPlan;
  }, 300_000);
  afterAll(async () => {
    await stack?.stop();
  });

  it('a remote route preloads the runtime, the remote entry, the screen and its platform files, all of them real files', async () => {
    const catalog = stack.apps.urls.mf_catalog!;
    const html = await hintedPage(`${stack.apps.urls.shell}/patterns`, `${catalog}/remoteEntry.js`);
    const hrefs = preloads(html).map((p) => new URL(p.href, stack.apps.urls.shell).href);
    const manifest = JSON.parse(readFileSync(join(stack.apps.dirs.mf_catalog!, 'mf-manifest.json'), 'utf8')) as {
      exposes: { name: string; assets: { js: { sync: string[] }; css: { sync: string[] } } }[];
    };
    const screen = manifest.exposes.find((e) => e.name === 'PatternCatalog')!;
    expect(hrefs).toContain(`${catalog}/mf-manifest.json`);
    expect(hrefs).toContain(`${catalog}/remoteEntry.js`);
    for (const file of [...screen.assets.js.sync, ...screen.assets.css.sync]) expect(hrefs).toContain(`${catalog}/${file}`);
    for (const file of plan.federation) expect(hrefs).toContain(`${stack.apps.urls.shell}/${file}`);
    for (const file of plan.provided['@stitchhouse/shared/ui/index.ts']!) expect(hrefs).toContain(`${stack.apps.urls.shell}/${file}`);
    for (const href of hrefs) expect((await fetch(href)).status, href).toBe(200);
    expect(new Set(hrefs).size).toBe(hrefs.length);
  });

  it("a shell page preloads its own lazy chunk and its language's catalogs; a static path beats a :param one", async () => {
    const hinted = async (address: string) => preloads(await (await fetch(address)).text()).map((p) => p.href);
    const inLanguage = (locale: string) => [...plan.catalogs[locale]!, ...plan.pages.Home!, ...plan.pageCatalogs.Home![locale]!].map((file) => `/${file}`);
    expect(plan.pages.Home!.length).toBeGreaterThan(0);
    expect(await hinted(`${stack.apps.urls.shell}/`)).toEqual(inLanguage('en'));
    // a German page hints German only: no English catalog rides along
    const german = await hinted(`${stack.apps.urls.shell}/?hl=de`);
    expect(german).toEqual(inLanguage('de'));
    for (const file of [...plan.catalogs.en!, ...plan.pageCatalogs.Home!.en!]) expect(german).not.toContain(`/${file}`);
    const manifest = JSON.parse(readFileSync(join(stack.apps.dirs.mf_catalog!, 'mf-manifest.json'), 'utf8')) as {
      exposes: { name: string; assets: { js: { sync: string[] } } }[];
    };
    const own = manifest.exposes.find((e) => e.name === 'PatternSearch')!.assets.js.sync.find((f) => f.startsWith('__federation_expose_'))!;
    const search = await hintedPage(`${stack.apps.urls.shell}/patterns/search`, own);
    expect(search).toContain(own);
    expect(hints.matchRoute(plan.routes, '/patterns/search')?.module).toBe('./PatternSearch');
    expect(hints.matchRoute(plan.routes, '/patterns/0b7c/')?.module).toBe('./PatternDetail');
    expect(hints.matchRoute(plan.routes, '/patterns/0b7c/')?.params).toEqual({ productId: '0b7c' });
    expect(hints.matchRoute(plan.routes, '/patterns/search')?.params).toEqual({});
    expect(hints.matchRoute(plan.routes, '/no/such/page')).toBeNull();
  });

  it('the browser uses every hint: nothing fetched twice, env.json and remotes.json not fetched, no unused preload', async () => {
    const browser = await launchChromium();
    try {
      const page = await browser.newPage();
      const requested: string[] = [];
      const warnings: string[] = [];
      page.on('request', (request) => requested.push(request.url()));
      page.on('console', (message) => {
        if (message.type() === 'warning' || message.type() === 'error') warnings.push(message.text());
      });
      await page.goto(`${stack.apps.urls.shell}/patterns`, { waitUntil: 'networkidle' });
      await page.getByRole('heading', { level: 1, name: 'Patterns' }).waitFor();
      // Chromium warns a few seconds after load about a preload nobody used.
      await page.waitForTimeout(3500);
      const files = requested.filter((url) => /\.(js|css|json)$/.test(new URL(url).pathname));
      expect(files.filter((url, i) => files.indexOf(url) !== i)).toEqual([]);
      expect(requested.some((url) => /\/(env|remotes)\.json$/.test(new URL(url).pathname))).toBe(false);
      expect(warnings.filter((text) => /preload/i.test(text))).toEqual([]);
    } finally {
      await browser.close();
    }
  });

  it('home, the catalog and a first visit to a pattern page download no zod: inline env.json and remotes.json taken as sent, constants without the schemas, the cart and remembered fit checked only when there is one', async () => {
    const packages = JSON.parse(readFileSync(join(stack.apps.dirs.shell!, 'chunk-packages.json'), 'utf8')) as Record<string, string[]>;
    const browser = await launchChromium();
    try {
      const page = await browser.newPage({ viewport: { width: 412, height: 823 } });
      let scripts: string[] = [];
      page.on('request', (request) => {
        const url = new URL(request.url());
        if (url.origin === stack.apps.urls.shell && url.pathname.endsWith('.js')) scripts.push(url.pathname.slice(1));
      });
      const modules = () => scripts.flatMap((file) => packages[file] ?? []);
      await page.goto(`${stack.apps.urls.shell}/`, { waitUntil: 'networkidle' });
      await page.getByRole('heading', { level: 1 }).waitFor();
      expect(scripts.length).toBeGreaterThan(2);
      expect(modules().some((module) => module.startsWith('@stitchhouse/shared/src/catalog/labels.ts'))).toBe(true);
      expect(modules().filter((module) => module.startsWith('zod/'))).toEqual([]);

      scripts = [];
      await page.goto(`${stack.apps.urls.shell}/patterns`, { waitUntil: 'networkidle' });
      await page.getByRole('heading', { level: 1, name: 'Patterns' }).waitFor();
      expect(modules().some((module) => module.startsWith('@stitchhouse/shared/src/catalog/sizing.ts'))).toBe(true);
      expect(modules().filter((module) => module.startsWith('zod/'))).toEqual([]);

      // The filter sheet brings "fits me" (as the desktop sidebar shows it at once); its checks
      // (zod) arrive with the first submit, or when this device remembers a form.
      await page.getByTestId('filters-button').click();
      await page.getByTestId('fits-me').waitFor();
      await page.waitForLoadState('networkidle');
      expect(modules().filter((module) => module.startsWith('zod/'))).toEqual([]);
      await page.getByTestId('fits-me').getByLabel('Hip (cm)').fill('100');
      await page.getByRole('button', { name: 'Show patterns that fit' }).click();
      await expect.poll(() => modules().some((module) => module.startsWith('zod/'))).toBe(true);

      // A first visit to a pattern page (no cart, nothing remembered) neither; adding to the cart brings the cart's checks.
      const fresh = await browser.newPage({ viewport: { width: 412, height: 823 } });
      scripts = [];
      fresh.on('request', (request) => {
        const url = new URL(request.url());
        if (url.origin === stack.apps.urls.shell && url.pathname.endsWith('.js')) scripts.push(url.pathname.slice(1));
      });
      // (this stack has no backend: the pattern page loads its screen and says the pattern was not found)
      await fresh.goto(`${stack.apps.urls.shell}/patterns/0b7c4f1e-8d7a-4c52-9a8e-2f0d6f3c1a90`, { waitUntil: 'networkidle' });
      await fresh.getByRole('heading', { level: 1 }).waitFor();
      expect(modules().some((module) => module.startsWith('@stitchhouse/mf-catalog') || module.startsWith('@stitchhouse/shared/src/cart/useCart.ts'))).toBe(
        true,
      );
      expect(modules().filter((module) => module.startsWith('zod/'))).toEqual([]);
    } finally {
      await browser.close();
    }
  });
});

describe('createShellPage', () => {
  let dir: string;
  let manifestServer: Server;
  let base: string;
  let manifest: object;
  let lastRestCall: { url: string; method: string; apikey: string; args: Record<string, string> } | null = null;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'stitchhouse-hints-'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><html><head><title>t</title></head><body></body></html>');
    const plan: BootPlan = {
      routes: [
        { path: '/patterns', owner: 'mf_catalog', module: './PatternCatalog' },
        { path: '/patterns/search', owner: 'mf_catalog', module: './PatternSearch' },
        { path: '/', owner: 'shell', module: 'Home' },
      ],
      pages: { Home: ['home.1.js', 'home.1.css'] },
      catalogs: { en: ['en.1.js'] },
      pageCatalogs: { Home: { en: ['home-en.1.js'] } },
      federation: ['runtime.1.js'],
      provided: { '@stitchhouse/shared/ui/index.ts': ['ui.1.js'] },
    };
    writeFileSync(join(dir, 'boot-plan.json'), JSON.stringify(plan));
    manifest = {
      metaData: { publicPath: 'auto', remoteEntry: { name: 'remoteEntry.js', path: '' } },
      exposes: [{ name: 'PatternCatalog', path: './PatternCatalog', assets: { js: { sync: ['screen.1.js'] }, css: { sync: [] } } }],
    };
    manifestServer = createServer((req, res) => {
      // A backend's REST interface for the lead covers: the newest pattern's cover, slowly when asked to.
      if (req.url?.startsWith('/slow/')) return void setTimeout(() => res.writeHead(200).end('[]'), 1500);
      if (req.url?.startsWith('/rest/v1/rpc/search_patterns?')) {
        const asked = new URL(req.url, 'http://x');
        lastRestCall = { url: asked.pathname, method: req.method!, apikey: String(req.headers.apikey), args: Object.fromEntries(asked.searchParams) };
        return void res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify([{ cover_path: 'store/new "dress" & co.png', title: '</script> <!-- a title' }]));
      }
      if (req.url === '/rest/v1/currency_rates?select=currency,per_eur,as_of') {
        return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify([{ currency: 'EUR', per_eur: 1, as_of: '2026-11-20' }]));
      }
      const body =
        req.url === '/mf-manifest.json'
          ? manifest
          : req.url === '/screen-shares.json'
            ? { PatternCatalog: ['@stitchhouse/shared/ui/index.ts', 'react'] }
            : null;
      res.writeHead(body ? 200 : 404, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    });
    await new Promise<void>((resolve) => manifestServer.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(manifestServer.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => manifestServer.close(resolve));
    rmSync(dir, { recursive: true, force: true });
  });

  const page = (remotes: object, env: object = { supabaseUrl: 'x' }) =>
    hints.createShellPage({ shellDir: dir, remotesJson: () => JSON.stringify(remotes), envJson: () => JSON.stringify(env) });

  it('hints a remote rebuilt alone at the next page load (the live manifest, re-read within a second)', async () => {
    const shellPage = page({ mf_catalog: `${base}/mf-manifest.json` });
    const first = (await shellPage('/patterns'))!;
    expect(preloads(first).map((p) => p.href)).toEqual([
      '/en.1.js',
      '/runtime.1.js',
      `${base}/mf-manifest.json`,
      `${base}/remoteEntry.js`,
      `${base}/screen.1.js`,
      '/ui.1.js',
    ]);
    manifest = {
      ...manifest,
      exposes: [{ name: 'PatternCatalog', path: './PatternCatalog', assets: { js: { sync: ['screen.2.js'] }, css: { sync: ['screen.2.css'] } } }],
    };
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const second = (await shellPage('/patterns'))!;
    expect(preloads(second)).toContainEqual({ as: 'script', href: `${base}/screen.2.js` });
    expect(preloads(second)).toContainEqual({ as: 'style', href: `${base}/screen.2.css` });
    expect(second).not.toContain('screen.1.js');
  });

  it('a dead remote still gets its page at once, without the screen hints', async () => {
    const started = Date.now();
    const html = (await page({ mf_catalog: 'http://127.0.0.1:9/mf-manifest.json' })('/patterns'))!;
    expect(Date.now() - started).toBeLessThan(2000);
    expect(html).toContain('<title>t</title>');
    expect(html).not.toContain('remoteEntry.js');
  });

  it('sends remotes.json inside the page only when it is well formed (the page takes it as is)', async () => {
    const good = (await page({ mf_catalog: `${base}/mf-manifest.json` })('/patterns'))!;
    expect(good).toContain('id="stitchhouse-remotes"');
    for (const broken of [
      { 'mf-catalog': `${base}/mf-manifest.json` },
      { mf_catalog: 'mf-manifest.json' },
      { mf_catalog: 'javascript:alert(1)' },
      { mf_catalog: 7 },
      ['x'],
    ]) {
      const html = (await page(broken)('/patterns'))!;
      expect(html, JSON.stringify(broken)).not.toContain('id="stitchhouse-remotes"');
      expect(html).not.toContain('remoteEntry.js');
      expect(html).toContain('id="stitchhouse-env"');
    }
    expect(hints.remoteMapOrNull('{not json')).toBeNull();
    expect(hints.remoteMapOrNull('{"mf_auth":"https://auth.example/mf-manifest.json"}')).toEqual({ mf_auth: 'https://auth.example/mf-manifest.json' });
  });

  it('preloads the catalog’s first cover with the card’s srcset, only for the unfiltered catalog, and never waits long for the backend', async () => {
    const env = { supabaseUrl: base, supabaseAnonKey: 'anon-key' };
    const html = (await page({}, env)('/patterns'))!;
    expect(lastRestCall).toMatchObject({ url: '/rest/v1/rpc/search_patterns', method: 'GET', apikey: 'anon-key' });
    const tag = /<link rel="preload" as="image"[^>]*>/.exec(html)![0];
    // The card's own attributes (shared/src/storage/coverImage.ts), HTML-escaped, at high priority.
    const { coverImage } = await import('@stitchhouse/shared/storage/coverImage.ts');
    const card = coverImage('store/new "dress" & co.png', 'card', { supabaseUrl: base });
    const attribute = (name: string) => tagAttribute(tag, name);
    expect(attribute('href')).toBe(card.src);
    expect(attribute('imagesrcset')).toBe(card.srcSet);
    expect(attribute('imagesizes')).toBe(card.sizes);
    expect(attribute('fetchpriority')).toBe('high');
    // The cover comes with the lookup's part, first. The shell paints it before it starts the remote:
    // the runtime's files wait, inert, in the template the shell turns into preloads at that moment.
    expect(attribute('data-cover-slot')).toBe('card');
    const parts = page({}, env).parts('/patterns')!;
    expect(parts.head).not.toContain('runtime.1.js');
    const rest = await parts.rest;
    expect(rest.startsWith(tag)).toBe(true);
    const template = /<template id="stitchhouse-after-paint">(.*?)<\/template>/.exec(rest)![1]!;
    expect(preloads(template).map((p) => p.href)).toEqual(['/runtime.1.js']);
    expect(preloads(rest.replace(template, '')).map((p) => p.as)).toEqual(['image']);
    // A search or filters show other cards first: no cover hint.
    expect(await page({}, env)('/patterns', '?q=dress')).not.toContain('as="image"');
    // A slow backend: the page comes without the hint, within the hint's short wait.
    const started = Date.now();
    const slow = (await page({}, { supabaseUrl: `${base}/slow`, supabaseAnonKey: 'anon-key' })('/patterns'))!;
    expect(Date.now() - started).toBeLessThan(1000);
    expect(slow).toContain('<title>t</title>');
    expect(slow).not.toContain('as="image"');
  });

  it('preloads the stored file itself when the backend has no image transformations (env.json imageTransforms: false)', async () => {
    const env = { supabaseUrl: base, supabaseAnonKey: 'anon-key', imageTransforms: false };
    const tag = /<link rel="preload" as="image"[^>]*>/.exec((await page({}, env)('/patterns'))!)![0];
    const { coverImage } = await import('@stitchhouse/shared/storage/coverImage.ts');
    const card = coverImage('store/new "dress" & co.png', 'card', { supabaseUrl: base, imageTransforms: false });
    expect(card.src).toContain('/storage/v1/object/public/');
    expect(tagAttribute(tag, 'href')).toBe(card.src);
    expect(tag).not.toContain('imagesrcset');
  });

  it('carries the unfiltered catalog’s first reads in the page, in the visitor’s currency, keyed as the page’s client asks them', async () => {
    const env = { supabaseUrl: base, supabaseAnonKey: 'anon-key' };
    const html = (await page({}, env)('/patterns', '', { acceptLanguage: 'en-GB,en;q=0.8' }))!;
    // The catalog's first page as mf-catalog asks it (a GET of toSearchArgs(EMPTY_QUERY)), in pounds for en-GB.
    expect(lastRestCall).toMatchObject({ method: 'GET', args: { currency: 'GBP', free_only: 'false', sort: 'newest', page_size: '24', page_offset: '0' } });
    const json = /<script type="application\/json" id="stitchhouse-reads">(.*?)<\/script>/.exec(html)![1]!;
    expect(json).not.toMatch(/<\/script|<!--/i);
    const reads = JSON.parse(json) as { key: string; data: unknown }[];
    const { readKey } = await import('@stitchhouse/shared/pageReads.mjs');
    // The key postgrest-js's request gives (key order and encoding do not matter); the categories'
    // read failed (404 here), which costs only itself. The reads are in the order they were answered.
    expect(reads).toHaveLength(2);
    expect(reads).toEqual(
      expect.arrayContaining([
        {
          key: readKey('GET', 'rpc/search_patterns?page_offset=0&currency=GBP&sort=newest&page_size=24&free_only=false'),
          data: [{ cover_path: 'store/new "dress" & co.png', title: '</script> <!-- a title' }],
        },
        { key: readKey('GET', 'currency_rates?select=currency%2Cper_eur%2Cas_of'), data: [{ currency: 'EUR', per_eur: 1, as_of: '2026-11-20' }] },
      ]),
    );
    expect(html).toContain('as="image"');
    // Another visitor's languages, another currency; a search carries nothing.
    await page({}, env)('/patterns', '', { acceptLanguage: 'de-AT' });
    expect(lastRestCall!.args).toMatchObject({ currency: 'EUR' });
    expect(await page({}, env)('/patterns', '?q=dress')).not.toContain('stitchhouse-reads');
  });

  it('has the part that needs no lookup at once; the rest follows when the backend answers', async () => {
    const env = { supabaseUrl: `${base}/slow`, supabaseAnonKey: 'anon-key' };
    const shellPage = page({ mf_catalog: `${base}/mf-manifest.json` }, env);
    const { head, rest } = shellPage.parts('/patterns')!;
    // index.html up to </head>, env.json and remotes.json inline, the page language's catalogs. The
    // federation runtime's files wait for the lookup on a page that may lead with a cover; on another
    // remote page they are in the head.
    expect(head.startsWith('<!doctype html><html><head><title>t</title>')).toBe(true);
    expect(head).toContain('id="stitchhouse-env"');
    expect(head).toContain('id="stitchhouse-remotes"');
    expect(preloads(head).map((p) => p.href)).toEqual(['/en.1.js']);
    expect(preloads(shellPage.parts('/patterns/search')!.head).map((p) => p.href)).toEqual(['/en.1.js', '/runtime.1.js']);
    expect(head).not.toContain('</head>');
    expect(rest).toBeInstanceOf(Promise);
    const tail = await rest;
    expect(tail.endsWith('</head><body></body></html>')).toBe(true);
    // No cover (the backend was slow): the remote's hints are in the rest, live, and nothing is hinted twice.
    expect(tail).not.toContain('<template');
    const hrefs = preloads(head + tail).map((p) => p.href);
    expect(hrefs).toEqual(expect.arrayContaining(['/runtime.1.js', `${base}/mf-manifest.json`, `${base}/remoteEntry.js`, '/ui.1.js']));
    expect(new Set(hrefs).size).toBe(hrefs.length);
    // A shell page asks nothing: its rest is there at once.
    expect(typeof shellPage.parts('/')!.rest).toBe('string');
    expect(await shellPage('/')).toBe(shellPage.parts('/')!.head + shellPage.parts('/')!.rest);
  });

  it('inline JSON cannot end its script element', async () => {
    const html = (await page({}, { supabaseUrl: '</script><script>alert(1)</script>' })('/'))!;
    expect(html).not.toContain('</script><script>alert(1)');
    const json = /<script type="application\/json" id="stitchhouse-env">(.*?)<\/script>/.exec(html)![1]!;
    expect(JSON.parse(json)).toEqual({ supabaseUrl: '</script><script>alert(1)</script>' });
    expect(preloads(html).map((p) => p.href)).toEqual(['/en.1.js', '/home.1.js', '/home.1.css', '/home-en.1.js']);
  });

  it('without a build there is no page to send', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'stitchhouse-hints-empty-'));
    try {
      expect(await hints.createShellPage({ shellDir: empty, remotesJson: () => '{}', envJson: () => '{}' })('/')).toBeNull();
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });
});
