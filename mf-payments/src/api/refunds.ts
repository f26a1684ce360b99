// Refunds by the store owner (or an operator). The entitlement is revoked by the provider's
// charge.refunded webhook, not by this call: screens show "refund pending" until it lands.
import { callPaymentFunction } from './functions.ts';

export interface RefundResult {
  id: string;
  amount_cents: number;
  currency: string;
  status: string;
}

export async function refundOrder(orderId: string, orderItemId: string | null, reason: string): Promise<RefundResult> {
  const { refund } = await callPaymentFunction<{ refund: RefundResult }>('refund', {
    order_id: orderId,
    ...(orderItemId ? { order_item_id: orderItemId } : {}),
    ...(reason.trim() ? { reason: reason.trim() } : {}),
  });
  return refund;
}
