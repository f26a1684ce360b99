import { useCallback, useEffect, useState } from 'react';
import { getOrder, type Order } from '../../api/orders.ts';

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
  const [state, setState] = useState<Confirmation>({ phase: 'waiting', order: null });
  const [round, setRound] = useState(0);

  useEffect(() => {
    if (!enabled || !orderId) return;
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const started = Date.now();
    let failures = 0;
    setState({ phase: 'waiting', order: null });
    const poll = async () => {
      try {
        const order = await getOrder(orderId);
        if (!live) return;
        failures = 0;
        if (!order) return setState({ phase: 'missing' });
        if (SETTLED.has(order.status)) return setState({ phase: 'settled', order });
        setState({ phase: 'waiting', order });
        if (Date.now() - started > GIVE_UP_AFTER_MS) return setState({ phase: 'timeout', order });
      } catch (error) {
        if (!live) return;
        if (++failures >= 3) return setState({ phase: 'error', error });
      }
      timer = setTimeout(poll, POLL_EVERY_MS);
    };
    void poll();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [orderId, enabled, round]);

  const checkAgain = useCallback(() => setRound((n) => n + 1), []);
  return { ...state, checkAgain };
}
