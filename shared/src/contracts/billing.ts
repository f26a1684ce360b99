// The billing function's wire: the Pro plan's checkout or the billing portal for a
// store the caller owns. supabase/functions/billing and mf-payments (api/plan.ts) read it.
import { z } from 'zod';
import { errorEnvelopeOf, invalidInputDetails, methodNotAllowedDetails } from './envelope.ts';
import { LOCALES } from '../i18n/locales.ts';

/** The language the hosted checkout or portal speaks (a member without it gets their profile's language, then the browser's). */
const locale = z.enum(LOCALES, { error: `locale must be one of ${LOCALES.join(', ')}` }).optional();

export const billingRequest = z.discriminatedUnion(
  'action',
  [
    z.object({
      action: z.literal('subscribe'),
      store_id: z.guid({ error: 'store_id must be a store id' }),
      plan: z.literal('pro', { error: 'plan must be pro (Free needs no subscription)' }),
      interval: z.enum(['month', 'year'], { error: 'interval must be month or year' }),
      locale,
    }),
    z.object({ action: z.literal('portal'), store_id: z.guid({ error: 'store_id must be a store id' }), locale }),
    // Pro monthly ↔ yearly, as Stripe's portal switches it: the subscription's item moves to the other
    // price with prorations, billed at once (the billing period restarts on the new interval)
    z.object({
      action: z.literal('switch'),
      store_id: z.guid({ error: 'store_id must be a store id' }),
      interval: z.enum(['month', 'year'], { error: 'interval must be month or year' }),
    }),
    // the member's saved language (profiles.locale) onto the billing customer of every store they
    // own, so the invoices and receipts Stripe sends for renewals follow a change of language
    z.object({ action: z.literal('language') }),
  ],
  { error: 'action must be subscribe, portal, switch or language' },
);
export type BillingRequest = z.input<typeof billingRequest>;

/** Where the person goes next: the provider's hosted checkout or portal. */
export const billingResponse = z.object({ url: z.url() });

/** The language followed: how many billing customers now carry it (0 for a member without a store on a plan). */
export const billingLanguageResponse = z.object({ customers: z.number().int().nonnegative() });
export type BillingLanguageAnswer = z.infer<typeof billingLanguageResponse>;

/** The switch done: the new interval and period, what the card was charged now and the unused time credited. */
export const billingSwitchResponse = z.object({
  interval: z.enum(['month', 'year']),
  current_period_end: z.iso.datetime({ offset: true }),
  /** Charged to the card now (0 when the credit covers the new price). */
  charged_cents: z.number().int().nonnegative(),
  /** The unused time of the old price, taken off (what is left over stays as credit for the next invoices). */
  credit_cents: z.number().int().nonnegative(),
  currency: z.string(),
});
export type BillingSwitchAnswer = z.infer<typeof billingSwitchResponse>;

export const BILLING_ERRORS = {
  not_signed_in: z.null(),
  aal2_required: z.null(),
  invalid_request: z.union([z.null(), invalidInputDetails]),
  method_not_allowed: methodNotAllowedDetails,
  payments_unavailable: z.null(),
  provider_error: z.null(),
  not_found: z.null(),
  forbidden: z.null(),
  already_subscribed: z.null(),
  no_subscription: z.null(),
  same_interval: z.null(),
  subscription_ending: z.null(),
  card_declined: z.null(),
  server_error: z.null(),
} as const;
export const billingError = errorEnvelopeOf(BILLING_ERRORS);
export type BillingAnswer = z.infer<typeof billingResponse>;
