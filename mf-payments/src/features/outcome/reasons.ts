// Why a payment did not go through, in words: from the order (failure_code / failure_message
// written by the webhook, status expired) or the `reason` the checkout's cancel link carries.
import type { Order } from '../../api/orders.ts';

export interface FailureReason {
  code: string;
  title: string;
  advice: string;
}

const REASONS: Record<string, Omit<FailureReason, 'code'>> = {
  cancelled: { title: 'You left the payment page before paying', advice: 'Nothing was charged. Your cart is kept: try again when you are ready.' },
  expired: { title: 'The payment page expired', advice: 'Payment pages stay open for a limited time. Nothing was charged; start the checkout again.' },
  card_declined: { title: 'Your card was declined', advice: 'Nothing was charged. Try another card, or ask your bank why the payment was refused.' },
  insufficient_funds: { title: 'Your card was declined for insufficient funds', advice: 'Nothing was charged. Try another card.' },
  expired_card: { title: 'Your card has expired', advice: 'Nothing was charged. Try another card.' },
  incorrect_cvc: {
    title: 'The card’s security code was not correct',
    advice: 'Nothing was charged. Check the three digits on the back of the card and try again.',
  },
  processing_error: { title: 'The card could not be processed', advice: 'Nothing was charged. Please try again in a moment.' },
  payment_intent_authentication_failure: {
    title: 'Your bank could not confirm it was you',
    advice: 'The card needed an extra check (3-D Secure) and it did not succeed. Nothing was charged; try again or use another card.',
  },
  authentication_required: {
    title: 'Your bank asked for an extra check',
    advice: 'The card needs 3-D Secure. Try again and complete the check your bank shows.',
  },
  pattern_unavailable: { title: 'A pattern in your cart is no longer sold', advice: 'Nothing was charged. Remove it at the checkout to pay for the rest.' },
  price_changed: { title: 'A price changed while you were paying', advice: 'Nothing was charged. The checkout shows the current prices; confirm them to pay.' },
  payments_unavailable: { title: 'Payments are not available right now', advice: 'Nothing was charged. Please try again in a few minutes.' },
};

const UNKNOWN: Omit<FailureReason, 'code'> = {
  title: 'The payment did not go through',
  advice: 'Nothing was charged. Your cart is kept: try again, or contact us if it keeps happening.',
};

/** The best explanation available: the order's own failure, its expiry, then the link's reason. */
export function failureReason(order: Pick<Order, 'status' | 'failure_code' | 'failure_message'> | null, reasonParam: string | null): FailureReason {
  if (order?.failure_code && REASONS[order.failure_code]) return { code: order.failure_code, ...REASONS[order.failure_code]! };
  if (order?.failure_code || order?.failure_message) {
    return { code: order.failure_code ?? 'failed', title: UNKNOWN.title, advice: `${order.failure_message ?? ''} ${UNKNOWN.advice}`.trim() };
  }
  if (order?.status === 'expired') return { code: 'expired', ...REASONS.expired! };
  if (reasonParam && REASONS[reasonParam]) return { code: reasonParam, ...REASONS[reasonParam]! };
  return { code: 'unknown', ...UNKNOWN };
}
