import { useEffect, useEffectEvent, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { checkoutKeys, quoteCheckout, type CheckoutRequest, type Quote, type QuoteAnswer } from '../../api/checkout.ts';
import type { PaymentProblem } from '../../api/functions.ts';
import { asProblem } from './useCheckoutProblem.ts';

/** How long the lines, country and codes stay unchanged before they are quoted (typing a quantity asks once). */
const QUOTE_DELAY_MS = 300;

/** `value` once its `key` has stayed the same for `delayMs`, and whether a newer one is waiting. */
function useSettled<T>(value: T, key: string, delayMs: number): { settled: T | null; waiting: boolean } {
  const [settled, setSettled] = useState<{ key: string; value: T } | null>(null);
  const settle = useEffectEvent(() => setSettled({ key, value }));
  useEffect(() => {
    const timer = setTimeout(settle, delayMs);
    return () => clearTimeout(timer);
  }, [key, delayMs]);
  return { settled: settled?.value ?? null, waiting: settled?.key !== key };
}

export interface QuoteHandlers {
  /** The server's quote for the request as it stands. */
  onQuoted(answer: QuoteAnswer): void;
  /** The server refused the request (a code, a price, the session…), in the checkout's words. */
  onFailed(problem: PaymentProblem): void;
}

/**
 * The server's live quote (VAT for the country, discount, partner code, total) of one currency's
 * lines, read through TanStack Query once the request has settled. The last quote stays on screen
 * while the next is asked for, and when it is refused. A quote is always asked of the server (it
 * prices from the database) and a refusal is not tried again by itself: `requote` does.
 */
export function useCheckoutQuote(request: CheckoutRequest, handlers: QuoteHandlers): { quote: Quote | null; quoting: boolean; requote(): void } {
  const { settled, waiting } = useSettled(request, JSON.stringify(checkoutKeys.quote(request)), QUOTE_DELAY_MS);
  const answer = useQuery({
    queryKey: checkoutKeys.quote(settled ?? request),
    queryFn: () => quoteCheckout(settled!),
    enabled: settled !== null,
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
  const [quote, setQuote] = useState<Quote | null>(null);
  const quoted = useEffectEvent((next: QuoteAnswer) => {
    setQuote(next.quote);
    handlers.onQuoted(next);
  });
  const failed = useEffectEvent((error: unknown) => handlers.onFailed(asProblem(error)));
  useEffect(() => {
    if (answer.data) quoted(answer.data);
  }, [answer.data]);
  useEffect(() => {
    if (answer.error) failed(answer.error);
  }, [answer.error]);
  return {
    quote,
    quoting: waiting || answer.isPending || answer.isFetching,
    requote: () => void answer.refetch(),
  };
}
