// The designer-message function's wire ("Ask the designer"): a buyer asks a pattern's
// designer (or a store) a question, either side answers in the thread; the other side is mailed
// (at most one mail per thread and side each 15 minutes). supabase/functions/designer-message and
// mf-account (api/messages.ts) read it. The database says the same limits
// (supabase/migrations/20261202007000_designer_messages.sql: send_designer_message).
import { z } from 'zod';
import { sharedText } from '../formatLocale.ts';
import { errorEnvelopeOf, invalidInputDetails, methodNotAllowedDetails } from './envelope.ts';

/** The longest message, in characters (the database's message_max_length()). */
export const MESSAGE_MAX_LENGTH = 4000;

/**
 * The message's words: what the composer and the function check. Its refusals in the page's
 * language on a page; in the function (no catalog loaded) the API's English.
 */
export const messageBody = z
  .string()
  .trim()
  .min(1, { error: () => sharedText(/*i18n*/ 'shared.messages.empty', 'Write a message first') })
  .max(MESSAGE_MAX_LENGTH, {
    error: () => sharedText(/*i18n*/ 'shared.messages.tooLong', 'A message can be at most {max} characters', { max: MESSAGE_MAX_LENGTH }),
  });

/** A message into one of the caller's threads, or a new question about a pattern or a store. */
export const designerMessageRequest = z
  .object({
    body: messageBody,
    thread_id: z.guid({ error: 'thread_id must be a conversation id' }).optional(),
    pattern_id: z.guid({ error: 'pattern_id must be a pattern id' }).optional(),
    store_id: z.guid({ error: 'store_id must be a store id' }).optional(),
  })
  .refine((r) => r.thread_id !== undefined || r.pattern_id !== undefined || r.store_id !== undefined, {
    error: 'Say which pattern or store the question is about',
    path: ['pattern_id'],
  });
export type DesignerMessageRequest = z.input<typeof designerMessageRequest>;

export const designerMessageResponse = z.object({
  thread_id: z.string(),
  message_id: z.string(),
  created_at: z.string(),
  sender_side: z.enum(['buyer', 'store']),
  new_thread: z.boolean(),
  /** whether the other side was mailed now (false inside the quiet interval after a mail, or when the mail failed) */
  emailed: z.boolean(),
});
export type DesignerMessageAnswer = z.infer<typeof designerMessageResponse>;

export const DESIGNER_MESSAGE_ERRORS = {
  not_signed_in: z.null(),
  aal2_required: z.null(),
  invalid_request: z.union([z.null(), invalidInputDetails]),
  method_not_allowed: methodNotAllowedDetails,
  /** a guest (anonymous sign-in), or a store asking itself */
  forbidden: z.null(),
  /** no such conversation of the caller's, or pattern/store */
  not_found: z.null(),
  /** messages: 10 a minute / 60 an hour; threads: 20 new a day */
  rate_limited: z.object({ limit: z.string().nullable() }),
  server_error: z.null(),
} as const;
export const designerMessageError = errorEnvelopeOf(DESIGNER_MESSAGE_ERRORS);
