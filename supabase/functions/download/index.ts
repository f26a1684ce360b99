// POST /download {pattern_id, format?, expires?} or GET /download/<pattern_id>?format=&expires=
// with the buyer's JWT: one call as the buyer (start_download: entitlement, format, the hourly
// limit and the download record, their kept copy) decides. A copy of this file version stamped
// for them before is answered as a 302 to a short signed URL of it in download-copies (the same
// bytes, the same stamp); otherwise the stored original is stamped with their name and order
// number, kept for next time and answered as the PDF.
// Refusals are the one error shape with the codes of shared/src/contracts/download.ts.
import Negotiator from 'negotiator';
import { z } from 'zod';
import { COPIES_BUCKET, forgetDownload, removeRevokedCopies } from '../_shared/downloads.ts';
import { handler, type Context, type Db } from '../_shared/handler.ts';
import { StampError, stampPdf, type Licence } from '../_shared/stamp.ts';
import { mailI18n, memberLocale } from '../_shared/i18n.ts';
import { LOCALES, matchLocale, type Locale } from '@stitchhouse/shared/i18n/locales.ts';
import { DownloadFailure, downloadFileName, failureFromRpc } from './errors.ts';
import { keepPages, showOnlyLayers } from '../_shared/layers.ts';
import { layerNames } from '../_shared/master.ts';
import { layersOn, matchLayers, pagesNeeded, sizeLayersOf, type LayerMatch, type ManifestPage } from '@stitchhouse/shared/catalog/tiling.ts';
import { DOWNLOAD_ERRORS, downloadRequest, type DownloadRequest } from '@stitchhouse/shared/contracts/download.ts';

/** What download_stamp_facts answers (jsonb): the file's layers, tiles and variants, the size labels, the stamp's buyer. */
const stampFacts = z.object({
  size_labels: z.array(z.string()),
  layers: z.array(z.unknown()),
  tiles: z.array(z.unknown()).nullable(),
  variants: z.record(z.string(), z.object({ pages: z.number() })),
  buyer: z.object({
    display_name: z.string().nullable(),
    entitlement_id: z.string().nullable(),
    source: z.string().nullable(),
    licence: z.enum(['personal', 'small_business']).nullable(),
    order_number: z.number().int().nullable(),
    buyer_email: z.string().nullable(),
  }),
});
type StampFacts = z.infer<typeof stampFacts>;

/** What start_download answers (jsonb): record_download's answer, the pattern, and either the buyer's kept copy or what stamping needs. */
const startedDownload = z.object({
  download_id: z.number().int(),
  storage_path: z.string(),
  format: z.string(),
  version: z.number().int(),
  remaining: z.number().int().nullable(),
  title: z.string(),
  licence: z.enum(['personal', 'small_business']),
  current_version: z.number().int(),
  copy: z.object({ id: z.string(), storage_path: z.string(), revoked: z.boolean() }).nullable(),
  // with no live copy to serve, what stamping needs (download_stamp_facts), as below
  ...stampFacts.partial().shape,
});

/** How long the signed URL of a kept copy lives: long enough for the browser to follow the redirect. */
const COPY_URL_SECONDS = 60;

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

/** What stamping needs, asked alone (a kept copy's bytes were gone); a refusal un-counts the download just recorded. */
async function stampFactsAlone(db: Db, patternId: string, format: string, downloadId: number): Promise<StampFacts> {
  const { data, error } = await db.rpc('download_stamp_facts', { pattern_id: patternId, format });
  if (!error) return stampFacts.parse(data);
  await forgetDownload(downloadId);
  throw failureFromRpc(error);
}

/** The buyer's name and order number printed on every page, in the buyer's language. */
function stampIdentity(facts: StampFacts, patternLicence: Licence, email: string | undefined, locale: Locale) {
  const buyer = facts.buyer;
  const i18n = mailI18n(locale);
  // a guest (anonymous sign-in) has no account address: the one they paid with
  const buyerName = buyer.display_name?.trim() || email || buyer.buyer_email || i18n._('email.stamp.member');
  let orderNumber: string;
  if (buyer.order_number != null) orderNumber = String(buyer.order_number);
  else if (buyer.entitlement_id) orderNumber = `${String(buyer.source).toUpperCase()}-${buyer.entitlement_id.slice(0, 8).toUpperCase()}`;
  else orderNumber = i18n._('email.stamp.storeCopy'); // the designer downloading their own file
  return { buyerName, orderNumber, licence: buyer.licence ?? patternLicence, locale };
}

/**
 * The stamp's language: the buyer's saved one, else the browser's that follows the download link
 * (Accept-Language: the page's origin is not the function's, so its language cookie is not sent).
 */
