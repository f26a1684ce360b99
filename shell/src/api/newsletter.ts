// The shell's calls to the newsletter function (supabase/functions/newsletter). Its failures
// carry {code, message} written for people; anything else goes through the shared mapping.
import { describeError, getSupabase } from '@stitchhouse/shared';

export type NewsletterErrorCode = 'invalid_email' | 'invalid_token' | 'expired_token' | 'mail_failed' | 'network' | 'unknown';

export class NewsletterError extends Error {
  constructor(readonly code: NewsletterErrorCode, message: string) {
    super(message);
    this.name = 'NewsletterError';
  }
}

const OWN_CODES = new Set<NewsletterErrorCode>(['invalid_email', 'invalid_token', 'expired_token', 'mail_failed']);

interface FunctionsFailure {
  name?: string;
  context?: unknown;
}

async function toNewsletterError(error: unknown): Promise<NewsletterError> {
  const failure = error as FunctionsFailure;
  if (failure?.name === 'FunctionsHttpError' && failure.context instanceof Response) {
    const response = failure.context;
    const body = (await response.clone().json().catch(() => null)) as { code?: string; message?: string } | null;
    if (body?.code && OWN_CODES.has(body.code as NewsletterErrorCode) && body.message) {
      return new NewsletterError(body.code as NewsletterErrorCode, body.message);
    }
    return new NewsletterError('unknown', describeError(body ?? error, response.status).message);
  }
  // FunctionsFetchError / FunctionsRelayError: the request never got an answer.
  const described = describeError(error, failure?.name === 'FunctionsFetchError' ? 0 : undefined);
  return new NewsletterError(described.kind === 'network' ? 'network' : 'unknown', described.message);
}

async function invoke<T>(action: 'subscribe' | 'confirm' | 'unsubscribe', body: Record<string, string>): Promise<T> {
  let result: { data: unknown; error: unknown };
  try {
    const supabase = await getSupabase();
    result = await supabase.functions.invoke(`newsletter/${action}`, { body });
  } catch (error) {
    throw await toNewsletterError(error);
  }
  if (result.error) throw await toNewsletterError(result.error);
  return result.data as T;
}

/** Asks for the confirmation mail. The answer is the same whether or not the address is on the list. */
export function subscribe(email: string): Promise<{ status: 'check_inbox' }> {
  return invoke('subscribe', { email });
}

export function confirmSubscription(token: string): Promise<{ status: 'confirmed' | 'already_confirmed'; email: string }> {
  return invoke('confirm', { token });
}

export function unsubscribe(token: string): Promise<{ status: 'unsubscribed'; email: string }> {
  return invoke('unsubscribe', { token });
}
