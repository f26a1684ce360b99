// The buyer's receipt, sent once an order is paid (by the webhook's follow-up): items, VAT,
// totals, the order number, a download link per pattern and the VAT invoice (on /payment), in
// the buyer's language (their profile's, else the one they checked out in).
import { BRAND_NAME } from '@stitchhouse/shared/brand.ts';
import { invoiceNumberLabel } from '@stitchhouse/shared/contracts/invoice.ts';
import { countryName } from '@stitchhouse/shared/countries.ts';
import { formatBasisPoints, formatMoney, type Currency } from '@stitchhouse/shared/pricing.ts';
import { siteLink } from '@stitchhouse/shared/routes.ts';
import { htmlWithLinks, mailDate, mailI18n } from './i18n.ts';
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

export function receiptEmail(order: ReceiptOrder, siteUrl: string, locale = 'en'): { subject: string; text: string; html: string } {
  const i18n = mailI18n(locale);
  const money = (cents: number) => formatMoney(cents, order.currency as Currency, i18n.locale);
  const subject = i18n._('email.receipt.subject', { brand: BRAND_NAME, number: order.number });
  const lines = order.items.map((i) => {
    const total = i.unit_price_cents * i.quantity - i.discount_cents;
    const name = i.title ?? i18n._('email.receipt.pattern');
    const label = i.kind === 'wholesale_print' ? i18n._('email.receipt.printLicence', { name, quantity: i.quantity }) : name;
    return { label, total, vat: i.vat_cents, link: i.kind === 'digital' ? siteLink(siteUrl, '/download/:productId', { productId: i.pattern_id }) : null };
  });
  const library = siteLink(siteUrl, '/patterns/my-patterns');
  // the buyer's orders list: the invoice's PDF is downloaded there, after sign-in
  const invoice = siteLink(siteUrl, '/payment', {}, { order: order.id });
  const invoiceName = order.invoice_number
    ? i18n._('email.receipt.invoiceNumbered', { number: invoiceNumberLabel('invoice', order.invoice_number) })
    : i18n._('email.receipt.invoice');
  const country = order.buyer_country ? countryName(order.buyer_country, i18n.locale) : null;
  const rate = formatBasisPoints(order.vat_rate_bp);
  const vatLabel =
    order.vat_rate_bp > 0
      ? country
        ? i18n._('email.receipt.vatIncludedIn', { rate, country })
        : i18n._('email.receipt.vatIncluded', { rate })
      : i18n._('email.receipt.vat');
  const thanks = order.paid_at
    ? i18n._('email.receipt.thanksOn', { number: order.number, date: mailDate(order.paid_at, i18n.locale) })
    : i18n._('email.receipt.thanks', { number: order.number });
  const totals = [
    i18n._('email.receipt.subtotal', { amount: money(order.subtotal_cents) }),
    ...(order.discount_cents > 0 ? [i18n._('email.receipt.discount', { amount: money(order.discount_cents) })] : []),
    `${vatLabel}: ${money(order.vat_cents)}`,
  ];
  const totalPaid = i18n._('email.receipt.totalPaid', { amount: money(order.total_cents) });
  const download = i18n._('email.receipt.download');
  const text = [
    thanks,
    '',
    ...lines.map(
      (l) => `${i18n._('email.receipt.line', { label: l.label, total: money(l.total), vat: money(l.vat) })}${l.link ? `\n  ${download}: ${l.link}` : ''}`,
    ),
    '',
    ...totals,
    totalPaid,
    '',
    i18n._('email.receipt.libraryText', { link: library }),
    i18n._('email.receipt.invoiceText', { invoice: invoiceName, link: invoice }),
  ].join('\n');
  const rows = lines
    .map(
      (l) =>
        `<tr><td>${escapeHtml(l.label)}${l.link ? `<br><a href="${escapeHtml(l.link)}">${escapeHtml(download)}</a>` : ''}</td>` +
        `<td style="text-align:right">${escapeHtml(money(l.vat))}</td><td style="text-align:right">${escapeHtml(money(l.total))}</td></tr>`,
    )
    .join('\n');
  const head = [i18n._('email.receipt.item'), i18n._('email.receipt.vat'), i18n._('email.receipt.price')].map(escapeHtml);
  const html = `<p>${escapeHtml(thanks)}</p>
<table cellpadding="4"><thead><tr><th style="text-align:left">${head[0]}</th><th>${head[1]}</th><th>${head[2]}</th></tr></thead><tbody>
${rows}
</tbody></table>
<p>${totals.map(escapeHtml).join('<br>\n')}<br>
<strong>${escapeHtml(totalPaid)}</strong></p>
<p>${htmlWithLinks(i18n._('email.receipt.libraryHtml'), [library])}</p>
<p>${htmlWithLinks(i18n._('email.receipt.invoiceHtml', { invoice: invoiceName }), [invoice])}</p>`;
  return { subject, text, html };
}
