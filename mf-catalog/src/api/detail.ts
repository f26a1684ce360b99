// One pattern's detail, whether the visitor owns it, free claims and wholesale prices (the pattern
// page, the download pages). Its query keys are the catalog's (patternKeys in catalog.ts).
// All reads go through row-level security: drafts reach only their own store.
import { getSupabase } from '@stitchhouse/shared';
// A published pattern is a visitor-level read: through getReadClient (no supabase-js for a signed-out visitor).
import { getReadClient } from '@stitchhouse/shared/publicRest.ts';
import type { SizeChart } from '@stitchhouse/shared/catalog/sizing.ts';
import { PATTERN_PAGE_COLUMNS } from '@stitchhouse/shared/catalog/columns.ts';
import type { YardageEntry } from '@stitchhouse/shared/catalog/yardage.ts';
import type { PatternStatus } from '@stitchhouse/shared/statuses.ts';

export interface PatternDetail {
  id: string;
  storeId: string;
  /** In the buyer's language when the designer translated the pattern into it (`translatedTo`), else the original. */
  title: string;
  description: string;
  /** The pattern's own title and description (its first language, `languages[0]`): "show original". */
  originalTitle: string;
  originalDescription: string;
  /** The language of the translation shown, or null when title and description are the original. */
  translatedTo: string | null;
  /** Languages the pattern's title and description are translated into. */
  translatedLocales: string[];
  craft: string;
  category: string;
  difficulty: number;
  sizeRange: string;
  sizeChart: SizeChart;
  yardage: YardageEntry[];
  /** Knitting and crochet facets (null when not given). */
  yarn: YarnFacets;
  formats: string[];
  notions: string[];
  languages: string[];
  tags: string[];
  licence: 'personal' | 'small_business';
  priceCents: number;
  currency: string;
  status: PatternStatus;
  coverPath: string | null;
  galleryPaths: string[];
  currentVersion: number;
  publishedAt: string | null;
  updatedAt: string;
  store: { id: string; slug: string; name: string; kind: string; country: string; ownerId: string };
}

export interface YarnFacets {
  weight: number | null;
  needleMm: number | null;
  gaugeStitches: number | null;
  gaugeRows: number | null;
  minM: number | null;
  maxM: number | null;
}

/** The status column is text with a check constraint: one of these three. */
function patternStatus(value: string): PatternDetail['status'] {
  return value === 'published' || value === 'archived' ? value : 'draft';
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/**
 * One pattern the caller may see (published, their store's, or one they own), or null, with its
 * title and description in `locale` (the buyer's language, 'en' by default) when translated.
 * A malformed id is answered like an unknown one, without asking the server. The read is the
 * same in every language (the page's server carries it): it brings every translation.
 */
export async function getPattern(id: string, signal?: AbortSignal, locale: string = 'en'): Promise<PatternDetail | null> {
  if (!isUuid(id)) return null;
  const supabase = await getReadClient();
  let request = supabase.from('patterns').select(PATTERN_PAGE_COLUMNS).eq('id', id);
  if (signal) request = request.abortSignal(signal);
  const { data, error, status } = await request.maybeSingle();
  if (error) throw Object.assign(error, { status });
  if (!data) return null;
  const row = data;
  const translation = row.pattern_translations.find((t) => t.locale === locale) ?? null;
  return {
    id: row.id,
    storeId: row.store_id,
    title: translation?.title ?? row.title,
    // a translated title without a description keeps the original description
    description: translation?.description || row.description,
    originalTitle: row.title,
    originalDescription: row.description,
    translatedTo: translation?.locale ?? null,
    translatedLocales: row.pattern_translations.map((t) => t.locale).sort(),
    craft: row.craft,
    category: row.category,
    difficulty: row.difficulty,
    sizeRange: row.size_range,
    // jsonb written through the edit form's zod schemas (and the seed's); read as they were written
    sizeChart: (row.size_chart as unknown as SizeChart | null) ?? { sizes: [] },
    yardage: (row.yardage as unknown as YardageEntry[] | null) ?? [],
    yarn: {
      weight: row.yarn_weight ?? null,
      needleMm: row.needle_mm === null ? null : Number(row.needle_mm),
      gaugeStitches: row.gauge_stitches_10cm === null ? null : Number(row.gauge_stitches_10cm),
      gaugeRows: row.gauge_rows_10cm === null ? null : Number(row.gauge_rows_10cm),
      minM: row.yarn_min_m ?? null,
      maxM: row.yarn_max_m ?? null,
    },
    formats: row.formats,
    notions: row.notions,
    languages: row.languages,
    tags: row.tags,
    licence: row.licence === 'small_business' ? 'small_business' : 'personal',
    priceCents: row.price_cents,
    currency: row.currency,
    status: patternStatus(row.status),
    coverPath: row.cover_path,
    galleryPaths: row.gallery_paths,
    currentVersion: row.current_version,
    publishedAt: row.published_at,
    updatedAt: row.updated_at,
    store: {
      id: row.stores.id,
      slug: row.stores.slug,
      name: row.stores.name,
      kind: row.stores.kind,
      country: row.stores.country,
      ownerId: row.stores.owner_id,
    },
  };
}

/** Whether the signed-in caller holds a live entitlement (bought or claimed). */
export async function ownsPattern(patternId: string): Promise<boolean> {
  const supabase = await getSupabase();
  const { data, error, status } = await supabase.rpc('has_entitlement', { p_pattern_id: patternId });
  if (error) throw Object.assign(error, { status });
  return data === true;
}

/** "Get" a free pattern: adds it to the caller's library (idempotent). */
export async function claimFreePattern(patternId: string): Promise<void> {
  const supabase = await getSupabase();
  const { error, status } = await supabase.rpc('claim_free_pattern', { pattern_id: patternId });
  if (error) throw Object.assign(error, { status });
}

export interface WholesalePrice {
  priceCents: number;
  currency: string;
  minQuantity: number;
}

/** The wholesale price, which row-level security shows only to approved wholesale accounts and the store. */
export async function wholesalePriceOf(patternId: string): Promise<WholesalePrice | null> {
  const supabase = await getSupabase();
  const { data, error, status } = await supabase
    .from('pattern_wholesale_prices')
    .select('price_cents,currency,min_quantity')
    .eq('pattern_id', patternId)
    .maybeSingle();
  if (error) throw Object.assign(error, { status });
  if (!data) return null;
  const row = data as { price_cents: number; currency: string; min_quantity: number };
  return { priceCents: row.price_cents, currency: row.currency, minQuantity: row.min_quantity };
}
