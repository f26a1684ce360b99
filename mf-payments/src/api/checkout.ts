// The checkout function: a quote (preview) and the hosted payment page of one currency's cart.
import type { CartLine } from '@stitchhouse/shared/cart/index.ts';
import type { CheckoutQuote as Quote } from '@stitchhouse/shared/contracts/checkout.ts';
import { activeLocale } from '@stitchhouse/shared/i18n/index.ts';
import { rememberedReferral } from '@stitchhouse/shared/partners/referral.ts';
import { callPaymentFunction } from './functions.ts';

/** The checkout contract's quote (shared/src/contracts/checkout.ts). */
export type { CheckoutQuote as Quote, QuoteLine } from '@stitchhouse/shared/contracts/checkout.ts';

export interface CheckoutRequest {
  lines: readonly CartLine[];
  country: string;
  discountCode?: string;
  /** A reseller's code the buyer typed (credited instead of an older link click). */
  partnerCode?: string;
  /** A guest's receipt address (anonymous session); members' orders use their account's. */
  guestEmail?: string;
}

/**
 * Query keys of the checkout's quotes (TanStack Query, shared/src/query/client.ts): a quote is
 * keyed by what the server prices, the lines (pattern, kind, quantity, the price the buyer saw),
 * the country and the codes.
 */
export const checkoutKeys = {
  all: ['payments', 'checkout'] as const,
  quote: ({ lines, country, discountCode, partnerCode }: CheckoutRequest) =>
    [
      ...checkoutKeys.all,
      'quote',
      lines.map((l) => [l.patternId, l.kind, l.quantity, l.unitPriceCents]),
      country,
      discountCode ?? null,
      partnerCode ?? null,
    ] as const,
};

function body({ lines, country, discountCode, partnerCode, guestEmail }: CheckoutRequest, preview: boolean) {
  return {
    items: lines.map((line) => ({
      pattern_id: line.patternId,
      quantity: line.quantity,
      kind: line.kind,
      expected_unit_price_cents: line.unitPriceCents,
    })),
    ...(discountCode ? { discount_code: discountCode } : {}),
    ...(partnerCode ? { partner_code: partnerCode } : {}),
    country,
    preview,
    ...(guestEmail && !preview ? { email: guestEmail } : {}),
    // Stripe's payment page in the language this page is in
    ...(preview ? {} : { locale: activeLocale() }),
    ...referral(preview),
  };
}

/** The buyer's last reseller link click within the window (the server checks it again), for the order. */
function referral(preview: boolean) {
  const last = preview ? null : rememberedReferral();
  return last ? { referral: { code: last.code, click_id: last.clickId } } : {};
}

/** What a preview answers: the quote and, when a typed partner code holds, that code. */
export interface QuoteAnswer {
  quote: Quote;
  partner_code?: string;
}

/** VAT, discount and total as the server computes them from database prices (nothing is charged). */
export function quoteCheckout(request: CheckoutRequest): Promise<QuoteAnswer> {
  return callPaymentFunction<QuoteAnswer>('checkout', body(request, true));
}

/** Creates the order and the payment session; the caller goes to `url` (the provider's hosted page). */
export function startCheckout(request: CheckoutRequest): Promise<{ order_id: string; url: string; quote: Quote }> {
  return callPaymentFunction('checkout', body(request, false));
}

/**
 * The buyer came back from the payment page without paying (its cancel link): the server closes
 * that checkout, so the discount code it held is free for others. A paid order is left as it is.
 */
export async function cancelCheckout(orderId: string): Promise<{ order_id: string; status: string }> {
  return callPaymentFunction('checkout', { cancel_order: orderId });
}
