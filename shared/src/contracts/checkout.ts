// The checkout function's wire: the cart it prices, the quote it answers (preview,
// order) and each refusal's code with its details. supabase/functions/checkout and mf-payments
// (api/checkout.ts, features/checkout/problems.ts) both read this file.
//   POST /checkout { items, discount_code?, country, preview?, email?, referral?, partner_code?, locale? }
//   POST /checkout { cancel_order }
import { z } from 'zod';
import { MAX_PRINT_QUANTITY } from '../cart/keys.ts';
import { isSellingCountry } from '../countries.ts';
import { errorEnvelopeOf, invalidInputDetails, methodNotAllowedDetails } from './envelope.ts';
import { ORDER_ITEM_KINDS } from '../statuses.ts';
import { LOCALES } from '../i18n/locales.ts';

export const MAX_CHECKOUT_LINES = 50;
export const LINE_KINDS = ORDER_ITEM_KINDS;

export const checkoutItem = z.object({
  pattern_id: z.guid({ error: 'pattern_id must be a pattern id' }),
  // checked by the function so a bad quantity gets its own code (invalid_quantity, up to MAX_PRINT_QUANTITY)
  quantity: z.number({ error: 'quantity must be a number' }),
  kind: z.enum(LINE_KINDS, { error: 'kind must be digital or wholesale_print' }).default('digital'),
  expected_unit_price_cents: z.number().int().nonnegative().optional(),
});
export type CheckoutItem = z.infer<typeof checkoutItem>;

export const checkoutRequest = z.object({
  items: z
    .array(checkoutItem, { error: 'items must be a list of cart lines' })
    .max(MAX_CHECKOUT_LINES, { error: `A cart holds at most ${MAX_CHECKOUT_LINES} lines` }),
  discount_code: z.string().trim().max(32, { error: 'discount_code is at most 32 characters' }).nullish(),
  country: z
    .string({ error: 'country is required (two-letter ISO code such as "DE")' })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, { error: 'country must be a two-letter ISO code such as "DE"', abort: true })
    // only the VAT table's countries (countries.ts VAT_RATES): an unknown code gets no made-up 0 %
    .refine(isSellingCountry, {
      error: (issue) => `Stitchhouse does not sell to "${String(issue.input)}"; choose one of the countries in the list (an ISO code such as "DE")`,
    }),
  preview: z.boolean().optional(),
  // a guest's receipt address; members' orders use their account's address
  email: z
    .string({ error: 'email must be an email address' })
    .trim()
    .toLowerCase()
    .pipe(z.email({ error: 'email must be an email address such as you@example.com' }).max(254, { error: 'email is at most 254 characters' }))
    .optional(),
  // the buyer's last referral click (shared/src/partners/referral.ts); a malformed one is ignored like an unknown one
  referral: z
    .object({ code: z.string().trim().max(16), click_id: z.guid() })
    .nullish()
    .catch(null),
  // a reseller's code the buyer typed: checked (partner_code_invalid / partner_code_own) and, on
  // ordering, recorded as a click made now, so it wins over an older link click (last click wins)
  partner_code: z
    .string({ error: 'partner_code must be text' })
    .trim()
    .toUpperCase()
    .max(16, { error: 'A partner code is at most 16 letters and digits' })
    .nullish(),
  // the language the buyer reads the page in: Stripe's payment page speaks it (a member without
  // it gets their profile's language, then the browser's)
  locale: z.enum(LOCALES, { error: `locale must be one of ${LOCALES.join(', ')}` }).optional(),
});
export type CheckoutRequest = z.input<typeof checkoutRequest>;

export const cancelCheckoutRequest = z.object({ cancel_order: z.guid({ error: 'cancel_order must be an order id' }) });

const cents = z.number().int();
export const quoteLine = z.object({
  pattern_id: z.string(),
  title: z.string(),
  store_name: z.string(),
  kind: z.enum(LINE_KINDS),
  quantity: z.number().int().min(1).max(MAX_PRINT_QUANTITY),
  unit_price_cents: cents,
  discount_cents: cents,
  vat_cents: cents,
  total_cents: cents,
});
/** VAT, discount and total as the server computes them from database prices (tax-inclusive). */
export const checkoutQuote = z.object({
  currency: z.string().regex(/^[A-Z]{3}$/),
  lines: z.array(quoteLine),
  subtotal_cents: cents,
  discount_cents: cents,
  vat_cents: cents,
  vat_rate_bp: z.number().int().nonnegative(),
  total_cents: cents,
});
export type QuoteLine = z.infer<typeof quoteLine>;
export type CheckoutQuote = z.infer<typeof checkoutQuote>;

export const checkoutPreviewResponse = z.object({ quote: checkoutQuote, partner_code: z.string().optional() });
export const checkoutOrderResponse = z.object({ order_id: z.guid(), url: z.url(), quote: checkoutQuote, partner_code: z.string().optional() });
export const cancelCheckoutResponse = z.object({ order_id: z.guid(), status: z.string() });

const patternIds = z.object({ pattern_ids: z.array(z.string()) });
const onePattern = z.object({ pattern_id: z.string(), min_quantity: z.number().int().optional() });
const partnerCode = z.object({ partner_code: z.string() });
/** Each refusal's code and what its details carry. */
export const CHECKOUT_ERRORS = {
  not_signed_in: z.null(),
  aal2_required: z.null(),
  invalid_request: z.union([z.null(), invalidInputDetails]),
  method_not_allowed: methodNotAllowedDetails,
  email_required: z.null(),
  empty_cart: z.null(),
  invalid_quantity: onePattern,
  pattern_unavailable: patternIds,
  price_changed: z.array(z.object({ pattern_id: z.string(), old_unit_price_cents: cents.optional(), new_unit_price_cents: cents })),
  mixed_currencies: z.object({ currencies: z.array(z.string()) }),
  already_owned: patternIds,
  own_pattern: patternIds,
  free_pattern: patternIds,
  wholesale_not_approved: z.null(),
  discount_invalid: z.null(),
  discount_expired: z.null(),
  discount_exhausted: z.null(),
  partner_code_invalid: partnerCode,
  partner_code_own: partnerCode,
  order_not_found: z.null(),
  payments_unavailable: z.null(),
  provider_error: z.null(),
  server_error: z.null(),
} as const;
export type CheckoutErrorCode = keyof typeof CHECKOUT_ERRORS;
export const checkoutError = errorEnvelopeOf(CHECKOUT_ERRORS);
