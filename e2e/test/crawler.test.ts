import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { ROUTES, routeHref } from '@stitchhouse/shared/routes.ts';
import { root, settledRoute, startE2EStack, type E2EStack } from '../src/harness.ts';

// What a crawler and a link preview read: every public route and a real pattern and
// store page fetched as a crawler fetches them, no JavaScript (status, headers, and the head read
// by Chromium with scripts off); the sitemap index and its children; the manifest and its icons;
// and, with scripts on, that the page hydrates without a mismatch warning.

const PUBLIC = [
  '/',
  '/patterns',
  '/patterns/search',
  '/designers',
  '/retailers',
  '/pricing',
  '/about',
  '/app',
  '/newsletter',
  '/partners',
  '/partners/resellers',
  '/partners/suppliers',
  '/point-of-sale-integration',
  '/legal/privacy-policy',
  '/legal/terms-of-use',
];
const PRIVATE = ['/account', '/account/store', '/payment', '/payment/receive', '/patterns/my-patterns', '/patterns/my-store', '/reports', '/sign-in'];
const EVIL_TITLE = `Sam's "Wrap" </script><script>alert(1)</script> <b>dress</b> & co 🧵✂️`;

// sharp reads the pictures' real sizes (the page server's own dependency, at the repository root).
const sharp = createRequire(join(root, 'package.json'))('sharp') as typeof import('sharp').default;

interface Head {
  title: string;
  description: string | null;
  canonical: string | null;
  robots: string | null;
  manifest: string | null;
  meta: Record<string, string>;
  jsonLd: unknown[];
  ldText: string[];
}

let stack: E2EStack;
let crawler: BrowserContext;
let tab: Page;
let pattern: { id: string; title: string; price_cents: number; currency: string; category: string };
let store: string;
let hidden: { draft: string | null; archived: string | null };

