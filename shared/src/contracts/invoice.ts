// The invoice function's wire: GET /invoice?order_id=<uuid>[&credit_note=<number>]
// with the buyer's session; the answer is the order's VAT invoice (or one of its credit notes) as
// a PDF, Content-Disposition naming the file; a refusal is the one error shape with a code below.
// The numbers are the database's (public.invoices: gap-free per series, assigned once); what the
// PDF shows comes from rpc/order_invoice, which answers the order's buyer only.
// supabase/functions/invoice and mf-payments (api/invoices.ts) read this file.
import { z } from 'zod';
import { errorEnvelopeOf, invalidInputDetails, methodNotAllowedDetails } from './envelope.ts';

export const invoiceRequest = z.object({
  order_id: z.guid({ error: 'order_id must be an order id' }),
  credit_note: z.coerce.number({ error: 'credit_note must be a credit note number' }).int().positive().optional(),
});
export type InvoiceRequest = z.infer<typeof invoiceRequest>;

export { invoiceFileName, invoiceNumberLabel, type InvoiceKind } from '../invoiceNumber.ts';

export const invoiceResponseHeaders = z.object({
  'content-type': z.literal('application/pdf'),
  'content-disposition': z.string().regex(/^attachment; filename="stitchhouse-(invoice-INV|credit-note-CN)-\d{6,}\.pdf"$/),
});

const money = z.number().int();
/** What rpc/order_invoice answers (jsonb): the document, its order, the buyer, the lines and the sellers. */
export const invoiceDocument = z.object({
  document: z.object({
    kind: z.enum(['invoice', 'credit_note']),
    number: z.number().int().positive(),
    issued_at: z.string(),
    currency: z.string(),
    gross_cents: money,
    vat_cents: money,
    order_item_ids: z.array(z.string()),
  }),
  invoice: z.object({ number: z.number().int().positive(), issued_at: z.string() }),
  order: z.object({
    id: z.string(),
    number: z.number().int(),
    status: z.string(),
    paid_at: z.string().nullable(),
    currency: z.string(),
    vat_rate_bp: z.number().int(),
    buyer_country: z.string().nullable(),
    subtotal_cents: money,
    discount_cents: money,
    vat_cents: money,
    total_cents: money,
    amount_refunded_cents: money,
  }),
  buyer: z.object({ name: z.string().nullable(), email: z.string().nullable(), country: z.string().nullable() }),
  items: z.array(
    z.object({
      id: z.string(),
      title: z.string().nullable(),
      kind: z.string(),
      quantity: z.number().int(),
      unit_price_cents: money,
      discount_cents: money,
      vat_cents: money,
      gross_cents: money,
      currency: z.string(),
      store_id: z.string(),
      refunded_at: z.string().nullable(),
    }),
  ),
  sellers: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      kind: z.string(),
      country: z.string(),
      address_line1: z.string().nullable(),
      address_line2: z.string().nullable(),
      city: z.string().nullable(),
      postal_code: z.string().nullable(),
      region: z.string().nullable(),
    }),
  ),
  credit_notes: z.array(z.object({ number: z.number().int().positive(), issued_at: z.string(), gross_cents: money, vat_cents: money })),
});
export type InvoiceDocument = z.infer<typeof invoiceDocument>;

export const INVOICE_ERRORS = {
  not_signed_in: z.null(),
  aal2_required: z.null(),
  invalid_request: z.union([z.null(), invalidInputDetails]),
  method_not_allowed: methodNotAllowedDetails,
  /** not the caller's order, no such order, not paid yet, or no such credit note: one answer for all */
  not_found: z.null(),
  server_error: z.null(),
} as const;
export const invoiceError = errorEnvelopeOf(INVOICE_ERRORS);
