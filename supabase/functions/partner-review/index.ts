// POST /partner-review { application_id, decision: 'approve' | 'reject', reason? } with an
// operator's JWT, for both partner programmes (resellers, suppliers). As wholesale-review: the
// decision is made as the caller (review_partner_application checks the operator, a reason to
// reject, and that nobody reviews their own application); the service key only finds the
// applicant's address to email the outcome.
import { htmlWithLinks, mailI18n } from '../_shared/i18n.ts';
import { escapeHtml } from '../_shared/mail.ts';
import { REVIEW, reviewDecision } from '../_shared/review.ts';
import type { Tables } from '@stitchhouse/shared/database.types.ts';
import { handler } from '../_shared/handler.ts';
import { siteLink } from '@stitchhouse/shared/routes.ts';

/** What the email reads of the reviewed application (the row review_partner_application answers). */
type Application = Pick<Tables<'partner_applications'>, 'kind' | 'company' | 'status' | 'reason'>;

const PROGRAMME = {
  reseller: { path: '/partners/resellers', name: /*i18n*/ 'email.partner.resellerProgramme', next: /*i18n*/ 'email.partner.resellerNext' },
  supplier: { path: '/partners/suppliers', name: /*i18n*/ 'email.partner.supplierProgramme', next: /*i18n*/ 'email.partner.supplierNext' },
} as const;

/** The email to the applicant, in their language: the outcome, the reason when rejected, and where to go next. */
export function partnerDecisionEmail(application: Application, siteUrl: string, locale = 'en'): { subject: string; text: string; html: string } {
  const i18n = mailI18n(locale);
  const programme = PROGRAMME[application.kind];
  const link = siteLink(siteUrl, programme.path);
  const name = i18n._(programme.name);
  const company = application.company;
  if (application.status === 'approved') {
    const lines = [i18n._('email.partner.approved', { company, programme: name }), i18n._(programme.next)];
    return {
      subject: i18n._('email.partner.approvedSubject', { programme: name }),
      text: `${lines.join('\n\n')}\n\n${link}\n`,
      html: `${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('')}<p>${htmlWithLinks(i18n._('email.partner.openPage', { programme: name }), [link])}</p>`,
    };
  }
  const lines = [i18n._('email.partner.rejected', { company, programme: name }), i18n._('email.review.reason', { reason: application.reason ?? '' })];
  return {
    subject: i18n._('email.partner.rejectedSubject', { programme: name }),
    text: `${lines.join('\n\n')}\n\n${i18n._('email.review.applyAgainText', { link })}\n`,
    html: `${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('')}<p>${htmlWithLinks(i18n._('email.review.applyAgainHtml'), [link])}</p>`,
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
