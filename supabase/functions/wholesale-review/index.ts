// POST /wholesale-review { application_id, decision: 'approve' | 'reject', reason? } with an
// operator's JWT. The decision is made as the caller (review_wholesale_application checks
// that they are an operator, under the database's rules); the service key is used only to
// find the applicant's address and send them the outcome.
import { htmlWithLinks, mailI18n } from '../_shared/i18n.ts';
import { escapeHtml } from '../_shared/mail.ts';
import { REVIEW, reviewDecision } from '../_shared/review.ts';
import type { Tables } from '@stitchhouse/shared/database.types.ts';
import { handler } from '../_shared/handler.ts';
import { siteLink } from '@stitchhouse/shared/routes.ts';

/** What the email reads of the reviewed application (the row review_wholesale_application answers). */
type Application = Pick<Tables<'wholesale_accounts'>, 'business_name' | 'status' | 'reason'>;

/** The email to the applicant, in their language: the outcome, the reason when rejected, and where to go next. */
export function decisionEmail(application: Application, siteUrl: string, locale = 'en'): { subject: string; text: string; html: string } {
  const i18n = mailI18n(locale);
  const link = siteLink(siteUrl, '/account/wholesale');
  const business = application.business_name;
  if (application.status === 'approved') {
    const lines = [i18n._('email.wholesale.approved', { business }), i18n._('email.wholesale.approvedNext')];
    return {
      subject: i18n._('email.wholesale.approvedSubject'),
      text: `${lines.join('\n\n')}\n\n${link}\n`,
      html: `${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('')}<p>${htmlWithLinks(i18n._('email.wholesale.accountLink'), [link])}</p>`,
    };
  }
  const lines = [i18n._('email.wholesale.rejected', { business }), i18n._('email.review.reason', { reason: application.reason ?? '' })];
  return {
    subject: i18n._('email.wholesale.rejectedSubject'),
    text: `${lines.join('\n\n')}\n\n${i18n._('email.review.applyAgainText', { link })}\n`,
    html: `${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('')}<p>${htmlWithLinks(i18n._('email.review.applyAgainHtml'), [link])}</p>`,
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
