// The "your pattern was updated" email, in the buyer's language: the changelog and a one-click download link.
import { htmlWithLinks, mailI18n } from '../_shared/i18n.ts';
import { escapeHtml } from '../_shared/mail.ts';
import { siteLink } from '@stitchhouse/shared/routes.ts';

export interface UpdateEmailInput {
  siteUrl: string;
  patternId: string;
  title: string;
  storeName: string;
  version: number;
  changes: string;
  /** Unix seconds after which the download link answers link_expired. */
  expires: number;
}

export function updateEmail(input: UpdateEmailInput, locale = 'en'): { subject: string; text: string; html: string } {
  const i18n = mailI18n(locale);
  const download = siteLink(input.siteUrl, '/download/:productId', { productId: input.patternId }, { expires: String(input.expires) });
  const library = siteLink(input.siteUrl, '/patterns/my-patterns');
  const subject = i18n._('email.update.subject', { title: input.title, version: input.version });
  const lead = i18n._('email.update.lead', { store: input.storeName, version: input.version, title: input.title });
  const changed = i18n._('email.update.changed');
  const text = [
    lead,
    '',
    `${changed}:`,
    input.changes,
    '',
    i18n._('email.update.downloadText', { link: download }),
    i18n._('email.update.libraryText', { link: library }),
  ].join('\n');
  const html = `<p>${escapeHtml(lead)}</p>
<h2>${escapeHtml(changed)}</h2>
<p style="white-space:pre-wrap">${escapeHtml(input.changes)}</p>
<p>${htmlWithLinks(i18n._('email.update.linksHtml'), [download, library])}</p>`;
  return { subject, text, html };
}
