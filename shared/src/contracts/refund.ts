// The refund function's wire: the store owner of every refunded line, or an operator,
// refunds a paid order or one line. supabase/functions/refund and mf-payments (api/refunds.ts) read it.
import { z } from 'zod';
import { errorEnvelopeOf, invalidInputDetails, methodNotAllowedDetails } from './envelope.ts';

/** The reasons the payment provider records with a refund (Stripe's `reason`). */
export const REFUND_REASON_CODES = ['requested_by_customer', 'duplicate', 'fraudulent'] as const;

export const refundRequest = z.object({
  order_id: z.guid({ error: 'order_id must be an order id' }),
  order_item_id: z.guid({ error: 'order_item_id must be an order line id' }).nullish(),
  reason: z.enum(REFUND_REASON_CODES, { error: 'reason must be requested_by_customer, duplicate or fraudulent' }).optional(),
});

export const refundResult = z.object({
  id: z.string(),
  amount_cents: z.number().int(),
  currency: z.string().regex(/^[A-Z]{3}$/),
  status: z.string().nullable(),
});
export const refundResponse = z.object({ refund: refundResult });
export type RefundResult = z.infer<typeof refundResult>;

export const REFUND_ERRORS = {
  not_signed_in: z.null(),
  aal2_required: z.null(),
  invalid_request: z.union([z.null(), invalidInputDetails]),
  method_not_allowed: methodNotAllowedDetails,
  forbidden: z.null(),
  not_found: z.null(),
  not_refundable: z.null(),
  payments_unavailable: z.null(),
  provider_error: z.null(),
  server_error: z.null(),
} as const;
export const refundError = errorEnvelopeOf(REFUND_ERRORS);
