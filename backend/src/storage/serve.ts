// Streams a stored object with the headers Supabase sends (content-type, cache-control,
// etag, last-modified, content-length) and Content-Disposition for ?download. Every file is
// someone's upload served from the API origin: opened as a page it runs nothing (sandbox CSP,
// no sources but its own inline styles and images) and the browser never guesses its type.
import { Readable } from 'node:stream';
import type { Context } from 'hono';
import type { ObjectRow } from './db.ts';
import { errors } from './errors.ts';
import type { FileStore } from './files.ts';

/** Inert even if active content got past the upload checks; <img> embedding is unaffected. */
export const userFileHeaders = {
  'content-security-policy': "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox",
  'x-content-type-options': 'nosniff',
} as const;

export async function serveObject(c: Context, store: FileStore, object: ObjectRow): Promise<Response> {
  if (!object.version) throw errors.noSuchKey();
  let size: number;
  try {
    size = await store.size(object.bucket_id, object.name, object.version);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw errors.noSuchKey();
    throw err;
  }
  const meta = object.metadata;
  const headers = new Headers({
    'content-type': meta?.mimetype ?? 'application/octet-stream',
    'cache-control': meta?.cacheControl ?? 'no-cache',
    'content-length': String(size),
    'last-modified': new Date(object.updated_at).toUTCString(),
    ...userFileHeaders,
  });
  if (meta?.eTag) headers.set('etag', meta.eTag);
  const download = c.req.query('download');
  if (download !== undefined) {
    headers.set('content-disposition', contentDisposition(download || object.name.split('/').pop()!));
  }
  if (meta?.eTag && c.req.header('if-none-match') === meta.eTag) {
    headers.delete('content-length');
    return new Response(null, { status: 304, headers });
  }
  if (c.req.method === 'HEAD') return new Response(null, { status: 200, headers });
  const stream = Readable.toWeb(store.read(object.bucket_id, object.name, object.version)) as ReadableStream<Uint8Array>;
  return new Response(stream, { status: 200, headers });
}

/** attachment with an ASCII fallback and the exact UTF-8 name (RFC 6266). */
function contentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}
