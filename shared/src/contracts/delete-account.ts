// The delete-account function's wire: the member re-enters their password (and their
// authenticator code when they have one) and the account is closed. supabase/functions/delete-account
// and mf-account (api/closing.ts) read it.
import { z } from 'zod';
import { errorEnvelopeOf, invalidInputDetails, methodNotAllowedDetails } from './envelope.ts';

export const deleteAccountRequest = z.object({
  password: z.string().min(1, { error: 'password is required' }),
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, { error: 'code must be the 6 digits from the authenticator app' })
    .optional(),
});

export const deleteAccountResponse = z.object({
  deleted: z.literal(true),
  emailed: z.boolean(),
  stores_closed: z.number().int(),
  stores_removed: z.number().int(),
  orders_anonymised: z.number().int(),
  reviews_removed: z.number().int(),
  files_removed: z.number().int(),
});

export const DELETE_ACCOUNT_ERRORS = {
  not_signed_in: z.null(),
  aal2_required: z.null(),
  bad_request: z.union([z.null(), invalidInputDetails]),
  method_not_allowed: methodNotAllowedDetails,
  wrong_password: z.null(),
  code_required: z.null(),
  wrong_code: z.null(),
  rate_limited: z.null(),
  server_error: z.null(),
} as const;
export const deleteAccountError = errorEnvelopeOf(DELETE_ACCOUNT_ERRORS);
export type DeleteAccountAnswer = z.infer<typeof deleteAccountResponse>;
