// The payout-account function's wire: Stripe Connect onboarding link and the payee's
// status. supabase/functions/payout-account and mf-payments (api/payouts.ts) read it.
import { z } from 'zod';
import { errorEnvelopeOf, invalidInputDetails, methodNotAllowedDetails } from './envelope.ts';

export const payoutAccountRequest = z.object({ action: z.enum(['onboard', 'status'], { error: 'action must be onboard or status' }) });

export const payoutOnboardResponse = z.object({ url: z.url() });
export const payoutAccountState = z.object({
  details_submitted: z.boolean(),
  charges_enabled: z.boolean(),
  payouts_enabled: z.boolean(),
  requirements_due: z.array(z.string()),
});
export const payoutStatusResponse = z.object({
  account: payoutAccountState.nullable(),
  held_cents_by_currency: z.record(z.string(), z.number().int()),
  paid_cents_by_currency: z.record(z.string(), z.number().int()),
});
export type PayoutAccount = z.infer<typeof payoutAccountState>;
export type PayoutStatus = z.infer<typeof payoutStatusResponse>;

export const PAYOUT_ACCOUNT_ERRORS = {
  not_signed_in: z.null(),
  aal2_required: z.null(),
  invalid_request: z.union([z.null(), invalidInputDetails]),
  method_not_allowed: methodNotAllowedDetails,
  payments_unavailable: z.null(),
  provider_error: z.null(),
  server_error: z.null(),
} as const;
export const payoutAccountError = errorEnvelopeOf(PAYOUT_ACCOUNT_ERRORS);
export type PayoutOnboardAnswer = z.infer<typeof payoutOnboardResponse>;
