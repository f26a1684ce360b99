import { useCallback, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { getOrder, orderKeys, type Order } from '../../api/orders.ts';

export const POLL_EVERY_MS = 1500;
/** After this the page stops waiting and says what to do (the webhook may still arrive later). */
export const GIVE_UP_AFTER_MS = 60_000;

export type Confirmation =
  | { phase: 'waiting'; order: Order | null }
  | { phase: 'settled'; order: Order }
  | { phase: 'missing' }
  | { phase: 'timeout'; order: Order | null }
  | { phase: 'error'; error: unknown };

const SETTLED = new Set(['paid', 'partially_refunded', 'refunded', 'failed', 'expired']);

/**
 * Reads the order through REST until the webhook has settled it (paid, failed, expired):
 * entitlements come only from the verified webhook, never from the redirect back here.
 */
export function useOrderConfirmation(orderId: string | null, enabled: boolean): Confirmation & { checkAgain(): void } {
  const [started, setStarted] = useState(() => Date.now());
  const timedOut = (at: number) => at - started > GIVE_UP_AFTER_MS;
  const query = useQuery({
    queryKey: orderKeys.confirmation(orderId ?? ''),
    queryFn: () => getOrder(orderId!),
    enabled: enabled && !!orderId,
    staleTime: 0,
    // Three failed reads in a row, whatever the failure, and the page says so.
    retry: 2,
    retryDelay: POLL_EVERY_MS,
    // Read again until the order is settled, missing, or it took too long.
    refetchInterval: ({ state }) => (state.data && !SETTLED.has(state.data.status) && !timedOut(state.dataUpdatedAt) ? POLL_EVERY_MS : false),
  });
  const { refetch } = query;
  const checkAgain = useCallback(() => {
    setStarted(Date.now());
    void refetch();
  }, [refetch]);

  const order = query.data;
  const state: Confirmation =
    query.isError && !query.isFetching ? { phase: 'error', error: query.error }
    : order === undefined ? { phase: 'waiting', order: null }
    : order === null ? { phase: 'missing' }
    : SETTLED.has(order.status) ? { phase: 'settled', order }
    : timedOut(query.dataUpdatedAt) ? { phase: 'timeout', order }
    : { phase: 'waiting', order };
  return { ...state, checkAgain };
}
