// Public storefronts: the store by its address, its published patterns (through the
// catalog RPC's store filter) and, for a retail shop, the designers' patterns it stocks.
// Public reads: through getReadClient, so a visitor's storefront does not download supabase-js.
import { getReadClient } from '@stitchhouse/shared/publicRest.ts';
import { STOREFRONT_COLUMNS, isStoreSlug } from '@stitchhouse/shared/catalog/columns.ts';
import type { PatternCardData } from './catalog.ts';

/** Query keys of public storefronts (and, under them, a store's own catalog: publishingKeys). */
export const storeKeys = {
  all: ['catalog', 'stores'] as const,
  /** The store by its address, or where a renamed store's old address moved to. */
  bySlug: (slug: string) => [...storeKeys.all, 'slug', slug] as const,
  patterns: (storeId: string, page: number) => [...storeKeys.all, 'patterns', storeId, page] as const,
  stocked: (storeId: string) => [...storeKeys.all, 'stocked', storeId] as const,
};

export interface Storefront {
  id: string;
  slug: string;
  kind: 'designer' | 'retailer' | 'supplier';
  name: string;
  bio: string;
  logoPath: string | null;
  bannerPath: string | null;
  country: string;
  address: { line1: string; line2: string | null; city: string; postalCode: string; region: string | null } | null;
}

/** The store at /stores/:slug, or null (an impossible slug is not asked for). */
export async function getStoreBySlug(slug: string, signal?: AbortSignal): Promise<Storefront | null> {
  if (!isStoreSlug(slug)) return null;
  const supabase = await getReadClient();
  let request = supabase.from('stores').select(STOREFRONT_COLUMNS).eq('slug', slug);
  if (signal) request = request.abortSignal(signal);
  const { data, error, status } = await request.maybeSingle();
  if (error) throw Object.assign(error, { status });
  if (!data) return null;
  const row = data as {
    id: string;
    slug: string;
    kind: Storefront['kind'];
    name: string;
    bio: string;
    logo_path: string | null;
    banner_path: string | null;
    country: string;
    address_line1: string | null;
    address_line2: string | null;
    city: string | null;
    postal_code: string | null;
    region: string | null;
  };
  return {
    id: row.id,
    slug: row.slug,
    kind: row.kind,
    name: row.name,
    bio: row.bio,
    logoPath: row.logo_path,
    bannerPath: row.banner_path,
    country: row.country,
    address:
      row.kind === 'retailer' && row.address_line1 && row.city && row.postal_code
        ? { line1: row.address_line1, line2: row.address_line2, city: row.city, postalCode: row.postal_code, region: row.region }
        : null,
  };
}

/** The current address of a store that used to be at `slug` (renamed stores keep old links working), or null. */
export async function movedStoreSlug(slug: string, signal?: AbortSignal): Promise<string | null> {
  if (!isStoreSlug(slug)) return null;
  const supabase = await getReadClient();
  let request = supabase.from('store_slug_redirects').select('stores(slug)').eq('old_slug', slug);
  if (signal) request = request.abortSignal(signal);
  const { data, error, status } = await request.maybeSingle();
  if (error) throw Object.assign(error, { status });
  return (data as { stores: { slug: string } | null } | null)?.stores?.slug ?? null;
}

export interface StockedPattern extends PatternCardData {
  printedCopies: number;
}

interface StockRow {
  printed_copies: number;
  patterns: {
    id: string;
    title: string;
    price_cents: number;
    currency: string;
    difficulty: number;
    formats: string[];
    cover_path: string | null;
    craft: string;
    status: string;
    stores: { slug: string; name: string };
  } | null;
}

/** Published designers' patterns a shop carries, newest first. */
export async function listStockedPatterns(storeId: string, signal?: AbortSignal): Promise<StockedPattern[]> {
  const supabase = await getReadClient();
  let request = supabase
    .from('store_stock')
    .select(
      'printed_copies,patterns!store_stock_pattern_id_fkey!inner(id,title,price_cents,currency,difficulty,formats,cover_path,craft,status,stores!patterns_store_id_fkey!inner(slug,name))',
    )
    .eq('store_id', storeId)
    .eq('patterns.status', 'published')
    .order('created_at', { ascending: false })
    .limit(100);
  if (signal) request = request.abortSignal(signal);
  const { data, error, status } = await request;
  if (error) throw Object.assign(error, { status });
  return (data as unknown as StockRow[]).flatMap((row) =>
    row.patterns
      ? [
          {
            id: row.patterns.id,
            title: row.patterns.title,
            storeName: row.patterns.stores.name,
            storeSlug: row.patterns.stores.slug,
            priceCents: row.patterns.price_cents,
            currency: row.patterns.currency,
            difficulty: row.patterns.difficulty,
            formats: row.patterns.formats,
            coverPath: row.patterns.cover_path,
            craft: row.patterns.craft,
            printedCopies: row.printed_copies,
          },
        ]
      : [],
  );
}