const service = () => ({ apikey: stack.backend!.serviceRoleKey, authorization: `Bearer ${stack.backend!.serviceRoleKey}`, 'content-type': 'application/json' });
const anon = () => ({ apikey: stack.backend!.anonKey, authorization: `Bearer ${stack.backend!.anonKey}`, 'content-type': 'application/json' });
async function rest<T>(path: string, headers: Record<string, string>, init: RequestInit = {}): Promise<T> {
  const response = await fetch(`${stack.backend!.url}/rest/v1/${path}`, { ...init, headers: { ...headers, ...(init.headers as Record<string, string>) } });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** The page as a crawler gets it: no JavaScript; the head as Chromium parses it. */
async function crawl(path: string): Promise<{ status: number; headers: Headers; html: string; head: Head }> {
  const response = await fetch(`${stack.shellUrl}${path}`, { headers: { 'user-agent': 'Googlebot/2.1' }, redirect: 'manual' });
  const html = await response.text();
  await tab.setContent(html);
  const head = await tab.evaluate(() => {
    const attr = (selector: string, name: string) => document.head.querySelector(selector)?.getAttribute(name) ?? null;
    const meta: Record<string, string> = {};
    for (const tag of document.head.querySelectorAll('meta[property], meta[name]'))
      meta[tag.getAttribute('property') ?? tag.getAttribute('name')!] = tag.getAttribute('content') ?? '';
    const ldText = [...document.querySelectorAll('script[type="application/ld+json"]')].map((s) => s.textContent ?? '');
    return {
      title: document.title,
      description: attr('meta[name="description"]', 'content'),
      canonical: attr('link[rel="canonical"]', 'href'),
      robots: attr('meta[name="robots"]', 'content'),
      manifest: attr('link[rel="manifest"]', 'href'),
      meta,
      ldText,
      jsonLd: ldText.map((text) => JSON.parse(text) as unknown),
      titles: document.head.querySelectorAll('title').length,
      scriptsRun: document.querySelectorAll('script:not([type])').length,
    };
  });
  expect(head.titles, `${path}: one <title>`).toBe(1);
  return { status: response.status, headers: response.headers, html, head };
}

/** The nodes of the page's JSON-LD graphs. */
const nodes = (head: Head) => head.jsonLd.flatMap((doc) => ((doc as { '@graph'?: unknown[] })['@graph'] ?? [doc]) as Record<string, unknown>[]);
const ofType = (head: Head, type: string) => nodes(head).filter((node) => node['@type'] === type);

async function picture(url: string) {
  const response = await fetch(url);
  expect(response.status, url).toBe(200);
  const bytes = Buffer.from(await response.arrayBuffer());
  const meta = await sharp(bytes).metadata();
  return {
    type: response.headers.get('content-type'),
    format: meta.format,
    width: meta.width ?? 0,
    height: meta.height ?? 0,
    cache: response.headers.get('cache-control'),
  };
}

/** Everything item 1 asks of an indexable page's head. */
async function expectCard(path: string, head: Head) {
  const url = `${stack.shellUrl}${path}`;
  expect(head.title, path).not.toBe('');
  expect(head.description, path).toBeTruthy();
  expect(head.canonical, path).toBe(url);
  expect(head.robots, path).toBeNull();
  expect(head.manifest, path).toBe('/manifest.webmanifest');
  expect(head.meta['og:title'], path).toBe(head.title);
  expect(head.meta['og:description'], path).toBe(head.description);
  expect(head.meta['og:url'], path).toBe(url);
  expect(head.meta['og:type'], path).toMatch(/^(website|product|profile)$/);
  expect(head.meta['twitter:card'], path).toBe('summary_large_image');
  expect(head.meta['og:image'], path).toMatch(new RegExp(`^${stack.shellUrl}/og/`));
  expect(Number(head.meta['og:image:width'])).toBeGreaterThanOrEqual(1200);
  expect(Number(head.meta['og:image:height'])).toBeGreaterThanOrEqual(630);
}

beforeAll(async () => {
  stack = await startE2EStack({ backend: true, seed: true });
  crawler = await stack.browser.newContext({ javaScriptEnabled: false });
  tab = await crawler.newPage();
  const [first] = await rest<{ pattern_id: string }[]>(
    'pattern_ratings?select=pattern_id,patterns!inner(status)&review_count=gt.0&patterns.status=eq.published&limit=1',
    anon(),
  );
  [pattern] = await rest<(typeof pattern)[]>(`patterns?select=id,title,price_cents,currency,category&id=eq.${first!.pattern_id}`, anon());
  const [open] = await rest<{ slug: string }[]>('stores?select=slug&closed_at=is.null&kind=eq.designer&order=slug&limit=1', anon());
  store = open!.slug;
  const statuses = await rest<{ id: string; status: string }[]>('patterns?select=id,status&status=in.(draft,archived)&limit=50', service());
  hidden = { draft: statuses.find((p) => p.status === 'draft')?.id ?? null, archived: statuses.find((p) => p.status === 'archived')?.id ?? null };
}, 600_000);

afterAll(async () => {
  await crawler?.close();
  await stack?.stop();
});

describe('what a crawler reads, with no JavaScript', () => {
  it('every public route answers 200 with its own title, description, canonical, Open Graph and Twitter card, and the manifest', async () => {
    const titles = new Set<string>();
    const descriptions = new Set<string>();
    for (const path of PUBLIC) {
      const { status, head } = await crawl(path);
      expect(status, path).toBe(200);
      await expectCard(path, head);
      titles.add(head.title);
      descriptions.add(head.description!);
      if (path !== '/') expect(ofType(head, 'BreadcrumbList'), path).toHaveLength(1);
    }
    expect(titles.size).toBe(PUBLIC.length);
    expect(descriptions.size).toBe(PUBLIC.length);
    // every public route of the contract is here
    const contractPublic = ROUTES.filter((r) => !r.signIn && !r.path.includes(':') && PUBLIC.includes(r.path)).map((r) => r.path);
    expect(contractPublic.sort()).toEqual([...PUBLIC].sort());
    const card = await picture((await crawl('/about')).head.meta['og:image']!);
    expect(card).toMatchObject({ format: 'jpeg', width: 1200, height: 630 });
  });

  it('/ is the Organization and the WebSite with a SearchAction into /patterns/search', async () => {
    const { head } = await crawl('/');
    expect(ofType(head, 'Organization')[0]).toMatchObject({ name: expect.any(String), url: `${stack.shellUrl}/` });
    const [site] = ofType(head, 'WebSite');
    expect(site).toMatchObject({
      url: `${stack.shellUrl}/`,
      potentialAction: {
        '@type': 'SearchAction',
        target: { urlTemplate: `${stack.shellUrl}/patterns/search?q={search_term_string}` },
        'query-input': 'required name=search_term_string',
      },
    });
  });

  it('a pattern page is its Product: price for Pinterest, Google’s required fields, rating, reviews, seller, breadcrumbs and a 1200×630 raster card', async () => {
    const path = `/patterns/${pattern.id}`;
    const { status, head } = await crawl(path);
    expect(status).toBe(200);
    await expectCard(path, head);
    expect(head.title).toContain(pattern.title);
    expect(head.meta['og:type']).toBe('product');
    const price = (pattern.price_cents / 100).toFixed(2);
    expect(head.meta).toMatchObject({
      'product:price:amount': price,
      'product:price:currency': pattern.currency,
      'og:price:amount': price,
      'og:price:currency': pattern.currency,
    });
    const [product] = ofType(head, 'Product') as Record<string, any>[];
    // Google's Product snippet / merchant listing: name, image, and offers with price, currency, availability
    expect(product).toMatchObject({
      name: pattern.title,
      offers: { '@type': 'Offer', price, priceCurrency: pattern.currency, availability: 'https://schema.org/InStock', url: `${stack.shellUrl}${path}` },
    });
    expect(product!.image.length).toBeGreaterThan(0);
    expect(product!.offers.seller).toMatchObject({
      '@type': 'Organization',
      name: expect.any(String),
      url: expect.stringMatching(new RegExp(`^${stack.shellUrl}/stores/`)),
    });
    expect(product!.aggregateRating.reviewCount).toBeGreaterThan(0);
    expect(product!.aggregateRating.ratingValue).toBeGreaterThanOrEqual(1);
    expect(product!.review.length).toBeGreaterThan(0);
    expect(product!.review[0]).toMatchObject({ '@type': 'Review', author: { name: expect.any(String) }, reviewRating: { ratingValue: expect.any(Number) } });
    const [crumbs] = ofType(head, 'BreadcrumbList') as Record<string, any>[];
    expect(crumbs!.itemListElement.map((item: { item: string }) => item.item)).toEqual([
      `${stack.shellUrl}/`,
      `${stack.shellUrl}/patterns`,
      product!.offers.seller.url,
      `${stack.shellUrl}${path}`,
    ]);
    expect(await picture(head.meta['og:image']!)).toMatchObject({
      type: 'image/jpeg',
      format: 'jpeg',
      width: 1200,
      height: 630,
      cache: expect.stringMatching(/max-age=\d+/),
    });
  });

  it('a store page is an Organization with an ItemList of its patterns', async () => {
    const path = `/stores/${store}`;
    const { status, head } = await crawl(path);
    expect(status).toBe(200);
    await expectCard(path, head);
    const [organization] = ofType(head, 'Organization') as Record<string, any>[];
    expect(organization).toMatchObject({ url: `${stack.shellUrl}${path}`, name: expect.any(String) });
    expect(head.title).toContain(organization!.name);
    const [list] = ofType(head, 'ItemList') as Record<string, any>[];
    expect(list!.itemListElement.length).toBeGreaterThan(0);
    expect(list!.itemListElement[0].url).toMatch(new RegExp(`^${stack.shellUrl}/patterns/[0-9a-f-]{36}$`));
    expect(await picture(head.meta['og:image']!)).toMatchObject({ format: 'jpeg', width: 1200, height: 630 });
  });

  it('an unknown, draft or archived pattern, an unknown store and an unknown address answer 404 with noindex', async () => {
    const missing = ['/patterns/00000000-0000-4000-8000-00000000dead', '/patterns/not-a-uuid', '/stores/no-such-store-here', '/no/such/page'];
    if (hidden.draft) missing.push(`/patterns/${hidden.draft}`);
    if (hidden.archived) missing.push(`/patterns/${hidden.archived}`);
    expect(hidden.draft && hidden.archived, 'the seed has a draft and an archived pattern').toBeTruthy();
    for (const path of missing) {
      const { status, headers, head } = await crawl(path);
      expect(status, path).toBe(404);
      expect(headers.get('x-robots-tag'), path).toBe('noindex');
      expect(head.robots, path).toBe('noindex');
      expect(head.canonical, path).toBeNull();
      expect(head.jsonLd, path).toEqual([]);
    }
    expect((await fetch(`${stack.shellUrl}/og/patterns/${hidden.draft}.jpg`)).status).toBe(404);
  });

  it('private screens answer noindex and robots.txt disallows them and names the sitemap', async () => {
    for (const path of PRIVATE) {
      const { headers, head } = await crawl(path);
      expect(head.robots, path).toBe('noindex');
      expect(headers.get('x-robots-tag'), path).toBe('noindex');
    }
    const { head } = await crawl(`/patterns/${pattern.id}/edit`);
    expect(head.robots).toBe('noindex');
    const robots = await fetch(`${stack.shellUrl}/robots.txt`);
    expect(robots.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await robots.text();
    for (const rule of ['/account', '/payment', '/patterns/my-', '/patterns/*/edit', '/download', '/reports']) expect(text).toContain(`Disallow: ${rule}\n`);
    expect(text).toContain(`Sitemap: ${stack.shellUrl}/sitemap.xml`);
  });

  it('a title with quotes, </script>, HTML and emoji is escaped in the head and in the JSON-LD; the description is the Markdown’s text', async () => {
    const [{ description }] = await rest<{ description: string }[]>(`patterns?select=description&id=eq.${pattern.id}`, anon());
    await rest(`patterns?id=eq.${pattern.id}`, service(), {
      method: 'PATCH',
      body: JSON.stringify({ title: EVIL_TITLE, description: '## Fits\n\nA **quick** sew, see [the guide](https://example.com/guide).' }),
      headers: { prefer: 'return=representation' },
    });
    try {
      const { html, head } = await crawl(`/patterns/${pattern.id}`);
      expect(head.description).toBe('Fits A quick sew, see the guide.');
      expect(head.title).toContain(EVIL_TITLE);
      expect(head.meta['og:title']).toContain(EVIL_TITLE);
      const [product] = ofType(head, 'Product') as Record<string, any>[];
      expect(product!.name).toBe(EVIL_TITLE);
      for (const text of head.ldText) expect(text).not.toMatch(/<\/script|<b>|<script/i);
      // nothing of the title became markup: the page has no element the title would have made
      expect(html).not.toContain('<b>dress</b>');
      expect(html).not.toContain('<script>alert(1)</script>');
      expect((await tab.$$('b')).length).toBe(0);
    } finally {
      await fetch(`${stack.backend!.url}/rest/v1/patterns?id=eq.${pattern.id}`, {
        method: 'PATCH',
        headers: { ...service(), prefer: 'return=minimal' },
        body: JSON.stringify({ title: pattern.title, description }),
      });
    }
  });
});

describe('language versions', () => {
  it('a German store page without a bio says in German what the store sells, and names its pattern list in German', async () => {
    const [{ id, name, bio }] = await rest<{ id: string; name: string; bio: string | null }[]>(`stores?slug=eq.${store}&select=id,name,bio`, service());
    await rest(`stores?id=eq.${id}`, service(), { method: 'PATCH', headers: { prefer: 'return=representation' }, body: JSON.stringify({ bio: '' }) });
    try {
      const { status, head } = await crawl(`/stores/${store}?hl=de`);
      expect(status).toBe(200);
      expect(head.description).toBe(`${name} verkauft Schnittmuster und Handarbeitsanleitungen auf Stitchhouse.`);
      expect(head.meta['og:description']).toBe(head.description);
      const [list] = ofType(head, 'ItemList') as Record<string, any>[];
      expect(list!.name).toBe(`Schnittmuster von ${name}`);
    } finally {
      await rest(`stores?id=eq.${id}`, service(), { method: 'PATCH', headers: { prefer: 'return=representation' }, body: JSON.stringify({ bio }) });
    }
  });

  it('each public page has a crawlable address per language (?hl=), linked with hreflang; the bare address follows the visitor and says so (Vary, <html lang>)', async () => {
    const path = `/patterns/${pattern.id}`;
    const german = await crawl(`${path}?hl=de`);
    expect(german.status).toBe(200);
    expect(german.html).toMatch(/<html lang="de"/);
    expect(german.head.canonical).toBe(`${stack.shellUrl}${path}?hl=de`);
    const alternates = await tab.evaluate(() =>
      [...document.head.querySelectorAll('link[rel="alternate"][hreflang]')].map((l) => [l.getAttribute('hreflang'), l.getAttribute('href')]),
    );
    expect(Object.fromEntries(alternates)).toEqual({
      en: `${stack.shellUrl}${path}?hl=en`,
      de: `${stack.shellUrl}${path}?hl=de`,
      fr: `${stack.shellUrl}${path}?hl=fr`,
      es: `${stack.shellUrl}${path}?hl=es`,
      nl: `${stack.shellUrl}${path}?hl=nl`,
      'x-default': `${stack.shellUrl}${path}`,
    });
    const french = await fetch(`${stack.shellUrl}/about`, { headers: { 'accept-language': 'fr-CH, fr;q=0.9, en;q=0.5' } });
    expect(await french.text()).toMatch(/<html lang="fr"/);
    expect(french.headers.get('vary')).toMatch(/Accept-Language/);
    expect(french.headers.get('vary')).toMatch(/Cookie/);
    // the saved choice wins over the browser's languages; an unknown language is English
    const saved = await fetch(`${stack.shellUrl}/about`, { headers: { 'accept-language': 'fr', cookie: 'sh_locale=nl' } });
    expect(await saved.text()).toMatch(/<html lang="nl"/);
    expect(await (await fetch(`${stack.shellUrl}/about`, { headers: { 'accept-language': 'ja, pt-BR' } })).text()).toMatch(/<html lang="en"/);
    // the head is written in the version's language: the route's title from shared's catalog, the description from the page server's
    const about = await crawl('/about?hl=de');
    const germanTitle = (JSON.parse(readFileSync(join(root, 'shared/src/locales/de.json'), 'utf8')) as { messages: Record<string, string[]> }).messages[
      'shared.route.about'
    ]!.join('');
    expect(about.head.title).toBe(`${germanTitle} · Stitchhouse`);
    expect(about.head.description).toBe(
      'Wer hinter Stitchhouse steht, dem Marktplatz für unabhängige Designer von Schnittmustern und Handarbeitsanleitungen, und warum.',
    );
    expect((await crawl('/patterns/not-a-pattern?hl=fr')).head.title).toBe('Patron introuvable · Stitchhouse');
    // a private screen has no language versions (noindex, no canonical)
    const privateScreen = await crawl('/account?hl=de');
    expect(privateScreen.head.canonical).toBeNull();
    expect(privateScreen.html).not.toMatch(/hreflang=/);
    // the sitemaps list the versions too
    const xml = await (await fetch(`${stack.shellUrl}/sitemaps/pages.xml`)).text();
    expect(xml).toContain(`hreflang="nl" href="${stack.shellUrl}/about?hl=nl"`);
    expect(xml).toContain(`hreflang="x-default" href="${stack.shellUrl}/about"`);
  });
});

/** A compiled catalog's messages (`scripts` or `shared/src`), each as its text. */
function catalogTexts(dir: string, locale: string): Record<string, string> {
  const { messages } = JSON.parse(readFileSync(join(root, dir, 'locales', `${locale}.json`), 'utf8')) as {
    messages: Record<string, (string | unknown[])[] | string>;
  };
  return Object.fromEntries(Object.entries(messages).map(([id, parts]) => [id, typeof parts === 'string' ? parts : parts.map(String).join('')]));
}

/** The mean difference (0–255) of the tagline's band of two 1200×630 cards, in grey. */
async function taglineDifference(a: Buffer, b: Buffer) {
  const band = (bytes: Buffer) => sharp(bytes).extract({ left: 0, top: 440, width: 1200, height: 70 }).greyscale().raw().toBuffer();
  const [x, y] = await Promise.all([band(a), band(b)]);
  let sum = 0;
  for (let i = 0; i < x.length; i++) sum += Math.abs(x[i]! - y[i]!);
  return sum / x.length;
}

describe('the site’s card in the page’s language', () => {
  it('a German page’s og:image is the site card with the German tagline (?hl=de), cached like the other cards; English keeps /og/site.jpg', async () => {
    const english = await crawl('/about');
    const german = await crawl('/about?hl=de');
    expect(english.head.meta['og:image']).toBe(`${stack.shellUrl}/og/site.jpg`);
    expect(german.head.meta['og:image']).toBe(`${stack.shellUrl}/og/site.jpg?hl=de`);
    expect(german.head.meta['twitter:image']).toBe(german.head.meta['og:image']);
    const tagline = catalogTexts('scripts', 'de')['meta.tagline']!;
    expect(german.head.meta['og:image:alt']).toBe(`Stitchhouse: ${tagline}`);
    // the bare address negotiated German (Accept-Language) points to the German card too
    const negotiated = await (await fetch(`${stack.shellUrl}/pricing`, { headers: { 'accept-language': 'de-DE,de;q=0.9' } })).text();
    expect(negotiated).toContain(`<meta property="og:image" content="${stack.shellUrl}/og/site.jpg?hl=de">`);

    const [englishCard, germanCard] = await Promise.all([fetch(english.head.meta['og:image']!), fetch(german.head.meta['og:image']!)]);
    expect(germanCard.status).toBe(200);
    expect(germanCard.headers.get('content-type')).toBe('image/jpeg');
    expect(germanCard.headers.get('cache-control')).toBe(englishCard.headers.get('cache-control'));
    expect(germanCard.headers.get('cache-control')).toMatch(/max-age=\d+/);
    expect(germanCard.headers.get('etag')).toBeTruthy();
    expect(germanCard.headers.get('etag')).not.toBe(englishCard.headers.get('etag'));
    const again = await fetch(german.head.meta['og:image']!, { headers: { 'if-none-match': germanCard.headers.get('etag')! } });
    expect(again.status).toBe(304);
    const [englishBytes, germanBytes] = await Promise.all([englishCard.arrayBuffer(), germanCard.arrayBuffer()].map(async (b) => Buffer.from(await b)));
    expect(await sharp(germanBytes).metadata()).toMatchObject({ format: 'jpeg', width: 1200, height: 630 });
    // the German tagline is what the card says: it matches a card drawn with it, not the English one
    const ogImage = (await import(/* @vite-ignore */ join(root, 'scripts', 'og-image.mjs'))) as {
      siteCardSvg: (brand: { name: string; tagline: string }) => string;
    };
    const drawn = await sharp(Buffer.from(ogImage.siteCardSvg({ name: 'Stitchhouse', tagline })))
      .png()
      .toBuffer();
    const toGerman = await taglineDifference(germanBytes, drawn);
    const toEnglish = await taglineDifference(englishBytes, drawn);
    expect(toGerman).toBeLessThan(2);
    expect(toEnglish).toBeGreaterThan(toGerman * 3);
  });

  it('a German pattern page names its category in German in the Product (as the catalog names it), English in English', async () => {
    const path = `/patterns/${pattern.id}`;
    const englishWords = catalogTexts('shared/src', 'en');
    const words = pattern.category.replace(/-/g, ' ');
    const id = Object.keys(englishWords).find(
      (key) => key.startsWith('shared.category.') && englishWords[key] === words.charAt(0).toUpperCase() + words.slice(1),
    );
    expect(id, `the seed pattern's category ${pattern.category} has a name in the catalog`).toBeTruthy();
    const [germanProduct] = ofType((await crawl(`${path}?hl=de`)).head, 'Product') as Record<string, any>[];
    const germanName = catalogTexts('shared/src', 'de')[id!]!;
    expect(germanName).not.toBe(englishWords[id!]);
    expect(germanProduct!.category).toBe(germanName);
    const [englishProduct] = ofType((await crawl(path)).head, 'Product') as Record<string, any>[];
    expect(englishProduct!.category).toBe(englishWords[id!]);
  });

  it('a pattern without a description is described by its title, category name and store, not by its category slug', async () => {
    const [{ description, stores }] = await rest<{ description: string; stores: { name: string } }[]>(
      `patterns?select=description,stores!patterns_store_id_fkey(name)&id=eq.${pattern.id}`,
      anon(),
    );
    await rest(`patterns?id=eq.${pattern.id}`, service(), {
      method: 'PATCH',
      body: JSON.stringify({ category: 'home-decor', description: '' }),
      headers: { prefer: 'return=representation' },
    });
    try {
      const english = await crawl(`/patterns/${pattern.id}`);
      expect(english.head.description).toBe(`${pattern.title}, a home decor pattern by ${stores.name}.`);
      const [product] = ofType(english.head, 'Product') as Record<string, any>[];
      expect(product!.category).toBe('Home decor');
      const german = await crawl(`/patterns/${pattern.id}?hl=de`);
      // German's sentence does not name the category (a translation of the title may lead it)
      expect(german.head.description!.endsWith(`, ein Muster von ${stores.name}.`), german.head.description!).toBe(true);
    } finally {
      await fetch(`${stack.backend!.url}/rest/v1/patterns?id=eq.${pattern.id}`, {
        method: 'PATCH',
        headers: { ...service(), prefer: 'return=minimal' },
        body: JSON.stringify({ category: pattern.category, description }),
      });
    }
  });
});

describe('a pattern’s language versions', () => {
  it('the German version (?hl=de, or negotiated) reads the store’s German title and description; a language without a translation reads the original', async () => {
    const path = `/patterns/${pattern.id}`;
    const before = await rest<{ locale: string; title: string; description: string }[]>(
      `pattern_translations?select=locale,title,description&pattern_id=eq.${pattern.id}`,
      service(),
    );
    const german = { title: 'Wickelkleid mit Bindeband', description: 'Ein **Wickelkleid** zum Binden, mit Taschen in der Seitennaht.' };
    await rest(`pattern_translations?on_conflict=pattern_id,locale`, service(), {
      method: 'POST',
      headers: { prefer: 'resolution=merge-duplicates,return=representation' },
      body: JSON.stringify({ pattern_id: pattern.id, locale: 'de', ...german }),
    });
    await rest(`pattern_translations?pattern_id=eq.${pattern.id}&locale=eq.fr`, service(), { method: 'DELETE', headers: { prefer: 'return=representation' } });
    try {
      const { status, head } = await crawl(`${path}?hl=de`);
      expect(status).toBe(200);
      expect(head.title).toBe(`${german.title} · Stitchhouse`);
      expect(head.description).toBe('Ein Wickelkleid zum Binden, mit Taschen in der Seitennaht.');
      expect(head.meta['og:title']).toBe(head.title);
      expect(head.meta['og:description']).toBe(head.description);
      expect(head.meta['og:image:alt']).toBe(german.title);
      const [product] = ofType(head, 'Product') as Record<string, any>[];
      expect(product).toMatchObject({ name: german.title, description: head.description });
      const [crumbs] = ofType(head, 'BreadcrumbList') as Record<string, any>[];
      expect(crumbs!.itemListElement.map((item: { name: string }) => item.name)).toEqual([
        'Startseite',
        'Schnittmuster',
        product!.offers.seller.name,
        german.title,
      ]);
      expect(head.title).not.toContain(pattern.title);

      // negotiated: the bare address for a German browser is the German version
      const negotiated = await (await fetch(`${stack.shellUrl}${path}`, { headers: { 'accept-language': 'de-AT,de;q=0.9' } })).text();
      expect(negotiated).toMatch(/<html lang="de"/);
      expect(negotiated).toContain(`<title>${german.title} · Stitchhouse</title>`);

      // no French translation: the French version reads the pattern's own title
      const french = await crawl(`${path}?hl=fr`);
      expect(french.head.title).toBe(`${pattern.title} · Stitchhouse`);
      expect(french.head.meta['og:image:alt']).toBe(pattern.title);
    } finally {
      await rest(`pattern_translations?pattern_id=eq.${pattern.id}`, service(), { method: 'DELETE', headers: { prefer: 'return=representation' } });
      if (before.length)
        await rest('pattern_translations', service(), {
          method: 'POST',
          headers: { prefer: 'return=representation' },
          body: JSON.stringify(before.map((row) => ({ pattern_id: pattern.id, ...row }))),
        });
    }
  });
});

describe('sitemaps', () => {
  /** The <loc>s (and images and lastmods) of a sitemap or an index, parsed as XML. */
  async function sitemap(url: string) {
    const response = await fetch(url);
    expect(response.status, url).toBe(200);
    expect(response.headers.get('content-type'), url).toMatch(/^application\/xml/);
    expect(response.headers.get('cache-control'), url).toMatch(/public, max-age=\d+/);
    const xml = await response.text();
    return tab.evaluate((text) => {
      const doc = new DOMParser().parseFromString(text, 'application/xml');
      if (doc.querySelector('parsererror')) throw new Error(`not XML: ${text.slice(0, 200)}`);
      const root = doc.documentElement.localName;
      const entries = [...doc.documentElement.children].map((entry) => ({
        loc: entry.getElementsByTagNameNS('*', 'loc')[0]?.textContent ?? '',
        lastmod: entry.getElementsByTagNameNS('*', 'lastmod')[0]?.textContent ?? null,
        image: entry.getElementsByTagNameNS('http://www.google.com/schemas/sitemap-image/1.1', 'loc')[0]?.textContent ?? null,
      }));
      return { root, entries };
    }, xml);
  }

  it('/sitemap.xml is an index of children: the static pages, the stores, and every published pattern with its lastmod and cover', async () => {
    const index = await sitemap(`${stack.shellUrl}/sitemap.xml`);
    expect(index.root).toBe('sitemapindex');
    const children = index.entries.map((e) => e.loc);
    expect(children).toEqual(
      expect.arrayContaining([`${stack.shellUrl}/sitemaps/pages.xml`, `${stack.shellUrl}/sitemaps/stores-1.xml`, `${stack.shellUrl}/sitemaps/patterns-1.xml`]),
    );
    const pages = await sitemap(`${stack.shellUrl}/sitemaps/pages.xml`);
    expect(pages.root).toBe('urlset');
    expect(pages.entries.map((e) => e.loc).sort()).toEqual(PUBLIC.map((p) => `${stack.shellUrl}${p}`).sort());
    const patterns = (await Promise.all(children.filter((c) => c.includes('/patterns-')).map(sitemap))).flatMap((s) => s.entries);
    const published = await fetch(`${stack.backend!.url}/rest/v1/patterns?select=id&limit=1`, { headers: { ...anon(), prefer: 'count=exact' } });
    expect(patterns.length).toBe(Number(published.headers.get('content-range')!.split('/')[1]));
    const entry = patterns.find((e) => e.loc === `${stack.shellUrl}/patterns/${pattern.id}`);
    expect(entry?.lastmod).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(entry?.image).toMatch(/\/storage\/v1\/object\/public\/pattern-images\//);
    expect(patterns.some((e) => e.loc.endsWith(hidden.draft!) || e.loc.endsWith(hidden.archived!))).toBe(false);
    const stores = await sitemap(`${stack.shellUrl}/sitemaps/stores-1.xml`);
    expect(stores.entries.map((e) => e.loc)).toContain(`${stack.shellUrl}/stores/${store}`);
    expect((await fetch(`${stack.shellUrl}/sitemaps/patterns-99.xml`)).status).toBe(404);
  });

  it('splits the patterns into children of at most the limit, none lost and none twice', async () => {
    const { serveApps } = (await import(/* @vite-ignore */ join(root, 'scripts', 'serve-apps.mjs'))) as {
      serveApps(o: object): Promise<{ urls: Record<string, string>; stop(): Promise<void> }>;
    };
    const small = await serveApps({
      ports: 'free',
      supabaseUrl: stack.backend!.url,
      supabaseAnonKey: stack.backend!.anonKey,
      sitemapUrls: 7,
      siteUrl: 'https://stitchhouse.example',
    });
    try {
      const index = await sitemap(`${small.urls.shell}/sitemap.xml`);
      const children = index.entries.map((e) => e.loc).filter((loc) => loc.includes('/patterns-'));
      expect(children.length).toBeGreaterThan(2);
      const locs: string[] = [];
      for (const child of children) {
        const { entries } = await sitemap(child.replace('https://stitchhouse.example', small.urls.shell));
        expect(entries.length).toBeLessThanOrEqual(7);
        locs.push(...entries.map((e) => e.loc));
      }
      expect(new Set(locs).size).toBe(locs.length);
      expect(locs.every((loc) => loc.startsWith('https://stitchhouse.example/patterns/'))).toBe(true);
      const full = (
        await Promise.all((await sitemap(`${stack.shellUrl}/sitemap.xml`)).entries.filter((e) => e.loc.includes('/patterns-')).map((e) => sitemap(e.loc)))
      ).flatMap((s) => s.entries);
      expect(locs.length).toBe(full.length);
      // the public-site setting is the one origin of canonical addresses too
      await tab.setContent(await (await fetch(`${small.urls.shell}/about`)).text());
      expect(await tab.evaluate(() => document.querySelector('link[rel="canonical"]')?.getAttribute('href'))).toBe('https://stitchhouse.example/about');
    } finally {
      await small.stop();
    }
  });
});

describe('installable', () => {
  it('links a web app manifest with name, short name, start URL, standalone display, theme colour and 192/512 PNG icons, one maskable', async () => {
    const response = await fetch(`${stack.shellUrl}/manifest.webmanifest`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
    const manifest = (await response.json()) as {
      name: string;
      short_name: string;
      start_url: string;
      display: string;
      theme_color: string;
      icons: { src: string; sizes: string; type: string; purpose?: string }[];
    };
    expect(manifest).toMatchObject({
      name: expect.any(String),
      short_name: expect.any(String),
      start_url: '/',
      display: 'standalone',
      theme_color: expect.stringMatching(/^#[0-9a-f]{6}$/i),
    });
    for (const size of [192, 512]) expect(manifest.icons.some((icon) => icon.sizes === `${size}x${size}` && icon.purpose !== 'maskable')).toBe(true);
    expect(manifest.icons.some((icon) => icon.purpose === 'maskable')).toBe(true);
    for (const icon of manifest.icons) {
      const [width, height] = icon.sizes.split('x').map(Number);
      expect(await picture(`${stack.shellUrl}${icon.src}`)).toMatchObject({ type: 'image/png', format: 'png', width, height });
    }
    const { head } = await crawl('/app');
    expect(head.manifest).toBe('/manifest.webmanifest');
    expect(head.meta['theme-color']).toBe(manifest.theme_color);
    // no service worker: /app says honestly that the app does not work offline
    const html = await (await fetch(`${stack.shellUrl}/app`)).text();
    expect(html).not.toMatch(/serviceWorker|service-worker/);
  });
});

describe('in Chromium, with scripts', () => {
  it('the pages render their screen with no hydration mismatch warning in the console', async () => {
    const { context, page } = await stack.newPage();
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') warnings.push(message.text());
    });
    try {
      for (const path of ['/', '/about', `/patterns/${pattern.id}`, `/stores/${store}`, routeHref(ROUTES.find((r) => r.path === '/patterns')!)]) {
        await page.goto(`${stack.shellUrl}${path}`);
        const settled = await settledRoute(page);
        expect(settled.h1, path).not.toBe('');
        expect(settled.notFound, path).toBe(false);
      }
      expect(warnings.filter((text) => /hydrat|did not match|server rendered HTML/i.test(text))).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
