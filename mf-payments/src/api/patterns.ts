// One pattern's buying facts, for old "/payment/send?productId=…" links: the pattern goes in the cart.
import { getSupabase } from '@stitchhouse/shared';
import { restFailure } from './functions.ts';

export interface PatternForSale {
  id: string;
  title: string;
  price_cents: number;
  currency: string;
  status: string;
  store: { name: string } | null;
}

/** Query keys of patterns' buying facts (shared/src/query/client.ts). */
export const patternKeys = {
  all: ['payments', 'patterns'] as const,
  forSale: (id: string) => [...patternKeys.all, 'for-sale', id] as const,
};

export async function patternForSale(id: string): Promise<PatternForSale | null> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) return null;
  const supabase = await getSupabase();
  const { data, error, status } = await supabase
    .from('patterns')
    .select('id,title,price_cents,currency,status,store:stores!patterns_store_id_fkey(name)')
    .eq('id', id)
    .maybeSingle();
  if (error) restFailure(error, status);
  return (data as unknown as PatternForSale | null) ?? null;
}
