// The download function's wire: POST /download {pattern_id, format?, expires?} or
// GET /download/<pattern_id>?format=&expires= with the buyer's session; the answer is the stamped
// PDF (Content-Disposition names the file), or for a copy stamped for the buyer before a 302 to a
// short signed storage URL of it (`?download=<file name>`: storage's Content-Disposition names it);
// a refusal is the one error shape with a code below.
// The function (supabase/functions/download) and mf-catalog (api/download.ts, the
// /download/error?reason= page) both read this file.
import { z } from 'zod';
import { PATTERN_FORMATS } from '../catalog/formats.ts';
import { errorEnvelopeOf, invalidInputDetails } from './envelope.ts';

/** The other forms of a generated file: the 36-inch roll beside A0, the dark projector page. */
export const DOWNLOAD_VARIANTS = ['roll36', 'dark'] as const;
export type DownloadVariant = (typeof DOWNLOAD_VARIANTS)[number];

export const downloadRequest = z.object({
  pattern_id: z.string().trim().min(1, { error: 'pattern_id is required' }),
  format: z.enum(PATTERN_FORMATS, { error: 'format must be a4, us_letter, a0 or projector' }).optional(),
  // email links carry an expiry (unix seconds); the session, not the link, is the credential
  expires: z.coerce.number().int().positive().optional(),
  // print only these sizes: their layers on, other sizes' off, home tiles only others need left out;
  // a list, or in a GET query the labels comma-separated
  sizes: z
    .preprocess(
      (v) =>
        typeof v === 'string'
          ? v
              .split(',')
              .map((s) => s.trim())
              .filter(Boolean)
          : v,
      z.array(z.string().min(1).max(40, { error: 'A size label is at most 40 characters' })).max(60, { error: 'At most 60 sizes' }),
    )
    .optional(),
  // a generated file's other form: the copy shop's 36-inch roll (a0), the dark projector page
  variant: z.enum(DOWNLOAD_VARIANTS, { error: 'variant must be roll36 or dark' }).optional(),
});
export type DownloadRequest = z.infer<typeof downloadRequest>;

/** The answer's headers a client reads: a PDF, named (storage adds the RFC 5987 form of the same name). */
export const downloadResponseHeaders = z.object({
  'content-type': z.literal('application/pdf'),
  'content-disposition': z
    .string()
    .regex(/^attachment; filename="([a-z0-9-]+-(a4|us-letter|a0|a0-roll36|projector|projector-dark)-v\d+\.pdf)"(; filename\*=UTF-8''\1)?$/),
});

/** Each refusal: its HTTP status, its default words and the schema of its details. */
export const DOWNLOAD_ERRORS = {
  not_signed_in: { status: 401, message: 'Sign in to download your patterns.', details: z.null() },
  aal2_required: { status: 403, message: 'Enter a code from your authenticator app first: this action needs a second factor.', details: z.null() },
  not_owned: { status: 403, message: 'You have not purchased this pattern.', details: z.null() },
  file_missing: { status: 404, message: 'This pattern has no file in that format yet.', details: z.null() },
  file_damaged: { status: 422, message: 'The pattern file could not be prepared for download.', details: z.null() },
  link_expired: { status: 410, message: 'This download link has expired.', details: z.null() },
  rate_limited: { status: 429, message: 'Download limit reached for this pattern.', details: z.object({ retry_after_minutes: z.number().int().positive() }) },
  bad_request: { status: 400, message: 'The download request is not valid.', details: z.union([z.null(), invalidInputDetails]) },
  server_error: { status: 500, message: 'The download could not be prepared. Please try again in a moment.', details: z.null() },
} as const;
export type DownloadErrorCode = keyof typeof DOWNLOAD_ERRORS;
export const DOWNLOAD_ERROR_CODES = Object.keys(DOWNLOAD_ERRORS) as DownloadErrorCode[];

export const downloadError = errorEnvelopeOf(
  Object.fromEntries(DOWNLOAD_ERROR_CODES.map((code) => [code, DOWNLOAD_ERRORS[code].details])) as {
    [K in DownloadErrorCode]: (typeof DOWNLOAD_ERRORS)[K]['details'];
  },
);
