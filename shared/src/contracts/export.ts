// The account export's wire: what supabase/functions/export answers and what
// mf-account sends it. The function does not build the ZIP (a library of hundreds of stamped
// PDFs does not fit hosted's 256 MB / 2 s CPU per call): it answers a plan — the account's data
// as JSON, the list of owned patterns to fetch one by one from /download (each a stamped copy,
// recorded and counted there), the ones it already knows are left out, and a signed upload for
// the finished ZIP. The browser builds the ZIP (shared/src/account/exportArchive.ts), uploads it
// and asks the function to mail the one-hour link (step "mail").
import { z } from 'zod';
import { PATTERN_FORMATS } from '../catalog/formats.ts';

export const EXPORT_BUCKET = 'account-exports';
/** How long the emailed link works. */
export const EXPORT_LINK_SECONDS = 3600;
/** A plan's upload may be mailed this long after it was made (the signed upload URL's own life). */
export const EXPORT_UPLOAD_SECONDS = 7200;

/** Why an owned pattern is not in the ZIP (written into stitchhouse-account.json as patterns_not_included). */
export const notIncluded = z.object({
  pattern_id: z.string(),
  title: z.string(),
  code: z.enum(['file_missing', 'rate_limited', 'not_available', 'file_damaged', 'unavailable']),
  reason: z.string().min(1),
});
export type NotIncluded = z.infer<typeof notIncluded>;

export const exportPattern = z.object({
  pattern_id: z.string(),
  title: z.string(),
  format: z.enum(PATTERN_FORMATS),
  /** Its path in the ZIP: patterns/<Title>-<id8>-<format>-v<version>.pdf */
  file: z.string().regex(/^patterns\/[A-Za-z0-9-]+\.pdf$/),
});
export type ExportPattern = z.infer<typeof exportPattern>;

/** POST /export {} or {step: "start"}: the plan. */
export const exportStart = z.object({ step: z.literal('start').optional() }).strict();
/** POST /export {step: "mail", path, patterns, not_included}: the uploaded ZIP's one-hour link, by email. */
export const exportMail = z
  .object({
    step: z.literal('mail'),
    path: z.string().min(1),
    /** What the ZIP holds, for the email's words. */
    patterns: z.number().int().min(0),
    not_included: z.number().int().min(0),
  })
  .strict();
export const exportRequest = z.union([exportMail, exportStart]);
export type ExportRequest = z.infer<typeof exportRequest>;

export const exportPlan = z.object({
  exported_at: z.string(),
  email: z.string().nullable(),
  /** profile, roles, orders, library, downloads, stores, wholesale: each as row-level security lets the member read it */
  account: z.record(z.string(), z.unknown()),
  patterns: z.array(exportPattern),
  not_included: z.array(notIncluded),
  /** A signed upload (service-signed, two hours) to the member's own folder of the private bucket. */
  upload: z.object({ bucket: z.literal(EXPORT_BUCKET), path: z.string(), token: z.string().min(1) }),
});
export type ExportPlan = z.infer<typeof exportPlan>;

export const exportMailed = z.object({
  mailed: z.boolean(),
  /** When the emailed link stops working. */
  expires_at: z.string(),
});
export type ExportMailed = z.infer<typeof exportMailed>;

/** The codes /export answers, with their status. */
export const EXPORT_ERRORS = {
  bad_request: 400,
  not_signed_in: 401,
  aal2_required: 403,
  not_your_export: 403,
  export_missing: 404,
  upload_expired: 410,
  server_error: 500,
} as const;
export type ExportErrorCode = keyof typeof EXPORT_ERRORS;
