import { getSupabase } from '@stitchhouse/shared/supabase.ts';
import { afterFirstPaint } from '../../federation/afterPaint.ts';
import { COVER_BUCKET, FEATURED_COLUMNS, FEATURED_LIMIT, featuredOrder, toFeaturedPatterns, type FeaturedPattern, type FeaturedSort } from './featuredModel.ts';

/**
 * Reads the published patterns for the home page through the shared client.
 * Rejects with the supabase-js `{ error, status }` result so the shared error
 * mapping can tell a network failure (status 0) from a server refusal.
 */
export async function loadFeaturedPatterns(sort: FeaturedSort, signal: AbortSignal): Promise<FeaturedPattern[]> {
  // supabase-js is a lazy chunk: fetch it once the home page has painted, not before.
  await afterFirstPaint();
  signal.throwIfAborted();
  const supabase = await getSupabase();
  let query = supabase.from('patterns').select(FEATURED_COLUMNS).eq('status', 'published');
  for (const { column, ascending } of featuredOrder(sort)) query = query.order(column, { ascending });
  const { data, error, status } = await query.limit(FEATURED_LIMIT).abortSignal(signal);
  if (error) throw { error, status };
  const covers = supabase.storage.from(COVER_BUCKET);
  return toFeaturedPatterns(data, (path) => covers.getPublicUrl(path).data.publicUrl);
}
