// Calls to the payment functions (supabase/functions/checkout, payout-account, billing, refund).
// Their refusals are the functions' one error shape { error: { code, message, details } } (read by
// shared/src/functions.ts); anything else (network, gateway) goes through the shared error wording.
import { getSupabase } from '@stitchhouse/shared';
import { toFunctionCallError } from '@stitchhouse/shared/functions.ts';

export class PaymentProblem extends Error {
  constructor(
    /** The function's code (price_changed, …) or the shared error kind (network, session, …). */
    readonly code: string,
    message: string,
    readonly details?: unknown,
    readonly status?: number,
    readonly retryable = false,
  ) {
    super(message);
    this.name = 'PaymentProblem';
  }
}

async function toProblem(error: unknown): Promise<PaymentProblem> {
  const failure = await toFunctionCallError(error);
  const retryable = failure.status === 0 || failure.status >= 500;
  return new PaymentProblem(failure.code, failure.message, failure.details ?? undefined, failure.status || undefined, retryable);
}

/** POSTs `body` to a payment function as the signed-in person; throws PaymentProblem. */
export async function callPaymentFunction<T>(name: 'checkout' | 'payout-account' | 'billing' | 'refund', body: Record<string, unknown>): Promise<T> {
  let result: { data: unknown; error: unknown };
  try {
    const supabase = await getSupabase();
    result = await supabase.functions.invoke(name, { body });
  } catch (error) {
    throw await toProblem(error);
  }
  if (result.error) throw await toProblem(result.error);
  return result.data as T;
}

/** A REST failure with its HTTP status, for describeError. */
export function restFailure(error: { message: string }, status?: number): never {
  throw Object.assign(error, { status });
}
