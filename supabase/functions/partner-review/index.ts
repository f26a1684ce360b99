// POST /partner-review { application_id, decision: 'approve' | 'reject', reason? } with an
// operator's JWT, for both partner programmes (resellers, suppliers). As wholesale-review: the
// decision is made as the caller (review_partner_application checks the operator, a reason to
// reject, and that nobody reviews their own application); the service key only finds the
// applicant's address to email the outcome.
import { escapeHtml } from '../_shared/mail.ts';
import { REVIEW, reviewDecision } from '../_shared/review.ts';
import type { Tables } from '@stitchhouse/shared/database.types.ts';
import { handler } from '../_shared/handler.ts';
import { siteLink } from '@stitchhouse/shared/routes.ts';

/** What the email reads of the reviewed application (the row review_partner_application answers). */
type Application = Pick<Tables<'partner_applications'>, 'kind' | 'company' | 'status' | 'reason'>;

const PROGRAMME = {
  reseller: { name: 'reseller programme', path: '/partners/resellers', next: 'Your referral code and links are waiting on the resellers page.' },
  supplier: { name: 'supplier programme', path: '/partners/suppliers', next: 'You can now list kits against patterns on the suppliers page.' },
} as const;

/** The email to the applicant: the outcome, the reason when rejected, and where to go next. */
export function partnerDecisionEmail(application: Application, siteUrl: string): { subject: string; text: string; html: string } {
  const programme = PROGRAMME[application.kind];
  const link = siteLink(siteUrl, programme.path);
  const company = escapeHtml(application.company);
  if (application.status === 'approved') {
    return {
      subject: `Welcome to the Stitchhouse ${programme.name}`,
      text: `Good news: ${application.company} is approved for the Stitchhouse ${programme.name}.\n\n${programme.next}\n\n${link}\n`,
      html: `<p>Good news: <strong>${company}</strong> is approved for the Stitchhouse ${programme.name}.</p><p>${escapeHtml(programme.next)}</p><p><a href="${escapeHtml(link)}">Open the ${programme.name} page</a></p>`,
    };
  }
  const reason = application.reason ?? '';
  return {
    subject: `Your application to the Stitchhouse ${programme.name} was not approved`,
    text: `We could not approve the application of ${application.company} to the ${programme.name}.\n\nReason: ${reason}\n\nYou can correct it and apply again: ${link}\n`,
    html: `<p>We could not approve the application of <strong>${company}</strong> to the ${programme.name}.</p><p>Reason: ${escapeHtml(reason)}</p><p><a href="${escapeHtml(link)}">Correct it and apply again</a></p>`,
  };
}

Deno.serve(
  handler(
    { name: 'partner-review', ...REVIEW },
    reviewDecision<Tables<'partner_applications'>>({
      decide: (db, args) => db.rpc('review_partner_application', args),
      what: 'partner review',
      email: partnerDecisionEmail,
    }),
  ),
);
