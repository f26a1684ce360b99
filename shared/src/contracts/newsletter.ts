// The newsletter function's wire: the double opt-in for signed-out visitors and the
// platform's digest. supabase/functions/newsletter and the shell (api/newsletter.ts) read it.
//   POST /newsletter/subscribe {email} → 202 · /confirm {token} → 200 · /unsubscribe {token} → 200 · /digest {since?} (service key)
import { z } from 'zod';
import { LOCALES } from '../i18n/locales.ts';
import { errorEnvelopeOf, invalidInputDetails, methodNotAllowedDetails } from './envelope.ts';

export const subscribeRequest = z.object({
  email: z
    .string({ error: 'Enter your e-mail address' })
    .trim()
    .toLowerCase()
    .max(254, { error: 'That e-mail address is too long' })
    .pipe(z.email({ error: 'Enter a valid e-mail address, like name@example.com' })),
  /** The page's language: the confirmation mail is written in it. */
  locale: z.enum(LOCALES, { error: 'locale must be one of en, de, fr, es, nl' }).optional(),
});
export const tokenRequest = z.object({ token: z.string({ error: 'token is required' }).trim() });
export const digestRequest = z.object({ since: z.iso.datetime({ offset: true, error: 'since must be an ISO date-time' }).optional() });

/** The same answer whatever the list holds (202). */
export const subscribeResponse = z.object({ status: z.literal('check_inbox'), message: z.string() });
export const confirmResponse = z.object({ status: z.enum(['confirmed', 'already_confirmed']), email: z.string() });
export const unsubscribeResponse = z.object({ status: z.literal('unsubscribed'), email: z.string() });
export const digestResponse = z.object({ sent: z.number().int(), recipients: z.number().int(), since: z.string() });

export const NEWSLETTER_ERRORS = {
  bad_request: z.union([z.null(), invalidInputDetails]),
  invalid_email: invalidInputDetails,
  invalid_token: z.null(),
  expired_token: z.null(),
  mail_failed: z.null(),
  forbidden: z.null(),
  not_found: z.null(),
  method_not_allowed: methodNotAllowedDetails,
  server_error: z.null(),
} as const;
export type NewsletterErrorCode = keyof typeof NEWSLETTER_ERRORS;
export const newsletterError = errorEnvelopeOf(NEWSLETTER_ERRORS);
export type SubscribeAnswer = z.infer<typeof subscribeResponse>;
export type ConfirmAnswer = z.infer<typeof confirmResponse>;
export type UnsubscribeAnswer = z.infer<typeof unsubscribeResponse>;
