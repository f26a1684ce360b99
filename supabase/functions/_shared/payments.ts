// What the payment functions share on top of the one handler (./handler.ts): a refusal that
// says nothing was charged, Stripe's errors mapped to the contract's codes, the site's URL.
//   Deno.serve(handler({ name: 'refund', ...PAYMENTS }, refund));
import { checkoutRequest } from '@stitchhouse/shared/contracts/checkout.ts';
import { serviceClient } from './clients.ts';
import { FunctionError, type Details, type HandlerOptions } from './handler.ts';

/** A payment function's refusal: the one error shape, with a payments contract code. */
export class PaymentFailure extends FunctionError {
  constructor(code: string, message: string, status = 400, details: Details = null) {
    super(code, message, status, details);
    this.name = 'PaymentFailure';
  }
}

/** Stripe's own errors: the provider unreachable (503 payments_unavailable) or refusing (502 provider_error). */
export function providerFailure(err: unknown): FunctionError | undefined {
  const stripeError = err as { type?: string; message?: string; code?: string };
  if (typeof stripeError?.type !== 'string' || !stripeError.type.startsWith('Stripe')) return undefined;
  console.error('payment provider error', stripeError.message);
  const connection = stripeError.type === 'StripeConnectionError' || stripeError.type === 'StripeAPIError';
  return connection
    ? new PaymentFailure('payments_unavailable', 'Payments are unavailable right now. Nothing was charged; please try again in a moment.', 503)
    : new PaymentFailure('provider_error', `The payment provider refused the request: ${stripeError.message ?? 'unknown error'}`, 502);
}

/** The handler options every payment function called from the browser shares. */
export const PAYMENTS = {
  methods: ['POST'],
  failure: providerFailure,
  serverErrorMessage: 'Something went wrong on our side. Nothing was charged; please try again.',
} as const satisfies Omit<HandlerOptions, 'name'>;

/** One of the five languages (shared/src/i18n/locales.ts), as the contracts take it. */
type Locale = NonNullable<ReturnType<typeof checkoutRequest.shape.locale.parse>>;

/**
 * The language Stripe's hosted pages (Checkout, the billing portal) speak for this person: what the
 * page asked for, else the member's saved language (profiles.locale), else undefined (Stripe's
 * `auto`: the browser's). Our five languages are all Stripe locales.
 */
export async function stripeLocale(userId: string, asked: Locale | undefined): Promise<Locale | undefined> {
  if (asked) return asked;
  const { data, error } = await serviceClient().from('profiles').select('locale').eq('id', userId).maybeSingle();
  // 42703: a database without the column (before 20261204001000_member_locale): Stripe's `auto`
  if (error && error.code !== '42703') throw error;
  const saved = (data as unknown as { locale?: unknown } | null)?.locale;
  const known = checkoutRequest.shape.locale.safeParse(saved);
  return known.success ? known.data : undefined;
}
