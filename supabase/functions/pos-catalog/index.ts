// GET /pos-catalog with "Authorization: Bearer <till key>": the patterns the shop carries, with
// the list price, the royalty per printed copy it will owe and, for approved wholesale accounts,
// the wholesale price. JSON by default; CSV with ?format=csv or "Accept: text/csv". Every answer
// has a strong ETag; "If-None-Match" with it gets 304 and no body.
import { serviceClient } from '../_shared/clients.ts';
import { handler } from '../_shared/handler.ts';
import { authenticateTill, POS_HEADERS, posError, sha256Hex } from '../_shared/pos.ts';
import { printRoyalty } from '@stitchhouse/shared/pricing.ts';
import { writeCsv } from '@stitchhouse/shared/csv.ts';
import { FEED_COLUMNS, type FeedItem } from '@stitchhouse/shared/contracts/pos-catalog.ts';

interface CatalogRow {
  pattern_id: string;
  title: string;
  designer: string;
  craft: string;
  category: string;
  status: string;
  price_cents: number;
  currency: string;
  designer_plan: string;
  printed_copies: number;
  wholesale_price_cents: number | null;
  wholesale_currency: string | null;
  wholesale_min_quantity: number | null;
  updated_at: string;
}

function wantsCsv(req: Request): boolean {
  const format = new URL(req.url).searchParams.get('format');
  if (format) return format.toLowerCase() === 'csv';
  return /\btext\/csv\b/i.test(req.headers.get('accept') ?? '');
}

/** If-None-Match matches when it lists this ETag (weak or strong) or is "*". */
function matches(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch
    .split(',')
    .map((t) => t.trim().replace(/^W\//, ''))
    .some((t) => t === '*' || t === etag);
}

async function posCatalog(req: Request): Promise<Response> {
  const db = serviceClient();
  const till = await authenticateTill(req, db);

  const { data, error } = await db.rpc('pos_catalog', { p_store: till.store_id });
  if (error) {
    console.error('pos_catalog failed', error);
    throw posError(500, 'server_error', 'The catalog could not be read. Please try again.');
  }
  const items: FeedItem[] = (data as CatalogRow[]).map(({ designer_plan, ...row }) => ({
    ...row,
    print_royalty_cents: printRoyalty(row.price_cents, 1, row.currency, designer_plan).price,
  }));
  const csv = wantsCsv(req);
  const body = csv
    ? writeCsv(items, FEED_COLUMNS)
    : JSON.stringify({ store: { id: till.store_id, name: till.store_name, currency: till.store_currency }, count: items.length, patterns: items });
  const etag = `"${(await sha256Hex(body)).slice(0, 32)}"`;
  const headers: Record<string, string> = {
    etag,
    'cache-control': 'private, no-cache',
    vary: 'Accept, Authorization',
    'content-type': csv ? 'text/csv; charset=utf-8' : 'application/json; charset=utf-8',
  };
  if (matches(req.headers.get('if-none-match'), etag)) return new Response(null, { status: 304, headers });
  if (csv) headers['content-disposition'] = `attachment; filename="catalog.csv"`;
  return new Response(req.method === 'HEAD' ? null : body, { status: 200, headers });
}

Deno.serve(handler({ name: 'pos-catalog', methods: ['GET', 'HEAD'], ...POS_HEADERS }, posCatalog));
