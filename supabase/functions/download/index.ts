// POST /download {pattern_id, format?, expires?} or GET /download/<pattern_id>?format=&expires=
// with the buyer's JWT: checks the entitlement as the buyer (record_download, under RLS),
// stamps the stored original with their name and order number and answers the PDF.
// Failures are JSON {code, message} (codes in ./errors.ts).
import { z } from 'zod';
import { callerClient, json, serviceClient, signedInUser } from '../_shared/clients.ts';
import { forgetDownload } from '../_shared/downloads.ts';
import { StampError, stampPdf, type Licence } from '../_shared/stamp.ts';
import { DOWNLOAD_ERRORS, DownloadFailure, downloadFileName, failureFromRpc } from './errors.ts';
import { PATTERN_FORMATS } from '@stitchhouse/shared/catalog/formats.ts';


const requestSchema = z.object({
  pattern_id: z.string().trim().min(1, { error: 'pattern_id is required' }),
  format: z.enum(PATTERN_FORMATS, { error: 'format must be a4, us_letter, a0 or projector' }).optional(),
  // email links carry an expiry (unix seconds); the session, not the link, is the credential
  expires: z.coerce.number().int().positive().optional(),
});
type DownloadRequest = z.infer<typeof requestSchema>;

interface RecordedDownload {
  storage_path: string;
  format: string;
  version: number;
  remaining: number | null;
}

async function readRequest(req: Request): Promise<DownloadRequest> {
  const url = new URL(req.url);
  let raw: Record<string, unknown>;
  if (req.method === 'GET') {
    const id = url.pathname.split('/').filter(Boolean)[1];
    raw = { pattern_id: id ? decodeURIComponent(id) : undefined, format: url.searchParams.get('format') || undefined, expires: url.searchParams.get('expires') || undefined };
  } else if (req.method === 'POST') {
    raw = (await req.json().catch(() => null)) as Record<string, unknown>;
    if (!raw || typeof raw !== 'object') throw new DownloadFailure('bad_request', 'The body must be JSON: {"pattern_id": "…", "format": "a4"}');
  } else {
    throw new DownloadFailure('bad_request', 'Use GET or POST');
  }
  const parsed = requestSchema.safeParse(raw);
  if (!parsed.success) throw new DownloadFailure('bad_request', parsed.error.issues.map((i) => i.message).join('; '));
  return parsed.data;
}

async function minutesUntilAllowed(token: string, patternId: string): Promise<number> {
  const since = new Date(Date.now() - 3600_000).toISOString();
  const { data } = await callerClient(token)
    .from('downloads').select('created_at').eq('pattern_id', patternId).gt('created_at', since)
    .order('created_at', { ascending: true }).limit(1);
  const oldest = data?.[0]?.created_at as string | undefined;
  if (!oldest) return 1;
  return Math.max(1, Math.ceil((Date.parse(oldest) + 3600_000 - Date.now()) / 60_000));
}

/** The buyer's name and order number printed on every page. */
async function stampIdentity(token: string, userId: string, email: string | undefined, patternId: string, patternLicence: Licence) {
  const db = callerClient(token);
  const [{ data: profile }, { data: entitlement }] = await Promise.all([
    db.from('profiles').select('display_name').eq('id', userId).maybeSingle(),
    db.from('entitlements').select('id, source, order_items(licence, orders(number, buyer_email))')
      .eq('user_id', userId).eq('pattern_id', patternId).is('revoked_at', null).maybeSingle(),
  ]);
  type Item = { licence: Licence; orders: { number: number; buyer_email: string | null } | null } | null;
  const item = (entitlement as { order_items: Item } | null)?.order_items ?? null;
  // a guest (anonymous sign-in) has no account address: the one they paid with
  const buyerName = (profile?.display_name as string | undefined)?.trim() || email || item?.orders?.buyer_email || 'Stitchhouse member';
  let orderNumber: string;
  if (item?.orders) orderNumber = String(item.orders.number);
  else if (entitlement) orderNumber = `${String(entitlement.source).toUpperCase()}-${String(entitlement.id).slice(0, 8).toUpperCase()}`;
  else orderNumber = 'STORE COPY'; // the designer downloading their own file
  return { buyerName, orderNumber, licence: item?.licence ?? patternLicence };
}

async function download(req: Request): Promise<Response> {
  const caller = await signedInUser(req);
  if (!caller) throw new DownloadFailure('not_signed_in');
  if (caller.needsSecondFactor) throw new DownloadFailure('aal2_required');
  const request = await readRequest(req);
  if (request.expires !== undefined && request.expires * 1000 < Date.now()) throw new DownloadFailure('link_expired');
  const db = callerClient(caller.token);

  // What the caller may see of the pattern is what RLS lets them see.
  const { data: pattern } = await db.from('patterns').select('id, title, licence').eq('id', request.pattern_id).maybeSingle();
  if (!pattern) throw new DownloadFailure('not_owned');

  let format = request.format;
  if (!format) {
    const { data: files } = await db.from('pattern_files').select('format').eq('pattern_id', pattern.id);
    const available = new Set((files ?? []).map((f) => f.format as string));
    format = PATTERN_FORMATS.find((f) => available.has(f));
    if (!format) {
      const { data: owned } = await db.rpc('has_entitlement', { p_pattern_id: pattern.id });
      throw new DownloadFailure(owned ? 'file_missing' : 'not_owned');
    }
  }

  const { data: recorded, error } = await db.rpc('record_download', { pattern_id: pattern.id, format });
  if (error) {
    const failure = failureFromRpc(error);
    if (failure.code === 'rate_limited') {
      const minutes = await minutesUntilAllowed(caller.token, pattern.id);
      throw new DownloadFailure('rate_limited', failure.message, { retry_after_minutes: minutes });
    }
    throw failure;
  }
  const file = recorded as RecordedDownload;

  const { data: blob, error: readError } = await serviceClient().storage.from('pattern-files').download(file.storage_path);
  if (readError || !blob) {
    await forgetDownload(caller.user.id, pattern.id);
    throw new DownloadFailure('file_missing', 'The pattern file is missing from storage; the designer has been asked to upload it again.');
  }
  let stamped: Uint8Array;
  try {
    const identity = await stampIdentity(caller.token, caller.user.id, caller.user.email, pattern.id, pattern.licence as Licence);
    stamped = await stampPdf(new Uint8Array(await blob.arrayBuffer()), identity);
  } catch (err) {
    await forgetDownload(caller.user.id, pattern.id);
    if (err instanceof StampError) throw new DownloadFailure('file_damaged', err.message);
    throw err;
  }
  return new Response(new Blob([stamped as Uint8Array<ArrayBuffer>]), {
    status: 200,
    headers: {
      'content-type': 'application/pdf',
      'content-disposition': `attachment; filename="${downloadFileName(pattern.title as string, file.format, file.version)}"`,
      'content-length': String(stamped.byteLength),
      'cache-control': 'private, no-store',
    },
  });
}

async function handler(req: Request): Promise<Response> {
  try {
    return await download(req);
  } catch (err) {
    if (err instanceof DownloadFailure) {
      return json({ code: err.code, message: err.message, ...err.extra }, DOWNLOAD_ERRORS[err.code].status);
    }
    console.error('download failed', err);
    return json({ code: 'server_error', message: 'The download could not be prepared. Please try again in a moment.' }, 500);
  }
}

Deno.serve(handler);
