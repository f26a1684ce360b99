// Object routes of /storage/v1: upload, download, info, public, signed URLs, list, remove,
// move and copy. Permissions come from RLS on storage.objects, as in Supabase Storage.
import { randomUUID } from 'node:crypto';
import type { Context, Hono } from 'hono';
import { z } from 'zod';
import type { ServiceContext } from '../context.ts';
import * as db from './db.ts';
import { errors } from './errors.ts';
import type { FileStore } from './files.ts';
import { assertFitsBucket } from './limits.ts';
import { assertBucketId, assertObjectName, assertPrefix, isSafeObjectName } from './names.ts';
import { callerOf, jsonBody, objectParams } from './request.ts';
import { serveObject } from './serve.ts';
import { assertSignedUrlLifetime, signDownloadToken, signUploadToken, verifyDownloadToken, verifyUploadToken } from './signing.ts';
import { asCaller, dryRunAsCaller, ownerOf } from './tx.ts';
import { finalizeObject, readUploadBody, uploadObject } from './upload.ts';

export interface StorageDeps {
  ctx: ServiceContext;
  store: FileStore;
  /** Resolves once a previous run's leftovers are gone (files without a row, temp files). */
  ready: Promise<void>;
}

const maxListLimit = 1000;
const maxBatch = 1000;

const signBody = z.object({ expiresIn: z.coerce.number().int().positive() });
const signManyBody = signBody.extend({ paths: z.array(z.string()).min(1).max(maxBatch) });
const listBody = z.object({
  prefix: z.string().default(''),
  limit: z.number().int().positive().max(maxListLimit).default(100),
  offset: z.number().int().min(0).default(0),
  search: z.string().default(''),
  sortBy: z
    .object({
      column: z.enum(['name', 'updated_at', 'created_at', 'last_accessed_at']).default('name'),
      order: z.enum(['asc', 'desc', 'ASC', 'DESC']).default('asc'),
    })
    .default({ column: 'name', order: 'asc' }),
});
const removeBody = z.object({ prefixes: z.array(z.string()).min(1).max(maxBatch) });
const transferBody = z.object({
  bucketId: z.string(),
  sourceKey: z.string(),
  destinationKey: z.string(),
  destinationBucket: z.string().optional(),
  copyMetadata: z.boolean().optional(),
  metadata: z.record(z.string(), z.unknown()).optional(),
});

