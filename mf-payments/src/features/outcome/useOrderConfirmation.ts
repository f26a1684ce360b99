import { useCallback, useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useLive } from '@stitchhouse/shared/query/live.ts';
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
 * The order's row is watched through Realtime (orders is in the supabase_realtime publication;
 * RLS sends the change to its buyer only), so the page reads it again when the fulfilment
 * commits; it polls only while the channel is not joined (the socket cannot open).
 */
export function useOrderConfirmation(orderId: string | null, enabled: boolean): Confirmation & { checkAgain(): void } {
  const [started, setStarted] = useState(() => Date.now());
  const timedOut = (at: number) => at - started > GIVE_UP_AFTER_MS;
  const watching = enabled && !!orderId;
  const live = useLive({
    topic: watching ? `order-${orderId}` : null,
    changes: [{ table: 'orders', event: 'UPDATE', filter: `id=eq.${orderId}` }],
    invalidate: [orderKeys.confirmation(orderId ?? '')],
  });
  const query = useQuery({
    queryKey: orderKeys.confirmation(orderId ?? ''),
    queryFn: () => getOrder(orderId!),
    enabled: enabled && !!orderId,
    staleTime: 0,
    // Three failed reads in a row, whatever the failure, and the page says so.
    retry: 2,
    retryDelay: POLL_EVERY_MS,
    // Without the live channel: read again until the order is settled, missing, or it took too long.
    refetchInterval: ({ state }) => (!live && state.data && !SETTLED.has(state.data.status) && !timedOut(state.dataUpdatedAt) ? POLL_EVERY_MS : false),
  });
  // live, nothing reads again on its own: wake the page when waiting has taken too long
  const [, wake] = useState(0);
  useEffect(() => {
    if (!live) return undefined;
    const timer = setTimeout(() => wake((n) => n + 1), Math.max(0, started + GIVE_UP_AFTER_MS - Date.now()) + 50);
    return () => clearTimeout(timer);
  }, [live, started]);
  const { refetch } = query;
  const checkAgain = useCallback(() => {
    setStarted(Date.now());
    void refetch();
  }, [refetch]);

  const order = query.data;
  const state: Confirmation =
    query.isError && !query.isFetching
      ? { phase: 'error', error: query.error }
      : order === undefined
        ? { phase: 'waiting', order: null }
        : order === null
          ? { phase: 'missing' }
          : SETTLED.has(order.status)
            ? { phase: 'settled', order }
            : timedOut(live ? Date.now() : query.dataUpdatedAt)
              ? { phase: 'timeout', order }
              : { phase: 'waiting', order };
  return { ...state, checkAgain };
}
