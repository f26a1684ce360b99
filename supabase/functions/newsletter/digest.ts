// The newsletter's "New patterns from designers you follow": one mail per confirmed subscriber
// whose address belongs to a member following stores that published in the window. Run by the
// platform's scheduler with the service key (POST /newsletter/digest), never by visitors.
import { BRAND_NAME } from '@stitchhouse/shared/brand.ts';
import { formatPrice } from '@stitchhouse/shared/money.ts';
import { escapeHtml } from '../_shared/mail.ts';
import { siteLink } from '@stitchhouse/shared/routes.ts';

export interface DigestPattern {
  id: string;
  title: string;
  store_name: string;
  store_slug: string;
  price_cents: number;
  currency: string;
  published_at: string;
}

export interface DigestRecipient {
  email: string;
  unsubscribe_token: string;
  patterns: DigestPattern[];
}

/** The digest mail for one subscriber: the new patterns grouped by the store that published them. */
export function followDigestEmail(base: string, patterns: readonly DigestPattern[], unsubscribe: string): { subject: string; text: string; html: string } {
  const byStore = new Map<string, DigestPattern[]>();
  for (const p of patterns) byStore.set(p.store_name, [...(byStore.get(p.store_name) ?? []), p]);
  const link = (p: DigestPattern) => siteLink(base, '/patterns/:productId', { productId: p.id });
  const subject = `${patterns.length} new pattern${patterns.length === 1 ? '' : 's'} from designers you follow`;
  const text = [
    `New patterns from designers you follow on ${BRAND_NAME}:`,
    '',
    ...[...byStore].flatMap(([store, list]) => [store, ...list.map((p) => `  ${p.title} (${formatPrice(p.price_cents, p.currency)}): ${link(p)}`), '']),
    'You get this because you follow these designers and subscribed to the newsletter.',
    `Unsubscribe: ${unsubscribe}`,
  ].join('\n');
  const html = `<h1 style="font-size:20px">New patterns from designers you follow</h1>
${[...byStore]
  .map(
    ([store, list]) => `<h2 style="font-size:16px">${escapeHtml(store)}</h2>
<ul>${list.map((p) => `<li><a href="${escapeHtml(link(p))}">${escapeHtml(p.title)}</a> — ${escapeHtml(formatPrice(p.price_cents, p.currency))}</li>`).join('')}</ul>`,
  )
  .join('\n')}
<p style="color:#555;font-size:13px">You get this because you follow these designers and subscribed to the ${escapeHtml(BRAND_NAME)} newsletter.
<a href="${escapeHtml(unsubscribe)}">Unsubscribe</a> with one click.</p>`;
  return { subject, text, html };
}
