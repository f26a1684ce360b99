// The buyer's refund email, one per credit note the charge.refunded webhook made
// (public.invoices kind credit_note, notice_due): the amount with its VAT, the patterns refunded,
// what happens to their access, and the credit note on /payment. Claimed once
// (claim_refund_notices); a failed send hands the claim back so Stripe's retry sends it.
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '@stitchhouse/shared/database.types.ts';
import { BRAND_NAME } from '@stitchhouse/shared/brand.ts';
import { invoiceNumberLabel } from '@stitchhouse/shared/contracts/invoice.ts';
import { formatMoney, type Currency } from '@stitchhouse/shared/pricing.ts';
import { siteLink } from '@stitchhouse/shared/routes.ts';
import { serviceClient } from './clients.ts';
import { siteUrl } from './env.ts';
import { htmlWithLinks, mailI18n, memberLocale } from './i18n.ts';
import { escapeHtml, sendMail } from './mail.ts';

export interface RefundNoticeInput {
  order: {
    id: string;
    number: number;
    currency: string;
    buyer_email: string | null;
    status: string;
    items: { id: string; title: string | null; kind: string; quantity: number; refunded_at: string | null }[];
  };
  creditNote: { number: number; gross_cents: number; vat_cents: number; order_item_ids: string[] };
  invoiceNumber: number | null;
}

export function refundEmail(
  { order, creditNote, invoiceNumber }: RefundNoticeInput,
  site: string,
  locale = 'en',
): { subject: string; text: string; html: string } {
  const i18n = mailI18n(locale);
  const money = (cents: number) => formatMoney(cents, order.currency as Currency, i18n.locale);
  const list = (names: string[]) => new Intl.ListFormat(i18n.locale, { type: 'conjunction' }).format(names);
  const refunded = order.items.filter((i) => creditNote.order_item_ids.includes(i.id));
  const kept = order.items.filter((i) => !i.refunded_at && order.status !== 'refunded');
  const name = (i: { title: string | null }) => i.title ?? i18n._('email.refund.pattern');
  const link = siteLink(site, '/payment', {}, { order: order.id });
  const cn = invoiceNumberLabel('credit_note', creditNote.number);
  const amount = money(creditNote.gross_cents);
  const subject = i18n._('email.refund.subject', { brand: BRAND_NAME, amount, number: order.number });
  const access = [
    ...refunded.map((i) =>
      i.kind === 'wholesale_print'
        ? i18n._('email.refund.printWithdrawn', { name: name(i), count: i.quantity })
        : i18n._('email.refund.digitalWithdrawn', { name: name(i) }),
    ),
    ...(refunded.length === 0
      ? [i18n._('email.refund.partOfPrice')]
      : kept.length > 0
        ? [i18n._('email.refund.restStays', { patterns: list(kept.map(name)) })]
        : []),
  ];
  const refundedLine = i18n._('email.refund.refunded', { amount, vat: money(creditNote.vat_cents), number: order.number });
  const corrects = invoiceNumber ? i18n._('email.refund.corrects', { invoice: invoiceNumberLabel('invoice', invoiceNumber) }) : '';
  const text = [
    refundedLine,
    '',
    ...(refunded.length > 0 ? [i18n._('email.refund.refundedPatterns', { patterns: list(refunded.map(name)) }), ''] : []),
    i18n._('email.refund.access'),
    ...access.map((a) => `- ${a}`),
    '',
    i18n._('email.refund.creditNoteText', { creditNote: cn, corrects, link }),
  ].join('\n');
  const html = `<p>${escapeHtml(refundedLine)}</p>
${refunded.length > 0 ? `<p>${escapeHtml(i18n._('email.refund.refundedPatterns', { patterns: list(refunded.map(name)) }))}</p>` : ''}
<p>${escapeHtml(i18n._('email.refund.access'))}</p>
<ul>${access.map((a) => `<li>${escapeHtml(a)}</li>`).join('')}</ul>
<p>${htmlWithLinks(i18n._('email.refund.creditNoteHtml', { creditNote: cn, corrects }), [link])}</p>`;
  return { subject, text, html };
}

/** Sends the refund emails still due for an order; answers how many went out. */
export async function sendRefundNotices(orderId: string, db: SupabaseClient<Database> = serviceClient()): Promise<number> {
  const { data: claimed, error } = await db.rpc('claim_refund_notices', { p_order_id: orderId });
  if (error) throw new Error(`claim_refund_notices: ${error.message}`);
  const notes = (claimed ?? []) as Array<{ id: string; number: number; gross_cents: number; vat_cents: number; order_item_ids: string[] }>;
  if (notes.length === 0) return 0;
  let sent = 0;
  const sorted = notes.sort((a, b) => a.number - b.number);
  try {
    const { data: order, error: orderError } = await db
      .from('orders')
      .select('id, number, currency, buyer_id, buyer_email, locale, status, order_items(id, title, kind, quantity, refunded_at), invoices(kind, number)')
      .eq('id', orderId)
      .single();
    if (orderError) throw orderError;
    const { order_items: items, invoices, buyer_id: buyerId, locale: orderLocale, ...row } = order;
    const buyerEmail = row.buyer_email;
    if (!buyerEmail) return 0;
    const invoiceNumber = invoices.find((d) => d.kind === 'invoice')?.number ?? null;
    const locale = await memberLocale(db, buyerId, orderLocale);
    for (const note of sorted) {
      await sendMail({ to: buyerEmail, ...refundEmail({ order: { ...row, items }, creditNote: note, invoiceNumber }, siteUrl(), locale) });
      sent += 1;
    }
    return sent;
  } catch (err) {
    // the ones not sent go back to the queue (the webhook answers 500; Stripe's retry sends them)
    await Promise.all(sorted.slice(sent).map((n) => db.rpc('release_refund_notice', { p_id: n.id })));
    throw err;
  }
}
