// The shell's calls to the newsletter function (supabase/functions/newsletter). Its refusals are the
// functions' one error shape (shared/src/functions.ts reads it); its own codes keep their words,
// anything else is worded by the shared mapping.
import type { ConfirmAnswer, NewsletterErrorCode as ContractCode, SubscribeAnswer, UnsubscribeAnswer } from '@stitchhouse/shared/contracts/newsletter.ts';
import { FunctionCallError, invokeFunction } from '@stitchhouse/shared/functions.ts';
import { activeLocale } from '@stitchhouse/shared/i18n/index.ts';

export type NewsletterErrorCode = 'invalid_email' | 'invalid_token' | 'expired_token' | 'mail_failed' | 'network' | 'unknown';

export class NewsletterError extends Error {
  constructor(
    readonly code: NewsletterErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'NewsletterError';
  }
}

/** Query keys of the newsletter's reads (TanStack Query, shared/src/query/client.ts). */
export const newsletterKeys = {
  all: ['shell', 'newsletter'] as const,
  /** A confirmation link's answer: asked once per token (the link confirms on arrival). */
  confirmation: (token: string) => [...newsletterKeys.all, 'confirmation', token] as const,
};

/** The contract's codes a screen words itself (the rest: the function's own message). */
const OWN_CODES = new Set<string>(['invalid_email', 'invalid_token', 'expired_token', 'mail_failed', 'network'] satisfies Array<ContractCode | 'network'>);

async function invoke<T>(action: 'subscribe' | 'confirm' | 'unsubscribe', body: Record<string, string>): Promise<T> {
  try {
    return await invokeFunction<T>(`newsletter/${action}`, body);
  } catch (error) {
    if (!(error instanceof FunctionCallError)) throw error;
    throw new NewsletterError(OWN_CODES.has(error.code) ? (error.code as NewsletterErrorCode) : 'unknown', error.message);
  }
}

/** Asks for the confirmation mail. The answer is the same whether or not the address is on the list. */
export function subscribe(email: string): Promise<SubscribeAnswer> {
  // the confirmation mail is written in the page's language
  return invoke('subscribe', { email, locale: activeLocale() });
}

export function confirmSubscription(token: string): Promise<ConfirmAnswer> {
  return invoke('confirm', { token });
}

export function unsubscribe(token: string): Promise<UnsubscribeAnswer> {
  return invoke('unsubscribe', { token });
}
