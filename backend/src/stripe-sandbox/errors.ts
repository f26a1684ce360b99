// Stripe's error envelope {error: {type, code, message, param, decline_code, doc_url}} and the
// HTTP statuses Stripe pairs with each kind.
export type StripeErrorType = 'api_error' | 'card_error' | 'idempotency_error' | 'invalid_request_error';

export interface StripeErrorBody {
  type: StripeErrorType;
  code?: string;
  message: string;
  param?: string;
  decline_code?: string;
  doc_url?: string;
  payment_intent?: unknown;
}

export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: StripeErrorBody,
  ) {
    super(body.message);
  }

  toJSON(): { error: StripeErrorBody } {
    const doc = this.body.code ? { doc_url: `https://stripe.com/docs/error-codes/${this.body.code.replace(/_/g, '-')}` } : {};
    return { error: { ...doc, ...this.body } };
  }
}

export function missingParam(param: string): StripeApiError {
  return new StripeApiError(400, { type: 'invalid_request_error', code: 'parameter_missing', param, message: `Missing required param: ${param}.` });
}

export function invalidParam(param: string, message: string, code = 'parameter_invalid_string'): StripeApiError {
  return new StripeApiError(400, { type: 'invalid_request_error', code, param, message });
}

export function invalidRequest(message: string, code?: string, param?: string): StripeApiError {
  return new StripeApiError(400, { type: 'invalid_request_error', message, ...(code ? { code } : {}), ...(param ? { param } : {}) });
}

export function noSuch(kind: string, id: string, param = 'id'): StripeApiError {
  return new StripeApiError(404, { type: 'invalid_request_error', code: 'resource_missing', param, message: `No such ${kind}: '${id}'` });
}
