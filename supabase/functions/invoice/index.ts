// GET /invoice?order_id=<uuid>[&credit_note=<number>] with the buyer's JWT: the order's VAT
// invoice, or one of its credit notes, as a PDF (shared/src/contracts/invoice.ts). What it shows
// and who may have it are the database's: rpc/order_invoice, called as the caller, answers the
// order's buyer only (anyone else, a store included, gets 404 not_found) and carries the numbers
// public.invoices assigned when the order was paid or refunded. Drawn here rather than in the
// browser: pdf-lib stays out of the apps' bundles, and one small page is a few ms of the 2 s CPU.
import { invoiceDocument, invoiceFileName, invoiceRequest } from '@stitchhouse/shared/contracts/invoice.ts';
import { FunctionError, handler, type Context } from '../_shared/handler.ts';
import { invoicePdf } from '../_shared/invoice-pdf.ts';

async function invoice(_req: Request, ctx: Context): Promise<Response> {
  const caller = await ctx.member('Sign in to download your invoice.');
  const { order_id, credit_note } = ctx.parse(invoiceRequest, Object.fromEntries(ctx.url.searchParams));
  const { data, error } = await ctx.caller(caller.token).rpc('order_invoice', { p_order_id: order_id, p_credit_note: credit_note });
  if (error) {
    if (error.code === 'PT404') throw new FunctionError('not_found', error.message, 404);
    if (error.code === '42501') throw new FunctionError('aal2_required', error.message, 403);
    throw new Error(`order_invoice: ${error.message}`);
  }
  const doc = invoiceDocument.parse(data);
  const pdf = await invoicePdf(doc);
  return new Response(new Blob([pdf as Uint8Array<ArrayBuffer>]), {
    status: 200,
    headers: {
      'content-type': 'application/pdf',
      'content-disposition': `attachment; filename="${invoiceFileName(doc.document.kind, doc.document.number)}"`,
      'content-length': String(pdf.byteLength),
      'cache-control': 'private, no-store',
    },
  });
}

Deno.serve(handler({ name: 'invoice', methods: ['GET'], exposeHeaders: ['content-disposition'] }, invoice));
