// @ts-check
// What a crawler and a link preview read in a page, before any script runs: its own
// <title> and description, the canonical address, Open Graph and Twitter cards (with a raster
// og:image of 1200×630, scripts/og-image.mjs), Pinterest's product price, robots, and JSON-LD
// typed with schema-dts. The page server (scripts/serve-apps.mjs) builds a `PageHead` per request
// from the route and the facts read as an anonymous visitor (scripts/page-facts.mjs), and
// `withPageHead` puts it in place of index.html's generic title and description.
//
// One place for every page's head: `renderHead` writes every tag from the `PageHead`, so what
// a later issue adds (the language versions' `hreflang` alternates: `head.alternates`) is a field
// filled in by the builders and one loop here.
import { escapeHtmlAttr, inlineJson } from './route-hints.mjs';
import { DEFAULT_LOCALE, LOCALES, LOCALE_PARAM, isLocale } from '../shared/src/i18n/locales.mjs';
import { pageWords, routeTitleIn } from './page-words.mjs';
import { categoryLabelWith } from '../shared/src/catalog/categories.mjs';

/**
 * @typedef {import('schema-dts').Thing} Thing
 * @typedef {import('schema-dts').Product} Product
 * @typedef {import('schema-dts').Organization} Organization
 * @typedef {import('schema-dts').WebSite} WebSite
 * @typedef {import('schema-dts').BreadcrumbList} BreadcrumbList
 * @typedef {import('schema-dts').ItemList} ItemList
 * @typedef {import('schema-dts').Review} Review
 * @typedef {import('schema-dts').SearchAction} SearchAction
 * @typedef {import('schema-dts').WithActionConstraints<SearchAction>} ConstrainedSearchAction
 */

/**
 * @typedef {object} Site
 * @property {string} url        the public site's origin (`SITE_URL`), no trailing slash: every canonical and og:url starts here
 * @property {string} name       the marketplace's name (shared/src/brand.ts, through the shell's boot-plan.json)
 * @property {string} tagline
 * @property {string} titleTemplate   a page's document title with `%s` for the page's name (shared/src/brand.ts's `pageTitle('%s')`)
 * @property {string} [locale]   the page's language (default English): titles, descriptions and the tagline are written in it
 *
 * @typedef {object} HeadImage
 * @property {string} url
 * @property {'image/png' | 'image/jpeg'} type
 * @property {number} width
 * @property {number} height
 * @property {string} alt
 *
 * @typedef {object} PageHead
 * @property {number} status              the page's HTTP status (404 and 410 pages are noindex)
 * @property {string} title               the document title
 * @property {string} description
 * @property {string | null} canonical    absolute; null for pages that must not be indexed
 * @property {boolean} index              false: `noindex` (meta robots and X-Robots-Tag)
 * @property {'website' | 'product' | 'profile'} type   og:type
 * @property {HeadImage} image
 * @property {{ amount: string, currency: string, availability: string } | null} price   Pinterest's product rich pin
 * @property {Thing[]} jsonLd
 * @property {{ hreflang: string, href: string }[]} alternates   the page's language versions (`?hl=de`…, and `x-default`)
 */

/** The site's own card (scripts/og-image.mjs, 1200×630), for pages without a picture of their own. */
export const SITE_CARD = { path: '/og/site.jpg', type: /** @type {const} */ ('image/jpeg'), width: 1200, height: 630 };
/** The size of every og:image the page server renders (scripts/og-image.mjs). */
export const OG_SIZE = { width: 1200, height: 630 };

/**
 * The public, indexable routes, each with its description. Everything else the
 * contract has (signing in, checkout steps, the signed-in screens) answers `noindex`.
 * @type {Record<string, string>}
 */
export const PUBLIC_PAGES = {
  '/': /*i18n*/ 'meta.description.home',
  '/patterns': /*i18n*/ 'meta.description.patterns',
  '/patterns/search': /*i18n*/ 'meta.description.patternsSearch',
  '/patterns/:productId': '',
  '/stores/:slug': '',
  '/designers': /*i18n*/ 'meta.description.designers',
  '/retailers': /*i18n*/ 'meta.description.retailers',
  '/pricing': /*i18n*/ 'meta.description.pricing',
  '/about': /*i18n*/ 'meta.description.about',
  '/app': /*i18n*/ 'meta.description.app',
  '/newsletter': /*i18n*/ 'meta.description.newsletter',
  '/partners': /*i18n*/ 'meta.description.partners',
  '/partners/resellers': /*i18n*/ 'meta.description.partnersResellers',
  '/partners/suppliers': /*i18n*/ 'meta.description.partnersSuppliers',
  '/point-of-sale-integration': /*i18n*/ 'meta.description.pointOfSaleIntegration',
  '/legal/privacy-policy': /*i18n*/ 'meta.description.legalPrivacyPolicy',
  '/legal/terms-of-use': /*i18n*/ 'meta.description.legalTermsOfUse',
};

