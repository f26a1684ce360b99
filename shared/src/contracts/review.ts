// The wire of the two review functions, wholesale-review and partner-review: an
// operator approves or rejects an application; the applicant is emailed. The functions
// (supabase/functions/_shared/review.ts) and shared/src/review.ts (the operators' screens) read it.
import { z } from 'zod';
import { errorEnvelopeOf, invalidInputDetails, methodNotAllowedDetails } from './envelope.ts';

export const REVIEW_FUNCTIONS = ['wholesale-review', 'partner-review'] as const;

export const reviewRequest = z.object({
  application_id: z.guid({ error: 'application_id must be an application id' }),
  decision: z.enum(['approve', 'reject'], { error: 'decision must be approve or reject' }),
  reason: z.string().trim().max(2000, { error: 'reason: use at most 2000 characters' }).optional(),
});

/** The decided application (its row) and whether the applicant got the mail. */
export const reviewResponse = z.object({
  application: z.object({ user_id: z.string(), status: z.enum(['approved', 'rejected']) }).loose(),
  emailed: z.boolean(),
});

export const REVIEW_ERRORS = {
  not_signed_in: z.null(),
  aal2_required: z.null(),
  bad_request: z.union([z.null(), invalidInputDetails]),
  method_not_allowed: methodNotAllowedDetails,
  forbidden: z.null(),
  not_pending: z.null(),
  reason_required: z.null(),
  server_error: z.null(),
} as const;
export const reviewError = errorEnvelopeOf(REVIEW_ERRORS);
export type ReviewAnswer = z.infer<typeof reviewResponse>;
