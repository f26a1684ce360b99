// An approved reseller's code (referral_codes), the clicks on their links (referral_clicks) and
// their commissions (the reseller_commissions view), all under row-level security.
import { getSupabase } from '@stitchhouse/shared';
import type { PayoutTransferStatus } from '@stitchhouse/shared/statuses.ts';

export interface Commission {
  orderItemId: string;
  title: string | null;
  commissionCents: number;
  currency: 'EUR' | 'GBP' | 'USD';
  status: PayoutTransferStatus;
  createdAt: string;
}

export interface ResellerSummary {
  code: string | null;
  clicksLast30Days: number;
  commissions: Commission[];
}

/** Query keys of a reseller's summary (shared/src/query/client.ts). */
export const resellerKeys = {
  all: ['partners', 'resellers'] as const,
  summary: (userId: string) => [...resellerKeys.all, 'summary', userId] as const,
};

export async function resellerSummary(userId: string): Promise<ResellerSummary> {
  const supabase = await getSupabase();
  const since = new Date(Date.now() - 30 * 86_400_000).toISOString();
  const [code, commissions] = await Promise.all([
    supabase.from('referral_codes').select('code').eq('reseller_id', userId).maybeSingle(),
    supabase
      .from('reseller_commissions')
      .select('order_item_id, title, commission_cents, currency, status, created_at')
      .eq('reseller_id', userId)
      .order('created_at', { ascending: false })
      .limit(100),
  ]);
  if (code.error) throw code.error;
  if (commissions.error) throw commissions.error;
  let clicks = 0;
  if (code.data) {
    const counted = await supabase.from('referral_clicks').select('id', { count: 'exact', head: true }).eq('code', code.data.code).gte('clicked_at', since);
    if (counted.error) throw counted.error;
    clicks = counted.count ?? 0;
  }
  return {
    code: (code.data?.code as string | undefined) ?? null,
    clicksLast30Days: clicks,
    commissions: (commissions.data ?? []).map((c) => ({
      orderItemId: c.order_item_id as string,
      title: c.title as string | null,
      commissionCents: c.commission_cents as number,
      currency: c.currency as Commission['currency'],
      status: c.status as Commission['status'],
      createdAt: c.created_at as string,
    })),
  };
}
