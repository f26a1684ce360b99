// POST /refund { order_id, order_item_id?, reason? }: the store owner of every refunded line, or
// an operator, refunds a paid order or one line (request_refund() checks it as the caller, under
// the database's rules, and marks the lines). The entitlement is revoked and the designer's
// transfer reversed by the charge.refunded webhook, not here.
import { z } from 'zod';
import { refundRequest, type RefundResult } from '@stitchhouse/shared/contracts/refund.ts';
import { callerClient, json, serviceClient } from '../_shared/clients.ts';
import { handler, type Context } from '../_shared/handler.ts';
import { PAYMENTS, PaymentFailure } from '../_shared/payments.ts';
import { stripe, type Stripe } from '../_shared/stripe.ts';

const RPC_ERRORS: Record<string, [string, number]> = {
  PT401: ['not_signed_in', 401],
  PT403: ['forbidden', 403],
  PT404: ['not_found', 404],
  PT409: ['not_refundable', 409],
};

/** What request_refund answers (jsonb). */
const requestedRefund = z.object({
  order_id: z.string(),
  item_ids: z.array(z.string()),
  amount_cents: z.number().int(),
  currency: z.string(),
  payment_intent: z.string().nullable(),
});

async function refund(req: Request, ctx: Context): Promise<Response> {
  const caller = await ctx.member('Sign in to refund an order.');
  const body = await ctx.body(refundRequest);
  const { data, error } = await callerClient(caller.token).rpc('request_refund', { order_id: body.order_id, order_item_id: body.order_item_id ?? undefined });
  if (error) {
    const [code, status] = RPC_ERRORS[error.code] ?? ['server_error', 500];
    if (status === 500) throw error;
    throw new PaymentFailure(code, error.message, status);
  }
  const request = requestedRefund.parse(data);
  if (!request.payment_intent) {
    // e.g. a demo order or a 100 % discount: no charge to refund, so the lines are not left waiting
    await serviceClient().rpc('cancel_refund_request', { p_item_ids: request.item_ids });
    throw new PaymentFailure('not_refundable', 'This order was not paid through the payment provider, so there is nothing to refund.', 409);
  }
  let result: Stripe.Refund;
  try {
    result = await stripe().refunds.create(
      {
        payment_intent: request.payment_intent,
        amount: request.amount_cents,
        ...(body.reason ? { reason: body.reason } : {}),
        metadata: { order_id: request.order_id, order_item_ids: request.item_ids.join(','), requested_by: caller.user.id },
      },
      { idempotencyKey: `refund-${request.order_id}-${[...request.item_ids].sort().join('.')}`.slice(0, 255) },
    );
  } catch (err) {
    await serviceClient().rpc('cancel_refund_request', { p_item_ids: request.item_ids });
    throw err;
  }
  const refunded: RefundResult = { id: result.id, amount_cents: result.amount, currency: result.currency.toUpperCase(), status: result.status };
  return json({ refund: refunded });
}

Deno.serve(handler({ name: 'refund', ...PAYMENTS }, refund));
