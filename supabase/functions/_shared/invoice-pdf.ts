// The VAT invoice and the credit note as PDF, drawn with pdf-lib in Helvetica (text
// outside WinAnsi goes through the stamp's toFontSafeText). Stitchhouse issues them as the
// marketplace that collects the VAT (EU One-Stop Shop: the buyer's country's rate; prices include
// VAT), for the sellers named on it. One A4 page, more when the lines do not fit.
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { BRAND_CONTACT, BRAND_NAME } from '@stitchhouse/shared/brand.ts';
import { countryName } from '@stitchhouse/shared/countries.ts';
import { invoiceNumberLabel, type InvoiceDocument } from '@stitchhouse/shared/contracts/invoice.ts';
import { formatBasisPoints, formatMoney, type Currency } from '@stitchhouse/shared/pricing.ts';
import { toFontSafeText } from './stamp.ts';

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 50;
const SELLER_KIND: Record<string, string> = { designer: 'designer', retailer: 'shop', supplier: 'supplier' };

const day = (iso: string | null) => (iso ? new Date(iso).toISOString().slice(0, 10) : '');

export interface InvoiceLine {
  label: string;
  quantity: number;
  net: number;
  rateBp: number;
  vat: number;
  gross: number;
  currency: string;
}

/** The document's lines: the order's (invoice) or the refunded ones, negative (credit note). */
export function invoiceLines(doc: InvoiceDocument): InvoiceLine[] {
  const rateBp = doc.order.vat_rate_bp;
  const line = (i: InvoiceDocument['items'][number], sign: 1 | -1): InvoiceLine => {
    const name = i.title ?? 'Pattern';
    const label = i.kind === 'wholesale_print' ? `${name}, print licence` : `${name}, digital pattern (PDF)`;
    return {
      label: i.discount_cents > 0 ? `${label} (discount ${formatMoney(i.discount_cents, i.currency as Currency)})` : label,
      quantity: i.quantity,
      net: sign * (i.gross_cents - i.vat_cents),
      rateBp,
      vat: sign * i.vat_cents,
      gross: sign * i.gross_cents,
      currency: i.currency,
    };
  };
  if (doc.document.kind === 'invoice') return doc.items.map((i) => line(i, 1));
  const refunded = doc.items.filter((i) => doc.document.order_item_ids.includes(i.id));
  const sum = refunded.reduce((s, i) => s + i.gross_cents, 0);
  if (refunded.length > 0 && sum === doc.document.gross_cents) return refunded.map((i) => line(i, -1));
  // the whole order at once (a refund the lines were not marked for, e.g. from the dashboard)
  if (doc.document.gross_cents === doc.order.total_cents && doc.credit_notes.length === 1) return doc.items.map((i) => line(i, -1));
  // an amount that is not whole lines (a partial refund): one line for it, with the VAT it contains
  const { gross_cents: gross, vat_cents: vat, currency } = doc.document;
  return [{ label: `Partial refund of order ${doc.order.number}`, quantity: 1, net: -(gross - vat), rateBp, vat: -vat, gross: -gross, currency }];
}

/** Net, VAT and gross per currency, in the order the currencies first appear. */
export function invoiceTotals(lines: readonly InvoiceLine[]): Array<{ currency: string; net: number; vat: number; gross: number }> {
  const totals = new Map<string, { currency: string; net: number; vat: number; gross: number }>();
  for (const l of lines) {
    const t = totals.get(l.currency) ?? { currency: l.currency, net: 0, vat: 0, gross: 0 };
    t.net += l.net;
    t.vat += l.vat;
    t.gross += l.gross;
    totals.set(l.currency, t);
  }
  return [...totals.values()];
}

class Writer {
  page!: PDFPage;
  y = 0;
  constructor(
    readonly pdf: PDFDocument,
    readonly regular: PDFFont,
    readonly bold: PDFFont,
  ) {
    this.newPage();
  }
  newPage() {
    this.page = this.pdf.addPage(A4);
    this.y = A4[1] - MARGIN;
  }
  ensure(height: number) {
    if (this.y - height < MARGIN) this.newPage();
  }
  text(value: string, x: number, options: { size?: number; bold?: boolean; right?: boolean; color?: number } = {}) {
    const font = options.bold ? this.bold : this.regular;
    const size = options.size ?? 9.5;
    const safe = toFontSafeText(value, font);
    const left = options.right ? x - font.widthOfTextAtSize(safe, size) : x;
    this.page.drawText(safe, { x: left, y: this.y, size, font, color: rgb(options.color ?? 0.1, options.color ?? 0.1, options.color ?? 0.1) });
  }
  line(value: string, options: { size?: number; bold?: boolean; color?: number } = {}) {
    const size = options.size ?? 9.5;
    this.ensure(size + 4);
    this.text(value, MARGIN, options);
    this.y -= size + 4;
  }
  gap(points = 8) {
    this.y -= points;
  }
  rule() {
    this.page.drawLine({ start: { x: MARGIN, y: this.y + 4 }, end: { x: A4[0] - MARGIN, y: this.y + 4 }, thickness: 0.5, color: rgb(0.6, 0.6, 0.6) });
    this.gap(6);
  }
  /** A label too wide for its column is cut with "…" (the whole title is on the order). */
  fit(value: string, width: number, size = 9.5): string {
    let safe = toFontSafeText(value, this.regular);
    if (this.regular.widthOfTextAtSize(safe, size) <= width) return safe;
    while (safe.length > 1 && this.regular.widthOfTextAtSize(`${safe}...`, size) > width) safe = safe.slice(0, -1);
    return `${safe.trimEnd()}...`;
  }
}

