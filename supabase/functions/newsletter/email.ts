// The newsletter's own mails. Each one carries the unsubscribe link.
import { BRAND_NAME } from '@stitchhouse/shared/brand.ts';
import { escapeHtml } from '../_shared/mail.ts';

export const CONFIRM_HOURS = 48;

interface Mail {
  subject: string;
  text: string;
  html: string;
}

function footer(unsubscribe: string): { text: string; html: string } {
  return {
    text: `Unsubscribe: ${unsubscribe}`,
    html: `<p style="color:#555;font-size:13px">Don’t want these e-mails? <a href="${escapeHtml(unsubscribe)}">Unsubscribe</a> with one click.</p>`,
  };
}

/** Double opt-in: nothing is sent to this address until the link is opened. */
export function confirmEmail(links: { confirm: string; unsubscribe: string }): Mail {
  const subject = `Confirm your ${BRAND_NAME} newsletter subscription`;
  const end = footer(links.unsubscribe);
  const text = [
    `Someone, hopefully you, asked to receive the ${BRAND_NAME} newsletter at this address.`,
    '',
    `Confirm your subscription (the link works for ${CONFIRM_HOURS} hours):`,
    links.confirm,
    '',
    'If you didn’t ask for it, ignore this e-mail: without confirmation we send you nothing more.',
    '',
    end.text,
  ].join('\n');
  const html = `<p>Someone, hopefully you, asked to receive the ${escapeHtml(BRAND_NAME)} newsletter at this address.</p>
<p><a href="${escapeHtml(links.confirm)}">Confirm your subscription</a> (the link works for ${CONFIRM_HOURS} hours).</p>
<p>If you didn’t ask for it, ignore this e-mail: without confirmation we send you nothing more.</p>
${end.html}`;
  return { subject, text, html };
}

/** Someone asked again for an address that is already subscribed: tell its owner, change nothing. */
export function alreadySubscribedEmail(links: { unsubscribe: string }): Mail {
  const subject = `You’re already subscribed to the ${BRAND_NAME} newsletter`;
  const end = footer(links.unsubscribe);
  const text = [
    `Someone asked to subscribe this address to the ${BRAND_NAME} newsletter. It is already subscribed, so nothing has changed.`,
    '',
    'If you want to stop receiving it, use the link below.',
    '',
    end.text,
  ].join('\n');
  const html = `<p>Someone asked to subscribe this address to the ${escapeHtml(BRAND_NAME)} newsletter. It is already subscribed, so nothing has changed.</p>
<p>If you want to stop receiving it, use the link below.</p>
${end.html}`;
  return { subject, text, html };
}
