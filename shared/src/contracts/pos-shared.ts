// What the three point-of-sale functions' contracts share: a recorded sales batch and
// the till API's refusals ({ error: { code, message, details } } with Retry-After / WWW-Authenticate).
import { z } from 'zod';
import { invalidInputDetails, methodNotAllowedDetails } from './envelope.ts';

export const recordedLine = z.object({
  line: z.number().int(),
  external_id: z.string().nullable(),
  status: z.enum(['accepted', 'duplicate', 'rejected']),
  reason: z.string().optional(),
  sale_id: z.string().optional(),
  royalty_cents: z.number().int().optional(),
  royalty_currency: z.string().optional(),
});
export const recordResult = z.object({
  accepted: z.number().int(),
  duplicate: z.number().int(),
  rejected: z.number().int(),
  replayed: z.boolean(),
  results: z.array(recordedLine),
});
export type RecordedLine = z.infer<typeof recordedLine>;
export type RecordResult = z.infer<typeof recordResult>;

/** A till key's refusals (pos_authenticate), common to pos-catalog and pos-sales. */
export const TILL_KEY_ERRORS = {
  missing_key: z.null(),
  invalid_key: z.null(),
  rate_limited: z.null(),
  plan_required: z.null(),
  method_not_allowed: methodNotAllowedDetails,
  invalid_request: z.union([z.null(), invalidInputDetails]),
  server_error: z.null(),
} as const;
