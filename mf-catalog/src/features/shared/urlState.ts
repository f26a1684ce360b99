// The catalog's whole state lives in the URL so a filtered view can be shared and
// back/forward work. Parsing is forgiving (a hand-edited or stale link drops what it
// cannot read instead of failing); serialising writes only what differs from defaults,
// in a fixed order, so equal views have equal URLs.
import { BODY_MEASUREMENTS, MEASUREMENT_RANGES_CM, type BodyMeasurementsCm } from '@stitchhouse/shared/catalog/sizing.ts';
import { CATALOG_PAGE_SIZE } from '@stitchhouse/shared/catalog/columns.ts';
import { PATTERN_FORMATS } from '@stitchhouse/shared/catalog/formats.ts';
import { CRAFTS } from '@stitchhouse/shared/catalog/labels.ts';
import { GAUGE_STITCHES_RANGE, YARN_METRES_RANGE, hasYarnFacets, isNeedleSize } from '@stitchhouse/shared/catalog/yarn.ts';
import type { SearchPatternsArgs } from '../../api/catalog.ts';

export const SORTS = ['relevance', 'newest', 'price_asc', 'price_desc', 'best_selling'] as const;
export type CatalogSort = (typeof SORTS)[number];
/** Message ids of the sorts' names: `i18n._(SORT_LABELS[sort])`. */
export const SORT_LABELS: Record<CatalogSort, string> = {
  relevance: /*i18n*/ 'catalog.browse.sort.relevance',
  newest: /*i18n*/ 'catalog.browse.sort.newest',
  price_asc: /*i18n*/ 'catalog.browse.sort.priceAsc',
  price_desc: /*i18n*/ 'catalog.browse.sort.priceDesc',
  best_selling: /*i18n*/ 'catalog.browse.sort.bestSelling',
};
const MAX_PAGE = 1000;

export interface CatalogQuery {
  q: string;
  craft: string | null;
  category: string | null;
  difficultyMin: number | null;
  difficultyMax: number | null;
  format: string | null;
  language: string | null;
  /** Whole currency units as typed ("5", "12.50"), converted to cents for the query. */
  priceMinCents: number | null;
  priceMaxCents: number | null;
  freeOnly: boolean;
  /** "Fits me": body measurements in cm. */
  fit: BodyMeasurementsCm;
  /** Knitting and crochet only (dropped for other crafts): CYC weight 0–7, needle/hook mm, gauge in whole stitches per 10 cm, metres of yarn the buyer has. */
  yarnWeight: number | null;
  needleMm: number | null;
  gauge: number | null;
  yarnM: number | null;
  /** Null means the default: relevance when searching, else newest. */
  sort: CatalogSort | null;
  page: number;
}

export const EMPTY_QUERY: CatalogQuery = {
  q: '',
  craft: null,
  category: null,
  difficultyMin: null,
  difficultyMax: null,
  format: null,
  language: null,
  priceMinCents: null,
  priceMaxCents: null,
  freeOnly: false,
  fit: {},
  yarnWeight: null,
  needleMm: null,
  gauge: null,
  yarnM: null,
  sort: null,
  page: 1,
};

function oneOf<T extends string>(list: readonly T[], value: string | null): T | null {
  return value !== null && (list as readonly string[]).includes(value) ? (value as T) : null;
}

function intIn(value: string | null, min: number, max: number): number | null {
  if (value === null || !/^\d+$/.test(value)) return null;
  const n = Number(value);
  return n >= min && n <= max ? n : null;
}

function money(value: string | null): number | null {
  if (value === null || !/^\d{1,7}(\.\d{1,2})?$/.test(value)) return null;
  return Math.round(Number(value) * 100);
}

function centsToParam(cents: number): string {
  return cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2);
}

function slugLike(value: string | null, max = 40): string | null {
  return value !== null && /^[a-z][a-z0-9-]*$/.test(value) && value.length <= max ? value : null;
}

export function effectiveSort(query: CatalogQuery): CatalogSort {
  if (query.sort === 'relevance' && !query.q) return 'newest';
  return query.sort ?? (query.q ? 'relevance' : 'newest');
}

export function parseCatalogQuery(params: URLSearchParams): CatalogQuery {
  const fit: BodyMeasurementsCm = {};
  for (const m of BODY_MEASUREMENTS) {
    const raw = params.get(m);
    if (raw === null || !/^\d{1,3}(\.\d)?$/.test(raw)) continue;
    const cm = Number(raw);
    const range = MEASUREMENT_RANGES_CM[m];
    if (cm >= range.min && cm <= range.max) fit[m] = cm;
  }
  let difficultyMin = intIn(params.get('dmin'), 1, 5);
  let difficultyMax = intIn(params.get('dmax'), 1, 5);
  if (difficultyMin !== null && difficultyMax !== null && difficultyMin > difficultyMax) [difficultyMin, difficultyMax] = [difficultyMax, difficultyMin];
  let priceMinCents = money(params.get('pmin'));
  let priceMaxCents = money(params.get('pmax'));
  if (priceMinCents !== null && priceMaxCents !== null && priceMinCents > priceMaxCents) [priceMinCents, priceMaxCents] = [priceMaxCents, priceMinCents];
  const language = params.get('lang');
  const craft = oneOf(CRAFTS, params.get('craft'));
  const yarn = hasYarnFacets(craft);
  const needle = params.get('needle');
  const needleMm = yarn && needle !== null && /^\d{1,2}(\.\d{1,2})?$/.test(needle) && isNeedleSize(Number(needle)) ? Number(needle) : null;
  return {
    q: (params.get('q') ?? '').trim().slice(0, 200),
    craft,
    category: slugLike(params.get('category')),
    difficultyMin,
    difficultyMax,
    format: oneOf(PATTERN_FORMATS, params.get('format')),
    language: language !== null && /^[a-z]{2}$/.test(language) ? language : null,
    priceMinCents,
    priceMaxCents,
    freeOnly: params.get('free') === '1',
    fit,
    yarnWeight: yarn ? intIn(params.get('weight'), 0, 7) : null,
    needleMm,
    gauge: yarn ? intIn(params.get('gauge'), GAUGE_STITCHES_RANGE.min, GAUGE_STITCHES_RANGE.max) : null,
    yarnM: yarn ? intIn(params.get('yarn'), YARN_METRES_RANGE.min, YARN_METRES_RANGE.max) : null,
    sort: oneOf(SORTS, params.get('sort')),
    page: intIn(params.get('page'), 1, MAX_PAGE) ?? 1,
  };
}

