// Upload as Supabase does it: check bucket rules, dry-run the INSERT as the caller (RLS),
// stream the bytes to a temp file, then finalize as superuser and move the file into place.
import { randomUUID } from 'node:crypto';
import type { ServiceContext } from '../context.ts';
import * as db from './db.ts';
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
}

/** Multipart overhead allowed on top of the file size before the form is even parsed. */
const multipartSlack = 1024 * 1024;

export async function readUploadBody(req: Request): Promise<UploadInput> {
  const contentType = req.headers.get('content-type') ?? '';
  const contentLength = Number(req.headers.get('content-length') ?? NaN);
  if (/^multipart\/form-data/i.test(contentType)) {
    if (contentLength > globalFileSizeLimit + multipartSlack) throw errors.entityTooLarge();
    let form: FormData;
    try {
      form = await req.formData();
    } catch {
      throw errors.invalidRequest('The multipart body could not be read');
    }
    let file: File | undefined;
    for (const value of form.values()) {
      if (typeof value !== 'string') {
        file = value;
        break;
      }
    }
    if (!file) throw errors.invalidRequest('The form data has no file');
    const cacheControl = form.get('cacheControl');
    const metadata = form.get('metadata');
    return {
      bytes: iterate(file.stream()),
      contentType: file.type || 'application/octet-stream',
      cacheControl: normalizeCacheControl(typeof cacheControl === 'string' ? cacheControl : null),
      userMetadata: typeof metadata === 'string' ? parseUserMetadata(metadata) : null,
      declaredSize: file.size,
    };
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
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    reader.releaseLock();
  }
}

async function* emptyBody(): AsyncIterable<Uint8Array> {}

export interface StoredObject {
  Id: string;
  Key: string;
}

export function objectMetadata(file: { size: number; md5: string }, contentType: string, cacheControl: string): db.ObjectMetadata {
  return {
    eTag: `"${file.md5}"`,
    size: file.size,
    mimetype: contentType,
    cacheControl,
    lastModified: new Date().toUTCString(),
    contentLength: file.size,
    httpStatusCode: 200,
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
  const file = await store.writeTemp(input.bytes, maxBytes);
  const id = await finalizeObject(ctx, store, file, row(objectMetadata(file, input.contentType, input.cacheControl)), upsert);
  return { Id: id, Key: `${bucketId}/${name}` };
}

/**
 * Superuser write of a row whose bytes are in a temp file (or, with file null, already
 * placed at the row's version). The file is renamed into place before the commit, so a
 * committed row always has its bytes; a replaced version's file is removed afterwards.
 */
export async function finalizeObject(
  ctx: ServiceContext,
  store: FileStore,
  file: WrittenFile | null,
  object: db.NewObject,
  upsert: boolean,
): Promise<string> {
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
  }
}