/**
 * The screens crawlers are asked to stay out of (robots.txt `Disallow`), in robots.txt's pattern
 * syntax (`*` any characters); they answer `noindex` too (they need a signed-in person, or are a
 * step of a payment or a download).
 */
export const PRIVATE_PATTERNS = ['/account', '/payment', '/patterns/my-', '/patterns/*/edit', '/download', '/reports'];

/** Whether a route's path pattern is public and indexable. */
export const isPublicPage = (/** @type {string} */ path) => Object.hasOwn(PUBLIC_PAGES, path);

/** A text as one line of at most `max` characters, cut at a word (the Markdown is made plain text by page-facts.mjs). */
export function summary(/** @type {string} */ text, max = 200) {
  const plain = text.replace(/\s+/g, ' ').trim();
  if (plain.length <= max) return plain;
  const cut = plain.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s.,;:!?-]+$/, '')}…`;
}

/** An absolute address on the public site. */
export const absolute = (/** @type {Site} */ site, /** @type {string} */ path) => `${site.url}${path}`;

/** The document title of a page ("Pricing · Stitchhouse"), as shared/src/brand.ts's `pageTitle` writes it. */
const titled = (/** @type {Site} */ site, /** @type {string} */ page) => site.titleTemplate.replace('%s', () => page);

/** @returns {Organization} the marketplace */
function marketplace(/** @type {Site} */ site) {
  return {
    '@type': 'Organization',
    '@id': `${site.url}/#organization`,
    name: site.name,
    url: `${site.url}/`,
    logo: absolute(site, '/icons/icon-512.png'),
    description: site.tagline,
  };
}

/** @returns {BreadcrumbList} */
function breadcrumbs(/** @type {Site} */ site, /** @type {[string, string][]} */ trail) {
  return {
    '@type': 'BreadcrumbList',
    itemListElement: [[pageWords(site.locale ?? 'en')._(/*i18n*/ 'meta.home'), '/'], ...trail].map(([name, path], index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name,
      item: absolute(site, path),
    })),
  };
}

/**
 * The marketplace's name and tagline in `locale` (English: the built brand's, shared/src/brand.ts;
 * another language: the page server's catalog).
 * @template {{ name: string, tagline: string }} B
 * @param {B} brand
 * @param {string} locale
 * @returns {B}
 */
export function brandIn(brand, locale) {
  return isLocale(locale) && locale !== DEFAULT_LOCALE ? { ...brand, tagline: pageWords(locale)._(/*i18n*/ 'meta.tagline') } : brand;
}

/** The site card's address in the page's language (`?hl=de`; English has the bare address). */
export function siteCardPath(/** @type {string | undefined} */ locale) {
  return isLocale(locale) && locale !== DEFAULT_LOCALE ? `${SITE_CARD.path}?${LOCALE_PARAM}=${locale}` : SITE_CARD.path;
}

/** @returns {HeadImage} the site's card in the page's language, its tagline as the page's */
const siteCard = (/** @type {Site} */ site) => ({
  url: absolute(site, siteCardPath(site.locale)),
  type: SITE_CARD.type,
  width: SITE_CARD.width,
  height: SITE_CARD.height,
  alt: `${site.name}: ${site.tagline}`,
});

/**
 * The card the page server renders for a pattern or a store (scripts/og-image.mjs), its address
 * changing with the pattern (`v`), so a preview cache picks up a new cover.
 * @returns {HeadImage}
 */
function ogCard(/** @type {Site} */ site, /** @type {string} */ path, /** @type {string} */ version, /** @type {string} */ alt) {
  const v = version ? `?v=${Date.parse(version) || encodeURIComponent(version)}` : '';
  return { url: absolute(site, `/og${path}.jpg${v}`), type: 'image/jpeg', width: OG_SIZE.width, height: OG_SIZE.height, alt };
}

/**
 * A page of the shell or a remote without data of its own (marketing, legal, the catalog's first
 * screen, and every screen that is not public: those get `noindex`).
 * @param {Site} site
 * @param {{ path: string, title: string }} route   the contract's route
 * @param {string} pathname
 * @returns {PageHead}
 */
