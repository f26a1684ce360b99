// Favourites (patterns a member keeps an eye on) and follows (stores whose new patterns they
// want to hear about). Each member's own rows (row-level security); a store's follower count
// is all anyone else sees.
import { getSupabase } from '@stitchhouse/shared';
import { getReadClient } from '@stitchhouse/shared/publicRest.ts';
import type { PatternCardData } from './catalog.ts';

/** Query keys of favourites and follows; a heart or a follow invalidates its own key. */
export const socialKeys = {
  all: ['catalog', 'social'] as const,
  favourites: (userId: string) => [...socialKeys.all, 'favourites', userId] as const,
  /** A store's follower count and whether the member follows it (every member's view of it: `follows(storeId)`). */
  follows: (storeId: string) => [...socialKeys.all, 'follows', storeId] as const,
  follow: (storeId: string, userId: string | null) => [...socialKeys.follows(storeId), userId] as const,
};

const fail = (error: unknown, status: number) => Object.assign(error as object, { status });

export async function myFavouriteIds(): Promise<string[]> {
  const supabase = await getSupabase();
  const { data, error, status } = await supabase.from('favourites').select('pattern_id');
  if (error) throw fail(error, status);
  return (data as { pattern_id: string }[]).map((r) => r.pattern_id);
}

export async function setFavourite(patternId: string, on: boolean): Promise<void> {
  const supabase = await getSupabase();
  const { error, status } = on
    ? await supabase.from('favourites').upsert({ pattern_id: patternId }, { onConflict: 'user_id,pattern_id', ignoreDuplicates: true })
    : await supabase.from('favourites').delete().eq('pattern_id', patternId);
  if (error) throw fail(error, status);
}

interface FavouriteRow {
  created_at: string;
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

/** The member's favourites, newest first, as cards (only published patterns can be favourited). */
export async function myFavourites(): Promise<PatternCardData[]> {
  const supabase = await getSupabase();
  const { data, error, status } = await supabase
    .from('favourites')
    .select('created_at,patterns(id,title,price_cents,currency,difficulty,formats,cover_path,craft,status,stores!patterns_store_id_fkey(slug,name))')
    .order('created_at', { ascending: false });
  if (error) throw fail(error, status);
  return (data as unknown as FavouriteRow[]).flatMap(({ patterns: p }) =>
    p
      ? [
          {
            id: p.id,
            title: p.title,
            priceCents: p.price_cents,
            currency: p.currency,
            difficulty: p.difficulty,
            formats: p.formats,
            coverPath: p.cover_path,
            craft: p.craft,
            storeName: p.stores.name,
            storeSlug: p.stores.slug,
          },
        ]
      : [],
  );
}

export async function followsStore(storeId: string): Promise<boolean> {
  const supabase = await getSupabase();
  const { data, error, status } = await supabase.from('follows').select('store_id').eq('store_id', storeId).maybeSingle();
  if (error) throw fail(error, status);
  return data !== null;
}

export async function setFollow(storeId: string, on: boolean): Promise<void> {
  const supabase = await getSupabase();
  const { error, status } = on
    ? await supabase.from('follows').upsert({ store_id: storeId }, { onConflict: 'follower_id,store_id', ignoreDuplicates: true })
    : await supabase.from('follows').delete().eq('store_id', storeId);
  if (error) throw fail(error, status);
}

export async function followerCount(storeId: string): Promise<number> {
  const client = await getReadClient();
  const { data, error, status } = await client.rpc('store_follower_count', { p_store_id: storeId });
  if (error) throw fail(error, status);
  return Number(data ?? 0);
}
