// Finding patterns: the catalog/search RPCs, facet counts, did-you-mean, categories and size
// charts for "fits me", and the catalog's query keys. One pattern's page reads through detail.ts
// (kept apart so the catalog's first screen loads only the search). All reads go through
// row-level security: drafts reach only their own store.
// Visitor-level reads (search, categories) go through getReadClient: a signed-out visitor's
// page does not download supabase-js for them.
import { getReadClient, rpcAsGet } from '@stitchhouse/shared/publicRest.ts';
import type { SizeChart } from '@stitchhouse/shared/catalog/sizing.ts';
import { buyerCurrency } from '@stitchhouse/shared/currency/index.ts';

/**
 * Query keys of the catalog's reads (TanStack Query, shared/src/query/client.ts). A change to a
 * pattern (status, fields, photos, files) invalidates `patternKeys.all`: search pages, facets,
 * pattern pages, libraries and download pages read again where they are shown. What depends on
 * the member carries their id.
 */
export const patternKeys = {
  all: ['catalog', 'patterns'] as const,
  /** One page of results: the serialized catalog view (urlState.ts) in the buyer's currency and language (titles, how words are read). */
  search: (view: string, currency: string, locale = 'en') => [...patternKeys.all, 'search', view, currency, locale] as const,
  facets: (view: string, currency: string, locale = 'en') => [...patternKeys.all, 'facets', view, currency, locale] as const,
  suggestions: (q: string, locale = 'en') => [...patternKeys.all, 'suggestions', q, locale] as const,
  categories: () => [...patternKeys.all, 'categories'] as const,
  detail: (id: string, locale = 'en') => [...patternKeys.all, 'detail', id, locale] as const,
  /** What the member owns (the library, the download page and the pattern page's answer sit under it): a claim invalidates it. */
  owned: () => [...patternKeys.all, 'owned'] as const,
  ownership: (id: string, userId: string | null) => [...patternKeys.owned(), id, userId] as const,
  wholesalePrice: (id: string, userId: string | null) => [...patternKeys.all, 'wholesale-price', id, userId] as const,
};

/** Arguments of public.search_patterns (names as the RPC has them). */
export interface SearchPatternsArgs {
  q?: string | null;
  craft?: string | null;
  category?: string | null;
  difficulty_min?: number | null;
  difficulty_max?: number | null;
  format?: string | null;
  language?: string | null;
  price_min_cents?: number | null;
  price_max_cents?: number | null;
  free_only?: boolean;
  bust?: number | null;
  waist?: number | null;
  hip?: number | null;
  store_id?: string | null;
  sort?: string;
  page_size?: number;
  page_offset?: number;
  /** The buyer's currency: price bounds are in it, price sorts use converted amounts (default: buyerCurrency()). */
  currency?: string;
  /** Knitting and crochet: Craft Yarn Council weight 0–7, needle/hook mm, gauge (whole stitches per 10 cm), metres of yarn the buyer has. */
  yarn_weight?: number | null;
  needle_mm?: number | null;
  gauge_stitches?: number | null;
  yarn_max_m?: number | null;
}

interface PatternHitRow {
  id: string;
  store_id: string;
  store_slug: string;
  store_name: string;
  title: string;
  craft: string;
  category: string;
  difficulty: number;
  size_range: string;
  price_cents: number;
  currency: string;
  languages: string[];
  formats: string[];
  cover_path: string | null;
  published_at: string;
  sales_count: number;
  rank: number | null;
  matched_by: 'text' | 'similar' | null;
  total_count: number;
  rating_avg: number | string | null;
  review_count: number;
  yarn_weight: number | null;
  needle_mm: number | string | null;
  /** The pattern's translated titles by language ({"de": "…"}), or null when it has none. */
  title_translations: Record<string, string> | null;
}

