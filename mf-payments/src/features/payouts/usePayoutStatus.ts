import { useAsync } from '@stitchhouse/shared/useAsync.ts';
import { payoutStatus } from '../../api/payouts.ts';

/** The payout account as the provider sees it (refreshed by the function on every read). */
export function usePayoutStatus(key: string) {
  return useAsync(`payout:${key}`, () => payoutStatus());
}
