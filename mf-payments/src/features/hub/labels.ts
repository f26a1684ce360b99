import type { OrderStatus } from '../../api/orders.ts';

/** Catalog ids of each order status's label: read with i18n._(…) at render. */
export const ORDER_STATUS_LABEL: Record<OrderStatus, string> = {
  pending: /*i18n*/ 'payments.status.pending',
  paid: /*i18n*/ 'payments.status.paid',
  partially_refunded: /*i18n*/ 'payments.status.partiallyRefunded',
  refunded: /*i18n*/ 'payments.status.refunded',
  failed: /*i18n*/ 'payments.status.failed',
  expired: /*i18n*/ 'payments.status.expired',
};
