// The "new message" email of a conversation: who wrote (the name the other side shows,
// never an address), about which pattern, the message, and the link to the conversation.
// Replies go through Stitchhouse: no address of either side is in it.
import { htmlWithLinks, mailI18n } from '../_shared/i18n.ts';
import { escapeHtml } from '../_shared/mail.ts';
import { siteLink } from '@stitchhouse/shared/routes.ts';

export interface MessageEmailInput {
  siteUrl: string;
  threadId: string;
  /** who gets it: the store (a buyer asked) or the buyer (the store answered) */
  recipientSide: 'buyer' | 'store';
  /** the buyer's display name, or the store's name */
  senderName: string;
  storeName: string;
  patternTitle: string | null;
  body: string;
}

export function messageEmail(input: MessageEmailInput, locale = 'en'): { subject: string; text: string; html: string } {
  const i18n = mailI18n(locale);
  const link = siteLink(input.siteUrl, '/account/messages/:threadId', { threadId: input.threadId });
  const about = input.patternTitle ?? input.storeName;
  const toStore = input.recipientSide === 'store';
  const subject = toStore
    ? i18n._('email.message.askedSubject', { sender: input.senderName, about })
    : i18n._('email.message.answeredSubject', { sender: input.senderName, about });
  const lead = toStore
    ? i18n._('email.message.askedLead', { sender: input.senderName, store: input.storeName, about })
    : i18n._('email.message.answeredLead', { sender: input.senderName, about });
  const note = i18n._('email.message.note');
  const text = [lead, '', input.body, '', i18n._('email.message.openText', { link }), '', note].join('\n');
  const html = `<p>${escapeHtml(lead)}</p>
<blockquote style="white-space:pre-wrap">${escapeHtml(input.body)}</blockquote>
<p>${htmlWithLinks(i18n._('email.message.openHtml'), [link])}</p>
<p>${escapeHtml(note)}</p>`;
  return { subject, text, html };
}
