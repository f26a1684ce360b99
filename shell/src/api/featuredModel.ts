/**
 * The home page's featured patterns: what is asked of the `patterns` table and
 * how a row becomes a card. Pure, so the mapping is tested without a backend.
 */

export type FeaturedSort = 'best-selling' | 'newest';

/** `label` is a message id of the shell's catalog: `i18n._(option.label)`. */
export const FEATURED_SORTS: ReadonlyArray<{ value: FeaturedSort; label: string }> = [
  { value: 'best-selling', label: /*i18n*/ 'shell.featured.sort.bestSelling' },
  { value: 'newest', label: /*i18n*/ 'shell.featured.sort.newest' },
];

export const FEATURED_LIMIT = 8;

/** Columns read for a card, with the owning store embedded through `store_id`. */
export const FEATURED_COLUMNS =
  'id, title, craft, difficulty, size_range, price_cents, currency, cover_path, published_at, sales_count, store:stores!inner(name, slug)';

/** Order columns for each sort; ties fall back to the newest. */
export function featuredOrder(sort: FeaturedSort): Array<{ column: string; ascending: boolean }> {
  return sort === 'newest'
    ? [{ column: 'published_at', ascending: false }]
    : [
        { column: 'sales_count', ascending: false },
        { column: 'published_at', ascending: false },
      ];
}

export interface FeaturedPattern {
  id: string;
  title: string;
  craft: string;
  difficulty: number;
  sizeRange: string;
  priceCents: number;
  currency: string;
  /** Path in the pattern-images bucket; the card asks shared coverImage() for its URLs. */
  coverPath: string | null;
  storeName: string;
  storeSlug: string;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Turns one REST row into a card, or null when a required field is missing (a
 * row we cannot link to is left out rather than rendered broken).
 */
export function toFeaturedPattern(row: unknown): FeaturedPattern | null {
  if (!isRecord(row)) return null;
  // PostgREST embeds a to-one relation as an object; tolerate a one-element array too.
  const storeValue = Array.isArray(row.store) ? row.store[0] : row.store;
  if (!isRecord(storeValue)) return null;
  const { id, title, craft, difficulty, size_range, price_cents, currency, cover_path } = row;
  if (typeof id !== 'string' || typeof title !== 'string' || title.trim() === '') return null;
  if (typeof price_cents !== 'number' || !Number.isInteger(price_cents) || price_cents < 0) return null;
  if (typeof storeValue.slug !== 'string' || typeof storeValue.name !== 'string') return null;
  return {
    id,
    title: title.trim(),
    craft: typeof craft === 'string' ? craft : '',
    difficulty: typeof difficulty === 'number' ? difficulty : 0,
    sizeRange: typeof size_range === 'string' ? size_range : '',
    priceCents: price_cents,
    currency: typeof currency === 'string' && /^[A-Z]{3}$/.test(currency) ? currency : 'USD',
    coverPath: typeof cover_path === 'string' && cover_path !== '' ? cover_path : null,
    storeName: storeValue.name,
    storeSlug: storeValue.slug,
  };
}

export function toFeaturedPatterns(rows: unknown): FeaturedPattern[] {
  if (!Array.isArray(rows)) return [];
  return rows.map((row) => toFeaturedPattern(row)).filter((p): p is FeaturedPattern => p !== null);
}
