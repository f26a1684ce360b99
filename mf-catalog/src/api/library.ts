// The signed-in person's library: what they own (my_library RPC) and, for designers,
// what their stores made.
import { getSupabase } from '@stitchhouse/shared';
import { listStorePatterns, myStores, type StorePatternRow } from './publish.ts';
import type { PatternStatus } from '@stitchhouse/shared/statuses.ts';
import { patternKeys } from './catalog.ts';

/** Query keys of the member's library: under what they own, so a claim or a pattern change reads it again. */
export const libraryKeys = {
  all: [...patternKeys.owned(), 'library'] as const,
  /** Owned, made and refunded patterns of the member (the library screen). */
  mine: (userId: string) => [...libraryKeys.all, userId] as const,
};

export interface LibraryEntry {
  patternId: string;
  title: string;
  coverPath: string | null;
  formats: string[];
  status: PatternStatus;
  currentVersion: number;
  storeName: string;
  storeSlug: string;
  source: 'purchase' | 'free' | 'grant';
  grantedAt: string;
  lastDownloadedAt: string | null;
  /** A version newer than the person's last download exists. */
  updated: boolean;
  latestChanges: string | null;
}

export async function myLibrary(): Promise<LibraryEntry[]> {
  const supabase = await getSupabase();
  const { data, error, status } = await supabase.rpc('my_library');
  if (error) throw Object.assign(error, { status });
  return (data ?? []).map((r) => ({
    patternId: r.pattern_id,
    title: r.title,
    coverPath: r.cover_path,
    formats: r.formats,
    status: r.status as LibraryEntry['status'],
    currentVersion: r.current_version,
    storeName: r.store_name,
    storeSlug: r.store_slug,
    source: r.source as LibraryEntry['source'],
    grantedAt: r.granted_at,
    lastDownloadedAt: r.last_downloaded_at,
    updated: r.updated === true,
    latestChanges: r.latest_changes,
  }));
}

/** The patterns of every store the person owns (designers' "made by me"). */
export async function myMadePatterns(): Promise<{ storeName: string; patterns: StorePatternRow[] }[]> {
  const stores = await myStores();
  return Promise.all(stores.map(async (s) => ({ storeName: s.name, patterns: await listStorePatterns(s.id) })));
}

export interface RefundedEntry {
  patternId: string;
  title: string;
  refundedAt: string;
}

/**
 * Purchases refunded since (my_library lists only live entitlements): the library says
 * "refunded" for them instead of silently dropping them. The title comes from the order
 * line (kept at purchase time) or the pattern when it is still readable.
 */
export async function myRefunded(userId: string): Promise<RefundedEntry[]> {
  const supabase = await getSupabase();
  const { data, error, status } = await supabase
    .from('entitlements')
    .select('pattern_id,revoked_at,order_item:order_items(title),pattern:patterns(title)')
    .eq('user_id', userId)
    .ilike('revoke_reason', 'refund%')
    .not('revoked_at', 'is', null)
    .order('revoked_at', { ascending: false })
    .limit(50);
  if (error) throw Object.assign(error, { status });
  return (
    (data ?? []) as unknown as { pattern_id: string; revoked_at: string; order_item: { title: string | null } | null; pattern: { title: string } | null }[]
  ).map((r) => ({ patternId: r.pattern_id, title: r.order_item?.title ?? r.pattern?.title ?? 'A pattern', refundedAt: r.revoked_at }));
}