async function stampLocale(service: Db, userId: string, req: Request): Promise<Locale> {
  const browser = new Negotiator({ headers: { 'accept-language': req.headers.get('accept-language') ?? undefined } }).languages([...LOCALES]);
  return memberLocale(service, userId, matchLocale(browser));
}

async function download(req: Request, ctx: Context): Promise<Response> {
  const caller = await ctx.member(DOWNLOAD_ERRORS.not_signed_in.message);
  const request = await readRequest(req, ctx);
  if (request.expires !== undefined && request.expires * 1000 < Date.now()) throw new DownloadFailure('link_expired');
  const db = ctx.caller(caller.token);
  const variant = request.variant ?? '';
  const sizes = [...new Set(request.sizes ?? [])].sort().join(',');

  // One call as the caller: may they have it, which format, the limit and the record, their kept copy.
  const { data, error } = await db.rpc('start_download', { pattern_id: request.pattern_id, format: request.format, variant, sizes });
  if (error) {
    const failure = failureFromRpc(error);
    if (failure.code === 'rate_limited') {
      const minutes = await minutesUntilAllowed(db, request.pattern_id);
      throw new DownloadFailure('rate_limited', failure.message, { retry_after_minutes: minutes });
    }
    throw failure;
  }
  const started = startedDownload.parse(data);

  const service = ctx.service();
  const fileName = downloadFileName(started.title, request.variant ? `${started.format}-${request.variant}` : started.format, started.current_version);
  // The buyer's copy of this file version, format, variant and sizes, stamped before: the browser
  // fetches it from storage by a short signed URL (the same bytes, the same stamp).
  if (started.copy && !started.copy.revoked) {
    const { data: signed } = await service.storage.from(COPIES_BUCKET).createSignedUrl(started.copy.storage_path, COPY_URL_SECONDS, { download: fileName });
    if (signed?.signedUrl) return copyRedirect(signed.signedUrl);
  }
  if (started.copy) {
    // revoked (then granted again) or its bytes gone: that copy makes way for a new one
    await service.storage.from(COPIES_BUCKET).remove([started.copy.storage_path]);
    await service.from('download_copies').delete().eq('id', started.copy.id);
  }
  const stamping = started.buyer ? stampFacts.parse(started) : await stampFactsAlone(db, request.pattern_id, started.format, started.download_id);
  await removeRevokedCopies();

  const copyKey: CopyKey = { user_id: caller.user.id, pattern_id: request.pattern_id, format: started.format, version: started.version, variant, sizes };
  const facts: FileFacts = { layers: stamping.layers as LayerMatch[], tiles: stamping.tiles as ManifestPage[] | null, variants: stamping.variants };
  const path = request.variant ? started.storage_path.replace(/\.pdf$/, `-${request.variant}.pdf`) : started.storage_path;
  const { data: blob, error: readError } = await service.storage.from('pattern-files').download(path);
  if (readError || !blob) {
    await forgetDownload(started.download_id);
    throw new DownloadFailure('file_missing', 'The pattern file is missing from storage; the designer has been asked to upload it again.');
  }
  let stamped: Uint8Array;
  try {
    stamped = await stampPdf(
      new Uint8Array(await blob.arrayBuffer()),
      stampIdentity(stamping, started.licence, caller.user.email, await stampLocale(service, caller.user.id, req)),
      forSizes(facts, stamping.size_labels, request.sizes),
    );
  } catch (err) {
    await forgetDownload(started.download_id);
    if (err instanceof StampError) throw new DownloadFailure('file_damaged', err.message);
    throw err;
  }
  await keepCopy(service, copyKey, stamped);
  return pdfResponse(stamped, fileName);
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

/**
 * A kept copy: a redirect to its signed storage URL (`?download=` names the saved file, as
 * Storage's Content-Disposition), so storage serves the bytes and the function's worker is free.
 */
function copyRedirect(signedUrl: string): Response {
  return new Response(null, {
    status: 302,
    headers: { location: signedUrl, 'cache-control': 'private, no-store', 'x-download-copy': 'kept' },
  });
}

function pdfResponse(bytes: Uint8Array, fileName: string): Response {
  return new Response(new Blob([bytes as Uint8Array<ArrayBuffer>]), {
    status: 200,
    headers: {
      'content-type': 'application/pdf',
      // the pattern's version, as the library and the download page show it (a file's own counter only counts its format's uploads)
      'content-disposition': `attachment; filename="${fileName}"`,
      'content-length': String(bytes.byteLength),
      'cache-control': 'private, no-store',
      // stamped now (a kept copy's redirect says 'kept')
      'x-download-copy': 'stamped',
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