/** What a card needs; the catalog RPC rows and library rows both map onto it. */
export interface PatternCardData {
  id: string;
  title: string;
  storeName: string;
  storeSlug: string;
  priceCents: number;
  currency: string;
  difficulty: number;
  formats: readonly string[];
  coverPath: string | null;
  craft?: string;
  /** Reviews' average (1–5) and count, when the row carries them (search rows do). */
  ratingAvg?: number | null;
  reviewCount?: number;
  /** Knitting and crochet: the yarn weight and needle/hook size (mm), when the row carries them. */
  yarnWeight?: number | null;
  needleMm?: number | null;
}

export interface PatternHit extends PatternCardData {
  category: string;
  sizeRange: string;
  languages: string[];
  matchedBy: 'text' | 'similar' | null;
  /** `title` is in the buyer's language when the designer translated it (then `translatedTo` names it); the original is one click away. */
  originalTitle: string;
  translatedTo: string | null;
}

/** search_patterns counts matches exactly up to this many (catalog_search.exact_total_cap()); above, total_count is an estimate. */
export const EXACT_TOTAL_CAP = 100;

export interface SearchResult {
  hits: PatternHit[];
  total: number;
  /** The total is the database's estimate (more than EXACT_TOTAL_CAP matches): show "about". */
  totalIsEstimate: boolean;
  /** True when no word matched and the results are close titles (a typo). */
  similarOnly: boolean;
}

/** The buyer's language, in which the catalog reads search words and shows translated titles. */
const DEFAULT_LOCALE = 'en';

function toHit(row: PatternHitRow, locale: string): PatternHit {
  const translated = row.title_translations?.[locale] ?? null;
  return {
    id: row.id,
    title: translated ?? row.title,
    originalTitle: row.title,
    translatedTo: translated === null ? null : locale,
    storeName: row.store_name,
    storeSlug: row.store_slug,
    priceCents: row.price_cents,
    currency: row.currency,
    difficulty: row.difficulty,
    formats: row.formats,
    coverPath: row.cover_path,
    craft: row.craft,
    category: row.category,
    sizeRange: row.size_range,
    languages: row.languages,
    matchedBy: row.matched_by,
    ratingAvg: row.rating_avg === null || row.rating_avg === undefined ? null : Number(row.rating_avg),
    reviewCount: row.review_count ?? 0,
    yarnWeight: row.yarn_weight ?? null,
    needleMm: row.needle_mm === null || row.needle_mm === undefined ? null : Number(row.needle_mm),
  };
}

/** Drops null/undefined so the RPC's own defaults apply. */
function compact(args: SearchPatternsArgs & { yarn_steps?: number[] }): Record<string, unknown> {
  return Object.fromEntries(Object.entries(args).filter(([, value]) => value !== null && value !== undefined));
}

/**
 * The RPCs' `locale` (how the words are read: German, French, Spanish, Dutch stemming), only when
 * there are words and the language is not the default: a browse is the same request in every
 * language (the page's server carries it, the public cache keeps one answer), rows carry every
 * translated title and the buyer's is picked here.
 */
function wordsLocale(q: string | null | undefined, locale: string): { locale?: string } {
  return q && q.trim() !== '' && locale !== DEFAULT_LOCALE ? { locale } : {};
}

/** One page of results; `locale` is the buyer's language (shared i18n), 'en' by default. */
export async function searchPatterns(args: SearchPatternsArgs, signal?: AbortSignal, locale: string = DEFAULT_LOCALE): Promise<SearchResult> {
  const supabase = await getReadClient();
  // A GET, signed in or not: the gateway and a CDN keep the anonymous answers (ETag, Cache-Control
  // public); a signed-in one carries the member's token and is never kept. The paging arguments are
  // `page_size` / `page_offset` because PostgREST reads `limit` and `offset` in a GET's query string
  // as paging of the function's answer. Arguments too long for a URL go as a POST (rpcAsGet).
  const searchArgs = compact({ currency: buyerCurrency(), ...args, ...wordsLocale(args.q, locale) });
  let request = supabase.rpc('search_patterns', searchArgs, { get: rpcAsGet(searchArgs) });
  if (signal) request = request.abortSignal(signal);
  const { data, error, status } = await request;
  if (error) throw Object.assign(error, { status });
  const rows = (data ?? []) as PatternHitRow[];
  const total = rows.length > 0 ? Number(rows[0]!.total_count) : 0;
  return {
    hits: rows.map((row) => toHit(row, locale)),
    total,
    totalIsEstimate: total > EXACT_TOTAL_CAP,
    similarOnly: rows.length > 0 && rows.every((row) => row.matched_by === 'similar'),
  };
}