export function registerObjectRoutes(app: Hono, deps: StorageDeps): void {
  const { ctx, store } = deps;
  const secret = ctx.config.jwtSecret;

  const requireBucket = async (id: string): Promise<db.BucketRow> => {
    const bucket = await db.findBucket(ctx.pool, id);
    if (!bucket) throw errors.noSuchBucket();
    return bucket;
  };

  // --- signed URLs (registered before /object/:bucket/* so "sign" is not read as a bucket)
  app.post('/object/sign/:bucket/:name{[^]+}', async (c) => {
    const caller = await callerOf(c, ctx.config);
    const { bucket, name } = objectParams(c);
    const { expiresIn } = await jsonBody(c, signBody);
    assertSignedUrlLifetime(expiresIn);
    await requireBucket(bucket);
    const object = await asCaller(ctx.pool, caller, (client) => db.findObject(client, bucket, name));
    if (!object) throw errors.noSuchKey();
    const token = await signDownloadToken(bucket, name, expiresIn, caller.claims, secret);
    return c.json({ signedURL: `/object/sign/${bucket}/${name}?token=${token}` });
  });

  app.post('/object/sign/:bucket', async (c) => {
    const caller = await callerOf(c, ctx.config);
    const bucket = assertBucketId(c.req.param('bucket'));
    const { expiresIn, paths } = await jsonBody(c, signManyBody);
    assertSignedUrlLifetime(expiresIn);
    await requireBucket(bucket);
    const valid = paths.filter(isSafeObjectName);
    const visible = await asCaller(ctx.pool, caller, (client) => db.findObjects(client, bucket, valid));
    const found = new Set(visible.map((o) => o.name));
    const results = await Promise.all(
      paths.map(async (path) =>
        found.has(path)
          ? { error: null, path, signedURL: `/object/sign/${bucket}/${path}?token=${await signDownloadToken(bucket, path, expiresIn, caller.claims, secret)}` }
          : { error: 'Either the object does not exist or you do not have access to it', path, signedURL: null },
      ),
    );
    return c.json(results);
  });

  app.get('/object/sign/:bucket/:name{[^]+}', async (c) => {
    const { bucket, name } = objectParams(c);
    const token = c.req.query('token');
    if (!token) throw errors.invalidRequest('querystring must have required property \'token\'');
    const signer = await verifyDownloadToken(token, bucket, name, secret);
    await requireBucket(bucket);
    // Not the token alone: the signer must still be allowed to read the object (RLS, now).
    const asSigner = { claims: signer, method: c.req.method, path: new URL(c.req.url).pathname };
    const object = await asCaller(ctx.pool, asSigner, (client) => db.findObject(client, bucket, name));
    if (!object) throw errors.noSuchKey();
    return serveObject(c, store, object);
  });

  // --- signed upload URLs: permission is checked (dry-run as the caller) when signing;
  // the URL then lets anyone holding it upload that one object within two hours.
  app.post('/object/upload/sign/:bucket/:name{[^]+}', async (c) => {
    const caller = await callerOf(c, ctx.config);
    const { bucket, name } = objectParams(c);
    const upsert = c.req.header('x-upsert') === 'true';
    await requireBucket(bucket);
    const probe: db.NewObject = {
      bucket,
      name,
      ...ownerOf(caller.claims),
      version: randomUUID(),
      metadata: { eTag: '', size: 0, mimetype: '', cacheControl: '', lastModified: '', contentLength: 0, httpStatusCode: 200 },
      user_metadata: null,
    };
    await dryRunAsCaller(ctx.pool, caller, (client) => db.insertObject(client, probe, upsert));
    const token = await signUploadToken(bucket, name, { owner: probe.owner_id, upsert }, secret);
    return c.json({ url: `/object/upload/sign/${bucket}/${name}?token=${token}`, token });
  });

  app.put('/object/upload/sign/:bucket/:name{[^]+}', async (c) => {
    const { bucket, name } = objectParams(c);
    const token = c.req.query('token');
    if (!token) throw errors.invalidRequest("querystring must have required property 'token'");
    const granted = await verifyUploadToken(token, bucket, name, secret);
    await deps.ready;
    const input = await readUploadBody(c.req.raw);
    const caller = { claims: { role: 'service_role' }, method: c.req.method, path: new URL(c.req.url).pathname };
    const owner = granted.owner !== null ? ownerOf({ sub: granted.owner }) : { owner: null, owner_id: null };
    return c.json(await uploadObject(ctx, store, caller, bucket, name, input, granted.upsert, owner));
  });

  // --- public buckets: no auth at all
  app.get('/object/public/:bucket/:name{[^]+}', async (c) => {
    const { bucket, name } = objectParams(c);
    const row = await db.findBucket(ctx.pool, bucket);
    if (!row || !row.public) throw errors.noSuchBucket();
    const object = await db.findObject(ctx.pool, bucket, name);
    if (!object) throw errors.noSuchKey();
    return serveObject(c, store, object);
  });

  // --- info
  const info = async (c: Context) => {
    const caller = await callerOf(c, ctx.config);
    const { bucket, name } = objectParams(c);
    await requireBucket(bucket);
    const object = await asCaller(ctx.pool, caller, (client) => db.findObject(client, bucket, name));
    if (!object) throw errors.noSuchKey();
    return c.json({
      id: object.id,
      name: object.name,
      version: object.version,
      bucket_id: object.bucket_id,
      size: object.metadata?.size ?? null,
      content_type: object.metadata?.mimetype ?? null,
      cache_control: object.metadata?.cacheControl ?? null,
      etag: object.metadata?.eTag ?? null,
      metadata: object.user_metadata ?? {},
      last_modified: object.updated_at,
      created_at: object.created_at,
    });
  };
  app.get('/object/info/authenticated/:bucket/:name{[^]+}', info);
  app.get('/object/info/public/:bucket/:name{[^]+}', info);
  app.get('/object/info/:bucket/:name{[^]+}', info);

  // --- list one folder level
  app.post('/object/list/:bucket', async (c) => {
    const caller = await callerOf(c, ctx.config);
    const bucket = assertBucketId(c.req.param('bucket'));
    const body = await jsonBody(c, listBody);
    const prefix = assertPrefix(body.prefix);
    await requireBucket(bucket);
    const entries = await asCaller(ctx.pool, caller, (client) =>
      db.searchObjects(client, {
        prefix,
        bucket,
        limit: body.limit,
        offset: body.offset,
        search: body.search,
        sortColumn: body.sortBy.column,
        sortOrder: body.sortBy.order.toLowerCase(),
      }),
    );
    return c.json(entries);
  });

  // --- move and copy
  app.post('/object/move', async (c) => {
    const caller = await callerOf(c, ctx.config);
    await deps.ready;
    const body = await jsonBody(c, transferBody);
    const from = { bucket: assertBucketId(body.bucketId), name: assertObjectName(body.sourceKey) };
    const to = {
      bucket: assertBucketId(body.destinationBucket ?? body.bucketId),
      name: assertObjectName(body.destinationKey),
      version: randomUUID(),
    };
    await requireBucket(from.bucket);
    const toRow = await requireBucket(to.bucket);
    let linked = false;
    let previous: string | null = null;
    try {
      await asCaller(ctx.pool, caller, async (client) => {
        const source = await db.findObject(client, from.bucket, from.name);
        if (!source || !source.version) throw errors.noSuchKey();
        if (to.bucket !== from.bucket && source.metadata) assertFitsBucket(source.metadata, toRow);
        previous = source.version;
        // UPDATE under RLS: the old row must pass USING, the renamed row WITH CHECK.
        if (!(await db.renameObject(client, from, to))) throw errors.noSuchKey();
        await store.duplicate({ ...from, version: source.version }, to);
        linked = true;
      });
    } catch (err) {
      if (linked) await store.remove(to.bucket, to.name, to.version).catch(() => undefined);
      throw err;
    } finally {
      await store.settle(to.version);
    }
    if (previous) await store.remove(from.bucket, from.name, previous).catch(() => undefined);
    return c.json({ message: 'Successfully moved' });
  });

  app.post('/object/copy', async (c) => {
    const caller = await callerOf(c, ctx.config);
    await deps.ready;
    const body = await jsonBody(c, transferBody);
    const upsert = c.req.header('x-upsert') === 'true';
    const from = { bucket: assertBucketId(body.bucketId), name: assertObjectName(body.sourceKey) };
    const toBucket = assertBucketId(body.destinationBucket ?? body.bucketId);
    const toName = assertObjectName(body.destinationKey);
    await requireBucket(from.bucket);
    const toRow = await requireBucket(toBucket);
    const source = await asCaller(ctx.pool, caller, (client) => db.findObject(client, from.bucket, from.name));
    if (!source || !source.version || !source.metadata) throw errors.noSuchKey();
    if (toBucket !== from.bucket) assertFitsBucket(source.metadata, toRow);
    const object: db.NewObject = {
      bucket: toBucket,
      name: toName,
      ...ownerOf(caller.claims),
      version: randomUUID(),
      metadata: { ...source.metadata, lastModified: new Date().toUTCString() },
      user_metadata: body.copyMetadata === false ? (body.metadata ?? null) : source.user_metadata,
    };
    // The caller must be allowed to create the destination, checked before bytes move.
    await dryRunAsCaller(ctx.pool, caller, (client) => db.insertObject(client, object, upsert));
    await store.duplicate({ ...from, version: source.version }, object);
    const id = await finalizeObject(ctx, store, null, object, upsert);
    return c.json({ Id: id, Key: `${toBucket}/${toName}`, name: toName, bucket_id: toBucket });
  });

  // --- remove many
  app.delete('/object/:bucket', async (c) => {
    const caller = await callerOf(c, ctx.config);
    const bucket = assertBucketId(c.req.param('bucket'));
    const { prefixes } = await jsonBody(c, removeBody);
    await requireBucket(bucket);
    const names = prefixes.filter(isSafeObjectName);
    const deleted = await asCaller(ctx.pool, caller, (client) => db.deleteObjects(client, bucket, names));
    await removeFiles(deps, deleted);
    return c.json(deleted);
  });

  // --- one object: upload, overwrite, download, delete
  const upload = (upsertFromHeader: boolean) => async (c: Context) => {
    const caller = await callerOf(c, ctx.config);
    const { bucket, name } = objectParams(c);
    await deps.ready;
    const input = await readUploadBody(c.req.raw);
    const upsert = upsertFromHeader ? c.req.header('x-upsert') === 'true' : true;
    return c.json(await uploadObject(ctx, store, caller, bucket, name, input, upsert));
  };
  app.post('/object/:bucket/:name{[^]+}', upload(true));
  app.put('/object/:bucket/:name{[^]+}', upload(false));

  const download = async (c: Context) => {
    const caller = await callerOf(c, ctx.config);
    const { bucket, name } = objectParams(c);
    await requireBucket(bucket);
    const object = await asCaller(ctx.pool, caller, (client) => db.findObject(client, bucket, name));
    if (!object) throw errors.noSuchKey();
    return serveObject(c, store, object);
  };
  app.on(['GET', 'HEAD'], '/object/authenticated/:bucket/:name{[^]+}', download);
  app.on(['GET', 'HEAD'], '/object/:bucket/:name{[^]+}', download);

  app.delete('/object/:bucket/:name{[^]+}', async (c) => {
    const caller = await callerOf(c, ctx.config);
    const { bucket, name } = objectParams(c);
    await requireBucket(bucket);
    const deleted = await asCaller(ctx.pool, caller, (client) => db.deleteObjects(client, bucket, [name]));
    if (deleted.length === 0) throw errors.noSuchKey();
    await removeFiles(deps, deleted);
    return c.json({ message: 'Successfully deleted' });
  });
}

export async function removeFiles(deps: StorageDeps, rows: db.ObjectRow[]): Promise<void> {
  for (const row of rows) {
    if (!row.version) continue;
    await deps.store.remove(row.bucket_id, row.name, row.version).catch((err) => {
      deps.ctx.log.error('storage', `could not remove file of ${row.bucket_id}/${row.name}`, err);
    });
  }
}
