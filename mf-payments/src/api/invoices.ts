// The buyer's VAT invoice and credit notes: the numbers from REST (public.invoices,
// readable by the order's buyer only), the PDF from the invoice function, fetched with the session
// (an <a href> cannot carry it). Refusals are the invoice contract's codes.
import type { InvoiceKind } from '@stitchhouse/shared/invoiceNumber.ts';
import { invoiceFileName } from '@stitchhouse/shared/invoiceNumber.ts';
import { streamFunction } from '@stitchhouse/shared/streamingFetch.ts';

export interface InvoiceRef {
  kind: InvoiceKind;
  number: number;
  issued_at: string;
  gross_cents: number;
  currency: string;
}

export interface InvoiceFile {
  blob: Blob;
  fileName: string;
}

/** The order's invoice (creditNote null) or one of its credit notes, as a PDF. */
export async function fetchInvoicePdf(orderId: string, doc: Pick<InvoiceRef, 'kind' | 'number'>): Promise<InvoiceFile> {
  const answer = await streamFunction('invoice', {
    query: { order_id: orderId, credit_note: doc.kind === 'credit_note' ? String(doc.number) : null },
    type: 'application/pdf',
  });
  return { blob: answer.blob, fileName: answer.fileName ?? invoiceFileName(doc.kind, doc.number) };
}
