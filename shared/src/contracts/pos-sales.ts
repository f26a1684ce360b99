// The pos-sales function's wire: POST {"lines": [...]} with a till key and an
// Idempotency-Key → each line accepted, duplicate or rejected (Idempotent-Replayed on a resend).
// The lines' rules are shared/src/pos/sales.ts (the CSV upload judges with the same ones).
import { z } from 'zod';
import { errorEnvelopeOf } from './envelope.ts';
import { recordResult, TILL_KEY_ERRORS } from './pos-shared.ts';

export { salesRequestSchema as posSalesRequest } from '../pos/sales.ts';
export const posSalesResponse = recordResult;

export const POS_SALES_ERRORS = {
  ...TILL_KEY_ERRORS,
  idempotency_key_required: z.null(),
  idempotency_key_reused: z.null(),
  invalid_json: z.null(),
} as const;
export const posSalesError = errorEnvelopeOf(POS_SALES_ERRORS);
