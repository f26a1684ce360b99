// What the payment functions share: the error envelope of the payments contract
// ({ error: { code, message, details? } }), CORS for browser calls, and reading a JSON body.
import { z } from 'zod';
import { json } from './clients.ts';
import { env } from './env.ts';

export class PaymentFailure extends Error {
  constructor(readonly code: string, message: string, readonly status = 400, readonly details?: unknown) {
    super(message);
    this.name = 'PaymentFailure';
  }
}

const cors = {
  'access-control-allow-origin': '*',
  'access-control-allow-headers': 'authorization, x-client-info, apikey, content-type, x-deployment-id',
  'access-control-allow-methods': 'POST, OPTIONS',
};

export function reply(body: unknown, status = 200): Response {
  return json(body, status, cors);
}

export function failureResponse(err: unknown, what: string): Response {
  if (err instanceof PaymentFailure) {
    return reply({ error: { code: err.code, message: err.message, ...(err.details === undefined ? {} : { details: err.details }) } }, err.status);
  }
  const stripeError = err as { type?: string; message?: string; code?: string };
  if (typeof stripeError?.type === 'string' && stripeError.type.startsWith('Stripe')) {
    console.error(`${what}: payment provider error`, stripeError.message);
    const connection = stripeError.type === 'StripeConnectionError' || stripeError.type === 'StripeAPIError';
    return reply({ error: { code: connection ? 'payments_unavailable' : 'provider_error',
      message: connection ? 'Payments are unavailable right now. Nothing was charged; please try again in a moment.'
        : `The payment provider refused the request: ${stripeError.message ?? 'unknown error'}` } }, connection ? 503 : 502);
  }
  console.error(`${what} failed`, err);
  return reply({ error: { code: 'server_error', message: 'Something went wrong on our side. Nothing was charged; please try again.' } }, 500);
}

/** Wraps a handler: CORS preflight, POST only, contract error envelope. */
export function paymentHandler(what: string, run: (req: Request) => Promise<Response>): (req: Request) => Promise<Response> {
  return async (req) => {
    if (req.method === 'OPTIONS') return new Response(null, { status: 204, headers: cors });
    if (req.method !== 'POST') return reply({ error: { code: 'invalid_request', message: 'Use POST with a JSON body.' } }, 405);
    try {
      return await run(req);
    } catch (err) {
      return failureResponse(err, what);
    }
  };
}

export async function readBody<T extends z.ZodType>(req: Request, schema: T): Promise<z.infer<T>> {
  const raw = await req.json().catch(() => undefined);
  if (raw === undefined || raw === null || typeof raw !== 'object') {
    throw new PaymentFailure('invalid_request', 'The body must be a JSON object.');
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    throw new PaymentFailure('invalid_request', parsed.error.issues.map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message)).join('; '));
  }
  return parsed.data;
}

export function siteUrl(): string {
  return (env('SITE_URL') || 'http://localhost:3000').replace(/\/$/, '');
}
