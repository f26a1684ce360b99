// A store's discount codes, straight through REST: row-level security lets the owner read,
// create and change their own store's codes and nobody else's.
import { getSupabase } from '@stitchhouse/shared';
import { restFailure } from './functions.ts';

export interface DiscountCode {
  id: string;
  store_id: string;
  code: string;
  percent_off: number | null;
  amount_off_cents: number | null;
  currency: string | null;
  pattern_id: string | null;
  expires_at: string | null;
  max_redemptions: number | null;
  redemptions: number;
  active: boolean;
  created_at: string;
}

export type NewDiscountCode = Pick<
  DiscountCode,
  'store_id' | 'code' | 'percent_off' | 'amount_off_cents' | 'currency' | 'pattern_id' | 'expires_at' | 'max_redemptions'
>;

/** Query keys of a store's discount codes and of its patterns they may apply to (shared/src/query/client.ts). */
export const discountKeys = {
  all: ['payments', 'discounts'] as const,
  codes: (storeId: string) => [...discountKeys.all, 'codes', storeId] as const,
  patterns: (storeId: string) => [...discountKeys.all, 'patterns', storeId] as const,
};

const COLUMNS = 'id,store_id,code,percent_off,amount_off_cents,currency,pattern_id,expires_at,max_redemptions,redemptions,active,created_at';

export async function storeDiscountCodes(storeId: string, signal?: AbortSignal): Promise<DiscountCode[]> {
  const supabase = await getSupabase();
  let request = supabase.from('discount_codes').select(COLUMNS).eq('store_id', storeId).order('created_at', { ascending: false });
  if (signal) request = request.abortSignal(signal);
  const { data, error, status } = await request;
  if (error) restFailure(error, status);
  return (data ?? []) as DiscountCode[];
}

export async function createDiscountCode(code: NewDiscountCode): Promise<DiscountCode> {
  const supabase = await getSupabase();
  const { data, error, status } = await supabase.from('discount_codes').insert(code).select(COLUMNS).single();
  if (error) restFailure(error, status);
  return data as DiscountCode;
}

export async function deactivateDiscountCode(id: string): Promise<void> {
  const supabase = await getSupabase();
  const { error, status } = await supabase.from('discount_codes').update({ active: false }).eq('id', id);
  if (error) restFailure(error, status);
}

/** The store's patterns, for "applies to" (drafts included: a code can be ready before launch). */
export async function storePatterns(storeId: string, signal?: AbortSignal): Promise<{ id: string; title: string }[]> {
  const supabase = await getSupabase();
  let request = supabase.from('patterns').select('id,title').eq('store_id', storeId).neq('status', 'archived').order('title').limit(500);
  if (signal) request = request.abortSignal(signal);
  const { data, error, status } = await request;
  if (error) restFailure(error, status);
  return (data ?? []) as { id: string; title: string }[];
}