export function staticHead(site, route, pathname) {
  const index = isPublicPage(route.path);
  const home = route.path === '/';
  /** @type {Thing[]} */
  const jsonLd = [];
  if (home) {
    /** @type {ConstrainedSearchAction} */
    const search = {
      '@type': 'SearchAction',
      target: { '@type': 'EntryPoint', urlTemplate: `${site.url}/patterns/search?q={search_term_string}` },
      'query-input': 'required name=search_term_string',
    };
    /** @type {WebSite} */
    const website = {
      '@type': 'WebSite',
      '@id': `${site.url}/#website`,
      name: site.name,
      url: `${site.url}/`,
      publisher: { '@id': `${site.url}/#organization` },
      potentialAction: search,
    };
    jsonLd.push(marketplace(site), website);
  }
  const title = routeTitleIn(site.locale ?? 'en', route.title);
  if (!home && index) jsonLd.push(breadcrumbs(site, [[title, pathname]]));
  const description = index && PUBLIC_PAGES[route.path] ? pageWords(site.locale ?? 'en')._(PUBLIC_PAGES[route.path]) : site.tagline;
  return {
    status: 200,
    title: home ? `${site.name} · ${title}` : titled(site, title),
    description,
    canonical: index ? absolute(site, pathname) : null,
    index,
    type: 'website',
    image: siteCard(site),
    price: null,
    jsonLd,
    alternates: [],
  };
}

/**
 * A page that is not there: an unknown address, a pattern nobody may see (unknown, a draft,
 * archived) or an unknown store. 404, never indexed.
 * @param {Site} site
 * @param {string} what   "Page", "Pattern", "Store"
 * @param {number} [status]
 * @returns {PageHead}
 */
export function missingHead(site, what = 'Page', status = 404) {
  return {
    status,
    title: titled(site, pageWords(site.locale ?? 'en')._(/*i18n*/ 'meta.notFound', { what })),
    description: site.tagline,
    canonical: null,
    index: false,
    type: 'website',
    image: siteCard(site),
    price: null,
    jsonLd: [],
    alternates: [],
  };
}

/**
 * @typedef {object} PatternFacts   a published pattern as an anonymous visitor reads it (scripts/page-facts.mjs)
 * @property {string} id
 * @property {string} title         the page's language version's (the store's translation, else the pattern's own)
 * @property {string} description   plain text, of the same version
 * @property {number} priceCents
 * @property {string} currency
 * @property {string | null} coverUrl   the cover's public address (the original file)
 * @property {string} craft
 * @property {string} category   its slug (`home-decor`)
 * @property {string} updatedAt
 * @property {{ slug: string, name: string }} store
 * @property {{ average: number, count: number } | null} rating
 * @property {{ author: string, rating: number, body: string, date: string }[]} reviews
 */

/** A price in the currency's major unit, as Google and Pinterest read it ("12.00"). */
const majorUnits = (/** @type {number} */ cents) => (cents / 100).toFixed(2);

/**
 * A pattern's page: Product with its offer (and rating and reviews when there are any), sold by its store.
 * @param {Site} site
 * @param {PatternFacts} pattern
 * @returns {PageHead}
 */
