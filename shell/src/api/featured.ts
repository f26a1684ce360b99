import { getPublicRest } from '@stitchhouse/shared/publicRest.ts';
import { afterFirstPaint } from '@stitchhouse/shared/afterPaint.ts';
import { FEATURED_COLUMNS, FEATURED_LIMIT, featuredOrder, toFeaturedPatterns, type FeaturedPattern, type FeaturedSort } from './featuredModel.ts';

/**
 * Reads the published patterns for the home page (what every visitor sees alike) through
 * supabase-js's PostgREST client alone: the home page does not download the whole
 * supabase-js. Rejects with the `{ error, status }` result so the shared error
 * mapping can tell a network failure (status 0) from a server refusal.
 */
export async function loadFeaturedPatterns(sort: FeaturedSort, signal: AbortSignal): Promise<FeaturedPattern[]> {
  // The REST client is a lazy chunk: fetch it once the home page has painted, not before.
  await afterFirstPaint();
  signal.throwIfAborted();
  const rest = await getPublicRest();
  let query = rest.from('patterns').select(FEATURED_COLUMNS).eq('status', 'published');
  for (const { column, ascending } of featuredOrder(sort)) query = query.order(column, { ascending });
  const { data, error, status } = await query.limit(FEATURED_LIMIT).abortSignal(signal);
  if (error) throw { error, status };
  return toFeaturedPatterns(data);
}
