// The buyer's receipt, sent once an order is paid (by the webhook's follow-up): items, VAT,
// totals, the order number, a download link per pattern and the VAT invoice (on /payment).
import { BRAND_NAME } from '@stitchhouse/shared/brand.ts';
import { invoiceNumberLabel } from '@stitchhouse/shared/contracts/invoice.ts';
import { VAT_RATES, formatBasisPoints, formatMoney, type Currency } from '@stitchhouse/shared/pricing.ts';
import { siteLink } from '@stitchhouse/shared/routes.ts';
import { escapeHtml } from './mail.ts';

export interface ReceiptOrder {
  id: string;
  number: number;
  /** The order's VAT invoice number (public.invoices), issued when it was paid. */
  invoice_number: number | null;
  currency: string;
  subtotal_cents: number;
  discount_cents: number;
  vat_cents: number;
  vat_rate_bp: number;
  total_cents: number;
  buyer_country: string | null;
  paid_at: string | null;
  items: { pattern_id: string; title: string | null; kind: string; quantity: number; unit_price_cents: number; discount_cents: number; vat_cents: number }[];
}

export function receiptEmail(order: ReceiptOrder, siteUrl: string): { subject: string; text: string; html: string } {
  const money = (cents: number) => formatMoney(cents, order.currency as Currency);
  const subject = `Your ${BRAND_NAME} receipt — order ${order.number}`;
  const lines = order.items.map((i) => {
    const total = i.unit_price_cents * i.quantity - i.discount_cents;
    const name = i.title ?? 'Pattern';
    const label = i.kind === 'wholesale_print' ? `${name} — print licence × ${i.quantity}` : name;
    return { label, total, vat: i.vat_cents, link: i.kind === 'digital' ? siteLink(siteUrl, '/download/:productId', { productId: i.pattern_id }) : null };
  });
  const library = siteLink(siteUrl, '/patterns/my-patterns');
  // the buyer's orders list: the invoice's PDF is downloaded there, after sign-in
  const invoice = siteLink(siteUrl, '/payment', {}, { order: order.id });
  const invoiceName = order.invoice_number ? `VAT invoice ${invoiceNumberLabel('invoice', order.invoice_number)}` : 'VAT invoice';
  const country = order.buyer_country ? (VAT_RATES[order.buyer_country]?.name ?? order.buyer_country) : null;
  const vatLabel = order.vat_rate_bp > 0 ? `VAT ${formatBasisPoints(order.vat_rate_bp)}${country ? ` (${country})` : ''}, included` : 'VAT';
  const paid = order.paid_at ? new Date(order.paid_at).toISOString().slice(0, 10) : '';
  const text = [
    `Thank you for your order ${order.number}${paid ? ` of ${paid}` : ''}.`,
    '',
    ...lines.map((l) => `${l.label}: ${money(l.total)} (VAT ${money(l.vat)})${l.link ? `\n  Download: ${l.link}` : ''}`),
    '',
    `Subtotal: ${money(order.subtotal_cents)}`,
    ...(order.discount_cents > 0 ? [`Discount: −${money(order.discount_cents)}`] : []),
    `${vatLabel}: ${money(order.vat_cents)}`,
    `Total paid: ${money(order.total_cents)}`,
    '',
    `Your patterns are in your library: ${library}`,
    `Your ${invoiceName} (PDF): ${invoice}`,
  ].join('\n');
  const rows = lines
    .map(
      (l) =>
        `<tr><td>${escapeHtml(l.label)}${l.link ? `<br><a href="${escapeHtml(l.link)}">Download</a>` : ''}</td>` +
        `<td style="text-align:right">${escapeHtml(money(l.vat))}</td><td style="text-align:right">${escapeHtml(money(l.total))}</td></tr>`,
    )
    .join('\n');
  const html = `<p>Thank you for your order <strong>${order.number}</strong>${paid ? ` of ${paid}` : ''}.</p>
<table cellpadding="4"><thead><tr><th style="text-align:left">Item</th><th>VAT</th><th>Price</th></tr></thead><tbody>
${rows}
</tbody></table>
<p>Subtotal: ${escapeHtml(money(order.subtotal_cents))}<br>
${order.discount_cents > 0 ? `Discount: −${escapeHtml(money(order.discount_cents))}<br>` : ''}${escapeHtml(vatLabel)}: ${escapeHtml(money(order.vat_cents))}<br>
<strong>Total paid: ${escapeHtml(money(order.total_cents))}</strong></p>
<p>Your patterns are in your <a href="${escapeHtml(library)}">library</a>.</p>
<p>Your <a href="${escapeHtml(invoice)}">${escapeHtml(invoiceName)}</a> (PDF) is with your purchases.</p>`;
  return { subject, text, html };
}
