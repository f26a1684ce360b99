// The "your pattern was updated" email: the changelog and a one-click download link.
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

export function updateEmail(input: UpdateEmailInput): { subject: string; text: string; html: string } {
  const download = siteLink(input.siteUrl, '/download/:productId', { productId: input.patternId }, { expires: String(input.expires) });
  const library = siteLink(input.siteUrl, '/patterns/my-patterns');
  const subject = `Updated: ${input.title} (version ${input.version})`;
  const text = [
    `${input.storeName} published version ${input.version} of "${input.title}", a pattern in your library.`,
    '',
    'What changed:',
    input.changes,
    '',
    `Download the new version: ${download}`,
    `Your library: ${library}`,
  ].join('\n');
  const html = `<p>${escapeHtml(input.storeName)} published version ${input.version} of <strong>${escapeHtml(input.title)}</strong>, a pattern in your library.</p>
<h2>What changed</h2>
<p style="white-space:pre-wrap">${escapeHtml(input.changes)}</p>
<p><a href="${escapeHtml(download)}">Download the new version</a> · <a href="${escapeHtml(library)}">Your library</a></p>`;
  return { subject, text, html };
}