export function patternHead(site, pattern) {
  const path = `/patterns/${encodeURIComponent(pattern.id)}`;
  const url = absolute(site, path);
  const storeUrl = absolute(site, `/stores/${encodeURIComponent(pattern.store.slug)}`);
  /** @type {HeadImage} */
  const image = pattern.coverUrl ? ogCard(site, path, pattern.updatedAt, pattern.title) : siteCard(site);
  const words = pageWords(site.locale ?? 'en');
  // the category's name in the page's language, as the catalog's screens name it
  const category = categoryLabelWith((id) => words._(id), pattern.category);
  // mid-sentence the name reads as a common noun ("a home decor pattern"); of the five sentences only English's names it
  const inSentence = category.toLocaleLowerCase(site.locale ?? 'en');
  const description = summary(
    pattern.description || words._(/*i18n*/ 'meta.patternByStore', { title: pattern.title, category: inSentence, store: pattern.store.name }),
  );
  /** @type {Organization} */
  const seller = { '@type': 'Organization', name: pattern.store.name, url: storeUrl };
  /** @type {Review[]} */
  const reviews = pattern.reviews.map((review) => ({
    '@type': 'Review',
    author: { '@type': 'Person', name: review.author },
    reviewRating: { '@type': 'Rating', ratingValue: review.rating, bestRating: 5, worstRating: 1 },
    reviewBody: review.body,
    datePublished: review.date.slice(0, 10),
  }));
  /** @type {Product} */
  const product = {
    '@type': 'Product',
    '@id': `${url}#product`,
    name: pattern.title,
    description,
    sku: pattern.id,
    url,
    image: [image.url, ...(pattern.coverUrl ? [pattern.coverUrl] : [])],
    category,
    brand: { '@type': 'Brand', name: pattern.store.name },
    offers: {
      '@type': 'Offer',
      price: majorUnits(pattern.priceCents),
      priceCurrency: pattern.currency,
      availability: 'https://schema.org/InStock',
      url,
      seller,
    },
    ...(pattern.rating && pattern.rating.count > 0
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: Number(pattern.rating.average.toFixed(2)),
            reviewCount: pattern.rating.count,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
    ...(reviews.length > 0 ? { review: reviews } : {}),
  };
  return {
    status: 200,
    title: titled(site, pattern.title),
    description,
    canonical: url,
    index: true,
    type: 'product',
    image,
    price: { amount: majorUnits(pattern.priceCents), currency: pattern.currency, availability: 'instock' },
    jsonLd: [
      product,
      breadcrumbs(site, [
        [routeTitleIn(site.locale ?? 'en', 'Patterns'), '/patterns'],
        [pattern.store.name, `/stores/${encodeURIComponent(pattern.store.slug)}`],
        [pattern.title, path],
      ]),
    ],
    alternates: [],
  };
}

/**
 * @typedef {object} StoreFacts
 * @property {string} slug
 * @property {string} name
 * @property {string} bio   plain text
 * @property {string | null} logoUrl
 * @property {boolean} closed       its owner closed their account: the page is gone (410)
 * @property {boolean} hasPicture   a banner, a logo or a cover the card can show
 * @property {{ id: string, title: string }[]} patterns   its first page of patterns, newest first
 */

/**
 * A store's page: the store as an Organization with an ItemList of its patterns.
 * @param {Site} site
 * @param {StoreFacts} store
 * @returns {PageHead}
 */
export function storeHead(site, store) {
  const path = `/stores/${encodeURIComponent(store.slug)}`;
  const url = absolute(site, path);
  const words = pageWords(site.locale ?? 'en');
  const description = summary(store.bio || words._(/*i18n*/ 'meta.storeSells', { store: store.name, site: site.name }));
  /** @type {ItemList} */
  const list = {
    '@type': 'ItemList',
    '@id': `${url}#patterns`,
    name: words._(/*i18n*/ 'meta.storePatterns', { store: store.name }),
    numberOfItems: store.patterns.length,
    itemListElement: store.patterns.map((pattern, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: pattern.title,
      url: absolute(site, `/patterns/${encodeURIComponent(pattern.id)}`),
    })),
  };
  /** @type {Organization} */
  const organization = {
    '@type': 'Organization',
    '@id': `${url}#store`,
    name: store.name,
    url,
    description,
    ...(store.logoUrl ? { logo: store.logoUrl } : {}),
    makesOffer: store.patterns.map((pattern) => ({
      '@type': 'Offer',
      itemOffered: { '@id': `${absolute(site, `/patterns/${encodeURIComponent(pattern.id)}`)}#product` },
    })),
  };
  return {
    status: 200,
    title: titled(site, store.name),
    description,
    canonical: url,
    index: true,
    type: 'profile',
    image: store.hasPicture ? ogCard(site, path, '', store.name) : siteCard(site),
    price: null,
    jsonLd: [organization, list, breadcrumbs(site, [[store.name, path]])],
    alternates: [],
  };
}

/**
 * The head's tags, in one place (title, description, robots, canonical, alternates, Open Graph,
 * Twitter, Pinterest's price, JSON-LD).
 * @param {Site} site
 * @param {PageHead} head
 */
