// Calls to the payment functions (supabase/functions/checkout, payout-account, billing, refund).
// Their failures carry { error: { code, message, details? } } (docs: /work/payments-contract.md);
// anything else (network, gateway) goes through the shared error wording.
import { describeError, getSupabase } from '@stitchhouse/shared';

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

interface FunctionsFailure {
  name?: string;
  context?: unknown;
}

async function toProblem(error: unknown): Promise<PaymentProblem> {
  const failure = error as FunctionsFailure;
  if (failure?.name === 'FunctionsHttpError' && failure.context instanceof Response) {
    const response = failure.context;
    const body = (await response.clone().json().catch(() => null)) as { error?: { code?: unknown; message?: unknown; details?: unknown } } | null;
    const own = body?.error;
    if (own && typeof own.code === 'string' && typeof own.message === 'string') {
      return new PaymentProblem(own.code, own.message, own.details, response.status, response.status >= 500);
    }
    const described = describeError(body ?? error, response.status);
    return new PaymentProblem(described.kind, described.message, undefined, response.status, described.retryable);
  }
  // FunctionsFetchError / FunctionsRelayError: the request never got an answer.
  const described = describeError(error, failure?.name === 'FunctionsFetchError' ? 0 : undefined);
  return new PaymentProblem(described.kind, described.message, undefined, undefined, described.retryable);
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
