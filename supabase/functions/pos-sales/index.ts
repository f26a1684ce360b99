// POST /pos-sales with "Authorization: Bearer <till key>" and an "Idempotency-Key" header:
// {"lines": [{external_id, pattern_id, quantity, unit_price_cents, currency?, sold_at}, …]}.
// Each line is judged on its own (shared/src/pos/sales.ts) and answered accepted, duplicate
// (this external_id was recorded before) or rejected with a reason; accepted lines are recorded
// with the royalty owed to the designer. Sending the same key and body again returns the first
// answer (Idempotent-Replayed: true) and records nothing; the same key with another body is 422.
// A wrong or revoked key gets 401 and nothing is written.
import { json, serviceClient } from '../_shared/clients.ts';
import { handler, type Context } from '../_shared/handler.ts';
import { authenticateTill, IdempotencyConflict, patternFacts, POS_HEADERS, posError, recordSales, sha256Hex } from '../_shared/pos.ts';
import { judgeLines, saleLineSchema } from '@stitchhouse/shared/pos/sales.ts';
import { posSalesRequest } from '@stitchhouse/shared/contracts/pos-sales.ts';

const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;

async function posSales(req: Request, ctx: Context): Promise<Response> {
  const db = serviceClient();
  const till = await authenticateTill(req, db);

  const idempotencyKey = req.headers.get('idempotency-key')?.trim() ?? '';
  if (!IDEMPOTENCY_KEY.test(idempotencyKey)) {
    throw posError(
      400,
      'idempotency_key_required',
      'Send an "Idempotency-Key" header (1–255 visible characters, e.g. a UUID) so a resent request is recorded once.',
    );
  }
  const text = await req.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw posError(400, 'invalid_json', 'The body must be JSON: {"lines": [...]}');
  }
  const request = ctx.parse(posSalesRequest, body);

  try {
    const facts = await patternFacts(db, till.store_id, request.lines);
    const result = await recordSales(db, {
      storeId: till.store_id,
      storeCurrency: till.store_currency,
      keyId: till.key_id,
      source: 'api',
      idempotencyKey,
      requestHash: await sha256Hex(text),
      verdicts: judgeLines(request.lines, saleLineSchema, facts),
      facts,
    });
    return json(result, 200, { 'idempotent-replayed': String(result.replayed) });
  } catch (err) {
    if (err instanceof IdempotencyConflict) throw posError(422, 'idempotency_key_reused', err.message);
    console.error('pos sales failed', err);
    throw posError(500, 'server_error', 'The sales could not be recorded; nothing was saved. Send the same request again.');
  }
}

Deno.serve(handler({ name: 'pos-sales', methods: ['POST'], ...POS_HEADERS }, posSales));
