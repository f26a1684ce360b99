// POST /download {pattern_id, format?, expires?} or GET /download/<pattern_id>?format=&expires=
// with the buyer's JWT: checks the entitlement as the buyer (record_download, under RLS),
// stamps the stored original with their name and order number and answers the PDF.
// Refusals are the one error shape with the codes of shared/src/contracts/download.ts.
import { z } from 'zod';
import { COPIES_BUCKET, forgetDownload, removeRevokedCopies } from '../_shared/downloads.ts';
import { handler, type Context, type Db } from '../_shared/handler.ts';
import { StampError, stampPdf, type Licence } from '../_shared/stamp.ts';
import { DownloadFailure, downloadFileName, failureFromRpc } from './errors.ts';
import { keepPages, showOnlyLayers } from '../_shared/layers.ts';
import { layerNames } from '../_shared/master.ts';
import { PATTERN_FORMATS } from '@stitchhouse/shared/catalog/formats.ts';
import { layersOn, matchLayers, pagesNeeded, sizeLayersOf, type LayerMatch, type ManifestPage } from '@stitchhouse/shared/catalog/tiling.ts';
import { DOWNLOAD_ERRORS, downloadRequest, type DownloadRequest } from '@stitchhouse/shared/contracts/download.ts';

/** What record_download answers (jsonb). */
const recordedDownload = z.object({
  download_id: z.number().int(),
  storage_path: z.string(),
  format: z.string(),
  version: z.number().int(),
  remaining: z.number().int().nullable(),
});

async function readRequest(req: Request, ctx: Context): Promise<DownloadRequest> {
  if (req.method === 'POST') return ctx.body(downloadRequest);
  const id = ctx.url.pathname.split('/').filter(Boolean)[1];
  return ctx.parse(downloadRequest, {
    pattern_id: id ? decodeURIComponent(id) : undefined,
    format: ctx.url.searchParams.get('format') || undefined,
    expires: ctx.url.searchParams.get('expires') || undefined,
    sizes: ctx.url.searchParams.get('sizes') || undefined,
    variant: ctx.url.searchParams.get('variant') || undefined,
  });
}

/** What a file knows of its layers and tiles (generated files; a designer's own has none), read as the caller. */
interface FileFacts {
  layers: LayerMatch[];
  tiles: ManifestPage[] | null;
  variants: Record<string, { pages: number }>;
}

/** The buyer's copy for some sizes: their layers on, the others off; the home tiles only other sizes need left out. */
function forSizes(facts: FileFacts | null, sizeLabels: string[], sizes: string[] | undefined): ((doc: import('pdf-lib').PDFDocument) => void) | undefined {
  if (!sizes || sizes.length === 0) return undefined;
  return (doc) => {
    // a designer's own file: its layers matched to the pattern's sizes as they are named
    const matches = facts?.layers.length ? facts.layers : matchLayers(layerNames(doc), sizeLabels);
    if (!matches.some((m) => m.size !== null)) return;
    if (facts?.tiles && facts.tiles.length === doc.getPageCount()) keepPages(doc, pagesNeeded(facts.tiles, sizeLayersOf(matches, sizes)));
    showOnlyLayers(doc, layersOn(matches, sizes));
  };
}

async function minutesUntilAllowed(db: Db, patternId: string): Promise<number> {
  const since = new Date(Date.now() - 3600_000).toISOString();
  const { data } = await db
    .from('downloads')
    .select('created_at')
    .eq('pattern_id', patternId)
    .gt('created_at', since)
    .order('created_at', { ascending: true })
    .limit(1);
  const oldest = data?.[0]?.created_at;
  if (!oldest) return 1;
  return Math.max(1, Math.ceil((Date.parse(oldest) + 3600_000 - Date.now()) / 60_000));
}

