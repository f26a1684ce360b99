// Upload as Supabase does it: check bucket rules, dry-run the INSERT as the caller (RLS),
// stream the bytes to a temp file (raw bodies and multipart forms alike, never whole in
// memory; size and content checked while streaming), then finalize as superuser and move
// the file into place.
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import Busboy, { type BusboyInstance } from '@fastify/busboy';
import type { ServiceContext } from '../context.ts';
import * as db from './db.ts';
import { assertAcceptableType, contentCheckFor } from './content.ts';
import { errors } from './errors.ts';
import type { FileStore, WrittenFile } from './files.ts';
import { assertMimeTypeAllowed, effectiveSizeLimit, globalFileSizeLimit } from './limits.ts';
import { asSuperuser, dryRunAsCaller, ownerOf, type Caller } from './tx.ts';

export interface UploadInput {
  bytes: AsyncIterable<Uint8Array>;
  contentType: string;
  cacheControl: string;
  userMetadata: Record<string, unknown> | null;
  /** Size announced by the client for a raw body: lets oversized uploads fail before any byte is read. */
  declaredSize?: number;
  /** Length of a whole multipart body: the file is at most this. */
  bodyLength?: number;
}

/** Multipart overhead allowed on top of the file size before the form is even parsed. */
const multipartSlack = 1024 * 1024;

export async function readUploadBody(req: Request): Promise<UploadInput> {
  const contentType = req.headers.get('content-type') ?? '';
  const contentLength = Number(req.headers.get('content-length') ?? NaN);
  if (/^multipart\/form-data/i.test(contentType)) {
    if (contentLength > globalFileSizeLimit + multipartSlack) throw errors.entityTooLarge();
    return readMultipartFile(req, contentType, Number.isFinite(contentLength) ? contentLength : undefined);
  }
  const xMetadata = req.headers.get('x-metadata');
  return {
    bytes: req.body ? iterate(req.body) : emptyBody(),
    contentType: contentType || 'application/octet-stream',
    cacheControl: normalizeCacheControl(req.headers.get('cache-control')),
    userMetadata: xMetadata ? parseUserMetadata(Buffer.from(xMetadata, 'base64').toString('utf8')) : null,
    declaredSize: Number.isFinite(contentLength) ? contentLength : undefined,
  };
}

/**
 * The first file of a multipart form as a stream (busboy), never the whole form in memory.
 * Resolves when the file part starts, with the fields sent before it (storage-js sends
 * cacheControl and metadata first, as Supabase Storage expects). Stopping early (limit, bad
 * bytes) stops reading the request.
 */
function readMultipartFile(req: Request, contentType: string, bodyLength: number | undefined): Promise<UploadInput> {
  if (!req.body) return Promise.reject(errors.invalidRequest('The form data has no file'));
  let form: BusboyInstance;
  try {
    form = Busboy({ headers: { 'content-type': contentType }, limits: { files: 1, fields: 20, fieldSize: 64 * 1024 } });
  } catch {
    return Promise.reject(errors.invalidRequest('The multipart body could not be read'));
  }
  const source = Readable.fromWeb(req.body as import('node:stream/web').ReadableStream<Uint8Array>);
  const fields = new Map<string, string>();
  return new Promise<UploadInput>((resolve, reject) => {
    const unreadable = () => errors.invalidRequest('The multipart body could not be read');
    let file: Readable | undefined;
    // A broken or abandoned form (client gone, bad framing) is the client's error, not ours.
    const fail = () => {
      if (file) file.destroy(unreadable());
      else reject(unreadable());
    };
    source.on('error', fail);
    form.on('error', fail);
    form.on('field', (name, value) => fields.set(name, value));
    form.on('file', (_field, stream, _filename, _encoding, mimeType) => {
      if (file) return void stream.resume(); // only the first file counts
      file = stream;
      const metadata = fields.get('metadata');
      resolve({
        bytes: streamChunks(stream, () => {
          source.unpipe(form);
          source.destroy();
        }),
        contentType: mimeType || 'application/octet-stream',
        cacheControl: normalizeCacheControl(fields.get('cacheControl') ?? null),
        userMetadata: metadata !== undefined ? parseUserMetadata(metadata) : null,
        bodyLength,
      });
    });
    form.on('finish', () => {
      if (!file) reject(errors.invalidRequest('The form data has no file'));
    });
    source.pipe(form);
  });
}

/** The file part's chunks; leaving early (an error, a limit) stops reading the request. */
async function* streamChunks(stream: Readable, stop: () => void): AsyncIterable<Uint8Array> {
  let finished = false;
  try {
    for await (const chunk of stream) yield chunk as Uint8Array;
    finished = true;
  } finally {
    if (!finished) stop();
  }
}

