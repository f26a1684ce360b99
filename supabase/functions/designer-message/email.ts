// The "new message" email of a conversation: who wrote (the name the other side shows,
// never an address), about which pattern, the message, and the link to the conversation.
// Replies go through Stitchhouse: no address of either side is in it.
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

export function messageEmail(input: MessageEmailInput): { subject: string; text: string; html: string } {
  const link = siteLink(input.siteUrl, '/account/messages/:threadId', { threadId: input.threadId });
  const about = input.patternTitle ?? input.storeName;
  const subject = input.recipientSide === 'store' ? `${input.senderName} asked about ${about}` : `${input.senderName} answered about ${about}`;
  const lead =
    input.recipientSide === 'store'
      ? `${input.senderName} sent ${input.storeName} a message about ${about}:`
      : `${input.senderName} answered your question about ${about}:`;
  const note = 'Answer on Stitchhouse: replies stay in the conversation, and no email address is shared with the other side.';
  const text = [lead, '', input.body, '', `Open the conversation: ${link}`, '', note].join('\n');
  const html = `<p>${escapeHtml(lead)}</p>
<blockquote style="white-space:pre-wrap">${escapeHtml(input.body)}</blockquote>
<p><a href="${escapeHtml(link)}">Open the conversation</a></p>
<p>${escapeHtml(note)}</p>`;
  return { subject, text, html };
}