/** The PDF of the invoice or credit note `doc` (rpc/order_invoice's answer). */
export async function invoicePdf(doc: InvoiceDocument): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const w = new Writer(pdf, await pdf.embedFont(StandardFonts.Helvetica), await pdf.embedFont(StandardFonts.HelveticaBold));
  const credit = doc.document.kind === 'credit_note';
  const number = invoiceNumberLabel(doc.document.kind, doc.document.number);
  const invoiceNumber = invoiceNumberLabel('invoice', doc.invoice.number);
  const money = (cents: number, currency: string) => formatMoney(cents, currency as Currency);
  const title = credit ? 'Credit note' : 'VAT invoice';
  pdf.setTitle(`${BRAND_NAME} ${title.toLowerCase()} ${number}`);
  pdf.setAuthor(BRAND_NAME);
  pdf.setSubject(`${title} ${number} for order ${doc.order.number}`);
  pdf.setCreationDate(new Date(doc.document.issued_at));

  w.line(BRAND_NAME, { size: 18, bold: true });
  w.line(title, { size: 14, bold: true });
  w.gap(4);
  w.line(`${credit ? 'Credit note number' : 'Invoice number'}: ${number}`, { bold: true });
  w.line(`Issue date: ${day(doc.document.issued_at)}`);
  if (credit) w.line(`Credits invoice ${invoiceNumber} of ${day(doc.invoice.issued_at)}`);
  w.line(`Order: ${doc.order.number}${doc.order.paid_at ? `, paid ${day(doc.order.paid_at)} (date of supply)` : ''}`);
  w.gap();

  w.line('Issued by the marketplace', { bold: true });
  w.line(`${BRAND_NAME}, online marketplace for sewing and craft patterns (${BRAND_CONTACT.support})`);
  w.line(`${BRAND_NAME} sells on behalf of the sellers below and charges, collects and pays the VAT on this sale`);
  w.line('under the EU One-Stop Shop (OSS) scheme, at the rate of the buyer\u2019s country. Prices include VAT.');
  w.gap();

  w.line(doc.sellers.length === 1 ? 'Seller' : 'Sellers', { bold: true });
  for (const s of doc.sellers) {
    const address = [s.address_line1, s.address_line2, [s.postal_code, s.city].filter(Boolean).join(' '), s.region]
      .map((part) => part?.trim())
      .filter(Boolean)
      .join(', ');
    w.line(`${s.name} (${SELLER_KIND[s.kind] ?? s.kind})${address ? `, ${address}` : ''}, ${countryName(s.country)}`);
  }
  w.gap();

  w.line('Buyer', { bold: true });
  if (doc.buyer.name) w.line(doc.buyer.name);
  if (doc.buyer.email) w.line(doc.buyer.email);
  w.line(`Country: ${doc.buyer.country ? `${countryName(doc.buyer.country)} (${doc.buyer.country})` : 'not given'}`);
  w.gap(12);

  // the lines: description, quantity, net, VAT rate, VAT, gross
  const cols = { qty: 330, net: 395, rate: 440, vat: 490, gross: A4[0] - MARGIN };
  w.ensure(40);
  w.text('Item', MARGIN, { bold: true });
  w.text('Qty', cols.qty, { bold: true, right: true });
  w.text('Net', cols.net, { bold: true, right: true });
  w.text('VAT rate', cols.rate, { bold: true, right: true });
  w.text('VAT', cols.vat, { bold: true, right: true });
  w.text('Gross', cols.gross, { bold: true, right: true });
  w.y -= 14;
  w.rule();
  const lines = invoiceLines(doc);
  for (const l of lines) {
    w.ensure(14);
    w.page.drawText(w.fit(l.label, cols.qty - MARGIN - 30), { x: MARGIN, y: w.y, size: 9.5, font: w.regular, color: rgb(0.1, 0.1, 0.1) });
    w.text(String(l.quantity), cols.qty, { right: true });
    w.text(money(l.net, l.currency), cols.net, { right: true });
    w.text(formatBasisPoints(l.rateBp), cols.rate, { right: true });
    w.text(money(l.vat, l.currency), cols.vat, { right: true });
    w.text(money(l.gross, l.currency), cols.gross, { right: true });
    w.y -= 14;
  }
  w.rule();
  for (const t of invoiceTotals(lines)) {
    w.ensure(48);
    w.text(`Total net (${t.currency})`, cols.rate, { right: true });
    w.text(money(t.net, t.currency), cols.gross, { right: true });
    w.y -= 13;
    w.text(`VAT ${formatBasisPoints(doc.order.vat_rate_bp)} (${t.currency})`, cols.rate, { right: true });
    w.text(money(t.vat, t.currency), cols.gross, { right: true });
    w.y -= 13;
    w.text(`${credit ? 'Total credited' : 'Total paid'} (${t.currency})`, cols.rate, { right: true, bold: true });
    w.text(money(t.gross, t.currency), cols.gross, { right: true, bold: true });
    w.y -= 16;
  }
  if (!credit && doc.order.discount_cents > 0)
    w.line(`Discounts included: ${money(doc.order.discount_cents, doc.order.currency)} (each line shows its price after discount).`);
  if (!credit && doc.credit_notes.length > 0) {
    w.gap();
    w.line('Refunds', { bold: true });
    for (const c of doc.credit_notes) {
      w.line(
        `Credit note ${invoiceNumberLabel('credit_note', c.number)} of ${day(c.issued_at)}: ${money(-c.gross_cents, doc.order.currency)} (VAT ${money(-c.vat_cents, doc.order.currency)})`,
      );
    }
  }
  w.gap();
  w.line(
    credit
      ? `This credit note reduces invoice ${invoiceNumber}; the amount is refunded to the card that paid.`
      : 'Paid in full by card. Keep this invoice for your records.',
    { size: 8.5, color: 0.35 },
  );
  return await pdf.save();
}