/** storage-js sends "3600" in forms and "max-age=3600" as a header; store the header form. */
function normalizeCacheControl(value: string | null): string {
  if (!value) return 'no-cache';
  return /^\d+$/.test(value.trim()) ? `max-age=${value.trim()}` : value;
}

function parseUserMetadata(json: string): Record<string, unknown> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    throw errors.invalidRequest('metadata must be a JSON object');
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw errors.invalidRequest('metadata must be a JSON object');
  }
  return parsed as Record<string, unknown>;
}

async function* iterate(stream: ReadableStream<Uint8Array>): AsyncIterable<Uint8Array> {
  const reader = stream.getReader();
  let finished = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) {
        finished = true;
        return;
      }
      yield value;
    }
  } finally {
    // Left early (too large, wrong type): stop reading what the client still sends.
    if (!finished) await reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
}

async function* emptyBody(): AsyncIterable<Uint8Array> {}

export interface StoredObject {
  Id: string;
  Key: string;
}

export function objectMetadata(file: { size: number; md5: string; sha256?: string }, contentType: string, cacheControl: string): db.ObjectMetadata {
  return {
    eTag: `"${file.md5}"`,
    size: file.size,
    mimetype: contentType,
    cacheControl,
    lastModified: new Date().toUTCString(),
    contentLength: file.size,
    httpStatusCode: 200,
    ...(file.sha256 ? { sha256: file.sha256 } : {}),
  };
}

export async function uploadObject(
  ctx: ServiceContext,
  store: FileStore,
  caller: Caller,
  bucketId: string,
  name: string,
  input: UploadInput,
  upsert: boolean,
  /** For signed upload URLs: permission was checked when the URL was signed, as its owner. */
  presigned?: { owner: string | null; owner_id: string | null },
): Promise<StoredObject> {
  const bucket = await db.findBucket(ctx.pool, bucketId);
  if (!bucket) throw errors.noSuchBucket();
  assertMimeTypeAllowed(input.contentType, bucket.allowed_mime_types);
  const maxBytes = effectiveSizeLimit(bucket.file_size_limit);
  if (input.declaredSize !== undefined && input.declaredSize > maxBytes) throw errors.entityTooLarge();
  if (input.bodyLength !== undefined && input.bodyLength > maxBytes + multipartSlack) throw errors.entityTooLarge();
  assertAcceptableType(input.contentType);

  const version = randomUUID();
  const owner = presigned ?? ownerOf(caller.claims);
  const row = (metadata: db.ObjectMetadata): db.NewObject => ({
    bucket: bucketId,
    name,
    ...owner,
    version,
    metadata,
    user_metadata: input.userMetadata,
  });
  // Permission first, bytes second: a denied caller never gets to write a byte.
  if (!presigned) {
    await dryRunAsCaller(ctx.pool, caller, (client) =>
      db.insertObject(client, row(objectMetadata({ size: 0, md5: '' }, input.contentType, input.cacheControl)), upsert),
    );
  }
  const file = await store.writeTemp(input.bytes, maxBytes, contentCheckFor(input.contentType));
  const id = await finalizeObject(ctx, store, file, row(objectMetadata(file, input.contentType, input.cacheControl)), upsert);
  return { Id: id, Key: `${bucketId}/${name}` };
}

/**
 * Superuser write of a row whose bytes are in a temp file (or, with file null, already
 * placed at the row's version). The file is renamed into place before the commit, so a
 * committed row always has its bytes; a replaced version's file is removed afterwards.
 */
export async function finalizeObject(ctx: ServiceContext, store: FileStore, file: WrittenFile | null, object: db.NewObject, upsert: boolean): Promise<string> {
  let placed = false;
  try {
    const { id, previous } = await asSuperuser(ctx.pool, async (client) => {
      const previous = await db.lockObjectVersion(client, object.bucket, object.name);
      if (previous !== undefined && !upsert) throw errors.duplicate();
      const { id } = await db.insertObject(client, object, upsert);
      if (file) {
        await store.commit(file, object.bucket, object.name, object.version);
        placed = true;
      }
      return { id, previous };
    });
    if (previous) {
      await store.remove(object.bucket, object.name, previous).catch((err) => {
        ctx.log.error('storage', `could not remove replaced version ${object.bucket}/${object.name}/${previous}`, err);
      });
    }
    return id;
  } catch (err) {
    if (file && !placed) await store.discardTemp(file);
    if (placed || !file) await store.remove(object.bucket, object.name, object.version).catch(() => undefined);
    throw err;
  } finally {
    await store.settle(object.version);
  }
}
