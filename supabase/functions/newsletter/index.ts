// The newsletter's double opt-in, for signed-out visitors (the anon key is enough):
//   POST /newsletter/subscribe   {email}  → 202, the same answer whatever the list holds
//   POST /newsletter/confirm     {token}  → 200 {status: 'confirmed' | 'already_confirmed', email}
//   POST /newsletter/unsubscribe {token}  → 200 {status: 'unsubscribed', email}
//   POST /newsletter/digest      {since?} → 200 {sent}: service key only; "new patterns from
//        designers you follow" to each confirmed subscriber who follows stores (digest.ts)
// Failures are the one error shape { error: { code, message, details } }: bad_request 400, invalid_email 400, invalid_token 404,
// expired_token 410, mail_failed 502, server_error 500. The subscriber list is written only
// here, with the service key (anon cannot read it: row-level security).
import { digestRequest, subscribeRequest, tokenRequest } from '@stitchhouse/shared/contracts/newsletter.ts';
import type { Database } from '@stitchhouse/shared/database.types.ts';
import { bearerToken, json, serviceClient } from '../_shared/clients.ts';
import { FunctionError, handler, type Context } from '../_shared/handler.ts';
import { sendMail } from '../_shared/mail.ts';
import { CONFIRM_HOURS, alreadySubscribedEmail, confirmEmail } from './email.ts';
import { followDigestEmail, type DigestRecipient } from './digest.ts';
import { requireEnv } from '../_shared/env.ts';
import { confirmLink, linkBase, unsubscribeLink } from './links.ts';
import { CONFIRM_TOKEN_PATTERN, UNSUBSCRIBE_TOKEN_PATTERN, newConfirmToken, sha256Hex } from './tokens.ts';

/** One mail per address per minute, whatever was asked. */
export const MIN_MAIL_INTERVAL_SECONDS = 60;

class NewsletterFailure extends FunctionError {}

const INVALID_TOKEN = (link: 'confirm' | 'unsubscribe') =>
  new NewsletterFailure(
    'invalid_token',
    link === 'confirm'
      ? 'This link is not valid. A newer confirmation e-mail may have replaced it, or part of the link got lost when copying it.'
      : 'This link is not valid. Part of it may have got lost when copying it from the e-mail.',
    404,
  );

type Rpcs = Database['public']['Functions'];
type NewsletterRpc = 'newsletter_request' | 'newsletter_mail_failed' | 'newsletter_confirm' | 'newsletter_unsubscribe' | 'newsletter_follow_digest';
/** One of the newsletter's SQL functions (service key); `T`: the shape of its jsonb answer. */
async function rpc<T, N extends NewsletterRpc = NewsletterRpc>(name: N, args: Rpcs[N]['Args']): Promise<T> {
  const { data, error } = await serviceClient().rpc(name, args);
  if (error) throw new Error(`${name} failed: ${error.message}`);
  return data as T;
}

async function subscribe(req: Request, ctx: Context): Promise<Response> {
  const { email, locale } = await ctx.body(subscribeRequest, 'invalid_email');
  const token = newConfirmToken();
  const decision = await rpc<{ mail: 'confirm' | 'already' | 'none'; token?: string }>('newsletter_request', {
    p_email: email,
    p_confirm_token_hash: await sha256Hex(token),
    p_min_interval: MIN_MAIL_INTERVAL_SECONDS,
  });
  if (decision.mail !== 'none') {
    const base = linkBase(req);
    const unsubscribe = unsubscribeLink(base, decision.token!);
    const message =
      decision.mail === 'confirm' ? confirmEmail({ confirm: confirmLink(base, token), unsubscribe }, locale) : alreadySubscribedEmail({ unsubscribe }, locale);
    try {
      await sendMail({ to: email, ...message });
    } catch (err) {
      console.error('newsletter mail failed', err);
      await rpc('newsletter_mail_failed', { p_email: email }).catch(() => undefined);
      throw new NewsletterFailure('mail_failed', 'We could not send the e-mail just now. Please try again in a few minutes.', 502);
    }
  }
  // Same words whether the address was new, pending, subscribed or just mailed.
  return json({ status: 'check_inbox', message: 'Check your inbox: we sent a link to confirm your subscription.' }, 202);
}

async function confirm(req: Request, ctx: Context): Promise<Response> {
  const { token } = await ctx.body(tokenRequest);
  if (!CONFIRM_TOKEN_PATTERN.test(token)) throw INVALID_TOKEN('confirm');
  const result = await rpc<{ status: string; email?: string }>('newsletter_confirm', {
    p_confirm_token_hash: await sha256Hex(token),
    p_max_age: CONFIRM_HOURS * 3600,
  });
  if (result.status === 'invalid') throw INVALID_TOKEN('confirm');
  if (result.status === 'expired') {
    throw new NewsletterFailure('expired_token', `This confirmation link has expired (links work for ${CONFIRM_HOURS} hours). Ask for a new one below.`, 410);
  }
  return json({ status: result.status, email: result.email }, 200);
}

async function unsubscribe(req: Request, ctx: Context): Promise<Response> {
  const { token } = await ctx.body(tokenRequest);
  if (!UNSUBSCRIBE_TOKEN_PATTERN.test(token)) throw INVALID_TOKEN('unsubscribe');
  const result = await rpc<{ status: string; email?: string }>('newsletter_unsubscribe', { p_token: token });
  if (result.status === 'invalid') throw INVALID_TOKEN('unsubscribe');
  return json({ status: 'unsubscribed', email: result.email }, 200);
}

/** The weekly digest (default: the last 7 days). Only the platform (service key) may send it. */
async function digest(req: Request, ctx: Context): Promise<Response> {
  if (bearerToken(req) !== requireEnv('SUPABASE_SERVICE_ROLE_KEY')) {
    throw new NewsletterFailure('forbidden', 'Only the platform sends the digest', 403);
  }
  const { since } = await ctx.body(digestRequest);
  const from = since ?? new Date(Date.now() - 7 * 24 * 3600 * 1000).toISOString();
  const recipients = await rpc<DigestRecipient[]>('newsletter_follow_digest', { p_since: from });
  const base = linkBase(req);
  let sent = 0;
  for (const r of recipients) {
    try {
      await sendMail({ to: r.email, ...followDigestEmail(base, r.patterns, unsubscribeLink(base, r.unsubscribe_token), r.locale) });
      sent++;
    } catch (err) {
      console.error('digest mail failed', r.email, err);
    }
  }
  return json({ sent, recipients: recipients.length, since: from }, 200);
}

const ACTIONS: Record<string, (req: Request, ctx: Context) => Promise<Response>> = { subscribe, confirm, unsubscribe, digest };

Deno.serve(
  handler({ name: 'newsletter', methods: ['POST'], invalidCode: 'bad_request' }, async (req, ctx) => {
    const run = ACTIONS[ctx.url.pathname.split('/').filter(Boolean)[1] ?? ''];
    if (!run) throw new NewsletterFailure('not_found', 'Use POST /newsletter/subscribe, /newsletter/confirm or /newsletter/unsubscribe', 404);
    return run(req, ctx);
  }),
);
