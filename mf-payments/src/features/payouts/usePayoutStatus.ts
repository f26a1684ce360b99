import { useQuery } from '@tanstack/react-query';
import { payoutKeys, payoutStatus } from '../../api/payouts.ts';

/**
 * The payout account as the provider sees it (refreshed by the function on every read). Back from
 * the provider's onboarding (`returned`), read afresh rather than from the cache.
 */
export function usePayoutStatus(userId: string, returned = false) {
  return useQuery({ queryKey: [...payoutKeys.status(userId), returned], queryFn: () => payoutStatus(), enabled: userId !== '' });
}
