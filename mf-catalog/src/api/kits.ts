// Supplier kits of a pattern ("Kits for this pattern") and counting a click through to the
// supplier's shop. Row-level security shows visitors only live kits of published patterns
// whose supplier is approved (supabase/migrations/20261123004100_supplier_kits.sql).
import { getReadClient } from '@stitchhouse/shared/publicRest.ts';
import type { Currency } from '@stitchhouse/shared/money.ts';

/** Query keys of the kits listed against a pattern. */
export const kitKeys = {
  all: ['catalog', 'kits'] as const,
  forPattern: (patternId: string) => [...kitKeys.all, 'pattern', patternId] as const,
};

export interface PatternKit {
  id: string;
  title: string;
  description: string;
  priceCents: number;
  currency: Currency;
  url: string;
  /** The approved supplier's company, as the supplier directory shows it. */
  supplierName: string | null;
}

interface KitRow {
  id: string;
  title: string;
  description: string;
  price_cents: number;
  currency: Currency;
  url: string;
  supplier_name: string | null;
}

/** Live kits listed against a pattern, oldest first (first listed, first shown). */
export async function listPatternKits(patternId: string, signal?: AbortSignal): Promise<PatternKit[]> {
  const client = await getReadClient();
  let request = client
    .from('kits')
    .select('id,title,description,price_cents,currency,url,supplier_name')
    .eq('pattern_id', patternId)
    .is('archived_at', null)
    .order('created_at', { ascending: true })
    .limit(24);
  if (signal) request = request.abortSignal(signal);
  const { data, error, status } = await request;
  if (error) throw Object.assign(error, { status });
  return (data as unknown as KitRow[]).map((row) => ({
    id: row.id,
    title: row.title,
    description: row.description,
    priceCents: row.price_cents,
    currency: row.currency,
    url: row.url,
    supplierName: row.supplier_name,
  }));
}

/** Counts one click through to a kit's shop (repeats are left out by the database); answers the shop link. */
export async function recordKitClick(kitId: string): Promise<string> {
  const client = await getReadClient();
  const { data, error, status } = await client.rpc('record_kit_click', { kit_id: kitId });
  if (error) throw Object.assign(error, { status });
  return data as string;
}
