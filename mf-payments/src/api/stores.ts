// The stores the signed-in person owns (plan, currency); their Pro subscriptions are in plan.ts.
import { getSupabase } from '@stitchhouse/shared';
import type { Currency, PlanId } from '@stitchhouse/shared/pricing.ts';
import { restFailure } from './functions.ts';

export interface MyStore {
  id: string;
  name: string;
  slug: string;
  plan: PlanId;
  currency: Currency;
}

/** Query keys of the person's stores and their subscriptions (shared/src/query/client.ts). */
export const storeKeys = {
  all: ['payments', 'stores'] as const,
  mine: (userId: string) => [...storeKeys.all, 'mine', userId] as const,
  plan: (userId: string, storeId: string | null) => [...storeKeys.all, 'plan', userId, storeId] as const,
};

export async function myStores(userId: string, signal?: AbortSignal): Promise<MyStore[]> {
  const supabase = await getSupabase();
  let request = supabase.from('stores').select('id,name,slug,plan,currency').eq('owner_id', userId).order('created_at');
  if (signal) request = request.abortSignal(signal);
  const { data, error, status } = await request;
  if (error) restFailure(error, status);
  return (data ?? []) as MyStore[];
}
