// How an invoice's or a credit note's number is printed and its PDF named, zod-free so
// the apps' pages can use it without the contract's schemas. The numbers themselves are the
// database's (public.invoices: gap-free per series, assigned once).

export type InvoiceKind = 'invoice' | 'credit_note';

/** INV-000042, CN-000007: the series' prefix and six digits or more. */
export function invoiceNumberLabel(kind: InvoiceKind, number: number): string {
  return `${kind === 'invoice' ? 'INV' : 'CN'}-${String(number).padStart(6, '0')}`;
}

/** The PDF's file name: stitchhouse-invoice-INV-000042.pdf, stitchhouse-credit-note-CN-000007.pdf. */
export function invoiceFileName(kind: InvoiceKind, number: number): string {
  return `stitchhouse-${kind === 'invoice' ? 'invoice' : 'credit-note'}-${invoiceNumberLabel(kind, number)}.pdf`;
}