/** The query string for a view (without "?"); empty for the plain catalog. */
export function serializeCatalogQuery(query: CatalogQuery): string {
  const params = new URLSearchParams();
  if (query.q) params.set('q', query.q);
  if (query.craft) params.set('craft', query.craft);
  if (query.category) params.set('category', query.category);
  if (query.difficultyMin !== null) params.set('dmin', String(query.difficultyMin));
  if (query.difficultyMax !== null) params.set('dmax', String(query.difficultyMax));
  if (query.format) params.set('format', query.format);
  if (query.language) params.set('lang', query.language);
  if (query.freeOnly) params.set('free', '1');
  else {
    if (query.priceMinCents !== null) params.set('pmin', centsToParam(query.priceMinCents));
    if (query.priceMaxCents !== null) params.set('pmax', centsToParam(query.priceMaxCents));
  }
  for (const m of BODY_MEASUREMENTS) {
    const value = query.fit[m];
    if (value !== undefined) params.set(m, String(value));
  }
  if (hasYarnFacets(query.craft)) {
    if (query.yarnWeight !== null) params.set('weight', String(query.yarnWeight));
    if (query.needleMm !== null) params.set('needle', String(query.needleMm));
    if (query.gauge !== null) params.set('gauge', String(query.gauge));
    if (query.yarnM !== null) params.set('yarn', String(query.yarnM));
  }
  if (query.sort) params.set('sort', query.sort);
  if (query.page > 1) params.set('page', String(query.page));
  return params.toString();
}

/** A changed view: any change other than the page itself goes back to page 1. */
export function withChanges(query: CatalogQuery, changes: Partial<CatalogQuery>): CatalogQuery {
  const next = { ...query, ...changes };
  if (!('page' in changes)) next.page = 1;
  return next;
}

export function hasFit(query: CatalogQuery): boolean {
  return BODY_MEASUREMENTS.some((m) => query.fit[m] !== undefined);
}

/** How many filters narrow the view (for "Clear filters"); search text and sort do not count. */
export function activeFilterCount(query: CatalogQuery): number {
  return [
    query.craft,
    query.category,
    query.difficultyMin,
    query.difficultyMax,
    query.format,
    query.language,
    query.freeOnly ? true : null,
    query.freeOnly ? null : query.priceMinCents,
    query.freeOnly ? null : query.priceMaxCents,
    hasFit(query) ? true : null,
    ...(hasYarnFacets(query.craft) ? [query.yarnWeight, query.needleMm, query.gauge, query.yarnM] : []),
  ].filter((value) => value !== null).length;
}

export function clearFilters(query: CatalogQuery): CatalogQuery {
  return { ...EMPTY_QUERY, q: query.q, sort: query.sort };
}

export function toSearchArgs(query: CatalogQuery, extra: Partial<SearchPatternsArgs> = {}): SearchPatternsArgs {
  return {
    q: query.q || null,
    craft: query.craft,
    category: query.category,
    difficulty_min: query.difficultyMin,
    difficulty_max: query.difficultyMax,
    format: query.format,
    language: query.language,
    price_min_cents: query.freeOnly ? null : query.priceMinCents,
    price_max_cents: query.freeOnly ? null : query.priceMaxCents,
    free_only: query.freeOnly,
    bust: query.fit.bust ?? null,
    waist: query.fit.waist ?? null,
    hip: query.fit.hip ?? null,
    ...(hasYarnFacets(query.craft) ? { yarn_weight: query.yarnWeight, needle_mm: query.needleMm, gauge_stitches: query.gauge, yarn_max_m: query.yarnM } : {}),
    sort: effectiveSort(query),
    page_size: CATALOG_PAGE_SIZE,
    page_offset: (query.page - 1) * CATALOG_PAGE_SIZE,
    ...extra,
  };
}

export function pageCount(total: number): number {
  return Math.max(1, Math.ceil(total / CATALOG_PAGE_SIZE));
}

/**
 * Pages to offer: from the total, except when the total is an estimate (the database counts
 * exactly only up to 100 matches), which can be off either way: a full page then always offers
 * the next one, and a short page is the last.
 */
export function pagesToOffer(total: number, totalIsEstimate: boolean, page: number, hitsOnPage: number): number {
  const pages = pageCount(total);
  if (!totalIsEstimate) return pages;
  if (hitsOnPage < CATALOG_PAGE_SIZE) return page;
  return Math.max(pages, page + 1);
}
