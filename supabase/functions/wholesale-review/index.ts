// POST /wholesale-review { application_id, decision: 'approve' | 'reject', reason? } with an
// operator's JWT. The decision is made as the caller (review_wholesale_application checks
// that they are an operator, under the database's rules); the service key is used only to
// find the applicant's address and send them the outcome.
import { callerClient, json, signedInUser } from '../_shared/clients.ts';
import { escapeHtml } from '../_shared/mail.ts';
import { emailApplicant, reviewBodySchema, reviewErrorResponse, reviewSiteUrl } from '../_shared/review.ts';

interface Application {
  id: string;
  user_id: string;
  business_name: string;
  status: 'approved' | 'rejected';
  reason: string | null;
}

/** The email to the applicant: the outcome, the reason when rejected, and where to go next. */
export function decisionEmail(application: Application, siteUrl: string): { subject: string; text: string; html: string } {
  const link = `${siteUrl}/account/wholesale`;
  if (application.status === 'approved') {
    const text = `Good news: ${application.business_name} is approved for wholesale on Stitchhouse.\n\nWholesale prices and printed copies are now shown on every pattern that offers them.\n\n${link}\n`;
    return {
      subject: 'Your wholesale account is approved',
      text,
      html: `<p>Good news: <strong>${escapeHtml(application.business_name)}</strong> is approved for wholesale on Stitchhouse.</p><p>Wholesale prices and printed copies are now shown on every pattern that offers them.</p><p><a href="${escapeHtml(link)}">Your wholesale account</a></p>`,
    };
  }
  const reason = application.reason ?? '';
  const text = `We could not approve the wholesale application of ${application.business_name}.\n\nReason: ${reason}\n\nYou can correct it and apply again: ${link}\n`;
  return {
    subject: 'Your wholesale application was not approved',
    text,
    html: `<p>We could not approve the wholesale application of <strong>${escapeHtml(application.business_name)}</strong>.</p><p>Reason: ${escapeHtml(reason)}</p><p><a href="${escapeHtml(link)}">Correct it and apply again</a></p>`,
  };
}

async function handler(req: Request): Promise<Response> {
  if (req.method !== 'POST') return json({ code: 'bad_request', message: 'Use POST' }, 405);
  const caller = await signedInUser(req);
  if (!caller) return json({ code: 'not_signed_in', message: 'Sign in as an operator to review applications.' }, 401);
  const parsed = reviewBodySchema.safeParse(await req.json().catch(() => null));
  if (!parsed.success) return json({ code: 'bad_request', message: parsed.error.issues.map((i) => i.message).join('; ') }, 400);
  const { application_id, decision, reason } = parsed.data;

  const { data, error } = await callerClient(caller.token).rpc('review_wholesale_application', {
    p_application: application_id,
    p_decision: decision,
    p_reason: reason ?? null,
  });
  if (error) return reviewErrorResponse(error, 'wholesale review');
  const application = data as Application;

  // The decision stands even if the mail fails: say so, the operator can tell the applicant.
  const emailed = await emailApplicant(application.user_id, decisionEmail(application, reviewSiteUrl()), 'wholesale decision');
  return json({ application, emailed });
}

Deno.serve(handler);
