// POST /wholesale-review { application_id, decision: 'approve' | 'reject', reason? } with an
// operator's JWT. The decision is made as the caller (review_wholesale_application checks
// that they are an operator, under the database's rules); the service key is used only to
// find the applicant's address and send them the outcome.
import { escapeHtml } from '../_shared/mail.ts';
import { REVIEW, reviewDecision } from '../_shared/review.ts';
import type { Tables } from '@stitchhouse/shared/database.types.ts';
import { handler } from '../_shared/handler.ts';
import { siteLink } from '@stitchhouse/shared/routes.ts';

/** What the email reads of the reviewed application (the row review_wholesale_application answers). */
type Application = Pick<Tables<'wholesale_accounts'>, 'business_name' | 'status' | 'reason'>;

/** The email to the applicant: the outcome, the reason when rejected, and where to go next. */
export function decisionEmail(application: Application, siteUrl: string): { subject: string; text: string; html: string } {
  const link = siteLink(siteUrl, '/account/wholesale');
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

Deno.serve(
  handler(
    { name: 'wholesale-review', ...REVIEW },
    reviewDecision<Tables<'wholesale_accounts'>>({
      decide: (db, args) => db.rpc('review_wholesale_application', args),
      what: 'wholesale review',
      email: decisionEmail,
    }),
  ),
);
