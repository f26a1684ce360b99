// The pos-import function's wire: the shop owner's session sends the rows of a sales
// CSV the page read; each row is judged again (shared/src/pos/sales.ts) and the good ones recorded.
// supabase/functions/pos-import and mf-partners (api/pointOfSale.ts) read it.
import { z } from 'zod';
import { MAX_CSV_ROWS } from '../pos/sales.ts';
import { errorEnvelopeOf, invalidInputDetails, methodNotAllowedDetails } from './envelope.ts';
import { recordResult } from './pos-shared.ts';

export const posImportRequest = z.object({
  store_id: z.guid({ error: 'store_id must be your shop’s id' }),
  rows: z
    .array(z.record(z.string(), z.unknown()), { error: 'rows must be the rows of your file' })
    .min(1, { error: 'The file has no sales' })
    .max(MAX_CSV_ROWS, { error: `Upload at most ${MAX_CSV_ROWS} rows at a time` }),
});
export const posImportResponse = recordResult;
export type PosImportAnswer = z.infer<typeof posImportResponse>;
export type { RecordedLine } from './pos-shared.ts';

export const POS_IMPORT_ERRORS = {
  not_signed_in: z.null(),
  aal2_required: z.null(),
  invalid_request: z.union([z.null(), invalidInputDetails]),
  method_not_allowed: methodNotAllowedDetails,
  not_your_shop: z.null(),
  server_error: z.null(),
} as const;
export const posImportError = errorEnvelopeOf(POS_IMPORT_ERRORS);
