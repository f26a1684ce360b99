// What the header's account menu needs to know about the signed-in member: whether they own a
// store ("My store"), and, if not, whether they signed up to sell ("Open a store"). Read as the
// member under row-level security (stores are public; user_roles_read shows one's own roles).
import { getSupabase } from '@stitchhouse/shared';

export interface Selling {
  hasStore: boolean;
  /** A designer or shop account (the sign-up's intent) that has no store yet. */
  wantsToSell: boolean;
}

const SELLING_ROLES = ['designer', 'retailer'];

/** Query keys of the account menu's read (TanStack Query, shared/src/query/client.ts). */
export const sellingKeys = {
  all: ['shell', 'selling'] as const,
  of: (userId: string) => [...sellingKeys.all, userId] as const,
};

export async function loadSelling(userId: string, signal: AbortSignal): Promise<Selling> {
  const supabase = await getSupabase();
  const [stores, roles] = await Promise.all([
    supabase.from('stores').select('id').eq('owner_id', userId).limit(1).abortSignal(signal),
    supabase.from('user_roles').select('role').eq('user_id', userId).in('role', SELLING_ROLES).limit(1).abortSignal(signal),
  ]);
  if (stores.error) throw stores.error;
  if (roles.error) throw roles.error;
  const hasStore = stores.data.length > 0;
  return { hasStore, wantsToSell: !hasStore && roles.data.length > 0 };
}
