// Refunds by the store owner (or an operator). The entitlement is revoked by the provider's
// charge.refunded webhook, not by this call: screens show "refund pending" until it lands.
import type { REFUND_REASON_CODES, RefundResult } from '@stitchhouse/shared/contracts/refund.ts';
import { callPaymentFunction } from './functions.ts';

export type { RefundResult } from '@stitchhouse/shared/contracts/refund.ts';

/** The reasons the payment provider records with a refund (Stripe's `reason`): catalog ids of their labels. */
export const REFUND_REASONS: Record<(typeof REFUND_REASON_CODES)[number], string> = {
  requested_by_customer: /*i18n*/ 'payments.refund.reason.requested',
  duplicate: /*i18n*/ 'payments.refund.reason.duplicate',
  fraudulent: /*i18n*/ 'payments.refund.reason.fraudulent',
};
export type RefundReason = keyof typeof REFUND_REASONS;

export async function refundOrder(orderId: string, orderItemId: string | null, reason: RefundReason): Promise<RefundResult> {
  const { refund } = await callPaymentFunction<{ refund: RefundResult }>('refund', {
    order_id: orderId,
    ...(orderItemId ? { order_item_id: orderItemId } : {}),
    reason,
  });
  return refund;
}
