// The newsletter's "New patterns from designers you follow": one mail per confirmed subscriber
// whose address belongs to a member following stores that published in the window. Run by the
// platform's scheduler with the service key (POST /newsletter/digest), never by visitors.
import { BRAND_NAME } from '@stitchhouse/shared/brand.ts';
import { formatPrice } from '@stitchhouse/shared/money.ts';
import { mailI18n } from '../_shared/i18n.ts';
import { escapeHtml } from '../_shared/mail.ts';
import { unsubscribeFooter } from './email.ts';
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
  /** The member's saved language (null: English). */
  locale: string | null;
  patterns: DigestPattern[];
}

/** The digest mail for one subscriber, in their language: the new patterns grouped by the store that published them. */
export function followDigestEmail(
  base: string,
  patterns: readonly DigestPattern[],
  unsubscribe: string,
  locale: string | null = 'en',
): { subject: string; text: string; html: string } {
  const i18n = mailI18n(locale);
  const byStore = new Map<string, DigestPattern[]>();
  for (const p of patterns) byStore.set(p.store_name, [...(byStore.get(p.store_name) ?? []), p]);
  const link = (p: DigestPattern) => siteLink(base, '/patterns/:productId', { productId: p.id });
  const price = (p: DigestPattern) => formatPrice(p.price_cents, p.currency, i18n.locale);
  const subject = i18n._('email.digest.subject', { count: patterns.length });
  const why = i18n._('email.digest.why', { brand: BRAND_NAME });
  const end = unsubscribeFooter(i18n, unsubscribe);
  const text = [
    i18n._('email.digest.intro', { brand: BRAND_NAME }),
    '',
    ...[...byStore].flatMap(([store, list]) => [store, ...list.map((p) => `  ${p.title} (${price(p)}): ${link(p)}`), '']),
    why,
    end.text,
  ].join('\n');
  const html = `<h1 style="font-size:20px">${escapeHtml(i18n._('email.digest.heading'))}</h1>
${[...byStore]
  .map(
    ([store, list]) => `<h2 style="font-size:16px">${escapeHtml(store)}</h2>
<ul>${list.map((p) => `<li><a href="${escapeHtml(link(p))}">${escapeHtml(p.title)}</a> — ${escapeHtml(price(p))}</li>`).join('')}</ul>`,
  )
  .join('\n')}
<p style="color:#555;font-size:13px">${escapeHtml(why)}</p>
${end.html}`;
  return { subject, text, html };
}
