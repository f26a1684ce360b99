// Why a payment did not go through, in words: from the order (failure_code / failure_message
// written by the webhook, status expired) or the `reason` the checkout's cancel link carries.
import { i18n } from '@stitchhouse/shared/i18n/index.ts';
import type { Order } from '../../api/orders.ts';

export interface FailureReason {
  code: string;
  title: string;
  advice: string;
}

/** Catalog ids of each reason's title and advice, read when explained (in the page's language). */
const REASONS: Record<string, Omit<FailureReason, 'code'>> = {
  cancelled: { title: /*i18n*/ 'payments.reason.cancelled.title', advice: /*i18n*/ 'payments.reason.cancelled.advice' },
  expired: { title: /*i18n*/ 'payments.reason.expired.title', advice: /*i18n*/ 'payments.reason.expired.advice' },
  card_declined: { title: /*i18n*/ 'payments.reason.cardDeclined.title', advice: /*i18n*/ 'payments.reason.cardDeclined.advice' },
  insufficient_funds: { title: /*i18n*/ 'payments.reason.insufficientFunds.title', advice: /*i18n*/ 'payments.reason.insufficientFunds.advice' },
  expired_card: { title: /*i18n*/ 'payments.reason.expiredCard.title', advice: /*i18n*/ 'payments.reason.expiredCard.advice' },
  incorrect_cvc: { title: /*i18n*/ 'payments.reason.incorrectCvc.title', advice: /*i18n*/ 'payments.reason.incorrectCvc.advice' },
  processing_error: { title: /*i18n*/ 'payments.reason.processingError.title', advice: /*i18n*/ 'payments.reason.processingError.advice' },
  payment_intent_authentication_failure: {
    title: /*i18n*/ 'payments.reason.paymentIntentAuthenticationFailure.title',
    advice: /*i18n*/ 'payments.reason.paymentIntentAuthenticationFailure.advice',
  },
  authentication_required: { title: /*i18n*/ 'payments.reason.authenticationRequired.title', advice: /*i18n*/ 'payments.reason.authenticationRequired.advice' },
  pattern_unavailable: { title: /*i18n*/ 'payments.reason.patternUnavailable.title', advice: /*i18n*/ 'payments.reason.patternUnavailable.advice' },
  price_changed: { title: /*i18n*/ 'payments.reason.priceChanged.title', advice: /*i18n*/ 'payments.reason.priceChanged.advice' },
  payments_unavailable: { title: /*i18n*/ 'payments.problem.unavailablePayments.title', advice: /*i18n*/ 'payments.problem.unavailablePayments.message' },
};

const UNKNOWN: Omit<FailureReason, 'code'> = {
  title: /*i18n*/ 'payments.reason.unknown.title',
  advice: /*i18n*/ 'payments.reason.unknown.advice',
};

const words = (code: string, reason: Omit<FailureReason, 'code'>): FailureReason => ({ code, title: i18n._(reason.title), advice: i18n._(reason.advice) });

/** The best explanation available: the order's own failure, its expiry, then the link's reason. */
export function failureReason(order: Pick<Order, 'status' | 'failure_code' | 'failure_message'> | null, reasonParam: string | null): FailureReason {
  if (order?.failure_code && REASONS[order.failure_code]) return words(order.failure_code, REASONS[order.failure_code]!);
  if (order?.failure_code || order?.failure_message) {
    const advice = order.failure_message
      ? i18n._('payments.reason.withMessage', { message: order.failure_message, advice: i18n._(UNKNOWN.advice) })
      : i18n._(UNKNOWN.advice);
    return { code: order.failure_code ?? 'failed', title: i18n._(UNKNOWN.title), advice };
  }
  if (order?.status === 'expired') return words('expired', REASONS.expired!);
  if (reasonParam && REASONS[reasonParam]) return words(reasonParam, REASONS[reasonParam]!);
  return words('unknown', UNKNOWN);
}
