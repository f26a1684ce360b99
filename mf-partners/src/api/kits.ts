// A supplier's own kits ("My kits"): list with click counts, create, edit, archive, and the
// pattern search used to pick which pattern a kit is for. Row-level security lets only
// approved suppliers write, and only their own kits (20261123004100_supplier_kits.sql).
import { getSupabase } from '@stitchhouse/shared';
import { rpcAsGet } from '@stitchhouse/shared/publicRest.ts';
import { i18n } from '@stitchhouse/shared/i18n/index.ts';
import type { Currency } from '@stitchhouse/shared/money.ts';

export interface SupplierKit {
  id: string;
  patternId: string;
  /** null when the pattern is no longer published (the kit is then hidden from the catalog). */
  patternTitle: string | null;
  /** The pattern's designer store. */
  patternStoreName: string | null;
  title: string;
  description: string;
  priceCents: number;
  currency: Currency;
  url: string;
  archivedAt: string | null;
  createdAt: string;
  /** Counted clicks through to the shop (repeats left out), all time. */
  clicks: number;
}

export interface KitInput {
  patternId: string;
  title: string;
  description: string;
  priceCents: number;
  currency: Currency;
  url: string;
}

export interface PatternChoice {
  id: string;
  title: string;
  storeName: string;
}

interface KitRow {
  id: string;
  pattern_id: string;
  title: string;
  description: string;
  price_cents: number;
  currency: Currency;
  url: string;
  archived_at: string | null;
  created_at: string;
  clicks: number;
  pattern: { title: string; store: { name: string } | null } | null;
}

const fail = (error: object, status: number) => Object.assign(error, { status });

/** The supplier's kits, newest first, archived ones included, with their click counts. */
/** Query keys of a supplier's kits (shared/src/query/client.ts). */
export const kitKeys = {
  all: ['partners', 'kits'] as const,
  mine: (supplierId: string) => [...kitKeys.all, 'mine', supplierId] as const,
};

export async function listMyKits(userId: string, signal?: AbortSignal): Promise<SupplierKit[]> {
  const supabase = await getSupabase();
  let request = supabase
    .from('kits')
    .select(
      'id,pattern_id,title,description,price_cents,currency,url,archived_at,created_at,clicks,pattern:patterns(title,store:stores!patterns_store_id_fkey(name))',
    )
    .eq('supplier_id', userId)
    .order('created_at', { ascending: false });
  if (signal) request = request.abortSignal(signal);
  const { data, error, status } = await request;
  if (error) throw fail(error, status);
  return (data as unknown as KitRow[]).map((row) => ({
    id: row.id,
    patternId: row.pattern_id,
    patternTitle: row.pattern?.title ?? null,
    patternStoreName: row.pattern?.store?.name ?? null,
    title: row.title,
    description: row.description,
    priceCents: row.price_cents,
    currency: row.currency,
    url: row.url,
    archivedAt: row.archived_at,
    createdAt: row.created_at,
    clicks: Number(row.clicks),
  }));
}

const toRow = (kit: KitInput) => ({
  pattern_id: kit.patternId,
  title: kit.title,
  description: kit.description,
  price_cents: kit.priceCents,
  currency: kit.currency,
  url: kit.url,
});

/** Lists a new kit (the database makes the caller its supplier). */
export async function createKit(kit: KitInput): Promise<void> {
  const supabase = await getSupabase();
  const { error, status } = await supabase.from('kits').insert(toRow(kit));
  if (error) throw fail(error, status);
}

export async function updateKit(id: string, kit: KitInput): Promise<void> {
  const supabase = await getSupabase();
  const { data, error, status } = await supabase.from('kits').update(toRow(kit)).eq('id', id).select('id');
  if (error) throw fail(error, status);
  if (data.length === 0) throw fail({ code: '42501', message: i18n._('partners.kit.notYours') }, 403);
}

/** Archives (hides from the catalog, keeps its clicks) or restores a kit. */
export async function setKitArchived(id: string, archived: boolean): Promise<void> {
  const supabase = await getSupabase();
  const { data, error, status } = await supabase
    .from('kits')
    .update({ archived_at: archived ? new Date().toISOString() : null })
    .eq('id', id)
    .select('id');
  if (error) throw fail(error, status);
  if (data.length === 0) throw fail({ code: '42501', message: i18n._('partners.kit.notYours') }, 403);
}

/** Published patterns matching the words typed, for picking a kit's pattern. */
export async function findPatterns(query: string, signal?: AbortSignal): Promise<PatternChoice[]> {
  const supabase = await getSupabase();
  const args = { q: query, page_size: 8 };
  let request = supabase.rpc('search_patterns', args, { get: rpcAsGet(args) });
  if (signal) request = request.abortSignal(signal);
  const { data, error, status } = await request;
  if (error) throw fail(error, status);
  return (data as { id: string; title: string; store_name: string }[]).map((row) => ({ id: row.id, title: row.title, storeName: row.store_name }));
}