/** Matches per value of the knitting and crochet facets (search_facet_counts), under the other filters. */
export interface FacetCounts {
  yarnWeight: Map<number, number>;
  needleMm: Map<number, number>;
  gaugeStitches: Map<number, number>;
  /** Per "I have this much yarn" step (metres). */
  yarnMaxM: Map<number, number>;
}

export async function facetCounts(
  args: SearchPatternsArgs,
  yarnSteps: readonly number[],
  signal?: AbortSignal,
  locale: string = DEFAULT_LOCALE,
): Promise<FacetCounts> {
  const { sort: _sort, page_size: _pageSize, page_offset: _pageOffset, ...filters } = args;
  const supabase = await getReadClient();
  const facetArgs = compact({ currency: buyerCurrency(), ...filters, yarn_steps: [...yarnSteps], ...wordsLocale(args.q, locale) });
  let request = supabase.rpc('search_facet_counts', facetArgs, { get: rpcAsGet(facetArgs) });
  if (signal) request = request.abortSignal(signal);
  const { data, error, status } = await request;
  if (error) throw Object.assign(error, { status });
  const counts: FacetCounts = { yarnWeight: new Map(), needleMm: new Map(), gaugeStitches: new Map(), yarnMaxM: new Map() };
  const into: Record<string, Map<number, number>> = {
    yarn_weight: counts.yarnWeight,
    needle_mm: counts.needleMm,
    gauge_stitches: counts.gaugeStitches,
    yarn_max_m: counts.yarnMaxM,
  };
  for (const row of (data ?? []) as { facet: string; value: number | string; patterns: number | string }[]) {
    into[row.facet]?.set(Number(row.value), Number(row.patterns));
  }
  return counts;
}

export interface Suggestion {
  suggestion: string;
  kind: string;
}

export async function suggestPatterns(q: string, signal?: AbortSignal, locale: string = DEFAULT_LOCALE): Promise<Suggestion[]> {
  const supabase = await getReadClient();
  const suggestArgs = { q, page_size: 5, ...wordsLocale(q, locale) };
  let request = supabase.rpc('suggest_patterns', suggestArgs, { get: rpcAsGet(suggestArgs) });
  if (signal) request = request.abortSignal(signal);
  const { data, error, status } = await request;
  if (error) throw Object.assign(error, { status });
  return (data ?? []) as Suggestion[];
}

/** Size charts of some patterns, for the recommended size on "fits me" cards. */
export async function sizeChartsOf(ids: readonly string[], signal?: AbortSignal): Promise<Map<string, SizeChart>> {
  if (ids.length === 0) return new Map();
  const supabase = await getReadClient();
  let request = supabase
    .from('patterns')
    .select('id,size_chart')
    .in('id', [...ids]);
  if (signal) request = request.abortSignal(signal);
  const { data, error, status } = await request;
  if (error) throw Object.assign(error, { status });
  return new Map((data ?? []).map((row) => [row.id, row.size_chart as unknown as SizeChart])); // jsonb, written through the form's zod schema
}

/** Category names the catalog knows (from published patterns), for the filter. */
export async function listCategories(): Promise<string[]> {
  const supabase = await getReadClient();
  const { data, error, status } = await supabase.from('search_terms').select('term').eq('kind', 'category').order('term').limit(200);
  if (error) throw Object.assign(error, { status });
  return (data as { term: string }[]).map((row) => row.term.replace(/ /g, '-'));
}
