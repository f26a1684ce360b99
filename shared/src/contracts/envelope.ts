// The one error shape every Edge function answers: `{ error: { code, message, details } }`.
// `code` is stable (a contract's error codes list them), `message` is written for the person
// in front of the screen, `details` carries what the code's contract says (ids, limits, minutes
// to wait; an object, or a list such as price_changed's changes) and is `null` when the code has none. Functions build it in
// supabase/functions/_shared/handler.ts; remotes read it with `functionError` (./functionError.ts,
// without zod: the error readers are on every page, home included, which downloads no zod).
import '../zodNoEval.ts';
import { z } from 'zod';
import type { FunctionErrorBody } from './functionError.ts';

export type { FunctionErrorBody } from './functionError.ts';

export const errorEnvelope = z.object({
  error: z.object({
    code: z.string().min(1),
    message: z.string().min(1),
    details: z.union([z.record(z.string(), z.unknown()), z.array(z.unknown())]).nullable(),
  }),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelope>;
// The schema and the zod-free reader describe one body: a compile error if they drift.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
true satisfies Same<ErrorEnvelope['error'], FunctionErrorBody>;

/** details of a 400 for an input that does not fit the request schema: each issue and the field it is about. */
export const invalidInputDetails = z.object({ issues: z.array(z.object({ path: z.string(), message: z.string() })) });
/** details of a 405: the methods the function takes. */
export const methodNotAllowedDetails = z.object({ allowed: z.array(z.string()) });

/**
 * The envelope for one contract's codes: `details` checked by the code's own schema.
 * `codes` maps each code to the schema of its details (`z.null()` for none).
 */
export function errorEnvelopeOf<const C extends Record<string, z.ZodType>>(codes: C) {
  const variants = Object.entries(codes).map(([code, details]) =>
    z.object({ error: z.object({ code: z.literal(code), message: z.string().min(1), details }) }),
  );
  return z.union(variants as unknown as [z.ZodType, z.ZodType, ...z.ZodType[]]) as unknown as z.ZodType<{
    error: { [K in keyof C]: { code: K; message: string; details: z.infer<C[K]> } }[keyof C];
  }>;
}
