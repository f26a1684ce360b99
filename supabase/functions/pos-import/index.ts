// POST /pos-import with a shop owner's session: {store_id, rows: [{external_id, pattern_id,
// quantity, unit_price, currency, sold_at}, …]} — the rows of a sales CSV the page read and
// previewed. Every row is judged again here with the same rules (shared/src/pos/sales.ts); only
// good rows are recorded (source csv), once per external_id, so uploading a file twice adds
// nothing. The answer lists each row's outcome.
import { posImportRequest } from '@stitchhouse/shared/contracts/pos-import.ts';
import { json } from '../_shared/clients.ts';
import { handler, type Context } from '../_shared/handler.ts';
import { patternFacts, posError, recordSales, sha256Hex } from '../_shared/pos.ts';
import { csvSaleRowSchema, judgeLines } from '@stitchhouse/shared/pos/sales.ts';

async function posImport(_req: Request, ctx: Context): Promise<Response> {
  const caller = await ctx.member('Sign in as the shop’s owner to upload sales.');
  const { store_id, rows } = await ctx.body(posImportRequest);

  // Whose shop it is is decided as the caller, under row-level security.
  const { data: shop, error: shopError } = await ctx
    .caller(caller.token)
    .from('stores')
    .select('id, currency, owner_id')
    .eq('id', store_id)
    .eq('owner_id', caller.user.id)
    .maybeSingle();
  if (shopError) {
    console.error('pos import: store lookup failed', shopError);
    throw posError(500, 'server_error', 'The upload could not be checked. Please try again.');
  }
  if (!shop || caller.user.is_anonymous) throw posError(403, 'not_your_shop', 'Only the shop’s owner can upload its sales.');

  try {
    const db = ctx.service();
    const facts = await patternFacts(db, store_id, rows);
    const result = await recordSales(db, {
      storeId: store_id,
      storeCurrency: shop.currency,
      keyId: null,
      source: 'csv',
      idempotencyKey: null,
      requestHash: await sha256Hex(JSON.stringify(rows)),
      verdicts: judgeLines(rows, csvSaleRowSchema, facts),
      facts,
    });
    return json(result, 200);
  } catch (err) {
    console.error('pos import failed', err);
    throw posError(500, 'server_error', 'The import stopped before the end. Upload the same file again: rows already saved are not added twice.');
  }
}

Deno.serve(handler({ name: 'pos-import', methods: ['POST'] }, posImport));
