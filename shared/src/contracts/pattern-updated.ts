// The pattern-updated function's wire: the store owner tells a new version's buyers,
// once per version, at most one mail per pattern a day. supabase/functions/pattern-updated and
// mf-catalog (api/publish.ts) read it.
import { z } from 'zod';
import { errorEnvelopeOf, invalidInputDetails, methodNotAllowedDetails } from './envelope.ts';

export const patternUpdatedRequest = z.object({
  pattern_id: z.uuid({ error: 'pattern_id must be a pattern id' }),
  version: z.number().int().positive({ error: 'version must be a positive whole number' }),
});

export const patternUpdatedResponse = z.object({
  sent: z.number().int(),
  failed: z.number().int().optional(),
  already_notified_at: z.string().optional(),
});

export const PATTERN_UPDATED_ERRORS = {
  not_signed_in: z.null(),
  aal2_required: z.null(),
  bad_request: z.union([z.null(), invalidInputDetails]),
  method_not_allowed: methodNotAllowedDetails,
  not_found: z.null(),
  /** retry_after: when the next update mail of this pattern may go (the database's words). */
  rate_limited: z.object({ retry_after: z.string().nullable() }),
  server_error: z.null(),
} as const;
export const patternUpdatedError = errorEnvelopeOf(PATTERN_UPDATED_ERRORS);
export type PatternUpdatedAnswer = z.infer<typeof patternUpdatedResponse>;