export function renderHead(site, head) {
  const meta = (/** @type {'name' | 'property'} */ kind, /** @type {string} */ key, /** @type {string | number} */ value) =>
    `<meta ${kind}="${key}" content="${escapeHtmlAttr(String(value))}">`;
  const link = (/** @type {string} */ rel, /** @type {string} */ hrefValue, extra = '') => `<link rel="${rel}" href="${escapeHtmlAttr(hrefValue)}"${extra}>`;
  const tags = [`<title>${escapeHtmlAttr(head.title)}</title>`, meta('name', 'description', head.description)];
  if (!head.index) tags.push(meta('name', 'robots', 'noindex'));
  if (head.canonical) tags.push(link('canonical', head.canonical));
  for (const alternate of head.alternates) tags.push(link('alternate', alternate.href, ` hreflang="${escapeHtmlAttr(alternate.hreflang)}"`));
  tags.push(
    meta('property', 'og:site_name', site.name),
    meta('property', 'og:type', head.type),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
  );
  if (head.canonical) tags.push(meta('property', 'og:url', head.canonical));
  tags.push(
    meta('property', 'og:image', head.image.url),
    meta('property', 'og:image:type', head.image.type),
    meta('property', 'og:image:width', head.image.width),
    meta('property', 'og:image:height', head.image.height),
    meta('property', 'og:image:alt', head.image.alt),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', head.title),
    meta('name', 'twitter:description', head.description),
    meta('name', 'twitter:image', head.image.url),
  );
  if (head.price) {
    // Open Graph's product properties, which Pinterest's product pins read.
    tags.push(
      meta('property', 'product:price:amount', head.price.amount),
      meta('property', 'product:price:currency', head.price.currency),
      meta('property', 'og:price:amount', head.price.amount),
      meta('property', 'og:price:currency', head.price.currency),
      meta('property', 'og:availability', head.price.availability),
    );
  }
  // Data blocks, which never run (the page's CSP allows no inline script); `<` is written \u003c,
  // so a title holding `</script>` cannot end the block.
  if (head.jsonLd.length > 0) tags.push(inlineJson('stitchhouse-ld', { '@context': 'https://schema.org', '@graph': head.jsonLd }, 'application/ld+json'));
  return tags.join('');
}

/**
 * index.html with the page's head in place of its generic title and description (the rest of
 * index.html's head, the manifest and icons, stays).
 * @param {string} html
 * @param {string} tags   renderHead's output
 */
export function withPageHead(html, tags) {
  const without = html.replace(/<title>[\s\S]*?<\/title>\s*/i, '').replace(/<meta\s+name="description"[^>]*>\s*/i, '');
  const at = without.search(/<meta\s+name="viewport"[^>]*>/i);
  if (at < 0) return without.replace(/<head>/i, (open) => open + tags);
  const end = without.indexOf('>', at) + 1;
  return without.slice(0, end) + tags + without.slice(end);
}

/**
 * An indexable page's language versions: each language at `?hl=<locale>` (its own crawlable
 * address, the path of the route contract unchanged), the bare address as `x-default` (there the
 * language follows the visitor: cookie, Accept-Language). The canonical is the version asked for.
 * @param {PageHead} head
 * @param {string} search   the request's query string
 * @returns {PageHead}
 */
export function withLanguageVersions(head, search) {
  if (!head.canonical) return head;
  const bare = head.canonical;
  const version = (/** @type {string} */ locale) => `${bare}${bare.includes('?') ? '&' : '?'}${LOCALE_PARAM}=${locale}`;
  const asked = new URLSearchParams(search).get(LOCALE_PARAM);
  return {
    ...head,
    canonical: isLocale(asked) ? version(asked) : bare,
    alternates: [...LOCALES.map((locale) => ({ hreflang: locale, href: version(locale) })), { hreflang: 'x-default', href: bare }],
  };
}

/**
 * The head of the page at `pathname`: what the route is, and for a pattern or a store what the
 * anon role reads of it. `{ redirect }` for a renamed store's old address.
 * @param {object} context
 * @param {Site} context.site
 * @param {{ path: string, title: string, signIn?: boolean }[]} context.routes   the route contract (boot-plan.json)
 * @param {ReturnType<typeof import('./page-facts.mjs').pageFacts>} context.facts
 * @param {<R extends { path: string }>(routes: readonly R[], pathname: string) => (R & { params: Record<string, string> }) | null} context.matchRoute
 * @param {string} pathname
 * @returns {Promise<{ head: PageHead } | { redirect: string }>}
 */
export async function headFor({ site, routes, facts, matchRoute }, pathname) {
  const route = matchRoute(routes, pathname);
  if (!route) return { head: missingHead(site) };
  try {
    if (route.path === '/patterns/:productId') {
      const pattern = await facts.pattern(route.params.productId ?? '', site.locale);
      return { head: pattern ? patternHead(site, pattern) : missingHead(site, 'Pattern') };
    }
    if (route.path === '/stores/:slug') {
      const slug = route.params.slug ?? '';
      const store = await facts.store(slug);
      if (store) return { head: store.closed ? missingHead(site, 'Store', 410) : storeHead(site, store) };
      const moved = await facts.movedStore(slug);
      return moved ? { redirect: `/stores/${encodeURIComponent(moved)}` } : { head: missingHead(site, 'Store') };
    }
  } catch (error) {
    // The backend is down or slow: the page cannot say what it is; a crawler comes back later.
    console.error('the page facts could not be read', error);
    return { head: { ...missingHead(site, 'Page', 503), title: titled(site, routeTitleIn(site.locale ?? 'en', route.title)) } };
  }
  return { head: staticHead(site, route, pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname) };
}
