// The newsletter's own mails, in the language the visitor asked in. Each one carries the unsubscribe link.
import { BRAND_NAME } from '@stitchhouse/shared/brand.ts';
import type { I18n } from '@lingui/core';
import { htmlWithLinks, mailI18n } from '../_shared/i18n.ts';
import { escapeHtml } from '../_shared/mail.ts';

export const CONFIRM_HOURS = 48;

interface Mail {
  subject: string;
  text: string;
  html: string;
}

/** The unsubscribe line every newsletter mail ends with. */
export function unsubscribeFooter(i18n: I18n, unsubscribe: string): { text: string; html: string } {
  return {
    text: i18n._('email.newsletter.unsubscribeText', { link: unsubscribe }),
    html: `<p style="color:#555;font-size:13px">${htmlWithLinks(i18n._('email.newsletter.unsubscribeHtml'), [unsubscribe])}</p>`,
  };
}

/** Double opt-in: nothing is sent to this address until the link is opened. */
export function confirmEmail(links: { confirm: string; unsubscribe: string }, locale = 'en'): Mail {
  const i18n = mailI18n(locale);
  const subject = i18n._('email.newsletter.confirmSubject', { brand: BRAND_NAME });
  const end = unsubscribeFooter(i18n, links.unsubscribe);
  const asked = i18n._('email.newsletter.asked', { brand: BRAND_NAME });
  const ignore = i18n._('email.newsletter.ignore');
  const text = [asked, '', i18n._('email.newsletter.confirmText', { hours: CONFIRM_HOURS }), links.confirm, '', ignore, '', end.text].join('\n');
  const html = `<p>${escapeHtml(asked)}</p>
<p>${htmlWithLinks(i18n._('email.newsletter.confirmHtml', { hours: CONFIRM_HOURS }), [links.confirm])}</p>
<p>${escapeHtml(ignore)}</p>
${end.html}`;
  return { subject, text, html };
}

/** Someone asked again for an address that is already subscribed: tell its owner, change nothing. */
export function alreadySubscribedEmail(links: { unsubscribe: string }, locale = 'en'): Mail {
  const i18n = mailI18n(locale);
  const subject = i18n._('email.newsletter.alreadySubject', { brand: BRAND_NAME });
  const end = unsubscribeFooter(i18n, links.unsubscribe);
  const lines = [i18n._('email.newsletter.already', { brand: BRAND_NAME }), i18n._('email.newsletter.stop')];
  const text = [lines[0], '', lines[1], '', end.text].join('\n');
  const html = `${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('\n')}
${end.html}`;
  return { subject, text, html };
}
