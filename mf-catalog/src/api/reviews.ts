// Reviews of a pattern: read by anyone (published patterns), written by people who own the
// pattern (one per entitlement), replied to once by the pattern's store. Every rule is the
// database's (20261123005100_reviews_follows.sql); these calls only ask.
import { getSupabase } from '@stitchhouse/shared';
import { getReadClient } from '@stitchhouse/shared/publicRest.ts';

/** Query keys of a pattern's reviews; a review or a reply invalidates `reviewKeys.ofPattern(id)`. */
export const reviewKeys = {
  all: ['catalog', 'reviews'] as const,
  ofPattern: (patternId: string) => [...reviewKeys.all, patternId] as const,
  /** The list, read by the reviews section and by the gallery (buyers' photos of their makes): one request. */
  list: (patternId: string) => [...reviewKeys.ofPattern(patternId), 'list'] as const,
  /** The average, and whether the member may review it (own it, reviewed it). */
  summary: (patternId: string, userId: string | null) => [...reviewKeys.ofPattern(patternId), 'summary', userId] as const,
};

export interface Review {
  id: string;
  rating: number;
  body: string;
  photoPaths: string[];
  authorName: string;
  mine: boolean;
  createdAt: string;
  updatedAt: string;
  reply: { body: string; at: string } | null;
}

export interface RatingSummary {
  average: number | null;
  count: number;
}

interface ReviewRow {
  id: string;
  rating: number;
  body: string;
  photo_paths: string[];
  author_name: string;
  mine: boolean;
  created_at: string;
  updated_at: string;
  reply_body: string | null;
  replied_at: string | null;
}

const fail = (error: unknown, status: number) => Object.assign(error as object, { status });

export async function listReviews(patternId: string, signal?: AbortSignal): Promise<Review[]> {
  const client = await getReadClient();
  let request = client.rpc('pattern_reviews', { p_pattern_id: patternId, p_limit: 50 });
  if (signal) request = request.abortSignal(signal);
  const { data, error, status } = await request;
  if (error) throw fail(error, status);
  return ((data ?? []) as ReviewRow[]).map((r) => ({
    id: r.id,
    rating: r.rating,
    body: r.body,
    photoPaths: r.photo_paths,
    authorName: r.author_name,
    mine: r.mine,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    reply: r.reply_body ? { body: r.reply_body, at: r.replied_at ?? r.created_at } : null,
  }));
}

export async function ratingOf(patternId: string, signal?: AbortSignal): Promise<RatingSummary> {
  const client = await getReadClient();
  let request = client.from('pattern_ratings').select('rating_avg,review_count').eq('pattern_id', patternId);
  if (signal) request = request.abortSignal(signal);
  const { data, error, status } = await request.maybeSingle();
  if (error) throw fail(error, status);
  const row = data as { rating_avg: number | string | null; review_count: number } | null;
  return { average: row?.rating_avg === null || row?.rating_avg === undefined ? null : Number(row.rating_avg), count: row?.review_count ?? 0 };
}

/** What the signed-in person may do here: their live entitlement (to review with) and their review, if any. */
export interface ReviewStanding {
  entitlementId: string | null;
  myReview: { id: string; rating: number; body: string; photoPaths: string[] } | null;
}

export async function reviewStanding(patternId: string, userId: string): Promise<ReviewStanding> {
  const supabase = await getSupabase();
  const [owned, mine] = await Promise.all([
    supabase.from('entitlements').select('id').eq('pattern_id', patternId).eq('user_id', userId).is('revoked_at', null).maybeSingle(),
    supabase
      .from('reviews')
      .select('id,rating,body,photo_paths')
      .eq('pattern_id', patternId)
      .eq('author_id', userId)
      .order('created_at', { ascending: false })
      .limit(1)
      .maybeSingle(),
  ]);
  if (owned.error) throw fail(owned.error, owned.status);
  if (mine.error) throw fail(mine.error, mine.status);
  const review = mine.data as { id: string; rating: number; body: string; photo_paths: string[] } | null;
  return {
    entitlementId: (owned.data as { id: string } | null)?.id ?? null,
    myReview: review ? { id: review.id, rating: review.rating, body: review.body, photoPaths: review.photo_paths } : null,
  };
}

export interface ReviewInput {
  rating: number;
  body: string;
  photoPaths: string[];
}

export async function saveReview(patternId: string, standing: ReviewStanding, input: ReviewInput): Promise<void> {
  const supabase = await getSupabase();
  const fields = { rating: input.rating, body: input.body.trim(), photo_paths: input.photoPaths };
  if (!standing.myReview && !standing.entitlementId) throw new Error('Only makers who own this pattern can review it.');
  const { error, status } = standing.myReview
    ? await supabase.from('reviews').update(fields).eq('id', standing.myReview.id)
    : await supabase.from('reviews').insert({ ...fields, pattern_id: patternId, entitlement_id: standing.entitlementId! });
  if (error) throw fail(error, status);
}

export async function replyToReview(reviewId: string, storeId: string, body: string): Promise<void> {
  const supabase = await getSupabase();
  const { error, status } = await supabase.from('review_replies').insert({ review_id: reviewId, store_id: storeId, body: body.trim() });
  if (error) throw fail(error, status);
}

/** Where a photo of the author's make is stored: review-photos/<pattern>/<author>/<unique name>. */
export function reviewPhotoPath(patternId: string, userId: string, file: File): string {
  const ext = file.type === 'image/png' ? 'png' : file.type === 'image/webp' ? 'webp' : 'jpg';
  return `${patternId}/${userId}/${crypto.randomUUID()}.${ext}`;
}
