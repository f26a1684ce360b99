// What the point-of-sale functions share: the till key checked in the database
// (pos_authenticate: hash, not revoked, per-key rate limit, last_used_at), the headers a till sends and reads,
// and recording judged lines with the royalty of shared/src/pricing.ts (printRoyalty).
import type { SupabaseClient } from '@supabase/supabase-js';
import { bearerToken, serviceClient } from './clients.ts';
import { FunctionError, type HandlerOptions } from './handler.ts';
import { printRoyalty } from '@stitchhouse/shared/pricing.ts';
import type { RecordResult } from '@stitchhouse/shared/contracts/pos-shared.ts';
import { POS_REQUESTS_PER_MINUTE, patternIdsOf, type LineVerdict, type PatternFacts } from '@stitchhouse/shared/pos/sales.ts';

/** What a browser-based till may send and read besides supabase-js's headers (the handler's CORS). */
export const POS_HEADERS = {
  allowHeaders: ['idempotency-key', 'if-none-match'],
  exposeHeaders: ['etag', 'retry-after', 'idempotent-replayed'],
} as const satisfies Pick<HandlerOptions, 'allowHeaders' | 'exposeHeaders'>;

/** A till API refusal: the one error shape, with the documented status and headers (Retry-After, WWW-Authenticate). */
export function posError(status: number, code: string, message: string, headers: Record<string, string> = {}): FunctionError {
  return new FunctionError(code, message, status, null, headers);
}

export interface TillKey {
  key_id: string;
  store_id: string;
  store_name: string;
  store_currency: string;
}

/** The till behind `Authorization: Bearer shpos_…`; throws the refusal (401, 429, 403 without Pro). */
export async function authenticateTill(req: Request, db: SupabaseClient = serviceClient()): Promise<TillKey> {
  const key = bearerToken(req);
  if (!key) throw posError(401, 'missing_key', 'Send your till key as "Authorization: Bearer shpos_…".', { 'www-authenticate': 'Bearer' });
  const { data, error } = await db.rpc('pos_authenticate', { p_key: key, p_limit: POS_REQUESTS_PER_MINUTE });
  if (error) {
    console.error('pos_authenticate failed', error);
    throw posError(500, 'server_error', 'The key could not be checked. Please try again.');
  }
  const till = data as (TillKey & { rate_limited: boolean; retry_after?: number }) | null;
  if (!till) throw posError(401, 'invalid_key', 'This till key is wrong or has been revoked.', { 'www-authenticate': 'Bearer' });
  if (till.rate_limited) {
    throw posError(429, 'rate_limited', `Too many requests with this key: at most ${POS_REQUESTS_PER_MINUTE} a minute.`, {
      'retry-after': String(till.retry_after ?? 60),
    });
  }
  // The API is part of the Pro plan (the /retailers and /pricing pages say so); CSV uploads are on every plan.
  const { data: store, error: planError } = await db.from('stores').select('plan').eq('id', till.store_id).single();
  if (planError) {
    console.error('pos plan lookup failed', planError);
    throw posError(500, 'server_error', 'The key could not be checked. Please try again.');
  }
  if (store.plan !== 'pro') {
    throw posError(
      403,
      'plan_required',
      'The point-of-sale API is part of the Pro plan. Upgrade the shop’s plan, or upload sales as CSV on the point-of-sale page.',
    );
  }
  return till;
}

export async function sha256Hex(text: string | Uint8Array): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', typeof text === 'string' ? new TextEncoder().encode(text) : (text as Uint8Array<ArrayBuffer>));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** What the database knows about the patterns `inputs` name, for this shop. */
export async function patternFacts(db: SupabaseClient, storeId: string, inputs: readonly unknown[]): Promise<Map<string, PatternFacts>> {
  const ids = patternIdsOf(inputs);
  const facts = new Map<string, PatternFacts>();
  if (ids.length === 0) return facts;
  const { data, error } = await db.rpc('pos_sale_patterns', { p_store: storeId, p_ids: ids });
  if (error) throw error;
  for (const row of data as (PatternFacts & { pattern_id: string })[]) facts.set(row.pattern_id, row);
  return facts;
}

export type { RecordedLine, RecordResult } from '@stitchhouse/shared/contracts/pos-shared.ts';

export class IdempotencyConflict extends Error {}

/**
 * Writes the accepted verdicts in one transaction (record_pos_sales), each with the royalty the
 * shop owes the designer and the platform's share of it (printRoyalty → splitRoyalty).
 */
export async function recordSales(
  db: SupabaseClient,
  opts: {
    storeId: string;
    storeCurrency: string;
    keyId: string | null;
    source: 'api' | 'csv';
    idempotencyKey: string | null;
    requestHash: string;
    verdicts: LineVerdict[];
    facts: Map<string, PatternFacts>;
  },
): Promise<RecordResult> {
  const results = opts.verdicts.map((v) => {
    if (v.status === 'rejected') return v;
    const pattern = opts.facts.get(v.sale.pattern_id)!;
    const royalty = printRoyalty(pattern.price_cents, v.sale.quantity, pattern.currency, pattern.designer_plan);
    return {
      line: v.line,
      external_id: v.external_id,
      status: 'accepted',
      sale: {
        ...v.sale,
        currency: v.sale.currency ?? opts.storeCurrency,
        royalty_cents: royalty.price,
        royalty_fee_cents: royalty.platformFee,
        royalty_currency: royalty.currency,
      },
    };
  });
  // A till request (≤ 500 lines, with an Idempotency-Key) is one transaction. A CSV upload (up to
  // 5,000 rows, each idempotent by external_id) goes in batches: one call's body must stay under
  // the REST body limit (1 MiB).
  const batches = opts.idempotencyKey ? [results] : chunk(results, CSV_BATCH);
  const total: RecordResult = { accepted: 0, duplicate: 0, rejected: 0, replayed: false, results: [] };
  for (const batch of batches) {
    const { data, error } = await db.rpc('record_pos_sales', {
      p_store: opts.storeId,
      p_key: opts.keyId,
      p_idempotency_key: opts.idempotencyKey,
      p_request_hash: opts.requestHash,
      p_source: opts.source,
      p_results: batch,
    });
    if (error) {
      if (error.code === 'PT409') throw new IdempotencyConflict(`${error.message}. ${error.hint ?? ''}`.trim());
      throw error;
    }
    const part = data as RecordResult;
    total.accepted += part.accepted;
    total.duplicate += part.duplicate;
    total.rejected += part.rejected;
    total.replayed = part.replayed;
    total.results.push(...part.results);
  }
  return total;
}

const CSV_BATCH = 1000;

function chunk<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out.length > 0 ? out : [[]];
}
