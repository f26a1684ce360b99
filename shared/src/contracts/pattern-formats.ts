// The pattern-formats function's wire: the store owner turns one master PDF into every
// print format, one step a call (each step stays inside hosted Edge Function limits):
//   POST {pattern_id, step: 'check', master_version}  the master uploaded to
//        pattern-files/<store>/<pattern>/master/v<master_version>.pdf is checked and recorded:
//        its sheets, its layers matched to the pattern's sizes, the pages each format will have;
//   POST {pattern_id, step: 'format', master_version, format}  one format made and stored, not yet
//        applied (a0 brings the 36-inch roll, projector its dark variant);
//   POST {pattern_id, step: 'apply', master_version, changes?}  every format applied at once;
//        a format the designer uploaded themselves is kept.
// A refused master answers 422 with the code saying why and nothing is published.
// supabase/functions/pattern-formats and mf-catalog (api/publish.ts) read this file.
import { z } from 'zod';
import { PATTERN_FORMATS } from '../catalog/formats.ts';
import { errorEnvelopeOf, invalidInputDetails, methodNotAllowedDetails } from './envelope.ts';

const base = {
  pattern_id: z.uuid({ error: 'pattern_id must be a pattern id' }),
  master_version: z.number().int().positive({ error: 'master_version must be a positive whole number' }),
};

export const patternFormatsRequest = z.discriminatedUnion(
  'step',
  [
    z.object({ ...base, step: z.literal('check') }),
    z.object({ ...base, step: z.literal('format'), format: z.enum(PATTERN_FORMATS, { error: 'format must be a4, us_letter, a0 or projector' }) }),
    z.object({ ...base, step: z.literal('apply'), changes: z.string().max(2000, { error: 'The note is longer than 2,000 characters' }).optional() }),
  ],
  { error: 'step must be check, format or apply' },
);

const layerMatch = z.object({ name: z.string(), size: z.string().nullable() });

export const checkAnswer = z.object({
  sheets: z.array(z.object({ width_pt: z.number(), height_pt: z.number() })),
  layers: z.array(layerMatch),
  /** The layers that match no size of the pattern (printed with every size). */
  unmatched: z.array(z.string()),
  /** The pages each format will have (home tiles: blank tiles already left out). */
  pages: z.record(z.enum(PATTERN_FORMATS), z.number().int()),
  /** Formats the designer uploaded themselves: kept, not replaced. */
  kept_own: z.array(z.enum(PATTERN_FORMATS)),
});

export const formatAnswer = z.object({
  format: z.enum(PATTERN_FORMATS),
  pages: z.number().int(),
  variants: z.record(z.string(), z.object({ pages: z.number().int() })),
  kept_own: z.boolean(),
});

export const applyAnswer = z.object({
  formats: z.record(z.string(), z.object({ kept_own: z.boolean(), pages: z.number().int().nullable() })),
  pattern_version: z.number().int().nullable(),
  notify: z.boolean(),
});

export const PATTERN_FORMATS_ERRORS = {
  not_signed_in: z.null(),
  aal2_required: z.null(),
  bad_request: z.union([z.null(), invalidInputDetails]),
  method_not_allowed: methodNotAllowedDetails,
  not_found: z.null(),
  /** The master or a format was replaced meanwhile (another tab, another run). */
  conflict: z.null(),
  master_missing: z.null(),
  master_unreadable: z.null(),
  master_encrypted: z.null(),
  /** The first sheet no larger than A3 (1-based) and its size. */
  master_too_small: z.object({ sheet: z.number().int(), width_mm: z.number(), height_mm: z.number() }),
  master_too_many_sheets: z.object({ sheets: z.number().int(), max: z.number().int() }),
  master_too_large: z.object({ mb: z.number(), max_mb: z.number() }),
  /** The master has layers and none is named after a size of the pattern. */
  layers_unmatched: z.object({ layers: z.array(z.string()), sizes: z.array(z.string()) }),
  /** apply before every format was made, or without the note a published pattern's new version needs. */
  not_ready: z.null(),
  server_error: z.null(),
} as const;
export const patternFormatsError = errorEnvelopeOf(PATTERN_FORMATS_ERRORS);
export type CheckAnswer = z.infer<typeof checkAnswer>;
export type FormatAnswer = z.infer<typeof formatAnswer>;
export type ApplyAnswer = z.infer<typeof applyAnswer>;

/** Where a store uploads a master. */
export function masterPath(storeId: string, patternId: string, version: number): string {
  return `${storeId}/${patternId}/master/v${version}.pdf`;
}
