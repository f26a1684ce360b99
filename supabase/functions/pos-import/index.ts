// POST /pos-import with a shop owner's session: {store_id, rows: [{external_id, pattern_id,
// quantity, unit_price, currency, sold_at}, …]} — the rows of a sales CSV the page read and
// previewed. Every row is judged again here with the same rules (shared/src/pos/sales.ts); only
// good rows are recorded (source csv), once per external_id, so uploading a file twice adds
// nothing. The answer lists each row's outcome.
import { z } from 'zod';
import { AAL2_REQUIRED, callerClient, json, serviceClient, signedInUser } from '../_shared/clients.ts';
import { patternFacts, posError, recordSales, sha256Hex } from '../_shared/pos.ts';
import { csvSaleRowSchema, judgeLines, MAX_CSV_ROWS } from '@stitchhouse/shared/pos/sales.ts';

const cors = {
  'access-control-allow-origin': '*',
  'access-control-allow-headers': 'authorization, x-client-info, apikey, content-type, x-deployment-id',
  'access-control-allow-methods': 'POST, OPTIONS',
};

const bodySchema = z.object({
  store_id: z.guid({ error: 'store_id must be your shop’s id' }),
  rows: z.array(z.record(z.string(), z.unknown()), { error: 'rows must be the rows of your file' })
    .min(1, { error: 'The file has no sales' }).max(MAX_CSV_ROWS, { error: `Upload at most ${MAX_CSV_ROWS} rows at a time` }),
});

async function handler(req: Request): Promise<Response> {
  if (req.method === 'OPTIONS') return new Response(null, { status: 204, headers: cors });
  if (req.method !== 'POST') return posError(405, 'method_not_allowed', 'Use POST.', { allow: 'POST' });
  const caller = await signedInUser(req);
  if (!caller) return posError(401, 'not_signed_in', 'Sign in as the shop’s owner to upload sales.');
  if (caller.needsSecondFactor) return posError(403, AAL2_REQUIRED.code, AAL2_REQUIRED.message);
  const parsed = bodySchema.safeParse(await req.json().catch(() => null));
  if (!parsed.success) return posError(400, 'invalid_request', parsed.error.issues.map((i) => i.message).join('; '));
  const { store_id, rows } = parsed.data;

  // Whose shop it is is decided as the caller, under row-level security.
  const { data: shop, error: shopError } = await callerClient(caller.token).from('stores')
    .select('id, currency, owner_id').eq('id', store_id).eq('owner_id', caller.user.id).maybeSingle();
  if (shopError) {
    console.error('pos import: store lookup failed', shopError);
    return posError(500, 'server_error', 'The upload could not be checked. Please try again.');
  }
  if (!shop || caller.user.is_anonymous) return posError(403, 'not_your_shop', 'Only the shop’s owner can upload its sales.');

  try {
    const db = serviceClient();
    const facts = await patternFacts(db, store_id, rows);
    const result = await recordSales(db, {
      storeId: store_id, storeCurrency: shop.currency as string, keyId: null, source: 'csv', idempotencyKey: null,
      requestHash: await sha256Hex(JSON.stringify(rows)), verdicts: judgeLines(rows, csvSaleRowSchema, facts), facts,
    });
    return json(result, 200, cors);
  } catch (err) {
    console.error('pos import failed', err);
    return posError(500, 'server_error', 'The import stopped before the end. Upload the same file again: rows already saved are not added twice.');
  }
}

Deno.serve(handler);
