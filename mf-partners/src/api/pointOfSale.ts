// The point-of-sale page's calls: the caller's shops, till keys (create_pos_key shows the plain
// key once; revoking is an update the database keeps for good), what the shop carries (to check
// an uploaded file before it is sent), the pos-import function and the monthly settlement.
import { getRuntimeConfig, getSupabase, loadRuntimeConfig } from '@stitchhouse/shared';
import type { PosImportAnswer as ImportResult } from '@stitchhouse/shared/contracts/pos-import.ts';
import { invokeFunction } from '@stitchhouse/shared/functions.ts';
import type { PatternFacts } from '@stitchhouse/shared/pos/sales.ts';
import type { Currency } from '@stitchhouse/shared/money.ts';

export interface MyStore {
  id: string;
  name: string;
  kind: 'designer' | 'retailer' | 'supplier';
  currency: Currency;
  plan: 'free' | 'pro';
}

export interface TillKey {
  id: string;
  name: string;
  prefix: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

export interface NewTillKey {
  id: string;
  key: string;
  prefix: string;
}

/** What pos-import answers: each row's outcome (the contract's recorded batch). */
export type { PosImportAnswer as ImportResult, RecordedLine as ImportedLine } from '@stitchhouse/shared/contracts/pos-import.ts';

export interface SettlementRow {
  month: string;
  shop_store_id: string;
  shop_name: string;
  designer_store_id: string;
  designer_name: string;
  currency: Currency;
  sales: number;
  copies: number;
  royalty_cents: number;
  platform_fee_cents: number;
  designer_share_cents: number;
}

/** Query keys of the point-of-sale screen (shared/src/query/client.ts). */
export const posKeys = {
  all: ['partners', 'pos'] as const,
  stores: (userId: string) => [...posKeys.all, 'stores', userId] as const,
  tillKeys: (storeId: string) => [...posKeys.all, 'till-keys', storeId] as const,
  /** Every statement: what a sales import invalidates. */
  settlements: () => [...posKeys.all, 'settlement'] as const,
  settlement: (from: string) => [...posKeys.settlements(), from] as const,
  docs: (shopId: string) => [...posKeys.all, 'docs', shopId] as const,
};

/** The stores the signed-in person owns. */
export async function myStores(userId: string): Promise<MyStore[]> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.from('stores').select('id, name, kind, currency, plan').eq('owner_id', userId).order('created_at');
  if (error) throw error;
  return data as MyStore[];
}

export async function listTillKeys(storeId: string): Promise<TillKey[]> {
  const supabase = await getSupabase();
  const { data, error } = await supabase
    .from('pos_keys')
    .select('id, name, prefix, created_at, last_used_at, revoked_at')
    .eq('store_id', storeId)
    .order('created_at', { ascending: false });
  if (error) throw error;
  return data.map((k) => ({ id: k.id, name: k.name, prefix: k.prefix, createdAt: k.created_at, lastUsedAt: k.last_used_at, revokedAt: k.revoked_at }));
}

export async function createTillKey(storeId: string, name: string): Promise<NewTillKey> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('create_pos_key', { store_id: storeId, name: name.trim() });
  if (error) throw error;
  return data as unknown as NewTillKey;
}

export async function revokeTillKey(id: string): Promise<void> {
  const supabase = await getSupabase();
  const { error } = await supabase.from('pos_keys').update({ revoked_at: new Date().toISOString() }).eq('id', id);
  if (error) throw error;
}

/** A pattern the shop carries, for the examples (null when it carries none yet). */
export async function firstCarriedPattern(storeId: string): Promise<string | null> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.from('store_stock').select('pattern_id').eq('store_id', storeId).order('created_at').limit(1);
  if (error) throw error;
  return data[0]?.pattern_id ?? null;
}

/** What the catalog says about these pattern ids for this shop (the server checks again on import). */
export async function patternFactsFor(storeId: string, ids: string[]): Promise<Map<string, PatternFacts>> {
  const facts = new Map<string, PatternFacts>();
  if (ids.length === 0) return facts;
  const supabase = await getSupabase();
  const chunks: string[][] = [];
  for (let i = 0; i < ids.length; i += 200) chunks.push(ids.slice(i, i + 200));
  for (const chunk of chunks) {
    const [patterns, stock] = await Promise.all([
      supabase.from('patterns').select('id, price_cents, currency').in('id', chunk).neq('status', 'draft'),
      supabase.from('store_stock').select('pattern_id').eq('store_id', storeId).in('pattern_id', chunk),
    ]);
    if (patterns.error) throw patterns.error;
    if (stock.error) throw stock.error;
    const carried = new Set(stock.data.map((s) => s.pattern_id as string));
    for (const p of patterns.data) {
      facts.set(p.id, { carried: carried.has(p.id), price_cents: p.price_cents, currency: p.currency, designer_plan: 'free' });
    }
  }
  return facts;
}

/** Sends the file's rows; the pos-import function judges each again and records the good ones. */
export async function importSales(storeId: string, rows: Record<string, string>[]): Promise<ImportResult> {
  // a refusal is a FunctionCallError with the function's code and words (describeError keeps them)
  return invokeFunction<ImportResult>('pos-import', { store_id: storeId, rows });
}

/** The monthly statement rows the caller may see (as a shop: what it owes; as a designer: what it is owed). */
export async function settlement(from: string | null, to: string | null): Promise<SettlementRow[]> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('pos_settlement', { p_from: from ?? undefined, p_to: to ?? undefined });
  if (error) throw error;
  return data as SettlementRow[];
}

/** Where this instance's functions answer (the runtime config's backend URL). */
export async function functionsUrl(): Promise<string> {
  await loadRuntimeConfig();
  return `${getRuntimeConfig().supabaseUrl.replace(/\/$/, '')}/functions/v1`;
}
