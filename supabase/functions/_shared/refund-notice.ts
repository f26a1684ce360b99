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

export function refundEmail({ order, creditNote, invoiceNumber }: RefundNoticeInput, site: string): { subject: string; text: string; html: string } {
  const money = (cents: number) => formatMoney(cents, order.currency as Currency);
  const refunded = order.items.filter((i) => creditNote.order_item_ids.includes(i.id));
  const kept = order.items.filter((i) => !i.refunded_at && order.status !== 'refunded');
  const name = (i: { title: string | null }) => i.title ?? 'Pattern';
  const link = siteLink(site, '/payment', {}, { order: order.id });
  const cn = invoiceNumberLabel('credit_note', creditNote.number);
  const subject = `Your ${BRAND_NAME} refund: ${money(creditNote.gross_cents)} for order ${order.number}`;
  const access = [
    ...refunded.map((i) =>
      i.kind === 'wholesale_print'
        ? `${name(i)}: the print licence for ${i.quantity} ${i.quantity === 1 ? 'copy' : 'copies'} is withdrawn; print no further copies.`
        : `${name(i)}: no longer in your library; its download links stop working.`,
    ),
    ...(refunded.length === 0
      ? ['This refund is part of the price: the patterns of this order stay in your library.']
      : kept.length > 0
        ? [`The rest of the order stays yours: ${kept.map(name).join(', ')}.`]
        : []),
  ];
  const text = [
    `We have refunded ${money(creditNote.gross_cents)} (including ${money(creditNote.vat_cents)} VAT) for order ${order.number}` +
      ' to the card you paid with. Your bank usually shows it within 5 to 10 days.',
    '',
    ...(refunded.length > 0 ? [`Refunded: ${refunded.map(name).join(', ')}`, ''] : []),
    'What happens to your access:',
    ...access.map((a) => `- ${a}`),
    '',
    `Credit note ${cn}${invoiceNumber ? ` (it corrects invoice ${invoiceNumberLabel('invoice', invoiceNumber)})` : ''} and your invoice: ${link}`,
  ].join('\n');
  const html = `<p>We have refunded <strong>${escapeHtml(money(creditNote.gross_cents))}</strong> (including ${escapeHtml(money(creditNote.vat_cents))} VAT)
for order <strong>${order.number}</strong> to the card you paid with. Your bank usually shows it within 5 to 10 days.</p>
${refunded.length > 0 ? `<p>Refunded: ${escapeHtml(refunded.map(name).join(', '))}</p>` : ''}
<p>What happens to your access:</p>
<ul>${access.map((a) => `<li>${escapeHtml(a)}</li>`).join('')}</ul>
<p><a href="${escapeHtml(link)}">Credit note ${escapeHtml(cn)}</a>${invoiceNumber ? ` (it corrects invoice ${escapeHtml(invoiceNumberLabel('invoice', invoiceNumber))})` : ''} and your invoice are with your purchases.</p>`;
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
      .select('id, number, currency, buyer_email, status, order_items(id, title, kind, quantity, refunded_at), invoices(kind, number)')
      .eq('id', orderId)
      .single();
    if (orderError) throw orderError;
    const { order_items: items, invoices, ...row } = order;
    const buyerEmail = row.buyer_email;
    if (!buyerEmail) return 0;
    const invoiceNumber = invoices.find((d) => d.kind === 'invoice')?.number ?? null;
    for (const note of sorted) {
      await sendMail({ to: buyerEmail, ...refundEmail({ order: { ...row, items }, creditNote: note, invoiceNumber }, siteUrl()) });
      sent += 1;
    }
    return sent;
  } catch (err) {
    // the ones not sent go back to the queue (the webhook answers 500; Stripe's retry sends them)
    await Promise.all(sorted.slice(sent).map((n) => db.rpc('release_refund_notice', { p_id: n.id })));
    throw err;
  }
}
