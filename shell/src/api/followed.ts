// "New from designers you follow" on the home page: signed-in members only, through the page's one
// client (followed_new_patterns reads the caller's follows under row-level security).
import { getSupabase } from '@stitchhouse/shared';
import type { FeaturedPattern } from './featuredModel.ts';

/** Query keys of the home page's followed row (TanStack Query, shared/src/query/client.ts). */
export const followedKeys = {
  all: ['shell', 'followed'] as const,
  newPatterns: (userId: string) => [...followedKeys.all, 'new-patterns', userId] as const,
};

interface FollowedRow {
  id: string;
  title: string;
  craft: string;
  difficulty: number;
  size_range: string;
  price_cents: number;
  currency: string;
  cover_path: string | null;
  store_name: string;
  store_slug: string;
}

export async function loadFollowedPatterns(signal?: AbortSignal): Promise<FeaturedPattern[]> {
  const supabase = await getSupabase();
  let request = supabase.rpc('followed_new_patterns', { p_limit: 8 });
  if (signal) request = request.abortSignal(signal);
  const { data, error, status } = await request;
  if (error) throw Object.assign(error, { status });
  return ((data ?? []) as FollowedRow[]).map((r) => ({
    id: r.id,
    title: r.title,
    craft: r.craft,
    difficulty: r.difficulty,
    sizeRange: r.size_range,
    priceCents: r.price_cents,
    currency: r.currency,
    coverPath: r.cover_path || null,
    storeName: r.store_name,
    storeSlug: r.store_slug,
  }));
}