/** The buyer's name and order number printed on every page. */
async function stampIdentity(db: Db, userId: string, email: string | undefined, patternId: string, patternLicence: Licence) {
  const [{ data: profile }, { data: entitlement }] = await Promise.all([
    db.from('profiles').select('display_name').eq('id', userId).maybeSingle(),
    db
      .from('entitlements')
      .select('id, source, order_items(licence, orders(number, buyer_email))')
      .eq('user_id', userId)
      .eq('pattern_id', patternId)
      .is('revoked_at', null)
      .maybeSingle(),
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

async function download(req: Request, ctx: Context): Promise<Response> {
  const caller = await ctx.member(DOWNLOAD_ERRORS.not_signed_in.message);
  const request = await readRequest(req, ctx);
  if (request.expires !== undefined && request.expires * 1000 < Date.now()) throw new DownloadFailure('link_expired');
  const db = ctx.caller(caller.token);

  // What the caller may see of the pattern is what RLS lets them see.
  const { data: pattern } = await db.from('patterns').select('id, title, licence, current_version, size_chart').eq('id', request.pattern_id).maybeSingle();
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

  // what the file knows of its sizes and variants (the buyer reads it under RLS, as the page does)
  const { data: row } = await db.from('pattern_files').select('layers, tiles, variants').eq('pattern_id', pattern.id).eq('format', format).maybeSingle();
  const facts: FileFacts | null = row
    ? {
        layers: row.layers as unknown as LayerMatch[],
        tiles: row.tiles as unknown as ManifestPage[] | null,
        variants: row.variants as unknown as FileFacts['variants'],
      }
    : null;
  if (request.variant && facts && !facts.variants[request.variant]) {
    throw new DownloadFailure(
      'file_missing',
      request.variant === 'roll36' ? 'This pattern has no 36-inch roll file.' : 'This pattern has no dark projector file.',
    );
  }
  const sizeLabels = ((pattern.size_chart as { sizes?: { label?: string }[] } | null)?.sizes ?? []).map((s) => s.label ?? '').filter(Boolean);

  const { data: recorded, error } = await db.rpc('record_download', { pattern_id: pattern.id, format });
  if (error) {
    const failure = failureFromRpc(error);
    if (failure.code === 'rate_limited') {
      const minutes = await minutesUntilAllowed(db, pattern.id);
      throw new DownloadFailure('rate_limited', failure.message, { retry_after_minutes: minutes });
    }
    throw failure;
  }
  const file = recordedDownload.parse(recorded);

  const service = ctx.service();
  const fileName = downloadFileName(
    pattern.title as string,
    request.variant ? `${file.format}-${request.variant}` : file.format,
    pattern.current_version as number,
  );
  // The buyer's copy of this file version, format, variant and sizes, stamped before: served as it was.
  const copyKey: CopyKey = {
    user_id: caller.user.id,
    pattern_id: pattern.id as string,
    format: file.format,
    version: file.version,
    variant: request.variant ?? '',
    sizes: [...new Set(request.sizes ?? [])].sort().join(','),
  };
  const { data: kept } = await service.from('download_copies').select('id, storage_path, revoked_at').match(copyKey).maybeSingle();
  if (kept && !kept.revoked_at) {
    const { data: copy } = await service.storage.from(COPIES_BUCKET).download(kept.storage_path as string);
    if (copy) return pdfResponse(new Uint8Array(await copy.arrayBuffer()), fileName, 'kept');
  }
  if (kept) {
    // revoked (then granted again) or its bytes gone: that copy makes way for a new one
    await service.storage.from(COPIES_BUCKET).remove([kept.storage_path as string]);
    await service
      .from('download_copies')
      .delete()
      .eq('id', kept.id as string);
  }
  await removeRevokedCopies();

  const path = request.variant ? file.storage_path.replace(/\.pdf$/, `-${request.variant}.pdf`) : file.storage_path;
  const { data: blob, error: readError } = await service.storage.from('pattern-files').download(path);
  if (readError || !blob) {
    await forgetDownload(file.download_id);
    throw new DownloadFailure('file_missing', 'The pattern file is missing from storage; the designer has been asked to upload it again.');
  }
  let stamped: Uint8Array;
  try {
    const identity = await stampIdentity(db, caller.user.id, caller.user.email, pattern.id, pattern.licence as Licence);
    stamped = await stampPdf(new Uint8Array(await blob.arrayBuffer()), identity, forSizes(facts, sizeLabels, request.sizes));
  } catch (err) {
    await forgetDownload(file.download_id);
    if (err instanceof StampError) throw new DownloadFailure('file_damaged', err.message);
    throw err;
  }
  await keepCopy(service, copyKey, stamped);
  return pdfResponse(stamped, fileName, 'stamped');
}

/** A first copy kept for next time (a failure only costs a later re-stamp); two first downloads at once keep one. */
type CopyKey = { user_id: string; pattern_id: string; format: string; version: number; variant: string; sizes: string };

async function keepCopy(service: Db, key: CopyKey, stamped: Uint8Array): Promise<void> {
  try {
    const storagePath = `${key.user_id}/${crypto.randomUUID()}.pdf`;
    const copies = service.storage.from(COPIES_BUCKET);
    const { error: uploadError } = await copies.upload(storagePath, new Blob([stamped as Uint8Array<ArrayBuffer>], { type: 'application/pdf' }), {
      contentType: 'application/pdf',
    });
    if (uploadError) throw uploadError;
    const { data: row, error } = await service
      .from('download_copies')
      .upsert(
        { ...key, storage_path: storagePath, size_bytes: stamped.byteLength },
        { onConflict: 'user_id,pattern_id,format,version,variant,sizes', ignoreDuplicates: true },
      )
      .select('id');
    if (error || !row?.length) await copies.remove([storagePath]);
    if (error) throw error;
  } catch (err) {
    console.error('keeping the stamped copy failed', err);
  }
}

function pdfResponse(bytes: Uint8Array, fileName: string, copy: 'kept' | 'stamped'): Response {
  return new Response(new Blob([bytes as Uint8Array<ArrayBuffer>]), {
    status: 200,
    headers: {
      'content-type': 'application/pdf',
      // the pattern's version, as the library and the download page show it (a file's own counter only counts its format's uploads)
      'content-disposition': `attachment; filename="${fileName}"`,
      'content-length': String(bytes.byteLength),
      'cache-control': 'private, no-store',
      // whether this answer is the buyer's copy stamped before, or stamped now
      'x-download-copy': copy,
    },
  });
}

Deno.serve(
  handler(
    {
      name: 'download',
      methods: ['GET', 'POST'],
      invalidCode: 'bad_request',
      serverErrorMessage: DOWNLOAD_ERRORS.server_error.message,
      // the page names the saved file from it (shared streamFunction's fileName); not a CORS-safelisted header
      exposeHeaders: ['content-disposition'],
    },
    download,
  ),
);
