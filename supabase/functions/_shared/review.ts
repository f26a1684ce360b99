// What the operators' review functions share (wholesale-review, partner-review): the body they
// take, turning the review RPC's refusal into an answer, and emailing the applicant the outcome.
// The decision is always made as the caller under the database's rules; the service key is used
// only to find the applicant's address.
import { reviewRequest } from '@stitchhouse/shared/contracts/review.ts';
import type { PostgrestError, SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '@stitchhouse/shared/database.types.ts';
import { json, serviceClient } from './clients.ts';
import { FunctionError, type Context } from './handler.ts';
import { siteUrl } from './env.ts';
import { memberLocale } from './i18n.ts';
import { sendMail, type OutgoingMail } from './mail.ts';

/** The review RPC's error as the function's refusal: 403 not an operator (or own application), 409 not pending, 400 no reason. */
export function reviewFailure(error: { code?: string; message: string; hint?: string | null }, what: string): FunctionError {
  const status = error.code === '42501' ? 403 : error.code === '22023' ? 409 : error.code === '23514' ? 400 : 500;
  if (status === 500) console.error(`${what} failed`, error);
  const message = status === 500 ? 'The review could not be saved. Please try again.' : `${error.message}${error.hint ? `. ${error.hint}` : ''}`;
  return new FunctionError(
    error.code === '42501' ? 'forbidden' : status === 409 ? 'not_pending' : status === 400 ? 'reason_required' : 'server_error',
    message,
    status,
  );
}

/** What both review RPCs take (review_wholesale_application, review_partner_application). */
export type ReviewArgs = Database['public']['Functions']['review_partner_application']['Args'];

/** The handler options of both review functions. */
export const REVIEW = { methods: ['POST'], invalidCode: 'bad_request' } as const;

/** Emails the applicant; false when they have no address or the mail failed (the decision stands either way). */
export async function emailApplicant(userId: string, mail: Omit<OutgoingMail, 'to'>, what: string): Promise<boolean> {
  try {
    const { data } = await serviceClient().auth.admin.getUserById(userId);
    if (!data.user?.email) return false;
    await sendMail({ to: data.user.email, ...mail });
    return true;
  } catch (err) {
    console.error(`${what} email failed`, err);
    return false;
  }
}

/**
 * The review itself, run by the one handler: POST { application_id, decision, reason? } with an
 * operator's JWT; `rpc` decides as the caller, then the applicant gets `email(application, siteUrl, locale)`.
 *   Deno.serve(handler({ name: 'wholesale-review', ...REVIEW }, reviewDecision({ decide: (db, args) => db.rpc('review_wholesale_application', args), … })));
 */
export function reviewDecision<A extends { user_id: string }>(options: {
  /** The review RPC, called by name so its answer is the generated Database's row. */
  decide: (db: SupabaseClient<Database>, args: ReviewArgs) => PromiseLike<{ data: A | null; error: PostgrestError | null }>;
  what: string;
  /** The applicant's mail, in their saved language. */
  email: (application: A, siteUrl: string, locale: string) => Omit<OutgoingMail, 'to'>;
}): (req: Request, ctx: Context) => Promise<Response> {
  return async (_req, ctx) => {
    const caller = await ctx.member('Sign in as an operator to review applications.');
    const { application_id, decision, reason } = await ctx.body(reviewRequest);
    const { data: application, error } = await options.decide(ctx.caller(caller.token), {
      p_application: application_id,
      p_decision: decision,
      p_reason: reason,
    });
    if (error) throw reviewFailure(error, options.what);
    if (!application) throw new FunctionError('server_error', 'The review could not be saved. Please try again.', 500);
    // The decision stands even if the mail fails: the answer says so, the operator can tell the applicant.
    const locale = await memberLocale(serviceClient(), application.user_id);
    const emailed = await emailApplicant(application.user_id, options.email(application, siteUrl(), locale), `${options.what} decision`);
    return json({ application, emailed });
  };
}
