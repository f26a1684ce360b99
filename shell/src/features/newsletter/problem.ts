import type { I18n } from '@lingui/core';
import { NewsletterError } from '../../api/newsletter.ts';

/** How long a confirmation link works (supabase/functions/newsletter/email.ts CONFIRM_HOURS). */
const CONFIRM_HOURS = 48;

/**
 * The sentence a newsletter refusal shows, in the page's language: the function's own codes are
 * worded here (its English answer would be the same words), anything else keeps the message the
 * shared error mapping gave it.
 */
export function newsletterProblem(i18n: I18n, error: unknown, link: 'confirm' | 'unsubscribe' | null = null): string {
  if (!(error instanceof NewsletterError) || error.code === 'unknown') return i18n._('shell.newsletter.error.unknown');
  switch (error.code) {
    case 'invalid_token':
      return link === 'unsubscribe' ? i18n._('shell.newsletter.error.invalidUnsubscribeLink') : i18n._('shell.newsletter.error.invalidConfirmLink');
    case 'expired_token':
      return i18n._('shell.newsletter.error.expired', { hours: CONFIRM_HOURS });
    case 'mail_failed':
      return i18n._('shell.newsletter.error.mailFailed');
    default:
      return error.message;
  }
}
