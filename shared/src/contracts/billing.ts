// The billing function's wire (issue 32): the Pro plan's checkout or the billing portal for a
// store the caller owns. supabase/functions/billing and mf-payments (api/stores.ts) read it.
import { z } from 'zod';
import { errorEnvelopeOf, invalidInputDetails, methodNotAllowedDetails } from './envelope.ts';

export const billingRequest = z.discriminatedUnion('action', [
  z.object({
    action: z.literal('subscribe'),
    store_id: z.guid({ error: 'store_id must be a store id' }),
    plan: z.literal('pro', { error: 'plan must be pro (Free needs no subscription)' }),
    interval: z.enum(['month', 'year'], { error: 'interval must be month or year' }),
  }),
  z.object({ action: z.literal('portal'), store_id: z.guid({ error: 'store_id must be a store id' }) }),
], { error: 'action must be subscribe or portal' });
export type BillingRequest = z.input<typeof billingRequest>;

/** Where the person goes next: the provider's hosted checkout or portal. */
export const billingResponse = z.object({ url: z.url() });

export const BILLING_ERRORS = {
  not_signed_in: z.null(), aal2_required: z.null(), invalid_request: z.union([z.null(), invalidInputDetails]), method_not_allowed: methodNotAllowedDetails,
  payments_unavailable: z.null(), provider_error: z.null(), not_found: z.null(), forbidden: z.null(), already_subscribed: z.null(), no_subscription: z.null(),
  server_error: z.null(),
} as const;
export const billingError = errorEnvelopeOf(BILLING_ERRORS);
export type BillingAnswer = z.infer<typeof billingResponse>;
